import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';

/** A GB employer in the sandbox's database, made in-process (the CLI under test only runs, reviews and approves). */
async function employerIn(database: string): Promise<GbSetup> {
  const store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    return await gbEmployer(service, { employees: 2 });
  } finally {
    await store.close();
  }
}

describe('payroll wage-types, pension, run-gb and runs (CLI)', () => {
  it('lists and shows wage types', async () => {
    const { env } = cliSandbox();
    const list = await runCli(['wage-types', 'list', '--category', 'pension', '--json'], { env });
    expect(list.code).toBe(0);
    expect(list.json<{ wage_type_code: string }[]>().map((w) => w.wage_type_code)).toEqual(['UK-P-001', 'UK-P-002', 'UK-P-003', 'UK-P-004']);
    const ssp = await runCli(['wage-types', 'show', 'UK-S-001', '--valid-on', '2026-05-01', '--json'], { env });
    expect(ssp.json<{ thresholds: { weekly_rate: string } }>().thresholds.weekly_rate).toBe('123.25');
    expect((await runCli(['wage-types', 'list', '--size', '101'], { env })).code).toBe(3);
    expect((await runCli(['wage-types', 'show', 'UK-NOPE'], { env })).code).toBe(6);
  });

  it('creates a scheme, enrols, shows the status and opts out', async () => {
    const { env } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    const employee = setup.employeeIds[0] as string;
    const args = ['pension', 'scheme', 'create', '--org', setup.orgId, '--valid-from', '2025-04-06', '--name', 'Workplace', '--provider', 'OTHER', '--tax-treatment', 'RELIEF_AT_SOURCE', '--earnings', 'QUALIFYING_EARNINGS', '--employee-rate', '0.05', '--employer-rate', '0.03'];
    const created = await runCli([...args, '--json'], { env });
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('→ local ');
    expect(created.json()).toMatchObject({ is_default: true, wage_type_code: 'UK-P-002', employee_rate: '0.05' });
    const missing = await runCli(['pension', 'scheme', 'create', '--org', setup.orgId, '--name', 'X'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing --valid-from/);
    expect((await runCli([...args, '--employee-rate', '0.04'], { env })).code).toBe(3);
    const enrol = await runCli(['pension', 'enrol', employee, '--org', setup.orgId, '--date', '2025-05-01', '--route', 'AUTO_ENROLLED', '--category', 'ELIGIBLE_JOBHOLDER', '--communication-date', '2025-05-01', '--json'], { env });
    expect(enrol.json()).toMatchObject({ status: 'ACTIVE', version: 0 });
    expect((await runCli(['pension', 'enrol', employee, '--org', setup.orgId, '--date', '2025-05-02', '--route', 'OPTED_IN', '--category', 'ELIGIBLE_JOBHOLDER'], { env })).code).toBe(5);
    const out = await runCli(['pension', 'opt-out', employee, '--org', setup.orgId, '--date', '2025-05-20', '--json'], { env });
    expect(out.json()).toMatchObject({ status: 'OPTED_OUT', refund_due: true });
    const status = await runCli(['pension', 'status', employee, '--org', setup.orgId, '--json'], { env });
    expect(status.json<{ history: unknown[] }>().history).toHaveLength(2);
  });

  it('runs from --input, reviews, approves with --yes only, pays, and refuses what the lifecycle does not allow', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(runBody(setup, 1, ['2500.00', '3100.50'])));
    const run = await runCli(['run-gb', '--org', setup.orgId, '--input', file, '--json'], { env });
    expect(run.code).toBe(0);
    const draft = run.json<{ id: string; status: string; payslips: { net_pay: string }[] }>();
    expect(draft.status).toBe('draft');
    expect(draft.payslips).toHaveLength(2);
    expect((await runCli(['run-gb', '--org', setup.orgId, '--input', file], { env })).code).toBe(5);
    const unconfirmed = await runCli(['runs', 'approve', draft.id, '--org', setup.orgId], { env });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/pass --yes/);
    const approved = await runCli(['runs', 'approve', draft.id, '--org', setup.orgId, '--yes', '--json'], { env });
    expect(approved.code).toBe(0);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect((await runCli(['runs', 'approve', draft.id, '--org', setup.orgId, '--yes'], { env })).code).toBe(5);
    expect((await runCli(['runs', 'discard', draft.id, '--org', setup.orgId, '--yes'], { env })).code).toBe(5);
    expect((await runCli(['runs', 'pay', draft.id, '--org', setup.orgId, '--yes', '--json'], { env })).json()).toMatchObject({ status: 'paid' });

    // The long form, and a period chosen by flag over the file's.
    const second = await runCli(['payroll', 'run-gb', '--org', setup.orgId, '--input', file, '--period', '2', '--tax-year', '2025-26', '--json'], { env });
    expect(second.code).toBe(0);
    const secondRun = second.json<{ id: string; period_number: number; payslips: { ytd_this_employment: { gross_pay: string } }[] }>();
    expect(secondRun.period_number).toBe(2);
    expect(secondRun.payslips[0]?.ytd_this_employment.gross_pay).toBe('5000.00');
    expect((await runCli(['runs', 'discard', secondRun.id, '--org', setup.orgId, '--yes', '--json'], { env })).json()).toMatchObject({ status: 'discarded' });
    const list = await runCli(['runs', 'list', '--org', setup.orgId, '--json'], { env });
    expect(list.json<{ status: string }[]>().map((r) => r.status)).toEqual(['paid', 'discarded']);
    const shown = await runCli(['runs', 'show', draft.id, '--org', setup.orgId, '-o', 'csv'], { env });
    expect(shown.stdout.split('\n')[0]).toContain('net pay');
  });

  it('needs --input off a terminal and names the bad field of a request', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    const noInput = await runCli(['run-gb', '--org', setup.orgId], { env });
    expect(noInput.code).toBe(2);
    expect(noInput.stderr).toMatch(/missing --input/);
    const file = join(dir, 'bad.json');
    const body = runBody(setup, 1, '1000');
    ((body.payroll_group as { pay_details: { earnings: { wage_type_code: string }[] } }[])[0] as { pay_details: { earnings: { wage_type_code: string }[] } }).pay_details.earnings[0] = { wage_type_code: 'UK-E-999' };
    writeFileSync(file, JSON.stringify(body));
    const bad = await runCli(['run-gb', '--org', setup.orgId, '--input', file, '--json'], { env });
    expect(bad.code).toBe(3);
    expect(JSON.parse(bad.stderr)).toMatchObject({ error: { kind: 'validation' } });
  });
});
