import type { StoreDialect } from '../dialect.js';
import { type EmployeePayslipWireV1, gbPayslipFiguresV1 } from '../gb-payslip-figures.js';
import type { MigrationDb } from './column-types.js';

/**
 * GB payslips stored as figures (issue 13 point 2): the store's own versioned figures document
 * (gb-payslip-figures.ts) replaces the API's payslip JSON (`detail_json`), so renaming an API field no longer
 * changes stored data. Every existing payslip is converted in place, in batches, inside the migration's
 * transaction; then `detail_json` goes.
 */
/** The figures version this migration writes (later migrations convert it further). */
const VERSION = 1;

export async function up(db: MigrationDb, _dialect: StoreDialect): Promise<void> {
  await db.schema.alterTable('gb_payslips').addColumn('figures_json', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('gb_payslips').addColumn('figures_version', 'integer', (c) => c.notNull().defaultTo(VERSION)).execute();
  let after = '';
  for (;;) {
    const rows = (await db.selectFrom('gb_payslips').select(['id', 'detail_json']).where('id', '>', after).orderBy('id').limit(500).execute()) as { id: string; detail_json: string }[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const figures = gbPayslipFiguresV1(JSON.parse(row.detail_json) as EmployeePayslipWireV1);
      await db.updateTable('gb_payslips').set({ figures_json: JSON.stringify(figures), figures_version: VERSION }).where('id', '=', row.id).execute();
    }
    after = (rows[rows.length - 1] as { id: string }).id;
  }
  await db.schema.alterTable('gb_payslips').dropColumn('detail_json').execute();
}
