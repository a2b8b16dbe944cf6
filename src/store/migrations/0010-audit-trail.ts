import { sql } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

/**
 * The audit trail (issue 20 point 1): one row per write, appended in the write's own transaction
 * (service/audit.ts). Who (`actor`: the token's subject, `local:<user>` locally), when (`occurred_at`, the
 * service clock), what (organization, resource type and id, action) and, for edits, the masked record before and
 * after as JSON (`before_json`, `after_json`); `detail_json` carries counts (a run's payslips, an import's rows).
 *
 * Append-only (decision AU2): no repository updates or deletes a row, the table is in no export/import list
 * (store/org-tables.ts), and the database itself refuses UPDATE and DELETE (and TRUNCATE on PostgreSQL) with a
 * trigger, so not even a hand-written statement or a future bug can rewrite history.
 * No foreign key to organizations: an audit row outlives anything it describes and must never cascade away.
 * `id` is a UUIDv7 from the service's id port, so id order is the order the writes were made in (keyset paging).
 */
export async function up(db: MigrationDb, dialect: StoreDialect): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('detail_json', 'text')
    .execute();
  // An organization's trail in write order, optionally narrowed to one resource type.
  await db.schema.createIndex('audit_events_org').on('audit_events').columns(['org_id', 'id']).execute();
  await db.schema.createIndex('audit_events_org_resource').on('audit_events').columns(['org_id', 'resource_type', 'id']).execute();

  if (dialect === 'postgres') {
    // Created in the store's schema (every connection's search_path is the store's schema, store/database.ts).
    await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_events is append-only: % refused', tg_op using errcode = 'restrict_violation';
      end
    $$`.execute(db);
    await sql`create trigger audit_events_no_update_delete before update or delete on audit_events for each row execute function audit_events_append_only()`.execute(db);
    await sql`create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_events_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_events_no_update before update on audit_events begin select raise(abort, 'audit_events is append-only: UPDATE refused'); end`.execute(db);
    await sql`create trigger audit_events_no_delete before delete on audit_events begin select raise(abort, 'audit_events is append-only: DELETE refused'); end`.execute(db);
  }
}
