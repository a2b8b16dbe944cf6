/**
 * The sums of a German payslip: the PAP's wage tax, Soli and church tax of the period (PAP outputs in cents), the net
 * wages, and the totals (deductions, reimbursements, net pay, the employer's total burden, total tax).
 *
 * Each sum is computed in whole cents when every figure is whole cents (the PAP outputs always are; payslip amounts
 * are), and by its Decimal reference otherwise; both give the same figures (payslip-sums.test.ts). Church tax is
 * BK × 8/9 % with fractions of a cent dropped (contribution-rules.md 8; run-rules.md convention
 * `church_tax_on_one_off_floored_separately`); a Teillohnzahlungszeitraum multiplies the day table's amounts by the
 * calendar days (R 39b.5 Abs. 2 LStR), never the one-off's (STS, SOLZS, BKS are annual amounts).
 */
import { Decimal, ZERO, sum } from '../money.js';
import { fromPence, toPence } from '../gb/pence.js';
import { scaledRate } from './cents.js';

/** The PAP outputs the payslip reads, in cents. */
export interface PapCents {
  LSTLZZ: Decimal;
  STS: Decimal;
  SOLZLZZ: Decimal;
  SOLZS: Decimal;
  BK: Decimal;
  BKS: Decimal;
}

export interface TaxSums {
  incomeTax: Decimal;
  solidarity: Decimal;
  church: Decimal;
  /** The one-off's taxes (STS, SOLZS, floor(BKS × rate)), in euros. */
  oneOff: { incomeTax: Decimal; solidarity: Decimal; church: Decimal };
  /** BK × tax days + BKS, in euros. */
  solidarityBase: Decimal;
}

const HUNDRED = new Decimal(100);
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** An integral Decimal (a PAP output in cents) as a number, or undefined (a fraction, or beyond 10^10). */
function integral(value: Decimal): number | undefined {
  const hundredths = toPence(value);
  return hundredths !== undefined && hundredths % 100 === 0 ? hundredths / 100 : undefined;
}

/** The period's taxes from the PAP outputs; `churchRate` only for a church member. */
export function taxSums(pap: PapCents, times: number, churchRate: Decimal | undefined): TaxSums {
  return taxSumsCents(pap, times, churchRate) ?? taxSumsDecimal(pap, times, churchRate);
}

export function taxSumsCents(pap: PapCents, times: number, churchRate: Decimal | undefined): TaxSums | undefined {
  const lstlzz = integral(pap.LSTLZZ);
  const sts = integral(pap.STS);
  const solzlzz = integral(pap.SOLZLZZ);
  const solzs = integral(pap.SOLZS);
  const bk = integral(pap.BK);
  const bks = integral(pap.BKS);
  if (lstlzz === undefined || sts === undefined || solzlzz === undefined || solzs === undefined || bk === undefined || bks === undefined || !Number.isInteger(times) || times < 0 || times > 31) return undefined;
  let church = 0;
  let churchOnOneOff = 0;
  if (churchRate) {
    const rate = scaledRate(churchRate);
    const other = Math.max(bks, 0);
    if (!rate || bk < 0 || bk * rate.u > MAX_SAFE || other * rate.u > MAX_SAFE) return undefined;
    const scale = 10 ** rate.k;
    // Fractions of a cent dropped (ROUND_DOWN of a non-negative product: the floor).
    churchOnOneOff = Math.floor((other * rate.u) / scale);
    church = Math.floor((bk * rate.u) / scale) * times + churchOnOneOff;
  }
  return {
    incomeTax: fromPence(lstlzz * times + sts),
    solidarity: fromPence(solzlzz * times + solzs),
    church: churchRate ? fromPence(church) : ZERO,
    oneOff: { incomeTax: fromPence(sts), solidarity: fromPence(solzs), church: churchRate ? fromPence(churchOnOneOff) : ZERO },
    solidarityBase: fromPence(bk * times + bks),
  };
}

/** The Decimal reference of taxSums. */
export function taxSumsDecimal(pap: PapCents, times: number, churchRate: Decimal | undefined): TaxSums {
  const euros = (cents: Decimal): Decimal => cents.div(HUNDRED);
  let church = ZERO;
  let churchOnOneOff = ZERO;
  if (churchRate) {
    const onCurrent = pap.BK.mul(churchRate).toDecimalPlaces(0, Decimal.ROUND_DOWN).mul(times);
    const onOther = Decimal.max(pap.BKS, ZERO).mul(churchRate).toDecimalPlaces(0, Decimal.ROUND_DOWN);
    church = euros(onCurrent.plus(onOther));
    churchOnOneOff = euros(onOther);
  }
  return {
    incomeTax: euros(pap.LSTLZZ.mul(times).plus(pap.STS)),
    solidarity: euros(pap.SOLZLZZ.mul(times).plus(pap.SOLZS)),
    church,
    oneOff: { incomeTax: euros(pap.STS), solidarity: euros(pap.SOLZS), church: churchOnOneOff },
    solidarityBase: euros(pap.BK.mul(times).plus(pap.BKS)),
  };
}

/** Whole cents of each amount (signed), or undefined when one is not. */
function centsOf(values: readonly Decimal[]): number[] | undefined {
  const cents: number[] = [];
  for (const value of values) {
    const c = toPence(value);
    if (c === undefined) return undefined;
    cents.push(c);
  }
  return cents;
}

/** gross − each of `less`: the net wages. */
export function netOf(gross: Decimal, less: readonly Decimal[]): Decimal {
  const cents = centsOf([gross, ...less]);
  if (cents) {
    let net = cents[0]!;
    for (let i = 1; i < cents.length; i += 1) net -= cents[i]!;
    return fromPence(net);
  }
  return netOfDecimal(gross, less);
}

export function netOfDecimal(gross: Decimal, less: readonly Decimal[]): Decimal {
  let net = gross;
  for (const value of less) net = net.minus(value);
  return net;
}

export interface TotalsInput {
  netWages: Decimal;
  benefitsInKind: Decimal;
  deductions: readonly Decimal[];
  reimbursements: readonly Decimal[];
  privateHealthSubsidy: Decimal;
  privateCareSubsidy: Decimal;
  /** The employer's items other than the subsidy (contributions, levies, flat tax). */
  employerItems: readonly Decimal[];
  /** Wage tax, Soli, church tax and the employee's minijob flat tax. */
  taxes: readonly Decimal[];
}

export interface Totals {
  subsidy: Decimal;
  totalDeductions: Decimal;
  totalReimbursements: Decimal;
  netPay: Decimal;
  totalBurden: Decimal;
  totalTax: Decimal;
}

/**
 * Paid out: net wages − benefits in kind (already received) − deductions + tax-free reimbursements + PKV subsidy;
 * total_burden: every employer amount on the payslip (README), the subsidy included, gross excluded.
 */
export function payslipTotals(input: TotalsInput): Totals {
  return payslipTotalsCents(input) ?? payslipTotalsDecimal(input);
}

export function payslipTotalsCents(input: TotalsInput): Totals | undefined {
  const head = centsOf([input.netWages, input.benefitsInKind, input.privateHealthSubsidy, input.privateCareSubsidy]);
  const deductions = centsOf(input.deductions);
  const reimbursements = centsOf(input.reimbursements);
  const employer = centsOf(input.employerItems);
  const taxes = centsOf(input.taxes);
  if (!head || !deductions || !reimbursements || !employer || !taxes || deductions.length + reimbursements.length > 10_000) return undefined;
  const [netWages, benefits, health, care] = head as [number, number, number, number];
  const add = (values: number[]): number => values.reduce((a, b) => a + b, 0);
  const subsidy = health + care;
  const totalDeductions = add(deductions);
  const totalReimbursements = add(reimbursements);
  return {
    subsidy: fromPence(subsidy),
    totalDeductions: fromPence(totalDeductions),
    totalReimbursements: fromPence(totalReimbursements),
    netPay: fromPence(netWages - benefits - totalDeductions + totalReimbursements + subsidy),
    totalBurden: fromPence(add(employer) + subsidy),
    totalTax: fromPence(add(taxes)),
  };
}

export function payslipTotalsDecimal(input: TotalsInput): Totals {
  const subsidy = input.privateHealthSubsidy.plus(input.privateCareSubsidy);
  const totalDeductions = sum(input.deductions);
  const totalReimbursements = sum(input.reimbursements);
  const netPay = input.netWages.minus(input.benefitsInKind).minus(totalDeductions).plus(totalReimbursements).plus(subsidy);
  let totalTax = input.taxes[0] ?? ZERO;
  for (const tax of input.taxes.slice(1)) totalTax = totalTax.plus(tax);
  return { subsidy, totalDeductions, totalReimbursements, netPay, totalBurden: sum([...input.employerItems, subsidy]), totalTax };
}
