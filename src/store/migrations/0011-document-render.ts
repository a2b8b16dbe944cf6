import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

/**
 * Payslip documents whose bytes are made when first read (decision RENDER1, issue 19): approving a run records
 * each payslip document with what its rendering needs beyond the immutable approved payslip (the employee's and
 * employer's facts as they stood at approval) in `render_json`; the first read renders the PDF, stores it and sets
 * `file_size_bytes` and `sha256`, clearing `render_json`. A document with `render_json` set has no file yet.
 */
export async function up(db: MigrationDb, _dialect: StoreDialect): Promise<void> {
  await db.schema.alterTable('documents').addColumn('render_json', 'text').execute();
}
