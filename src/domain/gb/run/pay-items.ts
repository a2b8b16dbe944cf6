/**
 * The lines of one employee's pay_details, read through their wage types (the catalogue version in force on the
 * pay date) into the amounts the payslip calculation takes. Every refusal names the line (loc relative to the
 * payroll_group item, e.g. ["pay_details", "earnings", 0, "wage_type_code"]).
 */
import { Decimal } from '../../money.js';
import type { FieldIssue } from '../../errors.js';
import type { PayFrequency } from '../ni/index.js';
import { wageTypeOn, wageTypeVersions, type WageType } from '../wage-types/lookup.js';
import type { PayslipAmounts } from './payslip.js';

/** HOUR: `amount` is the hourly rate and `hours` the hours worked this period (decision R6, hourly pay). */
export const EARNING_FREQUENCIES = ['WEEK', 'FORTNIGHT', 'FOUR_WEEK', 'MONTH', 'YEAR', 'PERIOD', 'HOUR'] as const;
export type EarningFrequency = (typeof EARNING_FREQUENCIES)[number];

export interface EarningLine {
  wage_type_code: string;
  amount: string;
  earning_type: 'AMOUNT';
  earning_frequency?: EarningFrequency | null | undefined;
  /** Hours worked this period, with earning_frequency HOUR (amount is then the rate per hour). */
  hours?: string | null | undefined;
  is_lumpsum: boolean;
  sacrificed_amount?: string | null | undefined;
}

export interface BenefitLine {
  wage_type_code: string;
  amount: string;
  make_good_amount?: string | null | undefined;
  foregone_amount?: string | null | undefined;
  cash_alternative_amount?: string | null | undefined;
}

export interface DeductionLine {
  name?: string | null | undefined;
  amount: string;
  wage_type_code: string;
  sacrificed_amount?: string | null | undefined;
}

export interface ReimbursementLine {
  wage_type_code: string;
  amount: string;
}

export interface PayDetails {
  earnings: readonly EarningLine[];
  benefits: readonly BenefitLine[];
  deductions: readonly DeductionLine[];
  reimbursements: readonly ReimbursementLine[];
}

/** One line as it appears on the payslip: what it is and the amount for this period. */
export interface PayslipLine {
  section: 'earnings' | 'benefits' | 'deductions' | 'reimbursements' | 'statutory_deductions' | 'pension' | 'employer';
  wage_type_code: string | null;
  name: string;
  amount: string;
  /** Pay that varies with time worked (earning_frequency HOUR): the hours and the rate per hour (ERA 1996 s8(2)(e)). */
  hours?: string;
  rate?: string;
}

const ZERO = new Decimal(0);
const PER_YEAR: Readonly<Record<Exclude<EarningFrequency, 'PERIOD' | 'HOUR'>, number>> = { WEEK: 52, FORTNIGHT: 26, FOUR_WEEK: 13, MONTH: 12, YEAR: 1 };
const PAY_PER_YEAR: Readonly<Record<PayFrequency, number>> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };
/**
 * Most hours one period can hold (24 hours on each of its days; a monthly period has at most 31 days): more is a
 * typing error, never hours worked.
 */
export const MAX_HOURS: Readonly<Record<PayFrequency, number>> = { weekly: 168, fortnightly: 336, four_weekly: 672, monthly: 744 };
/** Wage types paid as hours × rate say so in their calculation variants (catalogue: UK-E-002 hourly pay, UK-E-003 overtime). */
export const HOURLY_VARIANT = 'hours_times_rate';
const SAME: Readonly<Record<PayFrequency, EarningFrequency>> = { weekly: 'WEEK', fortnightly: 'FORTNIGHT', four_weekly: 'FOUR_WEEK', monthly: 'MONTH' };

/**
 * The period amount of an earning quoted for another frequency: amount × its periods a year ÷ the payroll's,
 * rounded half up to the penny (decision R6). Lump sums and amounts for this frequency are taken as they are.
 */
export function periodAmount(amount: Decimal, frequency: EarningFrequency | null | undefined, payFrequency: PayFrequency, lumpSum: boolean): Decimal {
  if (frequency === 'HOUR') throw new Error('an HOUR earning needs its hours: use hourlyAmount');
  if (lumpSum || frequency === null || frequency === undefined || frequency === 'PERIOD' || frequency === SAME[payFrequency]) return amount;
  return amount.times(PER_YEAR[frequency]).div(PAY_PER_YEAR[payFrequency]).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** Hours × rate, rounded half up to the penny (National Minimum Wage Act 1998: pay for time work is hours × rate). */
export function hourlyAmount(rate: Decimal, hours: Decimal): Decimal {
  return rate.times(hours).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The rule an hours figure breaks for this pay frequency, or null when it is fine. */
export function hoursProblem(text: string, payFrequency: PayFrequency): string | null {
  if (!/^(\d+(\.\d{1,2})?|\.\d{1,2})$/.test(text)) return 'must be a number of hours with at most 2 decimal places, e.g. "160" or "37.5"';
  const hours = new Decimal(text);
  if (hours.lte(0)) return 'must be more than 0 (leave the employee out to pay nothing)';
  if (hours.gt(MAX_HOURS[payFrequency])) return `must be at most ${MAX_HOURS[payFrequency]} (24 hours on every day of a ${payFrequency.replace('_', '-')} period)`;
  return null;
}

export interface ClassifiedPay {
  amounts: PayslipAmounts;
  lines: PayslipLine[];
  /** Every earning is a lump sum (an irregular payment, e.g. after leaving). */
  allLumpSums: boolean;
  issues: FieldIssue[];
}

type Section = 'earnings' | 'benefits' | 'deductions' | 'reimbursements';

function resolve(code: string, payDate: string, section: Section, loc: (string | number)[], issues: FieldIssue[]): WageType | null {
  const versions = wageTypeVersions(code);
  if (versions.length === 0) {
    issues.push({ loc: [...loc, 'wage_type_code'], msg: `"${code}" is not a wage type in the catalogue (GET /gb/wage-types)`, type: 'wage_type_unknown' });
    return null;
  }
  const wageType = wageTypeOn(code, payDate);
  if (!wageType) {
    const ranges = versions.map((v) => `${v.valid_from}–${v.valid_to ?? 'open'}`).join(', ');
    issues.push({ loc: [...loc, 'wage_type_code'], msg: `${code} is not in force on the pay date ${payDate} (valid ${ranges})`, type: 'wage_type_not_in_force' });
    return null;
  }
  if (wageType.status !== 'approved') {
    issues.push({ loc: [...loc, 'wage_type_code'], msg: `${code} (${wageType.name}) is ${wageType.status}; only approved wage types can be paid`, type: `wage_type_${wageType.status}` });
    return null;
  }
  if (wageType.request_section !== section) {
    const where = wageType.request_section === 'none' ? 'is written by the run itself and cannot be entered' : `belongs in pay_details.${wageType.request_section}`;
    issues.push({ loc: [...loc, 'wage_type_code'], msg: `${code} (${wageType.name}, category ${wageType.category}) ${where}`, type: 'wage_type_section' });
    return null;
  }
  return wageType;
}

/** An earning's amount into the payslip's amounts by its wage type's tax, NI, pension and enrolment flags. */
function addEarning(a: PayslipAmounts, w: WageType, amount: Decimal, sacrificed: Decimal): void {
  if (w.is_taxable && w.ni_employee_applies) a.taxableNiable = a.taxableNiable.plus(amount);
  else if (w.is_taxable) a.taxableOnly = a.taxableOnly.plus(amount);
  else if (w.ni_employee_applies) a.niableOnly = a.niableOnly.plus(amount);
  else a.untaxed = a.untaxed.plus(amount);
  // Pay given up is not earnings any more: it leaves qualifying earnings and pensionable pay too.
  if (w.is_ae_qualifying) a.aeQualifying = a.aeQualifying.plus(amount).minus(sacrificed);
  if (w.is_pensionable) a.pensionable = a.pensionable.plus(amount).minus(sacrificed);
  a.salarySacrifice = a.salarySacrifice.plus(sacrificed);
}

/**
 * The pay with earnings the run adds itself (statutory payments it calculated): each a line of its wage type in
 * force on the pay date, treated by that type's flags exactly as a typed earning. Paid on top of the typed pay.
 */
export function withRunEarnings(pay: ClassifiedPay, earnings: readonly { wageTypeCode: string; amount: Decimal; name?: string }[], payDate: string): ClassifiedPay {
  if (earnings.length === 0) return pay;
  const amounts: PayslipAmounts = { ...pay.amounts };
  const lines = [...pay.lines];
  for (const earning of earnings) {
    const w = wageTypeOn(earning.wageTypeCode, payDate);
    if (!w) throw new Error(`wage type ${earning.wageTypeCode} is not in force on ${payDate}`);
    addEarning(amounts, w, earning.amount, ZERO);
    lines.push({ section: 'earnings', wage_type_code: w.wage_type_code, name: earning.name ?? w.name, amount: earning.amount.toFixed(2) });
  }
  return { ...pay, amounts, lines };
}

function dec(text: string | null | undefined): Decimal {
  return text === null || text === undefined ? ZERO : new Decimal(text);
}

/** Reads pay_details into amounts; `issues` lists every faulty line (the caller refuses the request when any). */
export function classifyPay(details: PayDetails, payDate: string, payFrequency: PayFrequency): ClassifiedPay {
  const issues: FieldIssue[] = [];
  const lines: PayslipLine[] = [];
  const a: PayslipAmounts = {
    taxableNiable: ZERO,
    taxableOnly: ZERO,
    niableOnly: ZERO,
    untaxed: ZERO,
    aeQualifying: ZERO,
    pensionable: ZERO,
    salarySacrifice: ZERO,
    preTaxDeductions: ZERO,
    postTaxDeductions: ZERO,
    reimbursements: ZERO,
    payrolledBenefits: ZERO,
  };

  details.earnings.forEach((line, index) => {
    const loc = ['pay_details', 'earnings', index];
    const w = resolve(line.wage_type_code, payDate, 'earnings', loc, issues);
    if (!w) return;
    const raw = dec(line.amount);
    if (raw.isNegative() && w.category !== 'adjustments') {
      issues.push({ loc: [...loc, 'amount'], msg: `must not be negative for ${w.name}; use an adjustment wage type (e.g. UK-A-001 unpaid absence) to reduce pay`, type: 'amount_negative' });
      return;
    }
    let amount: Decimal;
    let timeWorked: { hours: string; rate: string } | null = null;
    if (line.earning_frequency === 'HOUR') {
      if (!w.calculation_variants.includes(HOURLY_VARIANT)) {
        issues.push({ loc: [...loc, 'earning_frequency'], msg: `HOUR applies only to wage types paid as hours × rate (e.g. UK-E-002 hourly pay); ${w.wage_type_code} (${w.name}) is an amount`, type: 'frequency_not_allowed' });
        return;
      }
      if (line.hours === null || line.hours === undefined || line.hours === '') {
        issues.push({ loc: [...loc, 'hours'], msg: 'is required with earning_frequency HOUR: the hours worked this period (amount is the rate per hour)', type: 'required' });
        return;
      }
      const problem = hoursProblem(line.hours, payFrequency);
      if (problem) {
        issues.push({ loc: [...loc, 'hours'], msg: problem, type: 'out_of_range' });
        return;
      }
      amount = hourlyAmount(raw, new Decimal(line.hours));
      timeWorked = { hours: new Decimal(line.hours).toFixed(2), rate: raw.toFixed(Math.max(2, raw.decimalPlaces())) };
    } else {
      if (line.hours !== null && line.hours !== undefined) {
        issues.push({ loc: [...loc, 'hours'], msg: 'is only allowed with earning_frequency HOUR (amount is then the rate per hour)', type: 'not_allowed' });
        return;
      }
      amount = periodAmount(raw, line.earning_frequency, payFrequency, line.is_lumpsum);
    }
    const sacrificed = dec(line.sacrificed_amount);
    if (!sacrificed.isZero()) {
      if (!w.is_salary_sacrifice_allowed) {
        issues.push({ loc: [...loc, 'sacrificed_amount'], msg: `${w.name} cannot be given up under salary sacrifice`, type: 'sacrifice_not_allowed' });
        return;
      }
      if (sacrificed.isNegative() || sacrificed.gt(amount.abs())) {
        issues.push({ loc: [...loc, 'sacrificed_amount'], msg: `must be between 0 and the period amount ${amount.toFixed(2)}`, type: 'out_of_range' });
        return;
      }
    }
    addEarning(a, w, amount, sacrificed);
    lines.push({ section: 'earnings', wage_type_code: w.wage_type_code, name: w.name, amount: amount.toFixed(2), ...(timeWorked ?? {}) });
    if (!sacrificed.isZero()) lines.push({ section: 'deductions', wage_type_code: w.wage_type_code, name: `${w.name} (salary sacrifice)`, amount: sacrificed.toFixed(2) });
  });

  details.benefits.forEach((line, index) => {
    const loc = ['pay_details', 'benefits', index];
    const w = resolve(line.wage_type_code, payDate, 'benefits', loc, issues);
    if (!w) return;
    // Optional remuneration arrangements: the higher of the cash equivalent and the pay foregone or cash
    // alternative offered (ITEPA 2003 s69A), less what the employee made good.
    const relevant = Decimal.max(dec(line.amount), dec(line.foregone_amount), dec(line.cash_alternative_amount));
    const value = Decimal.max(ZERO, relevant.minus(dec(line.make_good_amount)));
    a.payrolledBenefits = a.payrolledBenefits.plus(value);
    lines.push({ section: 'benefits', wage_type_code: w.wage_type_code, name: w.name, amount: value.toFixed(2) });
  });

  details.deductions.forEach((line, index) => {
    const loc = ['pay_details', 'deductions', index];
    const w = resolve(line.wage_type_code, payDate, 'deductions', loc, issues);
    if (!w) return;
    const amount = dec(line.amount);
    if (amount.isNegative()) {
      issues.push({ loc: [...loc, 'amount'], msg: 'must not be negative', type: 'amount_negative' });
      return;
    }
    let sacrificed = dec(line.sacrificed_amount);
    if (!sacrificed.isZero() && !w.is_salary_sacrifice_allowed) {
      issues.push({ loc: [...loc, 'sacrificed_amount'], msg: `${w.name} cannot be taken by salary sacrifice`, type: 'sacrifice_not_allowed' });
      return;
    }
    if (sacrificed.isNegative() || sacrificed.gt(amount)) {
      issues.push({ loc: [...loc, 'sacrificed_amount'], msg: `must be between 0 and the amount ${amount.toFixed(2)}`, type: 'out_of_range' });
      return;
    }
    if (w.deduction_tax_treatment === 'salary_sacrifice') sacrificed = amount;
    const rest = amount.minus(sacrificed);
    a.salarySacrifice = a.salarySacrifice.plus(sacrificed);
    a.aeQualifying = a.aeQualifying.minus(sacrificed);
    a.pensionable = a.pensionable.minus(sacrificed);
    if (w.deduction_tax_treatment === 'pre_tax') a.preTaxDeductions = a.preTaxDeductions.plus(rest);
    else a.postTaxDeductions = a.postTaxDeductions.plus(rest);
    lines.push({ section: 'deductions', wage_type_code: w.wage_type_code, name: line.name ?? w.name, amount: amount.toFixed(2) });
  });

  details.reimbursements.forEach((line, index) => {
    const loc = ['pay_details', 'reimbursements', index];
    const w = resolve(line.wage_type_code, payDate, 'reimbursements', loc, issues);
    if (!w) return;
    const amount = dec(line.amount);
    if (amount.isNegative()) {
      issues.push({ loc: [...loc, 'amount'], msg: 'must not be negative', type: 'amount_negative' });
      return;
    }
    a.reimbursements = a.reimbursements.plus(amount);
    lines.push({ section: 'reimbursements', wage_type_code: w.wage_type_code, name: w.name, amount: amount.toFixed(2) });
  });

  if (a.aeQualifying.isNegative()) a.aeQualifying = ZERO;
  if (a.pensionable.isNegative()) a.pensionable = ZERO;
  const allLumpSums = details.earnings.length > 0 && details.earnings.every((e) => e.is_lumpsum);
  return { amounts: a, lines, allLumpSums, issues };
}
