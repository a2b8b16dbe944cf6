import { notFound } from '../../domain/errors.js';
import type { Employee } from '../contracts/employee.js';
import { listEmployeesBankAccounts } from '../../store/repositories/bank-accounts.js';
import { type EmployeeWithPayGroup, findEmployee } from '../../store/repositories/employees.js';
import { type Db, parseJson } from '../context.js';
import { toBankAccount } from './bank-accounts.js';

/** An employee row as the list query reads it: with the pay group the employee is paid through. */
export type EmployeeRow = EmployeeWithPayGroup;

export function toEmployee(row: EmployeeRow): Employee {
  const statutory = parseJson<Record<string, unknown>>(row.statutory_json);
  return {
    id: row.id,
    org_id: row.org_id,
    country: row.country,
    payroll_number: row.payroll_number,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    date_of_birth: row.date_of_birth,
    start_date: row.start_date,
    leave_date: row.leave_date,
    status: row.status === 'left' ? 'left' : 'active',
    address: row.address,
    pay: parseJson(row.pay_json),
    gb: row.country === 'GB' ? statutory : null,
    de: row.country === 'DE' ? statutory : null,
    pay_group_id: row.pay_group_id,
    row_version: row.row_version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The employee `employeeId` of organization `orgId`. An employee of another organization is
 * answered exactly like a missing one, so ids cannot be probed across organizations.
 */
export async function requireEmployee(db: Db, orgId: string, employeeId: string): Promise<EmployeeRow> {
  const row = await findEmployee(db, orgId, employeeId);
  if (!row) throw notFound('employee', employeeId, 'EMPLOYEE.NOT_FOUND');
  return row;
}

/** Attaches each employee's bank accounts (one query for the whole page). */
export async function withBankAccounts(db: Db, orgId: string, employees: Employee[]): Promise<Employee[]> {
  if (employees.length === 0) return employees;
  const rows = await listEmployeesBankAccounts(db, orgId, employees.map((e) => e.id));
  return employees.map((employee) => ({ ...employee, bank_accounts: rows.filter((r) => r.employee_id === employee.id).map(toBankAccount) }));
}
