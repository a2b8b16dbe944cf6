/**
 * Binary backup and restore of a SQLite store (issue 20, point 2). SQLite only: a PostgreSQL store is
 * backed up with pg_dump (docs/operations.md). Everything here reads or copies whole database files
 * through SQLite's online backup API (better-sqlite3 `db.backup()`), never file copies of a live
 * database, which would tear pages written meanwhile or miss what still sits in the -wal file.
 */
import { closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DomainError } from '../domain/errors.js';
import type { Db } from './db.js';
import { migrationNames } from './migrations/index.js';
import { sqliteAddon } from './sqlite-addon.js';

/** What a payroll SQLite file holds, read without changing it. */
export interface StoreFileInfo {
  /** Migrations the file has applied, in order. */
  migrations: string[];
  /** Migrations of this build the file has not applied yet (run by opening it). */
  pending: string[];
  /** Rows in the organizations table. */
  organizations: number;
}

/** Tables that are SQLite's or the migrator's own bookkeeping, not data: an "empty store" may hold them. */
const BOOKKEEPING = /^(sqlite_|kysely_migration)/;

/** How long a backup or restore waits for another process's write lock before giving up (SQLite busy timeout). */
const LOCK_WAIT_MS = 10_000;

/** The largest page count better-sqlite3 accepts per step: the whole database in one step (see backupStep). */
const ALL_PAGES = 0x7fffffff;

function badFile(path: string, what: string, type: string, label: string): DomainError {
  return new DomainError('validation', 'BACKUP.NOT_A_STORE', `${label} ${path} ${what}`, { issues: [{ loc: [label], msg: what, type }], details: { path } });
}

/**
 * Reads a file as a payroll store and refuses anything else: not a SQLite database, a SQLite database
 * without payroll's migration bookkeeping, one that applied a migration this build does not know (written
 * by a newer payroll: `STORE.NEWER_SCHEMA`, as openStore says it), one whose migrations are not a prefix of
 * this build's list, or one that fails SQLite's own consistency check. Opens the file read-only.
 */
export function inspectStoreFile(path: string, label = 'FILE'): StoreFileInfo {
  if (!existsSync(path)) throw new DomainError('not_found', 'BACKUP.NOT_FOUND', `${label} ${path} does not exist`, { details: { path } });
  if (statSync(path).isDirectory()) throw badFile(path, 'is a folder, not a backup file', 'not_a_file', label);
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(path, { readonly: true, fileMustExist: true, timeout: LOCK_WAIT_MS, nativeBinding: sqliteAddon() });
  } catch (error) {
    throw badFile(path, `cannot be opened as a SQLite database (${(error as Error).message})`, 'not_sqlite', label);
  }
  try {
    let tables: string[];
    try {
      tables = (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name);
    } catch (error) {
      throw badFile(path, `is not a SQLite database (${(error as Error).message})`, 'not_sqlite', label);
    }
    if (!tables.includes('kysely_migration')) throw badFile(path, 'is a SQLite database but not a payroll store (it has no migration table)', 'not_a_payroll_store', label);
    const applied = (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name);
    const known = migrationNames();
    const unknown = applied.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new DomainError('unavailable', 'STORE.NEWER_SCHEMA', `${label} ${path} was written by a newer payroll (migration ${unknown.join(', ')} is unknown to this build); upgrade payroll before restoring it`, { details: { path, unknown } });
    }
    // A known version is a prefix of this build's list: migrations apply in name order, never with a gap.
    if (applied.length === 0 || applied.some((name, i) => known[i] !== name)) {
      throw badFile(path, `is not at a known migration version (it applied ${applied.join(', ') || 'no migration'}; this build's list starts ${known.slice(0, applied.length + 1).join(', ')})`, 'unknown_migration_version', label);
    }
    const check = (db.prepare('pragma quick_check').all() as { quick_check: string }[]).map((r) => r.quick_check);
    if (check.length !== 1 || check[0] !== 'ok') throw badFile(path, `fails SQLite's consistency check (${check.slice(0, 3).join('; ')})`, 'corrupt', label);
    const organizations = tables.includes('organizations') ? (db.prepare('select count(*) as n from organizations').get() as { n: number }).n : 0;
    return { migrations: applied, pending: known.slice(applied.length), organizations };
  } finally {
    db.close();
  }
}

/**
 * Rows per data table of a SQLite file (bookkeeping tables left out), or null when the file does not
 * exist or is empty (0 bytes: an empty SQLite database). Refuses a file that is not a payroll store.
 */
export function sqliteDataRows(path: string, label: string): Map<string, number> | null {
  if (!existsSync(path) || statSync(path).size === 0) return null;
  inspectStoreFile(path, label);
  const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true, timeout: LOCK_WAIT_MS, nativeBinding: sqliteAddon() });
  try {
    const tables = (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name).filter((name) => !BOOKKEEPING.test(name));
    const counts = new Map<string, number>();
    for (const table of tables) {
      // Table names come from the file's own catalogue, quoted as identifiers; nothing from a caller.
      const n = (db.prepare(`select count(*) as n from "${table.replace(/"/g, '""')}"`).get() as { n: number }).n;
      if (n > 0) counts.set(table, n);
    }
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Object-store paths of every document a SQLite store file references (the bytes live beside the file), except
 * payslips whose bytes are still to be rendered on first read (decision RENDER1: no file yet; a store before
 * migration 0011 has none of those).
 */
export function documentObjectPaths(path: string): string[] {
  const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true, timeout: LOCK_WAIT_MS, nativeBinding: sqliteAddon() });
  try {
    const pending = (db.prepare("select 1 from pragma_table_info('documents') where name = 'render_json'").get() as unknown) !== undefined;
    const rows = db.prepare(`select distinct object_store_path as p from documents where object_store_path is not null${pending ? ' and render_json is null' : ''} order by 1`).all() as { p: string }[];
    return rows.map((r) => r.p);
  } finally {
    db.close();
  }
}

/**
 * Copies the whole database at `source` into `target` in ONE backup step. SQLite's backup API restarts
 * from the first page whenever another connection writes to the source between two steps, so a backup in
 * small steps under a steady writer may never finish; one step reads every page inside one read
 * transaction, which in WAL mode sees one committed state (a snapshot) while writers go on committing
 * beside it (https://www.sqlite.org/backup.html, https://www.sqlite.org/wal.html "Concurrency"). The
 * destination is written in one write transaction of its own: all of it or, on failure, none.
 */
async function backupStep(source: BetterSqlite3.Database, target: string): Promise<{ pages: number }> {
  const result = await source.backup(target, { progress: () => ALL_PAGES });
  return { pages: result.totalPages };
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
  migrations: string[];
  organizations: number;
}

/**
 * Online backup of the payroll store at `sourcePath` into a new file `targetPath` (created 0600; refused
 * if it exists). Other processes may keep writing: the backup holds the state of one instant. The copy is
 * written beside the target under a temporary name and renamed into place only once it is complete and
 * passes `inspectStoreFile`, so an interrupted backup never leaves a file that looks like a backup.
 */
export async function backupSqliteStore(sourcePath: string, targetPath: string): Promise<BackupResult> {
  inspectStoreFile(sourcePath, 'the store');
  if (existsSync(targetPath)) {
    throw new DomainError('conflict', 'BACKUP.TARGET_EXISTS', `--to ${targetPath} exists already; a backup never overwrites a file: choose a new name or remove it first`, { details: { path: targetPath } });
  }
  if (!existsSync(dirname(targetPath))) throw new DomainError('usage', 'BACKUP.NO_FOLDER', `--to ${targetPath}: the folder ${dirname(targetPath)} does not exist`);
  const partial = `${targetPath}.partial-${process.pid}`;
  // The backup holds NI numbers, tax ids and IBANs: the file exists 0600 before SQLite writes into it.
  closeSync(openSync(partial, 'wx', 0o600));
  const source = new BetterSqlite3(sourcePath, { fileMustExist: true, timeout: LOCK_WAIT_MS, nativeBinding: sqliteAddon() });
  try {
    const { pages } = await backupStep(source, partial);
    source.close();
    // The copy is a single self-contained file: no -wal beside it (the backup connection is closed).
    const copy = new BetterSqlite3(partial, { fileMustExist: true, timeout: LOCK_WAIT_MS, nativeBinding: sqliteAddon() });
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const info = inspectStoreFile(partial, '--to');
    renameSync(partial, targetPath);
    return { file: targetPath, bytes: statSync(targetPath).size, pages, migrations: info.migrations, organizations: info.organizations };
  } catch (error) {
    if (source.open) source.close();
    removeSqliteFiles(partial);
    throw error;
  }
}

/**
 * Copies the backup `file` into `target`, which must hold no data (the caller checks it with
 * sqliteDataRows): a missing target is created 0600; an existing empty store is overwritten by the backup
 * API, which goes through the target's own journal (a plain file copy over it would meet its -wal file).
 */
export async function copyIntoSqliteStore(file: string, target: string): Promise<{ pages: number; created: boolean }> {
  const created = !existsSync(target);
  if (created) closeSync(openSync(target, 'wx', 0o600));
  const source = new BetterSqlite3(file, { readonly: true, fileMustExist: true, timeout: LOCK_WAIT_MS, nativeBinding: sqliteAddon() });
  try {
    return { ...(await backupStep(source, target)), created };
  } finally {
    source.close();
  }
}

/** Removes a SQLite database file and its -wal and -shm companions. */
export function removeSqliteFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

/** Every organization id of a store, in id order (the restore check exports each). */
export async function organizationIds(db: Db): Promise<string[]> {
  return (await db.selectFrom('organizations').select('id').orderBy('id').execute()).map((r) => r.id);
}
