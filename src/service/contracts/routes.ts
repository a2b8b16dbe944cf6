import type { z } from 'zod';
import type { PayrollService } from '../ports.js';
import { organizationInput, organizationPatch, organizationResponse } from './organization.js';
import { cursorEnvelope } from './pagination.js';
import { exportDocument, importReport } from './transfer.js';

/**
 * The HTTP face of every use case, declared once: the server mounts these routes, the remote
 * client calls them, the OpenAPI document is generated from them. The mapped type below makes the
 * build fail when a PayrollService method has no route, so local and remote can never drift apart.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How one argument of the service method travels over HTTP. */
export type RouteArg =
  | { from: 'path'; name: string }
  | { from: 'query' }
  | { from: 'body' }
  /** raw request bytes (document upload) */
  | { from: 'raw' }
  /** an options object whose boolean field comes from a header, e.g. X-Include-Execution-History */
  | { from: 'header-options'; header: string; option: string };

export interface RouteSpec {
  method: HttpMethod;
  /** Path relative to the base URL, with {placeholders}. */
  path: string;
  args: RouteArg[];
  /** Success status (201 on create; the bulk contact endpoint always 200). */
  status: 200 | 201 | 204;
  /** The spec's endpoint number, or null for a documented extension endpoint. */
  specEndpoint: number | null;
  summary: string;
  request?: z.ZodType;
  response?: z.ZodType;
  /** Responds with bytes instead of JSON (document content). */
  binaryResponse?: boolean;
  /** Scope the route needs: reads need payroll:read, writes payroll:write. */
  scope: 'payroll:read' | 'payroll:write';
}

export type ServiceMethod = Exclude<keyof PayrollService, 'target' | 'close'>;

export const routes: { [K in ServiceMethod]: RouteSpec } = {
  createOrganization: {
    method: 'POST', path: '/organizations', args: [{ from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write',
    summary: 'Create an organization with its worksites, contacts, bank accounts, tax and insurance data',
    request: organizationInput, response: organizationResponse,
  },
  getOrganization: {
    method: 'GET', path: '/organizations/{organization_id}', args: [{ from: 'path', name: 'organization_id' }], status: 200, specEndpoint: null, scope: 'payroll:read',
    summary: 'Read an organization and everything it holds', response: organizationResponse,
  },
  listOrganizations: {
    method: 'GET', path: '/organizations', args: [{ from: 'query' }], status: 200, specEndpoint: 12, scope: 'payroll:read',
    summary: 'List organizations (cursor pages; query size 1–100, cursor, sort_order)', response: cursorEnvelope(organizationResponse),
  },
  updateOrganization: {
    method: 'PATCH', path: '/organizations/{organization_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 200, specEndpoint: null, scope: 'payroll:write',
    summary: 'Change an organization (optimistic concurrency through row_version)', request: organizationPatch, response: organizationResponse,
  },
  exportOrganization: {
    method: 'GET', path: '/organizations/{organization_id}/export', args: [{ from: 'path', name: 'organization_id' }], status: 200, specEndpoint: null, scope: 'payroll:read',
    summary: 'Everything an organization holds as a versioned JSON document', response: exportDocument,
  },
  importOrganization: {
    method: 'POST', path: '/organizations/import', args: [{ from: 'body' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:write',
    summary: 'Read an export back (idempotent; ?dry_run=true reports what would change)', request: exportDocument, response: importReport,
  },
};
