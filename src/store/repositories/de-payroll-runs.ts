/**
 * German payroll runs (`de_payroll_runs`, `de_payslips`): the queries only a German run makes (the lifecycle's
 * shared ones are in payroll-runs.ts): the month's order checks, the history a month is calculated on (every
 * approved or paid month of the employees, read in one batch per run), the run's payslips and the list.
 */
import type { Db } from '../db.js';
import type { DePayrollRunTable, DePayslipTable } from '../schema.js';
import { chunks } from './chunks.js';
import { LIVE_RUN_STATUSES, SETTLED_RUN_STATUSES } from './payroll-runs.js';

export async function findDeRun(db: Db, orgId: string, runId: string): Promise<DePayrollRunTable | undefined> {
  return db.selectFrom('de_payroll_runs').selectAll().where('org_id', '=', orgId).where('id', '=', runId).executeTakeFirst();
}

/** A draft of the organization for a month before `month` (history builds on approved months in order). */
export async function findEarlierDeDraft(db: Db, orgId: string, month: string): Promise<{ id: string; month: string } | undefined> {
  return db.selectFrom('de_payroll_runs').select(['id', 'month']).where('org_id', '=', orgId).where('status', '=', 'draft').where('month', '<', month).orderBy('month').executeTakeFirst();
}

/** A regular run (not a correction) of the organization that holds a month after `month`. */
export async function findLaterDeRun(db: Db, orgId: string, month: string): Promise<{ id: string; month: string; status: string } | undefined> {
  return db
    .selectFrom('de_payroll_runs')
    .select(['id', 'month', 'status'])
    .where('org_id', '=', orgId)
    .where('status', 'in', [...LIVE_RUN_STATUSES])
    .where('corrects_run_id', 'is', null)
    .where('month', '>', month)
    .orderBy('month', 'desc')
    .executeTakeFirst();
}

/** The employees a run paid (a correction's default employees). */
export async function listDeRunEmployeeIds(db: Db, runId: string): Promise<string[]> {
  const rows = await db.selectFrom('de_payslips').select('employee_id').where('run_id', '=', runId).orderBy('employee_id').execute();
  return rows.map((r) => r.employee_id);
}

/** One approved or paid month of an employee, with the run it belongs to (a correction supersedes its original). */
export interface SettledDeMonth {
  payslip_id: string;
  employee_id: string;
  month: string;
  pay_date: string;
  run_id: string;
  run_status: string;
  corrects_run_id: string | null;
  approved_at: string | null;
  record_json?: string;
  record_version?: number;
}

/**
 * Every approved or paid payslip of the employees from `fromMonth` up to (not including) `beforeMonth`, oldest
 * month first, in batches of employees (one query per thousand, whatever the run's size). `withRecords` also
 * reads the month records (the calculation needs them; the approval's check only the ids).
 */
export async function loadSettledDeMonths(db: Db, orgId: string, employeeIds: readonly string[], fromMonth: string, beforeMonth: string, withRecords: boolean): Promise<SettledDeMonth[]> {
  const out: SettledDeMonth[] = [];
  for (const part of chunks(employeeIds)) {
    const base = db
      .selectFrom('de_payslips as p')
      .innerJoin('de_payroll_runs as r', 'r.id', 'p.run_id')
      .where('p.org_id', '=', orgId)
      .where('p.employee_id', 'in', part)
      .where('p.month', '>=', fromMonth)
      .where('p.month', '<', beforeMonth)
      .where('r.status', 'in', [...SETTLED_RUN_STATUSES])
      .orderBy('p.employee_id')
      .orderBy('p.month')
      .orderBy('r.approved_at')
      .orderBy('r.id');
    const columns = ['p.id as payslip_id', 'p.employee_id as employee_id', 'p.month as month', 'p.pay_date as pay_date', 'r.id as run_id', 'r.status as run_status', 'r.corrects_run_id as corrects_run_id', 'r.approved_at as approved_at'] as const;
    const rows = withRecords ? await base.select([...columns, 'p.record_json as record_json', 'p.record_version as record_version']).execute() : await base.select([...columns]).execute();
    out.push(...(rows as SettledDeMonth[]));
  }
  return out;
}

/** What approval checks of a run's payslips: whose they are and the history they were calculated on. */
export async function listDePayslipsForApproval(db: Db, runId: string): Promise<Pick<DePayslipTable, 'id' | 'employee_id' | 'month' | 'history_key'>[]> {
  return db.selectFrom('de_payslips').select(['id', 'employee_id', 'month', 'history_key']).where('run_id', '=', runId).execute();
}

/** A German run's payslips in id (creation) order. */
export async function listDeRunPayslips(db: Db, runId: string): Promise<DePayslipTable[]> {
  return db.selectFrom('de_payslips').selectAll().where('run_id', '=', runId).orderBy('id').execute();
}

/** Payslips by id (the payroll account renders the months it picked). */
export async function loadDePayslips(db: Db, ids: readonly string[]): Promise<DePayslipTable[]> {
  const out: DePayslipTable[] = [];
  for (const part of chunks(ids)) out.push(...(await db.selectFrom('de_payslips').selectAll().where('id', 'in', part).execute()));
  return out;
}

export interface DeRunListFilters {
  status: string | null;
  taxYear: string | null;
  month: string | null;
}

/** The organization's German runs with the list filters, for the pager (which adds search, sort and the page). */
export function deRunsListQuery(db: Db, orgId: string, filters: DeRunListFilters) {
  let q = db.selectFrom('de_payroll_runs').selectAll().where('org_id', '=', orgId);
  if (filters.status !== null) q = q.where('status', '=', filters.status);
  if (filters.taxYear !== null) q = q.where('tax_year', '=', filters.taxYear);
  if (filters.month !== null) q = q.where('month', '=', filters.month);
  return q;
}
