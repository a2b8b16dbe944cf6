/**
 * The history a German month is calculated on (month-types.ts DeMonthInput.history): every approved or paid month
 * of this employment in this calendar year and the previous one (the Märzklausel, § 23a Abs. 4 SGB IV, reaches
 * back to December), read for all employees of a run in one batched query. A correction replaces its original: of
 * several settled payslips of one employee and month, the one approved last counts.
 */
import { createHash } from 'node:crypto';
import type { DeMonthRecord } from '../../../domain/de/run/month-types.js';
import { loadSettledDeMonths, type SettledDeMonth } from '../../../store/repositories/de-payroll-runs.js';
import type { Db } from '../../context.js';

export interface EmployeeHistory {
  /** Oldest first, one record per month. */
  records: DeMonthRecord[];
  /** Fingerprint of the payslips read (approval checks the history is still the same). */
  key: string;
  payslipIds: string[];
}

/** The first month the history of `month` reaches back to: January of the previous year. */
export function historyStart(month: string): string {
  return `${Number(month.slice(0, 4)) - 1}-01`;
}

/** The month each employee's months count from: the settled payslip approved last per month (corrections win). */
export function effectiveMonths(rows: readonly SettledDeMonth[]): Map<string, SettledDeMonth[]> {
  const byEmployee = new Map<string, Map<string, SettledDeMonth>>();
  for (const row of rows) {
    // Rows come ordered by employee, month, approval: a later row of the same month replaces an earlier one.
    const months = byEmployee.get(row.employee_id) ?? new Map<string, SettledDeMonth>();
    months.set(row.month, row);
    byEmployee.set(row.employee_id, months);
  }
  const out = new Map<string, SettledDeMonth[]>();
  for (const [employeeId, months] of byEmployee) out.set(employeeId, [...months.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0)));
  return out;
}

export function historyKey(payslipIds: readonly string[]): string {
  return createHash('sha256').update(payslipIds.join(',')).digest('base64url').slice(0, 22);
}

/**
 * The employees' histories for `month`; `entries` gives each employee's entry date: months before it belong to an
 * earlier employment (a rehire starts afresh). `withRecords` false reads only which payslips they are (approval).
 */
export async function loadHistories(db: Db, orgId: string, entries: ReadonlyMap<string, string>, month: string, withRecords = true): Promise<Map<string, EmployeeHistory>> {
  const rows = await loadSettledDeMonths(db, orgId, [...entries.keys()], historyStart(month), month, withRecords);
  const out = new Map<string, EmployeeHistory>();
  for (const [employeeId, all] of effectiveMonths(rows)) {
    const entryMonth = (entries.get(employeeId) ?? '').slice(0, 7);
    const months = all.filter((m) => m.month >= entryMonth);
    const payslipIds = months.map((m) => m.payslip_id);
    out.set(employeeId, { records: withRecords ? months.map((m) => JSON.parse(m.record_json as string) as DeMonthRecord) : [], key: historyKey(payslipIds), payslipIds });
  }
  return out;
}

export const EMPTY_HISTORY_KEY = historyKey([]);
