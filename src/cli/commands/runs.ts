import type { Command } from 'commander';
import { Decimal, gbTaxYearOf, type GermanPayrollRun, type GermanRunPayslip, type Page, type PayrollRun, type PayrollService, type Payslip } from '../../service/ports.js';
import { printGermanRun } from './run-de.js';
import { namesFor, nameOf, withNames, type EmployeeNames } from '../employee-names.js';
import { dePayslipRows, gbPayslipRows, PAYSLIP_VIEW_COLUMNS } from '../payslip-view.js';
import { addListOptions, listQuery, payrollGroup, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { confirmStep } from '../prompt.js';
import { readJsonInput, type Runtime, usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';
import { buildStandingRun, dropDraft, inquirerPort, saveDraft, skipLeaversPaidAgain } from './run-gb-pay.js';
import { buildGbRunFromStoredPay, type ChangeRow, parseEarningFlags, readChangesFile } from '../run-changes.js';
import { nextGbPeriod, todayIso } from '../run-period.js';
import { implausibleGb, plausibilityFactor, plausibilityGate } from '../plausibility.js';
import type { PayFrequency, PayPeriodItem } from '../../service/ports.js';

/**
 * `payroll run-gb` (also `payroll payroll run-gb`): a GB payroll run (endpoint 18) from a request file, or
 * interactively (pay group, period, each employee's pay, review, approve), or off a terminal from the pay group's
 * standing pay (--pay-group, --pay-date, --hours for hourly staff); `payroll runs list|show|approve|pay|discard`.
 */

export const PAYSLIP_COLUMNS: Column[] = [
  { header: 'employee', value: 'employee_id' },
  { header: 'code', value: (p) => `${String(p.tax_code)}${p.week1_month1 ? ' W1/M1' : ''}` },
  { header: 'gross', value: 'gross_pay' },
  { header: 'taxable', value: 'taxable_pay' },
  { header: 'tax', value: 'tax' },
  { header: 'NI', value: 'employee_ni' },
  { header: 'employer NI', value: 'employer_ni' },
  { header: 'loans', value: (p) => new Decimal(String(p.student_loan ?? '0')).plus(String(p.postgraduate_loan ?? '0')).toFixed(2) },
  { header: 'pension', value: (p) => p.pension_employee_deduction ?? '' },
  { header: 'net pay', value: 'net_pay' },
  { header: 'notes', value: (p) => [p.is_leaver ? 'leaver (P45)' : '', p.is_after_leaving ? 'after leaving' : '', ...((p.warnings as string[] | undefined) ?? []).map(() => 'warning')].filter(Boolean).join(', ') },
];

/** A German run in a list: by month, with the run's net pay and employer cost. */
export const DE_RUN_COLUMNS: Column[] = [
  { header: 'run id', value: 'id' },
  { header: 'status', value: 'status' },
  { header: 'month', value: 'month' },
  { header: 'pay date', value: 'pay_date' },
  { header: 'employees', value: 'employee_count' },
  { header: 'net pay', value: 'totals.net_pay' },
  { header: 'employer cost', value: 'totals.employer_cost' },
  { header: 'corrects', value: 'corrects_run_id' },
  { header: 'created', value: 'created_at' },
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

export function printRun(runtime: Runtime, run: PayrollRun, names?: EmployeeNames): void {
  if (runtime.format !== 'table' && runtime.format !== 'csv') {
    runtime.print(run);
    return;
  }
  if (runtime.format === 'table') {
    runtime.info(`run ${run.id}: ${run.status}, ${run.tax_year} period ${run.period_number} (tax period ${run.tax_period}), pay date ${run.pay_date}, ${run.employee_count} employees`);
    if (run.totals) runtime.info(`totals: gross ${run.totals.gross_pay}, tax ${run.totals.tax}, employee NI ${run.totals.employee_ni}, employer NI ${run.totals.employer_ni}, net pay ${run.totals.net_pay}`);
  }
  runtime.print(run.payslips ?? [], withNames(PAYSLIP_COLUMNS, names));
  for (const w of run.warnings) runtime.info(`warning${w.employee_id ? ` ${nameOf(names, w.employee_id)}` : ''}: ${w.message}`);
}

interface RunGbOptions {
  org?: string;
  input?: string;
  payGroup?: string;
  payDate?: string;
  period?: string;
  taxYear?: string;
  history?: boolean;
  approve?: boolean;
  hours?: string[];
  changes?: string;
  earning?: string[];
  plausibilityFactor?: string;
  quiet?: boolean;
}

/** --changes FILE and --earning EMPLOYEE=CODE=AMOUNT, read and shape-checked (decision K8). */
export function changeRowsOf(options: { changes?: string | undefined; earning?: string[] | undefined }): ChangeRow[] {
  return [...(options.changes ? readChangesFile(options.changes) : []), ...parseEarningFlags(options.earning ?? [])];
}

/**
 * The period of a run from stored pay (off a terminal, or with changes): --pay-date, --period (in --tax-year, or the
 * tax year of the next unrun period), or the pay group's next unrun period; says which it took and why.
 */
async function storedPayPeriod(runtime: Runtime, service: PayrollService, org: string, group: { id: string; name: string; pay_calendar_id: string }, options: RunGbOptions): Promise<PayPeriodItem> {
  const periodsOf = async (taxYear: string) => (await service.getPayCalendarPeriods(org, group.pay_calendar_id, { tax_year: taxYear })).periods;
  if (options.payDate) {
    const found = (await periodsOf(gbTaxYearOf(options.payDate))).find((p) => p.pay_date === options.payDate);
    if (!found) throw usageError(`--pay-date ${options.payDate} is not a payday of pay group ${group.name}'s calendar (payroll pay-calendars periods ${group.pay_calendar_id} --org ${org})`);
    return found;
  }
  const next = options.period && options.taxYear ? null : await nextGbPeriod(service, org, group, todayIso());
  if (options.period) {
    if (!/^\d{1,2}$/.test(options.period)) throw usageError(`--period ${options.period}: must be a period number such as 3`);
    const taxYear = options.taxYear ?? (next as { period: PayPeriodItem }).period.tax_year;
    const periods = await periodsOf(taxYear);
    const found = periods.find((p) => String(p.period_number) === String(Number(options.period)));
    if (!found) throw usageError(`--period ${options.period}: the calendar has periods 1 to ${periods.length} in ${taxYear}`);
    if (!options.taxYear) runtime.info(`tax year ${taxYear} (that of the pay group's next unrun period; give --tax-year for another)`);
    return found;
  }
  const picked = next as { period: PayPeriodItem; why: string };
  runtime.info(`period: ${picked.period.tax_year} period ${picked.period.period_number} (${picked.period.start_date} to ${picked.period.end_date}, pay date ${picked.period.pay_date}): the next unrun period of pay group ${group.name}, ${picked.why}`);
  return picked.period;
}

function registerRunGb(host: Command): void {
  host
    .command('run-gb')
    .description('GB payroll run (POST /gb/organizations/{id}/payrolls): from --input, or interactively; stored as a draft to review and approve')
    .option('--org <id>', 'organization id (a GB organization)')
    .option('--input <file>', 'request body in the spec’s shape (payroll_group, pay_group_id, pay_calendar_id, pay_date; e.g. fixtures/examples/run-gb.json); - for stdin')
    .option('--pay-group <id>', 'pay group: without --input, pays its employees employed in the period (asked on a terminal, standing pay elsewhere or with --changes/--earning)')
    .option('--changes <file>', 'per-employee changes to the standing pay, CSV or JSON (payroll_number or employee_id, wage_type, amount, hours; e.g. fixtures/examples/run-gb-changes.csv, fixtures/examples/run-gb-changes.json): the standing line of the same wage type is replaced, others are added')
    .option('--earning <employee=code=amount>', 'one change: PAYROLL_NO=CODE=AMOUNT (or employee id), e.g. GB-001=UK-E-004=500; repeat', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .option('--plausibility-factor <n>', 'warn and ask (off a terminal: need --yes) when a gross is more than N times the stored pay or the previous period (default 3, or `payroll config set plausibility_factor N`)')
    .option('-q, --quiet', 'print only the run id on stdout (for scripts: RUN=$(payroll run-gb … -q))')
    .option('--hours <employee=hours>', 'hours worked this period by an hourly employee (id or payroll number), paid as hours × rate (UK-E-002); repeat per employee', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .option('--pay-date <date>', 'pay date of the period to run (overrides the file)')
    .option('--period <n>', 'period number in --tax-year instead of --pay-date (default: the pay group\'s next unrun period)')
    .option('--tax-year <year>', 'tax year of --period, e.g. 2025-26')
    .option('--history', 'include the execution history of each payslip (X-Include-Execution-History)')
    .option('--approve', 'approve the run straight away (asks for confirmation; --yes off a terminal)')
    .action(
      withRuntime(async (runtime, options: RunGbOptions) => {
        const org = await orgIdFrom(runtime, options, 'GB');
        const service = await runtime.service();
        let body: Record<string, unknown>;
        let draftPath: string | null = null;
        const changes = changeRowsOf(options);
        // Read before anything is stored: a bad factor must not leave a draft behind.
        const factor = plausibilityFactor(runtime, options.plausibilityFactor);
        if (changes.length > 0 && (options.input || !options.payGroup)) throw usageError(options.input ? '--changes/--earning change the standing pay of a run built with --pay-group; with --input, put the lines in the file' : 'missing --pay-group: --changes/--earning change the standing pay of the pay group\'s run');
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
          // On a terminal, a leaver paid regular pay again is asked about and left out by default.
          if (runtime.interactive) body = await skipLeaversPaidAgain(service, org, body, await inquirerPort(), (m) => runtime.info(m));
        } else if ((!runtime.interactive || changes.length > 0) && options.payGroup) {
          // Off a terminal, or with changes: standing pay plus the changes, every change checked first (decision K8).
          const group = await service.getPayGroup(org, options.payGroup);
          const frequency = ((await service.listPayCalendars(org)).find((c) => c.id === group.pay_calendar_id)?.frequency ?? 'monthly') as PayFrequency;
          const period = await storedPayPeriod(runtime, service, org, group, options);
          body = await buildGbRunFromStoredPay(service, org, { group, period, frequency }, changes, options.hours ?? [], (m) => runtime.info(m));
        } else {
          if (!runtime.interactive && !options.payGroup) {
            throw usageError('missing --input FILE: the run request; or --pay-group with --pay-date (or --period and --tax-year) to pay standing pay, with --hours EMPLOYEE=HOURS for each hourly employee (prompts only on a terminal)');
          }
          const built = await buildStandingRun(service, org, { payGroup: options.payGroup, payDate: options.payDate, period: options.period, taxYear: options.taxYear, hours: options.hours ?? [] }, runtime.interactive ? await inquirerPort() : null, runtime);
          body = built.body;
          draftPath = built.draftPath;
          // Answers are written down before the run is attempted: a refusal, a lost connection or a kill loses none.
          if (draftPath) saveDraft(draftPath, body);
        }
        const bar = await progressBar(runtime);
        let result;
        try {
          result = await service.runGbPayroll(org, body, { includeExecutionHistory: options.history !== undefined, ...(bar.onProgress ? { onProgress: bar.onProgress } : {}) });
        } catch (error) {
          if (draftPath) runtime.info(`your answers are kept in ${draftPath}: run \`payroll run-gb\` again on a terminal to reuse them, or \`payroll run-gb --org ${org} --input ${draftPath}\``);
          throw error;
        } finally {
          bar.stop();
        }
        dropDraft(draftPath);
        runtime.wrote();
        let run = await service.getPayrollRun(org, result.payroll_status_id);
        // Issue 18 point 4: a gross far from the stored pay or the previous period is confirmed or the draft is discarded.
        await plausibilityGate(runtime, await implausibleGb(service, org, run, factor), factor, run.id, () => service.discardPayrollRun(org, run.id));
        if (options.quiet) process.stdout.write(`${run.id}\n`);
        else printRun(runtime, run, await namesFor(runtime, service, org));
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

  const runs = program.command('runs').alias('run').description('payroll runs of a GB or German organization: list, show, approve, mark paid, discard');

  addListOptions(
    runs
      .command('list')
      .description('list payroll runs (page style)')
      .option('--org <id>', 'organization id')
      .option('--pay-group <id>', 'GB: only this pay group')
      .option('--status <status>', 'processing, draft, approved, paid, failed or discarded')
      .option('--tax-year <year>', 'GB: e.g. 2025-26; Germany: the calendar year, e.g. 2026')
      .option('--month <YYYY-MM>', 'Germany: only this month'),
  ).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const org = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const german = await isGerman(service, org);
      const extra: Record<string, unknown> = {};
      if (options.payGroup) {
        if (german) throw usageError('--pay-group is for GB runs; a German run pays the whole organization’s month (use --month)');
        extra.pay_group_id = options.payGroup;
      }
      if (options.month) {
        if (!german) throw usageError('--month is for German runs; GB runs are listed by --tax-year and --pay-group');
        extra.month = options.month;
      }
      if (options.status) extra.status = options.status;
      if (options.taxYear) extra.tax_year = options.taxYear;
      const list = (query: Record<string, unknown>): Promise<Page<PayrollRun | GermanPayrollRun>> => (german ? service.listGermanPayrollRuns(org, query) : service.listPayrollRuns(org, query));
      const items: (PayrollRun | GermanPayrollRun)[] = [];
      let page = options.page === undefined ? 1 : Number(options.page);
      for (;;) {
        const result = await list({ ...listQuery(options), ...extra, page });
        items.push(...result.items);
        if (!options.all || !result.meta.has_next) break;
        page += 1;
      }
      runtime.print(items, german ? DE_RUN_COLUMNS : RUN_COLUMNS);
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
        const query = { include_payslips: options.payslips === false ? 'false' : 'true' };
        if (await isGerman(service, org)) {
          const run = await service.getGermanPayrollRun(org, runId, query);
          if (options.employee) {
            const payslip = (run.payslips ?? []).find((p: GermanRunPayslip) => p.employee_id === options.employee);
            if (!payslip) throw usageError(`run ${runId} has no payslip for employee ${options.employee}`);
            // Table and CSV: the payslip as a clerk reads it; JSON: the payslip as the API has it.
            if (runtime.format === 'table' || runtime.format === 'csv') runtime.print(dePayslipRows(payslip, nameOf(await namesFor(runtime, service, org), payslip.employee_id)), PAYSLIP_VIEW_COLUMNS);
            else runtime.print(payslip);
            return;
          }
          printGermanRun(runtime, run, await namesFor(runtime, service, org));
          return;
        }
        const run = await service.getPayrollRun(org, runId, query);
        if (options.employee) {
          const payslip = (run.payslips ?? []).find((p: Payslip) => p.employee_id === options.employee);
          if (!payslip) throw usageError(`run ${runId} has no payslip for employee ${options.employee}`);
          if (runtime.format === 'table' || runtime.format === 'csv') runtime.print(gbPayslipRows(payslip, nameOf(await namesFor(runtime, service, org), payslip.employee_id)), PAYSLIP_VIEW_COLUMNS);
          else runtime.print(payslip);
          return;
        }
        printRun(runtime, run, await namesFor(runtime, service, org));
      }),
    );

  type Step = (service: PayrollService, org: string, runId: string) => Promise<PayrollRun | GermanPayrollRun>;
  const step = (name: string, description: string, confirm: (runId: string) => string, gb: Step, de: Step) =>
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
          const german = await isGerman(service, org);
          const run = await (german ? de : gb)(service, org, runId);
          runtime.wrote();
          runtime.print(run, runtime.format === 'table' ? (german ? DE_RUN_COLUMNS : RUN_COLUMNS) : null);
        }),
      );

  step('approve', 'approve a draft run: its figures become final and feed year to date', (id) => `approve payroll run ${id} (approved runs are final)`, (s, o, r) => s.approvePayrollRun(o, r), (s, o, r) => s.approveGermanPayrollRun(o, r));
  step('pay', 'mark an approved run as paid', (id) => `mark payroll run ${id} as paid`, (s, o, r) => s.markPayrollRunPaid(o, r), (s, o, r) => s.markGermanPayrollRunPaid(o, r));
  step('discard', 'discard a draft run (its pay group and period, or its month, can be run again)', (id) => `discard draft payroll run ${id}`, (s, o, r) => s.discardPayrollRun(o, r), (s, o, r) => s.discardGermanPayrollRun(o, r));
}

/** Whether the organization is a German one: its runs are German runs (one per month, no pay groups). */
async function isGerman(service: PayrollService, orgId: string): Promise<boolean> {
  return (await service.getOrganization(orgId)).country === 'DE';
}
