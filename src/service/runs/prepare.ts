/**
 * Step 1 of a pay-group run (GB): read and check everything that does not need the calculation (pay group,
 * calendar, period, correction, the period's holder, earlier drafts, the employees and their pay lines). A faulty
 * request writes nothing. The country supplies its tax years and how one item's pay lines are checked.
 */
import { conflict, DomainError, type FieldIssue, fieldError, validationError } from '../../domain/errors.js';
import { type PayCalendarRules, type PayDayRule, type PayFrequency, type PayPeriod, periodForPayDate, periodsForTaxYear } from '../../domain/pay-periods.js';
import { findRunPayCalendar, findRunPayGroup, loadEmployees, loadEmploymentStarts, loadGroupMembers } from '../../store/repositories/payroll-run-inputs.js';
import { findEarlierDraft, findGbRun, findSlotHolder, GB_RUN_TABLES, latestLiveRegularRun, latestSettledPeriod } from '../../store/repositories/payroll-runs.js';
import type { OrganizationTable } from '../../store/schema.js';
import { type Db, nowIso, type ServiceContext } from '../context.js';
import type { Prepared, RunBatch, RunCorrection, RunItem, RunPeriod } from './jurisdiction.js';

/** Employees checked per round of reads while a run is prepared (as chunks.ts: well below any statement's parameter limit). */
const PREPARE_BATCH = 900;

/** What a pay-group run request names: the pay group, its calendar, the period and the employees paid. */
export interface RunRequest<Item extends RunItem = RunItem> {
  pay_group_id: string;
  pay_calendar_id: string;
  external_ref?: string | null | undefined;
  pay_date?: string | undefined;
  period_number?: number | undefined;
  tax_year?: string | undefined;
  corrects_run_id?: string | null | undefined;
  payroll_group: readonly Item[];
}

/** What a pay-group country tells the preparation: its tax years and how one item's pay lines are checked. */
export interface PayGroupCountry<Item extends RunItem, Pay> {
  requireOrg(ctx: ServiceContext, db: Db, orgId: string): Promise<OrganizationTable>;
  /** The tax year a date falls in, and the one after a tax year (labels as the calendar uses them). */
  taxYearOf(date: string): string;
  nextTaxYear(taxYear: string): string;
  /** Whether the service has this tax year's statutory figures; `supportedTaxYears` names those it has. */
  calculates(taxYear: string): boolean;
  readonly supportedTaxYears: string;
  /** One employee's pay lines checked and sorted for the period (issues located inside the item). */
  classify(item: Item, period: RunPeriod): { pay: Pay; issues: FieldIssue[] };
}

/** The key a live run holds for its pay group and period (unique); `payroll verify --store` recomputes it. */
export function slotKey(payGroupId: string, taxYear: string, periodNumber: number, correctsRunId: string | null): string {
  return correctsRunId ? `${payGroupId}|${taxYear}|${periodNumber}|fix:${correctsRunId}` : `${payGroupId}|${taxYear}|${periodNumber}`;
}

/** A second live run for the same slot: 409 naming the run that holds it and what to do. */
export function duplicateRun(runId: string, status: string, slotLabel: string): DomainError {
  return conflict('PAYROLL_RUN.DUPLICATE', `a payroll run for ${slotLabel} already exists: run ${runId} (${status}); ${status === 'draft' ? 'approve or discard it' : 'correct it with a new run that names it in corrects_run_id'}`, { run_id: runId, status });
}

export async function preparePayGroupRun<Item extends RunItem, Request extends RunRequest<Item>, Pay>(ctx: ServiceContext, jurisdiction: PayGroupCountry<Item, Pay>, orgId: string, request: Request): Promise<Prepared<Request, Item, Pay>> {
  const db = ctx.store.db;
  const org = await jurisdiction.requireOrg(ctx, db, orgId);
  const group = await findRunPayGroup(db, orgId, request.pay_group_id);
  if (!group) throw fieldError(['body', 'pay_group_id'], `no pay group ${request.pay_group_id} in this organization`, 'reference_missing');
  const calendar = await findRunPayCalendar(db, orgId, request.pay_calendar_id);
  if (!calendar) throw fieldError(['body', 'pay_calendar_id'], `no pay calendar ${request.pay_calendar_id} in this organization`, 'reference_missing');
  if (group.pay_calendar_id !== calendar.id) throw fieldError(['body', 'pay_calendar_id'], `pay group ${group.name} is paid on calendar ${group.pay_calendar_id}, not ${calendar.id}`, 'calendar_mismatch');
  const rules: PayCalendarRules = {
    country: org.country === 'DE' ? 'DE' : 'GB',
    frequency: calendar.frequency as PayFrequency,
    first_period_start: (calendar as { first_period_start?: string | null }).first_period_start ?? '2025-04-06',
    pay_day_rule: JSON.parse(calendar.pay_day_rule_json) as PayDayRule,
  };
  let period: PayPeriod | null | undefined;
  /** Set when neither pay_date nor period_number was given: why this period was taken. */
  let defaulted: string | null = null;
  if (request.pay_date !== undefined) {
    period = periodForPayDate(rules, request.pay_date);
    if (!period) {
      const year = periodsForTaxYear(rules, jurisdiction.taxYearOf(request.pay_date));
      const near = year.filter((p) => Math.abs(Date.parse(p.pay_date) - Date.parse(request.pay_date as string)) < 40 * 86_400_000).map((p) => p.pay_date);
      throw fieldError(['body', 'pay_date'], `calendar ${calendar.name} has no payday on ${request.pay_date}${near.length ? `; paydays nearby: ${near.join(', ')}` : ''}`, 'not_a_payday');
    }
  } else if (request.period_number !== undefined) {
    const year = periodsForTaxYear(rules, request.tax_year as string);
    period = year.find((p) => p.period_number === request.period_number);
    if (!period) throw fieldError(['body', 'period_number'], `calendar ${calendar.name} has ${year.length} periods in ${request.tax_year}`, 'out_of_range');
  } else {
    ({ period, why: defaulted } = await defaultPeriod(ctx, jurisdiction, db, orgId, group.id, rules, request.corrects_run_id ?? null));
  }
  if (!jurisdiction.calculates(period.tax_year)) {
    const field = request.pay_date !== undefined || defaulted !== null ? 'pay_date' : 'tax_year';
    const prefix = defaulted !== null ? `no pay_date or period_number given, so the run would be for ${defaulted}: ` : '';
    throw fieldError(['body', field], `${prefix}pay date ${period.pay_date} is in tax year ${period.tax_year}; this service calculates ${jurisdiction.supportedTaxYears}${defaulted !== null ? '; give pay_date (or period_number with tax_year)' : ''}`, 'tax_year_unsupported');
  }

  // Corrections: a supplementary run for an approved run of the same pay group and period.
  const correctsRunId = request.corrects_run_id ?? null;
  if (correctsRunId) {
    const original = await findGbRun(db, orgId, correctsRunId);
    if (!original) throw fieldError(['body', 'corrects_run_id'], `no payroll run ${correctsRunId} in this organization`, 'reference_missing');
    if (original.pay_group_id !== group.id || original.tax_year !== period.tax_year || Number(original.period_number) !== period.period_number) {
      throw fieldError(['body', 'corrects_run_id'], `run ${correctsRunId} is for ${original.tax_year} period ${original.period_number} of pay group ${original.pay_group_id}; a correction runs for the same pay group and period`, 'correction_mismatch');
    }
    if (original.status !== 'approved' && original.status !== 'paid') {
      throw conflict('PAYROLL_RUN.CORRECTS_UNAPPROVED', `run ${correctsRunId} is ${original.status}; only approved or paid runs are corrected by a new run (discard or change a draft instead)`, { run_id: correctsRunId });
    }
  }
  // A correction is paid now: in the pay group's latest settled period of the tax year (the corrected period when
  // it is still the latest). PAYE then works on that period's cumulative free pay and bands and the FPS reports it
  // in that tax period; NI stays with the corrected earnings period (CorrectionPlacement; decisions: corrections).
  let correction: RunCorrection | null = null;
  if (correctsRunId) {
    const latest = await latestSettledPeriod(db, orgId, group.id, period.tax_year);
    const paidIn = latest !== null && latest > period.period_number ? latest : period.period_number;
    const paidInPeriod = paidIn === period.period_number ? period : periodsForTaxYear(rules, period.tax_year).find((p) => p.period_number === paidIn);
    correction = { correctsRunId, paidInPeriodNumber: paidIn, paidInTaxPeriod: paidInPeriod ? paidInPeriod.tax_period : period.tax_period, paidInPayDate: paidInPeriod ? paidInPeriod.pay_date : period.pay_date };
  }
  const slot = slotKey(group.id, period.tax_year, period.period_number, correctsRunId);
  const slotLabel = `this pay group and ${period.tax_year} period ${period.period_number}`;
  const holder = await findSlotHolder(db, GB_RUN_TABLES, slot);
  if (holder) throw duplicateRun(holder.id, holder.status, slotLabel);
  const earlierDraft = await findEarlierDraft(db, orgId, group.id, period.tax_year, period.period_number);
  if (earlierDraft) {
    throw conflict('PAYROLL_RUN.EARLIER_DRAFT', `run ${earlierDraft.id} for period ${earlierDraft.period_number} is still a draft; approve or discard it first (year-to-date figures build on approved runs in order)`, { run_id: earlierDraft.id });
  }

  // Employees: in this organization, in the pay group, with valid pay lines. Checked a batch at a time and not kept:
  // the calculation reads each batch again (Prepared.batch), so a run never holds every employee (issue 19). The
  // check needs only each employee's start date, so only that is read here (the whole record is read per batch).
  const runPeriod: RunPeriod = { ...period, frequency: rules.frequency };
  const items = request.payroll_group;
  const issues: FieldIssue[] = [];
  for (let from = 0; from < items.length; from += PREPARE_BATCH) {
    const part = items.slice(from, from + PREPARE_BATCH);
    const ids = part.map((item) => item.employee_id);
    const [starts, members] = await Promise.all([loadEmploymentStarts(db, orgId, ids), loadGroupMembers(db, group.id, ids)]);
    part.forEach((item, at) => {
      const loc = ['body', 'payroll_group', from + at];
      const startDate = starts.get(item.employee_id);
      if (startDate === undefined) {
        issues.push({ loc: [...loc, 'employee_id'], msg: `no employee ${item.employee_id} in this organization`, type: 'reference_missing' });
      } else if (!members.has(item.employee_id)) {
        issues.push({ loc: [...loc, 'employee_id'], msg: `employee ${item.employee_id} is not in pay group ${group.name}; assign them first (POST .../pay-groups/{pay_group_id}/assign-employees)`, type: 'not_in_pay_group' });
      } else if (startDate > period.end_date) {
        issues.push({ loc: [...loc, 'employee_id'], msg: `employee ${item.employee_id} starts on ${startDate}, after this period (${period.start_date} to ${period.end_date})`, type: 'not_started' });
      }
      const classified = jurisdiction.classify(item as Item, runPeriod);
      for (const issue of classified.issues) issues.push({ ...issue, loc: [...loc, ...issue.loc] });
    });
  }
  if (issues.length > 0) throw validationError(issues, 'GB.PAYROLL.VALIDATION');
  return {
    request,
    items,
    period: runPeriod,
    batch: payGroupBatches(orgId, items, runPeriod, jurisdiction),
    correctsRunId,
    correction,
    slot,
    slotLabel,
    externalRef: request.external_ref ?? null,
    runColumns: { pay_group_id: request.pay_group_id, pay_calendar_id: request.pay_calendar_id, frequency: rules.frequency, tax_period: correction ? correction.paidInTaxPeriod : period.tax_period },
    locOf: payGroupLoc,
  };
}

/** Where item `index` of a pay-group run sits in its request. */
export function payGroupLoc(index: number): (string | number)[] {
  return ['body', 'payroll_group', index];
}

/**
 * Prepared.batch of a pay-group run: items `from` to `from + count` of `items` with their employees, read through
 * the reader given, and their pay lines checked and sorted. A run's calculation threads (runs/threads) read their
 * batches with it too, through connections of their own.
 */
export function payGroupBatches<Item extends RunItem, Pay>(orgId: string, items: readonly Item[], runPeriod: RunPeriod, country: Pick<PayGroupCountry<Item, Pay>, 'classify'>): Prepared<unknown, Item, Pay>['batch'] {
  return async (reader: Db, from: number, count: number): Promise<RunBatch<Item, Pay>> => {
    const part = items.slice(from, from + count);
    const employees = await loadEmployees(reader, orgId, part.map((item) => item.employee_id));
    for (const item of part) {
      // Checked when the run was prepared; an employee removed since (a concurrent delete) stops the run before anything is saved.
      if (!employees.has(item.employee_id)) throw conflict('PAYROLL_RUN.CHANGED', `employee ${item.employee_id} was removed while the run was being calculated; run the period again`, { employee_id: item.employee_id });
    }
    return { from, items: part, employees, pay: part.map((item) => country.classify(item, runPeriod).pay) };
  };
}

/**
 * Endpoint 18 without pay_date or period_number (the spec's body has neither; decisions: endpoint 18 default
 * period): a correction runs for the corrected run's period; otherwise the period after the pay group's latest
 * regular run (draft, approved or paid), the next tax year's first period after the last one of a year; a pay
 * group that has never run takes the calendar's next payday on or after today (the context's clock).
 */
async function defaultPeriod(ctx: ServiceContext, jurisdiction: Pick<PayGroupCountry<RunItem, unknown>, 'taxYearOf' | 'nextTaxYear'>, db: Db, orgId: string, payGroupId: string, rules: PayCalendarRules, correctsRunId: string | null): Promise<{ period: PayPeriod; why: string }> {
  if (correctsRunId) {
    const original = await findGbRun(db, orgId, correctsRunId);
    if (!original) throw fieldError(['body', 'corrects_run_id'], `no payroll run ${correctsRunId} in this organization`, 'reference_missing');
    const found = periodsForTaxYear(rules, original.tax_year).find((p) => p.period_number === Number(original.period_number));
    if (!found) throw fieldError(['body', 'corrects_run_id'], `the pay calendar has no period ${original.period_number} in ${original.tax_year} any more; give pay_date`, 'out_of_range');
    return { period: found, why: `the corrected run's period (${original.tax_year} period ${original.period_number})` };
  }
  const latest = await latestLiveRegularRun(db, orgId, payGroupId);
  if (latest) {
    const next = periodsForTaxYear(rules, latest.taxYear).find((p) => p.period_number === latest.periodNumber + 1);
    if (next) return { period: next, why: `the period after the pay group's latest run (${latest.taxYear} period ${latest.periodNumber})` };
    const first = periodsForTaxYear(rules, jurisdiction.nextTaxYear(latest.taxYear))[0] as PayPeriod;
    return { period: first, why: `the first period of the tax year after the pay group's latest run (${latest.taxYear} period ${latest.periodNumber})` };
  }
  const today = nowIso(ctx).slice(0, 10);
  const thisYear = jurisdiction.taxYearOf(today);
  const candidates = [thisYear, jurisdiction.nextTaxYear(thisYear)].flatMap((y) => periodsForTaxYear(rules, y));
  const next = candidates.find((p) => p.pay_date >= today) as PayPeriod;
  return { period: next, why: `the calendar's next payday on or after today (${today}); the pay group has no run yet` };
}
