/**
 * Issue 19 point 2: a run reads, calculates and writes its employees RUN_BATCH[dialect] at a time, and approval works a
 * page at a time. A run of 2.5 batches must come out as one run: every employee paid once, totals equal to the sum
 * of the payslips, year to date and a payslip document for every employee after approval; an error in a later
 * batch located at its item in the request and nothing stored.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from '../../src/domain/money.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { RUN_BATCH } from '../../src/service/runs/calculate.js';
import { openStore, type Store } from '../../src/store/database.js';
import { runRequest, type SeededGroup, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';

const EMPLOYEES = Math.round(RUN_BATCH.sqlite * 2.5);

describe(`a GB run of ${EMPLOYEES} employees (${RUN_BATCH.sqlite} per batch on SQLite)`, () => {
  let dir: string;
  let store: Store;
  let service: PayrollService;
  let seed: SeededGroup;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-run-batches-'));
    store = await openStore(':memory:');
    service = createLocalService(store, { actor: localActor('batches'), objects: createFolderObjectStore(dir) });
    seed = await seedLargePayGroup(service, store, EMPLOYEES);
  }, 300_000);

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an item of the last batch at its place in the request and stores nothing', async () => {
    const request = runRequest(seed, 1) as { payroll_group: { employee_id: string }[] };
    const at = EMPLOYEES - 3;
    (request.payroll_group[at] as { employee_id: string }).employee_id = '01900000-0000-7000-8000-000000000000';
    await expect(service.runGbPayroll(seed.orgId, request)).rejects.toMatchObject({ issues: [{ loc: ['body', 'payroll_group', String(at), 'employee_id'], type: 'reference_missing' }] });
    const payslips = await store.db.selectFrom('gb_payslips').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(payslips.n)).toBe(0);
  }, 300_000);

  it('pays every employee once, with totals that are the sum of the payslips, and approves them all', async () => {
    const result = await service.runGbPayroll(seed.orgId, runRequest(seed, 1));
    const run = await service.getPayrollRun(seed.orgId, result.payroll_status_id);
    const payslips = run.payslips ?? [];
    expect(payslips).toHaveLength(EMPLOYEES);
    expect(new Set(payslips.map((p) => p.employee_id))).toEqual(new Set(seed.employeeIds));
    const sum = (field: 'net_pay' | 'gross_pay' | 'tax' | 'employer_ni') => payslips.reduce((total, p) => total.plus(p[field]), new Decimal(0)).toFixed(2);
    expect(run.totals?.net_pay).toBe(sum('net_pay'));
    expect(run.totals?.gross_pay).toBe(sum('gross_pay'));
    expect(run.totals?.tax).toBe(sum('tax'));
    expect(run.totals?.employer_ni).toBe(sum('employer_ni'));
    expect(run.employee_count).toBe(EMPLOYEES);

    await service.approvePayrollRun(seed.orgId, run.id);
    const ytd = await store.db.selectFrom('gb_ytd').select(['employee_id', 'payslip_id']).where('org_id', '=', seed.orgId).execute();
    expect(ytd).toHaveLength(EMPLOYEES);
    const byEmployee = new Map(payslips.map((p) => [p.employee_id, p.id]));
    expect(ytd.every((row) => byEmployee.get(row.employee_id) === row.payslip_id)).toBe(true);
    const documents = await store.db.selectFrom('documents').select(['employee_id']).where('source_run_id', '=', run.id).where('document_type', '=', 'payslip').execute();
    expect(documents).toHaveLength(EMPLOYEES);
    expect(new Set(documents.map((d) => d.employee_id))).toEqual(new Set(seed.employeeIds));

    // The next period starts from the year to date of every page approved.
    const next = await service.runGbPayroll(seed.orgId, runRequest(seed, 2));
    const second = await service.getPayrollRun(seed.orgId, next.payroll_status_id);
    const bases = await store.db.selectFrom('gb_payslips').select(['employee_id', 'ytd_base_payslip_id']).where('run_id', '=', second.id).execute();
    expect(bases.every((b) => b.ytd_base_payslip_id === byEmployee.get(b.employee_id))).toBe(true);
  }, 600_000);
});
