import type { SelectQueryBuilder } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
/** Any filtered select a repository hands to the paging readers. */
export type AnySelect = SelectQueryBuilder<any, any, any>;

/** Where a keyset page starts: after or before an id, in which order, how many rows. */
export interface KeysetRequest {
  size: number;
  ascending: boolean;
  after?: string;
  before?: string;
}

/** One keyset page of rows in the order the client reads them, with the filtered total. */
export interface KeysetRows<Row> {
  rows: Row[];
  total: number;
  /** Rows exist beyond the page in the direction the client is moving. */
  more: boolean;
}

/**
 * Keyset pagination over `idColumn` (UUIDv7, so id order is creation order). `build` returns the
 * filtered query each time, so the count and the page read the same conditions.
 */
export async function readKeysetPage<Row>(build: () => AnySelect, idColumn: string, request: KeysetRequest): Promise<KeysetRows<Row>> {
  const countRow = (await build().clearSelect().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string | bigint } | undefined;
  const total = Number(countRow?.n ?? 0);
  const { ascending } = request;
  const backwards = request.before !== undefined;
  let page = build();
  if (request.after !== undefined) page = page.where(idColumn, ascending ? '>' : '<', request.after);
  if (request.before !== undefined) page = page.where(idColumn, ascending ? '<' : '>', request.before);
  const direction = ascending !== backwards ? 'asc' : 'desc';
  const rows = (await page.orderBy(idColumn, direction).limit(request.size + 1).execute()) as Row[];
  const more = rows.length > request.size;
  const slice = rows.slice(0, request.size);
  if (backwards) slice.reverse();
  return { rows: slice, total, more };
}

/** A page-number request (the pagination guide's style): the fields of the service's parsed page query. */
export interface OffsetRequest {
  page: number;
  size: number;
  sortBy: string | null;
  sortOrder: 'asc' | 'desc';
  search: string | null;
  searchFields: string[];
}

/** Which columns a list sorts and searches by, by the field names the request uses. */
export interface OffsetColumns {
  defaultSort: string;
  sortColumns: Record<string, string>;
  searchColumns: Record<string, string>;
}

/** One numbered page of rows with the filtered total. */
export interface OffsetRows<Row> {
  rows: Row[];
  total: number;
}

/** Page-number pagination with a case-insensitive search over the named text columns. */
export async function readOffsetPage<Row>(build: () => AnySelect, request: OffsetRequest, columns: OffsetColumns): Promise<OffsetRows<Row>> {
  const filtered = (): AnySelect => {
    let q = build();
    if (request.search !== null) {
      const needle = `%${request.search.toLowerCase()}%`;
      const fields = request.searchFields.map((f) => columns.searchColumns[f]).filter((c): c is string => c !== undefined);
      q = q.where((eb: any) => eb.or(fields.map((column) => eb(eb.fn('lower', [eb.ref(column)]), 'like', needle))));
    }
    return q;
  };
  const countRow = (await filtered().clearSelect().select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n: number | string | bigint } | undefined;
  const total = Number(countRow?.n ?? 0);
  const sortColumn = request.sortBy ? (columns.sortColumns[request.sortBy] ?? columns.defaultSort) : columns.defaultSort;
  let ordered = filtered().orderBy(sortColumn, request.sortOrder);
  // The default sort breaks ties of another sort column. Named twice, it made SQLite sort every row of the page's
  // filter in a temporary B-tree instead of walking an index in order (decision SQLRUN-4).
  if (sortColumn !== columns.defaultSort) ordered = ordered.orderBy(columns.defaultSort, request.sortOrder);
  const rows = (await ordered
    .limit(request.size)
    .offset((request.page - 1) * request.size)
    .execute()) as Row[];
  return { rows, total };
}
