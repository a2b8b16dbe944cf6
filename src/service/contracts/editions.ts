/**
 * The tax years the API accepts, derived from the countries' edition registries (domain/de/editions.ts,
 * domain/gb/editions.ts): registering an edition extends these enums, and the conformance suite checks
 * that they name exactly the registered years.
 */
import { z } from 'zod';
import { DE_DEFAULT_TAX_YEAR, DE_TAX_YEARS } from '../../domain/de/editions.js';
import { GB_TAX_YEARS, type GbTaxYear } from '../../domain/gb/editions.js';

type NonEmpty<T> = readonly [T, ...T[]];

function nonEmpty<T>(values: readonly T[], what: string): NonEmpty<T> {
  if (values.length === 0) throw new Error(`no ${what} registered`);
  return values as NonEmpty<T>;
}

/** German calendar years with figures and a wage-tax (PAP) edition. */
export const deTaxYear = z.literal(nonEmpty(DE_TAX_YEARS, 'German editions'));

/** GB tax years ("2025-26") with statutory figures. */
export const gbTaxYear = z.enum(nonEmpty<GbTaxYear>(GB_TAX_YEARS, 'GB editions'));

/** The year a German request without a pay date is calculated in. */
export const DE_DEFAULT_YEAR = DE_DEFAULT_TAX_YEAR;

/** "2025", "2025 or 2026", "2025, 2026 or 2027": the registered years for a message. */
export function yearsText(years: readonly (string | number)[]): string {
  const texts = years.map(String);
  return texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} or ${texts[texts.length - 1]}`;
}
