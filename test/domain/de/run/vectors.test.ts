/**
 * Every `de-run` vector (fixtures/reference/de/run2025-vectors.jsonl, run2026-vectors.jsonl) replayed through the
 * month engine in memory: month by month, the history being the records returned so far (previous-year months
 * first), every expected key of every month compared with record.figures by exact equality. A failure names the
 * vector, the month and the key.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateDeMonth } from '../../../../src/domain/de/run/month.js';
import { DE_FIGURE_KEYS, parseDeMonthRecord } from '../../../../src/domain/de/run/record.js';
import type { DeMonthRecord } from '../../../../src/domain/de/run/month-types.js';
import { asDeRunVector, deRunMonthInput, type DeRunVector } from '../../../../src/tools/verify/de-run-input.js';
import type { Vector } from '../../../../src/tools/verify/types.js';
import { referencePath } from '../../../support/reference.js';

function load(file: string): DeRunVector[] {
  return readFileSync(referencePath('de', file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => asDeRunVector(JSON.parse(line) as Vector));
}

/** Replays a vector; returns "id month key: expected … got …" for every difference. */
export function replay(vector: DeRunVector): string[] {
  const differences: string[] = [];
  const history: DeMonthRecord[] = [];
  for (const [index, month] of vector.months.entries()) {
    const { record } = calculateDeMonth(deRunMonthInput(vector, index, history));
    for (const [key, expected] of Object.entries(month.expected)) {
      const got = record.figures[key];
      if (got !== expected) differences.push(`${vector.id} ${month.month} ${key}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
    }
    // The store keeps records as JSON: the next month reads them back through the version check.
    history.push(parseDeMonthRecord(JSON.parse(JSON.stringify(record))));
  }
  return differences;
}

const files = { 'run2025-vectors.jsonl': 20, 'run2026-vectors.jsonl': 60 };

for (const [file, count] of Object.entries(files)) {
  describe(file, () => {
    const vectors = load(file);
    it(`holds ${count} vectors`, () => expect(vectors).toHaveLength(count));
    it.each(vectors.map((v) => [v.id, v] as const))('%s', (_id, vector) => {
      expect(replay(vector)).toEqual([]);
    });
  });
}

describe('records', () => {
  it('carry every figure key in every month, null where a key does not apply', () => {
    const vector = load('run2026-vectors.jsonl').find((v) => v.id === 'derun2026-0139');
    if (!vector) throw new Error('derun2026-0139 missing');
    const { record } = calculateDeMonth(deRunMonthInput(vector, 0, []));
    expect(Object.keys(record.figures).sort()).toEqual([...DE_FIGURE_KEYS].sort());
    expect(record.figures['one_off.income_tax']).toBeNull();
    expect(record.figures['tax.partial_period_days']).toBe(15);
  });
});
