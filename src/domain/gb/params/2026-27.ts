/**
 * GB statutory figures for the tax year 2026-27 (6 April 2026 – 5 April 2027).
 * Sources are those of fixtures/reference/gb/params-2026-27.md; the short keys in the comments are its keys:
 * [MS27] moneysoft "new for 2026-27"; [KALC26] hmrc/tax-kalculator commit 06f9692b (TaxBands.kt,
 * StudentLoanRate.kt); [RT27-code] a public copy of GOV.UK "Rates and thresholds for employers 2026 to 2027";
 * [SRR] Scottish Rate Resolution S6M-20844; [WRR] Welsh Rate Resolution NDM9117; [SL27] ASESA / Which? / att.org.uk
 * student loan thresholds 2026-27; [AE27] DWP review of the AE thresholds for 2026/27 (unchanged).
 * No HMRC 2026-27 software test data exist; the PAYE rounding conventions are carried over from 2025-26.
 */
import { Decimal, dec } from '../../money.js';
import type { NiCategoryRates, NiThresholdFigures, NiYearParams } from '../ni/params-types.js';
import type { GbParams, IncomeTaxRegime, TaxBand } from './types.js';

const d = (value: string | number): Decimal => new Decimal(value);

// rUK: 20 % to £37,700; 40 % £37,701–125,140; 45 % above (unchanged): rates ITA 2007 s6(2), limits ITA 2007 s10 —
// payfit 2026/27, [RT27-code], [KALC26] restOfUK2026Bands.
const ukBands: readonly TaxBand[] = [
  { name: 'basic', width: d(37700), rate: d('0.20') },
  { name: 'higher', width: d(87440), rate: d('0.40') },
  { name: 'additional', width: null, rate: d('0.45') },
];

// Wales: identical to rUK, Welsh rates 10p/10p/10p (ITA 2007 s6B; Welsh rate resolution 2026-27) — [WRR]; [KALC26] (C codes = rUK rows).
const walesBands: readonly TaxBand[] = [
  { name: 'basic', width: d(37700), rate: d('0.20') },
  { name: 'higher', width: d(87440), rate: d('0.40') },
  { name: 'additional', width: null, rate: d('0.45') },
];

// Scotland (Scottish rate resolution 2026-27 under Scotland Act 1998 s80C; ITA 2007 s6A): starter 19 % £0–3,967; basic 20 % to 16,956; intermediate 21 % to 31,092; higher 42 % to 62,430;
// advanced 45 % to 125,140; top 48 % above (widths 3,967 / 12,989 / 14,136 / 31,338 / 62,710) — [SRR], ICB 10504,
// ICAEW; [KALC26] scottish2026Bands; [RT27-code].
const scotlandBands: readonly TaxBand[] = [
  { name: 'starter', width: d(3967), rate: d('0.19') },
  { name: 'basic', width: d(12989), rate: d('0.20') },
  { name: 'intermediate', width: d(14136), rate: d('0.21') },
  { name: 'higher', width: d(31338), rate: d('0.42') },
  { name: 'advanced', width: d(62710), rate: d('0.45') },
  { name: 'top', width: null, rate: d('0.48') },
];

const rUK: IncomeTaxRegime = {
  region: 'rUK',
  bands: ukBands,
  // Convention of HMRC's 2025-26 test data, assumed unchanged (params-2026-27 §9.1).
  bandTaxRounding: 'cumulative',
  // BR basic 20 %, D0 higher 40 %, D1 additional 45 % (the rates of ITA 2007 s6(2) above; params-2026-27 §1).
  flatRates: { BR: d('0.20'), D0: d('0.40'), D1: d('0.45') },
};

const wales: IncomeTaxRegime = {
  region: 'Wales',
  bands: walesBands,
  bandTaxRounding: 'cumulative',
  // CBR 20 %, CD0 40 %, CD1 45 % (the Welsh rates above, ITA 2007 s6B; params-2026-27 §1).
  flatRates: { BR: d('0.20'), D0: d('0.40'), D1: d('0.45') },
};

const scotland: IncomeTaxRegime = {
  region: 'Scotland',
  bands: scotlandBands,
  // Scottish band-wise truncation of HMRC's 2025-26 data, assumed unchanged (params-2026-27 §9.1, ⚠).
  bandTaxRounding: 'bandwise',
  // SBR 20 %, SD0 21 %, SD1 42 %, SD2 45 %, SD3 48 % (the Scottish rates above, Scotland Act 1998 s80C; params-2026-27 §1).
  flatRates: { BR: d('0.20'), D0: d('0.21'), D1: d('0.42'), D2: d('0.45'), D3: d('0.48') },
};

// ---------------------------------------------------------------------------------------------------------------
// Class 1 National Insurance, tax year 2026-27 (6 April 2026 – 5 April 2027).
// Source of every figure: fixtures/reference/gb/params-2026-27.md §2. Only the LEL changes
// from 2025-26 (£6,500 → £6,708): [NIC27] Autumn Budget 2025 summary (Robb Ferguson), paypacket.io,
// delphiniaccounting.co.uk, payfit.com; [RT27-code] (GOV.UK "Rates and thresholds for employers
// 2026 to 2027" as quoted in code). PT and UEL also in HMRC's tax-kalculator `employeeNIBands2026`
// [KALC26]. ST frozen at £5,000 until April 2031 [NIC27]. No HMRC 2026-27 test data exists.

const t = (weekly: number, monthly: number, annual: number): NiThresholdFigures => ({ weekly: dec(weekly), monthly: dec(monthly), annual: dec(annual) });

const R0 = dec(0); // no contribution: zero-rate secondary relief up to the category's threshold (SSCBA 1992 ss9A–9D); no primary contribution over State Pension age or under 16 (SSCBA 1992 s6)
const R8 = dec('0.08'); // main primary percentage, SSCBA 1992 s8(2); employee main rate, unchanged [KALC26]
const R185 = dec('0.0185'); // SSCR 2001 Part 8 (reduced-rate elections); married women's / widows' reduced rate, unchanged (delphini)
const R2 = dec('0.02'); // additional primary percentage, SSCBA 1992 s8(2); employee rate above UEL; deferment rate [KALC26]
const R15 = dec('0.15'); // secondary percentage, SSCBA 1992 s9(2) as amended by the NICs (Secondary Class 1 Contributions) Act 2025; employer rate, unchanged (delphini; [RT27-code]; Class 1A 15%)

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
    LEL: t(129, 559, 6708), // SSCBA 1992 s5(1), SSCR 2001 reg 10: lower earnings limit [NIC27], [RT27-code]
    ST: t(96, 417, 5000), // SSCBA 1992 s5(1), SSCR 2001 reg 10; £5,000 by the NICs (Secondary Class 1 Contributions) Act 2025: secondary threshold, frozen until April 2031 [NIC27], [RT27-code]
    PT: t(242, 1048, 12570), // SSCBA 1992 s5(1), SSCR 2001 reg 10: primary threshold [NIC27], [RT27-code] (unchanged from 2025-26); directors' PT equal
    FUST: t(481, 2083, 25000), // SSCBA 1992 s9C (special tax sites): freeport upper secondary threshold [NIC27], [RT27-code] (unchanged from 2025-26)
    IZUST: t(481, 2083, 25000), // SSCBA 1992 s9C (special tax sites): investment zone upper secondary threshold [NIC27], [RT27-code] (unchanged from 2025-26)
    UEL: t(967, 4189, 50270), // SSCBA 1992 s5(1), SSCR 2001 reg 10: upper earnings limit [NIC27], [RT27-code] (unchanged from 2025-26)
    UST: t(967, 4189, 50270), // SSCBA 1992 s9A: upper secondary threshold, under 21 [NIC27], [RT27-code] (unchanged from 2025-26)
    AUST: t(967, 4189, 50270), // SSCBA 1992 s9B: apprentice upper secondary threshold, under 25 [NIC27], [RT27-code] (unchanged from 2025-26)
    VUST: t(967, 4189, 50270), // SSCBA 1992 s9D: veterans' upper secondary threshold [NIC27], [RT27-code] (unchanged from 2025-26)
  },
  // Category letters and rates: unchanged from 2025-26: params-2026-27.md §2 ([KALC26] employee bands; delphini 2026/27 column; [RT27-code] category table).
  rates: {
    A: cat(R8, R2, R15, R15, R15, 'FUST', 'UEL'), // standard
    B: cat(R185, R2, R15, R15, R15, 'FUST', 'UEL'), // married women's reduced rate
    C: cat(R0, R0, R15, R15, R15, 'FUST', 'UEL'), // over State Pension age
    J: cat(R2, R2, R15, R15, R15, 'FUST', 'UEL'), // deferment
    H: cat(R8, R2, R0, R0, R15, 'FUST', 'AUST'), // apprentice under 25: 0% employer up to AUST
    M: cat(R8, R2, R0, R0, R15, 'FUST', 'UST'), // under 21: 0% employer up to UST
    V: cat(R8, R2, R0, R0, R15, 'FUST', 'VUST'), // veteran: 0% up to VUST; relief extended to April 2028 [NIC27]
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

export const params2026: GbParams = {
  taxYear: '2026-27',
  edition: 'GB 2026-27 (fixtures/reference/gb/params-2026-27.md)',
  // A tax year runs 6 April – 5 April (ITA 2007 s4(2)).
  firstDay: '2026-04-06',
  lastDay: '2027-04-05',
  // £12,570 frozen (ITA 2007 s35, indexation disapplied); 1257L / S1257L / C1257L, no code uplift — [MS27]; [KALC26] tax-free amount 12,570.
  personalAllowance: d(12570),
  // Standard / emergency code 1257L, no code uplift for 2026-27 (params-2026-27.md §1: [MS27]).
  emergencyTaxCode: '1257L',
  incomeTax: { rUK, Wales: wales, Scotland: scotland },
  // Overriding limit 50 % of relevant payments, unchanged: Income Tax (PAYE) Regulations 2003 reg 2(1) "overriding limit" (params-2026-27 §1).
  overridingLimitRate: d('0.5'),
  // HMRC "Specification for PAYE tax table routines" 4.3.1 programmers' note, unchanged: 1257L gives £241.92 a week and £1,048.26 a month (params-2026-27 §1).
  freePayPer500: { weekly: d('96.16'), monthly: d('416.67') },
  studentLoans: {
    // Plan 1 £26,900; Plan 2 £29,385; Plan 4 £33,795; Plan 5 £25,000 (first repayments from 6 April 2026); 9 %:
    // Education (Student Loans) (Repayment) Regulations 2009 (SI 2009/470) Part 4 reg 44 (and the Scottish / Northern Irish equivalents)
    // — [SL27] ASESA, Which?, payfit, att.org.uk; [KALC26] studentLoanRepaymentRate2026; ICB 10374 (Plan 5).
    '1': { annualThreshold: d(26900), rate: d('0.09') },
    '2': { annualThreshold: d(29385), rate: d('0.09') },
    '4': { annualThreshold: d(33795), rate: d('0.09') },
    '5': { annualThreshold: d(25000), rate: d('0.09') },
  },
  // Postgraduate loan (Plan 3) £21,000 at 6 %: SI 2009/470 Part 4 reg 44 — [SL27]; [KALC26].
  postgraduateLoan: { annualThreshold: d(21000), rate: d('0.06') },
  ni,
  pension: {
    // Qualifying earnings band and earnings trigger: Pensions Act 2008 ss3(1), 13(1), reviewed under s14; all unchanged for
    // 2026-27 — [AE27]; per-period figures as [TPR]'s 2025-26 table.
    lowerQualifyingEarnings: { weekly: d(120), fortnightly: d(240), four_weekly: d(480), monthly: d(520) },
    earningsTrigger: { weekly: d(192), fortnightly: d(384), four_weekly: d(768), monthly: d(833) },
    upperQualifyingEarnings: { weekly: d(967), fortnightly: d(1934), four_weekly: d(3867), monthly: d(4189) },
    annual: { lower: d(6240), trigger: d(10000), upper: d(50270) },
    // Relief at source at the basic rate of 20 % for every member, Scottish taxpayers included (Finance Act 2004
    // s192; params-2025-26 §4: the employee pays 80 % of the gross contribution from net pay).
    reliefAtSourceRate: d('0.20'),
    // Statutory minimum 8 % of qualifying earnings, employer at least 3 % (Pensions Act 2008 s20).
    minimumTotalRate: d('0.08'),
    minimumEmployerRate: d('0.03'),
    // Pensions Act 2008 ss1, 3: eligible jobholder 22 to State Pension age; workers 16 to 74.
    eligibleFromAge: 22,
    workerFromAge: 16,
    workerUpToAge: 75,
  },
  statutoryPayments: {
    // Source of every figure: fixtures/reference/gb/statutory-payments-rules.md §1 (and §2.2, §4, §5); params-2026-27.md §5.
    ssp: {
      // £123.25 a week for days from 6 April 2026: DWP "Benefit and pension rates 2026 to 2027" ([STAT27]; ⚠ uprating order not read).
      weeklyFlatRate: d('123.25'),
      // The lower of the flat rate and 80 % of AWE (SSCBA 1992 s.157(1) as amended by the Employment Rights Act 2025 s.10;
      // business.gov.uk statutory-sick-pay; moneysoft SSP examples from 6 April 2026).
      earningsShare: d('0.80'),
      // The LEL test is repealed from 6 April 2026 (ERA 2025 s.10; in force by SI 2026/373).
      lowerEarningsLimitTest: 'none',
      waitingDays: 0, // ERA 2025 s.10 omits SSCBA 1992 s.155(1)
      minimumPiwDays: 1, // SSCBA 1992 s.152(2) as amended by ERA 2025 s.10: one day of incapacity is a period of incapacity
      linkingGapDays: 56, // SSCBA 1992 s.152(3), unchanged
      maximumWeeks: 28, // SSCBA 1992 s.155(4), unchanged
    },
    family: {
      // £194.32 for pay weeks beginning on or after Sunday 5 April 2026 (DWP proposed rates 2026-27, [STAT27] Mondaq; ⚠).
      weeklyFlatRate: d('194.32'),
      flatRateFrom: '2026-04-05',
      // 90 % of AWE (SSCBA 1992 s.166(1)-(2)), unchanged.
      earningsShare: d('0.90'),
      higherRateWeeks: 6,
    },
    recovery: {
      // 92 % standard, unchanged (thepayrollcentre 26-01-2026); small employers' relief 100 % + 9 % compensation
      // (HMRC to developers 21 Jan 2026, bookkeepers.org.uk news 10513; givver.io; zyla.accountants), threshold £45,000.
      standardRate: d('0.92'),
      smallEmployerRecoveryRate: d(1),
      smallEmployerCompensationRate: d('0.09'),
      smallEmployerThreshold: d(45000),
    },
    // £10,500, unchanged (delphini 2026/27 column; [RT27-code] employment_allowance).
    employmentAllowance: d(10500),
    // 0.5 % with the £15,000 allowance (Finance Act 2016 ss.99–100): no change announced (params-2026-27 §2 ⚠).
    apprenticeshipLevy: { rate: d('0.005'), annualAllowance: d(15000) },
  },
};
