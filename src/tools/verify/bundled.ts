/**
 * The official cases and vectors shipped with the package (fixtures/reference, beside src/ and dist/; its README
 * names each file's source and edition). `payroll verify` with no file runs all of them. Resolved from this
 * module, so it finds them from the sources under test, from dist/ and from an installed package alike.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** src/tools/verify/ and dist/service/verify/ both sit three levels below the package root. */
export const BUNDLED_REFERENCE_DIR = fileURLToPath(new URL('../../../fixtures/reference/', import.meta.url));

/** Every JSON Lines vector file of the bundled reference data, in a stable order; empty when none is shipped. */
export function bundledVectorFiles(dir: string = BUNDLED_REFERENCE_DIR): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.jsonl')) files.push(full);
    }
  };
  walk(dir);
  return files;
}
