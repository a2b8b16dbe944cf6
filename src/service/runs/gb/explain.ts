/**
 * GB payslip explanations (issue 18 point 7): what each step of the GB engines' trace means and which rule it
 * applies (the sources the engines cite: HMRC's "Specification for PAYE tax table routines" for PAYE, NIM11002 and
 * HMRC's NICs guidance for software developers for Class 1 NI, CSLM17065 for student loans, the Pensions Act 2008
 * s. 13 for qualifying earnings). The figures themselves come from the trace stored with the payslip.
 */
import { notFound } from '../../../domain/errors.js';
import { readGbPayslipFigures } from '../../../store/gb-payslip-figures.js';
import { findGbRun, listRunPayslips } from '../../../store/repositories/payroll-runs.js';
import type { ServiceContext } from '../../context.js';
import { GB_EXPLAINED_FIGURES, type PayslipExplanation } from '../../contracts/explanations.js';
import { requireGbOrg } from '../../use-cases/pensions.js';
import { type ExplanationCatalogue, explanationOf, figureAsked, payslipOfEmployee, nodeKind, type StoredStep } from '../explain.js';

/** The flows of the trace each figure is explained by. */
const FLOWS: Readonly<Record<string, string>> = { tax: 'paye', ni: 'ni', student_loan: 'student_loan', postgraduate_loan: 'postgraduate_loan', pension: 'pension' };

const PAYE_SPEC = "HMRC Specification for PAYE tax table routines";

/** What each figure a GB step reports is (by HMRC's name as the engines report it). */
const MEANINGS: Readonly<Record<string, string>> = {
  tax_code: 'tax code operated this period',
  week1_month1: 'week 1 / month 1 (non-cumulative) basis',
  tax_period: 'tax week or month the figures are worked to',
  previous_pay: "previous employment's pay to date (P45) used",
  previous_tax: "previous employment's tax to date (P45) used",
  taxable_earnings: 'earnings of the period that are taxable',
  less_salary_sacrifice_and_net_pay_pension: 'less salary sacrifice and net-pay pension contributions',
  less_pre_tax_deductions: 'less deductions relieved before tax (payroll giving)',
  plus_payrolled_benefits: 'plus payrolled benefits in kind',
  plus_refunded_contributions: 'plus pension contributions refunded (taxed now)',
  taxable_pay: "this period's taxable pay",
  periods: 'weeks or months the free pay and bands are pro-rated for (n)',
  taxable_pay_to_date_previous: 'taxable pay to date before this period',
  taxable_pay_to_date: 'taxable pay to date including this period',
  pay_taxed: 'pay the tax is worked on (to date on the cumulative basis, else this period)',
  code_number: "the tax code's number",
  period_one_value: 'free pay (or additional pay) of week or month 1 (Tables A)',
  free_pay: 'free pay to date (or for the period on week 1 / month 1)',
  additional_pay: 'K-code additional pay to date (or for the period)',
  taxable_pay_rounded: 'taxable pay after free pay, whole pounds (rounded down)',
  whole_pounds: 'pay in whole pounds (rounded down)',
  band: 'tax band the taxable pay falls in (1 = basic rate band)',
  rate: 'rate applied',
  band_starts_above: 'band starts above this pay (pro-rated limit, £ to 4 dp)',
  band_limit: 'top of the band (pro-rated limit, £ to 4 dp)',
  tax_on_lower_bands: 'tax on the bands below (pro-rated, £ to 4 dp)',
  tax_due: 'tax due (to date on the cumulative basis), truncated to the penny',
  tax_paid_to_date_previous: 'tax paid to date before this period',
  tax_before_limit: 'tax due less tax paid to date (negative: a refund)',
  relevant_pay: 'relevant pay for the limit (taxable pay less payrolled benefits)',
  limit: 'overriding limit: the most tax this period may take',
  tax: 'tax deducted this period (the payslip figure)',
  tax_not_deducted: 'tax due but not deducted because of the limit',
  tax_paid_to_date: 'tax paid to date after this period',
  niable_earnings: 'earnings of the period subject to NI',
  less_salary_sacrifice: 'less salary sacrifice',
  plus_returned_sacrifice: 'plus sacrificed pay returned',
  niable_pay: 'earnings for NICs this period',
  LEL: 'lower earnings limit for the earnings period',
  PT: 'primary threshold for the earnings period',
  ST: 'secondary threshold for the earnings period',
  UEL: 'upper earnings limit for the earnings period',
  relief_threshold: "freeport / investment-zone upper secondary threshold (the category's relief threshold)",
  upper_secondary_threshold: "the category's upper secondary threshold (UEL, UST, AUST or VUST)",
  employee_pt_to_uel: 'employee rate from PT to UEL',
  employee_above_uel: 'employee rate above UEL',
  employer_st_to_relief: 'employer rate from ST to the relief threshold',
  employer_relief_to_upper: 'employer rate from the relief threshold to the upper secondary threshold',
  employer_above_upper: 'employer rate above the upper secondary threshold',
  prior_niable_pay: 'NIable pay already paid in the same earnings period',
  prior_employee_ni: 'employee NI already deducted in the same earnings period',
  earnings_at_lel: 'earnings at the LEL (FPS band)',
  earnings_lel_to_pt: 'earnings above the LEL up to the PT (FPS band)',
  earnings_pt_to_uel: 'earnings above the PT up to the UEL (FPS band)',
  earnings_above_uel: 'earnings above the UEL',
  employee_ni: 'employee NI this period (the payslip figure)',
  employer_ni: 'employer NI this period',
  niable_pay_to_date: "director's NIable pay to date",
  employee_ni_to_date: "director's employee NI due to date",
  employer_ni_to_date: "director's employer NI due to date",
  employee_ni_to_date_previous: 'employee NI paid to date before this period',
  employer_ni_to_date_previous: 'employer NI paid to date before this period',
  earnings_for_nics: 'earnings for NICs the loan is worked on',
  annual_threshold: 'annual repayment threshold of the plan',
  period_threshold: 'threshold for the pay period (annual ÷ periods, truncated to the penny)',
  earnings_above_threshold: 'earnings above the threshold',
  deduction: 'deduction this period (the payslip figure), whole pounds rounded down',
  earnings: 'earnings counted for automatic enrolment',
  lower_qualifying_earnings: 'lower level of qualifying earnings for the pay period',
  upper_qualifying_earnings: 'upper level of qualifying earnings for the pay period',
  qualifying_earnings: 'qualifying earnings the contributions are worked on',
  pensionable_pay: 'pensionable pay',
  pensionable_earnings: 'pensionable earnings the contributions are worked on',
  employee_rate: "employee's contribution rate",
  employer_rate: "employer's contribution rate",
  employee_cap: 'cap on the employee contribution',
  employer_cap: 'cap on the employer contribution',
  employee_share: 'employee share (nearest penny, half up, then capped)',
  employer_share: 'employer share (nearest penny, half up, then capped)',
  employee_gross: "employee's gross contribution",
  employee_deduction: 'taken from pay (the payslip figure; relief at source: gross less basic-rate relief)',
  employer: 'employer contribution (salary sacrifice: with the sacrificed pay)',
  salary_sacrifice: 'pay sacrificed for the contribution',
};

/** The rule each kind of step applies. */
const RULES: Readonly<Record<string, string>> = {
  'paye/tax-code': "the code operated: HMRC's (or the P45's), else the starter declaration's, else the emergency code; a payment after leaving is taxed on 0T week 1 / month 1 (PAYE Manual)",
  'paye/correction-paid-in-period': 'a correction is taxed in the period it is paid in (the latest settled period)',
  'paye/starter-declaration': "no code from HMRC: the starter declaration's code (HMRC starter checklist A/B/C)",
  'paye/previous-employment-figures': "the P45's pay and tax to date of this tax year count in the cumulative figures",
  'paye/taxable-pay': 'taxable pay = taxable earnings − salary sacrifice − net-pay pension contributions − pre-tax deductions + payrolled benefits',
  'paye/code': `the code's kind decides the routine: suffix (free pay), K (additional pay), BR/D0/D1 flat rate, NT no tax (${PAYE_SPEC})`,
  'paye/basis': `cumulative: tax on pay to date less tax paid; week 1 / month 1 and week 53: this period alone, never a refund (${PAYE_SPEC})`,
  'paye/pay': `taxable pay to date = taxable pay to date before + this period's taxable pay (${PAYE_SPEC})`,
  'paye/free-pay': `free pay: (10 × code number + 9) ÷ 52 or ÷ 12 rounded up to the penny (Tables A), × n; taxable pay = pay − free pay, rounded down to the pound (${PAYE_SPEC} 4.3)`,
  'paye/additional-pay': `K code: additional pay from Tables A, × n, added to pay; rounded down to the pound (${PAYE_SPEC})`,
  'paye/flat-rate': `flat-rate code: whole pounds of pay × the code's rate, truncated to the penny (${PAYE_SPEC})`,
  'paye/band': `tax = tax on the lower bands + (taxable pay − band start) × rate; band limits and taxes pro-rated × n/52 or n/12 and truncated to 4 dp; the result truncated to the penny (${PAYE_SPEC})`,
  'paye/bands': `the region's band table (rUK, Scotland or Wales) and its rounding of the lower bands' tax (${PAYE_SPEC})`,
  'paye/week53-free-pay-test': 'week 53/54/56: no tax if free pay to week 52 covers the year\'s pay (PAYE Manual PAYE70015)',
  'paye/no-tax': 'NT: no tax; on the cumulative basis tax paid to date is refunded',
  'paye/tax-due': 'cumulative: tax due to date − tax paid to date before this period; week 1 / month 1: the tax due for the period',
  'paye/refund': 'negative tax: a refund of tax overpaid earlier in the year (cumulative basis only)',
  'paye/overriding-limit': `overriding (regulatory) limit: tax deducted never exceeds 50 % of the period's relevant pay, truncated to the penny (${PAYE_SPEC})`,
  'paye/regulatory-limit': 'tax cut to the overriding limit; on a cumulative code the shortfall is collected later, on week 1 / month 1 it is not',
  'paye/tax': 'the tax deducted and the tax paid to date carried to the next period (the payslip and FPS figures)',
  'ni/niable-pay': 'earnings for NICs = NIable earnings − salary sacrifice (+ sacrificed pay returned)',
  'ni/frequency': 'an irregular payment after leaving is a weekly earnings period',
  'ni/category': 'the category letter chooses the rates and the upper secondary threshold',
  'ni/aggregated-with-prior-pay': 'payments in the same earnings period are aggregated: NI on the total less NI already deducted (NIM11002)',
  'ni/director': "director: the annual earnings period or the alternative method (SSCR 2001 reg. 8, HMRC CA44)",
  'ni/thresholds': "the earnings period's thresholds: HMRC's weekly or monthly figures; other periods annual ÷ 52 × weeks (÷ 12 × months) rounded up to the pound (HMRC NICs guidance for software developers)",
  'ni/rates': "the category letter's rates for the tax year (HMRC rates and thresholds for employers)",
  'ni/prior-pay': 'earlier pay of the same earnings period, aggregated',
  'ni/earnings': 'the exact percentage method splits the earnings into the FPS bands at LEL, PT and UEL (NIM11002)',
  'ni/contributions': 'employee: (PT→UEL) × main rate + (above UEL) × additional rate; employer: (ST→upper) × rate + above; each side rounded to the penny, ½p or less disregarded (SSCR 2001 reg. 12(1))',
  'ni/director-to-date': 'director: NI on pay to date against the annual thresholds, less NI paid to date (HMRC CA44)',
  'student_loan/plan': 'the undergraduate plan operated (one at a time: the lowest threshold of the plans held, CSLM10111)',
  'student_loan/lowest-threshold-plan': 'more than one plan: the one with the lowest threshold is operated until an SL1 names another (CSLM10111)',
  'student_loan/plan-not-operated-this-year': 'the plan has no threshold this tax year: nothing is deducted',
  'student_loan/deduction': 'deduction = rate × (earnings for NICs − period threshold), rounded down to whole pounds; non-cumulative (CSLM17065)',
  'postgraduate_loan/deducted': 'a postgraduate loan is deducted alongside an undergraduate plan (CSLM18025)',
  'postgraduate_loan/deduction': 'deduction = 6 % × (earnings for NICs − period threshold), rounded down to whole pounds (CSLM17065)',
  'pension/none': 'no pension scheme membership this period',
  'pension/basis': "the scheme's basis: qualifying earnings (Pensions Act 2008 s. 13) or pensionable pay",
  'pension/earnings': 'qualifying earnings = earnings between the lower and upper levels for the pay period (Pensions Act 2008 s. 13; the year\'s review order)',
  'pension/shares': "each share = pensionable earnings × the scheme's rate, to the nearest penny (half up), then the cap",
  'pension/method': 'net pay: deducted before tax; relief at source: deducted net of basic-rate relief; salary sacrifice: pay given up, paid by the employer',
  'pension/contributions': 'the contributions as they reach the payslip',
  'pension/refund': 'opt-out within the one-month window: contributions refunded (net-pay refunds taxed now)',
  'pension/auto-enrolment': 'automatic enrolment this period (Pensions Act 2008 s. 3)',
  'pension/re-enrolment': 'automatic re-enrolment this period (Pensions Act 2008 s. 5)',
};

export const gbCatalogue: ExplanationCatalogue = {
  country: 'GB',
  figures: GB_EXPLAINED_FIGURES,
  includes(figure, step) {
    return step.flow === FLOWS[figure];
  },
  meaning(step, name) {
    // A decision's detail (`basis:cumulative` → cumulative), or what the figure is.
    if (name === null) return step.node.includes(':') ? step.node.slice(step.node.indexOf(':') + 1) : step.node;
    return MEANINGS[name] ?? name.replace(/_/g, ' ');
  },
  rule(step: StoredStep) {
    return RULES[`${step.flow}/${step.node}`] ?? RULES[`${step.flow}/${nodeKind(step.node)}`] ?? `${step.flow}: ${step.node}`;
  },
};

/** Finds the payslip of the run for an employee id or payroll number. */
export async function explainGbPayslip(ctx: ServiceContext, orgId: string, runId: string, employee: string, query: Record<string, unknown> | undefined): Promise<PayslipExplanation> {
  const db = ctx.store.db;
  await requireGbOrg(ctx, db, orgId);
  const figure = figureAsked(gbCatalogue, query);
  const run = await findGbRun(db, orgId, runId);
  if (!run) throw notFound('payroll run', runId, 'PAYROLL_RUN.NOT_FOUND');
  const { row, payrollNumber } = await payslipOfEmployee(db, orgId, runId, await listRunPayslips(db, runId), employee);
  const f = readGbPayslipFigures(row.figures_json, row.figures_version);
  const payslipValue: Record<string, string> = {
    tax: f.tax,
    ni: f.employeeNi,
    student_loan: f.studentLoan,
    postgraduate_loan: f.postgraduateLoan,
    pension: f.pensionEmployeeDeduction ?? '0.00',
  };
  return explanationOf(gbCatalogue, figure, { runId, runStatus: run.status, employeeId: row.employee_id, payrollNumber, payslipValue: payslipValue[figure] as string, trace: f.trace });
}
