import { type Compilable, CompiledQuery, sql } from 'kysely';
import type { Db } from '../db.js';
import { keepPrepared } from '../pg-named-statements.js';

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
 * last, shorter chunk, so that only one text per table and store kind is kept. The texts name tables unqualified
 * (a PostgreSQL store's schema is its connections' search_path), so stores of one kind share them.
 */
const texts = new Map<string, string>();

/** `$1` (PostgreSQL) or `?` (SQLite): the statement texts of the two stores differ in their placeholders only. */
function placeholders(db: Db): string {
  return db.selectNoFrom(sql<number>`${1}`.as('one')).compile().sql.includes('$1') ? '$' : '?';
}

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
    const values = part.length === size ? valuesOf(part, columns) : null;
    if (values === null) {
      await db.executeQuery(build(part));
      continue;
    }
    style ??= placeholders(db);
    const key = `${style}|${name}|${size}|${columns.join(',')}`;
    const text = texts.get(key);
    if (text !== undefined) {
      await db.executeQuery(CompiledQuery.raw(text, values));
      continue;
    }
    const compiled = build(part).compile();
    if (sameValues(compiled.parameters, values)) {
      texts.set(key, compiled.sql);
      if (style === '$') keepPrepared(compiled.sql);
    }
    await db.executeQuery(compiled);
  }
}
