/**
 * The payslip figures as the wire (and the gb-period / gb-run vectors) spell them: snake_case, money as
 * two-place strings, pension figures null without a pension arrangement.
 */
import type { Decimal } from '../../money.js';
import { moneyText } from './pence-text.js';
import type { StudentLoanPlan } from '../student-loans.js';
import type { TaxBasis } from '../paye.js';
import type { RunPayslipResult } from './payslip.js';

/** A bare period's figures as the gb-period vectors spell them (every payslip figure but gross pay and benefits). */
export interface GbPeriodWire {
  taxable_pay: string;
  taxable_pay_to_date: string;
  tax: string;
  tax_paid_to_date: string;
  regulatory_limit_applied: boolean;
  niable_pay: string;
  employee_ni: string;
  employer_ni: string;
  ni_earnings_at_lel: string;
  ni_earnings_lel_to_pt: string;
  ni_earnings_pt_to_uel: string;
  student_loan: string;
  postgraduate_loan: string;
  pensionable_earnings: string | null;
  pension_employee_gross: string | null;
  pension_employee_deduction: string | null;
  pension_employer: string | null;
  salary_sacrifice: string | null;
  net_pay: string;
  student_loan_plan_applied: StudentLoanPlan | null;
  tax_basis: TaxBasis;
}

/** The period's figures with the gross pay and payrolled benefits a run's payslip adds. */
export interface PayslipFiguresWire extends GbPeriodWire {
  gross_pay: string;
  payrolled_benefits: string;
}

const orNull = (value: Decimal | null): string | null => (value === null ? null : moneyText(value));
const money = moneyText;

export function payslipFiguresToWire(r: RunPayslipResult): PayslipFiguresWire {
  return {
    gross_pay: money(r.grossPay),
    payrolled_benefits: money(r.payrolledBenefits),
    taxable_pay: money(r.taxablePay),
    taxable_pay_to_date: money(r.taxablePayToDate),
    tax: money(r.tax),
    tax_paid_to_date: money(r.taxPaidToDate),
    regulatory_limit_applied: r.regulatoryLimitApplied,
    niable_pay: money(r.niablePay),
    employee_ni: money(r.employeeNi),
    employer_ni: money(r.employerNi),
    ni_earnings_at_lel: money(r.niBands.atLel),
    ni_earnings_lel_to_pt: money(r.niBands.lelToPt),
    ni_earnings_pt_to_uel: money(r.niBands.ptToUel),
    student_loan: money(r.studentLoan),
    postgraduate_loan: money(r.postgraduateLoan),
    pensionable_earnings: orNull(r.pensionableEarnings),
    pension_employee_gross: orNull(r.pensionEmployeeGross),
    pension_employee_deduction: orNull(r.pensionEmployeeDeduction),
    pension_employer: orNull(r.pensionEmployer),
    salary_sacrifice: orNull(r.salarySacrifice),
    net_pay: money(r.netPay),
    student_loan_plan_applied: r.studentLoanPlanApplied,
    tax_basis: r.taxBasis,
  };
}

/** A bare period's figures: the payslip's without gross pay and payrolled benefits (the gb-period vectors' shape). */
export function periodFiguresToWire(r: RunPayslipResult): GbPeriodWire {
  const { gross_pay: _gross, payrolled_benefits: _benefits, ...figures } = payslipFiguresToWire(r);
  return figures;
}
