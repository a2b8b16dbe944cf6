/**
 * German social-insurance and church-tax figures for 2025.
 * Each figure names the instrument and section that sets it, then where the value was read: fixtures/reference/de/
 * params-2025.md (section B and the Kirchensteuer table), which cites the Sozialversicherungs-Rechengrößenverordnung
 * 2025 (BGBl. 2024 I Nr. 365) through ivd.net, steuerkanzlei-kelbel.de, rentenberatung-aktuell.de, and the
 * pages named per line below. Wage-tax figures are inside the PAP 2025 (lohnsteuer/lohnsteuer2025.ts).
 */
import { Decimal } from '../../money.js';
import type { DeSocialParams } from './types.js';

const d = (value: string): Decimal => new Decimal(value);

export const params2025: DeSocialParams = {
  year: 2025,
  edition: 'SV 2025 (SV-RechengrößenVO 2025, BGBl. 2024 I Nr. 365); PAP 2025 revised 22.01.2025',

  ceilings: {
    // BBG KV/PV 66,150 €/year = 5,512.50 €/month: § 223 Abs. 3 SGB V, § 55 Abs. 2 SGB XI, SV-RechengrößenVO 2025
    // (params-2025.md B; ivd.net, steuerkanzlei-kelbel).
    healthCareAnnual: d('66150'),
    // BBG RV/ALV 96,600 €/year = 8,050 €/month, nationwide from 2025 – no East/West split: § 159 SGB VI,
    // § 341 Abs. 4 SGB III, SV-RechengrößenVO 2025 (params-2025.md B).
    pensionUnemploymentAnnual: d('96600'),
    // BBG knappschaftliche RV 118,800 €/year: § 159 SGB VI, SV-RechengrößenVO 2025 (params-2025.md B).
    miningPensionAnnual: d('118800'),
  },

  health: {
    // KV general rate 14.6 % (7.3/7.3): § 241 SGB V, split § 249 Abs. 1 SGB V (params-2025.md B; ivd.net; vdwbayern.de).
    generalRate: d('0.146'),
    // KV reduced rate 14.0 % (no sick-pay entitlement): § 243 SGB V (params-2025.md B; ivd.net; vdwbayern.de).
    reducedRate: d('0.14'),
    // Average Zusatzbeitrag 2025 2.5 %: § 242a SGB V, published by the BMG (params-2025.md B; vdwbayern; big-direkt; nwb 1055044).
    averageAdditionalRate: d('0.025'),
  },

  care: {
    // PV 3.6 %: § 55 Abs. 1 SGB XI (params-2025.md B; steuergo.de; ihk chemnitz).
    totalRate: d('0.036'),
    // PV employee / employer 1.8 % each outside Saxony: § 58 Abs. 1 SGB XI (params-2025.md B; steuergo; ihk chemnitz).
    employeeRate: d('0.018'),
    employerRate: d('0.018'),
    // Saxony (Buß- und Bettag kept): employee 2.3 %, employer 1.3 %: § 58 Abs. 3 SGB XI
    // (params-2025.md B; steuergo; ihk chemnitz; PAP MPARA PVSATZAN 0.023).
    saxonyEmployeeRate: d('0.023'),
    saxonyEmployerRate: d('0.013'),
    // Childless surcharge +0.6 %, employee only, from completed age 23, not if born before 1940:
    // § 55 Abs. 3 SGB XI, borne by the employee § 58 Abs. 1 SGB XI (params-2025.md B; steuergo; conscienta; contribution-rules.md 4).
    childlessSurcharge: d('0.006'),
    childlessSurchargeFromAge: 23,
    childlessSurchargeBornFrom: 1940,
    // −0.25 %-points per child from the 2nd to the 5th child (at most 4 reductions) while under 25, employee only:
    // § 55 Abs. 3 SGB XI (params-2025.md B; steuergo; vdek).
    childReduction: d('0.0025'),
    maxChildReductions: 4,
    childMaxAge: 25,
  },

  // RV 18.6 % (9.3/9.3): § 158 SGB VI, split § 168 Abs. 1 Nr. 1 SGB VI (params-2025.md B; ivd.net; derlehnen.de).
  pension: { rate: d('0.186') },
  // ALV 2.6 % (1.3/1.3): § 341 Abs. 2 SGB III, split § 346 Abs. 1 SGB III (params-2025.md B; ivd.net; derlehnen.de).
  unemployment: { rate: d('0.026') },

  levies: {
    // Insolvenzgeldumlage U3 0.15 %: § 360 SGB III (params-2025.md B; ivd.net; aok.de Minijob 2025 table).
    insolvencyRate: d('0.0015'),
  },

  minijob: {
    // Geringfügigkeitsgrenze 556 €/month = Mindestlohn × 130 / 3: § 8 Abs. 1a SGB IV (params-2025.md B; lohn-info.de; aok.de Minijob 2025).
    monthlyLimit: d('556'),
    // Mindestlohn 12.82 €/h from 1 January 2025: § 1 Abs. 2 MiLoG with the Vierte Mindestlohnanpassungsverordnung (params-2025.md B).
    minimumWagePerHour: d('12.82'),
    // Employer flat KV 13 %: § 249b S. 1 SGB V (params-2025.md B; aok.de Minijob 2025; steuertipps.de).
    employerHealthRate: d('0.13'),
    // Employer flat RV 15 %: § 172 Abs. 3 S. 1 SGB VI (params-2025.md B; aok.de Minijob 2025; steuertipps.de).
    employerPensionRate: d('0.15'),
    // Pauschsteuer 2 % (covers LSt, Soli, KiSt): § 40a Abs. 2 EStG (params-2025.md B; aok.de Minijob 2025; steuertipps.de).
    flatTaxRate: d('0.02'),
    // Minijob-Zentrale U1 1.1 %, U2 0.22 %: § 7 AAG with the Minijob-Zentrale's statute (params-2025.md B; aok.de Minijob 2025).
    u1Rate: d('0.011'),
    u2Rate: d('0.0022'),
    // Employee RV top-up 3.6 % (18.6 − 15) unless exempt (§ 6 Abs. 1b SGB VI): § 168 Abs. 1 Nr. 1b SGB VI
    // (params-2025.md B; aok.de Minijob 2025).
    employeePensionTopUpRate: d('0.036'),
    // Minimum RV base 175 €/month: § 163 Abs. 8 SGB VI; BVV § 2 Abs. 1 S. 5 (params-2025.md B; lohn-info).
    minimumPensionBaseMonthly: d('175'),
  },

  midijob: {
    // Übergangsbereich from 556.01 € (the Geringfügigkeitsgrenze): § 20 Abs. 2 SGB IV with § 8 Abs. 1a SGB IV (params-2025.md B; bmas.de; lohn-info).
    lowerBound: d('556'),
    // … to 2,000.00 €/month: § 20 Abs. 2 SGB IV (params-2025.md B; bmas.de; lohn-info).
    upperBound: d('2000'),
    // Faktor F 2025 = 0.6683 (28 / 41.9), published by the BMAS: § 20 Abs. 2a SGB IV (params-2025.md B; ikk-classic; treuhand.de).
    factorF: d('0.6683'),
  },

  privateSubsidy: {
    // KV subsidy cap 7.3 % + half the 2.5 % average Zusatzbeitrag = 8.55 % of the KV base → 471.32 € at the BBG:
    // § 257 Abs. 2 SGB V (contribution-rules.md 7; params-2025.md A, PKV=2).
    healthCapRate: d('0.0855'),
    // PV subsidy cap 1.8 % → 99.23 € at the BBG: § 61 SGB XI (contribution-rules.md 7; params-2025.md A).
    careCapRate: d('0.018'),
    // PV subsidy cap in Saxony 1.3 % → 71.66 €: § 61 SGB XI with § 58 Abs. 3 SGB XI (contribution-rules.md 7; params-2025.md A).
    careCapRateSaxony: d('0.013'),
  },

  // Church tax 8 % in Bayern and Baden-Württemberg, 9 % elsewhere: the Länder's Kirchensteuergesetze with the churches'
  // rate resolutions (params-2025.md, Kirchensteuer table, which found no primary Landes-KiStG text; rp-online.de).
  // Every state below carries this one source.
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
