/**
 * German social-insurance and church-tax figures for 2025.
 * Source: fixtures/reference/de/params-2025.md (section B and the Kirchensteuer table), which cites
 * the SV-Rechengrößenverordnung 2025 (BGBl. 2024 I Nr. 365) through ivd.net, steuerkanzlei-kelbel.de,
 * rentenberatung-aktuell.de, and the insurer pages named per line below.
 */
import { Decimal } from '../../money.js';
import type { DeSocialParams } from './types.js';

const d = (value: string): Decimal => new Decimal(value);

export const params2025: DeSocialParams = {
  year: 2025,
  edition: 'SV 2025 (SV-RechengrößenVO 2025, BGBl. 2024 I Nr. 365); PAP 2025 revised 22.01.2025',

  ceilings: {
    // BBG KV/PV 66,150 €/year = 5,512.50 €/month (params-2025.md B; ivd.net, steuerkanzlei-kelbel).
    healthCareAnnual: d('66150'),
    // BBG RV/ALV 96,600 €/year = 8,050 €/month, nationwide from 2025 – no East/West split (params-2025.md B).
    pensionUnemploymentAnnual: d('96600'),
    // BBG knappschaftliche RV 118,800 €/year (params-2025.md B).
    miningPensionAnnual: d('118800'),
  },

  health: {
    // KV 14.6 % (7.3/7.3), reduced 14.0 % (ivd.net; vdwbayern.de).
    generalRate: d('0.146'),
    reducedRate: d('0.14'),
    // Average Zusatzbeitrag 2025 (§ 242a SGB V): 2.5 % (vdwbayern; big-direkt; nwb 1055044).
    averageAdditionalRate: d('0.025'),
  },

  care: {
    // PV 3.6 % (1.8/1.8) (steuergo.de; ihk chemnitz).
    totalRate: d('0.036'),
    employeeRate: d('0.018'),
    employerRate: d('0.018'),
    // Saxony: employee 2.3 %, employer 1.3 % (steuergo; ihk chemnitz; PAP MPARA PVSATZAN 0.023).
    saxonyEmployeeRate: d('0.023'),
    saxonyEmployerRate: d('0.013'),
    // Childless surcharge +0.6 %, employee only, from completed age 23, not if born before 1940
    // (steuergo; conscienta; contribution-rules.md 4).
    childlessSurcharge: d('0.006'),
    childlessSurchargeFromAge: 23,
    childlessSurchargeBornFrom: 1940,
    // −0.25 %-points per child from the 2nd to the 5th child under 25, employee only (steuergo; vdek).
    childReduction: d('0.0025'),
    maxChildReductions: 4,
    childMaxAge: 25,
  },

  // RV 18.6 % (9.3/9.3), ALV 2.6 % (1.3/1.3) (ivd.net; derlehnen.de).
  pension: { rate: d('0.186') },
  unemployment: { rate: d('0.026') },

  levies: {
    // Insolvenzgeldumlage U3 0.15 % (ivd.net; aok.de Minijob 2025 table).
    insolvencyRate: d('0.0015'),
  },

  minijob: {
    // Geringfügigkeitsgrenze 556 €/month = Mindestlohn 12.82 €/h × 130 / 3 (lohn-info.de; aok.de Minijob 2025).
    monthlyLimit: d('556'),
    minimumWagePerHour: d('12.82'),
    // Employer flat rates (commercial): KV 13 %, RV 15 %, Pauschsteuer 2 %, U1 1.1 %, U2 0.22 % (aok.de Minijob 2025; steuertipps.de).
    employerHealthRate: d('0.13'),
    employerPensionRate: d('0.15'),
    flatTaxRate: d('0.02'),
    u1Rate: d('0.011'),
    u2Rate: d('0.0022'),
    // Employee RV top-up 3.6 % (18.6 − 15), minimum base 175 €/month (aok.de; lohn-info; BVV § 2 Abs. 1 S. 5).
    employeePensionTopUpRate: d('0.036'),
    minimumPensionBaseMonthly: d('175'),
  },

  midijob: {
    // Übergangsbereich 556.01 – 2,000.00 €/month; Faktor F 2025 = 0.6683 (bmas.de; lohn-info; ikk-classic; treuhand.de).
    lowerBound: d('556'),
    upperBound: d('2000'),
    factorF: d('0.6683'),
  },

  privateSubsidy: {
    // § 257 SGB V cap: 7.3 % + half the 2.5 % average Zusatzbeitrag = 8.55 % of the KV base → 471.32 € at the BBG
    // (contribution-rules.md 7); § 61 SGB XI PV cap: 1.8 % (Saxony 1.3 %) → 99.23 € (71.66 €).
    healthCapRate: d('0.0855'),
    careCapRate: d('0.018'),
    careCapRateSaxony: d('0.013'),
  },

  // Church tax 8 % in Bayern and Baden-Württemberg, 9 % elsewhere (params-2025.md, Kirchensteuer table).
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
