/**
 * Class 1 NI parameters, tax year 2025-26 (6 April 2025 – 5 April 2026).
 * Source of every figure: fixtures/reference/gb/params-2025-26.md §2, which cites
 * [RT] GOV.UK "Rates and thresholds for employers 2025 to 2026" and [PT-REF] HMRC reference data
 * (hmrc-reference-data-2025-2026.json, `niThresholds`, `employerRates`, `employeeRates`);
 * all figures are exercised by HMRC's NIC test data v1.1 ([HMRC-NI], 896 cases).
 */
import { type Decimal, dec } from '../../money.js';
import type { NiCategoryRates, NiThresholdFigures, NiYearParams } from './params-types.js';

const t = (weekly: number, monthly: number, annual: number): NiThresholdFigures => ({ weekly: dec(weekly), monthly: dec(monthly), annual: dec(annual) });

const R0 = dec(0);
const R8 = dec('0.08'); // employee main rate from 6 April 2024 [RT]
const R185 = dec('0.0185'); // married women's / widows' reduced rate [RT]
const R2 = dec('0.02'); // employee rate above UEL; deferment rate [RT]
const R15 = dec('0.15'); // employer rate from 6 April 2025 (was 13.8%) [RT], hlca.co.uk, richardsonswift.co.uk

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

export const NI_PARAMS_2025_26: NiYearParams = {
  taxYear: '2025-26',
  thresholds: {
    LEL: t(125, 542, 6500), // lower earnings limit [RT], [PT-REF]
    ST: t(96, 417, 5000), // secondary threshold, cut from £9,100 [RT], [PT-REF]
    PT: t(242, 1048, 12570), // primary threshold [RT], [PT-REF]; directors' PT equal
    FUST: t(481, 2083, 25000), // freeport upper secondary threshold [RT], [PT-REF]
    IZUST: t(481, 2083, 25000), // investment zone upper secondary threshold [RT], [PT-REF]
    UEL: t(967, 4189, 50270), // upper earnings limit [RT], [PT-REF]
    UST: t(967, 4189, 50270), // upper secondary threshold, under 21 [RT], [PT-REF]
    AUST: t(967, 4189, 50270), // apprentice upper secondary threshold, under 25 [RT], [PT-REF]
    VUST: t(967, 4189, 50270), // veterans' upper secondary threshold [RT], [PT-REF]
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
