/**
 * GB statutory figures for the tax year 2025-26 (6 April 2025 – 5 April 2026), except National Insurance.
 * Sources are those of fixtures/reference/gb/params-2025-26.md; the short keys in the comments are its keys:
 * [RT] GOV.UK "Rates and thresholds for employers 2025 to 2026"; [PT-REF] payetools reference data 2025-26;
 * [HMRC-IT] HMRC 2025-26 income-tax software test data (168 cases); [KALC] hmrc/tax-kalculator;
 * [TPR] The Pensions Regulator, automatic enrolment earnings thresholds; [CSLM] HMRC Collection of Student Loans Manual.
 */
import { Decimal } from '../../money.js';
import type { GbParams, IncomeTaxRegime, TaxBand } from './types.js';

const d = (value: string | number): Decimal => new Decimal(value);

// rUK (England, Northern Ireland): basic 20 % £0–37,700; higher 40 % to £125,140; additional 45 % above — [RT], [PT-REF], [HMRC-IT].
const ukBands: readonly TaxBand[] = [
  { name: 'basic', width: d(37700), rate: d('0.20') },
  { name: 'higher', width: d(87440), rate: d('0.40') },
  { name: 'additional', width: null, rate: d('0.45') },
];

// Wales: Welsh rates identical to rUK for 2025-26 (10p/10p/10p) — [RT], [PT-REF], [HMRC-IT] Welsh cases.
const walesBands: readonly TaxBand[] = [
  { name: 'basic', width: d(37700), rate: d('0.20') },
  { name: 'higher', width: d(87440), rate: d('0.40') },
  { name: 'additional', width: null, rate: d('0.45') },
];

// Scotland: starter 19 % £0–2,827; basic 20 % to 14,921; intermediate 21 % to 31,092; higher 42 % to 62,430;
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
  // BR basic 20 %, D0 higher 40 %, D1 additional 45 % — [HMRC-IT] W1M1 cases.
  flatRates: { BR: d('0.20'), D0: d('0.40'), D1: d('0.45') },
};

const wales: IncomeTaxRegime = {
  region: 'Wales',
  bands: walesBands,
  bandTaxRounding: 'cumulative',
  // CBR 20 %, CD0 40 %, CD1 45 % — [HMRC-IT] Welsh W1M1 cases.
  flatRates: { BR: d('0.20'), D0: d('0.40'), D1: d('0.45') },
};

const scotland: IncomeTaxRegime = {
  region: 'Scotland',
  bands: scotlandBands,
  // [HMRC-IT] Scottish cases (e.g. Gen_W1M1_mthly/3: 753.59, K_cumul_mthly/1: 275.63) need band-wise truncation.
  bandTaxRounding: 'bandwise',
  // SBR 20 %, SD0 21 %, SD1 42 %, SD2 45 %, SD3 48 % — [HMRC-IT] Scottish W1M1 cases.
  flatRates: { BR: d('0.20'), D0: d('0.21'), D1: d('0.42'), D2: d('0.45'), D3: d('0.48') },
};

export const params2025: GbParams = {
  taxYear: '2025-26',
  edition: 'GB 2025-26 (fixtures/reference/gb/params-2025-26.md)',
  firstDay: '2025-04-06',
  lastDay: '2026-04-05',
  // £12,570; standard code 1257L, no uplift — [RT], [PT-REF].
  personalAllowance: d(12570),
  incomeTax: { rUK, Wales: wales, Scotland: scotland },
  // Overriding limit 50 % of the period's relevant pay, all codes (CIPP "50 % regulatory limit"; params-2025-26 §1).
  overridingLimitRate: d('0.5'),
  // Spec 4.3.1 programmers' note: each complete 500 of a code is worth £96.16 a week / £416.67 a month;
  // reproduces [HMRC-IT] Large_code 999L/1000L/1001L.
  freePayPer500: { weekly: d('96.16'), monthly: d('416.67') },
  studentLoans: {
    // Plan 1 £26,065; Plan 2 £28,470; Plan 4 £32,745; 9 % — [PT-REF], [KALC] StudentLoanRate 2025, [CSLM].
    '1': { annualThreshold: d(26065), rate: d('0.09') },
    '2': { annualThreshold: d(28470), rate: d('0.09') },
    '4': { annualThreshold: d(32745), rate: d('0.09') },
    // Plan 5: first repayments from 6 April 2026, so no deductions in 2025-26 (payrolloptions Plan 5; georgehay).
  },
  // Postgraduate loan £21,000 at 6 % — [PT-REF], [KALC].
  postgraduateLoan: { annualThreshold: d(21000), rate: d('0.06') },
  pension: {
    // [TPR] 2025-26: lower level of qualifying earnings £6,240 (£120 wk / £240 2-wk / £480 4-wk / £520 mth),
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
};
