/**
 * Issue 14 through the real launcher: `payroll run-de --org ORG --period YYYY-MM [--input items.json]` stores a
 * draft and prints its payslips and run id, `payroll runs list|show|approve|pay|discard` work for a German
 * organization, and `payroll lohnkonto` prints the payroll account as a table, JSON and CSV.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GermanPayrollRun, PayrollAccount } from '../../src/service/ports.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { type DeSetup, deEmployer } from '../domain/de/run/fixtures.js';

/**
 * A German employer (derun2026-0002's employee, hired on 1 January 2026: a one-off in February needs no 2025 months
 * for the Märzklausel) in the sandbox's database, made in-process.
 */
async function employerIn(database: string): Promise<DeSetup> {
  const store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    return await deEmployer(service, { startDate: '2026-01-01' });
  } finally {
    await store.close();
  }
}

describe('payroll run-de --org, runs and lohnkonto for a German organization (CLI)', () => {
  it('stores a draft, approves it with runs approve, and prints the payroll account', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    const employee = setup.employeeIds[0] as string;

    const january = await runCli(['run-de', '--org', setup.orgId, '--period', '2026-01', '-o', 'json'], { env });
    expect(january.code, january.stderr).toBe(0);
    expect(january.stderr).toContain('→ local ');
    const run = january.json<GermanPayrollRun>();
    expect(run).toMatchObject({ status: 'draft', month: '2026-01', employee_count: 1, totals: { gross_pay: '8401.84', net_pay: '4194.30' } });
    expect(run.payslips?.[0]?.figures).toMatchObject({ 'employee.taxes.income_tax': '2599.41', sv_days: 30 });

    // The table names the run and shows the payslips; a second run of the month is a conflict (exit 5).
    const table = await runCli(['runs', 'show', run.id, '--org', setup.orgId, '-o', 'table'], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toContain(`run ${run.id}: draft, 2026-01`);
    expect(table.stdout).toContain('2599.41');
    expect((await runCli(['run-de', '--org', setup.orgId, '--period', '2026-01'], { env })).code).toBe(5);

    expect((await runCli(['runs', 'approve', run.id, '--org', setup.orgId], { env })).code).toBe(2); // needs --yes off a terminal
    const approved = await runCli(['runs', 'approve', run.id, '--org', setup.orgId, '--yes', '--json'], { env });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.json<GermanPayrollRun>()).toMatchObject({ id: run.id, status: 'approved' });
    expect((await runCli(['runs', 'discard', run.id, '--org', setup.orgId, '--yes'], { env })).code).toBe(5);

    // February with monthly inputs from a file: a one-off and a deduction.
    const items = join(dir, 'items.json');
    writeFileSync(items, JSON.stringify({ items: [{ employee_id: employee, earnings: [{ earning_type: 'bonus', amount: '500.00', is_lumpsum: true }], deductions: [{ name: 'Vorschuss', amount: '100.00' }] }] }));
    const february = await runCli(['payroll', 'run-de', '--org', setup.orgId, '--period', '2026-02', '--input', items, '--approve', '--yes', '--json'], { env });
    expect(february.code, february.stderr).toBe(0);
    const feb = february.json<GermanPayrollRun>();
    expect(feb.payslips?.[0]?.current_pay_period.employee.totals).toMatchObject({ total_gross_wages: '8901.84', total_deductions: '100.00' });
    expect(february.stderr).toContain(`run ${feb.id} approved`);
    const paid = await runCli(['runs', 'pay', feb.id, '--org', setup.orgId, '--yes', '--json'], { env });
    expect(paid.json<GermanPayrollRun>().status).toBe('paid');

    // A bad items file names the field (exit 3).
    writeFileSync(items, JSON.stringify({ items: [{ employee_id: employee, earnings: [{ earning_type: 'bonus', amount: 'lots' }] }] }));
    const bad = await runCli(['run-de', '--org', setup.orgId, '--period', '2026-03', '--input', items], { env });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('items.0.earnings.0.amount');

    const list = await runCli(['runs', 'list', '--org', setup.orgId, '--json'], { env });
    expect(list.json<GermanPayrollRun[]>().filter((r) => r.status !== 'failed').map((r) => [r.month, r.status])).toEqual([
      ['2026-01', 'approved'],
      ['2026-02', 'paid'],
    ]);

    const account = await runCli(['lohnkonto', '--org', setup.orgId, '--employee', employee, '--year', '2026', '--json'], { env });
    expect(account.code, account.stderr).toBe(0);
    const json = account.json<PayrollAccount>();
    expect(json.months.map((m) => m.month)).toEqual(['2026-01', '2026-02']);
    expect(json.totals).toMatchObject({ 'employee.totals.total_gross_wages': '17303.68', sv_days: 60, 'employee.insurance.pension_assessment_base': expect.any(String) });
    const csv = await runCli(['payroll', 'lohnkonto', '--org', setup.orgId, '--employee', employee, '--year', '2026', '-o', 'csv'], { env });
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toContain('month,row,gross,taxable,wage tax,soli,church tax,SV-Tage');
    expect(lines[1]?.startsWith('2026-01,month,8401.84,8401.84,2599.41,107.52,0.00,30,5812.50,')).toBe(true);
    expect(lines[4]?.startsWith('2026-02,year to date,17303.68,')).toBe(true);
    const tableAccount = await runCli(['lohnkonto', '--org', setup.orgId, '--employee', employee, '--year', '2026', '-o', 'table'], { env });
    expect(tableAccount.stdout).toContain('year to date');
    expect((await runCli(['lohnkonto', '--org', setup.orgId, '--employee', employee], { env })).code).toBe(2);
  });

  it('keeps run-de --input without --org as POST /germany/payroll and refuses stored-run flags there', async () => {
    const { env } = cliSandbox();
    const refused = await runCli(['run-de', '--input', '-', '--period', '2026-01'], { env, stdin: '{}' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--period needs --org');
    // Without --period the next unrun month is taken (issue 18), so an unknown organization is what stops it.
    const unknown = await runCli(['run-de', '--org', 'x'], { env });
    expect(unknown.code).toBe(6);
    expect((await runCli(['run-de', '--org', 'x', '--period', '2026-13'], { env })).stderr).toContain('--period 2026-13: must be a month in the form YYYY-MM');
  });
});
