import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

/**
 * The employee list's pages in id order walk this index (issue 19, decision SQLRUN-4): with only (org_id) and
 * (org_id, payroll_number), every page read all of the organization's employees and sorted them, so a pass over
 * 50,000 employees a page of 100 at a time (`payroll run-gb`'s plausibility check) took 42 s.
 */
export async function up(db: MigrationDb, _dialect: StoreDialect): Promise<void> {
  await db.schema.createIndex('employees_org_id').on('employees').columns(['org_id', 'id']).execute();
}
