/**
 * Endpoint 19 (`GET /gb/wage-types`) and the extension `GET /gb/wage-types/{wage_type_code}`: the GB wage-type
 * catalogue is code (src/domain/gb/wage-types/catalogue.ts), so these read no database.
 */
import { notFound } from '../../domain/errors.js';
import { isValidOn, WAGE_TYPE_CATALOGUE, wageTypeVersions, type WageType } from '../../domain/gb/wage-types/lookup.js';
import { type CursorPage, decodeCursor, encodeCursor } from '../contracts/pagination.js';
import { parseValidOn, parseWageTypeQuery, type WageTypeQuery, type WageTypeWire } from '../contracts/wage-types.js';
import { requireScope, type ServiceContext } from '../context.js';

export interface WageTypeUseCases {
  /** Endpoint 19. Query: valid_on, status, category, include_deprecated (default false), size (1–100), cursor, sort_order. */
  listWageTypes(query: Record<string, unknown>): Promise<CursorPage<WageTypeWire>>;
  /** Extension: one code, the version in force on `valid_on` (default today; else its latest version). */
  getWageType(code: string, query?: Record<string, unknown>): Promise<WageTypeWire>;
}

export function toWageTypeWire(wageType: WageType): WageTypeWire {
  return {
    ...wageType,
    calculation_variants: [...wageType.calculation_variants],
    thresholds: { ...wageType.thresholds },
  };
}

/**
 * Deprecated versions are hidden unless include_deprecated=true; asking for status=deprecated shows them
 * (an explicit filter beats the default; decision R1).
 */
function matches(wageType: WageType, query: WageTypeQuery): boolean {
  if (query.status !== null && wageType.status !== query.status) return false;
  if (query.status === null && !query.includeDeprecated && wageType.status === 'deprecated') return false;
  if (query.category !== null && wageType.category !== query.category) return false;
  if (query.validOn !== null && !isValidOn(wageType, query.validOn)) return false;
  return true;
}

/** Keyset paging over the catalogue by version id, the same envelope and cursor form as endpoint 12. */
function page(items: readonly WageType[], query: WageTypeQuery): CursorPage<WageTypeWire> {
  const ascending = query.sortOrder === 'asc';
  const ordered = ascending ? [...items] : [...items].reverse();
  const position = query.cursor ? decodeCursor(query.cursor) : {};
  const after = position.after !== undefined ? Number(position.after) : undefined;
  const before = position.before !== undefined ? Number(position.before) : undefined;
  const beyond = (id: number, mark: number) => (ascending ? id > mark : id < mark);
  let slice: WageType[];
  let more: boolean;
  if (before !== undefined) {
    const preceding = ordered.filter((w) => beyond(before, w.id));
    slice = preceding.slice(Math.max(0, preceding.length - query.size));
    more = preceding.length > query.size;
  } else {
    const following = after !== undefined ? ordered.filter((w) => beyond(w.id, after)) : ordered;
    slice = following.slice(0, query.size);
    more = following.length > query.size;
  }
  const first = slice[0];
  const last = slice[slice.length - 1];
  const hasNext = (before !== undefined ? true : more) && last !== undefined;
  const hasPrev = (before !== undefined ? more : after !== undefined) && first !== undefined;
  return {
    items: slice.map(toWageTypeWire),
    pagination: {
      limit: query.size,
      has_next: hasNext,
      has_prev: hasPrev,
      next_cursor: hasNext && last ? encodeCursor({ after: String(last.id) }) : null,
      prev_cursor: hasPrev && first ? encodeCursor({ before: String(first.id) }) : null,
      total: items.length,
    },
  };
}

export function wageTypeUseCases(ctx: ServiceContext): WageTypeUseCases {
  return {
    async listWageTypes(query) {
      requireScope(ctx, 'payroll:read');
      const parsed = parseWageTypeQuery(query ?? {});
      return page(WAGE_TYPE_CATALOGUE.filter((w) => matches(w, parsed)), parsed);
    },

    async getWageType(code, query) {
      requireScope(ctx, 'payroll:read');
      const validOn = parseValidOn(query);
      const versions = wageTypeVersions(code);
      if (versions.length === 0) throw notFound('wage type', code, 'WAGE_TYPE.NOT_FOUND');
      if (validOn !== null) {
        const inForce = versions.find((w) => isValidOn(w, validOn));
        if (!inForce) throw notFound('wage type', `${code} on ${validOn}`, 'WAGE_TYPE.NOT_IN_FORCE');
        return toWageTypeWire(inForce);
      }
      const today = ctx.clock.now().toISOString().slice(0, 10);
      return toWageTypeWire(versions.find((w) => isValidOn(w, today)) ?? (versions[versions.length - 1] as WageType));
    },
  };
}
