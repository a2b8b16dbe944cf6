import { listAuditEventsPage } from '../../store/repositories/audit-events.js';
import type { AuditEventTable } from '../../store/schema.js';
import { type AuditEvent, auditQuery } from '../contracts/audit.js';
import { type CursorPage, parseCursorQuery } from '../contracts/pagination.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { parseJson, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { keysetRequest, toCursorPage } from '../paging.js';

export interface AuditUseCases {
  /**
   * The organization's audit trail in write order (issue 20 point 1). Needs the `payroll:audit` scope, which
   * neither payroll:read nor payroll:write implies (decision AU6). Query: size (1–100), cursor, sort_order,
   * resource_type, since (ISO 8601).
   */
  listAuditEvents(orgId: string, query: Record<string, unknown>): Promise<CursorPage<AuditEvent>>;
}

export function toAuditEvent(row: AuditEventTable): AuditEvent {
  return {
    id: row.id,
    organization_id: row.org_id,
    occurred_at: row.occurred_at,
    actor: row.actor,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    action: row.action,
    before: parseJson<Record<string, unknown>>(row.before_json),
    after: parseJson<Record<string, unknown>>(row.after_json),
    detail: parseJson<Record<string, unknown>>(row.detail_json),
  };
}

export function auditUseCases(ctx: ServiceContext): AuditUseCases {
  return {
    async listAuditEvents(orgId, query) {
      requireScope(ctx, 'payroll:audit');
      const { size: _size, cursor: _cursor, sort_order: _order, ...filters } = query;
      const parsed = parseOrThrow(auditQuery, { ...filters }, ['query']);
      const request = keysetRequest(parseCursorQuery(query));
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      // Stored instants are UTC ISO strings, which compare as text; `since` is brought to the same form.
      const since = parsed.since === undefined ? null : new Date(parsed.since.length === 10 ? `${parsed.since}T00:00:00Z` : parsed.since).toISOString();
      const page = await listAuditEventsPage(db, orgId, { resourceType: parsed.resource_type ?? null, since }, request);
      return toCursorPage(page, request, toAuditEvent);
    },
  };
}
