import { z } from 'zod';
import type { RouteSpec } from '../service/contracts/routes.js';
import { errorBody, healthBody, paginationErrorBody, validationErrorBody } from './error-schemas.js';
import { MAX_FRACTION_DIGITS, MAX_INTEGER_DIGITS } from '../service/contracts/common.js';
import { MAX_EMPLOYEES, READ_SCOPE_MAX_EMPLOYEES } from '../service/contracts/germany-payroll.js';
import { MAX_JSON_DEPTH } from './args.js';

/**
 * GET /openapi.json: OpenAPI 3.1 generated from the route table and its zod schemas
 * (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Named schemas (`.meta({id})`)
 * become components; spec endpoints carry `x-spec-endpoint: <number>`, our additions `x-extension: true`.
 */
export interface OpenApiInfo {
  title: string;
  version: string;
  apiVersion: string;
  serverUrl?: string;
  /** `{auth_url}/oauth/token` (spec Authentication §3). */
  tokenUrl: string;
}

type Json = Record<string, unknown>;

class Components {
  readonly schemas: Record<string, Json> = {};

  /** Converts one schema, moving its $defs into components (renaming when an input and an output form differ). */
  add(schema: z.ZodType, io: 'input' | 'output'): Json {
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
    const defs = (converted.$defs ?? {}) as Record<string, Json>;
    delete converted.$defs;
    delete converted.$schema;
    const rename = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) {
      let target = name;
      const text = JSON.stringify(def);
      if (this.schemas[target] && JSON.stringify(this.schemas[target]) !== text) target = `${name}${io === 'input' ? 'Input' : 'Output'}`;
      rename.set(name, target);
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        const out: Json = {};
        for (const [key, inner] of Object.entries(value as Json)) {
          out[key] = key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/') ? `#/components/schemas/${rename.get(inner.slice(8)) ?? inner.slice(8)}` : rewrite(inner);
        }
        return out;
      }
      return value;
    };
    for (const [name, def] of Object.entries(defs)) this.schemas[rename.get(name) as string] = rewrite(def) as Json;
    return rewrite(converted) as Json;
  }
}

const PARAM_PATTERN = /\{([^}]+)\}/g;

/** Query parameters: from `route.query` when given, else the pagination guide's names for list envelopes. */
function queryParameters(route: RouteSpec, components: Components, response: Json | null): Json[] {
  if (!route.args.some((a) => a.from === 'query')) return [];
  if (route.query) {
    const schema = components.add(route.query, 'input');
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    const required = new Set((schema.required ?? []) as string[]);
    return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
  }
  const props = (response?.properties ?? {}) as Json;
  const int = (min: number, max?: number) => ({ type: 'integer', minimum: min, ...(max ? { maximum: max } : {}) });
  const text = { type: 'string' };
  const sortOrder = { name: 'sort_order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } };
  const size = { name: 'size', in: 'query', description: 'page size (spec Limits: 1 to 100)', schema: { ...int(1, 100), default: 10 } };
  if ('pagination' in props) return [size, { name: 'cursor', in: 'query', schema: text }, sortOrder];
  if ('meta' in props) {
    return [{ name: 'page', in: 'query', schema: { ...int(1), default: 1 } }, size, { name: 'sort_by', in: 'query', schema: text }, sortOrder, { name: 'search', in: 'query', schema: text }, { name: 'search_fields', in: 'query', schema: text, description: 'comma separated' }, { name: 'include', in: 'query', schema: text, description: 'comma separated' }];
  }
  return [{ name: 'query', in: 'query', style: 'form', explode: true, description: 'options of this operation as query parameters', schema: { type: 'object', additionalProperties: true } }];
}

const errorResponses = (components: Components) => {
  const ref = (schema: z.ZodType) => ({ 'application/json': { schema: components.add(schema, 'output') } });
  return {
    '400': { description: 'pagination parameter error (spec Errors §3)', content: ref(paginationErrorBody) },
    '401': { description: 'no, expired or invalid bearer token (WWW-Authenticate: Bearer)', content: ref(errorBody) },
    '403': { description: 'the token lacks the scope this operation needs', content: ref(errorBody) },
    '404': { description: 'not found, or another organization’s data', content: ref(errorBody) },
    '409': { description: 'conflict: duplicate or invalid state transition', content: ref(errorBody) },
    '413': { description: 'request body too large: JSON bodies over 1 MiB, uploads over 21 MiB (REQUEST.TOO_LARGE)', content: ref(validationErrorBody) },
    '422': { description: `validation error (spec Errors §1); also a JSON body nested more than ${MAX_JSON_DEPTH} levels deep (REQUEST.JSON_TOO_DEEP), a decimal with more than ${MAX_INTEGER_DIGITS} digits before the point`, content: ref(validationErrorBody) },
    '429': {
      description: 'too many requests from this client (REQUEST.RATE_LIMITED), only when the operator set a limit (payroll serve --rate-limit): counted per token subject, per IP address without a valid token',
      headers: { 'Retry-After': { description: 'seconds until the next request is taken (RFC 9110 §10.2.3)', schema: { type: 'integer', minimum: 1 } } },
      content: ref(errorBody),
    },
    '503': { description: 'the service or its identity provider is unavailable', content: ref(errorBody) },
  };
};

export function buildOpenApi(table: Record<string, RouteSpec>, info: OpenApiInfo): Json {
  const components = new Components();
  const paths: Record<string, Record<string, Json>> = {};
  for (const [operationId, route] of Object.entries(table)) {
    const response = route.response ? components.add(route.response, 'output') : null;
    const parameters: Json[] = [];
    for (const match of route.path.matchAll(PARAM_PATTERN)) parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
    for (const arg of route.args) {
      if (arg.from === 'header-options') parameters.push({ name: arg.header, in: 'header', required: false, schema: { type: 'boolean', default: false } });
    }
    parameters.push(...queryParameters(route, components, response));
    const operation: Json = {
      operationId,
      summary: route.summary,
      tags: [route.path.split('/')[1] === 'gb' || route.path.split('/')[1] === 'germany' ? route.path.split('/')[1] : (route.path.split('/').filter((s) => s && !s.startsWith('{')).at(-1) ?? 'default')],
      ...(route.specEndpoint === null ? { 'x-extension': true } : { 'x-spec-endpoint': route.specEndpoint }),
      parameters,
      security: [{ bearer: [] }, { oauth2: [route.scope] }],
      'x-required-scope': route.scope,
      responses: {
        [String(route.status)]:
          route.status === 204
            ? { description: 'done' }
            : route.binaryResponse
              ? { description: 'the content', content: { 'application/octet-stream': {} } }
              : { description: 'success', ...(response ? { content: { 'application/json': { schema: response } } } : {}) },
        ...errorResponses(components),
      },
    };
    if (route.args.some((a) => a.from === 'raw')) operation.requestBody = { required: true, content: { 'application/octet-stream': {} } };
    else if (route.args.some((a) => a.from === 'body')) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: route.request ? components.add(route.request, 'input') : {} } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  paths['/health'] = { get: { operationId: 'health', summary: 'Liveness: the process answers and its store is open', security: [], 'x-extension': true, responses: { '200': { description: 'ok', content: { 'application/json': { schema: components.add(healthBody, 'output') } } } } } };
  paths['/openapi.json'] = { get: { operationId: 'openapi', summary: 'This document', security: [], 'x-extension': true, responses: { '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': {} } } } } };
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, 'x-api-version': info.apiVersion, description: `Every request needs HTTPS and an OAuth 2 bearer token (client credentials; audience = this base URL). Paths are unversioned; the API-Version response header names the contract version (docs/decisions.md H6). Limits: JSON bodies at most 1 MiB and ${MAX_JSON_DEPTH} levels deep; every decimal at most ${MAX_INTEGER_DIGITS} digits before the point and ${MAX_FRACTION_DIGITS} after; POST /germany/payroll at most ${MAX_EMPLOYEES} employees, ${READ_SCOPE_MAX_EMPLOYEES} for a caller with only payroll:read.` },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    security: [{ bearer: [] }, { oauth2: [] }],
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: info.tokenUrl, scopes: { 'payroll:read': 'read every resource of the organizations the token names', 'payroll:write': 'create and change them (implies payroll:read)', 'payroll:audit': 'read the audit trail of the organizations the token names (implied by no other scope)' } } },
        },
      },
    },
  };
}
