import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { classifyPay, Decimal, type Employee, gbTaxYearOf, hoursProblem, loadAnswerChecks, type PayFrequency, type PayPeriodItem, type PayrollService } from '../../service/ports.js';
import { dataDir, writePrivateFile } from '../config.js';
import { askGbPeriod, choosePayGroup, type PromptPort } from '../prompt-choices.js';
import { usageError } from '../runtime.js';
import { parseHoursFlags } from '../run-changes.js';

/**
 * What `payroll run-gb` pays when it builds the run itself (on a terminal, or off one from the pay group's standing
 * pay): the pay group's employees employed in the period, salaried staff at their salary, hourly staff at the
 * period's hours × their rate (UK-E-002 with earning_frequency HOUR; the hours are asked or given with --hours,
 * never guessed from hours_per_week). Every answer is checked when it is given, with the rule it breaks, and the
 * request is kept in a draft file until the run is stored, so a later failure loses no answer.
 */

// The port and its terminal implementation live with the other pick lists and checks (prompt-choices.ts).
export { inquirerPort, type PromptPort } from '../prompt-choices.js';

export interface StandingPayOptions {
  payGroup?: string | undefined;
  payDate?: string | undefined;
  period?: string | undefined;
  taxYear?: string | undefined;
  /** `EMPLOYEE=HOURS` (employee id or payroll number), from --hours. */
  hours?: readonly string[] | undefined;
}

export interface BuiltRun {
  body: Record<string, unknown>;
  /** The draft answers file (interactive only): delete it once the run is stored. */
  draftPath: string | null;
}

interface HourlyPay {
  basis?: string;
  annual_salary?: string;
  hourly_rate?: string;
}

const PERIODS_PER_YEAR: Readonly<Record<PayFrequency, number>> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };

/** Pounds and pence, not negative: the rule each typed amount must meet. */
export function amountProblem(text: string): string | null {
  return /^(\d+(\.\d{1,2})?|\.\d{1,2})$/.test(text) ? null : 'must be an amount in pounds and pence, e.g. "2083.33" (digits, at most 2 decimal places, not negative)';
}

/** Why an employee is not paid in this period, or null when they are employed in it (started by its end, not left before its start). */
export function notEmployedIn(employee: Pick<Employee, 'start_date' | 'leave_date'>, period: Pick<PayPeriodItem, 'start_date' | 'end_date'>): string | null {
  if (employee.start_date > period.end_date) return `starts on ${employee.start_date}, after this period (${period.start_date} to ${period.end_date})`;
  if (employee.leave_date && employee.leave_date < period.start_date) return `left on ${employee.leave_date}, before this period (${period.start_date} to ${period.end_date})`;
  return null;
}

/** The period a request names (pay_date, or period_number with tax_year), or null when it leaves it to the service. */
async function periodOfRequest(service: PayrollService, org: string, body: Record<string, unknown>): Promise<PayPeriodItem | null> {
  const calendarId = typeof body.pay_calendar_id === 'string' ? body.pay_calendar_id : null;
  if (!calendarId) return null;
  try {
    if (typeof body.pay_date === 'string') {
      const periods = (await service.getPayCalendarPeriods(org, calendarId, { tax_year: gbTaxYearOf(body.pay_date) })).periods;
      return periods.find((p) => p.pay_date === body.pay_date) ?? null;
    }
    if (typeof body.period_number === 'number' && typeof body.tax_year === 'string') {
      const periods = (await service.getPayCalendarPeriods(org, calendarId, { tax_year: body.tax_year })).periods;
      return periods.find((p) => p.period_number === body.period_number) ?? null;
    }
  } catch {
    // the run itself reports a calendar or period it cannot find
  }
  return null;
}

/**
 * A request (a file, or answers kept from an earlier attempt) paying regular pay to an employee who left before the
 * period: on a terminal each such employee is asked about, and left out unless the answer is yes (the default is to
 * skip). A payment after leaving is normally a lump sum (holiday pay, a bonus): those are not asked about. The run
 * itself warns about any that remain.
 */
export async function skipLeaversPaidAgain(service: PayrollService, org: string, body: Record<string, unknown>, port: PromptPort, info: (message: string) => void): Promise<Record<string, unknown>> {
  const items = body.payroll_group;
  if (!Array.isArray(items)) return body;
  const period = await periodOfRequest(service, org, body);
  if (!period) return body;
  const kept: unknown[] = [];
  for (const item of items as { employee_id?: unknown; pay_details?: { earnings?: { is_lumpsum?: unknown }[] } }[]) {
    const earnings = item?.pay_details?.earnings ?? [];
    const regular = Array.isArray(earnings) && earnings.some((e) => e?.is_lumpsum !== true);
    if (regular && typeof item.employee_id === 'string') {
      let employee: Employee | null = null;
      try {
        employee = await service.getEmployee(org, item.employee_id);
      } catch {
        employee = null; // the run reports an unknown employee with its place in the request
      }
      if (employee?.leave_date && employee.leave_date < period.start_date) {
        const label = `${employee.first_name} ${employee.last_name} (${employee.id})`;
        const pay = await port.confirm(`${label} left on ${employee.leave_date}, before this period (${period.start_date} to ${period.end_date}), and is paid regular pay again: pay it anyway? (a payment after leaving is usually a lump sum)`, false);
        if (!pay) {
          info(`left out: ${label} left on ${employee.leave_date}, before this period (${period.start_date} to ${period.end_date})`);
          continue;
        }
      }
    }
    kept.push(item);
  }
  if (kept.length === 0) throw usageError('nobody to pay: every employee of the request was left out');
  return { ...body, payroll_group: kept };
}

function draftPathFor(env: NodeJS.ProcessEnv, org: string, groupId: string, period: PayPeriodItem): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
  return join(dataDir(env), 'drafts', `run-gb-${safe(org)}-${safe(groupId)}-${period.tax_year}-p${period.period_number}.json`);
}

/** Keeps the request (the spec's shape, so `--input FILE` takes it as it is) until the run is stored; 0600. */
export function saveDraft(path: string, body: Record<string, unknown>): void {
  writePrivateFile(path, `${JSON.stringify(body, null, 2)}\n`);
}

export function dropDraft(path: string | null): void {
  if (path) rmSync(path, { force: true });
}

async function choosePeriod(service: PayrollService, org: string, group: { id: string; pay_calendar_id: string }, options: StandingPayOptions, port: PromptPort | null, info: (message: string) => void): Promise<PayPeriodItem> {
  const calendarId = group.pay_calendar_id;
  const periodsOf = async (taxYear: string) => (await service.getPayCalendarPeriods(org, calendarId, { tax_year: taxYear })).periods;
  if (options.payDate) {
    const periods = await periodsOf(gbTaxYearOf(options.payDate));
    const found = periods.find((p) => p.pay_date === options.payDate);
    if (!found) throw usageError(`--pay-date ${options.payDate} is not a payday of this pay group's calendar; paydays: ${periods.map((p) => p.pay_date).join(', ')}`);
    return found;
  }
  if (options.period) {
    if (!options.taxYear) throw usageError('--period needs --tax-year, e.g. --tax-year 2026-27');
    const periods = await periodsOf(options.taxYear);
    const found = periods.find((p) => String(p.period_number) === options.period);
    if (!found) throw usageError(`--period ${options.period}: the calendar has periods 1 to ${periods.length} in ${options.taxYear}`);
    return found;
  }
  if (!port) throw usageError('missing --pay-date (or --period with --tax-year): the period to pay');
  // On a terminal: the unrun periods to pick from, the next one preselected (prompt-choices.ts).
  const checks = await loadAnswerChecks();
  return askGbPeriod(service, org, group, port, { taxYear: options.taxYear, today: new Date().toISOString().slice(0, 10), taxYearCheck: checks.gbTaxYear, info });
}

/**
 * The run request for a pay group and period. With `port` (a terminal) every employee's pay is asked; without, it is
 * the standing pay, and an hourly employee without --hours is a usage error naming them.
 */
export async function buildStandingRun(
  service: PayrollService,
  org: string,
  options: StandingPayOptions,
  port: PromptPort | null,
  context: { env: NodeJS.ProcessEnv; info(message: string): void },
): Promise<BuiltRun> {
  let groupId = options.payGroup;
  if (!groupId) {
    if (!port) throw usageError('missing --pay-group: the pay group to run');
    groupId = await choosePayGroup(service, org, port);
  }
  const group = await service.getPayGroup(org, groupId);
  const frequency = ((await service.listPayCalendars(org)).find((c) => c.id === group.pay_calendar_id)?.frequency ?? 'monthly') as PayFrequency;
  const period = await choosePeriod(service, org, group, options, port, context.info);
  const head = { pay_group_id: group.id, pay_calendar_id: group.pay_calendar_id, pay_date: period.pay_date };
  const draftPath = port ? draftPathFor(context.env, org, group.id, period) : null;

  // Answers kept from an attempt that did not finish are offered first (they are the request as it was sent).
  if (port && draftPath && existsSync(draftPath)) {
    const saved = JSON.parse(readFileSync(draftPath, 'utf8')) as { payroll_group?: unknown[] };
    const count = saved.payroll_group?.length ?? 0;
    if (await port.confirm(`Reuse the answers for ${count} employee(s) saved ${statSync(draftPath).mtime.toISOString().slice(0, 16).replace('T', ' ')} UTC from an attempt that did not finish (${draftPath})?`, true)) {
      // Someone may have left since the answers were given.
      return { body: await skipLeaversPaidAgain(service, org, { ...(saved as Record<string, unknown>), ...head }, port, context.info), draftPath };
    }
  }

  const hoursByKey = parseHoursFlags(options.hours ?? [], frequency);
  const basicPayCheck = port ? (await loadAnswerChecks()).gbEarningAmount('UK-E-001', period.pay_date, frequency) : null;
  const usedKeys = new Set<string>();
  const payrollGroup: Record<string, unknown>[] = [];
  for (const employeeId of group.employee_ids) {
    const employee = await service.getEmployee(org, employeeId);
    const label = `${employee.first_name} ${employee.last_name} (${employee.id})`;
    const why = notEmployedIn(employee, period);
    if (why) {
      context.info(`left out: ${label} ${why}`);
      continue;
    }
    const pay = (employee.pay ?? {}) as HourlyPay;
    const earnings: Record<string, unknown>[] = [];
    if (pay.basis === 'hourly' && pay.hourly_rate) {
      const key = [employee.id, employee.payroll_number].find((k) => k && hoursByKey.has(k));
      let hours = key ? (hoursByKey.get(key) as string) : undefined;
      if (key) usedKeys.add(key);
      if (hours === undefined) {
        if (!port) throw usageError(`missing --hours for employee ${label}: hourly pay is the period's hours × ${pay.hourly_rate}/h; give --hours ${employee.id}=HOURS`);
        const answer = (await port.input(`${label}: hours worked ${period.start_date} to ${period.end_date} at ${pay.hourly_rate}/h (UK-E-002 hourly pay; empty to skip)`, (text) => {
          if (text.trim() === '') return true;
          const problem = hoursProblem(text.trim(), frequency);
          return problem ? `hours ${problem}` : true;
        })).trim();
        hours = answer === '' ? undefined : answer;
      }
      if (hours !== undefined) earnings.push({ wage_type_code: 'UK-E-002', amount: pay.hourly_rate, earning_frequency: 'HOUR', hours });
    } else if (!port) {
      if (pay.basis === 'salary' && pay.annual_salary) earnings.push({ wage_type_code: 'UK-E-001', amount: pay.annual_salary, earning_frequency: 'YEAR' });
      else context.info(`not paid: ${label} has no standing pay (set it with \`payroll employees update\`)`);
    } else {
      const standing = pay.basis === 'salary' && pay.annual_salary ? new Decimal(pay.annual_salary).div(PERIODS_PER_YEAR[frequency]).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) : null;
      const hint = standing ? `standing pay ${standing}: type = to pay it; ` : '';
      const answer = (await port.input(`${label}: basic pay this period (UK-E-001; ${hint}empty to skip)`, (text) => {
        const t = text.trim();
        if (t === '' || (standing && t === '=')) return true;
        // The run request's amount rule, then the engine's rule for basic pay on this pay date (no negative pay).
        return basicPayCheck?.(t) ?? amountProblem(t) ?? true;
      })).trim();
      const amount = answer === '=' ? standing : answer;
      if (amount) earnings.push({ wage_type_code: 'UK-E-001', amount, earning_frequency: 'PERIOD' });
    }
    if (port && earnings.length > 0) {
      for (;;) {
        const more = (await port.input(`${employee.first_name} ${employee.last_name}: another earning as CODE=AMOUNT (e.g. UK-E-004=500 for a bonus; empty when done)`, (text) => extraEarningProblem(text, period.pay_date, frequency) ?? true)).trim();
        if (more === '') break;
        const [code, value] = more.split('=').map((t) => t.trim()) as [string, string];
        earnings.push({ wage_type_code: code.toUpperCase(), amount: value });
      }
    }
    if (earnings.length > 0) payrollGroup.push({ employee_id: employee.id, pay_details: { earnings, benefits: [], deductions: [], reimbursements: [] } });
  }
  const unused = [...hoursByKey.keys()].filter((k) => !usedKeys.has(k));
  if (unused.length > 0) throw usageError(`--hours ${unused.join(', ')}: no hourly employee employed in this period of pay group ${group.name} has that id or payroll number`);
  if (payrollGroup.length === 0) throw usageError('nobody to pay: every employee was skipped or is not employed in this period');
  return { body: { payroll_group: payrollGroup, ...head }, draftPath };
}

/** The rule a CODE=AMOUNT answer breaks (format, then the engine's own check of the line on the pay date), or null. */
export function extraEarningProblem(text: string, payDate: string, frequency: PayFrequency): string | null {
  const t = text.trim();
  if (t === '') return null;
  const parts = t.split('=').map((p) => p.trim());
  if (parts.length !== 2 || !parts[0] || !parts[1]) return 'write CODE=AMOUNT, e.g. UK-E-004=500';
  const [code, value] = parts as [string, string];
  if (!/^-?(\d+(\.\d{1,2})?|\.\d{1,2})$/.test(value)) return `${value}: must be an amount in pounds and pence, e.g. 500 or 125.50 (at most 2 decimal places)`;
  const issue = classifyPay({ earnings: [{ wage_type_code: code.toUpperCase(), amount: value, earning_type: 'AMOUNT', is_lumpsum: false }], benefits: [], deductions: [], reimbursements: [] }, payDate, frequency).issues[0];
  return issue ? issue.msg : null;
}
