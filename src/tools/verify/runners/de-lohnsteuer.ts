/**
 * `de-lohnsteuer` vectors: one run of the BMF Programmablaufplan.
 * `year` picks the edition, `input` holds PAP inputs by their BMF names (cents), `expected` PAP outputs
 * (cents). Every output the edition produces is returned as a JS number of cents, so compareExpected
 * checks each expected field numerically, to the cent.
 */
import { fieldError } from '../../../domain/errors.js';
import { calculateLohnsteuer, PAP_YEARS, type PapInput, type PapYear } from '../../../domain/de/lohnsteuer/index.js';
import { compareExpected } from '../compare.js';
import type { VectorRunner } from '../types.js';

export const runner: VectorRunner = (vector) => {
  const year = vector.year;
  if (typeof year !== 'number' || !(PAP_YEARS as readonly number[]).includes(year)) {
    throw fieldError(['year'], `year must be one of ${PAP_YEARS.join(', ')}`, 'pap_year');
  }
  const input = vector.input;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw fieldError(['input'], 'input must be an object of PAP inputs', 'object');
  }
  const output = calculateLohnsteuer(year as PapYear, input as Partial<PapInput>);
  const actual: Record<string, number> = {};
  for (const [name, value] of Object.entries(output)) {
    if (value !== undefined) actual[name] = value.toNumber();
  }
  return compareExpected(vector.id, vector.expected, actual);
};
