import type { PayrollService } from '../service/ports.js';
import type { Column } from './output/format.js';
import type { Runtime } from './runtime.js';

/**
 * Employees by id as a clerk names them, "Anna Schmidt (DE-001)", for tables and CSV (issue 18: run tables showed
 * UUIDs); JSON keeps the ids. Read page by page (the list's largest page) once per command.
 */
export type EmployeeNames = ReadonlyMap<string, string>;

export async function employeeNames(service: PayrollService, orgId: string): Promise<EmployeeNames> {
  const names = new Map<string, string>();
  for (let page = 1; ; page += 1) {
    const result = await service.listEmployees(orgId, { size: 100, page, sort_by: 'payroll_number' });
    for (const e of result.items) names.set(e.id, `${e.first_name} ${e.last_name}${e.payroll_number ? ` (${e.payroll_number})` : ''}`);
    if (!result.meta.has_next) return names;
  }
}

/** The employee column of a table: the name when known, else the id. */
export function nameOf(names: EmployeeNames | undefined, employeeId: unknown): string {
  const id = String(employeeId ?? '');
  return names?.get(id) ?? id;
}

/** Employee names for a table or CSV (JSON keeps the ids and needs none). */
export async function namesFor(runtime: Runtime, service: PayrollService, orgId: string): Promise<EmployeeNames | undefined> {
  return runtime.format === 'table' || runtime.format === 'csv' ? employeeNames(service, orgId) : undefined;
}

/** The columns with the `employee` column naming the employee instead of showing the id. */
export function withNames(columns: readonly Column[], names: EmployeeNames | undefined): Column[] {
  if (!names) return [...columns];
  return columns.map((c) => (c.header === 'employee' ? { header: 'employee', value: (item: Record<string, unknown>) => nameOf(names, item.employee_id) } : c));
}

