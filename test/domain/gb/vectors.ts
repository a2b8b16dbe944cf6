/** Loads the shared GB reference vectors (JSON Lines) and reference files for the GB engine, NI and run tests. */
import { readFileSync } from 'node:fs';
import type { Vector } from '../../../src/service/verify/types.js';

export const GB_REFERENCE_DIR = process.env.GB_REFERENCE_DIR ?? '/work/shared/reference/gb';

/** A vector as the product's verify runners take it, with the expected figures every shared GB vector has. */
export interface JsonVector extends Vector {
  expected: Record<string, unknown>;
  tags?: string[];
}

export function loadVectors(file: string): JsonVector[] {
  return readFileSync(`${GB_REFERENCE_DIR}/${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JsonVector);
}

export function loadJson<T>(file: string): T {
  return JSON.parse(readFileSync(`${GB_REFERENCE_DIR}/${file}`, 'utf8')) as T;
}
