/**
 * A GB employer set up through the service for the pension and run contract tests: a monthly calendar paying on
 * the last day of tax month n (the 5th of the next month), one pay group, employees with standard codes.
 */
import type { PayrollService } from '../../../../src/service/ports.js';

export interface GbSetup {
  orgId: string;
  calendarId: string;
  groupId: string;
  employeeIds: string[];
}

export async function gbEmployer(service: PayrollService, options: { employees?: number; gb?: Record<string, unknown>; dateOfBirth?: string; startDate?: string } = {}): Promise<GbSetup> {
  const org = await service.createOrganization({ legal_name: 'Test Ltd', country: 'GB' });
  const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
  const group = await service.createPayGroup(org.id, { name: 'Monthly staff', pay_calendar_id: calendar.id });
  const employeeIds: string[] = [];
  for (let i = 0; i < (options.employees ?? 1); i += 1) {
    const employee = await service.createEmployee(org.id, {
      first_name: `Employee${i}`,
      last_name: 'Test',
      date_of_birth: options.dateOfBirth ?? '1985-06-15',
      start_date: options.startDate ?? '2020-01-06',
      gb: { tax_code: '1257L', ni_category: 'A', ...(options.gb ?? {}) },
    });
    employeeIds.push(employee.id);
  }
  await service.assignEmployees(org.id, group.id, { employee_ids: employeeIds });
  return { orgId: org.id, calendarId: calendar.id, groupId: group.id, employeeIds };
}

/** Pay date of tax month n of 2025-26 on the fixture calendar. */
export function payDate(n: number): string {
  const month = 4 + n; // 5 May 2025 for n = 1
  const year = 2025 + Math.floor((month - 1) / 12);
  return `${year}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-05`;
}

/** A run request paying `amount` basic salary to each employee (or per employee when an array). */
export function runBody(setup: GbSetup, period: number, amount: string | string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pay_group_id: setup.groupId,
    pay_calendar_id: setup.calendarId,
    period_number: period,
    tax_year: '2025-26',
    payroll_group: setup.employeeIds.map((employee_id, i) => ({
      employee_id,
      pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: Array.isArray(amount) ? amount[i] : amount }] },
    })),
    ...extra,
  };
}

export const NET_PAY_SCHEME = {
  valid_from: '2025-04-06',
  scheme_name: 'Workplace pension',
  provider: 'NAMED_PROVIDER',
  tax_treatment: 'NET_PAY',
  pensionable_earnings_definition: 'QUALIFYING_EARNINGS',
  employee_rate: '0.05',
  employer_rate: '0.03',
  wage_type_code: 'UK-P-001',
};
