/** Builders shared by the German payroll tests. */
import { Decimal } from '../../../../src/domain/money.js';
import type { PayslipItem } from '../../../../src/domain/de/payslip.js';
import type { SocialInsuranceInput } from '../../../../src/domain/de/social-insurance.js';

export const d = (value: string | number): Decimal => new Decimal(value);

export function svInput(over: Partial<SocialInsuranceInput> = {}): SocialInsuranceInput {
  return {
    svDays: 30,
    currentWage: d('3000'),
    oneOffWage: d(0),
    employment: 'regular',
    statutoryHealth: true,
    additionalRate: d('0.025'),
    saxony: false,
    childlessSurcharge: false,
    childReductions: 0,
    u1Rate: d(0),
    u2Rate: d(0),
    privateHealthMonthly: d(0),
    privateCareMonthly: d(0),
    ...over,
  };
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : DeepPartial<T[K]>) : T[K] };

export function item(over: DeepPartial<PayslipItem> = {}): PayslipItem {
  return {
    employee: { employeeId: 'e1', dateOfBirth: '1990-06-15', yearOfBirth: 1990, isMiniJob: false, pensionExemption: false, flatRatePaidByEmployee: false, ...over.employee },
    tax: { taxClass: 1, isFactor: false, childAllowances: d(0), isChurchMember: false, state: 'NW', ...over.tax },
    insurance: {
      additionalRatePercent: d('2.5'),
      privateHealthMonthly: d(0),
      privateCareMonthly: d(0),
      children: 0,
      isParent: false,
      isMidiJob: false,
      u1RatePercent: d(0),
      u2RatePercent: d(0),
      ...over.insurance,
    },
    pay: {
      earnings: [{ type: 'salary', amount: d('3000'), frequency: 'Month', isLumpsum: false, doGrossup: false }],
      benefits: [],
      deductions: [],
      reimbursements: [],
      ...over.pay,
    },
  } as PayslipItem;
}

/** A request body for POST /germany/payroll with one employee. */
export function body(over: Record<string, unknown> = {}, itemOver: Record<string, Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    pay_cycle: 'Month',
    pay_date: '2026-03-31',
    payroll_group: [
      {
        employee_details: { employee_id: 'e1', year_of_birth: 1990, date_of_birth: '1990-06-15', is_mini_job: false, ...itemOver.employee_details },
        tax_attributes: { tax_class: 1, is_factor: false, child_allowances: '0', is_church_member: false, tax_state: 'Nordrhein-Westfalen', ...itemOver.tax_attributes },
        insurance_details: { health_insurance_additional_rate: '2.9', care_insurance_children: 0, is_parent: false, is_midi_job: false, u1_rate: '1.6', u2_rate: '0.44', ...itemOver.insurance_details },
        pay_details: { earnings: [{ earning_type: 'salary', amount: '3000.00', earning_frequency: 'Month', is_lumpsum: false, do_grossup: false }], benefits: [], deductions: [], reimbursements: [], ...itemOver.pay_details },
      },
    ],
    ...over,
  };
}
