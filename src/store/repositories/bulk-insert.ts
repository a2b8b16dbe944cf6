import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../db.js';
import { keepPrepared } from '../pg-named-statements.js';
import { placeholderStyle } from './placeholder-style.js';

/**
 * Many rows written one statement per `size` rows, without Kysely building the statement anew for every chunk
 * (decision PGRUN-4, issue 19). A run of 10,000 employees inserts 10,000 payslips of 24 columns, and its approval
 * 10,000 rows into each of three more tables. Kysely turned each chunk's values into a tree of nodes and then into
 * text again: about 0.2 s of a PostgreSQL run + approve's node CPU, plus the garbage. A full chunk's statement text
 * depends only on the table, the columns and the row count, so it is made once by Kysely (`build`) and reused with
 * the chunk's values in the same order.
 *
 * The text is reused only when it is known to fit. Kysely's own parameters for the first chunk must be exactly the
 * rows' values, column by column, row by row. Every row must have the same columns in the same order, with no
 * undefined value (Kysely writes DEFAULT for those). Anything else goes through Kysely as before, and so does the
 * last, shorter chunk of a write of several chunks. A write that is one chunk short of `size` reuses a text too:
 * on SQLite a run writes every batch of RUN_BATCH (50) employees that way, and building its 50 payslips, documents
 * and memberships through Kysely cost about 1.2 s of CPU in a run + approve of 100,000 employees (decision
 * SQLRUN-1). The texts name tables unqualified (a PostgreSQL store's schema is its connections' search_path), so
 * stores of one kind share them. At most MAX_TEXTS are kept, the oldest made dropped first: row counts differ from
 * call to call, and a long-running server must not keep one text per count forever.
 */
const texts = new Map<string, string>();
export const MAX_TEXTS = 64;

/** The rows' values, row by row in `columns` order; null when a row has other columns or an undefined value. */
function valuesOf(rows: readonly object[], columns: readonly string[]): unknown[] | null {
  const out: unknown[] = [];
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) return null;
    for (let i = 0; i < keys.length; i += 1) {
      const value = (row as Record<string, unknown>)[keys[i] as string];
      if (keys[i] !== columns[i] || value === undefined) return null;
      out.push(value);
    }
  }
  return out;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Writes `rows`, `size` at a time, with the statement `build` makes for a chunk (an insert, an upsert). */
export async function writeInChunks<Row extends object>(db: Db, name: string, rows: readonly Row[], size: number, build: (part: Row[]) => Compilable<unknown>): Promise<void> {
  let style: string | null = null;
  for (let from = 0; from < rows.length; from += size) {
    const part = rows.slice(from, from + size);
    const columns = Object.keys(part[0] as object);
    // A full chunk, or a write that is a single chunk.
    const values = part.length === size || part.length === rows.length ? valuesOf(part, columns) : null;
    if (values === null) {
      await db.executeQuery(build(part));
      continue;
    }
    // The statement texts of the two stores differ in their placeholders only.
    style ??= placeholderStyle(db);
    const key = `${style}|${name}|${part.length}|${columns.join(',')}`;
    const text = texts.get(key);
    if (text !== undefined) {
      await db.executeQuery(CompiledQuery.raw(text, values));
      continue;
    }
    const compiled = build(part).compile();
    if (sameValues(compiled.parameters, values)) {
      if (texts.size >= MAX_TEXTS) texts.delete(texts.keys().next().value as string);
      texts.set(key, compiled.sql);
      // Named on PostgreSQL only for full chunks: one named statement per table and column list (PGRUN-8).
      if (style === '$' && part.length === size) keepPrepared(compiled.sql);
    }
    await db.executeQuery(compiled);
  }
}
