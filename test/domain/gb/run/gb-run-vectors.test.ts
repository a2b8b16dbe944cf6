import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runner } from '../../../../src/tools/verify/runners/gb-run.js';
import { verifyFiles } from '../../../../src/tools/verify/run.js';
import type { Vector } from '../../../../src/tools/verify/types.js';
import { referencePath } from '../../../support/reference.js';

const FILE = referencePath('gb', 'run2526-vectors.jsonl');
const vectors = readFileSync(FILE, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as Vector);

/** Golden: every gb-run vector replayed through the store and real payroll runs matches every expected figure. */
describe('gb-run vectors (run2526)', () => {
  it.each(vectors.map((v) => [v.id, v] as const))('%s', async (_id, vector) => {
    expect(await runner(vector)).toEqual([]);
  });

  it('passes through payroll verify’s registry: 35 passed, 0 failed', async () => {
    const report = await verifyFiles([FILE]);
    expect({ passed: report.passed, failed: report.failed }).toEqual({ passed: vectors.length, failed: 0 });
    expect(vectors.length).toBe(35);
  });
});
