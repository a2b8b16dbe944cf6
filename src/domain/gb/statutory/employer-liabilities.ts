/**
 * The employer's liabilities per tax month (statutory-payments-rules §5; the P32 view and the EPS year-to-date
 * figures):
 *
 * - Employment Allowance set against employer (secondary) Class 1 NICs only, each month until the year's allowance
 *   is used up or the year ends, from the month it is claimed (`ea-offset-employer-class1-only`; NICs Act 2014 s.1).
 * - Apprenticeship Levy year to date: the levy rate × pay bill to date less the allowance accrued, 1/12 a month
 *   (`levy-cumulative-allowance-1-12th-per-month`; Finance Act 2016 ss.99–100, PAYE56110, ALM09200), not below 0 and
 *   rounded down to whole pounds (`levy-ytd-whole-pounds-rounded-down`: EPS LevyDueYTD is a whole-pounds type); the
 *   month's levy is the change in it and can be negative (ALM08300).
 * - Recovery of statutory payments: the standard share, or with small employers' relief the whole payment plus
 *   compensation, per payment on the year-to-date amounts rounded half up to the penny, the month being the change
 *   (`recovery-ytd-basis-round-half-up`; EPS RecoverableAmountsYTD). SSP is not recoverable (the Percentage Threshold
 *   Scheme ended on 5 April 2014).
 * - Amount due: PAYE + student and postgraduate loans + employee and employer NICs − Employment Allowance −
 *   statutory payments recovered − compensation + the month's levy; negative is a credit
 *   (`amount-due-may-be-negative`).
 */
import { fieldError } from '../../errors.js';
import { Decimal, ZERO } from '../../money.js';
import type { GbTaxYear } from '../editions.js';
import { gbParams } from '../params/index.js';
import { roundDownToPound, roundHalfUpToPenny } from './rounding.js';

export type StatutoryPaymentType = 'ssp' | 'smp' | 'spp' | 'sap' | 'shpp' | 'spbp' | 'sncp';

export const STATUTORY_PAYMENT_TYPES: readonly StatutoryPaymentType[] = ['ssp', 'smp', 'spp', 'sap', 'shpp', 'spbp', 'sncp'];

/** The payments an employer recovers from HMRC (all but SSP). */
export const RECOVERABLE_PAYMENT_TYPES: readonly StatutoryPaymentType[] = ['smp', 'spp', 'sap', 'shpp', 'spbp', 'sncp'];

export interface LiabilityMonthInput {
  /** Tax month, 1 (6 April – 5 May) to 12. */
  readonly month: number;
  readonly paye: Decimal;
  readonly employeeNi: Decimal;
  readonly employerNi: Decimal;
  readonly studentLoans: Decimal;
  readonly postgraduateLoans: Decimal;
  /** Earnings subject to Class 1 secondary NICs in the month, the levy's pay bill (Finance Act 2016 s.101). */
  readonly payBill: Decimal;
  /** Statutory payments made in the month. */
  readonly statutoryPaid: Readonly<Record<StatutoryPaymentType, Decimal>>;
}

export interface LiabilitiesInput {
  readonly taxYear: GbTaxYear;
  /** Qualifies for small employers' relief (Class 1 NICs at most the threshold in the last complete tax year). */
  readonly smallEmployer: boolean;
  readonly employmentAllowanceClaimed: boolean;
  /** The tax month from which the allowance is claimed. */
  readonly employmentAllowanceFromMonth: number;
  /** The employer's share of the levy allowance (connected employers split it); the year's allowance when absent. */
  readonly levyAnnualAllowance?: Decimal;
  readonly months: readonly LiabilityMonthInput[];
}

export interface LiabilityMonth {
  readonly month: number;
  readonly employmentAllowanceUsed: Decimal;
  readonly employmentAllowanceUsedYtd: Decimal;
  readonly payBillYtd: Decimal;
  readonly levyDueYtd: Decimal;
  readonly levyDueMonth: Decimal;
  readonly recovered: Readonly<Record<StatutoryPaymentType, Decimal>>;
  readonly compensation: Readonly<Record<StatutoryPaymentType, Decimal>>;
  readonly recoveredTotal: Decimal;
  readonly compensationTotal: Decimal;
  readonly amountDue: Decimal;
  readonly amountDueYtd: Decimal;
}

function perType(value: (type: StatutoryPaymentType) => Decimal): Record<StatutoryPaymentType, Decimal> {
  return Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((type) => [type, value(type)])) as Record<StatutoryPaymentType, Decimal>;
}

function checkInput(input: LiabilitiesInput): void {
  let previous = 0;
  input.months.forEach((m, index) => {
    if (!Number.isInteger(m.month) || m.month < 1 || m.month > 12) throw fieldError(['months', index, 'month'], `a tax month is 1 to 12, not ${m.month}`, 'tax_month');
    if (m.month <= previous) throw fieldError(['months', index, 'month'], `months must be in order, each once (month ${m.month} after ${previous})`, 'tax_month_order');
    previous = m.month;
    const amounts: [string, Decimal][] = [['paye', m.paye], ['employee_ni', m.employeeNi], ['employer_ni', m.employerNi], ['student_loans', m.studentLoans], ['postgraduate_loans', m.postgraduateLoans], ['pay_bill', m.payBill]];
    for (const type of STATUTORY_PAYMENT_TYPES) amounts.push([`${type}_paid`, m.statutoryPaid[type]]);
    for (const [field, amount] of amounts) if (!amount.isFinite()) throw fieldError(['months', index, field], 'must be an amount', 'decimal');
  });
  const from = input.employmentAllowanceFromMonth;
  if (!Number.isInteger(from) || from < 1 || from > 12) throw fieldError(['ea_claim_from_month'], `a tax month is 1 to 12, not ${from}`, 'tax_month');
  if (input.levyAnnualAllowance?.isNegative()) throw fieldError(['levy_annual_allowance'], 'the levy allowance cannot be negative', 'decimal');
}

export function calculateEmployerLiabilities(input: LiabilitiesInput): LiabilityMonth[] {
  checkInput(input);
  const params = gbParams(input.taxYear);
  const figures = params.statutoryPayments;
  const levyAllowance = input.levyAnnualAllowance ?? figures.apprenticeshipLevy.annualAllowance;
  const recoveryRate = input.smallEmployer ? figures.recovery.smallEmployerRecoveryRate : figures.recovery.standardRate;
  const compensationRate = input.smallEmployer ? figures.recovery.smallEmployerCompensationRate : ZERO;
  const recoverable = new Set(RECOVERABLE_PAYMENT_TYPES);

  let eaUsedYtd = ZERO;
  let payBillYtd = ZERO;
  let levyYtd = ZERO;
  let amountDueYtd = ZERO;
  const paidYtd = perType(() => ZERO);
  let recoveredYtd = perType(() => ZERO);
  let compensationYtd = perType(() => ZERO);
  const result: LiabilityMonth[] = [];

  for (const m of input.months) {
    const eaAvailable = input.employmentAllowanceClaimed && m.month >= input.employmentAllowanceFromMonth;
    // A month of negative employer NICs (a refund) uses none of the allowance (decision EA-NEGATIVE-MONTH).
    const eaUsed = eaAvailable ? Decimal.max(ZERO, Decimal.min(figures.employmentAllowance.minus(eaUsedYtd), m.employerNi)) : ZERO;
    eaUsedYtd = eaUsedYtd.plus(eaUsed);

    payBillYtd = payBillYtd.plus(m.payBill);
    const accruedAllowance = levyAllowance.times(m.month).div(12);
    const nextLevyYtd = roundDownToPound(Decimal.max(ZERO, payBillYtd.times(figures.apprenticeshipLevy.rate).minus(accruedAllowance)));
    const levyMonth = nextLevyYtd.minus(levyYtd);
    levyYtd = nextLevyYtd;

    for (const type of STATUTORY_PAYMENT_TYPES) paidYtd[type] = paidYtd[type].plus(m.statutoryPaid[type]);
    const nextRecoveredYtd = perType((type) => (recoverable.has(type) ? roundHalfUpToPenny(paidYtd[type].times(recoveryRate)) : ZERO));
    const nextCompensationYtd = perType((type) => (recoverable.has(type) ? roundHalfUpToPenny(paidYtd[type].times(compensationRate)) : ZERO));
    const recovered = perType((type) => nextRecoveredYtd[type].minus(recoveredYtd[type]));
    const compensation = perType((type) => nextCompensationYtd[type].minus(compensationYtd[type]));
    recoveredYtd = nextRecoveredYtd;
    compensationYtd = nextCompensationYtd;
    const recoveredTotal = STATUTORY_PAYMENT_TYPES.reduce((sum, type) => sum.plus(recovered[type]), ZERO);
    const compensationTotal = STATUTORY_PAYMENT_TYPES.reduce((sum, type) => sum.plus(compensation[type]), ZERO);

    const amountDue = m.paye.plus(m.studentLoans).plus(m.postgraduateLoans).plus(m.employeeNi).plus(m.employerNi)
      .minus(eaUsed).minus(recoveredTotal).minus(compensationTotal).plus(levyMonth);
    amountDueYtd = amountDueYtd.plus(amountDue);
    result.push({
      month: m.month,
      employmentAllowanceUsed: eaUsed,
      employmentAllowanceUsedYtd: eaUsedYtd,
      payBillYtd,
      levyDueYtd: levyYtd,
      levyDueMonth: levyMonth,
      recovered,
      compensation,
      recoveredTotal,
      compensationTotal,
      amountDue,
      amountDueYtd,
    });
  }
  return result;
}
