import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';
import { DomainError } from '../domain/errors.js';

/**
 * Failures that say "the database cannot serve us right now" rather than "this request is wrong":
 * the server cannot be reached, refused the login, is shutting down, a statement ran past its
 * timeout, or (SQLite) another process held the write lock for longer than the busy timeout.
 * They become DomainError kind `unavailable` (HTTP 503, CLI exit 7: cli.md "Exit codes"), so a
 * clerk sees what to fix instead of a stack trace, and a batch stops instead of blaming a record.
 */

/** Node socket errors seen when a Postgres server is unreachable. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED']);

/** pg-pool / pg client messages that carry no code. */
const PG_CONNECTION_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /client has encountered a connection error/i,
  /connection (was )?(closed|ended)/i,
];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Node 20 reports a refused dual-stack connect as an AggregateError whose members carry the code. */
function networkCode(error: unknown): string | undefined {
  const code = codeOf(error);
  if (code && NETWORK_CODES.has(code)) return code;
  const members = (error as { errors?: unknown } | null)?.errors;
  if (Array.isArray(members)) {
    for (const member of members) {
      const inner = codeOf(member);
      if (inner && NETWORK_CODES.has(inner)) return inner;
    }
  }
  return undefined;
}

function reason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** Maps an engine or network error to `unavailable`, or returns null when it is something else. */
export function unavailableError(error: unknown, target: string): DomainError | null {
  if (error instanceof DomainError || error === null || typeof error !== 'object') return null;
  const code = codeOf(error) ?? '';
  const message = reason(error);
  const where = target ? ` (${target})` : '';

  // SQLite: the write lock stayed taken for the whole busy timeout (another payroll process is writing).
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || /database is locked/i.test(message)) {
    return new DomainError('unavailable', 'STORE.LOCKED', `the database file is locked by another payroll process and stayed locked past the wait time${where}; try again when that process has finished`);
  }
  // The disk (or the file's size limit) is full: SQLite has already rolled the statement or the whole
  // transaction back (https://www.sqlite.org/rescode.html#full), so nothing of the command was saved.
  if (code.startsWith('SQLITE_FULL') || code === 'ENOSPC' || /database or disk is full/i.test(message)) {
    return new DomainError('unavailable', 'STORE.DISK_FULL', `disk full: the database${where} could not grow (SQLITE_FULL); nothing was saved; free space on its disk and run the command again`);
  }
  // Not an SQLite file at all (SQLITE_NOTADB) or one whose pages are damaged (SQLITE_CORRUPT).
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
    return new DomainError('unavailable', 'STORE.CORRUPT', `the database file${where} is not a payroll database or is corrupt: SQLite says "${message}" (${code}); restore it from a backup or give the path of the right file`);
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR')) {
    return new DomainError('unavailable', 'STORE.UNAVAILABLE', `the database file cannot be used${where}: ${message}; check that the path exists, is a payroll database and is writable, and that the disk has space`);
  }

  // Postgres: network first, then SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html).
  const network = networkCode(error);
  if (network) {
    return new DomainError('unavailable', 'STORE.UNAVAILABLE', `cannot reach the PostgreSQL server${where}: ${network}; check that it is running and that host and port are right`);
  }
  if (code === '57014') {
    return new DomainError('unavailable', 'STORE.TIMEOUT', `the database did not answer within the statement timeout${where}; try again, or ask the operator to raise PAYROLL_PG_STATEMENT_TIMEOUT`);
  }
  if (code === '28P01' || code === '28000') {
    return new DomainError('unavailable', 'STORE.UNAVAILABLE', `the PostgreSQL server refused the login${where}: ${message}; check the user and password in the URL`);
  }
  if (code === '3D000') {
    return new DomainError('unavailable', 'STORE.UNAVAILABLE', `the PostgreSQL database does not exist${where}: ${message}; create it or fix the URL`);
  }
  // 08xxx connection exception, 53xxx insufficient resources (too many connections), 57P0x shutdown / cannot connect now.
  if (/^08/.test(code) || /^53/.test(code) || /^57P0/.test(code)) {
    return new DomainError('unavailable', 'STORE.UNAVAILABLE', `the PostgreSQL server cannot serve the request now${where}: ${message}; try again shortly`);
  }
  if (!code && PG_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) {
    return new DomainError('unavailable', 'STORE.UNAVAILABLE', `lost the connection to the PostgreSQL server${where}: ${message}; try again shortly`);
  }
  return null;
}

/** The health check of `payroll serve` (/health): one round trip to the database, so a lost store shows. */
export async function pingStore(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
