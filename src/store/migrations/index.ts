import { type Kysely, sql } from 'kysely';
import { isDomainError } from '../../domain/errors.js';
import type { StoreDialect } from '../dialect.js';
import type { DialectMigration } from './migrator.js';

/**
 * Every migration, in order. Names sort alphabetically: keep the numeric prefix. Each is loaded only when the
 * migrator runs (issue 19 "instant start"): an up-to-date store, every CLI call but the first, reads one table
 * and compiles no migration.
 */
const migrations: Record<string, () => Promise<DialectMigration>> = {
  '0001-foundation': () => import('./0001-foundation.js'),
  '0002-gb-pensions-runs': () => import('./0002-gb-pensions-runs.js'),
  '0003-pay-calendars-documents': () => import('./0003-pay-calendars-documents.js'),
  '0004-gb-payslip-figures': () => import('./0004-gb-payslip-figures.js'),
  '0005-de-payroll-runs': () => import('./0005-de-payroll-runs.js'),
  '0006-gb-absences': () => import('./0006-gb-absences.js'),
  '0007-payment-outputs': () => import('./0007-payment-outputs.js'),
  '0008-gb-employer-rti': () => import('./0008-gb-employer-rti.js'),
  '0009-gb-year': () => import('./0009-gb-year.js'),
  '0010-audit-trail': () => import('./0010-audit-trail.js'),
  '0011-document-render': () => import('./0011-document-render.js'),
  '0012-lz4-compression': () => import('./0012-lz4-compression.js'),
  '0013-employee-pages': () => import('./0013-employee-pages.js'),
};

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * True when the store has run exactly this build's migrations: every open (each CLI call) then
 * skips the migrator's lock (SQLite write lock, Postgres advisory lock) and reads no further.
 */
async function upToDate(db: AnyDb, schema: string | null): Promise<boolean> {
  try {
    const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    const known = Object.keys(migrations);
    return rows.length === known.length && rows.every((r) => known.includes(r.name));
  } catch (error) {
    if (isDomainError(error)) throw error; // unreachable or locked: report it, do not try to migrate
    return false; // no bookkeeping table yet: a fresh store
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: AnyDb, dialect: StoreDialect, schema: string | null = null): Promise<void> {
  if (await upToDate(db, schema)) return;
  const { migratorFor, run } = await import('./migrator.js');
  await run(migratorFor(db, dialect, schema, migrations), (m) => m.migrateToLatest());
}

/**
 * Applies pending migrations up to and including `name` (tests load data written at an older
 * schema, then migrate the rest of the way and check nothing was lost).
 */
export async function migrateTo(db: AnyDb, dialect: StoreDialect, schema: string | null, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`unknown migration "${name}" (known: ${Object.keys(migrations).join(', ')})`);
  const { migratorFor, run } = await import('./migrator.js');
  await run(migratorFor(db, dialect, schema, migrations), (m) => m.migrateTo(name));
}

/** Migration names in the order they apply. */
export function migrationNames(): string[] {
  return Object.keys(migrations).sort();
}
