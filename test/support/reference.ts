/**
 * Where tests find the official material and vectors: the copies bundled in this repository under
 * fixtures/reference (same layout as the reference folder they came from; its README names each file's
 * source and edition). Resolved from this file, so a fresh clone in any directory finds them and no test
 * depends on anything outside the repository.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bundled reference folder (absolute, derived from this file's location). */
export const REFERENCE_DIR = fileURLToPath(new URL('../../fixtures/reference/', import.meta.url));

/** The absolute path of a bundled reference file, e.g. `referencePath('de', 'lst2026-vectors.jsonl')`. */
export function referencePath(...parts: string[]): string {
  return join(REFERENCE_DIR, ...parts);
}
