import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import type { MigrationDb } from './column-types.js';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-gb-pensions-runs.js';
import * as m0003 from './0003-pay-calendars-documents.js';

interface DialectMigration {
  up(db: MigrationDb, dialect: StoreDialect): Promise<void>;
}

/** Every migration, in order. Names sort alphabetically: keep the numeric prefix. */
const migrations: Record<string, DialectMigration> = {
  '0001-foundation': m0001,
  '0002-gb-pensions-runs': m0002,
  '0003-pay-calendars-documents': m0003,
};

/** In-code provider: migrations ship inside the build, so `payroll` needs no migration folder at run time. */
class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: StoreDialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const result: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(migrations)) {
      result[name] = { up: (db) => migration.up(db, this.dialect) };
    }
    return result;
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>, dialect: StoreDialect, schema: string | null = null): Promise<void> { // eslint-disable-line @typescript-eslint/no-explicit-any
  // The migration bookkeeping lives in the store's own schema: Kysely otherwise finds another schema's tables.
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
