import { closeSync, existsSync, mkdirSync, openSync, statfsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { DomainError } from '../domain/errors.js';
import { envInteger } from './env-integer.js';
import { unavailableError } from './availability.js';
import type { StoreDialect } from './dialect.js';
import { GuardedDialect } from './guarded-dialect.js';
import { migrateTo, migrateToLatest } from './migrations/index.js';
import type { Database } from './schema.js';
import { ImmediateSqliteDialect } from './sqlite-immediate.js';
import { sqliteAddon } from './sqlite-addon.js';
import { cachingStatements } from './statement-cache.js';

export interface Store {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** Postgres schema holding the tables (null on SQLite). */
  schema: string | null;
  /** What the CLI prints after a write (`→ local /path/payroll.db`); never contains a password. */
  describe: string;
  /** The SQLite file (null for `:memory:` and PostgreSQL): where a run's calculation threads open their readers (openSqliteSnapshot). */
  file: string | null;
  /** Ends the pool / closes the file; safe to call twice; afterwards nothing keeps the process alive. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Postgres connections at most (default PAYROLL_PG_POOL_SIZE, else 10). */
  poolSize?: number;
  /** Postgres schema holding the tables (default `public`). */
  schema?: string;
  /** Longest a single Postgres statement may run, in ms (default PAYROLL_PG_STATEMENT_TIMEOUT, else 30 000; 0 = none). */
  statementTimeoutMs?: number;
  /** Longest a write waits for another process's lock: SQLite busy timeout, Postgres connect/lock wait, in ms (default 10 000). */
  lockWaitMs?: number;
  /** Stop migrating after this migration (tests of data surviving a migration); default: all. */
  migrateTo?: string;
  /** Environment for the defaults above (tests pass their own). */
  env?: NodeJS.ProcessEnv;
  /**
   * SQLite: what may be created when the file is missing (default `folder`). `folder` creates the
   * file and any missing folders (0700), `file` only the file (its folder must exist), `never`
   * refuses a missing file (a read-only command must not leave an empty store behind).
   */
  create?: 'folder' | 'file' | 'never';
  /** SQLite: refuse (usage error) a location whose folder is missing, even for a read (default: unless `create` is `folder`). */
  requireFolder?: boolean;
  /** How the caller names the location in a refusal (default "the database"; the CLI says `--db PATH` or `PAYROLL_DATABASE`). */
  label?: string;
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

const DEFAULT_POOL_SIZE = 10;
const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
const DEFAULT_LOCK_WAIT_MS = 10_000;
/** The code of a refused store setting from the environment. */
const STORE_SETTING = 'STORE.BAD_SETTING';
/** The page size of a new SQLite store (decision SQLRUN-2): PostgreSQL's 8 kB doubled, MySQL's InnoDB default. */
export const SQLITE_PAGE_SIZE = 16_384;

/** Opens (creating on first use) the store at a file path, `:memory:`, or a postgres:// URL, and migrates it. */
export async function openStore(location: string, options: StoreOptions = {}): Promise<Store> {
  const env = options.env ?? process.env;
  const lockWaitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  const store = isPostgresUrl(location)
    ? await openPostgres(location, {
        poolSize: options.poolSize ?? envInteger(env, 'PAYROLL_PG_POOL_SIZE', 1, 1000, STORE_SETTING) ?? DEFAULT_POOL_SIZE,
        statementTimeoutMs: options.statementTimeoutMs ?? envInteger(env, 'PAYROLL_PG_STATEMENT_TIMEOUT', 0, 86_400_000, STORE_SETTING) ?? DEFAULT_STATEMENT_TIMEOUT_MS,
        // Decision PGRUN-8: 0 turns the named bulk statements off (a PgBouncer in transaction mode without
        // max_prepared_statements cannot keep them).
        namedStatements: (envInteger(env, 'PAYROLL_PG_NAMED_STATEMENTS', 0, 1, STORE_SETTING) ?? 1) === 1,
        lockWaitMs,
        schema: options.schema ?? 'public',
      })
    : openSqlite(location, lockWaitMs, options.create ?? 'folder', options.requireFolder ?? (options.create ?? 'folder') !== 'folder', options.label);
  try {
    if (options.migrateTo) await migrateTo(store.db, store.dialect, store.schema, options.migrateTo);
    else await migrateToLatest(store.db, store.dialect, store.schema);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Idempotent close: the CLI, the server's shutdown hook and a test's dispose may all call it. */
function closeOnce(db: Kysely<Database>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= db.destroy());
}

function openSqlite(path: string, lockWaitMs: number, create: 'folder' | 'file' | 'never', requireFolder: boolean, label = `the database ${path}`): Store {
  const describe = `local ${path}`;
  if (path !== ':memory:') prepareSqliteFile(path, create, requireFolder, label);
  let database: BetterSqlite3.Database;
  try {
    // `timeout` is SQLite's busy timeout, set before anything else touches the file: a second
    // process then waits for the lock (even for the WAL switch below) instead of failing.
    // `fileMustExist`: the file is created (0600) by prepareSqliteFile or not at all.
    database = new BetterSqlite3(path, { timeout: lockWaitMs, fileMustExist: path !== ':memory:', nativeBinding: sqliteAddon() });
    // Pages of SQLITE_PAGE_SIZE for a new store (decision SQLRUN-2, issue 19): SQLite writes every page of a
    // transaction to the WAL as two writes and copies it into the file at the checkpoint as a third, so a run's
    // 100,000 payslips of 4–5 kB each cost 1.5 million system calls on 4 kB pages. The setting takes effect only
    // before the first table is made: an existing store keeps the size it was made with.
    database.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
    // WAL lets readers run beside one writer.
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('synchronous = NORMAL');
    // Planner statistics (issue 19 point 2): without them SQLite took the org_id index for `org_id = ? AND id IN
    // (…)` and a 50,000-employee run slowed down fourfold. `optimize` on open (0x10002: also for tables never
    // queried yet) and on close (statement-cache.ts) runs ANALYZE where rows changed a lot since, e.g. after a run
    // wrote its payslips or an import; analysis_limit keeps each ANALYZE to a sample (https://sqlite.org/pragma.html#pragma_optimize).
    database.pragma('analysis_limit = 1000');
    database.pragma('optimize = 0x10002');
  } catch (error) {
    throw openFailure(error, path, describe);
  }
  const db = sqliteKysely(database, path, describe);
  return { db, dialect: 'sqlite', schema: null, describe, file: path === ':memory:' ? null : path, close: closeOnce(db) };
}

/** An open of the SQLite file that failed: the disk is full or the store is unavailable, naming the file. */
function openFailure(error: unknown, path: string, describe: string): unknown {
  return unavailableError(diskFullAsSuch(error, path), describe) ?? new DomainError('unavailable', 'STORE.UNAVAILABLE', `cannot open the database file (${describe}): ${(error as Error).message}`);
}

/** Kysely over an open SQLite connection: the statement cache, IMMEDIATE write transactions and the store's error translation. */
function sqliteKysely(database: BetterSqlite3.Database, path: string, describe: string): Kysely<Database> {
  const translate = (error: unknown): unknown => unavailableError(diskFullAsSuch(error, path), describe) ?? error;
  return new Kysely<Database>({ dialect: new GuardedDialect(new ImmediateSqliteDialect({ database: cachingStatements(database) }), translate) });
}

/** A read-only connection holding one read transaction: what it reads is the store as it was when it opened. */
export interface SnapshotReader {
  db: Kysely<Database>;
  /** Ends the read transaction and closes the connection. */
  end(): Promise<void>;
}

/**
 * A read-only connection to an existing SQLite store with its read transaction begun and its snapshot fixed, for a
 * run's calculation threads (service/runs/threads, decision SQLRUN-3). No migration (the writer that started the
 * threads has migrated the store and holds its write lock; a migration check here would wait for that lock), no
 * statistics refresh, and the same statement cache and error translation as the writer's connection.
 */
export async function openSqliteSnapshot(path: string, lockWaitMs = DEFAULT_LOCK_WAIT_MS): Promise<SnapshotReader> {
  const describe = `local ${path}`;
  let database: BetterSqlite3.Database;
  try {
    database = new BetterSqlite3(path, { readonly: true, timeout: lockWaitMs, fileMustExist: true, nativeBinding: sqliteAddon() });
  } catch (error) {
    throw openFailure(error, path, describe);
  }
  const db = sqliteKysely(database, path, describe);
  const close = closeOnce(db);
  try {
    await sql`begin deferred`.execute(db);
    // The first read fixes the transaction's snapshot (https://sqlite.org/isolation.html).
    await sql`select count(*) from sqlite_schema`.execute(db);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    db,
    async end() {
      try {
        await sql`rollback`.execute(db);
      } finally {
        await close();
      }
    },
  };
}

/**
 * SQLite reports most writes that hit a full disk as SQLITE_FULL, but a -shm or -wal file that cannot
 * grow comes back as a generic SQLITE_IOERR_* ("disk I/O error"). When the file's disk has next to
 * no room left, that is what happened, and the clerk is told so (availability.ts: STORE.DISK_FULL).
 */
function diskFullAsSuch(error: unknown, path: string): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (path === ':memory:' || typeof code !== 'string' || !code.startsWith('SQLITE_IOERR')) return error;
  try {
    const fs = statfsSync(dirname(path));
    if (fs.bavail * fs.bsize < 1024 * 1024) return Object.assign(new Error(`database or disk is full (${code})`), { code: 'SQLITE_FULL' });
  } catch {
    // No answer about the disk: report the I/O error as it is.
  }
  return error;
}

/**
 * The store holds NI numbers, tax ids and IBANs: a new file is created 0600 before SQLite opens it,
 * and SQLite gives its -wal and -shm files the database file's permissions (its unix VFS copies
 * them), so none of the three is readable by other users. Only the folders the caller allows are
 * created (0700): a mistyped `--db` folder is refused instead of growing a new, empty store.
 */
function prepareSqliteFile(path: string, create: 'folder' | 'file' | 'never', requireFolder: boolean, label: string): void {
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new DomainError('usage', 'STORE.NOT_A_FILE', `${label} is a folder, not a database file; give the path of a file in it`);
    return;
  }
  const folder = dirname(path);
  if (requireFolder && !existsSync(folder)) {
    throw new DomainError('usage', 'STORE.NO_FOLDER', `${label}: the folder ${folder} does not exist; create it first or fix the path`, { details: { folder } });
  }
  if (create === 'never') {
    throw new DomainError('not_found', 'STORE.NOT_FOUND', `${label} does not exist; this command only reads and does not create one (a write such as \`payroll org create\` creates it)`, { details: { path } });
  }
  if (!existsSync(folder)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    // Another process created it meanwhile: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw unavailableError(error, `local ${path}`) ?? new DomainError('unavailable', 'STORE.UNAVAILABLE', `cannot create the database file (local ${path}): ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

async function openPostgres(url: string, settings: { poolSize: number; statementTimeoutMs: number; lockWaitMs: number; schema: string; namedStatements: boolean }): Promise<Store> {
  const { schema } = settings;
  // Loaded only for a postgres:// store (issue 19: a command on SQLite never loads the driver).
  const { default: pg } = await import('pg');
  const { SchemaPostgresDialect } = await import('./pg-schema-dialect.js');
  const { nameRegisteredStatements } = await import('./pg-named-statements.js');
  const { growPgWriterInLargerSteps } = await import('./pg-writer-growth.js');
  growPgWriterInLargerSteps(createRequire(import.meta.url).resolve('pg'));
  // NUMERIC comes back from pg as a string already; keep BIGINT (file sizes) as numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new DomainError('usage', 'STORE.BAD_SETTING', `invalid Postgres schema name "${schema}" (lower-case letters, digits and _ only)`);
  const describe = `postgres ${redactUrl(url)}${schema === 'public' ? '' : ` (schema ${schema})`}`;
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.poolSize,
    // Every connection resolves unqualified table names in the store's schema (tests give each test its own).
    options: `-c search_path=${schema}`,
    application_name: 'payroll',
    // An unreachable host or a pool exhausted for this long is "unavailable", never an endless hang.
    connectionTimeoutMillis: settings.lockWaitMs,
    // A runaway statement is cancelled by the server (57014 → STORE.TIMEOUT) instead of holding a connection forever.
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    // A transaction left open by a crashed caller releases its locks.
    idle_in_transaction_session_timeout: 60_000,
    // Idle connections are closed after a while so a quiet server holds none; none keeps the process alive.
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the
  // pool discards it and the next query opens a fresh one (pg-pool emits 'error' for exactly this).
  pool.on('error', () => {});
  // A connection checked out by a command (inside a transaction, between two statements) that the
  // server terminates emits 'error' on the client itself, where pg-pool listens only while it is
  // idle: without a listener Node throws it as an unhandled 'error' event and the process crashes
  // (exit 1). The statement then in flight, or the next one, fails on its own with "Connection
  // terminated" / "not queryable", which availability.ts reports as unavailable (exit 7).
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (settings.namedStatements) nameRegisteredStatements(client);
  });
  const translate = (error: unknown): unknown => unavailableError(error, describe) ?? error;
  const db = new Kysely<Database>({ dialect: new GuardedDialect(new SchemaPostgresDialect({ pool }, schema), translate) });
  return { db, dialect: 'postgres', schema, describe, file: null, close: closeOnce(db) };
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
