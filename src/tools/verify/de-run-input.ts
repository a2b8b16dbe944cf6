/**
 * `de-run` vectors (fixtures/reference/README.md, de/run-rules.md §6) as inputs of the German month engine:
 * the employee's attributes and each month's pay lines become a DeMonthInput through endpoint 20's own mapping
 * (the wire item parsed by its contract, then toPayslipItem), so the replay exercises the same attributes a
 * stored run passes. The vector's id stands for the employee id.
 */
import { Decimal } from '../../domain/money.js';
import { fieldError } from '../../domain/errors.js';
import type { DeEmployment, DeMonthInput, DeMonthRecord } from '../../domain/de/run/month-types.js';
import { payrollGroupItem } from '../../service/contracts/germany-payroll.js';
import { toPayslipItem } from '../../service/use-cases/germany-payroll.js';
import type { Vector } from './types.js';

export interface DeRunEarning {
  earning_type: string;
  amount: string;
  earning_frequency?: string;
  is_lumpsum: boolean;
}

export interface DeRunMonth {
  month: string;
  earnings: DeRunEarning[];
  expected: Record<string, string | number | null>;
}

export interface DeRunVector extends Vector {
  year: number;
  employer: { state: string; u1_rate: string; u2_rate: string };
  employee: {
    date_of_birth: string;
    entry_date: string;
    exit_date: string | null;
    previous_employment_pay: string | null;
    previous_employment_months: number;
    tax_attributes: Record<string, unknown>;
    insurance_details: Record<string, unknown> & { health_insurance_additional_rate_by_year?: Record<string, string> };
    employee_details: { is_mini_job: boolean };
  };
  months: DeRunMonth[];
}

/** Checks the parts of a `de-run` vector the mapping reads. */
export function asDeRunVector(vector: Vector): DeRunVector {
  const v = vector as Partial<DeRunVector>;
  if (!v.employee || typeof v.employee !== 'object') throw fieldError(['employee'], 'a de-run vector needs employee', 'object');
  if (!v.employer || typeof v.employer !== 'object') throw fieldError(['employer'], 'a de-run vector needs employer', 'object');
  if (!Array.isArray(v.months) || v.months.length === 0) throw fieldError(['months'], 'a de-run vector needs months', 'array');
  return vector as DeRunVector;
}

export function employmentOf(vector: DeRunVector): DeEmployment {
  const e = vector.employee;
  return {
    entryDate: e.entry_date,
    exitDate: e.exit_date,
    // run-rules.md §3: default "0.00"; null = not presented (§ 39b Abs. 3 S. 2 EStG).
    previousEmploymentPay: e.previous_employment_pay === null ? null : new Decimal(e.previous_employment_pay ?? '0.00'),
    previousEmploymentMonths: e.previous_employment_months ?? 0,
  };
}

/** The month's DeMonthInput with the records calculated so far as history. */
export function deRunMonthInput(vector: DeRunVector, index: number, history: readonly DeMonthRecord[]): DeMonthInput {
  const month = vector.months[index];
  if (!month) throw fieldError(['months', index], 'no such month', 'index');
  const e = vector.employee;
  const { health_insurance_additional_rate_by_year: byYear, ...insurance } = e.insurance_details;
  const year = month.month.slice(0, 4);
  const wire = payrollGroupItem.parse({
    employee_details: { employee_id: vector.id, date_of_birth: e.date_of_birth, is_mini_job: e.employee_details.is_mini_job },
    tax_attributes: e.tax_attributes,
    insurance_details: {
      ...insurance,
      // The Zusatzbeitrag of the month's year where it changed (health_insurance_additional_rate_by_year).
      ...(byYear?.[year] !== undefined ? { health_insurance_additional_rate: byYear[year] } : {}),
      u1_rate: vector.employer.u1_rate,
      u2_rate: vector.employer.u2_rate,
    },
    pay_details: {
      earnings: month.earnings.map((earning) => ({ ...earning, earning_frequency: earning.earning_frequency ?? 'Month', do_grossup: false })),
      benefits: [],
      deductions: [],
      reimbursements: [],
    },
  });
  return { month: month.month, employment: employmentOf(vector), item: toPayslipItem(wire, 'Month'), history };
}
