/**
 * `payroll liabilities --org ORG --tax-year Y [--month N]` (issue 16 point 2): the P32 view of a British employer from
 * its approved runs, as JSON, CSV and the table breakdown of one month; `org update` setting the gb flags; usage and
 * validation refusals with their exit codes. The year is set up through the service on the CLI's own database: April
 * to June paid, then July with a maternity leave whose SMP the run pays (6 days × 540 ÷ 7 = 462.86).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { LiabilitiesResponse, PayrollService } from '../../src/service/ports.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';

async function withService<T>(database: string, work: (service: PayrollService) => Promise<T>): Promise<T> {
  const store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    return await work(service);
  } finally {
    await store.close();
  }
}

async function yearWithSmp(service: PayrollService, orgId: string): Promise<void> {
  const calendar = await service.createPayCalendar(orgId, { name: 'Calendar months', frequency: 'monthly', first_period_start: '2026-04-01', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
  const group = await service.createPayGroup(orgId, { name: 'Staff', pay_calendar_id: calendar.id });
  const mia = (await service.createEmployee(orgId, { first_name: 'Mia', last_name: 'Test', date_of_birth: '1988-03-01', start_date: '2020-01-06', gb: { tax_code: '1257L', ni_category: 'A' } })).id;
  await service.assignEmployees(orgId, group.id, { employee_ids: [mia] });
  const pay = async (payDate: string, amount: string) => {
    const result = await service.runGbPayroll(orgId, { pay_group_id: group.id, pay_calendar_id: calendar.id, pay_date: payDate, payroll_group: [{ employee_id: mia, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount }] } }] });
    await service.approvePayrollRun(orgId, result.payroll_status_id);
  };
  for (const payDate of ['2026-04-30', '2026-05-31', '2026-06-30']) await pay(payDate, '2600.00');
  await service.createAbsence(orgId, mia, { kind: 'maternity', first_day: '2026-07-26', due_date: '2026-10-14' });
  await pay('2026-07-31', '2000.00');
}

describe('payroll liabilities (CLI)', () => {
  it('prints the month’s P32 breakdown, the year as CSV and JSON, after setting the gb flags with org update', async () => {
    const { env } = cliSandbox();
    const org = await runCli(['org', 'create', '--legal-name', 'P32 Ltd', '--country', 'GB', '--json'], { env });
    const orgId = org.json<{ id: string }>().id;
    expect((await runCli(['org', 'update', orgId, '--employment-allowance', 'yes'], { env })).code).toBe(2); // which tax year?
    const updated = await runCli(['org', 'update', orgId, '--tax-year', '2026-27', '--employment-allowance', 'yes', '--small-employers-relief', 'yes', '--json'], { env });
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json<{ gb: unknown }>().gb).toMatchObject({ employment_allowance_claims: [{ tax_year: '2026-27', from_month: 1 }], small_employers_relief_years: ['2026-27'] });
    await withService(env.PAYROLL_DATABASE as string, (service) => yearWithSmp(service, orgId));

    const json = await runCli(['liabilities', '--org', orgId, '--tax-year', '2026-27', '--month', '4', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    const result = json.json<LiabilitiesResponse>();
    expect(result.months).toHaveLength(1);
    const m = result.months[0]!;
    expect(m).toMatchObject({ month: 4, payslips: 1, statutory_recovered_total: '462.86', nic_compensation_total: '41.66', employment_allowance_used: m.employer_ni, levy_due: '0.00' });
    expect(m.statutory_paid.smp).toBe('462.86');

    const table = await runCli(['liabilities', '--org', orgId, '--tax-year', '2026-27', '--month', '4', '-o', 'table'], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toContain('Employment Allowance claimed from month 1; small employers\' relief; levy allowance 15000.00');
    expect(table.stderr).toContain('tax month 4 (2026-07-06 to 2026-08-05), 1 payslip(s)');
    expect(table.stdout).toMatch(/Statutory payments recovered\s+│\s+-462\.86/);
    expect(table.stdout).toMatch(/NIC compensation on statutory payments\s+│\s+-41\.66/);
    expect(table.stdout).toMatch(new RegExp(`Total due to HMRC by 2026-08-22\\s+│\\s+${m.amount_due.replace('.', '\\.')}`));

    const csv = await runCli(['liabilities', '--org', orgId, '--tax-year', '2026-27', '-o', 'csv'], { env });
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('month,from,to,PAYE,loans,employee NI,employer NI,EA used,recovered,compensation,levy,due,due by');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '2', '3', '4']);
    expect(lines[4]?.split(',')[8]).toBe('462.86');
  });

  it('refuses a bad month (exit 2), a missing tax year off a terminal (exit 2) and a German organization (exit 3)', async () => {
    const { env } = cliSandbox();
    const gb = (await runCli(['org', 'create', '--legal-name', 'GB Ltd', '--country', 'GB', '--json'], { env })).json<{ id: string }>().id;
    const month = await runCli(['liabilities', '--org', gb, '--tax-year', '2026-27', '--month', '13'], { env });
    expect(month.code).toBe(2);
    expect(month.stderr).toContain('--month 13: a tax month is 1 to 12');
    expect((await runCli(['liabilities', '--org', gb, '--no-input'], { env })).code).toBe(2);
    const de = (await runCli(['org', 'create', '--legal-name', 'Muster GmbH', '--country', 'DE', '--json'], { env })).json<{ id: string }>().id;
    const german = await runCli(['liabilities', '--org', de, '--tax-year', '2026-27'], { env });
    expect(german.code).toBe(3);
    expect(german.stderr).toContain('GB organizations only');
    const bad = await runCli(['org', 'update', gb, '--tax-year', '2026-27', '--employment-allowance', 'perhaps'], { env });
    expect(bad.code).toBe(2);
  });
});
