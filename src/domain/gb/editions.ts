/**
 * The GB editions: one line per tax year (6 April – 5 April) with that year's statutory figures —
 * PAYE, Class 1 National Insurance, student loans and workplace pensions — in one file (params/<year>.ts).
 *
 * A new tax year is its figures file and one line here; the year type, the list of supported years, the API
 * contract's tax-year enum and the conformance suite (test/conformance/editions.test.ts) derive from this table.
 */
import { params2025 } from './params/2025-26.js';
import { params2026 } from './params/2026-27.js';
import type { GbParams } from './params/types.js';

/** The registry: tax year label → figures. */
export const GB_EDITIONS = {
  '2025-26': params2025,
  '2026-27': params2026,
} as const satisfies Readonly<Record<string, GbParams>>;

/** A GB tax year with figures, e.g. "2025-26". */
export type GbTaxYear = keyof typeof GB_EDITIONS;

/** The registered tax years, ascending. */
export const GB_TAX_YEARS: readonly GbTaxYear[] = (Object.keys(GB_EDITIONS) as GbTaxYear[]).sort();

export function isGbTaxYear(value: unknown): value is GbTaxYear {
  return typeof value === 'string' && Object.hasOwn(GB_EDITIONS, value);
}
