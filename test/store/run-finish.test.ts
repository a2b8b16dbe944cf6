/**
 * Finding F4: a GB run's calculation ends in one transaction that writes the payslips and turns the run from
 * `processing` into `draft`. Meanwhile another attempt for the same period may take the run for abandoned and mark
 * it `failed` (claim() in payroll-runs.ts). The draft update must then change nothing and the payslips must go:
 * otherwise a run reported failed ("nothing of it was saved") would silently come back as a draft holding the period.
 *
 * The concurrent mark is staged by a trigger on gb_payslips that marks the run failed as soon as the first payslip
 * is written, i.e. exactly between finish()'s status check and its status update: deterministic on both engines,
 * where a real second process would hit that window only now and then.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import type { Store } from '../../src/store/database.js';
import { gbEmployer, runBody } from '../domain/gb/run/fixtures.js';
import { engines, type Target } from './engines.js';

const REASON = 'abandoned: marked by the test trigger';

async function installMarker(store: Store): Promise<void> {
  if (store.dialect === 'postgres') {
    await sql
      .raw(
        `create function mark_run_failed() returns trigger language plpgsql as $$
         begin
           update gb_payroll_runs set status = 'failed', failure_reason = '${REASON}' where id = new.run_id and status = 'processing';
           return new;
         end $$`,
      )
      .execute(store.db);
    await sql.raw('create trigger mark_run_failed after insert on gb_payslips for each row execute function mark_run_failed()').execute(store.db);
  } else {
    await sql
      .raw(
        `create trigger mark_run_failed after insert on gb_payslips begin
           update gb_payroll_runs set status = 'failed', failure_reason = '${REASON}' where id = new.run_id and status = 'processing';
         end`,
      )
      .execute(store.db);
  }
}

async function removeMarker(store: Store): Promise<void> {
  await sql.raw(store.dialect === 'postgres' ? 'drop trigger mark_run_failed on gb_payslips' : 'drop trigger mark_run_failed').execute(store.db);
}

for (const engine of engines()) {
  describe(`GB run marked failed while its payslips are written [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;

    beforeEach(async () => {
      target = await engine.target();
      store = await target.open();
      service = target.service(store);
    });

    afterEach(async () => {
      await store.close();
      await target.dispose();
    });

    it('refuses with a conflict, keeps no payslip and leaves the run failed; the period can be run again', async () => {
      const setup = await gbEmployer(service, { employees: 3 });
      await installMarker(store);
      const refused = await service.runGbPayroll(setup.orgId, runBody(setup, 1, '2000')).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ kind: 'conflict', code: 'PAYROLL_RUN.ABANDONED' });
      expect((refused as Error).message).toMatch(/was marked failed while its payslips were being written.*run the period again/);

      const runs = await store.db.selectFrom('gb_payroll_runs').select(['id', 'status', 'slot_key']).where('org_id', '=', setup.orgId).execute();
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'failed', slot_key: null });
      const payslips = await store.db.selectFrom('gb_payslips').select('id').where('org_id', '=', setup.orgId).execute();
      expect(payslips).toEqual([]);

      await removeMarker(store);
      const rerun = await service.runGbPayroll(setup.orgId, runBody(setup, 1, '2000'));
      expect((await service.getPayrollRun(setup.orgId, rerun.payroll_status_id)).payslips).toHaveLength(3);
    });
  });
}
