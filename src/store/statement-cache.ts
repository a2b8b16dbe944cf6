/**
 * Prepared statements reused (issue 19 point 2): Kysely's SQLite driver prepares every query it runs afresh, and a
 * run repeats the same few statements for every batch of employees (the same SQL text: a batch's `in (…)` list has
 * the same length but for the last batch). Handing the driver this database instead keeps the last
 * STATEMENT_CACHE_SIZE statements by SQL text, so SQLite parses and plans each once per connection.
 *
 * better-sqlite3 runs a statement to completion synchronously (`all`, `run`), so one cached statement is never used
 * by two queries at once; only `iterate` (a stream) keeps it busy, and a busy statement is never handed out again:
 * the caller gets a fresh one.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

export const STATEMENT_CACHE_SIZE = 256;

export function cachingStatements(database: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recently used.
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      try {
        // SQLite's advice for short-lived connections: refresh the planner's statistics where they went stale.
        if (database.open && !database.readonly) database.pragma('optimize');
      } catch {
        // A busy or full store: the statistics wait for the next close.
      }
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached as unknown as SqliteStatement;
      }
      const statement = database.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement as unknown as SqliteStatement;
    },
  };
}
