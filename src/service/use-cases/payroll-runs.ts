/**
 * GB payroll runs: endpoint 18 (`POST /gb/organizations/{organization_id}/payrolls`) and the run lifecycle
 * (spec "Payroll run status": processing → draft → approved → paid; extensions discard and failed).
 *
 * Atomicity (decision R7): the run is first recorded as `processing` without holding its pay group and period;
 * the calculation runs in memory; then ONE transaction writes every payslip and turns the run into a `draft` that
 * holds the period (`slot_key`, unique). A process killed before that commit leaves no payslip and only an inert
 * `processing` row (marked `failed` by the next attempt), so nothing blocks the rerun; of two concurrent attempts
 * for the same pay group and period the unique key lets exactly one commit.
 * Approved runs are immutable; their payslips' year-to-date figures become the next run's starting point (gb_ytd),
 * and automatic enrolments decided by the run are recorded when it is approved.
 */
import { hostname } from 'node:os';
import { conflict, DomainError, type FieldIssue, fieldError, isDomainError, notFound, validationError } from '../../domain/errors.js';
import { Decimal, money } from '../../domain/money.js';
import { isGbTaxYear } from '../../domain/gb/params/index.js';
import { gbTaxYearOf, type PayCalendarRules, type PayDayRule, type PayFrequency, type PayPeriod, parseGbTaxYear, periodForPayDate, periodsForTaxYear } from '../../domain/pay-periods.js';
import { calculateEmployeePayslip, type CorrectionPlacement, type EmployeePayslip, type RunPeriod } from '../../domain/gb/run/employee-payslip.js';
import { classifyPay, type ClassifiedPay } from '../../domain/gb/run/pay-items.js';
import { autoEnrolledMembership } from '../../domain/gb/run/pension-terms.js';
import type { WorkerCategory } from '../../domain/gb/auto-enrolment.js';
import { type YtdState, ytdFromJson, ytdToJson, zeroYtd } from '../../domain/gb/run/ytd.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import { gbPayrollRequest, type GbPayrollRequest, type GbPayrollRunResult, type PayrollRun, type Payslip, RUN_STATUSES, type RunStatus } from '../contracts/payroll-runs.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, inTransaction, nowIso, requireScope, type ServiceContext } from '../context.js';
import { pagePaginate } from '../paging.js';
import { lockOrganization } from '../records/org-lock.js';
import { requireGbOrg } from './pensions.js';
import { chunks, employeeFacts, loadEmployees, loadGroupMembers, loadMemberships, loadPriorPayThisPeriod, loadRefunds, loadSchemes, loadYtd } from './payroll-run-inputs.js';
import { latestLiveRegularRun, latestSettledPeriod } from '../../store/payroll-runs.js';
import type { EmployeeTable, GbPayrollRunTable, GbPayslipTable, GbPensionMembershipTable } from '../../store/schema.js';

export interface RunPayrollOptions {
  /** X-Include-Execution-History: every payslip carries the steps taken. */
  includeExecutionHistory?: boolean;
  /** Local callers only: called as employees are calculated (the CLI's progress bar). */
  onProgress?: (done: number, total: number) => void;
}

export interface PayrollRunUseCases {
  /** Endpoint 18. Extension fields: pay_date or period_number + tax_year (neither: the pay group's next unrun period), corrects_run_id, irregular_payment. */
  runGbPayroll(orgId: string, body: unknown, options?: RunPayrollOptions): Promise<GbPayrollRunResult>;
  /** Extension: the run with its payslips (query include_payslips=false leaves them out). */
  getPayrollRun(orgId: string, runId: string, query?: Record<string, unknown>): Promise<PayrollRun>;
  /** Extension: page-style list; filters pay_group_id, status, tax_year. */
  listPayrollRuns(orgId: string, query: Record<string, unknown>): Promise<Page<PayrollRun>>;
  /** draft → approved: the figures become final and feed year to date. */
  approvePayrollRun(orgId: string, runId: string): Promise<PayrollRun>;
  /** approved → paid. */
  markPayrollRunPaid(orgId: string, runId: string): Promise<PayrollRun>;
  /** draft → discarded: frees the pay group and period for a new run. */
  discardPayrollRun(orgId: string, runId: string): Promise<PayrollRun>;
}

export const RUN_SORTABLE = ['created_at', 'pay_date', 'period_number'] as const;
const LIVE: RunStatus[] = ['draft', 'approved', 'paid'];
/** A processing row older than this is treated as abandoned even when its process cannot be checked. */
const ABANDONED_AFTER_MS = 30 * 60 * 1000;
const WORKER = `${hostname()}:${process.pid}`;

/** The key a live run holds for its pay group and period (unique); `payroll verify --store` recomputes it. */
export function slotKey(payGroupId: string, taxYear: string, periodNumber: number, correctsRunId: string | null): string {
  return correctsRunId ? `${payGroupId}|${taxYear}|${periodNumber}|fix:${correctsRunId}` : `${payGroupId}|${taxYear}|${periodNumber}`;
}

function runWire(row: GbPayrollRunTable): PayrollRun {
  return {
    id: row.id,
    org_id: row.org_id,
    pay_group_id: row.pay_group_id,
    pay_calendar_id: row.pay_calendar_id,
    frequency: row.frequency,
    tax_year: row.tax_year,
    period_number: Number(row.period_number),
    tax_period: Number(row.tax_period),
    period_start: row.period_start,
    period_end: row.period_end,
    pay_date: row.pay_date,
    status: row.status as RunStatus,
    corrects_run_id: row.corrects_run_id,
    external_ref: row.external_ref,
    task_id: row.task_id,
    employee_count: Number(row.employee_count),
    totals: row.totals_json ? (JSON.parse(row.totals_json) as Record<string, string>) : null,
    warnings: row.warnings_json ? (JSON.parse(row.warnings_json) as PayrollRun['warnings']) : [],
    failure_reason: row.failure_reason,
    created_at: row.created_at,
    created_by: row.created_by,
    calculated_at: row.calculated_at,
    approved_at: row.approved_at,
    approved_by: row.approved_by,
    paid_at: row.paid_at,
    paid_by: row.paid_by,
    discarded_at: row.discarded_at,
    discarded_by: row.discarded_by,
  };
}

function payslipWire(row: Pick<GbPayslipTable, 'id' | 'run_id' | 'detail_json'>): Payslip {
  return { id: row.id, run_id: row.run_id, ...(JSON.parse(row.detail_json) as object) } as Payslip;
}

/** Any move the lifecycle does not allow is a 409 that says what can be done instead. */
function refuseTransition(row: GbPayrollRunTable, action: 'approve' | 'mark as paid' | 'discard'): DomainError {
  const hint: Record<string, string> = {
    processing: 'it is still being calculated (if that process ended, run the period again)',
    draft: action === 'mark as paid' ? 'approve it first' : '',
    approved: action === 'discard' ? 'approved runs are final: correct them with a new run that names it in corrects_run_id' : action === 'approve' ? 'nothing to do' : '',
    paid: 'paid runs are final: correct them with a new run that names it in corrects_run_id',
    failed: 'its calculation did not finish; run the period again',
    discarded: 'run the period again',
  };
  return conflict('PAYROLL_RUN.INVALID_TRANSITION', `cannot ${action} payroll run ${row.id}: it is ${row.status}${hint[row.status] ? `; ${hint[row.status]}` : ''}`, { run_id: row.id, status: row.status });
}

async function requireRun(db: Db, orgId: string, runId: string): Promise<GbPayrollRunTable> {
  const row = await db.selectFrom('gb_payroll_runs').selectAll().where('org_id', '=', orgId).where('id', '=', runId).executeTakeFirst();
  if (!row) throw notFound('payroll run', runId, 'PAYROLL_RUN.NOT_FOUND');
  return row;
}

function processAlive(worker: string | null): boolean | null {
  if (!worker) return null;
  const [host, pidText] = worker.split(':');
  if (host !== hostname()) return null;
  try {
    process.kill(Number(pidText), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Prepared {
  request: GbPayrollRequest;
  period: PayPeriod & { frequency: PayFrequency };
  employees: Map<string, EmployeeTable>;
  pay: ClassifiedPay[];
  correctsRunId: string | null;
  /** A correction: the period it is paid, taxed and reported in (see CorrectionPlacement). */
  correction: CorrectionPlacement | null;
  slot: string;
}

interface Calculated {
  payslips: EmployeePayslip[];
  ids: string[];
  /** The gb_ytd payslip each payslip's year to date started from (approval checks it is still the latest). */
  bases: (string | null)[];
  latestVersions: number[];
}

function totalsOf(payslips: readonly EmployeePayslip[]): Record<string, string> {
  const fields = ['grossPay', 'taxablePay', 'tax', 'employeeNi', 'employerNi', 'studentLoan', 'postgraduateLoan', 'netPay', 'refundToEmployee'] as const;
  const sums = new Map<string, Decimal>(fields.map((f) => [f, new Decimal(0)]));
  let pensionEmployee = new Decimal(0);
  let pensionEmployer = new Decimal(0);
  for (const p of payslips) {
    for (const f of fields) sums.set(f, (sums.get(f) as Decimal).plus(p.result[f]));
    pensionEmployee = pensionEmployee.plus(p.result.pensionEmployeeDeduction ?? 0).plus(p.result.salarySacrifice ?? 0);
    pensionEmployer = pensionEmployer.plus(p.result.pensionEmployer ?? 0).minus(p.result.refundToEmployer);
  }
  const get = (f: (typeof fields)[number]) => money(sums.get(f) as Decimal);
  return {
    gross_pay: get('grossPay'),
    taxable_pay: get('taxablePay'),
    tax: get('tax'),
    employee_ni: get('employeeNi'),
    employer_ni: get('employerNi'),
    student_loan: get('studentLoan'),
    postgraduate_loan: get('postgraduateLoan'),
    pension_employee: money(pensionEmployee),
    pension_employer: money(pensionEmployer),
    pension_refunds: get('refundToEmployee'),
    net_pay: get('netPay'),
    employer_cost: money((sums.get('grossPay') as Decimal).plus(sums.get('employerNi') as Decimal).plus(pensionEmployer)),
  };
}

export function payrollRunUseCases(ctx: ServiceContext): PayrollRunUseCases {
  /** Reads and checks everything that does not need the calculation; a faulty request writes nothing. */
  async function prepare(orgId: string, request: GbPayrollRequest): Promise<Prepared> {
    const db = ctx.store.db;
    const org = await requireGbOrg(ctx, db, orgId);
    const group = await db.selectFrom('pay_groups').selectAll().where('org_id', '=', orgId).where('id', '=', request.pay_group_id).executeTakeFirst();
    if (!group) throw fieldError(['body', 'pay_group_id'], `no pay group ${request.pay_group_id} in this organization`, 'reference_missing');
    const calendar = await db.selectFrom('pay_calendars').selectAll().where('org_id', '=', orgId).where('id', '=', request.pay_calendar_id).executeTakeFirst();
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
        const year = periodsForTaxYear(rules, periodTaxYear(request.pay_date));
        const near = year.filter((p) => Math.abs(Date.parse(p.pay_date) - Date.parse(request.pay_date as string)) < 40 * 86_400_000).map((p) => p.pay_date);
        throw fieldError(['body', 'pay_date'], `calendar ${calendar.name} has no payday on ${request.pay_date}${near.length ? `; paydays nearby: ${near.join(', ')}` : ''}`, 'not_a_payday');
      }
    } else if (request.period_number !== undefined) {
      const year = periodsForTaxYear(rules, request.tax_year as string);
      period = year.find((p) => p.period_number === request.period_number);
      if (!period) throw fieldError(['body', 'period_number'], `calendar ${calendar.name} has ${year.length} periods in ${request.tax_year}`, 'out_of_range');
    } else {
      ({ period, why: defaulted } = await defaultPeriod(db, orgId, group.id, rules, request.corrects_run_id ?? null));
    }
    if (!isGbTaxYear(period.tax_year)) {
      const field = request.pay_date !== undefined || defaulted !== null ? 'pay_date' : 'tax_year';
      const prefix = defaulted !== null ? `no pay_date or period_number given, so the run would be for ${defaulted}: ` : '';
      throw fieldError(['body', field], `${prefix}pay date ${period.pay_date} is in tax year ${period.tax_year}; this service calculates 2025-26 and 2026-27${defaulted !== null ? '; give pay_date (or period_number with tax_year)' : ''}`, 'tax_year_unsupported');
    }

    // Corrections: a supplementary run for an approved run of the same pay group and period.
    const correctsRunId = request.corrects_run_id ?? null;
    if (correctsRunId) {
      const original = await db.selectFrom('gb_payroll_runs').selectAll().where('org_id', '=', orgId).where('id', '=', correctsRunId).executeTakeFirst();
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
    let correction: CorrectionPlacement | null = null;
    if (correctsRunId) {
      const latest = await latestSettledPeriod(db, orgId, group.id, period.tax_year);
      const paidIn = latest !== null && latest > period.period_number ? latest : period.period_number;
      const paidInPeriod = paidIn === period.period_number ? period : periodsForTaxYear(rules, period.tax_year).find((p) => p.period_number === paidIn);
      correction = { correctsRunId, paidInPeriodNumber: paidIn, paidInTaxPeriod: paidInPeriod ? paidInPeriod.tax_period : period.tax_period };
    }
    const slot = slotKey(group.id, period.tax_year, period.period_number, correctsRunId);
    const holder = await db.selectFrom('gb_payroll_runs').select(['id', 'status']).where('slot_key', '=', slot).executeTakeFirst();
    if (holder) throw duplicateRun(holder.id, holder.status, period);
    const earlierDraft = await db
      .selectFrom('gb_payroll_runs')
      .select(['id', 'period_number'])
      .where('org_id', '=', orgId)
      .where('pay_group_id', '=', group.id)
      .where('tax_year', '=', period.tax_year)
      .where('status', '=', 'draft')
      .where('period_number', '<', period.period_number)
      .executeTakeFirst();
    if (earlierDraft) {
      throw conflict('PAYROLL_RUN.EARLIER_DRAFT', `run ${earlierDraft.id} for period ${earlierDraft.period_number} is still a draft; approve or discard it first (year-to-date figures build on approved runs in order)`, { run_id: earlierDraft.id });
    }

    // Employees: in this organization, in the pay group, with valid pay lines.
    const ids = request.payroll_group.map((item) => item.employee_id);
    const [employees, members] = await Promise.all([loadEmployees(db, orgId, ids), loadGroupMembers(db, group.id, ids)]);
    const issues: FieldIssue[] = [];
    const pay: ClassifiedPay[] = [];
    request.payroll_group.forEach((item, index) => {
      const loc = ['body', 'payroll_group', index];
      const employee = employees.get(item.employee_id);
      if (!employee) {
        issues.push({ loc: [...loc, 'employee_id'], msg: `no employee ${item.employee_id} in this organization`, type: 'reference_missing' });
      } else if (!members.has(item.employee_id)) {
        issues.push({ loc: [...loc, 'employee_id'], msg: `employee ${item.employee_id} is not in pay group ${group.name}; assign them first (POST .../pay-groups/{pay_group_id}/assign-employees)`, type: 'not_in_pay_group' });
      } else if (employee.start_date > period.end_date) {
        issues.push({ loc: [...loc, 'employee_id'], msg: `employee ${item.employee_id} starts on ${employee.start_date}, after this period (${period.start_date} to ${period.end_date})`, type: 'not_started' });
      }
      const classified = classifyPay(item.pay_details, period.pay_date, rules.frequency);
      for (const issue of classified.issues) issues.push({ ...issue, loc: [...loc, ...issue.loc] });
      pay.push(classified);
    });
    if (issues.length > 0) throw validationError(issues, 'GB.PAYROLL.VALIDATION');
    return { request, period: { ...period, frequency: rules.frequency }, employees, pay, correctsRunId, correction, slot };
  }

  /**
   * Endpoint 18 without pay_date or period_number (the spec's body has neither; decisions: endpoint 18 default
   * period): a correction runs for the corrected run's period; otherwise the period after the pay group's latest
   * regular run (draft, approved or paid), the next tax year's first period after the last one of a year; a pay
   * group that has never run takes the calendar's next payday on or after today.
   */
  async function defaultPeriod(db: Db, orgId: string, payGroupId: string, rules: PayCalendarRules, correctsRunId: string | null): Promise<{ period: PayPeriod; why: string }> {
    if (correctsRunId) {
      const original = await db.selectFrom('gb_payroll_runs').select(['tax_year', 'period_number']).where('org_id', '=', orgId).where('id', '=', correctsRunId).executeTakeFirst();
      if (!original) throw fieldError(['body', 'corrects_run_id'], `no payroll run ${correctsRunId} in this organization`, 'reference_missing');
      const found = periodsForTaxYear(rules, original.tax_year).find((p) => p.period_number === Number(original.period_number));
      if (!found) throw fieldError(['body', 'corrects_run_id'], `the pay calendar has no period ${original.period_number} in ${original.tax_year} any more; give pay_date`, 'out_of_range');
      return { period: found, why: `the corrected run's period (${original.tax_year} period ${original.period_number})` };
    }
    const latest = await latestLiveRegularRun(db, orgId, payGroupId);
    if (latest) {
      const next = periodsForTaxYear(rules, latest.taxYear).find((p) => p.period_number === latest.periodNumber + 1);
      if (next) return { period: next, why: `the period after the pay group's latest run (${latest.taxYear} period ${latest.periodNumber})` };
      const start = parseGbTaxYear(latest.taxYear) + 1;
      const first = periodsForTaxYear(rules, `${start}-${String((start + 1) % 100).padStart(2, '0')}`)[0] as PayPeriod;
      return { period: first, why: `the first period of the tax year after the pay group's latest run (${latest.taxYear} period ${latest.periodNumber})` };
    }
    const today = nowIso(ctx).slice(0, 10);
    const thisYear = gbTaxYearOf(today);
    const start = parseGbTaxYear(thisYear);
    const candidates = [thisYear, `${start + 1}-${String((start + 2) % 100).padStart(2, '0')}`].flatMap((y) => periodsForTaxYear(rules, y));
    const next = candidates.find((p) => p.pay_date >= today) as PayPeriod;
    return { period: next, why: `the calendar's next payday on or after today (${today}); the pay group has no run yet` };
  }

  function duplicateRun(runId: string, status: string, period: PayPeriod): DomainError {
    return conflict('PAYROLL_RUN.DUPLICATE', `a payroll run for this pay group and ${period.tax_year} period ${period.period_number} already exists: run ${runId} (${status}); ${status === 'draft' ? 'approve or discard it' : 'correct it with a new run that names it in corrects_run_id'}`, { run_id: runId, status });
  }

  /** Records the attempt (holding nothing) and marks this period's abandoned attempts as failed. */
  async function claim(orgId: string, prepared: Prepared, options: RunPayrollOptions): Promise<GbPayrollRunTable> {
    const now = nowIso(ctx);
    const { period, request } = prepared;
    const row: GbPayrollRunTable = {
      id: ctx.ids.next(),
      org_id: orgId,
      pay_group_id: request.pay_group_id,
      pay_calendar_id: request.pay_calendar_id,
      frequency: period.frequency,
      tax_year: period.tax_year,
      period_number: period.period_number,
      tax_period: prepared.correction ? prepared.correction.paidInTaxPeriod : period.tax_period,
      period_start: period.start_date,
      period_end: period.end_date,
      pay_date: period.pay_date,
      status: 'processing',
      slot_key: null,
      corrects_run_id: prepared.correctsRunId,
      external_ref: request.external_ref ?? null,
      task_id: ctx.ids.next(),
      employee_count: request.payroll_group.length,
      totals_json: null,
      warnings_json: null,
      failure_reason: null,
      worker: WORKER,
      include_execution_history: options.includeExecutionHistory ? 1 : 0,
      created_at: now,
      created_by: ctx.actor.subject,
      updated_at: now,
      calculated_at: null,
      approved_at: null,
      approved_by: null,
      paid_at: null,
      paid_by: null,
      discarded_at: null,
      discarded_by: null,
    };
    await inTransaction(ctx, async (trx) => {
      const stale = await trx
        .selectFrom('gb_payroll_runs')
        .select(['id', 'worker', 'updated_at'])
        .where('org_id', '=', orgId)
        .where('pay_group_id', '=', row.pay_group_id)
        .where('tax_year', '=', row.tax_year)
        .where('period_number', '=', row.period_number)
        .where('status', '=', 'processing')
        .execute();
      const abandoned = stale.filter((s) => processAlive(s.worker) === false || Date.parse(now) - Date.parse(s.updated_at) > ABANDONED_AFTER_MS).map((s) => s.id);
      if (abandoned.length > 0) {
        await trx
          .updateTable('gb_payroll_runs')
          .set({ status: 'failed', failure_reason: 'abandoned: the process calculating it ended before the payslips were written; nothing of it was saved', updated_at: now })
          .where('id', 'in', abandoned)
          .where('status', '=', 'processing')
          .execute();
      }
      await trx.insertInto('gb_payroll_runs').values(row).execute();
    });
    return row;
  }

  async function fail(runId: string, reason: string): Promise<void> {
    try {
      await ctx.store.db.updateTable('gb_payroll_runs').set({ status: 'failed', failure_reason: reason.slice(0, 2000), updated_at: nowIso(ctx) }).where('id', '=', runId).where('status', '=', 'processing').execute();
    } catch {
      // best effort: an unreachable store leaves a processing row, which the next attempt marks failed
    }
  }

  /** Calculates every payslip in memory. */
  async function calculate(orgId: string, prepared: Prepared, options: RunPayrollOptions): Promise<Calculated> {
    const db = ctx.store.db;
    const { period, request } = prepared;
    const ids = request.payroll_group.map((item) => item.employee_id);
    const [memberships, schemes, ytdRows, priorPay] = await Promise.all([
      loadMemberships(db, orgId, ids),
      loadSchemes(db, orgId),
      loadYtd(db, orgId, period.tax_year, ids),
      loadPriorPayThisPeriod(db, orgId, request.pay_group_id, period.tax_year, period.period_number),
    ]);
    const refunds = await loadRefunds(db, orgId, memberships, period.pay_date);
    const runPeriod: RunPeriod = {
      taxYear: period.tax_year as RunPeriod['taxYear'],
      frequency: period.frequency,
      periodNumber: period.period_number,
      taxPeriod: period.tax_period,
      payDate: period.pay_date,
      startDate: period.start_date,
      endDate: period.end_date,
    };
    const payslips: EmployeePayslip[] = [];
    const payslipIds: string[] = [];
    const bases: (string | null)[] = [];
    const total = request.payroll_group.length;
    for (let index = 0; index < total; index += 1) {
      const item = request.payroll_group[index] as GbPayrollRequest['payroll_group'][number];
      const employee = prepared.employees.get(item.employee_id) as EmployeeTable;
      const stored = ytdRows.get(item.employee_id);
      // A new employment (rehired after leaving) starts its year-to-date figures afresh.
      const ytd: YtdState = stored && stored.employmentStart === employee.start_date ? ytdFromJson(stored.figuresJson) : zeroYtd();
      const prior = priorPay.get(item.employee_id);
      let priorNiable = prior ? prior.niablePay : new Decimal(0);
      for (const amount of item.nic_prior_period_niable_earnings) priorNiable = priorNiable.plus(amount);
      const payslipId = ctx.ids.next();
      try {
        payslips.push(
          calculateEmployeePayslip({
            payslipId,
            period: runPeriod,
            correction: prepared.correction,
            employee: employeeFacts(employee),
            pay: prepared.pay[index] as ClassifiedPay,
            irregular: item.irregular_payment ?? null,
            priorNiablePay: priorNiable,
            ...(prior && item.nic_prior_period_niable_earnings.length === 0 ? { priorEmployeeNi: prior.employeeNi, priorEmployerNi: prior.employerNi } : {}),
            ytd,
            memberships: memberships.get(item.employee_id) ?? [],
            schemes: schemes.versions,
            defaultSchemeId: schemes.defaultSchemeId,
            refund: refunds.get(item.employee_id) ?? null,
            trace: options.includeExecutionHistory === true,
          }),
        );
      } catch (error) {
        if (isDomainError(error) && error.kind === 'validation') {
          throw validationError(
            error.issues.map((issue) => ({ ...issue, loc: ['body', 'payroll_group', index, ...issue.loc] })),
            'GB.PAYROLL.UNCOMPUTABLE',
          );
        }
        throw error;
      }
      payslipIds.push(payslipId);
      bases.push(stored ? stored.payslipId : null);
      if (options.onProgress && (index % 250 === 249 || index === total - 1)) {
        options.onProgress(index + 1, total);
        // Yield so a progress bar (and a kill signal) is served during a long calculation.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    // Approval applies an automatic enrolment only if the membership history is still the one seen here.
    const latestVersions = payslips.map((p) => {
      const history = memberships.get(p.wire.employee_id) ?? [];
      return history.length > 0 ? (history[history.length - 1]?.version ?? -1) : -1;
    });
    return { payslips, ids: payslipIds, bases, latestVersions };
  }

  /** One transaction: every payslip, and the run becomes a draft holding its pay group and period. */
  async function finish(orgId: string, prepared: Prepared, run: GbPayrollRunTable, result: Calculated): Promise<void> {
    const now = nowIso(ctx);
    const warnings: { employee_id: string | null; message: string }[] = [];
    const rows: GbPayslipTable[] = result.payslips.map((p, i) => {
      for (const message of p.wire.warnings) warnings.push({ employee_id: p.wire.employee_id, message });
      // The membership an automatic enrolment will create on approval: its id is fixed now, so the payslip names it.
      const membershipId = p.autoEnrolment ? ctx.ids.next() : p.membershipId;
      const autoEnrolment = p.autoEnrolment ? JSON.stringify({ ...p.autoEnrolment, membershipId, latestVersionSeen: result.latestVersions[i] }) : null;
      return {
        id: result.ids[i] as string,
        run_id: run.id,
        org_id: orgId,
        employee_id: p.wire.employee_id,
        tax_year: run.tax_year,
        period_number: run.period_number,
        pay_date: run.pay_date,
        membership_id: membershipId,
        refund_membership_id: p.refundMembershipId,
        ytd_base_payslip_id: result.bases[i] ?? null,
        gross_pay: p.wire.gross_pay,
        taxable_pay: p.wire.taxable_pay,
        tax: p.wire.tax,
        employee_ni: p.wire.employee_ni,
        employer_ni: p.wire.employer_ni,
        net_pay: p.wire.net_pay,
        is_leaver: p.wire.is_leaver ? 1 : 0,
        is_after_leaving: p.wire.is_after_leaving ? 1 : 0,
        detail_json: JSON.stringify(p.wire),
        ytd_json: ytdToJson(p.ytdAfter),
        auto_enrolment_json: autoEnrolment,
        contribution_json: p.contribution ? JSON.stringify(p.contribution) : null,
        created_at: now,
      };
    });
    await inTransaction(ctx, async (trx) => {
      const current = await trx.selectFrom('gb_payroll_runs').select('status').where('id', '=', run.id).executeTakeFirst();
      if (!current || current.status !== 'processing') throw conflict('PAYROLL_RUN.ABANDONED', `run ${run.id} was marked ${current?.status ?? 'missing'} while it was being calculated; run the period again`);
      for (const part of chunks(rows, 200)) await trx.insertInto('gb_payslips').values(part).execute();
      // The check above is only an early exit: another attempt for this period may take the run for abandoned and
      // mark it failed while the payslips are written (finding F4). The status condition makes the update and the
      // check one statement; when it changes nothing, throwing rolls the payslips back with it, so a run reported
      // failed ("nothing of it was saved") never comes back as a draft holding the period.
      const done = await trx
        .updateTable('gb_payroll_runs')
        .set({ status: 'draft', slot_key: prepared.slot, totals_json: JSON.stringify(totalsOf(result.payslips)), warnings_json: JSON.stringify(warnings), calculated_at: now, updated_at: now })
        .where('id', '=', run.id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) {
        const marked = await trx.selectFrom('gb_payroll_runs').select('status').where('id', '=', run.id).executeTakeFirst();
        throw conflict('PAYROLL_RUN.ABANDONED', `run ${run.id} was marked ${marked?.status ?? 'missing'} while its payslips were being written (another attempt took it for abandoned); none of its payslips were saved; run the period again`, { run_id: run.id, status: marked?.status ?? null });
      }
    });
  }

  async function transition(orgId: string, runId: string, action: 'mark as paid' | 'discard', from: RunStatus, to: RunStatus): Promise<PayrollRun> {
    requireScope(ctx, 'payroll:write');
    await inTransaction(ctx, async (trx) => {
      await requireGbOrg(ctx, trx, orgId);
      const row = await requireRun(trx, orgId, runId);
      if (row.status !== from) throw refuseTransition(row, action);
      const now = nowIso(ctx);
      const set: Partial<GbPayrollRunTable> = to === 'paid' ? { status: 'paid', paid_at: now, paid_by: ctx.actor.subject, updated_at: now } : { status: 'discarded', slot_key: null, discarded_at: now, discarded_by: ctx.actor.subject, updated_at: now };
      const done = await trx.updateTable('gb_payroll_runs').set(set).where('id', '=', runId).where('status', '=', from).executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw conflict('PAYROLL_RUN.CHANGED', `payroll run ${runId} changed meanwhile; read it again`);
    });
    return readRun(orgId, runId, false);
  }

  async function readRun(orgId: string, runId: string, withPayslips: boolean): Promise<PayrollRun> {
    const db = ctx.store.db;
    const row = await requireRun(db, orgId, runId);
    const run = runWire(row);
    if (withPayslips) {
      const payslips = await db.selectFrom('gb_payslips').select(['id', 'run_id', 'detail_json']).where('run_id', '=', runId).orderBy('id').execute();
      run.payslips = payslips.map(payslipWire);
    }
    return run;
  }

  return {
    async runGbPayroll(orgId, body, options = {}) {
      requireScope(ctx, 'payroll:write');
      const request = parseOrThrow(gbPayrollRequest, body);
      const prepared = await prepare(orgId, request);
      const run = await claim(orgId, prepared, options);
      try {
        const result = await calculate(orgId, prepared, options);
        await finish(orgId, prepared, run, result);
      } catch (error) {
        const translated = error;
        if (isDomainError(translated) && translated.code === 'PAYROLL_RUN.DUPLICATE') {
          const holder = await ctx.store.db.selectFrom('gb_payroll_runs').select(['id', 'status']).where('slot_key', '=', prepared.slot).executeTakeFirst();
          await fail(run.id, holder ? `another run (${holder.id}) for this pay group and period was saved first` : translated.message);
          if (holder) throw duplicateRun(holder.id, holder.status, prepared.period);
          throw translated;
        }
        await fail(run.id, error instanceof Error ? error.message : String(error));
        throw error;
      }
      return { task_id: run.task_id, status: 'draft', payroll_status_id: run.id };
    },

    async getPayrollRun(orgId, runId, query) {
      requireScope(ctx, 'payroll:read');
      await requireGbOrg(ctx, ctx.store.db, orgId);
      const include = query?.include_payslips;
      const withPayslips = !(include === false || include === 'false' || include === '0');
      return readRun(orgId, runId, withPayslips);
    },

    async listPayrollRuns(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: RUN_SORTABLE, searchable: ['external_ref'] });
      const db = ctx.store.db;
      await requireGbOrg(ctx, db, orgId);
      const status = query.status === undefined || query.status === '' ? null : String(query.status);
      if (status !== null && !(RUN_STATUSES as readonly string[]).includes(status)) throw fieldError(['query', 'status'], `must be one of ${RUN_STATUSES.join(', ')}`, 'enum');
      const payGroupId = query.pay_group_id === undefined || query.pay_group_id === '' ? null : String(query.pay_group_id);
      const taxYear = query.tax_year === undefined || query.tax_year === '' ? null : String(query.tax_year);
      return pagePaginate<GbPayrollRunTable, PayrollRun>(
        () => {
          let q = db.selectFrom('gb_payroll_runs').selectAll().where('org_id', '=', orgId);
          if (status !== null) q = q.where('status', '=', status);
          if (payGroupId !== null) q = q.where('pay_group_id', '=', payGroupId);
          if (taxYear !== null) q = q.where('tax_year', '=', taxYear);
          return q;
        },
        pageQuery,
        { defaultSort: 'id', sortColumns: { created_at: 'created_at', pay_date: 'pay_date', period_number: 'period_number' }, searchColumns: { external_ref: 'external_ref' } },
        runWire,
      );
    },

    async approvePayrollRun(orgId, runId) {
      requireScope(ctx, 'payroll:write');
      await inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        // "Is the year-to-date base still the one this run was calculated on, then write gb_ytd" is read-then-write
        // across runs (finding F2, docs/decisions.md S2/S3): two approvals for the same employee in
        // different pay groups both passed the check on Postgres and gb_ytd kept only one. The organization lock,
        // taken before anything is read, queues approvals: the second reads the first's gb_ytd and is STALE_YTD.
        await lockOrganization(ctx, trx, orgId);
        const run = await requireRun(trx, orgId, runId);
        if (run.status !== 'draft') throw refuseTransition(run, 'approve');
        const payslips = await trx
          .selectFrom('gb_payslips')
          .select(['id', 'employee_id', 'ytd_base_payslip_id', 'ytd_json', 'auto_enrolment_json'])
          .where('run_id', '=', runId)
          .execute();
        const employeeIds = payslips.map((p) => p.employee_id);
        const current = await loadYtd(trx, orgId, run.tax_year, employeeIds);
        for (const p of payslips) {
          const now = current.get(p.employee_id)?.payslipId ?? null;
          if (now !== p.ytd_base_payslip_id) {
            throw conflict('PAYROLL_RUN.STALE_YTD', `run ${runId} was calculated on year-to-date figures that changed since (another run for employee ${p.employee_id} was approved); discard it and run the period again`, { run_id: runId, employee_id: p.employee_id });
          }
        }
        const employees = await loadEmployees(trx, orgId, employeeIds);
        const stamp = nowIso(ctx);
        const ytdRows = payslips.map((p) => ({
          employee_id: p.employee_id,
          tax_year: run.tax_year,
          org_id: orgId,
          employment_start: employees.get(p.employee_id)?.start_date ?? run.period_start,
          payslip_id: p.id,
          figures_json: p.ytd_json,
          updated_at: stamp,
        }));
        for (const part of chunks(ytdRows, 100)) {
          await trx
            .insertInto('gb_ytd')
            .values(part)
            .onConflict((oc) =>
              oc.columns(['employee_id', 'tax_year']).doUpdateSet((eb) => ({
                employment_start: eb.ref('excluded.employment_start'),
                payslip_id: eb.ref('excluded.payslip_id'),
                figures_json: eb.ref('excluded.figures_json'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
        // Automatic enrolments the run decided take effect now (the draft had no side effects).
        const enrolments = payslips.filter((p) => p.auto_enrolment_json !== null);
        if (enrolments.length > 0) {
          const histories = await loadMemberships(trx, orgId, enrolments.map((p) => p.employee_id));
          const rows: GbPensionMembershipTable[] = [];
          for (const p of enrolments) {
            const decision = JSON.parse(p.auto_enrolment_json as string) as { membershipId: string; schemeId: string; category: WorkerCategory; enrolmentDate: string; latestVersionSeen: number };
            const history = histories.get(p.employee_id) ?? [];
            const latest = history[history.length - 1] ?? null;
            if ((latest?.version ?? -1) !== decision.latestVersionSeen) {
              throw conflict('PAYROLL_RUN.STALE_MEMBERSHIP', `employee ${p.employee_id}'s pension membership changed after run ${runId} was calculated; discard the run and run the period again`, { run_id: runId, employee_id: p.employee_id });
            }
            if (latest) {
              // Re-enrolment after an opt-out: the opt-out record's window closes.
              const closed = await trx.updateTable('gb_pension_memberships').set({ valid_to: decision.enrolmentDate }).where('id', '=', latest.id).where('valid_to', 'is', null).executeTakeFirst();
              if (Number(closed.numUpdatedRows) !== 1) throw conflict('PENSION_MEMBERSHIP.VERSION_CONFLICT', `employee ${p.employee_id}'s pension membership changed at the same moment; retry`);
            }
            rows.push({
              id: decision.membershipId,
              org_id: orgId,
              employee_id: p.employee_id,
              version: latest ? latest.version + 1 : 0,
              ...autoEnrolledMembership(decision.schemeId, decision.category, decision.enrolmentDate),
              entry_route: 'AUTO_ENROLLED',
              source_run_id: runId,
              created_at: stamp,
              created_by: null,
            });
          }
          for (const part of chunks(rows, 200)) await trx.insertInto('gb_pension_memberships').values(part).execute();
        }
        const done = await trx.updateTable('gb_payroll_runs').set({ status: 'approved', approved_at: stamp, approved_by: ctx.actor.subject, updated_at: stamp }).where('id', '=', runId).where('status', '=', 'draft').executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) throw conflict('PAYROLL_RUN.CHANGED', `payroll run ${runId} changed meanwhile; read it again`);
      });
      return readRun(orgId, runId, false);
    },

    markPayrollRunPaid(orgId, runId) {
      return transition(orgId, runId, 'mark as paid', 'approved', 'paid');
    },

    discardPayrollRun(orgId, runId) {
      return transition(orgId, runId, 'discard', 'draft', 'discarded');
    },
  };
}

function periodTaxYear(date: string): string {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '04-06' ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export { LIVE as LIVE_RUN_STATUSES };
