/**
 * HMRC PAYE tax codes: parsing and validation of every form an employer can be sent.
 *
 * - Suffix codes `<n>L|M|N|T` (n = 1 to 6 digits, no leading zero) and `0T`: free pay from the code number.
 * - Prefix `K<n>`: additional pay (negative allowance), subject to the overriding 50 % limit.
 * - Flat-rate codes `BR` (basic rate), `D0`, `D1` (rUK/Wales: higher, additional), Scotland `SD0`–`SD3`
 *   (intermediate, higher, advanced, top); `NT` (no tax).
 * - Region prefix `S` (Scottish rates) or `C` (Welsh rates); none = England and Northern Ireland.
 * - Non-cumulative (emergency) marker `W1`, `M1` or `X` after the code, with or without a space or `/`
 *   (`1257L W1`, `1257LM1`, `1257L X`): the code is operated on the week 1 / month 1 basis.
 * The FPS pattern (RTI schema) is `[SC]?([1-9][0-9]{0,5}[LMNPTY]|BR|0T|NT|D[0-8]|K[1-9][0-9]{0,5})`; suffixes
 * P, V and Y were withdrawn in April 2016 and D codes beyond the region's bands have no rate, so both are refused.
 */
import { validationError, type DomainError } from '../errors.js';
import type { TaxRegion } from './params/types.js';

export type TaxCodeKind = 'allowance' | 'K' | 'BR' | 'D0' | 'D1' | 'D2' | 'D3' | 'NT';
export type TaxCodeSuffix = 'L' | 'M' | 'N' | 'T';
export type NonCumulativeMarker = 'W1' | 'M1' | 'X';

export interface TaxCode {
  /** The code without its marker, upper case: `S1257L`, `K100`, `CBR`, `SD2`, `0T`, `NT`. */
  readonly code: string;
  readonly region: TaxRegion;
  readonly kind: TaxCodeKind;
  /** Code number of an allowance or K code (0 for 0T); 0 for flat-rate codes and NT. */
  readonly number: number;
  readonly suffix: TaxCodeSuffix | null;
  /** Marker read from the code (W1, M1, X), null if none. */
  readonly marker: NonCumulativeMarker | null;
  /** True when the code carries a W1, M1 or X marker (week 1 / month 1 basis). */
  readonly week1Month1: boolean;
}

const PATTERN = /^([SC]?)(?:(0T)|([1-9]\d{0,5})([LMNTPVY])|K([1-9]\d{0,5})|(BR)|(NT)|D(\d))(?:[\s/-]*(W1|M1|X))?$/;

const REGION: Readonly<Record<string, TaxRegion>> = { '': 'rUK', S: 'Scotland', C: 'Wales' };
const HIGHEST_D: Readonly<Record<TaxRegion, number>> = { rUK: 1, Wales: 1, Scotland: 3 };

const cache = new Map<string, TaxCode>();
const CACHE_LIMIT = 4096;

function invalid(msg: string): DomainError {
  return validationError([{ loc: ['tax_code'], msg, type: 'tax_code_invalid' }], 'GB_TAX_CODE.INVALID');
}

/**
 * Parses an HMRC tax code (case and surrounding spaces ignored). A code that HMRC could not have issued is a
 * validation error (`DomainError`, code GB_TAX_CODE.INVALID) on the field `tax_code`.
 */
export function parseTaxCode(raw: string): TaxCode {
  const hit = cache.get(raw);
  if (hit) return hit;
  const parsed = parseUncached(raw);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(raw, parsed);
  return parsed;
}

function parseUncached(raw: string): TaxCode {
  if (typeof raw !== 'string') throw invalid('the tax code must be a string such as 1257L');
  const text = raw.trim().toUpperCase();
  if (text === '') throw invalid('the tax code is empty; expected a code such as 1257L, BR, K100, S1257L or 1257L W1');
  const m = PATTERN.exec(text);
  if (!m) throw invalid(`"${raw}" is not an HMRC tax code; expected forms such as 1257L, 1257L W1, K100, BR, D0, NT, 0T, S1257L, SD2, C1257L`);
  const prefix = m[1] ?? '';
  const region = REGION[prefix] as TaxRegion;
  const marker = (m[9] as NonCumulativeMarker | undefined) ?? null;
  const week1Month1 = marker !== null;
  const base = { region, marker, week1Month1 };
  if (m[2]) return { ...base, code: `${prefix}0T`, kind: 'allowance', number: 0, suffix: 'T' };
  if (m[3]) {
    const suffix = m[4] as string;
    if (suffix === 'P' || suffix === 'V' || suffix === 'Y') {
      throw invalid(`"${raw}": the suffix ${suffix} was withdrawn in April 2016; current suffixes are L, M, N and T`);
    }
    return { ...base, code: `${prefix}${m[3]}${suffix}`, kind: 'allowance', number: Number(m[3]), suffix: suffix as TaxCodeSuffix };
  }
  if (m[5]) return { ...base, code: `${prefix}K${m[5]}`, kind: 'K', number: Number(m[5]), suffix: null };
  if (m[6]) return { ...base, code: `${prefix}BR`, kind: 'BR', number: 0, suffix: null };
  if (m[7]) return { ...base, code: `${prefix}NT`, kind: 'NT', number: 0, suffix: null };
  const band = Number(m[8]);
  if (band > HIGHEST_D[region]) {
    const allowed = region === 'Scotland' ? 'SD0 to SD3' : region === 'Wales' ? 'CD0 and CD1' : 'D0 and D1';
    throw invalid(`"${raw}": there is no D${band} rate for ${region === 'rUK' ? 'England and Northern Ireland' : region}; valid codes are ${allowed}`);
  }
  return { ...base, code: `${prefix}D${band}`, kind: `D${band}` as TaxCodeKind, number: 0, suffix: null };
}

/** True when `raw` parses as a tax code. */
export function isValidTaxCode(raw: string): boolean {
  try {
    parseTaxCode(raw);
    return true;
  } catch {
    return false;
  }
}

/** The code as written on a payslip or FPS, with its marker after a space: `1257L`, `1257L W1`. */
export function formatTaxCode(code: TaxCode): string {
  return code.marker ? `${code.code} ${code.marker}` : code.code;
}
