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

/** mulberry32: a small seedable generator with a better spread than the LCG (wage-tax mix, kill -9 moments). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The item at `r` (a number in [0, 1)) along `items`. */
export function pick<T>(items: readonly T[], r: number): T {
  return items[Math.floor(r * items.length)] as T;
}
