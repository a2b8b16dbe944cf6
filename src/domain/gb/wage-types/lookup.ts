/**
 * Reading the wage-type catalogue: versions by code and the version in force on a date
 * (valid_from inclusive, valid_to exclusive).
 */
import { WAGE_TYPE_CATALOGUE } from './catalogue.js';
import type { WageType } from './types.js';

export type * from './types.js';
export { WAGE_TYPE_CATALOGUE };

const BY_CODE: ReadonlyMap<string, readonly WageType[]> = (() => {
  const map = new Map<string, WageType[]>();
  for (const wageType of WAGE_TYPE_CATALOGUE) {
    const list = map.get(wageType.wage_type_code) ?? [];
    list.push(wageType);
    map.set(wageType.wage_type_code, list);
  }
  for (const list of map.values()) list.sort((a, b) => (a.valid_from < b.valid_from ? -1 : a.valid_from > b.valid_from ? 1 : 0));
  return map;
})();

/** True when the version is in force on `date` (ISO). */
export function isValidOn(wageType: WageType, date: string): boolean {
  return wageType.valid_from <= date && (wageType.valid_to === null || date < wageType.valid_to);
}

/** Every version of a code, oldest first; empty when the code is unknown. */
export function wageTypeVersions(code: string): readonly WageType[] {
  return BY_CODE.get(code.trim().toUpperCase()) ?? [];
}

/** The version of `code` in force on `date`, or undefined. */
export function wageTypeOn(code: string, date: string): WageType | undefined {
  return wageTypeVersions(code).find((w) => isValidOn(w, date));
}

export function isKnownWageTypeCode(code: string): boolean {
  return BY_CODE.has(code.trim().toUpperCase());
}
