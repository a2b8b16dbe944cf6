import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { StoreDialect } from './dialect.js';
import { migrateToLatest } from './migrations/index.js';
import type { Database } from './schema.js';

export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** Postgres schema holding the tables (null on SQLite). */
  schema: string | null;
  /** What the CLI prints after a write (`→ local /path/payroll.db`); never contains a password. */
  describe: string;
  close(): Promise<void>;
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** Opens (creating on first use) the store at a file path, `:memory:`, or a postgres:// URL, and migrates it. */
export async function openStore(location: string, options: { poolSize?: number; schema?: string } = {}): Promise<Store> {
  const store = isPostgresUrl(location) ? openPostgres(location, options.poolSize ?? 10, options.schema ?? 'public') : openSqlite(location);
  try {
    await migrateToLatest(store.db, store.dialect, store.schema);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

function openSqlite(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new BetterSqlite3(path);
  // WAL lets readers run beside one writer; the busy timeout makes a second process wait instead of failing.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 10000');
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', schema: null, describe: `local ${path}`, close: () => db.destroy() };
}

function openPostgres(url: string, poolSize: number, schema: string): Store {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid Postgres schema name "${schema}"`);
  // NUMERIC comes back from pg as a string already; keep BIGINT (file sizes) as numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  // Every connection resolves unqualified table names in the store's schema (tests give each test its own).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: `-c search_path=${schema}` });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema, describe: `postgres ${redactUrl(url)}${schema === 'public' ? '' : ` (schema ${schema})`}`, close: () => db.destroy() };
}

/** postgres://user:secret@host/db → postgres://user:***@host/db */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
