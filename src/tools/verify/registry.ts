import type { VectorRunner } from './types.js';

/**
 * Vector kinds `payroll verify` knows (fixtures/reference/README.md "Vector formats").
 * Each runner module is loaded only when a file holds vectors of its kind, so verifying
 * German data never loads the British engine and vice versa.
 */
const loaders: Record<string, () => Promise<VectorRunner>> = {};

export function registerRunner(kind: string, load: () => Promise<VectorRunner>): void {
  loaders[kind] = load;
}

export function knownKinds(): string[] {
  return Object.keys(loaders).sort();
}

export async function loadRunner(kind: string): Promise<VectorRunner | undefined> {
  const load = loaders[kind];
  return load ? load() : undefined;
}
