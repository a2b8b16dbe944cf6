import { type AnySelect, type KeysetRequest, type KeysetRows, type OffsetColumns, type OffsetRows, readKeysetPage, readOffsetPage } from '../store/paging.js';
import { type CursorPage, type CursorQuery, decodeCursor, encodeCursor, type Page, type PageQuery, pageMeta } from './contracts/page-queries.js';

/** The store's keyset request for a parsed cursor query (the cursor is decoded here, at the edge). */
export function keysetRequest(query: CursorQuery): KeysetRequest {
  const position = query.cursor ? decodeCursor(query.cursor) : {};
  return { size: query.size, ascending: query.sortOrder === 'asc', ...position };
}

/** A keyset page of rows as the wire's cursor page: items and the cursors to the neighbouring pages. */
export async function toCursorPage<Row extends { id: string | number }, Item>(page: KeysetRows<Row>, request: KeysetRequest, toItem: (row: Row) => Item | Promise<Item>): Promise<CursorPage<Item>> {
  const backwards = request.before !== undefined;
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  const hasNext = backwards ? true : page.more;
  const hasPrev = backwards ? page.more : request.after !== undefined;
  const items: Item[] = [];
  for (const row of page.rows) items.push(await toItem(row));
  return {
    items,
    pagination: {
      limit: request.size,
      has_next: hasNext && last !== undefined,
      has_prev: hasPrev && first !== undefined,
      next_cursor: hasNext && last !== undefined ? encodeCursor({ after: String(last.id) }) : null,
      prev_cursor: hasPrev && first !== undefined ? encodeCursor({ before: String(first.id) }) : null,
      total: page.total,
    },
  };
}

/** A numbered page of rows as the wire's page: items and the page meta. */
export async function toPage<Row, Item>(page: OffsetRows<Row>, query: PageQuery, toItem: (row: Row) => Item | Promise<Item>): Promise<Page<Item>> {
  const items: Item[] = [];
  for (const row of page.rows) items.push(await toItem(row));
  return { items, meta: pageMeta(page.total, query) };
}

/**
 * Keyset pagination over the `id` column (UUIDv7, so id order is creation order). `build` returns
 * the filtered query each time (from a store repository), so the count and the page read the same conditions.
 */
export async function cursorPaginate<Row extends { id: string | number }, Item>(
  build: () => AnySelect,
  idColumn: string,
  query: CursorQuery,
  toItem: (row: Row) => Item | Promise<Item>,
): Promise<CursorPage<Item>> {
  const request = keysetRequest(query);
  return toCursorPage(await readKeysetPage<Row>(build, idColumn, request), request, toItem);
}

/** Page-number pagination (the pagination guide's style) with search over the named text columns. */
export async function pagePaginate<Row, Item>(build: () => AnySelect, query: PageQuery, columns: OffsetColumns, toItem: (row: Row) => Item | Promise<Item>): Promise<Page<Item>> {
  return toPage(await readOffsetPage<Row>(build, query, columns), query, toItem);
}
