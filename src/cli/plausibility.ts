/**
 * Plausibility of a run's gross pay (issue 18 point 4: "a run accepted a 10× salary typo without a word"). After a
 * run is calculated and stored as a draft, each employee's gross is compared with their stored pay for the period
 * and with their gross in the previous approved period; more than `factor` times either (or less than 1/factor) is
 * named. The figures are the stored draft's own (the engine's), never a second calculation. A draft with such a
 * figure is kept only when the clerk confirms (a terminal prompt, or --yes); otherwise it is discarded, so a typo
 * can neither be approved later nor block the corrected run of the same period, and the command fails with exit 2
 * (a confirmation missing, as approve without --yes). Decision K13 (docs/decisions.md).
 */
import { Decimal, type Employee, type GermanPayrollRun, type PayrollRun, type PayrollService } from '../service/ports.js';
import { readConfig } from './config.js';
import { allEmployees, labelOf, payOf } from './run-changes.js';
import type { Runtime } from './runtime.js';
import { usageError } from './usage-error.js';

export const DEFAULT_PLAUSIBILITY_FACTOR = '3';

/** The rule a factor must meet (flag and config key alike). */
export function factorProblem(text: string): string | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return `"${text}" must be a number such as 3 or 2.5`;
  return new Decimal(text).gt(1) ? null : `"${text}" must be more than 1 (the gross may be this many times the reference)`;
}

/** --plausibility-factor beats the profile's `plausibility_factor` (payroll config set) beats 3. */
export function plausibilityFactor(runtime: Runtime, flag: string | undefined): Decimal {
  if (flag !== undefined) {
    const problem = factorProblem(flag.trim());
    if (problem) throw usageError(`--plausibility-factor ${problem}`);
    return new Decimal(flag.trim());
  }
  const name = runtime.options.profile || runtime.env.PAYROLL_PROFILE || readConfig(runtime.env).current_profile || 'default';
  const configured = readConfig(runtime.env).profiles[name]?.plausibility_factor;
  if (configured !== undefined) {
    const problem = factorProblem(configured);
    if (problem) throw usageError(`config plausibility_factor of profile "${name}": ${problem}`);
    return new Decimal(configured);
  }
  return new Decimal(DEFAULT_PLAUSIBILITY_FACTOR);
}

export interface Implausible {
  employee_id: string;
  label: string;
  gross: string;
  reference: string;
  against: 'stored pay' | 'previous period';
  ratio: string;
}

const PERIODS: Readonly<Record<string, number>> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };

/** Beyond the factor either way; a smaller gross is not judged in a period the employee starts or leaves in (pro rata, final pay). */
function judge(gross: Decimal, reference: Decimal | null, factor: Decimal, partial: boolean): string | null {
  if (!reference || reference.lte(0)) return null;
  const ratio = gross.div(reference);
  if (ratio.gt(factor)) return ratio.toFixed(1);
  if (!partial && ratio.lt(new Decimal(1).div(factor))) return ratio.toFixed(2);
  return null;
}

function check(out: Implausible[], employee: Employee | undefined, employeeId: string, gross: Decimal, references: [Implausible['against'], Decimal | null][], factor: Decimal, partial: boolean): void {
  for (const [against, reference] of references) {
    const ratio = judge(gross, reference, factor, partial);
    if (ratio) {
      out.push({ employee_id: employeeId, label: employee ? labelOf(employee) : employeeId, gross: gross.toFixed(2), reference: (reference as Decimal).toFixed(2), against, ratio });
      return;
    }
  }
}

/** Stored pay for one period: salary ÷ periods a year; hourly rate × weekly hours × 52 ÷ periods (none without weekly hours). */
function storedPeriodPay(employee: Employee | undefined, periodsPerYear: number, weeksPerPeriod: Decimal): Decimal | null {
  if (!employee) return null;
  const pay = payOf(employee);
  if (pay.basis === 'salary' && pay.annual_salary) return new Decimal(pay.annual_salary).div(periodsPerYear);
  if (pay.basis === 'hourly' && pay.hourly_rate && pay.hours_per_week) return new Decimal(pay.hourly_rate).times(pay.hours_per_week).times(weeksPerPeriod);
  return null;
}

const partialIn = (employee: Employee | undefined, start: string, end: string): boolean => Boolean(employee && ((employee.start_date >= start && employee.start_date <= end) || (employee.leave_date && employee.leave_date <= end)));

export async function implausibleGb(service: PayrollService, orgId: string, run: PayrollRun, factor: Decimal): Promise<Implausible[]> {
  // A correction pays a difference: no stored pay or previous period measures it.
  if (run.corrects_run_id) return [];
  const employees = new Map((await allEmployees(service, orgId)).map((e) => [e.id, e]));
  const periods = PERIODS[run.frequency] ?? 12;
  // The previous period: the pay group's latest approved or paid regular run paid before this one.
  let previous: PayrollRun | null = null;
  for (let page = 1; ; page += 1) {
    const result = await service.listPayrollRuns(orgId, { pay_group_id: run.pay_group_id, size: 100, page });
    for (const r of result.items) {
      if ((r.status !== 'approved' && r.status !== 'paid') || r.corrects_run_id || r.pay_date >= run.pay_date) continue;
      if (!previous || r.pay_date > previous.pay_date) previous = r;
    }
    if (!result.meta.has_next) break;
  }
  const before = previous ? new Map(((await service.getPayrollRun(orgId, previous.id)).payslips ?? []).map((p) => [p.employee_id, new Decimal(p.gross_pay)])) : new Map<string, Decimal>();
  const out: Implausible[] = [];
  for (const payslip of run.payslips ?? []) {
    const employee = employees.get(payslip.employee_id);
    check(out, employee, payslip.employee_id, new Decimal(payslip.gross_pay), [['stored pay', storedPeriodPay(employee, periods, new Decimal(52).div(periods))], ['previous period', before.get(payslip.employee_id) ?? null]], factor, partialIn(employee, run.period_start, run.period_end));
  }
  return out;
}

const deGross = (payslip: unknown): Decimal => new Decimal(String((payslip as { current_pay_period?: { employee?: { totals?: { total_gross_wages?: unknown } } } }).current_pay_period?.employee?.totals?.total_gross_wages ?? '0'));

export async function implausibleDe(service: PayrollService, orgId: string, run: GermanPayrollRun, factor: Decimal): Promise<Implausible[]> {
  if (run.corrects_run_id) return [];
  const employees = new Map((await allEmployees(service, orgId)).map((e) => [e.id, e]));
  let previous: GermanPayrollRun | null = null;
  for (let page = 1; ; page += 1) {
    const result = await service.listGermanPayrollRuns(orgId, { size: 100, page });
    for (const r of result.items) {
      if ((r.status !== 'approved' && r.status !== 'paid') || r.corrects_run_id || r.month >= run.month) continue;
      if (!previous || r.month > previous.month) previous = r;
    }
    if (!result.meta.has_next) break;
  }
  const before = previous ? new Map(((await service.getGermanPayrollRun(orgId, previous.id)).payslips ?? []).map((p) => [p.employee_id, deGross(p)])) : new Map<string, Decimal>();
  const out: Implausible[] = [];
  for (const payslip of run.payslips ?? []) {
    const employee = employees.get(payslip.employee_id);
    // 13 weeks a quarter ÷ 3 months: the month's share of weekly hours, as the German standing pay (employment.ts).
    check(out, employee, payslip.employee_id, deGross(payslip), [['stored pay', storedPeriodPay(employee, 12, new Decimal(13).div(3))], ['previous period', before.get(payslip.employee_id) ?? null]], factor, partialIn(employee, run.period_start, run.period_end));
  }
  return out;
}

export function describeImplausible(item: Implausible, factor: Decimal): string {
  const reference = item.against === 'stored pay' ? `the stored pay of ${item.reference} for the period` : `the previous period's gross of ${item.reference}`;
  return `${item.label}: gross ${item.gross} is ${item.ratio}× ${reference} (more than the plausibility factor ${factor.toString()}× apart)`;
}

/**
 * The gate after a run is stored: warns about each implausible gross on stderr; keeps the draft with --yes or a
 * confirmation on a terminal; otherwise discards it and stops (exit 2) naming each employee, gross, reference and factor.
 */
export async function plausibilityGate(runtime: Runtime, found: Implausible[], factor: Decimal, runId: string, discard: () => Promise<unknown>): Promise<void> {
  if (found.length === 0) return;
  for (const item of found) runtime.info(`warning: implausible gross pay: ${describeImplausible(item, factor)}`);
  if (runtime.options.yes) {
    runtime.info(`kept run ${runId} (--yes)`);
    return;
  }
  if (runtime.interactive) {
    const prompts = await import('@inquirer/prompts');
    if (await prompts.confirm({ message: `Keep run ${runId} with ${found.length} implausible gross pay figure(s)? (no discards the draft)`, default: false })) return;
  }
  await discard();
  throw usageError(
    `run ${runId} discarded: ${found.map((item) => describeImplausible(item, factor)).join('; ')}. ` +
      `Check the pay and changes and run again, or pass --yes to keep such a run (factor: --plausibility-factor N or \`payroll config set plausibility_factor N\`)`,
  );
}
