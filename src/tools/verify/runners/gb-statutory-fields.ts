/**
 * Field readers the statutory-payment runners share (gb-ssp, gb-smp/gb-spp/gb-shpp, gb-employer-liabilities):
 * arrays and objects of a vector, with errors naming the field.
 */
import { fieldError } from '../../../domain/errors.js';
import type { Vector } from '../types.js';

export function vectorArray(vector: Vector | Record<string, unknown>, key: string, path: (string | number)[] = [key]): unknown[] {
  const value = vector[key];
  if (!Array.isArray(value)) throw fieldError(path, `expected a list, got ${JSON.stringify(value)}`, 'array');
  return value;
}

export function vectorRecord(value: unknown, path: (string | number)[]): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw fieldError(path, `expected an object, got ${JSON.stringify(value)}`, 'object');
  return value as Record<string, unknown>;
}

export function recordString(record: Record<string, unknown>, key: string, path: (string | number)[]): string {
  const value = record[key];
  if (typeof value !== 'string') throw fieldError([...path, key], `expected a string, got ${JSON.stringify(value)}`, 'string');
  return value;
}

export function recordInteger(record: Record<string, unknown>, key: string, path: (string | number)[]): number {
  const value = record[key];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw fieldError([...path, key], `expected a whole number, got ${JSON.stringify(value)}`, 'integer');
  return value;
}
