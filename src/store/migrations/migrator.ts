import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';
import { DomainError, isDomainError } from '../../domain/errors.js';
import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';

/**
 * Kysely's Migrator and what drives it, loaded by index.ts only when a store is behind this build's migrations
 * (issue 19 "instant start", decision ZOD-5): every other open of a store compiles none of it.
 */

export interface DialectMigration {
  up(db: MigrationDb, dialect: StoreDialect): Promise<void>;
}

/** In-code provider: migrations ship inside the build, so `payroll` needs no migration folder at run time. */
class InCodeMigrationProvider implements MigrationProvider {
  constructor(
    private readonly dialect: StoreDialect,
    private readonly migrations: Record<string, () => Promise<DialectMigration>>,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const result: Record<string, Migration> = {};
    const loaded = await Promise.all(Object.entries(this.migrations).map(async ([name, load]) => [name, await load()] as const));
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

export function migratorFor(db: AnyDb, dialect: StoreDialect, schema: string | null, migrations: Record<string, () => Promise<DialectMigration>>): Migrator {
  // The migration bookkeeping lives in the store's own schema: Kysely otherwise finds another schema's tables.
  return new Migrator({ db, provider: new InCodeMigrationProvider(dialect, migrations), ...(schema ? { migrationTableSchema: schema } : {}) });
}

export async function run(migrator: Migrator, step: (m: Migrator) => Promise<MigrationResultSet>): Promise<void> {
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
