/**
 * Class 1 NI parameters, tax year 2026-27 (6 April 2026 – 5 April 2027).
 * Source of every figure: fixtures/reference/gb/params-2026-27.md §2. Only the LEL changes
 * from 2025-26 (£6,500 → £6,708): [NIC27] Autumn Budget 2025 summary (Robb Ferguson), paypacket.io,
 * delphiniaccounting.co.uk, payfit.com; [RT27-code] (GOV.UK "Rates and thresholds for employers
 * 2026 to 2027" as quoted in code). PT and UEL also in HMRC's tax-kalculator `employeeNIBands2026`
 * [KALC26]. ST frozen at £5,000 until April 2031 [NIC27]. No HMRC 2026-27 test data exists.
 */
import { type Decimal, dec } from '../../money.js';
import type { NiCategoryRates, NiThresholdFigures, NiYearParams } from './params-types.js';

const t = (weekly: number, monthly: number, annual: number): NiThresholdFigures => ({ weekly: dec(weekly), monthly: dec(monthly), annual: dec(annual) });

const R0 = dec(0);
const R8 = dec('0.08'); // employee main rate, unchanged [KALC26]
const R185 = dec('0.0185'); // married women's / widows' reduced rate, unchanged (delphini)
const R2 = dec('0.02'); // employee rate above UEL; deferment rate [KALC26]
const R15 = dec('0.15'); // employer rate, unchanged (delphini; [RT27-code]; Class 1A 15%)

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

export const NI_PARAMS_2026_27: NiYearParams = {
  taxYear: '2026-27',
  thresholds: {
    LEL: t(129, 559, 6708), // lower earnings limit [NIC27], [RT27-code]
    ST: t(96, 417, 5000), // secondary threshold, frozen until April 2031 [NIC27], [RT27-code]
    PT: t(242, 1048, 12570), // primary threshold [NIC27], [RT27-code] (unchanged from 2025-26); directors' PT equal
    FUST: t(481, 2083, 25000), // freeport upper secondary threshold [NIC27], [RT27-code] (unchanged from 2025-26)
    IZUST: t(481, 2083, 25000), // investment zone upper secondary threshold [NIC27], [RT27-code] (unchanged from 2025-26)
    UEL: t(967, 4189, 50270), // upper earnings limit [NIC27], [RT27-code] (unchanged from 2025-26)
    UST: t(967, 4189, 50270), // upper secondary threshold, under 21 [NIC27], [RT27-code] (unchanged from 2025-26)
    AUST: t(967, 4189, 50270), // apprentice upper secondary threshold, under 25 [NIC27], [RT27-code] (unchanged from 2025-26)
    VUST: t(967, 4189, 50270), // veterans' upper secondary threshold [NIC27], [RT27-code] (unchanged from 2025-26)
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
