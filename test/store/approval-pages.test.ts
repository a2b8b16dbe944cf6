/**
 * Decision PGRUN-15: an approval reads a run's payslips a page at a time in employee order. On PostgreSQL the pages
 * come from one cursor (planned for its first rows, so the run's index is walked once whatever the statistics say);
 * on SQLite from the keyset query. Both must give every payslip once, in employee order, in pages of the size asked.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listPayslipsForApproval } from '../../src/store/repositories/payroll-runs.js';
import { runRequest, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';
import { engines, storePerTest } from './engines.js';

for (const engine of engines()) {
  describe(`approval pages of a run [${engine.name}]`, () => {
    const { target, store } = storePerTest(engine);

    it('gives every payslip once, in employee order, a page of the size asked at a time', async () => {
      const service = target().service(store());
      const seed = await seedLargePayGroup(service, store(), 11);
      const run = await service.runGbPayroll(seed.orgId, runRequest(seed, 1));
      const expected = (await store().db.selectFrom('gb_payslips').select(['id', 'employee_id']).where('run_id', '=', run.payroll_status_id).orderBy('employee_id').execute()).map((p) => p.id);
      expect(expected).toHaveLength(11);

      const paged = (size: number) =>
        store()
          .db.transaction()
          .execute(async (trx) => {
            const pages: string[][] = [];
            let after: string | null = null;
            for (;;) {
              const page = await listPayslipsForApproval(trx, run.payroll_status_id, after, size);
              pages.push(page.map((p) => p.id));
              if (page.length < size) break;
              after = page[page.length - 1]?.employee_id ?? null;
            }
            const cursors = engine.name === 'postgres' ? (await sql<{ name: string }>`select name from pg_cursors`.execute(trx)).rows.map((r) => r.name) : [];
            return { pages, cursors };
          });
      const { pages, cursors } = await paged(4);
      expect(pages.map((p) => p.length)).toEqual([4, 4, 3]);
      expect(pages.flat()).toEqual(expected);
      // A page that ends the run exactly is followed by an empty one (the approval's end), in a transaction of its own.
      const whole = await paged(11);
      expect(whole.pages.map((p) => p.length)).toEqual([11, 0]);
      expect(whole.pages.flat()).toEqual(expected);
      // PostgreSQL: one cursor for the approval, named after the run; it ends with the transaction.
      if (engine.name === 'postgres') {
        expect(cursors).toEqual([`approval_${run.payroll_status_id.replace(/-/g, '')}`]);
        expect((await sql<{ name: string }>`select name from pg_cursors`.execute(store().db)).rows).toEqual([]);
      }
    }, 120_000);
  });
}
