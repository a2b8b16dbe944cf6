import type { Command } from 'commander';
import type { Employee } from '../../service/contracts/employee.js';
import type { Page } from '../../service/contracts/pagination.js';
import type { PayrollRun, Payslip } from '../../service/contracts/payroll-runs.js';
import type { PayrollService } from '../../service/ports.js';
import { addListOptions, listQuery, payrollGroup, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { confirmStep } from '../prompt.js';
import { readJsonInput, type Runtime, usageError } from '../runtime.js';
import { orgIdFrom } from './employees.js';

/**
 * `payroll run-gb` (also `payroll payroll run-gb`): a GB payroll run (endpoint 18) from a request file, or
 * interactively (pay group, period, variable pay, review, approve); `payroll runs list|show|approve|pay|discard`.
 */

export const PAYSLIP_COLUMNS: Column[] = [
  { header: 'employee', value: 'employee_id' },
  { header: 'code', value: (p) => `${String(p.tax_code)}${p.week1_month1 ? ' W1/M1' : ''}` },
  { header: 'gross', value: 'gross_pay' },
  { header: 'taxable', value: 'taxable_pay' },
  { header: 'tax', value: 'tax' },
  { header: 'NI', value: 'employee_ni' },
  { header: 'employer NI', value: 'employer_ni' },
  { header: 'loans', value: (p) => (Number(p.student_loan) + Number(p.postgraduate_loan)).toFixed(2) },
  { header: 'pension', value: (p) => p.pension_employee_deduction ?? '' },
  { header: 'net pay', value: 'net_pay' },
  { header: 'notes', value: (p) => [p.is_leaver ? 'leaver (P45)' : '', p.is_after_leaving ? 'after leaving' : '', ...((p.warnings as string[] | undefined) ?? []).map(() => 'warning')].filter(Boolean).join(', ') },
];

export const RUN_COLUMNS: Column[] = [
  { header: 'run id', value: 'id' },
  { header: 'status', value: 'status' },
  { header: 'tax year', value: 'tax_year' },
  { header: 'period', value: 'period_number' },
  { header: 'pay date', value: 'pay_date' },
  { header: 'employees', value: 'employee_count' },
  { header: 'net pay', value: 'totals.net_pay' },
  { header: 'corrects', value: 'corrects_run_id' },
  { header: 'created', value: 'created_at' },
];

/** A progress bar on stderr while a long run is calculated (only when stderr is a terminal). */
async function progressBar(runtime: Runtime): Promise<{ onProgress?: (done: number, total: number) => void; stop(): void }> {
  if (!process.stderr.isTTY || runtime.options.input === false) return { stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'calculating payslips [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
  let started = false;
  return {
    onProgress(done, total) {
      if (total < 200) return;
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

export function printRun(runtime: Runtime, run: PayrollRun): void {
  if (runtime.format !== 'table' && runtime.format !== 'csv') {
    runtime.print(run);
    return;
  }
  if (runtime.format === 'table') {
    runtime.info(`run ${run.id}: ${run.status}, ${run.tax_year} period ${run.period_number} (tax period ${run.tax_period}), paid ${run.pay_date}, ${run.employee_count} employees`);
    if (run.totals) runtime.info(`totals: gross ${run.totals.gross_pay}, tax ${run.totals.tax}, employee NI ${run.totals.employee_ni}, employer NI ${run.totals.employer_ni}, net pay ${run.totals.net_pay}`);
  }
  runtime.print(run.payslips ?? [], PAYSLIP_COLUMNS);
  for (const w of run.warnings) runtime.info(`warning${w.employee_id ? ` ${w.employee_id}` : ''}: ${w.message}`);
}

const PER_YEAR: Record<string, number> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };

/** Standing pay of an employee as this period's basic pay line (the service converts yearly/weekly amounts). */
function standingPay(employee: Employee): { wage_type_code: string; amount: string; earning_frequency: string } | null {
  const pay = employee.pay as { basis?: string; annual_salary?: string; hourly_rate?: string; hours_per_week?: string } | null;
  if (!pay) return null;
  if (pay.basis === 'salary' && pay.annual_salary) return { wage_type_code: 'UK-E-001', amount: pay.annual_salary, earning_frequency: 'YEAR' };
  if (pay.basis === 'hourly' && pay.hourly_rate && pay.hours_per_week) {
    return { wage_type_code: 'UK-E-002', amount: (Math.round(Number(pay.hourly_rate) * Number(pay.hours_per_week) * 100) / 100).toFixed(2), earning_frequency: 'WEEK' };
  }
  return null;
}

/** The interactive path: choose pay group and period, enter each employee's variable pay. */
async function buildInteractively(service: PayrollService, org: string, options: Record<string, string | undefined>): Promise<Record<string, unknown>> {
  const prompts = await import('@inquirer/prompts');
  let groupId = options.payGroup;
  if (!groupId) {
    const groups = await service.listPayGroups(org, { size: 100 });
    if (groups.items.length === 0) throw usageError('the organization has no pay groups; create one with `payroll pay-groups create`');
    groupId = await prompts.select({ message: 'Pay group', choices: groups.items.map((g) => ({ value: g.id, name: `${g.name} (${g.member_count} employees)` })) });
  }
  const group = await service.getPayGroup(org, groupId);
  let payDate = options.payDate;
  if (!payDate && !options.period) {
    const taxYear = options.taxYear ?? (await prompts.input({ message: 'Tax year', default: '2026-27' }));
    const periods = await service.getPayCalendarPeriods(org, group.pay_calendar_id, { tax_year: taxYear });
    payDate = await prompts.select({ message: 'Period', choices: periods.periods.map((p) => ({ value: p.pay_date, name: `period ${p.period_number}: ${p.start_date} to ${p.end_date}, paid ${p.pay_date}` })) });
  }
  const frequency = (await service.listPayCalendars(org)).find((c) => c.id === group.pay_calendar_id)?.frequency ?? 'monthly';
  const payrollGroup: Record<string, unknown>[] = [];
  for (const employeeId of group.employee_ids) {
    const employee = await service.getEmployee(org, employeeId);
    const label = `${employee.first_name} ${employee.last_name}`;
    const basic = standingPay(employee);
    const earnings: Record<string, unknown>[] = [];
    const suggested = basic ? (basic.earning_frequency === 'YEAR' ? (Number(basic.amount) / (PER_YEAR[frequency] ?? 12)).toFixed(2) : basic.amount) : '';
    const amount = await prompts.input({ message: `${label}: basic pay this period (UK-E-001, empty to skip)`, default: suggested });
    if (amount.trim() !== '') earnings.push({ wage_type_code: basic?.wage_type_code === 'UK-E-002' && amount === suggested ? 'UK-E-002' : 'UK-E-001', amount: amount.trim(), earning_frequency: 'PERIOD' });
    for (;;) {
      const more = await prompts.input({ message: `${label}: another earning as CODE=AMOUNT (e.g. UK-E-004=500 for a bonus; empty when done)` });
      if (more.trim() === '') break;
      const [code, value] = more.split('=').map((t) => t.trim());
      if (!code || !value) continue;
      earnings.push({ wage_type_code: code, amount: value });
    }
    if (earnings.length > 0) payrollGroup.push({ employee_id: employeeId, pay_details: { earnings, benefits: [], deductions: [], reimbursements: [] } });
  }
  if (payrollGroup.length === 0) throw usageError('nobody to pay: every employee was skipped');
  return {
    payroll_group: payrollGroup,
    pay_group_id: group.id,
    pay_calendar_id: group.pay_calendar_id,
    ...(payDate ? { pay_date: payDate } : { period_number: Number(options.period), tax_year: options.taxYear }),
  };
}

function registerRunGb(host: Command): void {
  host
    .command('run-gb')
    .description('GB payroll run (POST /gb/organizations/{id}/payrolls): from --input, or interactively; stored as a draft to review and approve')
    .option('--org <id>', 'organization id (a GB organization)')
    .option('--input <file>', 'request body in the spec’s shape (payroll_group, pay_group_id, pay_calendar_id, pay_date); - for stdin')
    .option('--pay-group <id>', 'pay group (interactive)')
    .option('--pay-date <date>', 'pay date of the period to run (overrides the file)')
    .option('--period <n>', 'period number in --tax-year instead of --pay-date')
    .option('--tax-year <year>', 'tax year of --period, e.g. 2025-26')
    .option('--history', 'include the execution history of each payslip (X-Include-Execution-History)')
    .option('--approve', 'approve the run straight away (asks for confirmation; --yes off a terminal)')
    .action(
      withRuntime(async (runtime, options: Record<string, string | undefined>) => {
        const org = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        let body: Record<string, unknown>;
        if (options.input) {
          const file = readJsonInput(options.input);
          if (file === null || typeof file !== 'object' || Array.isArray(file)) throw usageError('--input must hold a JSON object (the run request)');
          body = { ...(file as Record<string, unknown>) };
          if (options.payDate) {
            body.pay_date = options.payDate;
            delete body.period_number;
          }
          if (options.period) {
            body.period_number = Number(options.period);
            if (options.taxYear) body.tax_year = options.taxYear;
            delete body.pay_date;
          }
        } else {
          if (!runtime.interactive) throw usageError('missing --input FILE: the run request (prompts for pay group, period and pay only on a terminal)');
          body = await buildInteractively(service, org, options);
        }
        const bar = await progressBar(runtime);
        let result;
        try {
          result = await service.runGbPayroll(org, body, { includeExecutionHistory: options.history !== undefined, ...(bar.onProgress ? { onProgress: bar.onProgress } : {}) });
        } finally {
          bar.stop();
        }
        runtime.wrote();
        let run = await service.getPayrollRun(org, result.payroll_status_id);
        printRun(runtime, run);
        const approve = options.approve !== undefined || (runtime.interactive && !options.input);
        if (approve) {
          try {
            await confirmStep(runtime, `approve run ${run.id} (${run.employee_count} payslips, net pay ${run.totals?.net_pay ?? '?'}); approved runs are final`);
          } catch (error) {
            // Declining at the review step keeps the draft; only an explicit --approve off a terminal is an error.
            if (options.approve !== undefined) throw error;
            runtime.info(`not approved: run ${run.id} stays a draft (payroll runs approve ${run.id} --org ${org}, or discard it)`);
            return;
          }
          run = await service.approvePayrollRun(org, run.id);
          runtime.info(`run ${run.id} approved`);
        } else if (runtime.format === 'table') {
          runtime.info(`review, then: payroll runs approve ${run.id} --org ${org}`);
        }
      }),
    );
}

export function registerRunCommands(program: Command): void {
  registerRunGb(program);
  registerRunGb(payrollGroup(program));

  const runs = program.command('runs').alias('run').description('GB payroll runs: list, show, approve, mark paid, discard');

  addListOptions(
    runs
      .command('list')
      .description('list payroll runs (page style)')
      .option('--org <id>', 'organization id')
      .option('--pay-group <id>', 'only this pay group')
      .option('--status <status>', 'processing, draft, approved, paid, failed or discarded')
      .option('--tax-year <year>', 'e.g. 2025-26'),
  ).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const org = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const extra: Record<string, unknown> = {};
      if (options.payGroup) extra.pay_group_id = options.payGroup;
      if (options.status) extra.status = options.status;
      if (options.taxYear) extra.tax_year = options.taxYear;
      const items: PayrollRun[] = [];
      let page = options.page === undefined ? 1 : Number(options.page);
      for (;;) {
        const result: Page<PayrollRun> = await service.listPayrollRuns(org, { ...listQuery(options), ...extra, page });
        items.push(...result.items);
        if (!options.all || !result.meta.has_next) break;
        page += 1;
      }
      runtime.print(items, RUN_COLUMNS);
    }),
  );

  runs
    .command('show')
    .alias('get')
    .description('a run with its payslips')
    .argument('<run-id>', 'run id (payroll_status_id)')
    .option('--org <id>', 'organization id')
    .option('--no-payslips', 'leave the payslips out')
    .option('--employee <id>', 'one employee’s payslip in full')
    .action(
      withRuntime(async (runtime, runId: string, options: { org?: string; payslips?: boolean; employee?: string }) => {
        const org = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        const run = await service.getPayrollRun(org, runId, { include_payslips: options.payslips === false ? 'false' : 'true' });
        if (options.employee) {
          const payslip = (run.payslips ?? []).find((p: Payslip) => p.employee_id === options.employee);
          if (!payslip) throw usageError(`run ${runId} has no payslip for employee ${options.employee}`);
          runtime.print(runtime.format === 'table' ? payslip.lines : payslip, runtime.format === 'table' ? [{ header: 'line', value: 'name' }, { header: 'wage type', value: 'wage_type_code' }, { header: 'section', value: 'section' }, { header: 'amount', value: 'amount' }] : null);
          return;
        }
        printRun(runtime, run);
      }),
    );

  const step = (name: string, description: string, confirm: (runId: string) => string, call: (service: PayrollService, org: string, runId: string) => Promise<PayrollRun>) =>
    runs
      .command(name)
      .description(description)
      .argument('<run-id>', 'run id (payroll_status_id)')
      .option('--org <id>', 'organization id')
      .action(
        withRuntime(async (runtime, runId: string, options: { org?: string }) => {
          const org = await orgIdFrom(runtime, options);
          await confirmStep(runtime, confirm(runId));
          const service = await runtime.service();
          const run = await call(service, org, runId);
          runtime.wrote();
          runtime.print(run, runtime.format === 'table' ? RUN_COLUMNS : null);
        }),
      );

  step('approve', 'approve a draft run: its figures become final and feed year to date', (id) => `approve payroll run ${id} (approved runs are final)`, (s, o, r) => s.approvePayrollRun(o, r));
  step('pay', 'mark an approved run as paid', (id) => `mark payroll run ${id} as paid`, (s, o, r) => s.markPayrollRunPaid(o, r));
  step('discard', 'discard a draft run (its pay group and period can be run again)', (id) => `discard draft payroll run ${id}`, (s, o, r) => s.discardPayrollRun(o, r));
}
