import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

/**
 * Payslips, payment files and the journal (issue 15): the organization's accounting settings (account mapping, DATEV numbers) as a JSON block (its GB Bacs settings, service user number and originating account, join the `gb` block of
 * migration 0008); a UK sort
 * code on bank accounts beside the account number; and the run a generated document came from (payslip PDFs of
 * an approved run, its payment files), so they can be found again by run.
 */
export async function up(db: MigrationDb, _dialect: StoreDialect): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('accounting_json', 'text').execute();
  await db.schema.alterTable('bank_accounts').addColumn('sort_code', 'text').execute();
  await db.schema.alterTable('documents').addColumn('source_run_id', 'text').execute();
  await db.schema.createIndex('documents_source_run').on('documents').columns(['org_id', 'source_run_id']).execute();
}
