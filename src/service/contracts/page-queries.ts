import { DomainError } from '../../domain/errors.js';

/**
 * Pagination (spec "Limits"). Two shapes:
 * - the spec's list endpoints (12 organizations, 13 documents, 19 wage types) answer the cursor
 *   envelope `items` + `pagination{limit, has_next, has_prev, next_cursor, prev_cursor, total}`;
 * - every extension list endpoint follows the pagination guide: `page`, `size`, `sort_by`,
 *   `sort_order`, `search`, `search_fields`, `include` → `items` + `meta{total, page, size, pages, has_next, has_prev}`.
 * Both take the page size as `size` (1–100, default 10), so the spec's pagination error
 * (`{error: "validation_error", message, details: {field, value}}`, Errors §3) names the same field everywhere.
 *
 * This module holds the parsing of a list's query and the page arithmetic, without zod (issue 19 "instant start",
 * decision ZOD-1): `payroll org list` parses its query and pages its answer without building any schema. The
 * envelopes' schemas are in pagination.ts, which re-exports all of this.
 */

export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

export function paginationError(field: string, value: unknown, message: string): DomainError {
  return new DomainError('pagination', 'PAGINATION.INVALID', message, { details: { field, value } });
}

function parseInteger(field: string, raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const text = String(raw);
  if (!/^-?\d+$/.test(text)) throw paginationError(field, raw, `${field} must be a whole number`);
  const value = Number(text);
  if (value < min) throw paginationError(field, raw, `${field} must be at least ${min}`);
  if (value > max) throw paginationError(field, raw, `${field} must be at most ${max}`);
  return value;
}

export function parsePageSize(raw: unknown): number {
  return parseInteger('size', raw, PAGE_SIZE_DEFAULT, PAGE_SIZE_MIN, PAGE_SIZE_MAX);
}

export type SortOrder = 'asc' | 'desc';

export function parseSortOrder(raw: unknown): SortOrder {
  if (raw === undefined || raw === null || raw === '') return 'asc';
  if (raw === 'asc' || raw === 'desc') return raw;
  throw paginationError('sort_order', raw, 'sort_order must be asc or desc');
}

function parseList(raw: unknown): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const values = Array.isArray(raw) ? raw.map(String) : String(raw).split(',');
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

// ---- cursor style ----

export interface CursorQuery {
  size: number;
  cursor: string | null;
  sortOrder: SortOrder;
}

export function parseCursorQuery(query: Record<string, unknown>): CursorQuery {
  const cursor = query.cursor === undefined || query.cursor === null || query.cursor === '' ? null : String(query.cursor);
  if (cursor !== null) decodeCursor(cursor);
  return { size: parsePageSize(query.size), cursor, sortOrder: parseSortOrder(query.sort_order) };
}

/** Keyset position: the id next to which a page starts, and in which direction the client is moving. */
export interface CursorPosition {
  after?: string;
  before?: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object') {
      const { after, before } = value as Record<string, unknown>;
      if ((typeof after === 'string') !== (typeof before === 'string')) return typeof after === 'string' ? { after } : { before: before as string };
    }
  } catch {
    // fall through to the error below
  }
  throw paginationError('cursor', cursor, 'cursor is not a cursor this service issued; start again without it');
}

export interface CursorPage<T> {
  items: T[];
  pagination: { limit: number; has_next: boolean; has_prev: boolean; next_cursor: string | null; prev_cursor: string | null; total: number };
}

// ---- page style ----

export interface PageQuery {
  page: number;
  size: number;
  sortBy: string | null;
  sortOrder: SortOrder;
  search: string | null;
  searchFields: string[];
  include: string[];
}

/** `sortable` and `searchable` name the fields a list allows; anything else is a pagination error naming the field. */
export function parsePageQuery(query: Record<string, unknown>, allowed: { sortable: readonly string[]; searchable: readonly string[]; includable?: readonly string[] }): PageQuery {
  const page = parseInteger('page', query.page, 1, 1, Number.MAX_SAFE_INTEGER);
  const size = parsePageSize(query.size);
  const sortOrder = parseSortOrder(query.sort_order);
  const sortBy = query.sort_by === undefined || query.sort_by === null || query.sort_by === '' ? null : String(query.sort_by);
  if (sortBy !== null && !allowed.sortable.includes(sortBy)) throw paginationError('sort_by', sortBy, `sort_by must be one of ${allowed.sortable.join(', ')}`);
  const search = query.search === undefined || query.search === null || query.search === '' ? null : String(query.search);
  const searchFields = parseList(query.search_fields);
  for (const field of searchFields) {
    if (!allowed.searchable.includes(field)) throw paginationError('search_fields', query.search_fields, `search_fields may name ${allowed.searchable.join(', ')}`);
  }
  const include = parseList(query.include);
  for (const field of include) {
    if (!(allowed.includable ?? []).includes(field)) throw paginationError('include', query.include, allowed.includable?.length ? `include may name ${allowed.includable.join(', ')}` : 'include is not supported on this list');
  }
  return { page, size, sortBy, sortOrder, search, searchFields: searchFields.length > 0 ? searchFields : [...allowed.searchable], include };
}

export interface Page<T> {
  items: T[];
  meta: { total: number; page: number; size: number; pages: number; has_next: boolean; has_prev: boolean };
}

export function pageMeta(total: number, query: PageQuery): Page<never>['meta'] {
  const pages = Math.max(1, Math.ceil(total / query.size));
  return { total, page: query.page, size: query.size, pages, has_next: query.page < pages, has_prev: query.page > 1 };
}
