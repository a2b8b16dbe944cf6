/**
 * The stored German payroll (extension of endpoint 20) reads employees only; its query lives here so the use case
 * spells none (issue 13, "Repositories").
 */
import type { Db } from '../db.js';
import type { EmployeeTable } from '../schema.js';

/**
 * The organization's employees employed at some point between `from` and `to` (inclusive dates): started by `to`
 * and not left before `from`, in id order. `employeeIds` (when given) narrows to those ids; an empty list matches
 * nobody.
 */
export function listEmployeesEmployedBetween(db: Db, orgId: string, from: string, to: string, employeeIds: readonly string[] | null): Promise<EmployeeTable[]> {
  let query = db
    .selectFrom('employees')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('start_date', '<=', to)
    .where((eb) => eb.or([eb('leave_date', 'is', null), eb('leave_date', '>=', from)]))
    .orderBy('id');
  if (employeeIds) query = query.where('id', 'in', employeeIds.length > 0 ? [...employeeIds] : ['\u0000']);
  return query.execute();
}
