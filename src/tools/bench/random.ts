/**
 * Seeded sample mixes for the benches: every run times the same inputs, so figures compare across runs and
 * machines. Not a bench itself (main.ts does not list it).
 */

/** Deterministic pseudo-random numbers (LCG), so every run times the same mix. */
export function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

/** The item at `r` (a number in [0, 1)) along `items`. */
export function pick<T>(items: readonly T[], r: number): T {
  return items[Math.floor(r * items.length)] as T;
}
