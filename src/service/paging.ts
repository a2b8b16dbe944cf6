import type { SelectQueryBuilder } from 'kysely';
import { type CursorPage, type CursorQuery, decodeCursor, encodeCursor, type Page, type PageQuery, pageMeta } from './contracts/pagination.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * Keyset pagination over the `id` column (UUIDv7, so id order is creation order). `build` returns
 * the filtered query each time, so the count and the page read the same conditions.
 */
export async function cursorPaginate<Row extends { id: string | number }, Item>(
  build: () => AnySelect,
  idColumn: string,
  query: CursorQuery,
  toItem: (row: Row) => Item | Promise<Item>,
): Promise<CursorPage<Item>> {
  const countRow = (await build().clearSelect().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string | bigint } | undefined;
  const total = Number(countRow?.n ?? 0);
  const position = query.cursor ? decodeCursor(query.cursor) : {};
  const ascending = query.sortOrder === 'asc';
  const backwards = position.before !== undefined;
  let page = build();
  if (position.after !== undefined) page = page.where(idColumn, ascending ? '>' : '<', position.after);
  if (position.before !== undefined) page = page.where(idColumn, ascending ? '<' : '>', position.before);
  const direction = ascending !== backwards ? 'asc' : 'desc';
  const rows = (await page.orderBy(idColumn, direction).limit(query.size + 1).execute()) as Row[];
  const more = rows.length > query.size;
  const slice = rows.slice(0, query.size);
  if (backwards) slice.reverse();
  const first = slice[0];
  const last = slice[slice.length - 1];
  const hasNext = backwards ? position.before !== undefined : more;
  const hasPrev = backwards ? more : position.after !== undefined;
  const items: Item[] = [];
  for (const row of slice) items.push(await toItem(row));
  return {
    items,
    pagination: {
      limit: query.size,
      has_next: hasNext && last !== undefined,
      has_prev: hasPrev && first !== undefined,
      next_cursor: hasNext && last !== undefined ? encodeCursor({ after: String(last.id) }) : null,
      prev_cursor: hasPrev && first !== undefined ? encodeCursor({ before: String(first.id) }) : null,
      total,
    },
  };
}

/** Page-number pagination (the pagination guide's style) with search over the named text columns. */
export async function pagePaginate<Row, Item>(
  build: () => AnySelect,
  query: PageQuery,
  columns: { defaultSort: string; sortColumns: Record<string, string>; searchColumns: Record<string, string> },
  toItem: (row: Row) => Item | Promise<Item>,
): Promise<Page<Item>> {
  const filtered = (): AnySelect => {
    let q = build();
    if (query.search !== null) {
      const needle = `%${query.search.toLowerCase()}%`;
      const fields = query.searchFields.map((f) => columns.searchColumns[f]).filter((c): c is string => c !== undefined);
      q = q.where((eb: any) => eb.or(fields.map((column) => eb(eb.fn('lower', [eb.ref(column)]), 'like', needle))));
    }
    return q;
  };
  const countRow = (await filtered().clearSelect().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string | bigint } | undefined;
  const total = Number(countRow?.n ?? 0);
  const sortColumn = query.sortBy ? (columns.sortColumns[query.sortBy] ?? columns.defaultSort) : columns.defaultSort;
  const rows = (await filtered()
    .orderBy(sortColumn, query.sortOrder)
    .orderBy(columns.defaultSort, query.sortOrder)
    .limit(query.size)
    .offset((query.page - 1) * query.size)
    .execute()) as Row[];
  const items: Item[] = [];
  for (const row of rows) items.push(await toItem(row));
  return { items, meta: pageMeta(total, query) };
}
