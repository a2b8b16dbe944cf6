/**
 * Golden tests: every vector of both reference files, every expected field, to the cent.
 * The vectors are the BMF PAP run by a reference implementation (fixtures/reference/README.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateLohnsteuer, type PapInput, type PapOutput, type PapYear } from '../../../../src/domain/de/lohnsteuer/index.js';
import { verifyFiles } from '../../../../src/tools/verify/run.js';
import { referencePath } from '../../../support/reference.js';

interface LstVector {
  kind: string;
  id: string;
  year: PapYear;
  category: string;
  input: Partial<PapInput>;
  expected: Record<string, number>;
}

const FILES = { 2025: referencePath('de', 'lst2025-vectors.jsonl'), 2026: referencePath('de', 'lst2026-vectors.jsonl') } as const;

function load(file: string): LstVector[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LstVector);
}

/** The engine's outputs for exactly the expected fields, as numbers of cents (absent → undefined, so it fails). */
function actualFor(output: PapOutput, expected: Record<string, number>): Record<string, number | undefined> {
  const actual: Record<string, number | undefined> = {};
  for (const field of Object.keys(expected)) actual[field] = output[field as keyof PapOutput]?.toNumber();
  return actual;
}

for (const year of [2025, 2026] as const) {
  const vectors = load(FILES[year]);

  describe(`PAP ${year}: lst${year}-vectors.jsonl`, () => {
    it('holds 600 de-lohnsteuer vectors of this year, each expecting every PAP output', () => {
      expect(vectors).toHaveLength(600);
      const outputs = year === 2025 ? 14 : 12;
      for (const v of vectors) {
        expect(v.kind).toBe('de-lohnsteuer');
        expect(v.year).toBe(year);
        expect(Object.keys(v.expected)).toHaveLength(outputs);
      }
    });

    it.each(vectors.map((v) => [`${v.id} (${v.category})`, v] as const))('%s', (_name, v) => {
      const output = calculateLohnsteuer(v.year, v.input);
      expect(actualFor(output, v.expected)).toEqual(v.expected);
    });

    it('passes `payroll verify` through the registered de-lohnsteuer runner: 600 passed, 0 failed', async () => {
      const report = await verifyFiles([FILES[year]]);
      expect(report.mismatches).toEqual([]);
      expect(report).toMatchObject({ passed: 600, failed: 0 });
    });
  });
}

describe('output shape', () => {
  it('2025 reports VKVLZZ and VKVSONST; 2026 no longer has them', () => {
    const input = { LZZ: 2, STKL: 1, RE4: 500000, PKV: 1, PKPV: 40000 };
    expect(Object.keys(calculateLohnsteuer(2025, input)).sort()).toEqual(
      ['BK', 'BKS', 'LSTLZZ', 'SOLZLZZ', 'SOLZS', 'STS', 'VFRB', 'VFRBS1', 'VFRBS2', 'VKVLZZ', 'VKVSONST', 'WVFRB', 'WVFRBM', 'WVFRBO'].sort(),
    );
    expect(Object.keys(calculateLohnsteuer(2026, input)).sort()).toEqual(
      ['BK', 'BKS', 'LSTLZZ', 'SOLZLZZ', 'SOLZS', 'STS', 'VFRB', 'VFRBS1', 'VFRBS2', 'WVFRB', 'WVFRBM', 'WVFRBO'].sort(),
    );
  });
});
