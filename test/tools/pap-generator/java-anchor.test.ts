/**
 * Issue 19's JVM anchor: the Java classes the PAP generator writes from the BMF's XML (tools/pap-generator/java.ts)
 * must compute what the BMF's own test vectors say (the same amount; the Java keeps BigDecimal's scale, 123000.00), and what the TypeScript engine computes, on the bench's case
 * mix. That makes the bench's "× the JVM anchor" a comparison of the same calculation, and gives the engine a second,
 * independent translation of the PAP to be checked against. Needs a JDK (javac, java); without one it skips and
 * says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/domain/money.js';
import { mix } from '../../../src/tools/bench/de-lohnsteuer.js';
import { type AnchorCase, buildJvmAnchor, differences, hasJdk } from '../../../src/tools/bench/jvm-anchor.js';
import type { PapInput } from '../../../src/domain/de/lohnsteuer/index.js';

const jdk = hasJdk();
if (!jdk) console.warn('java-anchor.test.ts: skipped, no javac/java on PATH');

interface Vector {
  year: 2025 | 2026;
  id: string;
  input: Partial<PapInput>;
  expected: Record<string, number>;
}

const vectors = (year: number): Vector[] =>
  readFileSync(new URL(`../../../fixtures/reference/de/lst${year}-vectors.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Vector);

describe.skipIf(!jdk)('the generated Java PAP (JVM anchor)', () => {
  it('meets every BMF test vector of 2025 and 2026 and agrees with the engine on 1,000 cases of each year of the bench mix', () => {
    const anchor = buildJvmAnchor([2025, 2026]);
    try {
      const all = [...vectors(2025), ...vectors(2026)];
      expect(all.length).toBe(1200);
      const outputs = anchor.outputs(
        all.map((v) => [v.year, v.input] as AnchorCase),
        all.length,
      );
      const wrong = all.flatMap((v, i) => Object.entries(v.expected).filter(([name, cents]) => outputs[i]?.[name] === undefined || !new Decimal(outputs[i]?.[name] as string).eq(cents)).map(([name, cents]) => `${v.id} ${name}: ${outputs[i]?.[name]} ≠ ${cents}`));
      expect(wrong).toEqual([]);
      const cases: AnchorCase[] = [...mix(2025, 1000, 7), ...mix(2026, 1000, 8)];
      expect(differences(anchor, cases, cases.length)).toEqual([]);
    } finally {
      anchor.close();
    }
  }, 120_000);
});
