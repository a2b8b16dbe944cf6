/**
 * Text of the figures a traced step reports (trace.ts). A run traces every payslip, so these avoid Decimal
 * arithmetic: whole pence are written by integer arithmetic (run/pence-text.ts), and the year's constants (rates,
 * thresholds) are written once per object and remembered.
 */
import type { Decimal } from '../money.js';
import { moneyText, penceText } from './run/pence-text.js';

export { penceText as pence };

/** Two-place text of a money Decimal ("1234.50"), through whole pence. */
export const money2 = moneyText;

const remembered = new WeakMap<object, string>();
const rememberedFixed = new WeakMap<object, string>();

/** The plain text of a constant (a rate "0.2"; with `places` 2 a threshold "1048.00"), remembered per object. */
export function constant(value: Decimal, places?: 2): string {
  const cache = places === undefined ? remembered : rememberedFixed;
  let text = cache.get(value);
  if (text === undefined) {
    text = places === undefined ? value.toString() : value.toFixed(places);
    cache.set(value, text);
  }
  return text;
}

/** Texts remembered per object (a band table and the like), built once by `build`. */
export function rememberedTexts<K extends object, T>(cache: WeakMap<K, T>, key: K, build: () => T): T {
  let hit = cache.get(key);
  if (hit === undefined) {
    hit = build();
    cache.set(key, hit);
  }
  return hit;
}
