/**
 * A German employer set up through the service for the German run contract and CLI tests. The default employee is
 * the one of de-run vector derun2026-0002 (fixtures/reference/de/run2026-vectors.jsonl): 8,401.84 € a month,
 * tax class VI, NRW, Zusatzbeitrag 3.29 %, two children, U1 2.1 % / U2 0.39 %, employed since 2024-08-01. Its
 * months without a one-off are single-month calculations (run-rules.md), so their expected figures hold whatever
 * month engine runs.
 */
import type { PayrollService } from '../../../../src/service/ports.js';

export interface DeSetup {
  orgId: string;
  employeeIds: string[];
}

export const VECTOR_0002_DE = {
  tax_class: 6,
  child_allowances: '0',
  is_church_member: false,
  federal_state: 'Nordrhein-Westfalen',
  health_insurance_additional_rate: '3.29',
  care_insurance_children: 2,
  is_parent: true,
  u1_rate: '2.1',
  u2_rate: '0.39',
};

/** January 2026 of derun2026-0002 (its `expected`, a subset). */
export const VECTOR_0002_JANUARY = {
  'employee.totals.total_gross_wages': '8401.84',
  'employee.taxes.income_tax': '2599.41',
  'employee.taxes.solidarity_tax': '107.52',
  'employee.insurance.health_insurance': '519.93',
  'employee.insurance.care_insurance': '90.09',
  'employee.insurance.pension_insurance': '781.37',
  'employee.insurance.unemployment_insurance': '109.22',
  'employee.insurance.insurance_assessment_base': '5812.50',
  'employee.totals.net_pay': '4194.30',
  'employer.sick_pay_insurance_contribution': '176.44',
  'employer.maternity_pay_insurance_contribution': '32.77',
  'employer.total_burden': '1736.96',
  sv_days: 30,
};

export async function deEmployer(service: PayrollService, options: { employees?: number; de?: Record<string, unknown>; annualSalary?: string; startDate?: string; legalName?: string } = {}): Promise<DeSetup> {
  const org = await service.createOrganization({ legal_name: options.legalName ?? 'Muster GmbH', country: 'DE' });
  const employeeIds: string[] = [];
  for (let i = 0; i < (options.employees ?? 1); i += 1) {
    const employee = await service.createEmployee(org.id, {
      first_name: `Mitarbeiter${i}`,
      last_name: 'Test',
      date_of_birth: '1982-05-01',
      start_date: options.startDate ?? '2024-08-01',
      pay: { basis: 'salary', annual_salary: options.annualSalary ?? '100822.08', currency: 'EUR' },
      de: { ...VECTOR_0002_DE, ...(options.de ?? {}) },
    });
    employeeIds.push(employee.id);
  }
  return { orgId: org.id, employeeIds };
}
