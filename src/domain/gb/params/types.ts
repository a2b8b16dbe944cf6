/**
 * Shape of one GB tax year's statutory figures (PAYE, Class 1 National Insurance, student loans,
 * workplace pensions): one file per tax year (params/<year>.ts), registered in ../editions.ts.
 * Every figure is data; the engines never hard-code a year's number.
 */
import type { Decimal } from '../../money.js';
import type { NiYearParams } from '../ni/params-types.js';

/** GB pay frequencies the engines support. */
export type PayFrequency = 'weekly' | 'fortnightly' | 'four_weekly' | 'monthly';

/** Income-tax regime named by the tax-code prefix: none = England and Northern Ireland, S = Scotland, C = Wales. */
export type TaxRegion = 'rUK' | 'Scotland' | 'Wales';

export type StudentLoanPlan = '1' | '2' | '4' | '5';

/** One rate band above the personal allowance; `width` null for the top (open) band. */
export interface TaxBand {
  readonly name: string;
  readonly width: Decimal | null;
  readonly rate: Decimal;
}

/**
 * How the PAYE routine pro-rates the tax on the bands below the band a taxable pay falls in
 * (HMRC "Specification for PAYE tax table routines": period figures are the annual figures × n/52
 * or × n/12, truncated to 4 decimal places):
 * - `cumulative`: the annual cumulative tax at the top of the band below, pro-rated and truncated once
 *   (reproduces every rest-of-UK and Welsh HMRC 2025-26 test case);
 * - `bandwise`: each lower band's annual tax pro-rated and truncated on its own, then summed
 *   (reproduces every Scottish HMRC 2025-26 test case; the cumulative form is 1p high on 6 of them).
 */
export type BandTaxRounding = 'cumulative' | 'bandwise';

export interface IncomeTaxRegime {
  readonly region: TaxRegion;
  readonly bands: readonly TaxBand[];
  readonly bandTaxRounding: BandTaxRounding;
  /** Flat-rate codes: BR, D0, D1 (rUK/Wales), and D2, D3 (Scotland: SD0 21 %, SD1 42 %, SD2 45 %, SD3 48 %). */
  readonly flatRates: Readonly<Partial<Record<'BR' | 'D0' | 'D1' | 'D2' | 'D3', Decimal>>>;
}

export interface StudentLoanScheme {
  /** Annual repayment threshold; per-period threshold = annual ÷ periods in the year, truncated to 1p. */
  readonly annualThreshold: Decimal;
  readonly rate: Decimal;
}

/** Per pay period figures (The Pensions Regulator publishes each one; they are not derived). */
export type PerFrequency<T> = Readonly<Record<PayFrequency, T>>;

export interface PensionParams {
  readonly lowerQualifyingEarnings: PerFrequency<Decimal>;
  readonly earningsTrigger: PerFrequency<Decimal>;
  readonly upperQualifyingEarnings: PerFrequency<Decimal>;
  readonly annual: { readonly lower: Decimal; readonly trigger: Decimal; readonly upper: Decimal };
  /**
   * Relief at source: the scheme claims basic-rate relief, so the member pays (1 − this rate) of the gross
   * contribution from net pay.
   */
  readonly reliefAtSourceRate: Decimal;
  /** Statutory minimum on qualifying earnings (total / employer), for information and validation. */
  readonly minimumTotalRate: Decimal;
  readonly minimumEmployerRate: Decimal;
  /** Auto-enrolment ages: eligible jobholder from this age to State Pension age. */
  readonly eligibleFromAge: number;
  /** Jobholders and entitled workers: at least this age and under `workerUpToAge`. */
  readonly workerFromAge: number;
  readonly workerUpToAge: number;
}

export interface GbParams {
  /** The tax year label ("2025-26"); equal to the edition registry's key for this file (checked by the conformance suite). */
  readonly taxYear: string;
  /** Human-readable edition of the figures (returned by the engines as the parameters they used). */
  readonly edition: string;
  /** First and last day of the tax year (ISO dates, inclusive). */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly personalAllowance: Decimal;
  /**
   * The emergency tax code of the year (without region prefix or basis): operated for a starter without a P45 who
   * ticks statement A (cumulatively) or B (week 1/month 1) of the starter checklist (HMRC "Work out your employee's
   * tax code", gov.uk/new-employee-tax-code).
   */
  readonly emergencyTaxCode: string;
  readonly incomeTax: Readonly<Record<TaxRegion, IncomeTaxRegime>>;
  /** PAYE overriding (regulatory) limit: tax in a period may not exceed this share of the period's relevant pay. */
  readonly overridingLimitRate: Decimal;
  /**
   * PAYE free pay / additional pay for codes above 500 (spec 4.3.1 programmers' note): the week-1
   * and month-1 value of each complete 500 of the code.
   */
  readonly freePayPer500: { readonly weekly: Decimal; readonly monthly: Decimal };
  readonly studentLoans: Readonly<Partial<Record<StudentLoanPlan, StudentLoanScheme>>>;
  readonly postgraduateLoan: StudentLoanScheme;
  /** Class 1 National Insurance thresholds and rates (SSCBA 1992 Part I; SSCR 2001). */
  readonly ni: NiYearParams;
  readonly pension: PensionParams;
  /** Statutory sick and family payments, their recovery, Employment Allowance and Apprenticeship Levy. */
  readonly statutoryPayments: StatutoryPaymentsParams;
}

/**
 * Statutory Sick Pay figures for the days of one tax year (the SSP rate changes on 6 April, for days from that
 * date: statutory-payments-rules §2.1).
 */
export interface SspParams {
  /** The weekly flat rate (SSCBA 1992 s.157(1), uprated each April). */
  readonly weeklyFlatRate: Decimal;
  /**
   * From 6 April 2026 the weekly rate is the lower of the flat rate and this share of average weekly earnings
   * (SSCBA 1992 s.157(1) as amended by the Employment Rights Act 2025 s.10); null where the flat rate is paid to
   * everyone who passes the lower-earnings-limit test.
   */
  readonly earningsShare: Decimal | null;
  /**
   * `awe-at-least-lel`: no SSP when average weekly earnings are below the Class 1 lower earnings limit in force at the
   * start of the period of incapacity (SSCBA 1992 Sch 11 para 2(c)); `none`: the test is repealed (ERA 2025 s.10).
   */
  readonly lowerEarningsLimitTest: 'awe-at-least-lel' | 'none';
  /** Qualifying days at the start of a (linked) period of incapacity for which nothing is paid (SSCBA 1992 s.155(1)). */
  readonly waitingDays: number;
  /** Consecutive days of incapacity that form a period of incapacity for work (SSCBA 1992 s.152(2)). */
  readonly minimumPiwDays: number;
  /** Two periods of incapacity separated by at most this many days are one (SSCBA 1992 s.152(3): 8 weeks). */
  readonly linkingGapDays: number;
  /** Weeks of SSP per period of entitlement (SSCBA 1992 s.155(4)). */
  readonly maximumWeeks: number;
}

/** SMP, SAP, SPP, ShPP, SPBP and SNCP figures of one uprating year. */
export interface FamilyPayParams {
  /** The weekly flat (prescribed) rate of every family payment (SPM220400). */
  readonly weeklyFlatRate: Decimal;
  /**
   * The flat rate applies to pay weeks beginning on or after this day, the first Sunday in April (SPM220400),
   * which can fall in the previous tax year (5 April 2026).
   */
  readonly flatRateFrom: string;
  /** The earnings-related rate: this share of average weekly earnings (SSCBA 1992 s.166(1)-(2)). */
  readonly earningsShare: Decimal;
  /** SMP and SAP weeks paid at the earnings-related rate before the lower of the two applies (SSCBA 1992 s.166(2)). */
  readonly higherRateWeeks: number;
}

/** What an employer may deduct from its payments to HMRC for the statutory payments it made. */
export interface StatutoryRecoveryParams {
  /** The share recovered by an employer not qualifying for small employers' relief. */
  readonly standardRate: Decimal;
  /** Small employers' relief: the whole payment plus this compensation share. */
  readonly smallEmployerRecoveryRate: Decimal;
  readonly smallEmployerCompensationRate: Decimal;
  /** Small employers' relief: Class 1 NICs of the last complete tax year before the qualifying week at most this. */
  readonly smallEmployerThreshold: Decimal;
}

export interface StatutoryPaymentsParams {
  readonly ssp: SspParams;
  readonly family: FamilyPayParams;
  readonly recovery: StatutoryRecoveryParams;
  /** Employment Allowance per employer and tax year, set against employer (secondary) Class 1 NICs only. */
  readonly employmentAllowance: Decimal;
  readonly apprenticeshipLevy: {
    /** Levy on the pay bill (Finance Act 2016 s.99). */
    readonly rate: Decimal;
    /** The annual levy allowance, one twelfth of it accruing each tax month (Finance Act 2016 s.100). */
    readonly annualAllowance: Decimal;
  };
}
