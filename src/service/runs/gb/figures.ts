/**
 * A GB payslip between the store and the wire: the store keeps its own figures document
 * (store/gb-payslip-figures.ts); the API's payslip (contracts/payroll-runs.ts, GbPayslip) is rendered from it on
 * read, field by field, so the wire's names live here and nowhere in stored data.
 */
import { Decimal } from '../../../domain/money.js';
import { type GbPayslipFigures, readGbPayslipFigures } from '../../../store/gb-payslip-figures.js';
import type { GbPayslipTable } from '../../../store/schema.js';
import type { Payslip } from '../../contracts/payroll-runs.js';

type StoredFigures = Pick<GbPayslipTable, 'figures_json' | 'figures_version'>;

/** The NIable pay of a stored payslip (a supplementary run of the same period aggregates with it). */
export function niablePayOf(row: StoredFigures): Decimal {
  return new Decimal(readGbPayslipFigures(row.figures_json, row.figures_version).niablePay);
}


/** The wire payslip of the figures (key order as the API has always listed them). */
export function renderGbPayslip(row: Pick<GbPayslipTable, 'id' | 'run_id' | 'employee_id' | 'tax_year' | 'period_number' | 'pay_date'>, f: GbPayslipFigures): Payslip {
  return {
    id: row.id,
    run_id: row.run_id,
    employee_id: row.employee_id,
    tax_year: row.tax_year,
    period_number: Number(row.period_number),
    tax_period: f.taxPeriod,
    pay_date: row.pay_date,
    tax_code: f.taxCode,
    week1_month1: f.week1Month1,
    ni_category: f.niCategory,
    gross_pay: f.grossPay,
    payrolled_benefits: f.payrolledBenefits,
    taxable_pay: f.taxablePay,
    taxable_pay_to_date: f.taxablePayToDate,
    tax: f.tax,
    tax_paid_to_date: f.taxPaidToDate,
    regulatory_limit_applied: f.regulatoryLimitApplied,
    niable_pay: f.niablePay,
    employee_ni: f.employeeNi,
    employer_ni: f.employerNi,
    ni_earnings_at_lel: f.niEarningsAtLel,
    ni_earnings_lel_to_pt: f.niEarningsLelToPt,
    ni_earnings_pt_to_uel: f.niEarningsPtToUel,
    student_loan: f.studentLoan,
    postgraduate_loan: f.postgraduateLoan,
    pensionable_earnings: f.pensionableEarnings,
    pension_employee_gross: f.pensionEmployeeGross,
    pension_employee_deduction: f.pensionEmployeeDeduction,
    pension_employer: f.pensionEmployer,
    salary_sacrifice: f.salarySacrifice,
    net_pay: f.netPay,
    student_loan_plan_applied: f.studentLoanPlanApplied,
    tax_basis: f.taxBasis,
    ytd_this_employment: { ...f.ytdThisEmployment },
    previous_employment_pay_used: f.previousEmploymentPayUsed,
    previous_employment_tax_used: f.previousEmploymentTaxUsed,
    is_leaver: f.isLeaver,
    is_after_leaving: f.isAfterLeaving,
    irregular_payment: f.irregularPayment,
    correction: f.correction
      ? { corrects_run_id: f.correction.correctsRunId, corrected_period_number: f.correction.correctedPeriodNumber, paid_in_period_number: f.correction.paidInPeriodNumber, reported_in_tax_period: f.correction.reportedInTaxPeriod }
      : null,
    pension: f.pension ? { scheme_id: f.pension.schemeId, membership_id: f.pension.membershipId, method: f.pension.method, wage_type_code: f.pension.wageTypeCode, auto_enrolled: f.pension.autoEnrolled } : null,
    pension_refund: f.pensionRefund ? { membership_id: f.pensionRefund.membershipId, employee: f.pensionRefund.employee, employer: f.pensionRefund.employer } : null,
    employer_costs: { employer_ni: f.employerCosts.employerNi, employer_pension: f.employerCosts.employerPension, total: f.employerCosts.total },
    lines: f.lines.map((l) => ({ section: l.section, wage_type_code: l.wageTypeCode, name: l.name, amount: l.amount, ...(l.hours !== undefined ? { hours: l.hours } : {}), ...(l.rate !== undefined ? { rate: l.rate } : {}) })),
    p45: f.p45
      ? {
          tax_code: f.p45.taxCode,
          week1_month1: f.p45.week1Month1,
          frequency: f.p45.frequency,
          leaving_date: f.p45.leavingDate,
          leaving_tax_period: f.p45.leavingTaxPeriod,
          total_pay_to_date: f.p45.totalPayToDate,
          total_tax_to_date: f.p45.totalTaxToDate,
          pay_this_employment: f.p45.payThisEmployment,
          tax_this_employment: f.p45.taxThisEmployment,
          student_loan_deductions_continue: f.p45.studentLoanDeductionsContinue,
          postgraduate_loan_deductions_continue: f.p45.postgraduateLoanDeductionsContinue,
        }
      : null,
    warnings: [...f.warnings],
    // Only a payslip with statutory payments, or after some this year, shows them (older payslips read as before).
    ...(f.statutoryPayments.length > 0 || Object.values(f.statutoryYtd).some((v) => v !== '0.00')
      ? {
          statutory_payments: f.statutoryPayments.map((p) => ({ type: p.type, amount: p.amount, source: p.source, absence_ids: [...p.absenceIds], days_paid: p.daysPaid, waiting_days: p.waitingDays })),
          statutory_year_to_date: { ...f.statutoryYtd },
        }
      : {}),
    ...(f.executionHistory ? { execution_history: f.executionHistory.map((h) => ({ flow: h.flow, node: h.node })) } : {}),
  };
}

export function payslipWire(row: GbPayslipTable): Payslip {
  return renderGbPayslip(row, readGbPayslipFigures(row.figures_json, row.figures_version));
}
