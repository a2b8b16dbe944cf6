/**
 * Issue 18 points 1 and 4 through the real launcher: runs from stored pay with per-employee changes (`--changes` CSV
 * or JSON, `--earning`), every change checked first with an error naming file, row, field and rule, leavers left out
 * unless named, the next unrun period as the default, and the plausibility check of each gross (decisions K8–K13).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
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

interface GbStaff {
  orgId: string;
  groupId: string;
  sam: string;
  hannah: string;
  leo: string;
}

/** Sam (S1, £30,000 a year), Hannah (H1, £12.50 an hour, 37.5 h a week) and Leo (L1, £24,000, left 31 March 2026). */
async function gbStaff(service: PayrollService): Promise<GbStaff> {
  const org = await service.createOrganization({ legal_name: 'Changes Ltd', country: 'GB' });
  const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
  const group = await service.createPayGroup(org.id, { name: 'Monthly staff', pay_calendar_id: calendar.id });
  const make = async (number: string, first: string, start: string, pay: Record<string, string>) =>
    (await service.createEmployee(org.id, { payroll_number: number, first_name: first, last_name: 'Test', date_of_birth: '1985-06-15', start_date: start, pay, gb: { tax_code: '1257L', ni_category: 'A' } })).id;
  const sam = await make('S1', 'Sam', '2020-01-06', { basis: 'salary', annual_salary: '30000.00' });
  const hannah = await make('H1', 'Hannah', '2020-01-06', { basis: 'hourly', hourly_rate: '12.50', hours_per_week: '37.5' });
  const leo = await make('L1', 'Leo', '2019-01-07', { basis: 'salary', annual_salary: '24000.00' });
  await service.assignEmployees(org.id, group.id, { employee_ids: [sam, hannah, leo] });
  await service.leaveEmployee(org.id, leo, { leave_date: '2026-03-31' });
  return { orgId: org.id, groupId: group.id, sam, hannah, leo };
}

type Line = { section: string; wage_type_code: string | null; amount: string; hours?: string };
type GbRun = { id: string; status: string; period_number: number; tax_year: string; payslips: { employee_id: string; gross_pay: string; net_pay: string; is_after_leaving?: boolean; lines: Line[] }[] };

const bySlip = (run: GbRun) => Object.fromEntries(run.payslips.map((p) => [p.employee_id, p]));

describe('run-gb from stored pay with changes (CLI)', () => {
  it('--changes CSV replaces the standing line of the same wage type, adds the others, and takes hours for hourly staff', async () => {
    const { env, dir } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, gbStaff);
    const csv = join(dir, 'changes.csv');
    writeFileSync(csv, 'payroll_number,wage_type,amount,hours\nS1,UK-E-001,2750.00,\nS1,UK-E-004,500,\nH1,UK-E-002,,160\n');
    const run = await runCli(['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27', '--changes', csv, '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`left out: Leo Test (${staff.leo}) left on 2026-03-31, before this period`);
    const slips = bySlip(run.json<GbRun>());
    expect(Object.keys(slips).sort()).toEqual([staff.sam, staff.hannah].sort());
    // Sam: £2,750 basic (instead of £2,500) + £500 bonus; Hannah: 160 h × £12.50 at the stored rate.
    expect(slips[staff.sam]?.lines.filter((l) => l.section === 'earnings').map((l) => [l.wage_type_code, l.amount])).toEqual([['UK-E-001', '2750.00'], ['UK-E-004', '500.00']]);
    expect(slips[staff.sam]?.gross_pay).toBe('3250.00');
    // 1257L month 1: tax 20% × (3,250 − 1,048.25 free pay, rounded down) = 440.20; NI 8% × (3,250 − 1,048) = 176.16.
    expect(slips[staff.sam]?.net_pay).toBe('2633.64');
    expect(slips[staff.hannah]?.gross_pay).toBe('2000.00');
    expect(slips[staff.hannah]?.lines.find((l) => l.section === 'earnings')).toMatchObject({ wage_type_code: 'UK-E-002', amount: '2000.00', hours: '160.00' });
  });

  it('--changes JSON and --earning; without a period the next unrun one is taken and named', async () => {
    const { env, dir } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, gbStaff);
    const first = await runCli(['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27', '--hours', 'H1=150', '--approve', '--yes', '--json'], { env });
    expect(first.code, first.stderr).toBe(0);
    const json = join(dir, 'changes.json');
    writeFileSync(json, JSON.stringify({ changes: [{ payroll_number: 'H1', wage_type: 'UK-E-002', hours: '100' }, { employee_id: staff.sam, wage_type: 'UK-R-001', amount: '42.80' }] }));
    const second = await runCli(['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--changes', json, '--earning', 'S1=UK-E-004=250', '--json'], { env });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/period: 2026-27 period 2 \(2026-05-06 to 2026-06-05, pay date .*\): the next unrun period of pay group Monthly staff, the period after the pay group's latest run \(2026-27 period 1\)/);
    const run = second.json<GbRun>();
    expect(run.period_number).toBe(2);
    const slips = bySlip(run);
    // Sam: standing £2,500 + £250 bonus (the reimbursement is not pay); Hannah: 100 h × £12.50.
    expect(slips[staff.sam]?.gross_pay).toBe('2750.00');
    expect(slips[staff.sam]?.lines.filter((l) => l.section === 'reimbursements').map((l) => l.amount)).toEqual(['42.80']);
    expect(slips[staff.hannah]?.gross_pay).toBe('1250.00');
    // --period without --tax-year takes the tax year of the next unrun period.
    expect((await runCli(['runs', 'discard', run.id, '--org', staff.orgId, '--yes'], { env })).code).toBe(0);
    const third = await runCli(['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '2', '--hours', 'H1=160', '--json'], { env });
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain('tax year 2026-27 (that of the pay group');
    expect(third.json<GbRun>()).toMatchObject({ tax_year: '2026-27', period_number: 2 });
  }, 300_000);

  it('refuses every bad change at once, naming file, line, field and rule, and stores nothing', async () => {
    const { env, dir } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, gbStaff);
    const csv = join(dir, 'bad.csv');
    writeFileSync(csv, 'payroll_number,wage_type,amount\nX9,UK-E-004,10\nS1,UK-E-999,10\nS1,UK-E-004,"1.234,50"\nS1,UK-P-001,5\n');
    const base = ['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27', '--hours', 'H1=1'];
    const bad = await runCli([...base, '--changes', csv], { env });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('4 changes refused (nothing was stored)');
    expect(bad.stderr).toContain('bad.csv line 2, payroll_number: no employee with payroll number "X9" in this organization [employee_unknown]');
    expect(bad.stderr).toContain('bad.csv line 3, wage_type: "UK-E-999" is not a GB wage type');
    expect(bad.stderr).toContain('bad.csv line 4, amount: "1.234,50": write the amount with a decimal point and no thousands separator, e.g. 1234.56 [decimal]');
    expect(bad.stderr).toContain('bad.csv line 5, wage_type: UK-P-001 is worked out by the run');

    // Strict types in JSON: a number is not a payroll number, an amount is text.
    const json = join(dir, 'bad.json');
    writeFileSync(json, JSON.stringify([{ payroll_number: 12, wage_type: 'UK-E-004', amount: '5' }, { payroll_number: 'S1', wage_type: 'UK-E-004', amount: 500 }, { payroll_number: 'S1', code: 'UK-E-004' }]));
    const typed = await runCli([...base, '--changes', json, '--json'], { env });
    expect(typed.code).toBe(3);
    const error = JSON.parse(typed.stderr) as { error: { details: { rows: { where: string; field: string; rule: string }[] } } };
    expect(error.error.details.rows.map((r) => [r.where, r.field, r.rule])).toEqual([
      ['bad.json item 1', 'payroll_number', 'string_type'],
      ['bad.json item 1', 'payroll_number', 'required'],
      ['bad.json item 2', 'amount', 'string_type'],
      ['bad.json item 3', 'code', 'unknown_field'],
      ['bad.json item 3', 'wage_type', 'required'],
    ]);
    const flag = await runCli([...base, '--earning', 'S1=UK-E-004'], { env });
    expect(flag.code).toBe(3);
    expect(flag.stderr).toContain('--earning S1=UK-E-004, value: write PAYROLL_NO=CODE=AMOUNT');
    expect((await runCli(['runs', 'list', '--org', staff.orgId, '--json'], { env })).json()).toEqual([]);
  }, 300_000);

  it('pays a leaver after leaving only when named, with the named lines only', async () => {
    const { env } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, gbStaff);
    const run = await runCli(['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27', '--hours', 'H1=100', '--earning', 'L1=UK-E-007=300', '--json'], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('paid after leaving: Leo Test (L1) left on 2026-03-31');
    const leo = bySlip(run.json<GbRun>())[staff.leo];
    expect(leo?.gross_pay).toBe('300.00');
    expect(leo?.is_after_leaving).toBe(true);
    expect(leo?.lines.filter((l) => l.section === 'earnings').map((l) => [l.wage_type_code, l.amount])).toEqual([['UK-E-007', '300.00']]);
  });

  it('a gross more than 3× the stored pay needs --yes off a terminal: without it the draft is discarded (exit 2)', async () => {
    const { env } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, gbStaff);
    const base = ['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27', '--hours', 'H1=100', '--earning', 'S1=UK-E-001=25000'];
    const refused = await runCli(base, { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Sam Test (S1): gross 25000.00 is 10.0× the stored pay of 2500.00 for the period (more than the plausibility factor 3× apart)');
    expect(refused.stderr).toMatch(/run \S+ discarded: .*pass --yes to keep such a run/);
    const listed = (await runCli(['runs', 'list', '--org', staff.orgId, '--json'], { env })).json<{ status: string }[]>();
    expect(listed.map((r) => r.status)).toEqual(['discarded']);

    const kept = await runCli([...base, '--yes', '--json'], { env });
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stderr).toContain('warning: implausible gross pay: Sam Test (S1): gross 25000.00');
    const sam = bySlip(kept.json<GbRun>())[staff.sam];
    expect(sam?.gross_pay).toBe('25000.00');
    // Tax 628.33 + 2,914.66 + 6,085.20 (20/40/45% on 23,951 in month 1's bands); NI 251.28 + 416.22.
    expect(sam?.net_pay).toBe('14704.30');
    expect((await runCli(['runs', 'discard', kept.json<GbRun>().id, '--org', staff.orgId, '--yes'], { env })).code).toBe(0);

    // The factor: a flag, or the profile's config key; both checked.
    const flagged = await runCli([...base, '--plausibility-factor', '11', '--json'], { env });
    expect(flagged.code, flagged.stderr).toBe(0);
    expect((await runCli(['runs', 'discard', flagged.json<GbRun>().id, '--org', staff.orgId, '--yes'], { env })).code).toBe(0);
    expect((await runCli([...base, '--plausibility-factor', '1'], { env })).stderr).toContain('--plausibility-factor "1" must be more than 1');
    const wrong = await runCli(['config', 'set', 'plausibility_factor', 'x'], { env });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('plausibility_factor "x" must be a number');
    expect((await runCli(['config', 'set', 'plausibility_factor', '11'], { env })).code).toBe(0);
    expect((await runCli(base, { env })).code).toBe(0);
  }, 400_000);
});

interface DeStaff {
  orgId: string;
  anna: string;
  ben: string;
  lena: string;
}

const employeeDe = JSON.parse(readFileSync(new URL('../../fixtures/examples/employee-de.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** Anna (DE-001, €54,000 a year), Ben (DE-002, €20 an hour, 20 h a week), Lena (DE-003, left 31 December 2025). */
async function deStaff(service: PayrollService): Promise<DeStaff> {
  const org = await service.createOrganization(JSON.parse(readFileSync(new URL('../../fixtures/demo/de-organization.json', import.meta.url), 'utf8')));
  const anna = (await service.createEmployee(org.id, employeeDe)).id;
  const ben = (await service.createEmployee(org.id, { ...employeeDe, payroll_number: 'DE-002', first_name: 'Ben', de: { ...(employeeDe.de as object), tax_id: undefined }, pay: { basis: 'hourly', hourly_rate: '20.00', hours_per_week: '20', currency: 'EUR' } })).id;
  const lena = (await service.createEmployee(org.id, { ...employeeDe, payroll_number: 'DE-003', first_name: 'Lena', de: { ...(employeeDe.de as object), tax_id: undefined } })).id;
  await service.leaveEmployee(org.id, lena, { leave_date: '2025-12-31' });
  return { orgId: org.id, anna, ben, lena };
}

type DeRun = { id: string; month: string; payslips: { employee_id: string; current_pay_period: { employee: { totals: { total_gross_wages: string; net_pay: string } } } }[] };
const deSlips = (run: DeRun) => Object.fromEntries(run.payslips.map((p) => [p.employee_id, p.current_pay_period.employee.totals]));

describe('run-de from stored pay with changes (CLI)', () => {
  it('--changes CSV (semicolons) and --earning: salary and hourly replace the standing pay, the rest is added; the next month is the default', async () => {
    const { env, dir } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, deStaff);
    const january = await runCli(['run-de', '--org', staff.orgId, '--period', '2026-01', '--approve', '--yes', '--json'], { env });
    expect(january.code, january.stderr).toBe(0);
    // Standing pay: Anna 54,000 ÷ 12; Ben 20 × 20 h × 13/3.
    expect(deSlips(january.json<DeRun>())).toMatchObject({ [staff.anna]: { total_gross_wages: '4500.00' }, [staff.ben]: { total_gross_wages: '1733.33' } });

    const csv = join(dir, 'changes.csv');
    writeFileSync(csv, 'payroll_number;wage_type;amount;hours\nDE-001;gehalt;4200.00;\nDE-001;weihnachtsgeld;1500;\nDE-002;hourly;;62.5\n');
    const february = await runCli(['run-de', '--org', staff.orgId, '--changes', csv, '--earning', 'DE-001=deduction=100', '--json'], { env });
    expect(february.code, february.stderr).toBe(0);
    expect(february.stderr).toContain("period: 2026-02: the month after the organization's latest run (2026-01)");
    const run = february.json<DeRun>();
    expect(run.month).toBe('2026-02');
    const slips = deSlips(run);
    // Anna: 4,200 instead of 4,500, plus the 1,500 one-off; Ben: 62.5 h × €20.
    expect(slips[staff.anna]?.total_gross_wages).toBe('5700.00');
    expect(slips[staff.ben]?.total_gross_wages).toBe('1250.00');
    expect(slips[staff.anna]?.net_pay).toBe('3326.02');
  });

  it('refuses a leaver, an unknown type and hours on an amount, naming the row; stores nothing', async () => {
    const { env, dir } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, deStaff);
    const json = join(dir, 'changes.json');
    writeFileSync(json, JSON.stringify({ changes: [{ payroll_number: 'DE-003', wage_type: 'bonus', amount: '300' }, { payroll_number: 'DE-001', wage_type: 'UK-E-004', amount: '1' }, { payroll_number: 'DE-001', wage_type: 'bonus', amount: '1', hours: '2' }] }));
    const bad = await runCli(['run-de', '--org', staff.orgId, '--period', '2026-01', '--changes', json], { env });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('changes.json item 1, employee: Lena Schmidt (DE-003) left on 2025-12-31, before 2026-01 (2026-01-01 to 2026-01-31); a German run pays only the employees employed in its month');
    expect(bad.stderr).toContain('changes.json item 2, wage_type: "UK-E-004" is not a German change type; known: salary, hourly');
    expect(bad.stderr).toContain('changes.json item 3, hours: is only taken with hourly');
    expect((await runCli(['runs', 'list', '--org', staff.orgId, '--json'], { env })).json()).toEqual([]);
  });

  it('a gross more than 3× the previous month needs --yes', async () => {
    const { env } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, deStaff);
    expect((await runCli(['run-de', '--org', staff.orgId, '--period', '2026-01', '--approve', '--yes'], { env })).code).toBe(0);
    const refused = await runCli(['run-de', '--org', staff.orgId, '--earning', 'DE-002=bonus=6000'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Ben Schmidt (DE-002): gross 7733.33 is 4.5× the stored pay of 1733.33 for the period');
    const kept = await runCli(['run-de', '--org', staff.orgId, '--earning', 'DE-002=bonus=6000', '--yes', '--json'], { env });
    expect(kept.code, kept.stderr).toBe(0);
    expect(deSlips(kept.json<DeRun>())[staff.ben]?.total_gross_wages).toBe('7733.33');
  });
});
