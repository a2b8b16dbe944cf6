/**
 * Decision PGRUN-2: on PostgreSQL a run reads the next batch and inserts the previous one while it calculates this
 * one, and an approval does the same with its pages. A failure in a later batch must still leave nothing stored and
 * be reported: a failing insert whose error wins over the aborted transaction's, a calculation that throws while an
 * insert and a read are in flight, and a failing write in a later approval page. No rejection may go unhandled.
 * The same cases run on SQLite, where the batches go one after another.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import type { PayrollService } from '../../src/service/ports.js';
import { APPROVAL_PAGE, RUN_BATCH } from '../../src/service/runs/calculate.js';
import { gbJurisdiction } from '../../src/service/runs/gb/jurisdiction.js';
import type { Store } from '../../src/store/database.js';
import { runRequest, type SeededGroup, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';
import { engines, type Target } from '../store/engines.js';

const MESSAGE = 'test trigger: refused';

/** A trigger refusing the row of one employee in `table` (each engine's own syntax). */
async function refuseRow(store: Store, table: 'gb_payslips' | 'gb_ytd', employeeId: string): Promise<void> {
  if (store.dialect === 'postgres') {
    await sql
      .raw(
        `create function refuse_${table}() returns trigger language plpgsql as $$ begin if new.employee_id = '${employeeId}' then raise exception '${MESSAGE}'; end if; return new; end $$;
         create trigger refuse_${table} before insert on ${table} for each row execute function refuse_${table}()`,
      )
      .execute(store.db);
  } else {
    await sql.raw(`create trigger refuse_${table} before insert on ${table} when new.employee_id = '${employeeId}' begin select raise(abort, '${MESSAGE}'); end`).execute(store.db);
  }
}

async function allowRows(store: Store, table: 'gb_payslips' | 'gb_ytd'): Promise<void> {
  if (store.dialect === 'postgres') await sql.raw(`drop trigger refuse_${table} on ${table}; drop function refuse_${table}()`).execute(store.db);
  else await sql.raw(`drop trigger refuse_${table}`).execute(store.db);
}

async function count(store: Store, table: 'gb_payslips' | 'gb_ytd' | 'documents' | 'gb_pension_memberships'): Promise<number> {
  const row = await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

for (const engine of engines()) {
  const size = RUN_BATCH[engine.name];
  const page = APPROVAL_PAGE[engine.name];
  // At least four and a half batches and three and a half approval pages: a write fails while the next batch's (or
  // page's) read is queued behind it.
  const employees = Math.round(Math.max(size * 4.5, page * 3.5));

  describe(`a GB run of ${employees} employees in batches of ${size}, failing in a later batch [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;
    let seed: SeededGroup;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);

    beforeAll(async () => {
      process.on('unhandledRejection', onUnhandled);
      target = await engine.target();
      store = await target.open();
      service = target.service(store);
      seed = await seedLargePayGroup(service, store, employees);
    }, 300_000);

    afterEach(async () => {
      vi.restoreAllMocks();
      // A rejection nobody handled surfaces on a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    });

    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      await store.close();
      await target.dispose();
    });

    it('an insert refused in the second batch stores nothing and reports the refusal', async () => {
      await refuseRow(store, 'gb_payslips', seed.employeeIds[size + 3] as string);
      try {
        await expect(service.runGbPayroll(seed.orgId, runRequest(seed, 1))).rejects.toThrow(MESSAGE);
      } finally {
        await allowRows(store, 'gb_payslips');
      }
      expect(await count(store, 'gb_payslips')).toBe(0);
      const runs = await store.db.selectFrom('gb_payroll_runs').select(['status', 'failure_reason']).execute();
      expect(runs).toEqual([{ status: 'failed', failure_reason: expect.stringContaining(MESSAGE) }]);
    }, 300_000);

    it('a calculation failing in the third batch (an insert and a read in flight) stores nothing and reports it', async () => {
      const failing = seed.employeeIds[2 * size + 5] as string;
      const calculate = gbJurisdiction.calculate.bind(gbJurisdiction);
      vi.spyOn(gbJurisdiction, 'calculate').mockImplementation((args) => {
        if (args.item.employee_id === failing) throw new Error('test: calculation failed');
        return calculate(args);
      });
      await expect(service.runGbPayroll(seed.orgId, runRequest(seed, 1))).rejects.toThrow('test: calculation failed');
      expect(await count(store, 'gb_payslips')).toBe(0);
    }, 300_000);

    it('runs every employee once after the failures; an approval refused in a later page stores nothing; then it approves', async () => {
      const result = await service.runGbPayroll(seed.orgId, runRequest(seed, 1));
      const run = await service.getPayrollRun(seed.orgId, result.payroll_status_id);
      const payslips = run.payslips ?? [];
      expect(payslips).toHaveLength(employees);
      expect(new Set(payslips.map((p) => p.employee_id))).toEqual(new Set(seed.employeeIds));
      const sum = (field: 'net_pay' | 'gross_pay' | 'tax') => payslips.reduce((total, p) => total.plus(p[field]), new Decimal(0)).toFixed(2);
      expect([run.totals?.net_pay, run.totals?.gross_pay, run.totals?.tax]).toEqual([sum('net_pay'), sum('gross_pay'), sum('tax')]);

      // Approval goes in employee-id order: the refused row is in its third page.
      const inOrder = [...seed.employeeIds].sort();
      const memberships = await count(store, 'gb_pension_memberships');
      await refuseRow(store, 'gb_ytd', inOrder[2 * page + 7] as string);
      try {
        await expect(service.approvePayrollRun(seed.orgId, run.id)).rejects.toThrow(MESSAGE);
      } finally {
        await allowRows(store, 'gb_ytd');
      }
      expect(await count(store, 'gb_ytd')).toBe(0);
      expect(await count(store, 'documents')).toBe(0);
      expect(await count(store, 'gb_pension_memberships')).toBe(memberships);
      expect((await service.getPayrollRun(seed.orgId, run.id)).status).toBe('draft');

      await service.approvePayrollRun(seed.orgId, run.id);
      const ytd = await store.db.selectFrom('gb_ytd').select(['employee_id', 'payslip_id']).execute();
      const byEmployee = new Map(payslips.map((p) => [p.employee_id, p.id]));
      expect(ytd).toHaveLength(employees);
      expect(ytd.every((row) => byEmployee.get(row.employee_id) === row.payslip_id)).toBe(true);
      const documents = await store.db.selectFrom('documents').select('employee_id').where('source_run_id', '=', run.id).where('document_type', '=', 'payslip').execute();
      expect(new Set(documents.map((d) => d.employee_id))).toEqual(new Set(seed.employeeIds));
      expect(documents).toHaveLength(employees);
      expect(await count(store, 'gb_pension_memberships')).toBeGreaterThan(memberships);
    }, 600_000);
  });
}
