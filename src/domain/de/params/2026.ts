/**
 * German social-insurance and church-tax figures for 2026.
 * Source: fixtures/reference/de/params-2026.md (section B and the church-tax note), which cites the
 * SV-Rechengrößenverordnung 2026 of 24.11.2025 (BGBl. 2025 I Nr. 278) through ihk.de/halle,
 * gmb-beratung.de, wista-ag.de, and the pages named per line below.
 */
import { Decimal } from '../../money.js';
import type { DeSocialParams } from './types.js';

const d = (value: string): Decimal => new Decimal(value);

export const params2026: DeSocialParams = {
  year: 2026,
  edition: 'SV 2026 (SV-RechengrößenVO 2026, BGBl. 2025 I Nr. 278); PAP 2026 of 12.11.2025',

  ceilings: {
    // BBG KV/PV 69,750 €/year = 5,812.50 €/month (ihk halle; gmb-beratung; wista-ag).
    healthCareAnnual: d('69750'),
    // BBG RV/ALV 101,400 €/year = 8,450 €/month (same sources).
    pensionUnemploymentAnnual: d('101400'),
    // BBG knappschaftliche RV 124,800 €/year (gmb-beratung; krankengeld24).
    miningPensionAnnual: d('124800'),
  },

  health: {
    // KV 14.6 % (7.3/7.3), reduced 14.0 % (mf.sachsen-anhalt.de).
    generalRate: d('0.146'),
    reducedRate: d('0.14'),
    // Average Zusatzbeitrag 2026 (§ 242a SGB V): 2.9 % (aerzteblatt; mf.sachsen-anhalt).
    averageAdditionalRate: d('0.029'),
  },

  care: {
    // PV 3.6 % (1.8/1.8) unchanged (mf.sachsen-anhalt; wista-ag; osborneclarke).
    totalRate: d('0.036'),
    employeeRate: d('0.018'),
    employerRate: d('0.018'),
    // Saxony: employee 2.3 %, employer 1.3 % (deutsche-flagge.de 2026 table; PAP MPARA PVSATZAN 0.023).
    saxonyEmployeeRate: d('0.023'),
    saxonyEmployerRate: d('0.013'),
    // Childless surcharge +0.6 % from the month after completing 23, not if born before 1940
    // (mf.sachsen-anhalt; haufe PI42323_HI15765261).
    childlessSurcharge: d('0.006'),
    childlessSurchargeFromAge: 23,
    childlessSurchargeBornFrom: 1940,
    // −0.25 %-points per child from the 2nd to the 5th child under 25, employee only (mf.sachsen-anhalt; haufe; wista-ag).
    childReduction: d('0.0025'),
    maxChildReductions: 4,
    childMaxAge: 25,
  },

  // RV 18.6 % (9.3/9.3), ALV 2.6 % (1.3/1.3) unchanged (mf.sachsen-anhalt; wista-ag).
  pension: { rate: d('0.186') },
  unemployment: { rate: d('0.026') },

  levies: {
    // Insolvenzgeldumlage U3 0.15 % unchanged (nwb 1088218; minijobs-aktuell; wista-ag).
    insolvencyRate: d('0.0015'),
  },

  minijob: {
    // Geringfügigkeitsgrenze 603 €/month = Mindestlohn 13.90 €/h × 130 / 3 rounded up (steuerberater-kurth; stb-roesner).
    monthlyLimit: d('603'),
    minimumWagePerHour: d('13.90'),
    // Employer flat rates (commercial): KV 13 %, RV 15 %, Pauschsteuer 2 %, U1 0.8 % (2025: 1.1 %), U2 0.22 %
    // (minijobs-aktuell.de "Minijob-Zentrale senkt U1-Beiträge 2026"; personalwissen.de).
    employerHealthRate: d('0.13'),
    employerPensionRate: d('0.15'),
    flatTaxRate: d('0.02'),
    u1Rate: d('0.008'),
    u2Rate: d('0.0022'),
    // Employee RV top-up 3.6 %, minimum base 175 €/month (minijob-zentrale FAQ 53; buzer BVV § 2; minijobs-aktuell).
    employeePensionTopUpRate: d('0.036'),
    minimumPensionBaseMonthly: d('175'),
  },

  midijob: {
    // Übergangsbereich 603.01 – 2,000.00 €/month; Faktor F 2026 = 0.6619 (= 28/42.3) (haufe.de; steuerberater-kurth).
    lowerBound: d('603'),
    upperBound: d('2000'),
    factorF: d('0.6619'),
  },

  privateSubsidy: {
    // § 257 SGB V cap: 7.3 % + half the 2.9 % average = 8.75 % → 508.59 € at the BBG (lohn-info.de privatversichert_2026);
    // § 61 SGB XI PV cap: 1.8 % → 104.63 € (Saxony 1.3 % → 75.56 €) (params-2026.md B).
    healthCapRate: d('0.0875'),
    careCapRate: d('0.018'),
    careCapRateSaxony: d('0.013'),
  },

  // Church tax 8 % in Bayern and Baden-Württemberg, 9 % elsewhere (params-2026.md, church-tax note; params-2025.md).
  churchTaxRate: {
    BW: d('0.08'),
    BY: d('0.08'),
    BE: d('0.09'),
    BB: d('0.09'),
    HB: d('0.09'),
    HH: d('0.09'),
    HE: d('0.09'),
    MV: d('0.09'),
    NI: d('0.09'),
    NW: d('0.09'),
    RP: d('0.09'),
    SL: d('0.09'),
    SN: d('0.09'),
    ST: d('0.09'),
    SH: d('0.09'),
    TH: d('0.09'),
  },
};
