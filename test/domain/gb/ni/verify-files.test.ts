/** The gb-ni and gb-director-ni runners as `payroll verify` reaches them: through kinds.ts and verifyFiles. */
import { describe, expect, it } from 'vitest';
import { verifyFiles } from '../../../../src/tools/verify/run.js';
import { GB_REFERENCE_DIR } from '../vectors.js';

describe('payroll verify over the NI vector files', () => {
  it.each([
    ['hmrc-official-ni-2526.jsonl', 896],
    ['directors2526-vectors.jsonl', 116],
    ['directors2627-vectors.jsonl', 148],
  ])('%s: every vector passes', async (file, count) => {
    const report = await verifyFiles([`${GB_REFERENCE_DIR}/${file}`]);
    expect(report.mismatches).toEqual([]);
    expect(report).toMatchObject({ passed: count, failed: 0 });
  });
});
