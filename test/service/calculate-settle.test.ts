/**
 * Decision PGRUN-9: a batch's payslips are settled (turned into what the run keeps) every SETTLE_EVERY payslips, so
 * no more than that many calculations are alive at once, whatever the batch size; what is kept is every payslip,
 * in order, with its own payslip id.
 */
import { describe, expect, it } from 'vitest';
import { calculateBatch, SETTLE_EVERY } from '../../src/service/runs/calculate.js';
import type { ServiceContext } from '../../src/service/context.js';

function fixture(size: number) {
  let next = 0;
  const ctx = { ids: { next: () => `id${++next}` } } as unknown as ServiceContext;
  const items = Array.from({ length: size }, (_, i) => ({ employee_id: `e${i}` }));
  const jurisdiction = { uncomputableCode: 'X', calculate: ({ item, payslipId }: { item: { employee_id: string }; payslipId: string }) => ({ payslip: { employeeId: item.employee_id, warnings: [] }, id: payslipId }) };
  const prepared = { items, locOf: () => [] };
  const read = { batch: { from: 0, items, employees: new Map(items.map((item) => [item.employee_id, {}])), pay: items.map(() => ({})) }, inputs: { note: 'inputs' } };
  return { ctx, jurisdiction, prepared, read };
}

describe('calculateBatch settles its payslips every SETTLE_EVERY', () => {
  it.each([1, SETTLE_EVERY, SETTLE_EVERY + 1, 8 * SETTLE_EVERY + 3])('%i payslips: groups of at most SETTLE_EVERY, every payslip kept in order with its id', async (size) => {
    const { ctx, jurisdiction, prepared, read } = fixture(size);
    const groups: number[] = [];
    const result = await calculateBatch(ctx, jurisdiction as never, { orgId: 'o' } as never, prepared as never, read as never, {}, (calculations, ids, inputs) => {
      groups.push(calculations.length);
      expect(inputs).toBe(read.inputs);
      return calculations.map((c, i) => `${(c.payslip as { employeeId: string }).employeeId}:${ids[i]}`);
    });
    expect(groups.every((n) => n > 0 && n <= SETTLE_EVERY)).toBe(true);
    expect(groups).toHaveLength(Math.ceil(size / SETTLE_EVERY));
    expect(result.kept).toEqual(Array.from({ length: size }, (_, i) => `e${i}:id${i + 1}`));
    expect(result.inputs).toBe(read.inputs);
  });
});
