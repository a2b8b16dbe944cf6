import { z } from 'zod';

/**
 * Pagination (spec "Limits"). Two shapes:
 * - the spec's list endpoints (12 organizations, 13 documents, 19 wage types) answer the cursor
 *   envelope `items` + `pagination{limit, has_next, has_prev, next_cursor, prev_cursor, total}`;
 * - every extension list endpoint follows the pagination guide: `page`, `size`, `sort_by`,
 *   `sort_order`, `search`, `search_fields`, `include` → `items` + `meta{total, page, size, pages, has_next, has_prev}`.
 * Both take the page size as `size` (1–100, default 10), so the spec's pagination error
 * (`{error: "validation_error", message, details: {field, value}}`, Errors §3) names the same field everywhere.
 *
 * The query parsing and page arithmetic are in page-queries.ts (no zod: decision ZOD-1) and re-exported here.
 */

export { PAGE_SIZE_MIN, PAGE_SIZE_MAX, PAGE_SIZE_DEFAULT, paginationError, parsePageSize, parseSortOrder, parseCursorQuery, encodeCursor, decodeCursor, parsePageQuery, pageMeta } from './page-queries.js';
export type { SortOrder, CursorQuery, CursorPosition, CursorPage, PageQuery, Page } from './page-queries.js';

export const cursorPaginationSchema = z
  .object({
    limit: z.number().int(),
    has_next: z.boolean(),
    has_prev: z.boolean(),
    next_cursor: z.string().nullable(),
    prev_cursor: z.string().nullable(),
    total: z.number().int(),
  })
  .meta({ id: 'CursorPagination' });

export function cursorEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), pagination: cursorPaginationSchema });
}

export const pageMetaSchema = z
  .object({ total: z.number().int(), page: z.number().int(), size: z.number().int(), pages: z.number().int(), has_next: z.boolean(), has_prev: z.boolean() })
  .meta({ id: 'PageMeta' });

export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), meta: pageMetaSchema });
}
