/**
 * GB statutory figures for the tax year 2025-26 (6 April 2025 – 5 April 2026).
 * Sources are those of fixtures/reference/gb/params-2025-26.md; the short keys in the comments are its keys:
 * [RT] GOV.UK "Rates and thresholds for employers 2025 to 2026"; [PT-REF] payetools reference data 2025-26;
 * [HMRC-IT] HMRC 2025-26 income-tax software test data (168 cases); [KALC] hmrc/tax-kalculator;
 * [TPR] The Pensions Regulator, automatic enrolment earnings thresholds; [CSLM] HMRC Collection of Student Loans Manual.
 */
import { Decimal, dec } from '../../money.js';
import type { NiCategoryRates, NiThresholdFigures, NiYearParams } from '../ni/params-types.js';
import type { GbParams, IncomeTaxRegime, TaxBand } from './types.js';

const d = (value: string | number): Decimal => new Decimal(value);

// rUK (England, Northern Ireland): basic 20 % £0–37,700; higher 40 % to £125,140; additional 45 % above: rates ITA 2007 s6(2),
// basic rate limit and additional rate threshold ITA 2007 s10 — [RT], [PT-REF], [HMRC-IT].
const ukBands: readonly TaxBand[] = [
  { name: 'basic', width: d(37700), rate: d('0.20') },
  { name: 'higher', width: d(87440), rate: d('0.40') },
  { name: 'additional', width: null, rate: d('0.45') },
];

// Wales: Welsh rates (ITA 2007 s6B, Welsh rate resolution 2025-26: 10p/10p/10p) identical to rUK; limits ITA 2007 s10 —
// [RT], [PT-REF], [HMRC-IT] Welsh cases.
const walesBands: readonly TaxBand[] = [
  { name: 'basic', width: d(37700), rate: d('0.20') },
  { name: 'higher', width: d(87440), rate: d('0.40') },
  { name: 'additional', width: null, rate: d('0.45') },
];

// Scotland (Scottish rate resolution 2025-26 under Scotland Act 1998 s80C; ITA 2007 s6A): starter 19 % £0–2,827; basic 20 % to 14,921; intermediate 21 % to 31,092; higher 42 % to 62,430;
// advanced 45 % to 125,140; top 48 % above (widths 2,827 / 12,094 / 16,171 / 31,338 / 62,710) — [RT], [PT-REF], [HMRC-IT].
const scotlandBands: readonly TaxBand[] = [
  { name: 'starter', width: d(2827), rate: d('0.19') },
  { name: 'basic', width: d(12094), rate: d('0.20') },
  { name: 'intermediate', width: d(16171), rate: d('0.21') },
  { name: 'higher', width: d(31338), rate: d('0.42') },
  { name: 'advanced', width: d(62710), rate: d('0.45') },
  { name: 'top', width: null, rate: d('0.48') },
];

const rUK: IncomeTaxRegime = {
  region: 'rUK',
  bands: ukBands,
  // [HMRC-IT]: the rUK additional-rate cases need the cumulative pro-rating (see BandTaxRounding).
  bandTaxRounding: 'cumulative',
  // BR basic 20 %, D0 higher 40 %, D1 additional 45 % (the rates of ITA 2007 s6(2) above) — [HMRC-IT] W1M1 cases.
  flatRates: { BR: d('0.20'), D0: d('0.40'), D1: d('0.45') },
};

const wales: IncomeTaxRegime = {
  region: 'Wales',
  bands: walesBands,
  bandTaxRounding: 'cumulative',
  // CBR 20 %, CD0 40 %, CD1 45 % (the Welsh rates above, ITA 2007 s6B) — [HMRC-IT] Welsh W1M1 cases.
  flatRates: { BR: d('0.20'), D0: d('0.40'), D1: d('0.45') },
};

const scotland: IncomeTaxRegime = {
  region: 'Scotland',
  bands: scotlandBands,
  // [HMRC-IT] Scottish cases (e.g. Gen_W1M1_mthly/3: 753.59, K_cumul_mthly/1: 275.63) need band-wise truncation.
  bandTaxRounding: 'bandwise',
  // SBR 20 %, SD0 21 %, SD1 42 %, SD2 45 %, SD3 48 % (the Scottish rates above, Scotland Act 1998 s80C) — [HMRC-IT] Scottish W1M1 cases.
  flatRates: { BR: d('0.20'), D0: d('0.21'), D1: d('0.42'), D2: d('0.45'), D3: d('0.48') },
};

// ---------------------------------------------------------------------------------------------------------------
// Class 1 National Insurance, tax year 2025-26 (6 April 2025 – 5 April 2026).
// Source of every figure: fixtures/reference/gb/params-2025-26.md §2, which cites
// [RT] GOV.UK "Rates and thresholds for employers 2025 to 2026" and [PT-REF] HMRC reference data
// (hmrc-reference-data-2025-2026.json, `niThresholds`, `employerRates`, `employeeRates`);
// all figures are exercised by HMRC's NIC test data v1.1 ([HMRC-NI], 896 cases).

const t = (weekly: number, monthly: number, annual: number): NiThresholdFigures => ({ weekly: dec(weekly), monthly: dec(monthly), annual: dec(annual) });

const R0 = dec(0); // no contribution: zero-rate secondary relief up to the category's threshold (SSCBA 1992 ss9A–9D); no primary contribution over State Pension age or under 16 (SSCBA 1992 s6)
const R8 = dec('0.08'); // main primary percentage, SSCBA 1992 s8(2); employee main rate from 6 April 2024 [RT]
const R185 = dec('0.0185'); // SSCR 2001 Part 8 (reduced-rate elections); married women's / widows' reduced rate [RT]
const R2 = dec('0.02'); // additional primary percentage, SSCBA 1992 s8(2); employee rate above UEL; deferment rate [RT]
const R15 = dec('0.15'); // secondary percentage, SSCBA 1992 s9(2) as amended by the NICs (Secondary Class 1 Contributions) Act 2025; employer rate from 6 April 2025 (was 13.8%) [RT], hlca.co.uk, richardsonswift.co.uk

function cat(
  employeePtToUel: Decimal,
  employeeAboveUel: Decimal,
  employerStToFust: Decimal,
  employerFustToUpper: Decimal,
  employerAboveUpper: Decimal,
  employerReliefThreshold: NiCategoryRates['employerReliefThreshold'],
  employerUpperThreshold: NiCategoryRates['employerUpperThreshold'],
): NiCategoryRates {
  return { employeePtToUel, employeeAboveUel, employerStToFust, employerFustToUpper, employerAboveUpper, employerReliefThreshold, employerUpperThreshold };
}

const ni: NiYearParams = {
  thresholds: {
    LEL: t(125, 542, 6500), // SSCBA 1992 s5(1), SSCR 2001 reg 10: lower earnings limit [RT], [PT-REF]
    ST: t(96, 417, 5000), // SSCBA 1992 s5(1), SSCR 2001 reg 10; £5,000 by the NICs (Secondary Class 1 Contributions) Act 2025: secondary threshold, cut from £9,100 [RT], [PT-REF]
    PT: t(242, 1048, 12570), // SSCBA 1992 s5(1), SSCR 2001 reg 10: primary threshold [RT], [PT-REF]; directors' PT equal
    FUST: t(481, 2083, 25000), // SSCBA 1992 s9C (special tax sites): freeport upper secondary threshold [RT], [PT-REF]
    IZUST: t(481, 2083, 25000), // SSCBA 1992 s9C (special tax sites): investment zone upper secondary threshold [RT], [PT-REF]
    UEL: t(967, 4189, 50270), // SSCBA 1992 s5(1), SSCR 2001 reg 10: upper earnings limit [RT], [PT-REF]
    UST: t(967, 4189, 50270), // SSCBA 1992 s9A: upper secondary threshold, under 21 [RT], [PT-REF]
    AUST: t(967, 4189, 50270), // SSCBA 1992 s9B: apprentice upper secondary threshold, under 25 [RT], [PT-REF]
    VUST: t(967, 4189, 50270), // SSCBA 1992 s9D: veterans' upper secondary threshold [RT], [PT-REF]
  },
  // Category letters and rates: params-2025-26.md §2 table; [PT-REF] employerRates / employeeRates.
  rates: {
    A: cat(R8, R2, R15, R15, R15, 'FUST', 'UEL'), // standard
    B: cat(R185, R2, R15, R15, R15, 'FUST', 'UEL'), // married women's reduced rate
    C: cat(R0, R0, R15, R15, R15, 'FUST', 'UEL'), // over State Pension age
    J: cat(R2, R2, R15, R15, R15, 'FUST', 'UEL'), // deferment
    H: cat(R8, R2, R0, R0, R15, 'FUST', 'AUST'), // apprentice under 25: 0% employer up to AUST
    M: cat(R8, R2, R0, R0, R15, 'FUST', 'UST'), // under 21: 0% employer up to UST
    V: cat(R8, R2, R0, R0, R15, 'FUST', 'VUST'), // veteran, first 12 months of civilian employment: 0% up to VUST
    Z: cat(R2, R2, R0, R0, R15, 'FUST', 'UST'), // under 21, deferment
    F: cat(R8, R2, R0, R15, R15, 'FUST', 'UEL'), // freeport standard: 0% employer ST→FUST
    I: cat(R185, R2, R0, R15, R15, 'FUST', 'UEL'), // freeport married women's
    L: cat(R2, R2, R0, R15, R15, 'FUST', 'UEL'), // freeport deferment
    S: cat(R0, R0, R0, R15, R15, 'FUST', 'UEL'), // freeport over State Pension age
    N: cat(R8, R2, R0, R15, R15, 'IZUST', 'UEL'), // investment zone standard: 0% employer ST→IZUST
    E: cat(R185, R2, R0, R15, R15, 'IZUST', 'UEL'), // investment zone married women's
    D: cat(R2, R2, R0, R15, R15, 'IZUST', 'UEL'), // investment zone deferment
    K: cat(R0, R0, R0, R15, R15, 'IZUST', 'UEL'), // investment zone over State Pension age
    X: cat(R0, R0, R0, R0, R0, 'FUST', 'UEL'), // not liable (e.g. under 16)
  },
};

export const params2025: GbParams = {
  taxYear: '2025-26',
  edition: 'GB 2025-26 (fixtures/reference/gb/params-2025-26.md)',
  // A tax year runs 6 April – 5 April (ITA 2007 s4(2)).
  firstDay: '2025-04-06',
  lastDay: '2026-04-05',
  // £12,570 (ITA 2007 s35; indexation disapplied, Finance Act 2021 s5); standard code 1257L, no uplift — [RT], [PT-REF].
  personalAllowance: d(12570),
  // Standard / emergency code 1257L for 2025-26 (params-2025-26.md §1: moneysoft new-for-2025-26, [RT]).
  emergencyTaxCode: '1257L',
  incomeTax: { rUK, Wales: wales, Scotland: scotland },
  // Overriding limit 50 % of the period's relevant payments, all codes: Income Tax (PAYE) Regulations 2003 reg 2(1)
  // "overriding limit" (CIPP "50 % regulatory limit"; params-2025-26 §1).
  overridingLimitRate: d('0.5'),
  // HMRC "Specification for PAYE tax table routines" 4.3.1 programmers' note (the tax tables of PAYE Regulations 2003):
  // each complete 500 of a code is worth £96.16 a week / £416.67 a month;
  // reproduces [HMRC-IT] Large_code 999L/1000L/1001L.
  freePayPer500: { weekly: d('96.16'), monthly: d('416.67') },
  studentLoans: {
    // Plan 1 £26,065; Plan 2 £28,470; Plan 4 £32,745; 9 %: Education (Student Loans) (Repayment) Regulations 2009
    // (SI 2009/470) Part 4 reg 44 (and the Scottish / Northern Irish equivalents) — [PT-REF], [KALC] StudentLoanRate 2025, [CSLM].
    '1': { annualThreshold: d(26065), rate: d('0.09') },
    '2': { annualThreshold: d(28470), rate: d('0.09') },
    '4': { annualThreshold: d(32745), rate: d('0.09') },
    // Plan 5: first repayments from 6 April 2026 (SI 2009/470 as amended by SI 2022/1335), so no deductions in 2025-26
    // (payrolloptions Plan 5; georgehay).
  },
  // Postgraduate loan (Plan 3) £21,000 at 6 %: SI 2009/470 Part 4 reg 44 — [PT-REF], [KALC].
  postgraduateLoan: { annualThreshold: d(21000), rate: d('0.06') },
  ni,
  pension: {
    // Qualifying earnings band and earnings trigger: Pensions Act 2008 ss3(1), 13(1), reviewed under s14; per-period
    // figures as published by [TPR] 2025-26: lower level of qualifying earnings £6,240 (£120 wk / £240 2-wk / £480 4-wk / £520 mth),
    // earnings trigger £10,000 (£192 / £384 / £768 / £833), upper level £50,270 (£967 / £1,934 / £3,867 / £4,189).
    lowerQualifyingEarnings: { weekly: d(120), fortnightly: d(240), four_weekly: d(480), monthly: d(520) },
    earningsTrigger: { weekly: d(192), fortnightly: d(384), four_weekly: d(768), monthly: d(833) },
    upperQualifyingEarnings: { weekly: d(967), fortnightly: d(1934), four_weekly: d(3867), monthly: d(4189) },
    annual: { lower: d(6240), trigger: d(10000), upper: d(50270) },
    // Relief at source at the basic rate of 20 % for every member, Scottish taxpayers included (Finance Act 2004
    // s192; params-2025-26 §4: the employee pays 80 % of the gross contribution from net pay).
    reliefAtSourceRate: d('0.20'),
    // Statutory minimum 8 % of qualifying earnings, employer at least 3 % (Pensions Act 2008 s20; params-2025-26 §4).
    minimumTotalRate: d('0.08'),
    minimumEmployerRate: d('0.03'),
    // Eligible jobholder: aged 22 to State Pension age; jobholders and entitled workers: 16 to 74 (Pensions Act 2008 ss1, 3).
    eligibleFromAge: 22,
    workerFromAge: 16,
    workerUpToAge: 75,
  },
  statutoryPayments: {
    // Source of every figure: fixtures/reference/gb/statutory-payments-rules.md §1 (and §2.1, §4, §5).
    ssp: {
      // £118.75 a week for days from 6 April 2025: SSCBA 1992 s.157(1), Social Security Benefits Up-rating Order 2025 (SPM220400).
      weeklyFlatRate: d('118.75'),
      // 2025-26: the flat rate for everyone who passes the LEL test (SSCBA 1992 s.157(1) before ERA 2025 s.10).
      earningsShare: null,
      // AWE at least the LEL in force at the start of the PIW (SSCBA 1992 Sch 11 para 2(c); AWE = LEL qualifies).
      lowerEarningsLimitTest: 'awe-at-least-lel',
      waitingDays: 3, // SSCBA 1992 s.155(1)
      minimumPiwDays: 4, // SSCBA 1992 s.152(2): at least 4 consecutive days of incapacity
      linkingGapDays: 56, // SSCBA 1992 s.152(3): separated by not more than 8 weeks
      maximumWeeks: 28, // SSCBA 1992 s.155(4)
    },
    family: {
      // £187.18 for SMP/SAP/SPP/ShPP/SPBP/SNCP pay weeks beginning on or after Sunday 6 April 2025 (SPM220400).
      weeklyFlatRate: d('187.18'),
      flatRateFrom: '2025-04-06',
      // 90 % of AWE (SSCBA 1992 s.166(1)), SMP/SAP for the first 6 weeks (s.166(2)); SPP/ShPP/SPBP/SNCP the lower of the two throughout.
      earningsShare: d('0.90'),
      higherRateWeeks: 6,
    },
    recovery: {
      // 92 % standard recovery (SMP (Compensation of Employers) Regulations 1994 reg 3 and the SPP/SAP/ShPP equivalents;
      // ascendpayroll 2025-26 guide); small employers' relief 100 % + 8.5 % compensation from 6 April 2025 (brightmine
      // legal timetable 167607) for employers whose Class 1 NICs were at most £45,000 in the last complete tax year.
      standardRate: d('0.92'),
      smallEmployerRecoveryRate: d(1),
      smallEmployerCompensationRate: d('0.085'),
      smallEmployerThreshold: d(45000),
    },
    // £10,500 (NICs Act 2014 s.1 as amended by the NICs (Secondary Class 1 Contributions) Act 2025 s.2, which also removed
    // the £100,000 eligibility cap): gov.uk/employment-allowance; taxinsider.co.uk.
    employmentAllowance: d(10500),
    // 0.5 % of the pay bill less the £15,000 levy allowance (Finance Act 2016 ss.99–100; PAYE56110, ALM09200).
    apprenticeshipLevy: { rate: d('0.005'), annualAllowance: d(15000) },
  },
};
