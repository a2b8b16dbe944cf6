/**
 * German social-insurance and church-tax figures for 2026.
 * Each figure names the instrument and section that sets it, then where the value was read: fixtures/reference/de/
 * params-2026.md (section B and the church-tax note), which cites the Sozialversicherungs-Rechengrößenverordnung
 * 2026 of 24.11.2025 (BGBl. 2025 I Nr. 278) through ihk.de/halle, gmb-beratung.de, wista-ag.de, and the pages
 * named per line below. Wage-tax figures are inside the PAP 2026 (lohnsteuer/lohnsteuer2026.ts).
 */
import { Decimal } from '../../money.js';
import type { DeSocialParams } from './types.js';

const d = (value: string): Decimal => new Decimal(value);

export const params2026: DeSocialParams = {
  year: 2026,
  edition: 'SV 2026 (SV-RechengrößenVO 2026, BGBl. 2025 I Nr. 278); PAP 2026 of 12.11.2025',

  ceilings: {
    // BBG KV/PV 69,750 €/year = 5,812.50 €/month: § 223 Abs. 3 SGB V, § 55 Abs. 2 SGB XI, SV-RechengrößenVO 2026
    // (params-2026.md B; ihk halle; gmb-beratung; wista-ag).
    healthCareAnnual: d('69750'),
    // BBG RV/ALV 101,400 €/year = 8,450 €/month: § 159 SGB VI, § 341 Abs. 4 SGB III, SV-RechengrößenVO 2026 (same sources).
    pensionUnemploymentAnnual: d('101400'),
    // BBG knappschaftliche RV 124,800 €/year: § 159 SGB VI, SV-RechengrößenVO 2026 (params-2026.md B; gmb-beratung; krankengeld24).
    miningPensionAnnual: d('124800'),
  },

  health: {
    // KV general rate 14.6 % (7.3/7.3): § 241 SGB V, split § 249 Abs. 1 SGB V (params-2026.md B; mf.sachsen-anhalt.de).
    generalRate: d('0.146'),
    // KV reduced rate 14.0 %: § 243 SGB V (params-2026.md B; mf.sachsen-anhalt.de).
    reducedRate: d('0.14'),
    // Average Zusatzbeitrag 2026 2.9 %: § 242a SGB V, published by the BMG (params-2026.md B; aerzteblatt; mf.sachsen-anhalt).
    averageAdditionalRate: d('0.029'),
  },

  care: {
    // PV 3.6 % unchanged: § 55 Abs. 1 SGB XI (params-2026.md B; mf.sachsen-anhalt; wista-ag; osborneclarke).
    totalRate: d('0.036'),
    // PV employee / employer 1.8 % each outside Saxony: § 58 Abs. 1 SGB XI (params-2026.md B; mf.sachsen-anhalt).
    employeeRate: d('0.018'),
    employerRate: d('0.018'),
    // Saxony: employee 2.3 %, employer 1.3 %: § 58 Abs. 3 SGB XI (params-2026.md B; deutsche-flagge.de 2026 table; PAP MPARA PVSATZAN 0.023).
    saxonyEmployeeRate: d('0.023'),
    saxonyEmployerRate: d('0.013'),
    // Childless surcharge +0.6 % from the month after completing 23, not if born before 1940: § 55 Abs. 3 SGB XI,
    // borne by the employee § 58 Abs. 1 SGB XI (params-2026.md B; mf.sachsen-anhalt; haufe PI42323_HI15765261).
    childlessSurcharge: d('0.006'),
    childlessSurchargeFromAge: 23,
    childlessSurchargeBornFrom: 1940,
    // −0.25 %-points per child from the 2nd to the 5th child (at most 4 reductions) while under 25, employee only:
    // § 55 Abs. 3 SGB XI (params-2026.md B; mf.sachsen-anhalt; haufe; wista-ag).
    childReduction: d('0.0025'),
    maxChildReductions: 4,
    childMaxAge: 25,
  },

  // RV 18.6 % (9.3/9.3) unchanged: § 158 SGB VI, split § 168 Abs. 1 Nr. 1 SGB VI (params-2026.md B; mf.sachsen-anhalt; wista-ag).
  pension: { rate: d('0.186') },
  // ALV 2.6 % (1.3/1.3) unchanged: § 341 Abs. 2 SGB III, split § 346 Abs. 1 SGB III (params-2026.md B; mf.sachsen-anhalt; wista-ag).
  unemployment: { rate: d('0.026') },

  levies: {
    // Insolvenzgeldumlage U3 0.15 % unchanged: § 360 SGB III (params-2026.md B; nwb 1088218; minijobs-aktuell; wista-ag).
    insolvencyRate: d('0.0015'),
  },

  minijob: {
    // Geringfügigkeitsgrenze 603 €/month = Mindestlohn × 130 / 3 rounded up: § 8 Abs. 1a SGB IV
    // (params-2026.md B; steuerberater-kurth; stb-roesner).
    monthlyLimit: d('603'),
    // Mindestlohn 13.90 €/h from 1 January 2026: § 1 Abs. 2 MiLoG with the Fünfte Mindestlohnanpassungsverordnung (params-2026.md B).
    minimumWagePerHour: d('13.90'),
    // Employer flat KV 13 %: § 249b S. 1 SGB V (params-2026.md B; minijobs-aktuell.de; personalwissen.de).
    employerHealthRate: d('0.13'),
    // Employer flat RV 15 %: § 172 Abs. 3 S. 1 SGB VI (params-2026.md B; minijobs-aktuell.de; personalwissen.de).
    employerPensionRate: d('0.15'),
    // Pauschsteuer 2 % (covers LSt, Soli, KiSt): § 40a Abs. 2 EStG (params-2026.md B).
    flatTaxRate: d('0.02'),
    // Minijob-Zentrale U1 0.8 % (2025: 1.1 %), U2 0.22 %: § 7 AAG with the Minijob-Zentrale's statute
    // (params-2026.md B; minijobs-aktuell.de "Minijob-Zentrale senkt U1-Beiträge 2026"; personalwissen.de).
    u1Rate: d('0.008'),
    u2Rate: d('0.0022'),
    // Employee RV top-up 3.6 % unless exempt (§ 6 Abs. 1b SGB VI): § 168 Abs. 1 Nr. 1b SGB VI (params-2026.md B; minijob-zentrale FAQ 53).
    employeePensionTopUpRate: d('0.036'),
    // Minimum RV base 175 €/month: § 163 Abs. 8 SGB VI; BVV § 2 Abs. 1 S. 5 (params-2026.md B; buzer BVV § 2; minijobs-aktuell).
    minimumPensionBaseMonthly: d('175'),
  },

  midijob: {
    // Übergangsbereich from 603.01 € (the Geringfügigkeitsgrenze): § 20 Abs. 2 SGB IV with § 8 Abs. 1a SGB IV (params-2026.md B; haufe.de).
    lowerBound: d('603'),
    // … to 2,000.00 €/month: § 20 Abs. 2 SGB IV (params-2026.md B; haufe.de; steuerberater-kurth).
    upperBound: d('2000'),
    // Faktor F 2026 = 0.6619 (28 / 42.3), published by the BMAS: § 20 Abs. 2a SGB IV (params-2026.md B; haufe.de; steuerberater-kurth).
    factorF: d('0.6619'),
  },

  privateSubsidy: {
    // KV subsidy cap 7.3 % + half the 2.9 % average = 8.75 % → 508.59 € at the BBG: § 257 Abs. 2 SGB V
    // (params-2026.md B; lohn-info.de privatversichert_2026).
    healthCapRate: d('0.0875'),
    // PV subsidy cap 1.8 % → 104.63 €: § 61 SGB XI (params-2026.md B).
    careCapRate: d('0.018'),
    // PV subsidy cap in Saxony 1.3 % → 75.56 €: § 61 SGB XI with § 58 Abs. 3 SGB XI (params-2026.md B).
    careCapRateSaxony: d('0.013'),
  },

  // Church tax 8 % in Bayern and Baden-Württemberg, 9 % elsewhere: the Länder's Kirchensteuergesetze with the churches'
  // rate resolutions (params-2026.md, church-tax note; params-2025.md Kirchensteuer table). Every state below carries this one source.
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
