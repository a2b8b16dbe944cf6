import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { Decimal, gbTaxMonth, gbTaxYearOf, type PayrollService } from '../service/ports.js';
import { withRuntime } from './command-kit.js';
import { dataDir } from './config.js';
import { printGermanPayroll, printGermanRun } from './commands/run-de.js';
import { ORG_COLUMNS } from './commands/org.js';
import { namesFor } from './employee-names.js';
import type { Runtime } from './runtime.js';

/**
 * `payroll demo` (npm run demo): the README's main job. Builds a British and a German employer from
 * fixtures/demo on a fresh embedded SQLite database, shows them, and runs their payroll.
 */
const FIXTURES = new URL('../../fixtures/demo/', import.meta.url);

function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as T;
}

const EMPLOYEE_COLUMNS = [
  { header: 'payroll no.', value: 'payroll_number' },
  { header: 'name', value: (e: Record<string, unknown>) => `${String(e.first_name)} ${String(e.last_name)}` },
  { header: 'born', value: 'date_of_birth' },
  { header: 'started', value: 'start_date' },
  { header: 'tax', value: (e: Record<string, unknown>) => ((e.gb as Record<string, unknown> | null)?.tax_code ?? `class ${String((e.de as Record<string, unknown> | null)?.tax_class)}`) },
];

interface StandingPay {
  basis: 'salary' | 'hourly';
  annual_salary?: string;
  hourly_rate?: string;
  hours_per_week?: string;
}

/** A month's basic pay from the standing pay: a twelfth of the salary, or rate × weekly hours × 52 / 12 (to the penny). */
function monthlyEarning(pay: StandingPay) {
  const amount = pay.basis === 'salary' ? new Decimal(pay.annual_salary ?? 0).div(12) : new Decimal(pay.hourly_rate ?? 0).times(pay.hours_per_week ?? 0).times(52).div(12);
  return { wage_type_code: pay.basis === 'salary' ? 'UK-E-001' : 'UK-E-002', amount: amount.toFixed(2, Decimal.ROUND_HALF_UP), earning_frequency: 'MONTH' };
}

const GB_PAYSLIP_COLUMNS = [
  { header: 'employee', value: 'employee' },
  { header: 'tax code', value: 'tax_code' },
  { header: 'gross', value: 'gross_pay' },
  { header: 'tax', value: 'tax' },
  { header: 'employee NI', value: 'employee_ni' },
  { header: 'employer NI', value: 'employer_ni' },
  { header: 'pension', value: 'pension' },
  { header: 'net pay', value: 'net_pay' },
];

/** The employee's pension deduction on a payslip (relief at source: 80 % of the gross contribution). */
function pensionOf(lines: { section: string; amount: string }[]): string {
  return lines.filter((l) => l.section === 'pension').reduce((total, l) => total.plus(l.amount), new Decimal(0)).toFixed(2);
}

async function createEmployees(service: PayrollService, orgId: string, file: string): Promise<string[]> {
  const ids: string[] = [];
  for (const body of fixture<unknown[]>(file)) ids.push((await service.createEmployee(orgId, body)).id);
  return ids;
}

/** Weihnachtsgeld (a one-off, § 23a SGB IV / § 39b Abs. 3 EStG) in November: half a month's salary for salaried staff. */
function christmasBonuses(employees: readonly { id: string; pay: unknown; de: unknown }[]): Record<string, unknown>[] {
  return employees
    .filter((e) => (e.pay as StandingPay).basis === 'salary' && (e.de as { is_mini_job?: boolean | null } | null)?.is_mini_job !== true)
    .map((e) => ({ employee_id: e.id, earnings: [{ earning_type: 'christmas_bonus', amount: new Decimal((e.pay as StandingPay).annual_salary ?? 0).div(24).toFixed(2, Decimal.ROUND_HALF_UP), is_lumpsum: true }] }));
}

/** The payroll account's figures the demo shows (the CLI's `payroll lohnkonto` shows them all). */
const ACCOUNT_COLUMNS = [
  { header: 'month', value: 'month' },
  { header: 'row', value: 'row' },
  ...(
    [
      ['gross', 'employee.totals.total_gross_wages'],
      ['wage tax', 'employee.taxes.income_tax'],
      ['soli', 'employee.taxes.solidarity_tax'],
      ['SV-Tage', 'sv_days'],
      ['KV/PV base', 'employee.insurance.insurance_assessment_base'],
      ['KV', 'employee.insurance.health_insurance'],
      ['PV', 'employee.insurance.care_insurance'],
      ['RV', 'employee.insurance.pension_insurance'],
      ['AV', 'employee.insurance.unemployment_insurance'],
      ['net pay', 'employee.totals.net_pay'],
    ] as const
  ).map(([header, key]) => ({ header, value: (row: Record<string, unknown>) => (row.figures as Record<string, unknown>)[key] })),
];

/**
 * The German employer's year through stored runs (issue 14): every month from January to `period` calculated on
 * the approved months before it and approved, a Weihnachtsgeld in November, the minijobber who starts on
 * 16 November paid for her part of the month; then the last run and one employee's payroll account.
 */
async function runGermanYear(runtime: Runtime, service: PayrollService, orgId: string, period: string): Promise<string> {
  const heading = (text: string) => runtime.info(`\n== ${text}`);
  const year = period.slice(0, 4);
  const last = Number(period.slice(5, 7));
  const employees = (await service.listEmployees(orgId, { size: 100, sort_by: 'payroll_number' })).items;
  heading(`German payroll ${year}-01 to ${period} as stored monthly runs, each approved (payroll account, § 41 EStG)`);
  let lastRunId = '';
  for (let month = 1; month <= last; month += 1) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const items = month === 11 ? christmasBonuses(employees) : [];
    const run = await service.createGermanPayrollRun(orgId, { period: label, ...(items.length > 0 ? { items } : {}) });
    lastRunId = (await service.approveGermanPayrollRun(orgId, run.payroll_status_id)).id;
  }
  const lastRun = await service.getGermanPayrollRun(orgId, lastRunId, {});
  printGermanRun(runtime, lastRun, await namesFor(runtime, service, orgId));
  runtime.info(`${last} monthly runs approved${last >= 11 ? '; November pays a Weihnachtsgeld (one-off: pro-rated annual ceiling, § 23a SGB IV; wage tax on the expected annual wage, § 39b Abs. 3 EStG)' : ''}`);
  const first = employees[0];
  if (!first) return lastRunId;
  heading(`Payroll account (Lohnkonto) ${year} of ${first.first_name} ${first.last_name} (payroll lohnkonto shows every figure)`);
  const account = await service.getGermanPayrollAccount(orgId, first.id, { year });
  const rows = account.months.flatMap((m) => [
    { month: m.month, row: 'month', figures: m.figures },
    { month: m.month, row: 'year to date', figures: m.totals },
  ]);
  runtime.print(rows, ACCOUNT_COLUMNS);
  return lastRunId;
}

/** The employees' bank accounts (by payroll number): where each one's net pay goes. */
async function addBankAccounts(service: PayrollService, orgId: string, file: string): Promise<void> {
  const accounts = fixture<Record<string, unknown>>(file);
  for (const e of (await service.listEmployees(orgId, { size: 100, sort_by: 'payroll_number' })).items) {
    const account = e.payroll_number ? accounts[e.payroll_number] : undefined;
    if (account) await service.createEmployeeBankAccount(orgId, e.id, account);
  }
}

/** The German month's Entgeltbescheinigungen (issued on approval) and its SEPA credit transfer, into the output folder. */
async function writeGermanOutputs(runtime: Runtime, service: PayrollService, orgId: string, runId: string, dir: string): Promise<void> {
  const run = await service.getGermanPayrollRun(orgId, runId, {});
  mkdirSync(join(dir, 'payslips'), { recursive: true });
  for (const p of run.payslips ?? []) {
    const pdf = await service.getPayslipPdf(orgId, runId, p.employee_id);
    writeFileSync(join(dir, 'payslips', pdf.file_name), pdf.bytes);
  }
  const sepa = await service.createPaymentFile(orgId, runId, { format: 'sepa' });
  writeFileSync(join(dir, sepa.file_name), sepa.bytes);
  runtime.info(`Entgeltbescheinigungen ${run.month} (${run.payslips?.length ?? 0}): ${join(dir, 'payslips')}`);
  runtime.info(`SEPA credit transfer pain.001.001.09 ${run.month} (net pay ${run.totals?.net_pay ?? ''} €): ${join(dir, sepa.file_name)}`);
}

export async function runDemo(runtime: Runtime, service: PayrollService, options: { period: string; gbPeriod: { tax_year: string; period_number: number }; outputDir?: string }): Promise<void> {
  const heading = (text: string) => runtime.info(`\n== ${text}`);

  heading('German employer');
  const de = await service.createOrganization(fixture('de-organization.json'));
  await createEmployees(service, de.id, 'de-employees.json');
  await addBankAccounts(service, de.id, 'de-bank-accounts.json');
  runtime.print([de], ORG_COLUMNS);
  runtime.print((await service.listEmployees(de.id, { size: 100, sort_by: 'payroll_number' })).items, EMPLOYEE_COLUMNS);

  heading(`German payroll for ${options.period}, calculated on its own (POST /germany/payroll: PAP ${options.period.slice(0, 4)}, social insurance, employer cost)`);
  printGermanPayroll(runtime, await service.runGermanPayrollForOrganization(de.id, { period: options.period }));

  const germanRunId = await runGermanYear(runtime, service, de.id, options.period);

  heading('British employer');
  const gb = await service.createOrganization(fixture('gb-organization.json'));
  await createEmployees(service, gb.id, 'gb-employees.json');
  const gbEmployees = (await service.listEmployees(gb.id, { size: 100, sort_by: 'payroll_number' })).items;
  // Where each employee's net pay goes (sort code and account number, or a GB IBAN).
  await addBankAccounts(service, gb.id, 'gb-bank-accounts.json');
  runtime.print([gb], ORG_COLUMNS);
  runtime.print((await service.listEmployees(gb.id, { size: 100, sort_by: 'payroll_number' })).items, EMPLOYEE_COLUMNS);

  heading(`British payroll for tax month ${options.gbPeriod.period_number} of ${options.gbPeriod.tax_year} (PAYE, NI, student loans, auto-enrolment pension)`);
  const calendar = await service.createPayCalendar(gb.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2026-04-06' });
  const group = await service.createPayGroup(gb.id, { name: 'Monthly staff', pay_calendar_id: calendar.id });
  await service.assignEmployees(gb.id, group.id, { employee_ids: gbEmployees.map((e) => e.id) });
  await service.createPensionScheme(gb.id, {
    valid_from: '2025-04-06',
    scheme_name: 'Workplace pension',
    provider: 'NAMED_PROVIDER',
    tax_treatment: 'RELIEF_AT_SOURCE',
    pensionable_earnings_definition: 'QUALIFYING_EARNINGS',
    employee_rate: '0.05',
    employer_rate: '0.03',
    wage_type_code: 'UK-P-002',
  });
  // Every month of the tax year up to this one, each approved, so the year-to-date figures are real.
  const periods = (await service.getPayCalendarPeriods(gb.id, calendar.id, { tax_year: options.gbPeriod.tax_year })).periods.filter(
    (p) => p.period_number <= options.gbPeriod.period_number && !p.extra_period,
  );
  let approved: Awaited<ReturnType<PayrollService['approvePayrollRun']>> | null = null;
  for (const period of periods) {
    const employed = gbEmployees.filter((e) => e.start_date <= period.pay_date);
    if (employed.length === 0) continue;
    const run = await service.runGbPayroll(gb.id, {
      pay_group_id: group.id,
      pay_calendar_id: calendar.id,
      tax_year: options.gbPeriod.tax_year,
      period_number: period.period_number,
      external_ref: `DEMO-${options.gbPeriod.tax_year}-M${period.period_number}`,
      payroll_group: employed.map((employee) => ({ employee_id: employee.id, pay_details: { earnings: [monthlyEarning(employee.pay as unknown as StandingPay)] } })),
    });
    approved = await service.approvePayrollRun(gb.id, run.payroll_status_id);
  }
  if (!approved) throw new Error('the demo calendar produced no period to run');
  const names = new Map(gbEmployees.map((e) => [e.id, `${e.first_name} ${e.last_name}`]));
  const payslips = (await service.getPayrollRun(gb.id, approved.id)).payslips ?? [];
  runtime.print(payslips.map((p) => ({ ...p, employee: names.get(p.employee_id) ?? p.employee_id, pension: pensionOf(p.lines) })), GB_PAYSLIP_COLUMNS);
  runtime.info(`${periods.length} monthly runs approved; the last: ${approved.id} (pay date ${approved.pay_date})`);

  if (options.outputDir) {
    heading('What the last run produced: payslip PDFs, the Bacs payment file and the journal');
    const dir = options.outputDir;
    mkdirSync(join(dir, 'payslips'), { recursive: true });
    for (const p of payslips) {
      const pdf = await service.getPayslipPdf(gb.id, approved.id, p.employee_id);
      writeFileSync(join(dir, 'payslips', pdf.file_name), pdf.bytes);
    }
    const bacs = await service.createPaymentFile(gb.id, approved.id, { format: 'bacs' });
    writeFileSync(join(dir, bacs.file_name), bacs.bytes);
    const journal = await service.getRunJournal(gb.id, approved.id, { format: 'csv' });
    writeFileSync(join(dir, journal.file_name), journal.bytes);
    runtime.info(`payslip PDFs (${payslips.length}): ${join(dir, 'payslips')}`);
    runtime.info(`Bacs Standard 18 file (net pay ${approved.totals?.net_pay ?? ''}): ${join(dir, bacs.file_name)}`);
    runtime.info(`journal (balanced, GB nominal codes): ${join(dir, journal.file_name)}`);
    runtime.info('the payslips and the Bacs file are stored as documents too: payroll documents list --org ' + gb.id);
    heading(`What the German employer's last run produced: Entgeltbescheinigungen and the SEPA file`);
    await writeGermanOutputs(runtime, service, de.id, germanRunId, dir);
    runtime.info('the Entgeltbescheinigungen and the SEPA file are stored as documents too: payroll documents list --org ' + de.id);
  }

  runtime.info(`\nExplore it: payroll --db ${runtime.options.db ?? '<demo database>'} org list`);
}

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('create a GB and a DE demo employer on a fresh embedded SQLite database and run their payroll')
    .option('--period <YYYY-MM>', 'the month to pay', '2026-11')
    .action(
      withRuntime(async (runtime, options: { period: string }) => {
        const database = runtime.options.db ?? join(dataDir(runtime.env), 'demo.db');
        // The demo always starts from nothing, so running it twice shows the same thing.
        for (const suffix of ['', '-wal', '-shm']) if (existsSync(database + suffix)) rmSync(database + suffix);
        rmSync(`${database}.objects`, { recursive: true, force: true });
        const outputDir = join(dirname(database), 'demo-output');
        rmSync(outputDir, { recursive: true, force: true });
        runtime.options.db = database;
        // Loaded on use, like the runtime does: every other command starts without the store and its drivers.
        const { defaultObjectRoot, localActor, openLazyLocalService } = await import('../service/lazy-local.js');
        const service = await openLazyLocalService(database, { actor: localActor('demo'), objectRoot: defaultObjectRoot(database, dataDir(runtime.env)) });
        try {
          runtime.info(`demo database: ${database}`);
          // The GB tax month that holds the German month's last day (tax months run from the 6th).
          // Every day from the 6th to the month's end lies in one tax month, so the 28th stands for them all.
          const sameTaxMonth = `${options.period}-28`;
          await runDemo(runtime, service, { period: options.period, gbPeriod: { tax_year: gbTaxYearOf(sameTaxMonth), period_number: gbTaxMonth(sameTaxMonth) }, outputDir });
        } finally {
          await service.close();
        }
      }),
    );
}
