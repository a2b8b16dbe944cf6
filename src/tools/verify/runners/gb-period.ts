/**
 * `gb-period` vectors: one employee, one pay period, every figure of the payslip (fixtures/reference/README.md).
 */
import { dec } from '../../../domain/money.js';
import { bareGbPeriod, type GbPeriodInput } from '../../../domain/gb/run/bare-period.js';
import { calculateRunPayslip } from '../../../domain/gb/run/payslip.js';
import { periodFiguresToWire } from '../../../domain/gb/run/wire.js';
import type { PensionArrangement, PensionBasis, PensionMethod } from '../../../domain/gb/pension.js';
import type { StudentLoanPlan } from '../../../domain/gb/student-loans.js';
import type { GbTaxYear, NiCategory, PayFrequency } from '../../../domain/gb/ni/index.js';
import { compareExpected } from '../compare.js';
import type { Vector, VectorRunner } from '../types.js';

interface WirePension {
  method: PensionMethod;
  /** `full_pay` in the vectors: the whole gross pay is pensionable. */
  basis: 'qualifying_earnings' | 'full_pay' | 'pensionable_pay';
  employee_rate: string;
  employer_rate: string;
  employee_cap?: string | null;
  employer_cap?: string | null;
}

interface GbPeriodVector extends Vector {
  tax_year: GbTaxYear;
  frequency: PayFrequency;
  period: number;
  tax_code: string;
  cumulative: boolean;
  gross_pay: string;
  payrolled_benefits?: string;
  taxable_pay_to_date_previous: string;
  tax_paid_to_date_previous: string;
  ni_category: NiCategory;
  student_loan_plans?: StudentLoanPlan[];
  /** Older single-plan field, used when `student_loan_plans` is absent. */
  student_loan_plan?: StudentLoanPlan | null;
  postgraduate_loan?: boolean;
  pension?: WirePension | null;
  expected: Record<string, unknown>;
}

function pensionOf(wire: WirePension | null | undefined): PensionArrangement | null {
  if (!wire) return null;
  const basis: PensionBasis = wire.basis === 'qualifying_earnings' ? 'qualifying_earnings' : 'pensionable_pay';
  return {
    method: wire.method,
    basis,
    employeeRate: dec(wire.employee_rate),
    employerRate: dec(wire.employer_rate),
    employeeCap: wire.employee_cap ? dec(wire.employee_cap) : null,
    employerCap: wire.employer_cap ? dec(wire.employer_cap) : null,
  };
}

export function inputOf(v: GbPeriodVector): GbPeriodInput {
  const plans = v.student_loan_plans ?? (v.student_loan_plan ? [v.student_loan_plan] : []);
  return {
    taxYear: v.tax_year,
    frequency: v.frequency,
    period: v.period,
    taxCode: v.tax_code,
    week1Month1: v.cumulative === false,
    grossPay: dec(v.gross_pay),
    payrolledBenefits: dec(v.payrolled_benefits ?? '0'),
    taxablePayToDatePrevious: dec(v.taxable_pay_to_date_previous),
    taxPaidToDatePrevious: dec(v.tax_paid_to_date_previous),
    niCategory: v.ni_category,
    studentLoanPlans: plans,
    postgraduateLoan: v.postgraduate_loan === true,
    pension: pensionOf(v.pension),
  };
}

export const runner: VectorRunner = (vector: Vector) => {
  const v = vector as GbPeriodVector;
  // One payslip pipeline: the bare period is a run's payslip with one ordinary earning.
  const result = calculateRunPayslip(bareGbPeriod(inputOf(v)));
  return compareExpected(v.id, v.expected, periodFiguresToWire(result));
};
