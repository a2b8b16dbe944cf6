/**
 * Reads for the RTI documents (issue 16 point 3): the settled payslips (approved or paid runs) an FPS or EPS is
 * built from. Read-only; the run lifecycle's own queries stay in payroll-runs.ts.
 */
import type { Db } from '../db.js';
import type { GbPayslipTable } from '../schema.js';
import { chunks } from './chunks.js';
import { SETTLED_RUN_STATUSES } from './payroll-runs.js';

/** What the RTI documents read of a payslip. */
export type RtiPayslipRow = Pick<GbPayslipTable, 'id' | 'run_id' | 'employee_id' | 'tax_year' | 'pay_date' | 'ytd_base_payslip_id' | 'figures_json' | 'figures_version'>;

const COLUMNS = ['gb_payslips.id', 'gb_payslips.run_id', 'gb_payslips.employee_id', 'gb_payslips.tax_year', 'gb_payslips.pay_date', 'gb_payslips.ytd_base_payslip_id', 'gb_payslips.figures_json', 'gb_payslips.figures_version'] as const;

/** The settled payslips of the tax year, of the employees named (all employees when `employeeIds` is null), by pay date. */
export async function settledPayslipsOfYear(db: Db, orgId: string, taxYear: string, employeeIds: readonly string[] | null): Promise<RtiPayslipRow[]> {
  const query = (ids: readonly string[] | null) => {
    let q = db
      .selectFrom('gb_payslips')
      .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
      .select([...COLUMNS])
      .where('gb_payslips.org_id', '=', orgId)
      .where('gb_payslips.tax_year', '=', taxYear)
      .where('gb_payroll_runs.status', 'in', [...SETTLED_RUN_STATUSES]);
    if (ids) q = q.where('gb_payslips.employee_id', 'in', ids);
    return q.orderBy('gb_payslips.pay_date').orderBy('gb_payslips.id').execute();
  };
  if (employeeIds === null) return query(null);
  const rows: RtiPayslipRow[] = [];
  for (const part of chunks(employeeIds)) rows.push(...(await query(part)));
  return rows.sort((a, b) => (a.pay_date === b.pay_date ? (a.id < b.id ? -1 : 1) : a.pay_date < b.pay_date ? -1 : 1));
}

/**
 * Per employee, the id of the first settled payslip paid on or after `since[employee]` (the current employment's
 * start), in any tax year: the payslip whose FPS carries the starter information.
 */
export async function firstSettledPayslips(db: Db, orgId: string, since: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const first = new Map<string, string>();
  for (const part of chunks([...since.keys()])) {
    const rows = await db
      .selectFrom('gb_payslips')
      .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
      .select(['gb_payslips.id', 'gb_payslips.employee_id', 'gb_payslips.pay_date'])
      .where('gb_payslips.org_id', '=', orgId)
      .where('gb_payslips.employee_id', 'in', part)
      .where('gb_payroll_runs.status', 'in', [...SETTLED_RUN_STATUSES])
      .orderBy('gb_payslips.pay_date')
      .orderBy('gb_payslips.id')
      .execute();
    for (const row of rows) {
      if (first.has(row.employee_id) || row.pay_date < (since.get(row.employee_id) ?? '')) continue;
      first.set(row.employee_id, row.id);
    }
  }
  return first;
}
