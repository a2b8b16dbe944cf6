/**
 * A one-off payment's social insurance (Einmalzahlung, § 23a SGB IV; run-rules.md §4): its contributory part
 * under the pro-rated annual ceiling (Abs. 3) and the Märzklausel (Abs. 4), which moves a one-off paid January to
 * March that does not fit under this year's ceiling to the previous year's last month.
 */
import { Decimal, ZERO } from '../../money.js';
import { DomainError } from '../../errors.js';
import { isSupportedYear, paramsForYear, type DeSocialParams } from '../params/index.js';
import { calculateSocialInsurance, roundCents, type EmployeeContributions, type EmployerContributions } from '../social-insurance.js';
import { monthLabel, monthsBetween, parseMonth, type MonthRef } from './calendar.js';
import type { DeEmployment, DeMonthRecord } from './month-types.js';

/**
 * The anteilige Jahres-BBG: annual ceiling × SV-Tage of this employment from 1 January (or entry) to the end of the
 * month / 360, rounded half up once (§ 23a Abs. 3 SGB IV; run-rules.md §4 with the TK steps 1–3; BVV § 1).
 */
export function proratedAnnualCeiling(annual: Decimal, svDays: number): Decimal {
  return roundCents(annual.mul(svDays).div(360));
}

/** What the year so far has charged against the ceilings: SV-Tage and contributory bases per branch group. */
export interface YearCharge {
  svDays: number;
  kv: Decimal;
  rv: Decimal;
}

/** The year's charge of these records (months of one calendar year): their SV-Tage and their bases. */
export function chargeOf(records: readonly DeMonthRecord[]): YearCharge {
  let svDays = 0;
  let kv = ZERO;
  let rv = ZERO;
  for (const record of records) {
    svDays += record.state.svDays;
    kv = kv.plus(record.state.bases.kv);
    rv = rv.plus(record.state.bases.rv);
  }
  return { svDays, kv, rv };
}

/** The headroom per branch group: pro-rated annual ceiling − bases already charged, never below zero. */
export function headroom(params: DeSocialParams, charge: YearCharge): { kv: Decimal; rv: Decimal } {
  const kv = proratedAnnualCeiling(params.ceilings.healthCareAnnual, charge.svDays).minus(charge.kv);
  const rv = proratedAnnualCeiling(params.ceilings.pensionUnemploymentAnnual, charge.svDays).minus(charge.rv);
  return { kv: Decimal.max(kv, ZERO), rv: Decimal.max(rv, ZERO) };
}

/**
 * Refuses when a month the calculation needs is missing from the history: every month of the year from January
 * (or the entry month) to `until`. Without them the bases charged and the pay so far would be understated.
 */
export function requireMonths(history: readonly DeMonthRecord[], from: MonthRef, until: MonthRef, why: string): void {
  const have = new Set(history.map((record) => record.month));
  const missing = monthsBetween(from, until).filter((label) => !have.has(label));
  if (missing.length > 0) {
    throw new DomainError('conflict', 'DE.RUN.HISTORY_INCOMPLETE', `${why} needs this employment's months ${missing.join(', ')}, which have not been calculated`, {
      details: { missing },
    });
  }
}

/** The contributions on a one-off allocated to the previous year (§ 23a Abs. 4 SGB IV). */
export interface Allocation {
  /** The month it is allocated to: the previous year's last month of this employment ('YYYY-MM'). */
  to: string;
  kv: Decimal;
  rv: Decimal;
  employee: Omit<EmployeeContributions, 'total'>;
  employer: Pick<EmployerContributions, 'health' | 'care' | 'pension' | 'unemployment' | 'insolvency'>;
  /** The Zusatzbeitrag part of the health contributions (December's rate). */
  additional: { employee: Decimal; employer: Decimal };
  /** December's Zusatzbeitrag in percent, the rate the allocated KV was charged at. */
  additionalRatePercent: string;
}

export interface OneOffSv {
  /** The one-off's contributory part charged to this month's year (zero when allocated to the previous year). */
  kv: Decimal;
  rv: Decimal;
  allocation?: Allocation;
}

export interface OneOffSvInput {
  ref: MonthRef;
  params: DeSocialParams;
  employment: DeEmployment;
  /** The month's SV-Tage. */
  svDays: number;
  /** The month's regular base per branch group (the regular wage up to the month's ceiling). */
  regularBases: { kv: Decimal; rv: Decimal };
  /** The one-off's contributory amount. */
  oneOff: Decimal;
  statutoryHealth: boolean;
  /** This employment's earlier months of this calendar year and of the previous one. */
  yearHistory: readonly DeMonthRecord[];
  previousYearHistory: readonly DeMonthRecord[];
}

export function oneOffSv(input: OneOffSvInput): OneOffSv {
  const { ref, params, oneOff } = input;
  // Already charged: the regular bases of the year's months including this one, plus the contributory bases of
  // earlier one-offs of the year (TK step 2: "alle bisherigen beitragspflichtigen Sonderzahlungen").
  const earlier = chargeOf(input.yearHistory);
  const charge: YearCharge = { svDays: earlier.svDays + input.svDays, kv: earlier.kv.plus(input.regularBases.kv), rv: earlier.rv.plus(input.regularBases.rv) };
  const room = headroom(params, charge);

  // § 23a Abs. 4 (which ceiling decides: Abs. 5): paid January to March, the employment existed last year, and the
  // one-off does not fit fully under this year's KV headroom (compulsorily KV insured) or RV headroom (others).
  const deciding = input.statutoryHealth ? room.kv : room.rv;
  const existedLastYear = input.employment.entryDate < `${ref.year}-01-01`;
  if (ref.month <= 3 && existedLastYear && oneOff.gt(deciding)) {
    return { kv: ZERO, rv: ZERO, allocation: allocateToPreviousYear(input) };
  }
  return { kv: input.statutoryHealth ? Decimal.min(oneOff, room.kv) : ZERO, rv: Decimal.min(oneOff, room.rv) };
}

/**
 * The Märzklausel: the one-off goes to the previous year's last month of this employment in all branches, under
 * that year's headroom, ceilings and rates, with December's Zusatzbeitrag and PV status; its contributions are
 * computed and rounded on their own (convention `maerzklausel_prior_year_rounded_separately`) and deducted now.
 * U1/U2 take no one-off (contribution-rules.md 7); U3 takes it at the previous year's rate.
 */
function allocateToPreviousYear(input: OneOffSvInput): Allocation {
  const { ref, employment, oneOff } = input;
  const previousYear = ref.year - 1;
  if (!isSupportedYear(previousYear)) {
    throw new DomainError('validation', 'DE.RUN.MAERZKLAUSEL_YEAR', `the one-off of ${ref.label} falls under the Märzklausel (§ 23a Abs. 4 SGB IV), but there are no German figures for ${previousYear}`);
  }
  const entry = parseMonth(employment.entryDate.slice(0, 7));
  const from = entry.year === previousYear ? entry : { year: previousYear, month: 1, label: monthLabel(previousYear, 1) };
  const december = { year: previousYear, month: 12, label: monthLabel(previousYear, 12) };
  requireMonths(input.previousYearHistory, from, december, `the one-off of ${ref.label} under the Märzklausel (§ 23a Abs. 4 SGB IV)`);
  const last = input.previousYearHistory[input.previousYearHistory.length - 1];
  if (!last) throw new Error('unreachable: the previous year has months');

  const params = paramsForYear(previousYear);
  // Charged in the previous year: its months' bases plus one-offs of this year already allocated there.
  const charge = chargeOf(input.previousYearHistory);
  for (const record of input.yearHistory) {
    const allocated = record.state.allocated;
    if (allocated && allocated.to.startsWith(`${previousYear}-`)) {
      charge.kv = charge.kv.plus(allocated.kv);
      charge.rv = charge.rv.plus(allocated.rv);
    }
  }
  const room = headroom(params, charge);
  const december_ = last.state.attributes;
  const kv = december_.statutoryHealth ? Decimal.min(oneOff, room.kv) : ZERO;
  const rv = Decimal.min(oneOff, room.rv);
  const sv = calculateSocialInsurance(params, {
    svDays: 30,
    currentWage: ZERO,
    oneOffWage: oneOff,
    oneOffBases: { healthCare: kv, pensionUnemployment: rv },
    employment: 'regular',
    statutoryHealth: december_.statutoryHealth,
    additionalRate: new Decimal(december_.additionalRatePercent).div(100),
    saxony: december_.saxony,
    childlessSurcharge: december_.childlessSurcharge,
    childReductions: december_.childReductions,
    // U1/U2 have no one-off base; no private premium: the § 257 subsidy belongs to the month of payment.
    u1Rate: ZERO,
    u2Rate: ZERO,
    privateHealthMonthly: ZERO,
    privateCareMonthly: ZERO,
  });
  return {
    to: last.month,
    kv,
    rv,
    employee: { health: sv.employee.health, care: sv.employee.care, pension: sv.employee.pension, unemployment: sv.employee.unemployment },
    employer: { health: sv.employer.health, care: sv.employer.care, pension: sv.employer.pension, unemployment: sv.employer.unemployment, insolvency: sv.employer.insolvency },
    additional: sv.additional,
    additionalRatePercent: december_.additionalRatePercent,
  };
}
