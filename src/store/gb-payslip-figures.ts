/**
 * A GB payslip as the store keeps it (issue 13 point 2): a versioned figures document owned by the store, with
 * names of its own, so that renaming a field of the API's payslip (service/contracts) changes the rendering
 * (service/runs/gb/figures.ts) and never the stored data. A new shape is a new version plus a migration that
 * converts the stored documents; readers refuse a version they do not know.
 */
import type { EmployeePayslipWire } from '../domain/gb/run/employee-payslip.js';

export const GB_PAYSLIP_FIGURES_VERSION = 1;

export interface GbPayslipFiguresV1 {
  taxPeriod: number;
  taxCode: string;
  week1Month1: boolean;
  niCategory: string;
  grossPay: string;
  payrolledBenefits: string;
  taxablePay: string;
  taxablePayToDate: string;
  tax: string;
  taxPaidToDate: string;
  regulatoryLimitApplied: boolean;
  niablePay: string;
  employeeNi: string;
  employerNi: string;
  niEarningsAtLel: string;
  niEarningsLelToPt: string;
  niEarningsPtToUel: string;
  studentLoan: string;
  postgraduateLoan: string;
  pensionableEarnings: string | null;
  pensionEmployeeGross: string | null;
  pensionEmployeeDeduction: string | null;
  pensionEmployer: string | null;
  salarySacrifice: string | null;
  netPay: string;
  studentLoanPlanApplied: string | null;
  taxBasis: string;
  /** Year to date of this employment after the payslip, by the domain's year-to-date figure names. */
  ytdThisEmployment: Record<string, string>;
  previousEmploymentPayUsed: string;
  previousEmploymentTaxUsed: string;
  isLeaver: boolean;
  isAfterLeaving: boolean;
  irregularPayment: boolean;
  correction: { correctsRunId: string; correctedPeriodNumber: number; paidInPeriodNumber: number; reportedInTaxPeriod: number } | null;
  pension: { schemeId: string; membershipId: string | null; method: string; wageTypeCode: string; autoEnrolled: boolean } | null;
  pensionRefund: { membershipId: string; employee: string; employer: string } | null;
  employerCosts: { employerNi: string; employerPension: string; total: string };
  /** `hours` and `rate` only on pay for time worked (added in version 1 as optional fields: absent on older payslips). */
  lines: { section: string; wageTypeCode: string | null; name: string; amount: string; hours?: string; rate?: string }[];
  p45: {
    taxCode: string;
    week1Month1: boolean;
    frequency: string;
    leavingDate: string | null;
    leavingTaxPeriod: number;
    totalPayToDate: string | null;
    totalTaxToDate: string | null;
    payThisEmployment: string;
    taxThisEmployment: string;
    studentLoanDeductionsContinue: boolean;
    postgraduateLoanDeductionsContinue: boolean;
  } | null;
  warnings: string[];
  /** Only when the run was asked for its execution history. */
  executionHistory: { flow: string; node: string }[] | null;
}

/**
 * The figures of the engine's payslip (domain/gb/run/employee-payslip.ts). Migration 0004 converts the payslips
 * stored before it (the engine's payslip as JSON, `detail_json`) with this same mapping.
 */
export function gbPayslipFigures(p: EmployeePayslipWire): GbPayslipFiguresV1 {
  return {
    taxPeriod: p.tax_period,
    taxCode: p.tax_code,
    week1Month1: p.week1_month1,
    niCategory: p.ni_category,
    grossPay: p.gross_pay,
    payrolledBenefits: p.payrolled_benefits,
    taxablePay: p.taxable_pay,
    taxablePayToDate: p.taxable_pay_to_date,
    tax: p.tax,
    taxPaidToDate: p.tax_paid_to_date,
    regulatoryLimitApplied: p.regulatory_limit_applied,
    niablePay: p.niable_pay,
    employeeNi: p.employee_ni,
    employerNi: p.employer_ni,
    niEarningsAtLel: p.ni_earnings_at_lel,
    niEarningsLelToPt: p.ni_earnings_lel_to_pt,
    niEarningsPtToUel: p.ni_earnings_pt_to_uel,
    studentLoan: p.student_loan,
    postgraduateLoan: p.postgraduate_loan,
    pensionableEarnings: p.pensionable_earnings,
    pensionEmployeeGross: p.pension_employee_gross,
    pensionEmployeeDeduction: p.pension_employee_deduction,
    pensionEmployer: p.pension_employer,
    salarySacrifice: p.salary_sacrifice,
    netPay: p.net_pay,
    studentLoanPlanApplied: p.student_loan_plan_applied,
    taxBasis: p.tax_basis,
    ytdThisEmployment: { ...p.ytd_this_employment },
    previousEmploymentPayUsed: p.previous_employment_pay_used,
    previousEmploymentTaxUsed: p.previous_employment_tax_used,
    isLeaver: p.is_leaver,
    isAfterLeaving: p.is_after_leaving,
    irregularPayment: p.irregular_payment,
    correction: p.correction
      ? { correctsRunId: p.correction.corrects_run_id, correctedPeriodNumber: p.correction.corrected_period_number, paidInPeriodNumber: p.correction.paid_in_period_number, reportedInTaxPeriod: p.correction.reported_in_tax_period }
      : null,
    pension: p.pension ? { schemeId: p.pension.scheme_id, membershipId: p.pension.membership_id, method: p.pension.method, wageTypeCode: p.pension.wage_type_code, autoEnrolled: p.pension.auto_enrolled } : null,
    pensionRefund: p.pension_refund ? { membershipId: p.pension_refund.membership_id, employee: p.pension_refund.employee, employer: p.pension_refund.employer } : null,
    employerCosts: { employerNi: p.employer_costs.employer_ni, employerPension: p.employer_costs.employer_pension, total: p.employer_costs.total },
    lines: p.lines.map((l) => ({ section: l.section, wageTypeCode: l.wage_type_code, name: l.name, amount: l.amount, ...(l.hours !== undefined ? { hours: l.hours } : {}), ...(l.rate !== undefined ? { rate: l.rate } : {}) })),
    p45: p.p45
      ? {
          taxCode: p.p45.tax_code,
          week1Month1: p.p45.week1_month1,
          frequency: p.p45.frequency,
          leavingDate: p.p45.leaving_date,
          leavingTaxPeriod: p.p45.leaving_tax_period,
          totalPayToDate: p.p45.total_pay_to_date,
          totalTaxToDate: p.p45.total_tax_to_date,
          payThisEmployment: p.p45.pay_this_employment,
          taxThisEmployment: p.p45.tax_this_employment,
          studentLoanDeductionsContinue: p.p45.student_loan_deductions_continue,
          postgraduateLoanDeductionsContinue: p.p45.postgraduate_loan_deductions_continue,
        }
      : null,
    warnings: [...p.warnings],
    executionHistory: p.execution_history ? p.execution_history.map((h) => ({ flow: h.flow, node: h.node })) : null,
  };
}

/** The stored document, checked for its version. */
export function readGbPayslipFigures(json: string, version: number): GbPayslipFiguresV1 {
  if (Number(version) !== GB_PAYSLIP_FIGURES_VERSION) throw new Error(`payslip figures version ${version} is not known to this build (it reads version ${GB_PAYSLIP_FIGURES_VERSION}); upgrade payroll`);
  return JSON.parse(json) as GbPayslipFiguresV1;
}
