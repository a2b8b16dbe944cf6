/** Loads the bundled GB reference vectors (JSON Lines) and reference files for the GB engine, NI and run tests. */
import { readFileSync } from 'node:fs';
import { referencePath } from '../../support/reference.js';
import type { Vector } from '../../../src/tools/verify/types.js';

/** fixtures/reference/gb of this repository. */
export const GB_REFERENCE_DIR = referencePath('gb');

/** A vector as the product's verify runners take it, with the expected figures every GB vector has. */
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
