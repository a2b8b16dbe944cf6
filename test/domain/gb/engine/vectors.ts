/** Loads the shared GB reference vectors (JSON Lines) for the engine tests. */
import { readFileSync } from 'node:fs';

export const GB_REFERENCE_DIR = process.env.GB_REFERENCE_DIR ?? '/work/shared/reference/gb';

export interface JsonVector {
  kind: string;
  id: string;
  expected: Record<string, unknown>;
  tags?: string[];
  [field: string]: unknown;
}

export function loadVectors(file: string): JsonVector[] {
  return readFileSync(`${GB_REFERENCE_DIR}/${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as JsonVector);
}
