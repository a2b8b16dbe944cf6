import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';
import { DomainError, isDomainError } from '../../domain/errors.js';
import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

interface DialectMigration {
  up(db: MigrationDb, dialect: StoreDialect): Promise<void>;
}

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
};

/** In-code provider: migrations ship inside the build, so `payroll` needs no migration folder at run time. */
class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: StoreDialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const result: Record<string, Migration> = {};
    const loaded = await Promise.all(Object.entries(migrations).map(async ([name, load]) => [name, await load()] as const));
    for (const [name, migration] of loaded) {
      result[name] = {
        up: async (db) => {
          // A migration may rebuild an index over a large table: the per-statement timeout of normal
          // work does not apply inside it (set local: only this migration's transaction).
          if (this.dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(db);
          await migration.up(db, this.dialect);
        },
      };
    }
    return result;
  }
}

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function migratorFor(db: AnyDb, dialect: StoreDialect, schema: string | null): Migrator {
  // The migration bookkeeping lives in the store's own schema: Kysely otherwise finds another schema's tables.
  return new Migrator({ db, provider: new InCodeMigrationProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
}

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

async function run(migrator: Migrator, step: (m: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const { error, results } = await step(migrator);
  if (!error) return;
  if (isDomainError(error)) throw error; // the database is unavailable: exit 7 / 503, not a migration bug
  const message = error instanceof Error ? error.message : String(error);
  const missing = /previously executed migration (\S+) is missing/.exec(message);
  if (missing) {
    throw new DomainError('unavailable', 'STORE.NEWER_SCHEMA', `this database was migrated by a newer payroll (migration ${missing[1]} is unknown to this build); upgrade payroll before using it`);
  }
  const failed = results?.find((r) => r.status === 'Error');
  throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${message}`);
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: AnyDb, dialect: StoreDialect, schema: string | null = null): Promise<void> {
  if (await upToDate(db, schema)) return;
  await run(migratorFor(db, dialect, schema), (m) => m.migrateToLatest());
}

/**
 * Applies pending migrations up to and including `name` (tests load data written at an older
 * schema, then migrate the rest of the way and check nothing was lost).
 */
export async function migrateTo(db: AnyDb, dialect: StoreDialect, schema: string | null, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`unknown migration "${name}" (known: ${Object.keys(migrations).join(', ')})`);
  await run(migratorFor(db, dialect, schema), (m) => m.migrateTo(name));
}

/** Migration names in the order they apply. */
export function migrationNames(): string[] {
  return Object.keys(migrations).sort();
}
