import { sql } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

/**
 * PostgreSQL compresses the large JSON text columns with LZ4 instead of its default pglz (decision PGRUN-1, issue 19).
 * A payslip's figures_json (about 5.5 KB) takes the row past PostgreSQL's 2 KB TOAST threshold, so the server
 * compresses it on every insert. With pglz, inserting a 10,000-employee run's payslips took about 0.6 s of server
 * CPU. With LZ4 it took about 0.25 s. The value read back is the same text.
 *
 * Only new values change. Rows already stored stay pglz and read as before. A server without LZ4 keeps pglz:
 * PostgreSQL before 14 has no column compression, and a server built without lz4 lists no `lz4` among
 * `default_toast_compression`'s values. SQLite compresses nothing, so this is a no-op there.
 */
export const LZ4_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  gb_payslips: ['figures_json', 'ytd_json', 'auto_enrolment_json', 'contribution_json'],
  gb_ytd: ['figures_json'],
  gb_payroll_runs: ['totals_json', 'warnings_json'],
  de_payslips: ['figures_json', 'record_json'],
  de_payroll_runs: ['totals_json', 'warnings_json'],
  documents: ['render_json'],
  audit_events: ['before_json', 'after_json', 'detail_json'],
};

/** True when the server compresses TOAST values with LZ4 when asked (PostgreSQL 14+, built with lz4). */
export async function serverHasLz4(db: MigrationDb): Promise<boolean> {
  // Before PostgreSQL 14 the setting does not exist: no row, so false.
  const { rows } = await sql<{ lz4: boolean }>`select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`.execute(db);
  return rows[0]?.lz4 === true;
}

export async function up(db: MigrationDb, dialect: StoreDialect): Promise<void> {
  if (dialect !== 'postgres' || !(await serverHasLz4(db))) return;
  for (const [table, columns] of Object.entries(LZ4_COLUMNS)) {
    // One ALTER per table: this only changes the catalogue, and rewrites no stored row.
    const actions = sql.join(columns.map((column) => sql`alter column ${sql.ref(column)} set compression lz4`));
    await sql`alter table ${sql.table(table)} ${actions}`.execute(db);
  }
}
