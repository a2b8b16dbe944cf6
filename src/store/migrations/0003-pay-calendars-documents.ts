import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

/**
 * Pay calendars and documents (issue 2): the anchor every period of a calendar is counted from
 * (domain/pay-periods.ts), one calendar name per organization, and an index for the organization-wide
 * document list (document type filter).
 */
export async function up(db: MigrationDb, _dialect: StoreDialect): Promise<void> {
  // Nullable at the column level so the ALTER works on tables that already hold rows; the contract requires it.
  await db.schema.alterTable('pay_calendars').addColumn('first_period_start', 'text').execute();
  await db.schema.createIndex('pay_calendars_org_name').on('pay_calendars').columns(['org_id', 'name']).unique().execute();
  await db.schema.createIndex('documents_org_type').on('documents').columns(['org_id', 'document_type', 'status']).execute();
}
