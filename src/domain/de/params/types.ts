/**
 * The shape of one year's German social-insurance and church-tax figures.
 * Wage tax figures live inside the PAP (src/domain/de/lohnsteuer); this module holds everything
 * around it. Rates are fractions (0.073 = 7.3 %), amounts are euros, all as Decimal.
 */
import type { Decimal } from '../../money.js';
import type { StateCode } from './states.js';

export interface DeSocialParams {
  /** The calendar year; equal to the edition registry's key for this file (checked by the conformance suite). */
  year: number;
  /** Human-readable edition, returned with every calculation. */
  edition: string;

  /** Annual contribution ceilings (Beitragsbemessungsgrenzen). Nationwide from 2025 (no East/West split). */
  ceilings: {
    /** KV/PV, per year. */
    healthCareAnnual: Decimal;
    /** RV/ALV (general pension insurance), per year. */
    pensionUnemploymentAnnual: Decimal;
    /** Knappschaftliche RV, per year (informational; not selectable through the request). */
    miningPensionAnnual: Decimal;
  };

  health: {
    /** Allgemeiner Beitragssatz, split half/half. */
    generalRate: Decimal;
    /** Ermäßigter Beitragssatz (no sick-pay entitlement; not selectable through the request). */
    reducedRate: Decimal;
    /** Durchschnittlicher Zusatzbeitragssatz § 242a SGB V (fallback and PKV-subsidy cap). */
    averageAdditionalRate: Decimal;
  };

  care: {
    /** Total PV rate (both shares). */
    totalRate: Decimal;
    /** Employee standard share outside Saxony. */
    employeeRate: Decimal;
    /** Employer share outside Saxony. */
    employerRate: Decimal;
    /** Saxony: employee share (the Buß- und Bettag holiday is kept there). */
    saxonyEmployeeRate: Decimal;
    saxonyEmployerRate: Decimal;
    /** Childless surcharge, employee only. */
    childlessSurcharge: Decimal;
    /** Completed age from which the surcharge applies. */
    childlessSurchargeFromAge: number;
    /** Members born before this year never pay the surcharge. */
    childlessSurchargeBornFrom: number;
    /** Reduction per child from the 2nd child on, employee share only. */
    childReduction: Decimal;
    /** At most this many reductions (2nd to 5th child). */
    maxChildReductions: number;
    /** Children count while under this age. */
    childMaxAge: number;
  };

  pension: { rate: Decimal };
  unemployment: { rate: Decimal };

  /** Umlagen: U3 (Insolvenzgeldumlage) is nationwide; U1/U2 are insurer-specific except for minijobs. */
  levies: {
    insolvencyRate: Decimal;
  };

  minijob: {
    /** Geringfügigkeitsgrenze per month. */
    monthlyLimit: Decimal;
    /** Statutory minimum wage per hour (the minijob limit is derived from it). */
    minimumWagePerHour: Decimal;
    employerHealthRate: Decimal;
    employerPensionRate: Decimal;
    /** Pauschsteuer § 40a Abs. 2 EStG (covers LSt, Soli, KiSt). */
    flatTaxRate: Decimal;
    /** Minijob-Zentrale U1/U2 rates. */
    u1Rate: Decimal;
    u2Rate: Decimal;
    /** Employee RV top-up = full RV rate − employer flat rate. */
    employeePensionTopUpRate: Decimal;
    /** Mindestbeitragsbemessungsgrundlage per month (BVV § 2 Abs. 1 S. 5). */
    minimumPensionBaseMonthly: Decimal;
  };

  midijob: {
    /** Lower bound G (= minijob limit); the band starts one cent above it. */
    lowerBound: Decimal;
    /** Upper bound O. */
    upperBound: Decimal;
    /** Faktor F, as published (4 decimals). */
    factorF: Decimal;
  };

  /** § 257 SGB V / § 61 SGB XI employer subsidy for privately insured employees. */
  privateSubsidy: {
    /** Employer share rate used for the KV cap: general/2 + average additional rate/2. */
    healthCapRate: Decimal;
    /** PV cap rate (employer share) outside Saxony. */
    careCapRate: Decimal;
    /** PV cap rate in Saxony. */
    careCapRateSaxony: Decimal;
  };

  /** Church wage tax rate applied to the PAP base BK/BKS, per federal state. */
  churchTaxRate: Record<StateCode, Decimal>;
}
