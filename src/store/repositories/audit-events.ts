/**
 * The audit trail (migration 0010): append and read, nothing else. There is deliberately no update or delete
 * here (decision AU2): the table is append-only, and the database's triggers refuse both anyway.
 */
import type { Db } from '../db.js';
import { type KeysetRequest, type KeysetRows, readKeysetPage } from '../paging.js';
import type { AuditEventTable } from '../schema.js';

export async function insertAuditEvent(db: Db, row: AuditEventTable): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

export interface AuditFilter {
  resourceType: string | null;
  /** ISO instant: events at or after it (ISO strings in UTC compare as text). */
  since: string | null;
}

/** One organization's events in write order (UUIDv7 ids), optionally of one resource type and since an instant. */
export async function listAuditEventsPage(db: Db, orgId: string, filter: AuditFilter, request: KeysetRequest): Promise<KeysetRows<AuditEventTable>> {
  return readKeysetPage<AuditEventTable>(
    () => {
      let q = db.selectFrom('audit_events').selectAll().where('org_id', '=', orgId);
      if (filter.resourceType !== null) q = q.where('resource_type', '=', filter.resourceType);
      if (filter.since !== null) q = q.where('occurred_at', '>=', filter.since);
      return q;
    },
    'id',
    request,
  );
}
