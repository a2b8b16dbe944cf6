import { sql } from 'kysely';
import type { Db } from '../db.js';

/**
 * `$` (PostgreSQL: `$1`) or `?` (SQLite), read from what the connection's Kysely compiles: repositories are shared
 * between the stores and take a connection or a transaction, not the store, so this is how the few store-specific
 * statements (bulk-insert.ts, the approval cursor in payroll-runs.ts) tell them apart.
 */
export function placeholderStyle(db: Db): '$' | '?' {
  return db.selectNoFrom(sql<number>`${1}`.as('one')).compile().sql.includes('$1') ? '$' : '?';
}
