import type { Mismatch } from './types.js';

/**
 * Compares every field under `expected` with the same field of `actual`.
 * Keys that contain dots are paths into `actual` (de-payroll vectors use
 * `payslips.0.current_pay_period.employee.taxes.income_tax`); nested objects are walked.
 * Leaves compare exactly: a decimal string must match to the character ("107.50" is not "107.5"),
 * because the wire contract promises fixed two-place money strings. Numbers compare as numbers.
 */
export function compareExpected(id: string, expected: unknown, actual: unknown, prefix = ''): Mismatch[] {
  const mismatches: Mismatch[] = [];
  walk(expected, actual, prefix);
  return mismatches;

  function walk(want: unknown, got: unknown, path: string): void {
    if (want !== null && typeof want === 'object' && !Array.isArray(want)) {
      for (const [key, value] of Object.entries(want as Record<string, unknown>)) {
        const childPath = path ? `${path}.${key}` : key;
        walk(value, resolvePath(got, key), childPath);
      }
      return;
    }
    if (Array.isArray(want)) {
      const gotArray = Array.isArray(got) ? got : [];
      if (!Array.isArray(got) || got.length !== want.length) {
        mismatches.push({ id, field: path, expected: want, got: got ?? null });
        return;
      }
      want.forEach((value, index) => walk(value, gotArray[index], `${path}.${index}`));
      return;
    }
    if (!leafEquals(want, got)) mismatches.push({ id, field: path, expected: want, got: got === undefined ? null : got });
  }
}

function leafEquals(want: unknown, got: unknown): boolean {
  if (want === null) return got === null || got === undefined;
  if (typeof want === 'number' && typeof got === 'number') return want === got;
  if (typeof want === 'number' && typeof got === 'string') return got.trim() !== '' && Number(got) === want;
  return want === got;
}

/** Resolves `a.b.0.c` inside a value; a key without dots is a plain property lookup. */
export function resolvePath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const segment of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
