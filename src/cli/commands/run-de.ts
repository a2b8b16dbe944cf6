import type { Command } from 'commander';
import { type GermanPayrollResponse, type GermanPayrollRun, loadAnswerChecks } from '../../service/ports.js';
import { confirmStep, requireOrg } from '../prompt.js';
import { askGermanMonth, inquirerPort } from '../prompt-choices.js';
import { readJsonInput, usageError } from '../runtime.js';
import { withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { namesFor, nameOf, withNames, type EmployeeNames } from '../employee-names.js';
import { buildDeItems, DE_CHANGE_TYPES, parseEarningFlags, readChangesFile } from '../run-changes.js';
import { nextDeMonth, todayIso } from '../run-period.js';
import { implausibleDe, plausibilityFactor, plausibilityGate } from '../plausibility.js';

/** One row per employee: what a clerk checks before paying (issue 3, item 4). */
const PAYSLIP_COLUMNS: Column[] = [
  { header: 'employee', value: 'employee_id' },
  { header: 'gross', value: 'current_pay_period.employee.totals.total_gross_wages' },
  { header: 'income tax', value: 'current_pay_period.employee.taxes.income_tax' },
  { header: 'soli', value: 'current_pay_period.employee.taxes.solidarity_tax' },
  { header: 'church tax', value: 'current_pay_period.employee.taxes.church_tax' },
  { header: 'insurance', value: 'current_pay_period.employee.insurance.total_insurance' },
  { header: 'net pay', value: 'current_pay_period.employee.totals.net_pay' },
  { header: 'employer cost', value: 'current_pay_period.employer.total_burden' },
  { header: 'warnings', value: (p) => ((p.warnings as { code: string }[] | undefined) ?? []).map((w) => w.code).join(' ') },
];

const SUMMARY_COLUMNS: Column[] = [
  { header: 'employer summary', value: 'label' },
  { header: 'amount', value: 'amount' },
];

export function printGermanPayroll(runtime: { format: string; print(data: unknown, columns?: Column[] | null): void; info(message: string): void }, response: GermanPayrollResponse): void {
  if (runtime.format !== 'table' && runtime.format !== 'csv') {
    runtime.print(response);
    return;
  }
  runtime.print(response.payslips, PAYSLIP_COLUMNS);
  if (runtime.format === 'table' && response.summary) {
    const employer = response.summary.employer as Record<string, string>;
    runtime.print(Object.entries(employer).map(([label, amount]) => ({ label, amount })), SUMMARY_COLUMNS);
  }
  for (const payslip of response.payslips) {
    for (const warning of payslip.warnings ?? []) runtime.info(`warning ${payslip.employee_id}: ${warning.message}`);
  }
}

/** One row per stored payslip: the German run's review table. */
export const DE_RUN_PAYSLIP_COLUMNS: Column[] = [
  { header: 'employee', value: 'employee_id' },
  { header: 'gross', value: 'current_pay_period.employee.totals.total_gross_wages' },
  { header: 'income tax', value: 'current_pay_period.employee.taxes.income_tax' },
  { header: 'soli', value: 'current_pay_period.employee.taxes.solidarity_tax' },
  { header: 'church tax', value: 'current_pay_period.employee.taxes.church_tax' },
  { header: 'insurance', value: 'current_pay_period.employee.insurance.total_insurance' },
  { header: 'net pay', value: 'current_pay_period.employee.totals.net_pay' },
  { header: 'employer cost', value: 'current_pay_period.employer.total_burden' },
  { header: 'SV-Tage', value: 'figures.sv_days' },
  { header: 'warnings', value: (p) => ((p.warnings as { code: string }[] | undefined) ?? []).map((w) => w.code).join(' ') },
];

type Printer = { format: string; print(data: unknown, columns?: Column[] | null): void; info(message: string): void };

/** A stored German run: a summary line, its payslips, its warnings (JSON: the run as the API answers it). */
export function printGermanRun(runtime: Printer, run: GermanPayrollRun, names?: EmployeeNames): void {
  if (runtime.format !== 'table' && runtime.format !== 'csv') {
    runtime.print(run);
    return;
  }
  if (runtime.format === 'table') {
    runtime.info(`run ${run.id}: ${run.status}, ${run.month}${run.corrects_run_id ? ` (corrects ${run.corrects_run_id})` : ''}, pay date ${run.pay_date}, ${run.employee_count} employees`);
    if (run.totals) runtime.info(`totals: gross ${run.totals.gross_pay}, income tax ${run.totals.income_tax}, soli ${run.totals.solidarity_tax}, church tax ${run.totals.church_tax}, employee insurance ${run.totals.employee_insurance}, net pay ${run.totals.net_pay}, employer cost ${run.totals.employer_cost}`);
  }
  runtime.print(run.payslips ?? [], withNames(DE_RUN_PAYSLIP_COLUMNS, names));
  for (const w of run.warnings) runtime.info(`warning${w.employee_id ? ` ${nameOf(names, w.employee_id)}` : ''}: ${w.message}`);
}

/** The monthly inputs file of `run-de --org`: `{ "items": [...] }` (also pay_date, external_ref) or a bare list of items. */
export function itemsFileBody(file: unknown): Record<string, unknown> {
  if (Array.isArray(file)) return { items: file };
  if (file === null || typeof file !== 'object') throw usageError('--input must hold a JSON object { "items": [ … ] } (or a list of items) with the monthly inputs');
  return { ...(file as Record<string, unknown>) };
}

interface RunDeOptions {
  input?: string;
  org?: string;
  period?: string;
  payDate?: string;
  history?: boolean;
  corrects?: string;
  employee?: string[];
  approve?: boolean;
  changes?: string;
  earning?: string[];
  plausibilityFactor?: string;
  quiet?: boolean;
}

export function registerRunDeCommand(program: Command, parent?: Command): void {
  for (const host of parent ? [program, parent] : [program]) {
    host
      .command('run-de')
      .description('German payroll: with --org, a stored run of the month (a draft to review, approve and pay); with --input alone, POST /germany/payroll (a calculation, nothing stored)')
      .option('--input <file>', 'without --org: the request body of POST /germany/payroll (pay_cycle, pay_date, payroll_group; e.g. fixtures/examples/run-de-request.json); with --org: the monthly inputs (e.g. fixtures/examples/run-de-items.json) { "items": [ { "employee_id", "earnings": [ { "earning_type", "amount", "is_lumpsum" } ], "benefits", "deductions", "reimbursements" } ] }; - for stdin')
      .option('--org <id>', 'store a run of this German organization’s month: every employee employed in it, with their standing pay')
      .option('--period <YYYY-MM>', 'the month to pay (with --org; default: the month after the organization\'s latest run)')
      .option('--changes <file>', `with --org: per-employee changes, CSV or JSON (payroll_number or employee_id, wage_type, amount, hours; e.g. fixtures/examples/run-de-changes.csv, fixtures/examples/run-de-changes.json); wage types: ${DE_CHANGE_TYPES.map((t) => t.code).join(', ')} (salary and hourly replace the standing pay this month)`)
      .option('--earning <employee=type=amount>', 'with --org: one change, PAYROLL_NO=TYPE=AMOUNT (or employee id), e.g. DE-001=bonus=500; repeat', (value: string, previous: string[]) => [...previous, value], [] as string[])
      .option('--plausibility-factor <n>', 'warn and ask (off a terminal: need --yes) when a gross is more than N times the stored pay or the previous month (default 3, or `payroll config set plausibility_factor N`)')
      .option('-q, --quiet', 'with --org: print only the run id on stdout (RUN=$(payroll run-de … -q))')
      .option('--pay-date <date>', 'pay date within the month (with --org; default its last day)')
      .option('--corrects <run-id>', 'a correction: a new run of the same month replacing an approved or paid run (with --org)')
      .option('--employee <id>', 'with --corrects: an employee whose month is corrected (repeat; default those of the corrected run)', (value: string, previous: string[]) => [...previous, value], [] as string[])
      .option('--approve', 'approve the stored run straight away (asks for confirmation; --yes off a terminal)')
      .option('--history', 'include the execution history (X-Include-Execution-History)')
      .action(
        withRuntime(async (runtime, options: RunDeOptions) => {
          const history = { includeExecutionHistory: Boolean(options.history) };
          // On a terminal without --input: a stored run of a German organization picked by name.
          if (!options.org && !options.input && runtime.interactive) options.org = await requireOrg(runtime, undefined, 'DE');
          if (!options.org) {
            if (!options.input) throw usageError('missing --input FILE (a POST /germany/payroll request) or --org ID --period YYYY-MM (a stored run)');
            for (const [flag, given] of [['--period', options.period], ['--pay-date', options.payDate], ['--corrects', options.corrects], ['--approve', options.approve], ['--changes', options.changes], ['--earning', (options.earning ?? []).length > 0 ? 'yes' : undefined]] as const) {
              if (given !== undefined) throw usageError(`${flag} needs --org (a stored run of a German organization)`);
            }
            const service = await runtime.service();
            printGermanPayroll(runtime, await service.calculateGermanPayroll(readJsonInput(options.input), history));
            return;
          }
          if ((options.employee ?? []).length > 0 && !options.corrects) throw usageError('--employee is for corrections: give --corrects RUN_ID too');
          // Read before anything is stored: a bad factor must not leave a draft behind.
          const factor = plausibilityFactor(runtime, options.plausibilityFactor);
          const changes = [...(options.changes ? readChangesFile(options.changes) : []), ...parseEarningFlags(options.earning ?? [])];
          if (changes.length > 0 && options.input) throw usageError('--changes/--earning and --input both give the month\'s inputs: put them in one of them');
          const service = await runtime.service();
          let period = options.period;
          if (!period) {
            if (options.corrects) throw usageError('missing --period YYYY-MM: the month of the run corrected');
            if (runtime.interactive) {
              // On a terminal: the month after the latest run preset; a month that has a run is refused as it is typed.
              period = await askGermanMonth(service, options.org, await inquirerPort(), { today: todayIso(), monthCheck: (await loadAnswerChecks()).germanMonth });
            } else {
              const picked = await nextDeMonth(service, options.org, todayIso());
              period = picked.period;
              runtime.info(`period: ${period}: ${picked.why}`);
            }
          } else if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) throw usageError(`--period ${period}: must be a month in the form YYYY-MM`);
          const body: Record<string, unknown> = options.input ? itemsFileBody(readJsonInput(options.input)) : {};
          if (changes.length > 0) body.items = await buildDeItems(service, options.org, period, changes);
          body.period = period;
          if (options.payDate) body.pay_date = options.payDate;
          if (options.corrects) body.corrects_run_id = options.corrects;
          if ((options.employee ?? []).length > 0) body.employee_ids = options.employee;
          const result = await service.createGermanPayrollRun(options.org, body, history);
          runtime.wrote();
          let run = await service.getGermanPayrollRun(options.org, result.payroll_status_id);
          // Issue 18 point 4: a gross far from the stored pay or the previous month is confirmed or the draft is discarded.
          const org = options.org;
          await plausibilityGate(runtime, await implausibleDe(service, org, run, factor), factor, run.id, () => service.discardGermanPayrollRun(org, run.id));
          if (options.quiet) process.stdout.write(`${run.id}\n`);
          else printGermanRun(runtime, run, await namesFor(runtime, service, options.org));
          if (options.approve) {
            await confirmStep(runtime, `approve run ${run.id} (${run.month}, ${run.employee_count} payslips, net pay ${run.totals?.net_pay ?? '?'}); approved runs are final`);
            run = await service.approveGermanPayrollRun(options.org, run.id);
            runtime.info(`run ${run.id} approved`);
          } else if (runtime.format === 'table') {
            runtime.info(`review, then: payroll runs approve ${run.id} --org ${options.org}`);
          }
        }),
      );
  }
}
