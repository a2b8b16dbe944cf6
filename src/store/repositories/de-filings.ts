/**
 * What the German employer filings read (issue 17): every approved or paid payslip of an organization in a span of
 * months with its month record and figures document, and the organization's employees with their statutory block.
 * Reads only; the months a correction replaced are told apart by the service (runs/de/history.ts effectiveMonths).
 */
import type { Db } from '../db.js';
import type { AddressTable, EmployeeTable } from '../schema.js';
import type { SettledDeMonth } from './de-payroll-runs.js';
import { SETTLED_RUN_STATUSES } from './payroll-runs.js';

/** A settled month of an employee with what the filings print: its record, its figures document and the run's stamps. */
export interface FilingDeMonth extends SettledDeMonth {
  record_json: string;
  record_version: number;
  figures_json: string;
  figures_version: number;
}

/**
 * Every approved or paid payslip of the organization from `fromMonth` up to (not including) `beforeMonth`, ordered by
 * employee, month and approval (the order effectiveMonths reads corrections in).
 */
export async function loadFilingDeMonths(db: Db, orgId: string, fromMonth: string, beforeMonth: string): Promise<FilingDeMonth[]> {
  const rows = await db
    .selectFrom('de_payslips as p')
    .innerJoin('de_payroll_runs as r', 'r.id', 'p.run_id')
    .where('p.org_id', '=', orgId)
    .where('p.month', '>=', fromMonth)
    .where('p.month', '<', beforeMonth)
    .where('r.status', 'in', [...SETTLED_RUN_STATUSES])
    .select([
      'p.id as payslip_id',
      'p.employee_id as employee_id',
      'p.month as month',
      'p.pay_date as pay_date',
      'r.id as run_id',
      'r.status as run_status',
      'r.corrects_run_id as corrects_run_id',
      'r.approved_at as approved_at',
      'p.record_json as record_json',
      'p.record_version as record_version',
      'p.figures_json as figures_json',
      'p.figures_version as figures_version',
    ])
    .orderBy('p.employee_id')
    .orderBy('p.month')
    .orderBy('r.approved_at')
    .orderBy('r.id')
    .execute();
  return rows as FilingDeMonth[];
}

/** The organization's employees (every status: a leaver's notifications and certificate are filed after leaving), by id. */
export async function listFilingEmployees(db: Db, orgId: string): Promise<EmployeeTable[]> {
  return db.selectFrom('employees').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}

/** The organization's address row, when it has one (the filings' letterhead). */
export async function findFilingAddress(db: Db, orgId: string, addressId: string | null): Promise<AddressTable | undefined> {
  if (addressId === null) return undefined;
  return db.selectFrom('addresses').selectAll().where('org_id', '=', orgId).where('id', '=', addressId).executeTakeFirst();
}
