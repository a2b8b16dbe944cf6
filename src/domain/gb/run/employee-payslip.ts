/**
 * One employee's payslip in a run, from everything the store knows about them (pure: the use case loads, this
 * decides): the code operated (HMRC's, else the starter declaration's; a payment after the P45 was issued is taxed
 * on 0T week 1/month 1), previous employment figures, the statutory payments the absences give rise to in the period
 * (statutory/run-period.ts) added as their wage types' lines, the pension terms in force or an automatic enrolment,
 * directors' NI, refunds after an opt-out, the year-to-date figures after the payslip (statutory payments included)
 * and, for a leaver, the P45; a warning when a leaver is paid regular pay again.
 */
import { Decimal, money } from '../../money.js';
import type { GbTaxYear, NiCategory, PayFrequency } from '../ni/index.js';
import type { StudentLoanPlan } from '../student-loans.js';
import { formatTaxCode, parseTaxCode } from '../tax-code.js';
import type { Trace, TraceValues } from '../trace.js';
import { taxYearStart } from './dates.js';
import { afterLeavingCode, directorWeeks, isLastPeriodOfYear, type P45, p45For, type PreviousEmployment, previousEmploymentUsed, type StarterDeclaration, starterCode } from './employment.js';
import { type ClassifiedPay, type PayslipLine, withRunEarnings } from './pay-items.js';
import type { PayRecord } from '../statutory/awe.js';
import type { StatutoryPaymentType } from '../statutory/employer-liabilities.js';
import { type AbsenceRecord, statutoryPayForPeriod } from '../statutory/run-period.js';
import { STATUTORY_WAGE_TYPE, statutoryPaymentOf } from '../wage-types/statutory.js';
import { taxPeriodOf } from '../paye.js';
import { calculateRunPayslip, type DirectorInput, type RefundInput, type RunPayslipResult } from './payslip.js';
import { autoEnrolledMembership, decideAutoEnrolment, membershipOn, type Membership, type PensionTerms, schemeVersionOn, type SchemeTerms, termsFor } from './pension-terms.js';
import { payslipFiguresToWire, type PayslipFiguresWire } from './wire.js';
import { addPayslip, type StatutoryAmounts, statutoryYtdToWire, ytdDecimal, type YtdState, ytdToWire } from './ytd.js';
import { moneyText } from './pence-text.js';
import { fromPence } from '../pence.js';
import type { WorkerCategory } from '../auto-enrolment.js';

const ZERO = new Decimal(0);

export interface RunPeriod {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  periodNumber: number;
  taxPeriod: number;
  payDate: string;
  startDate: string;
  endDate: string;
}

export interface EmployeeFacts {
  id: string;
  startDate: string;
  leaveDate: string | null;
  dateOfBirth: string | null;
  /** The code HMRC (or the P45) gave; null when the starter declaration decides it (STARTER-CODE). */
  taxCode: string | null;
  week1Month1: boolean;
  /** Starter checklist statement of a starter without a P45. */
  starterDeclaration: StarterDeclaration | null;
  niCategory: NiCategory;
  studentLoanPlans: readonly StudentLoanPlan[];
  postgraduateLoan: boolean;
  isDirector: boolean;
  directorAppointmentDate: string | null;
  directorMethod: 'standard_annual_earnings_period' | 'alternative' | null;
  previousEmployment: PreviousEmployment | null;
}

/**
 * Where a correction of an earlier period (a run naming the corrected run in corrects_run_id) is paid. HMRC's
 * guidance on paying an employee an earlier period's underpayment (and taking back an overpayment) in the current
 * tax year: PAYE is due when the payment is made (ITEPA 2003 s686 time of payment; HMRC PAYE Manual PAYE70023:
 * arrears paid in the current tax year have PAYE operated at the time of payment), with the tables of the tax
 * period of the payment, so the difference joins the cumulative figures of the period in which it is paid; the FPS reports it in that tax period with updated year-to-date figures ("Fix problems with
 * running payroll: you paid your employee the wrong amount"). NI stays with the corrected earnings period (a
 * mistimed payment in the same tax year, Social Security (Contributions) Regulations 2001 reg 7; NIM08700).
 */
export interface CorrectionPlacement {
  correctsRunId: string;
  /** The period number whose cumulative free pay and bands PAYE uses (the pay group's latest settled period). */
  paidInPeriodNumber: number;
  /** That period's HMRC tax week or month: the tax period the FPS reports the payment in. */
  paidInTaxPeriod: number;
  /** That period's pay date: the payment date the FPS reports the correction with (decision FPS-CORRECTION). */
  paidInPayDate?: string;
}

export interface PayslipContext {
  payslipId: string;
  period: RunPeriod;
  /** A correction of an earlier period: paid and taxed in a later period (null or absent: a regular payment). */
  correction?: CorrectionPlacement | null;
  employee: EmployeeFacts;
  pay: ClassifiedPay;
  /** Explicitly irregular payment (after leaving: NI and loans as a weekly payment); null: every earning is a lump sum. */
  irregular: boolean | null;
  priorNiablePay: Decimal;
  priorEmployeeNi?: Decimal;
  priorEmployerNi?: Decimal;
  ytd: YtdState;
  memberships: readonly Membership[];
  schemes: ReadonlyMap<string, readonly SchemeTerms[]>;
  defaultSchemeId: string | null;
  refund: { input: RefundInput; membershipId: string } | null;
  /** The employee's absences beginning on or before the period's end: the run pays their statutory payments. */
  absences?: readonly AbsenceRecord[];
  /** Earnings of approved runs before this one (pay date, NIable pay): the average weekly earnings come from them. */
  payHistory?: readonly PayRecord[];
  trace: boolean;
}

/** One statutory payment on the payslip: calculated by the run from absences, or typed as a line. */
export interface StatutoryPaymentLine {
  type: StatutoryPaymentType;
  amount: string;
  source: 'run' | 'typed';
  /** The absences a calculated payment pays (empty for a typed line). */
  absence_ids: string[];
  /** Calculated payments: days paid in the period (SSP qualifying days, family payments calendar days). */
  days_paid: number | null;
  /** Calculated SSP: waiting days in the period. */
  waiting_days: number | null;
}

export interface PensionApplied {
  scheme_id: string;
  membership_id: string | null;
  method: string;
  wage_type_code: string;
  auto_enrolled: boolean;
}

export interface AutoEnrolment {
  schemeId: string;
  category: WorkerCategory;
  enrolmentDate: string;
  reEnrolment: boolean;
}

export interface EmployeePayslipWire extends PayslipFiguresWire {
  employee_id: string;
  tax_year: string;
  period_number: number;
  tax_period: number;
  pay_date: string;
  tax_code: string;
  week1_month1: boolean;
  ni_category: NiCategory;
  ytd_this_employment: Record<string, string>;
  previous_employment_pay_used: string;
  previous_employment_tax_used: string;
  is_leaver: boolean;
  is_after_leaving: boolean;
  irregular_payment: boolean;
  /** A correction: the period it corrects and the period it is paid, taxed and reported in; null for regular pay. */
  correction: { corrects_run_id: string; corrected_period_number: number; paid_in_period_number: number; reported_in_tax_period: number; reported_payment_date: string } | null;
  /** Statutory payments of this payslip (calculated and typed). */
  statutory_payments: StatutoryPaymentLine[];
  /** Statutory payments of this employment and tax year after this payslip, per payment. */
  statutory_year_to_date: Record<StatutoryPaymentType, string>;
  pension: PensionApplied | null;
  pension_refund: { membership_id: string; employee: string; employer: string } | null;
  employer_costs: { employer_ni: string; employer_pension: string; total: string };
  lines: PayslipLine[];
  p45: P45 | null;
  warnings: string[];
  execution_history?: { flow: string; node: string }[];
}

/** One step of the engine's trace of a payslip, with the figures it worked with (issue 18 point 7). */
export interface TraceStep {
  flow: string;
  node: string;
  values?: TraceValues;
}

export interface EmployeePayslip {
  wire: EmployeePayslipWire;
  /** Every step the engines took for this payslip, with their figures: stored so the run can explain its figures. */
  trace: TraceStep[];
  result: RunPayslipResult;
  ytdAfter: YtdState;
  membershipId: string | null;
  refundMembershipId: string | null;
  autoEnrolment: AutoEnrolment | null;
  /** What the pension took, for a later refund: by method. */
  contribution: { method: string; employeeDeduction: string; salarySacrifice: string; employer: string } | null;
}

function line(section: PayslipLine['section'], code: string | null, name: string, amount: Decimal): PayslipLine {
  return { section, wage_type_code: code, name, amount: moneyText(amount) };
}

export function calculateEmployeePayslip(c: PayslipContext): EmployeePayslip {
  const { period, employee } = c;
  const warnings: string[] = [];
  const history: { flow: string; node: string }[] = [];
  // Always traced: the steps and their figures are stored with the payslip (the explanation of its figures); the
  // execution history (flow and node only) is returned when the run was asked for it.
  const steps: TraceStep[] = [];
  const trace: Trace = (flow, node, values) => {
    steps.push(values ? { flow, node, values } : { flow, node });
    if (c.trace) history.push({ flow, node });
  };
  // PAYE period: the period the payment is made in (a correction of an earlier period: the latest settled one).
  const correction = c.correction ?? null;
  const payePeriod = correction ? correction.paidInPeriodNumber : period.periodNumber;
  if (correction) trace?.('paye', `correction-paid-in-period:${payePeriod}`);

  // Leavers: the final payslip carries the P45; anything later is a payment after leaving.
  const leftBeforeYear = employee.leaveDate !== null && employee.leaveDate < taxYearStart(period.taxYear);
  const afterLeaving = c.ytd.leaver !== null || leftBeforeYear;
  const isLeaver = !afterLeaving && employee.leaveDate !== null && employee.leaveDate <= period.endDate;
  const irregular = afterLeaving && (c.irregular ?? c.pay.allLumpSums);
  trace?.('employment', afterLeaving ? 'payment-after-leaving' : isLeaver ? 'leaver' : 'current');

  // The code operated: HMRC's (or the P45's), else the starter declaration's, else the standard code.
  const declared = employee.taxCode === null && employee.starterDeclaration !== null ? starterCode(employee.starterDeclaration, period.taxYear, employee.startDate) : null;
  if (declared) trace?.('paye', `starter-declaration:${employee.starterDeclaration}`);
  const stored = parseTaxCode(employee.taxCode ?? declared?.taxCode ?? '1257L');
  const code = afterLeaving ? afterLeavingCode(stored) : stored;
  const week1Month1 = afterLeaving || (declared ? declared.week1Month1 : employee.week1Month1) || stored.week1Month1;
  trace('paye', 'tax-code', { tax_code: formatTaxCode(code), week1_month1: week1Month1 ? 'yes' : 'no', tax_period: String(taxPeriodOf(period.frequency, payePeriod)) });
  if (employee.leaveDate !== null && employee.leaveDate < period.startDate && !c.pay.allLumpSums && c.pay.lines.some((l) => l.section === 'earnings')) {
    // Paying regular pay again to someone who left before the period began: an irregular payment after leaving is
    // a lump sum (HMRC "Paying an employee after giving them a P45"); regular pay means a rehire or a mistake.
    warnings.push(`employee left on ${employee.leaveDate}, before this period (${period.startDate} to ${period.endDate}), and is paid regular pay again: a payment after leaving is a lump sum (is_lumpsum), a rehired employee is a new employment; check before approving`);
  }

  // Statutory payments: those the run pays itself from the absences, then any typed.
  const statutory = c.absences && c.absences.length > 0
    ? statutoryPayForPeriod({ periodStart: period.startDate, periodEnd: period.endDate, earningsFrequency: period.frequency, employmentStart: employee.startDate, absences: c.absences, payHistory: c.payHistory ?? [] })
    : null;
  const runEarnings = statutory ? statutory.payments.filter((p) => !p.amount.isZero()).map((p) => ({ wageTypeCode: STATUTORY_WAGE_TYPE[p.type], amount: p.amount })) : [];
  const pay = withRunEarnings(c.pay, runEarnings, period.payDate);
  if (statutory) {
    for (const p of statutory.payments) trace?.('statutory', `${p.type}:${p.amount.toFixed(2)}`);
    warnings.push(...statutory.warnings);
  }
  const statutoryLines: StatutoryPaymentLine[] = [];
  const statutoryAmounts: Partial<Record<StatutoryPaymentType, Decimal>> = {};
  for (const p of statutory?.payments ?? []) {
    if (p.amount.isZero()) continue;
    statutoryLines.push({ type: p.type, amount: moneyText(p.amount), source: 'run', absence_ids: [...p.absenceIds], days_paid: p.daysPaid, waiting_days: p.type === 'ssp' ? p.waitingDays : null });
    statutoryAmounts[p.type] = (statutoryAmounts[p.type] ?? ZERO).plus(p.amount);
  }
  for (const l of c.pay.lines) {
    const type = l.section === 'earnings' ? statutoryPaymentOf(l.wage_type_code) : null;
    if (type === null) continue;
    statutoryLines.push({ type, amount: l.amount, source: 'typed', absence_ids: [], days_paid: null, waiting_days: null });
    statutoryAmounts[type] = (statutoryAmounts[type] ?? ZERO).plus(l.amount);
  }
  const previous = previousEmploymentUsed(employee.previousEmployment, period.taxYear, !week1Month1);
  if (!previous.pay.isZero() || !previous.tax.isZero()) trace?.('paye', 'previous-employment-figures', { previous_pay: moneyText(previous.pay), previous_tax: moneyText(previous.tax) });

  // Pension: the membership in force, or an automatic enrolment.
  let terms: PensionTerms | null = null;
  let membershipId: string | null = null;
  let autoEnrolment: AutoEnrolment | null = null;
  const inForce = membershipOn(c.memberships, period.payDate);
  if (inForce && inForce.status === 'ACTIVE') {
    const schemeId = inForce.schemeId ?? c.defaultSchemeId;
    const version = schemeId ? schemeVersionOn(c.schemes.get(schemeId) ?? [], period.payDate) : null;
    if (version) {
      terms = termsFor(inForce, version);
      membershipId = inForce.id;
    } else {
      warnings.push(`active pension member, but ${schemeId ? `scheme ${schemeId} has no version in force on ${period.payDate}` : 'the organization has no default scheme'}: no contributions taken`);
    }
  } else if (!afterLeaving && !isLeaver) {
    const defaultVersions = c.defaultSchemeId ? (c.schemes.get(c.defaultSchemeId) ?? []) : [];
    const defaultVersion = schemeVersionOn(defaultVersions, period.payDate);
    const decision = decideAutoEnrolment({
      taxYear: period.taxYear,
      frequency: period.frequency,
      payDate: period.payDate,
      dateOfBirth: employee.dateOfBirth,
      startDate: employee.startDate,
      earnings: pay.amounts.aeQualifying,
      history: c.memberships,
      defaultScheme: c.defaultSchemeId && defaultVersion ? { schemeId: c.defaultSchemeId, firstValidFrom: defaultVersions[0]?.validFrom ?? defaultVersion.validFrom, version: defaultVersion } : null,
    });
    if (decision.action === 'enrol') {
      trace?.('pension', decision.reEnrolment ? 're-enrolment' : 'auto-enrolment');
      autoEnrolment = { schemeId: decision.schemeId, category: decision.category, enrolmentDate: period.payDate, reEnrolment: decision.reEnrolment };
      const synthetic: Membership = { id: '', version: 0, ...autoEnrolledMembership(decision.schemeId, decision.category, period.payDate) };
      terms = termsFor(synthetic, defaultVersion as SchemeTerms);
      warnings.push(`automatically enrolled into the default pension scheme from ${period.payDate} (on approval): send the enrolment information within 6 weeks and record its date as enrolment_communication_date`);
    } else if (decision.action === 'postponed') {
      warnings.push(`eligible jobholder: automatic enrolment postponed until ${decision.until} (send the postponement notice)`);
    } else if (decision.action === 'no_scheme') {
      warnings.push('eligible jobholder but the organization has no default pension scheme in force: create one, automatic enrolment is a legal duty');
    }
  }

  // Directors: NI on the annual earnings period (or the alternative method) from the appointment.
  let director: DirectorInput | null = null;
  if (employee.isDirector && (employee.directorAppointmentDate === null || employee.directorAppointmentDate <= period.payDate)) {
    const method = employee.directorMethod ?? 'standard_annual_earnings_period';
    const d = c.ytd.director;
    director = {
      method,
      weeksInEarningsPeriod: directorWeeks(employee.directorAppointmentDate, period.taxYear),
      niablePayToDatePrevious: fromPence(d.niablePay),
      employeeNiToDatePrevious: fromPence(d.employeeNi),
      employerNiToDatePrevious: fromPence(d.employerNi),
      bandsToDatePrevious: { atLel: fromPence(d.atLel), lelToPt: fromPence(d.lelToPt), ptToUel: fromPence(d.ptToUel), aboveUel: fromPence(d.aboveUel) },
      finalPeriod: method === 'alternative' && (isLastPeriodOfYear(period.frequency, period.periodNumber) || isLeaver),
    };
  }

  const result = calculateRunPayslip(
    {
      taxYear: period.taxYear,
      frequency: period.frequency,
      period: payePeriod,
      taxCode: code,
      week1Month1,
      taxablePayToDatePrevious: previous.pay.isZero() ? ytdDecimal(c.ytd, 'taxable_pay') : ytdDecimal(c.ytd, 'taxable_pay').plus(previous.pay),
      taxPaidToDatePrevious: previous.tax.isZero() ? ytdDecimal(c.ytd, 'tax') : ytdDecimal(c.ytd, 'tax').plus(previous.tax),
      niCategory: employee.niCategory,
      ...(irregular ? { niFrequency: 'weekly' as const } : {}),
      ...(c.priorNiablePay.isZero() ? {} : { priorNiablePay: c.priorNiablePay }),
      ...(c.priorEmployeeNi !== undefined ? { priorEmployeeNi: c.priorEmployeeNi } : {}),
      ...(c.priorEmployerNi !== undefined ? { priorEmployerNi: c.priorEmployerNi } : {}),
      director,
      studentLoanPlans: employee.studentLoanPlans,
      postgraduateLoan: employee.postgraduateLoan,
      pension: terms ? terms.arrangement : null,
      amounts: pay.amounts,
      refund: c.refund ? c.refund.input : null,
    },
    trace,
  );

  const ytdAfter = addPayslip(c.ytd, result, { director: director !== null, leaver: isLeaver ? { payslipId: c.payslipId, payDate: period.payDate }: null, statutory: statutoryAmounts as StatutoryAmounts });

  const lines: PayslipLine[] = [...pay.lines];
  lines.push(line('statutory_deductions', null, 'Income tax (PAYE)', result.tax));
  lines.push(line('statutory_deductions', null, 'National Insurance (employee)', result.employeeNi));
  if (!result.studentLoan.isZero()) lines.push(line('statutory_deductions', null, `Student loan (plan ${result.studentLoanPlanApplied ?? ''})`, result.studentLoan));
  if (!result.postgraduateLoan.isZero()) lines.push(line('statutory_deductions', null, 'Postgraduate loan', result.postgraduateLoan));
  if (terms) {
    const amount = terms.method === 'salary_sacrifice' ? (result.salarySacrifice ?? ZERO) : (result.pensionEmployeeDeduction ?? ZERO);
    lines.push(line('pension', terms.wageTypeCode, terms.method === 'salary_sacrifice' ? 'Pension (salary sacrifice)' : 'Pension contribution', amount));
    lines.push(line('employer', 'UK-C-002', 'Employer pension contribution', result.pensionEmployer ?? ZERO));
  }
  if (c.refund) {
    lines.push(line('pension', 'UK-P-004', 'Pension contributions refunded (opt-out within one month)', result.refundToEmployee));
    lines.push(line('employer', 'UK-P-004', 'Employer pension contributions returned to the employer', result.refundToEmployer));
    warnings.push(`pension opt-out within the one-month window: ${money(result.refundToEmployee)} refunded to the employee, ${money(result.refundToEmployer)} of employer contributions to be reclaimed from the scheme`);
  }
  lines.push(line('employer', 'UK-C-001', 'Employer National Insurance', result.employerNi));
  if (result.netPay.isNegative()) warnings.push(`net pay is negative (${money(result.netPay)}): deductions exceed pay; reduce or defer deductions`);
  if (result.regulatoryLimitApplied) warnings.push('tax limited to 50% of pay (overriding limit); the shortfall stays with HMRC');

  let p45: P45 | null = null;
  if (isLeaver) {
    p45 = p45For({
      code,
      week1Month1,
      frequency: period.frequency,
      leavingDate: employee.leaveDate,
      // The week or month the PAYE figures were worked to (week 2n / 4n for 2- and 4-weekly, 53/54/56 for the extra payday).
      taxPeriod: taxPeriodOf(period.frequency, payePeriod),
      taxablePayToDate: result.taxablePayToDate,
      taxPaidToDate: result.taxPaidToDate,
      payThisEmployment: fromPence(ytdAfter.figures.taxable_pay),
      taxThisEmployment: fromPence(ytdAfter.figures.tax),
      studentLoan: employee.studentLoanPlans.length > 0,
      postgraduateLoan: employee.postgraduateLoan,
    });
  }

  const employerPension = (result.pensionEmployer ?? ZERO).minus(result.refundToEmployer);
  const wire: EmployeePayslipWire = {
    employee_id: employee.id,
    tax_year: period.taxYear,
    period_number: period.periodNumber,
    tax_period: correction ? correction.paidInTaxPeriod : period.taxPeriod,
    pay_date: period.payDate,
    tax_code: formatTaxCode(code).replace(/ (W1|M1|X)$/, ''),
    week1_month1: week1Month1,
    ni_category: employee.niCategory,
    ...payslipFiguresToWire(result),
    ytd_this_employment: ytdToWire(ytdAfter),
    previous_employment_pay_used: moneyText(previous.pay),
    previous_employment_tax_used: moneyText(previous.tax),
    is_leaver: isLeaver,
    is_after_leaving: afterLeaving,
    irregular_payment: irregular,
    correction: correction
      ? { corrects_run_id: correction.correctsRunId, corrected_period_number: period.periodNumber, paid_in_period_number: correction.paidInPeriodNumber, reported_in_tax_period: correction.paidInTaxPeriod, reported_payment_date: correction.paidInPayDate ?? period.payDate }
      : null,
    statutory_payments: statutoryLines,
    statutory_year_to_date: statutoryYtdToWire(ytdAfter),
    pension: terms ? { scheme_id: terms.schemeId, membership_id: membershipId, method: terms.method, wage_type_code: terms.wageTypeCode, auto_enrolled: autoEnrolment !== null } : null,
    pension_refund: c.refund ? { membership_id: c.refund.membershipId, employee: money(result.refundToEmployee), employer: money(result.refundToEmployer) } : null,
    employer_costs: { employer_ni: moneyText(result.employerNi), employer_pension: moneyText(employerPension), total: moneyText(result.employerNi.plus(employerPension)) },
    lines,
    p45,
    warnings,
    ...(c.trace ? { execution_history: history } : {}),
  };
  return {
    wire,
    trace: steps,
    result,
    ytdAfter,
    membershipId,
    refundMembershipId: c.refund ? c.refund.membershipId : null,
    autoEnrolment,
    contribution: terms
      ? { method: terms.method, employeeDeduction: (result.pensionEmployeeDeduction ?? ZERO).toFixed(2), salarySacrifice: (result.salarySacrifice ?? ZERO).toFixed(2), employer: (result.pensionEmployer ?? ZERO).toFixed(2) }
      : null,
  };
}
