/**
 * Step 1 of a German run: one run per organization and month (a correction: one per corrected run). Reads and
 * checks everything that does not need the calculation: the month and its figures, the correction, the month's
 * holder, the order of months (history builds on approved months in order), the employees employed in the month
 * and their monthly inputs. A faulty request writes nothing.
 */
import { conflict, type FieldIssue, fieldError, validationError } from '../../../domain/errors.js';
import { isSupportedYear } from '../../../domain/de/params/index.js';
import { DE_TAX_YEARS } from '../../../domain/de/editions.js';
import { listEmployeesEmployedBetween } from '../../../store/repositories/germany-payroll.js';
import { findDeRun, findEarlierDeDraft, findLaterDeRun, listDeRunEmployeeIds } from '../../../store/repositories/de-payroll-runs.js';
import { DE_RUN_TABLES, findSlotHolder } from '../../../store/repositories/payroll-runs.js';
import type { EmployeeTable } from '../../../store/schema.js';
import type { ServiceContext } from '../../context.js';
import { DE_RUN_MAX_EMPLOYEES, type GermanPayrollRunItem, type GermanPayrollRunRequest } from '../../contracts/germany-payroll-runs.js';
import type { Prepared, RunItem, RunPeriod } from '../jurisdiction.js';
import { duplicateRun } from '../prepare.js';
import { type EmployeeMonth, employeeMonth, lastDayOfMonth } from './employment.js';
import { requireDeOrg } from './org.js';

/** One employee of a German run and their monthly inputs (the request's item, when it has one). */
export interface DeRunItem extends RunItem {
  extra: GermanPayrollRunItem | undefined;
}

/** The key a live German run holds (unique): the organization's month, or the corrected run. */
export function deSlotKey(orgId: string, month: string, correctsRunId: string | null): string {
  return correctsRunId ? `${orgId}|${month}|fix:${correctsRunId}` : `${orgId}|${month}`;
}

function monthPeriod(month: string, payDate: string): RunPeriod {
  const number = Number(month.slice(5, 7));
  return { tax_year: month.slice(0, 4), period_number: number, tax_period: number, start_date: `${month}-01`, end_date: lastDayOfMonth(month), pay_date: payDate, extra_period: false, frequency: 'monthly' };
}

export async function prepareGermanRun(ctx: ServiceContext, orgId: string, request: GermanPayrollRunRequest): Promise<Prepared<GermanPayrollRunRequest, DeRunItem, EmployeeMonth>> {
  const db = ctx.store.db;
  await requireDeOrg(ctx, db, orgId);
  const month = request.period;
  if (!isSupportedYear(Number(month.slice(0, 4)))) {
    throw fieldError(['body', 'period'], `${month} is in ${month.slice(0, 4)}; this service has the German figures of ${DE_TAX_YEARS.join(' and ')}`, 'tax_year_unsupported');
  }
  const period = monthPeriod(month, request.pay_date ?? lastDayOfMonth(month));

  // A correction: a new run for the same month that names an approved or paid run (decision R9, as GB).
  const correctsRunId = request.corrects_run_id ?? null;
  if (correctsRunId) {
    const original = await findDeRun(db, orgId, correctsRunId);
    if (!original) throw fieldError(['body', 'corrects_run_id'], `no German payroll run ${correctsRunId} in this organization`, 'reference_missing');
    if (original.month !== month) throw fieldError(['body', 'corrects_run_id'], `run ${correctsRunId} is for ${original.month}; a correction runs for the same month`, 'correction_mismatch');
    if (original.status !== 'approved' && original.status !== 'paid') {
      throw conflict('PAYROLL_RUN.CORRECTS_UNAPPROVED', `run ${correctsRunId} is ${original.status}; only approved or paid runs are corrected by a new run (discard or change a draft instead)`, { run_id: correctsRunId });
    }
  }
  const slot = deSlotKey(orgId, month, correctsRunId);
  const slotLabel = correctsRunId ? `the correction of run ${correctsRunId}` : `this organization and ${month}`;
  const holder = await findSlotHolder(db, DE_RUN_TABLES, slot);
  if (holder) throw duplicateRun(holder.id, holder.status, slotLabel);
  const earlierDraft = await findEarlierDeDraft(db, orgId, month);
  if (earlierDraft) {
    throw conflict('PAYROLL_RUN.EARLIER_DRAFT', `run ${earlierDraft.id} for ${earlierDraft.month} is still a draft; approve or discard it first (each month builds on the approved months before it)`, { run_id: earlierDraft.id });
  }
  if (!correctsRunId) {
    const later = await findLaterDeRun(db, orgId, month);
    if (later) {
      throw conflict('PAYROLL_RUN.OUT_OF_ORDER', `run ${later.id} for the later month ${later.month} is ${later.status}; months are run in order (each builds on the approved months before it); correct a month already run with a run that names it in corrects_run_id`, { run_id: later.id });
    }
  }

  // The employees: everyone employed in the month; a correction: those of the corrected run, or those named.
  const monthStart = period.start_date;
  const monthEnd = period.end_date;
  let employees: EmployeeTable[];
  const issues: FieldIssue[] = [];
  if (correctsRunId) {
    const named = request.employee_ids ?? (await listDeRunEmployeeIds(db, correctsRunId));
    employees = await listEmployeesEmployedBetween(db, orgId, monthStart, monthEnd, named);
    const found = new Set(employees.map((e) => e.id));
    named.forEach((id, index) => {
      if (!found.has(id)) issues.push({ loc: request.employee_ids ? ['body', 'employee_ids', index] : ['body', 'corrects_run_id'], msg: `employee ${id} is not employed by this organization in ${month}`, type: 'employee_unknown' });
    });
  } else {
    employees = await listEmployeesEmployedBetween(db, orgId, monthStart, monthEnd, null);
  }
  if (employees.length === 0 && issues.length === 0) throw fieldError(['body', 'period'], `no employees of this organization are employed in ${month}`, 'no_employees');
  if (employees.length > DE_RUN_MAX_EMPLOYEES) throw fieldError(['body', 'period'], `${employees.length} employees are employed in ${month}; a run pays at most ${DE_RUN_MAX_EMPLOYEES}`, 'too_many');

  const paid = new Map(employees.map((e) => [e.id, e]));
  const extras = new Map<string, GermanPayrollRunItem>();
  request.items.forEach((item, index) => {
    if (!paid.has(item.employee_id)) issues.push({ loc: ['body', 'items', index, 'employee_id'], msg: `employee ${item.employee_id} is not paid in this run (not employed by this organization in ${month}${correctsRunId ? ', or not among the employees corrected' : ''})`, type: 'employee_not_in_run' });
    else extras.set(item.employee_id, item);
  });
  const items: DeRunItem[] = [];
  const pay: EmployeeMonth[] = [];
  for (const employee of employees) {
    const extra = extras.get(employee.id);
    const made = employeeMonth(employee, month, extra);
    issues.push(...made.issues);
    if (made.month) {
      items.push({ employee_id: employee.id, extra });
      pay.push(made.month);
    }
  }
  if (issues.length > 0) throw validationError(issues, 'DE.PAYROLL.VALIDATION');
  return {
    request,
    items,
    period,
    // A German run is capped at DE_RUN_MAX_EMPLOYEES, read once above: its batches are slices of what was read.
    batch: async (_db, from, count) => ({ from, items: items.slice(from, from + count), employees: paid, pay: pay.slice(from, from + count) }),
    correctsRunId,
    correction: correctsRunId ? { correctsRunId, paidInPeriodNumber: period.period_number, paidInTaxPeriod: period.tax_period } : null,
    slot,
    slotLabel,
    externalRef: request.external_ref ?? null,
    runColumns: { month },
    // The calculation locates its issues itself (at the employee).
    locOf: () => [],
  };
}
