/**
 * German social insurance for one employee and one pay period: KV (general rate + the insurer's
 * Zusatzbeitrag), PV (Saxony split, childless surcharge, child reductions), RV, ALV, the employer
 * levies U1/U2/U3, the Übergangsbereich (midijob), minijob flat rates, and the § 257 SGB V /
 * § 61 SGB XI employer subsidy for privately insured employees.
 *
 * Rules and rounding: fixtures/reference/de/contribution-rules.md. In short: bases are the period's
 * wage up to the period's ceiling; each contribution is rounded half up to the cent with no rounding
 * of intermediate results (BVV § 1); half/half contributions are round(base × half rate) for each
 * side (BVV § 2 Abs. 1 S. 1); shares that differ (Saxony PV, surcharge, reductions) are rounded
 * separately per side (S. 3/S. 4); the Zusatzbeitrag is rounded separately from the 7.3 % part.
 *
 * Pure: no I/O, no clock. Every figure is a Decimal in euros; whole-cent inputs run on the integer kernel
 * (sv-cents.ts), which gives the same figures and steps.
 */
import { Decimal, ZERO } from '../money.js';
import { inMidijobBand, midijobBand, midijobBases, type MidijobBand, type MidijobBases } from './midijob.js';
import { minijobContributions } from './minijob.js';
import type { DeSocialParams } from './params/index.js';
import { socialInsuranceCents } from './sv-cents.js';
import { periodCeiling, roundCents } from './sv-period.js';

/**
 * Hears each step taken; a step may carry the figures it used (euros and rates as decimal strings, issue 18 point
 * 7: a stored run explains its contributions from them). Without a trace no figure is formatted.
 */
export type SvTrace = (flow: string, node: string, values?: Readonly<Record<string, string>>) => void;

const eur = (value: Decimal): string => value.toFixed(2);
/** A rate's text, remembered per object: the year's rates are the same objects in every payslip. */
const rateTexts = new WeakMap<Decimal, string>();
function rate(value: Decimal): string {
  let text = rateTexts.get(value);
  if (text === undefined) {
    text = value.toString();
    rateTexts.set(value, text);
  }
  return text;
}

export type EmploymentKind = 'regular' | 'midijob' | 'minijob';

export interface SocialInsuranceInput {
  /** SV days of the pay period: 30 per month, 7 per week, 1 per day, 360 per year. */
  svDays: number;
  /** Current (regular) contributory wage of the period, benefits in kind included. */
  currentWage: Decimal;
  /** Contributory one-off payments of the period (Einmalzahlungen). */
  oneOffWage: Decimal;
  /**
   * The one-off's contributory part per branch group (§ 23a Abs. 3 SGB IV: the pro-rated annual ceiling minus the
   * bases already charged), from the month engine, which knows the year so far. It is added to the current wage
   * capped at the period's ceiling (one rounding of the sum, run-rules.md convention
   * `one_off_base_rounded_together_with_regular_base`), so the month's base may exceed the monthly ceiling.
   * Absent: the one-off counts against the period's ceiling (the stateless endpoint). Regular employment only.
   */
  oneOffBases?: { healthCare: Decimal; pensionUnemployment: Decimal };
  employment: EmploymentKind;
  /** Statutorily health and care insured (false = private KV/PV). */
  statutoryHealth: boolean;
  /** Insurer's Zusatzbeitragssatz as a fraction (0.025 = 2.5 %). */
  additionalRate: Decimal;
  /** Workplace in Saxony: PV split 2.3 % / 1.3 %. */
  saxony: boolean;
  /** Childless from completed age 23 (and born 1940 or later): +0.6 % employee PV. */
  childlessSurcharge: boolean;
  /** PV reductions for the 2nd to 5th child under 25 (0–4). */
  childReductions: number;
  /** U1 and U2 as fractions. */
  u1Rate: Decimal;
  u2Rate: Decimal;
  /** Monthly private premiums (health, care), used only when not statutorily insured. */
  privateHealthMonthly: Decimal;
  privateCareMonthly: Decimal;
  /** Minijob details (employment = 'minijob'). */
  minijob?: { pensionExemption: boolean; flatTaxPaidByEmployee: boolean };
}

export interface EmployeeContributions {
  health: Decimal;
  care: Decimal;
  pension: Decimal;
  unemployment: Decimal;
  total: Decimal;
}

export interface EmployerContributions {
  health: Decimal;
  care: Decimal;
  pension: Decimal;
  unemployment: Decimal;
  /** U1 (Entgeltfortzahlung bei Krankheit). */
  sickPay: Decimal;
  /** U2 (Mutterschaft). */
  maternity: Decimal;
  /** U3 (Insolvenzgeldumlage). */
  insolvency: Decimal;
  /** Minijob 2 % Pauschsteuer borne by the employer. */
  flatTax: Decimal;
  /** § 257 SGB V subsidy to a private health premium. */
  privateHealthSubsidy: Decimal;
  /** § 61 SGB XI subsidy to a private care premium. */
  privateCareSubsidy: Decimal;
}

export interface SocialInsuranceResult {
  employee: EmployeeContributions;
  employer: EmployerContributions;
  /** Minijob flat tax passed on to the employee (deducted from net). */
  employeeFlatTax: Decimal;
  /**
   * The Zusatzbeitrag (§ 242 SGB V) part of `employee.health` and `employer.health`: the Beitragsnachweis reports it
   * apart from the general rate's part (BW02 field ZBP). Zero for minijobs and the privately insured.
   */
  additional: { employee: Decimal; employer: Decimal };
  /** KV/PV base (reduced base BE for a midijob). */
  healthBase: Decimal;
  /** RV/ALV base (BE for a midijob; the 175 € minimum for a minijob below it). */
  pensionBase: Decimal;
  /** Base of U1/U2. */
  levyBase: Decimal;
  /** Midijob bases when the Übergangsbereich applied. */
  midijob?: MidijobBases;
  /** The employment kind actually applied (a midijob outside the band is computed as regular). */
  appliedEmployment: EmploymentKind;
  /** The period's ceilings. */
  ceilings: { healthCare: Decimal; pensionUnemployment: Decimal };
}

export { periodCeiling, roundCents } from './sv-period.js';

/** Scales a monthly amount to the pay period by SV days, half up to the cent. */
export function monthlyToPeriod(monthly: Decimal, svDays: number): Decimal {
  if (svDays === 30) return monthly;
  return roundCents(monthly.mul(svDays).div(30));
}

/** The employee's PV rate outside the Übergangsbereich: standard share + surcharge − reductions. */
export function employeeCareRate(params: DeSocialParams, saxony: boolean, childlessSurcharge: boolean, childReductions: number): Decimal {
  const care = params.care;
  const standard = saxony ? care.saxonyEmployeeRate : care.employeeRate;
  const reductions = Math.min(Math.max(childReductions, 0), care.maxChildReductions);
  // BVV § 2 Abs. 1 S. 4: the surcharge and the reductions are the employee's alone.
  if (childlessSurcharge) return standard.plus(care.childlessSurcharge);
  return standard.minus(care.childReduction.mul(reductions));
}

/** Figures derived from a year's parameters for a pay period length; computed once and reused. */
interface Derived {
  ceilings: { healthCare: Decimal; pensionUnemployment: Decimal };
  band: MidijobBand;
  halfGeneral: Decimal;
  halfPension: Decimal;
  halfUnemployment: Decimal;
  halfCare: Decimal;
}

const DERIVED = new WeakMap<DeSocialParams, Map<number, Derived>>();

function derived(params: DeSocialParams, svDays: number): Derived {
  let bySvDays = DERIVED.get(params);
  if (!bySvDays) DERIVED.set(params, (bySvDays = new Map()));
  let value = bySvDays.get(svDays);
  if (!value) {
    value = {
      ceilings: {
        healthCare: periodCeiling(params.ceilings.healthCareAnnual, svDays),
        pensionUnemployment: periodCeiling(params.ceilings.pensionUnemploymentAnnual, svDays),
      },
      band: midijobBand(params, svDays),
      halfGeneral: params.health.generalRate.div(2),
      halfPension: params.pension.rate.div(2),
      halfUnemployment: params.unemployment.rate.div(2),
      halfCare: params.care.totalRate.div(2),
    };
    bySvDays.set(svDays, value);
  }
  return value;
}

/**
 * The contributions of one period: the integer kernel (sv-cents.ts) for whole-cent inputs within its range, this
 * Decimal reference for the rest. Both give the same results and the same steps (sv-cents.property.test.ts).
 */
export function calculateSocialInsurance(params: DeSocialParams, input: SocialInsuranceInput, trace?: SvTrace): SocialInsuranceResult {
  return socialInsuranceCents(params, input, trace) ?? calculateSocialInsuranceDecimal(params, input, trace);
}

/** The Decimal reference: every figure a Decimal in euros, each rounding where the rules put it. */
export function calculateSocialInsuranceDecimal(params: DeSocialParams, input: SocialInsuranceInput, trace?: SvTrace): SocialInsuranceResult {
  const fixed = derived(params, input.svDays);
  const ceilings = fixed.ceilings;
  const wage = input.currentWage.plus(input.oneOffWage);

  if (input.employment === 'minijob') return minijob(params, input, wage, ceilings, trace);

  const band = fixed.band;
  const midijob = input.employment === 'midijob' && inMidijobBand(wage, band);
  trace?.('SV', midijob ? 'MIDIJOB' : 'REGULAR');

  // Bases: the period's wage up to the period's ceiling (contribution-rules.md 1); with the year's one-off bases
  // (§ 23a Abs. 3 SGB IV) the current wage up to the ceiling plus the one-off's contributory part.
  const oneOffBases = midijob ? undefined : input.oneOffBases;
  const healthBase = oneOffBases
    ? Decimal.min(input.currentWage, ceilings.healthCare).plus(oneOffBases.healthCare)
    : Decimal.min(wage, ceilings.healthCare);
  const pensionBase = oneOffBases
    ? Decimal.min(input.currentWage, ceilings.pensionUnemployment).plus(oneOffBases.pensionUnemployment)
    : Decimal.min(wage, ceilings.pensionUnemployment);
  if (wage.gt(ceilings.healthCare)) trace?.('SV', 'CEILING_KV_PV');
  if (wage.gt(ceilings.pensionUnemployment)) trace?.('SV', 'CEILING_RV_ALV');
  // § 223 SGB V, § 341 SGB III, § 157 SGB VI: the contributory wage up to the ceilings (BBG), pro-rated by SV days (§ 23a SGB IV for one-offs).
  trace?.('SV', 'BASES', {
    SV_TAGE: String(input.svDays),
    laufendes_Entgelt: eur(input.currentWage),
    Einmalzahlung: eur(input.oneOffWage),
    BBG_KV_PV_Jahr: eur(params.ceilings.healthCareAnnual),
    BBG_KV_PV: eur(ceilings.healthCare),
    BBG_RV_ALV_Jahr: eur(params.ceilings.pensionUnemploymentAnnual),
    BBG_RV_ALV: eur(ceilings.pensionUnemployment),
    ...(oneOffBases ? { Einmalzahlung_KV_PV_anteilig: eur(oneOffBases.healthCare), Einmalzahlung_RV_ALV_anteilig: eur(oneOffBases.pensionUnemployment) } : {}),
    Beitragsbemessungsgrundlage_KV_PV: eur(healthBase),
    Beitragsbemessungsgrundlage_RV_ALV: eur(pensionBase),
  });

  const { halfGeneral, halfPension, halfUnemployment } = fixed;
  const halfAdditional = input.additionalRate.div(2);
  const care = params.care;
  const standardEmployeeCare = input.saxony ? care.saxonyEmployeeRate : care.employeeRate;
  const employerCare = input.saxony ? care.saxonyEmployerRate : care.employerRate;
  if (input.saxony) trace?.('SV', 'PV_SAXONY');

  const employee = { health: ZERO, care: ZERO, pension: ZERO, unemployment: ZERO };
  const employer = { health: ZERO, care: ZERO, pension: ZERO, unemployment: ZERO };
  const additionalPart = { employee: ZERO, employer: ZERO };
  let bases: MidijobBases | undefined;

  if (midijob) {
    bases = midijobBases(wage, band, params.midijob.factorF);
    trace?.('SV', 'MIDIJOB_BASES', { Arbeitsentgelt: eur(wage), Faktor_F: rate(params.midijob.factorF), BE_gesamt: eur(bases.total), BE_Arbeitnehmer: eur(bases.employee) });
    const total = bases.total;
    const share = bases.employee;
    // contribution-rules.md 5: total = 2 × round(BE × half rate); employee = round(BE_AN × half rate);
    // employer = total − employee (AOK RdSchr. 19d Tit. 5.3.3.1).
    const split = (halfRate: Decimal): { employee: Decimal; employer: Decimal } => {
      const sum = roundCents(total.mul(halfRate)).mul(2);
      const employeeShare = roundCents(share.mul(halfRate));
      return { employee: employeeShare, employer: sum.minus(employeeShare) };
    };
    if (input.statutoryHealth) {
      // KV general part and Zusatzbeitrag each split and rounded on their own (contribution-rules.md 3).
      const general = split(halfGeneral);
      const additional = split(halfAdditional);
      employee.health = general.employee.plus(additional.employee);
      employer.health = general.employer.plus(additional.employer);
      additionalPart.employee = additional.employee;
      additionalPart.employer = additional.employer;
      trace?.('SV', 'KV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), allgemeiner_Beitragssatz_halb: rate(halfGeneral), Zusatzbeitrag_halb: rate(halfAdditional), Arbeitnehmer: eur(employee.health), Arbeitgeber: eur(employer.health) });
      // PV total = 2 × round(BE × 1.8 %); the employee's standard share is round(BE_AN × standard rate)
      // (Saxony 2.3 %, convention midijob_saxony_pv_split); the employer pays the rest, untouched by
      // surcharge and reductions.
      const careTotal = roundCents(total.mul(fixed.halfCare)).mul(2);
      const employeeStandard = roundCents(share.mul(standardEmployeeCare));
      employer.care = careTotal.minus(employeeStandard);
      // Employee: round(BE_AN × (standard − 0.25 % × n) + BE × 0.6 %), one rounding for the whole share:
      // child reductions on BE_AN (convention midijob_pv_child_reduction_base), the childless surcharge
      // on BE (convention midijob_pv_childless_surcharge_base); both are the employee's alone.
      const reductions = input.childlessSurcharge ? 0 : Math.min(Math.max(input.childReductions, 0), care.maxChildReductions);
      let employeeCare = share.mul(standardEmployeeCare.minus(care.childReduction.mul(reductions)));
      if (reductions > 0) trace?.('SV', 'PV_CHILD_REDUCTION');
      if (input.childlessSurcharge) {
        employeeCare = employeeCare.plus(total.mul(care.childlessSurcharge));
        trace?.('SV', 'PV_CHILDLESS_SURCHARGE');
      }
      employee.care = roundCents(employeeCare);
      trace?.('SV', 'PV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), Beitragssatz_Arbeitnehmer: rate(standardEmployeeCare.minus(care.childReduction.mul(reductions))), Kinderlosenzuschlag: input.childlessSurcharge ? rate(care.childlessSurcharge) : '0', Arbeitnehmer: eur(employee.care), Arbeitgeber: eur(employer.care) });
    }
    const pension = split(halfPension);
    employee.pension = pension.employee;
    employer.pension = pension.employer;
    trace?.('SV', 'RV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), Beitragssatz_halb: rate(halfPension), Arbeitnehmer: eur(employee.pension), Arbeitgeber: eur(employer.pension) });
    const unemployment = split(halfUnemployment);
    employee.unemployment = unemployment.employee;
    employer.unemployment = unemployment.employer;
    trace?.('SV', 'ALV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), Beitragssatz_halb: rate(halfUnemployment), Arbeitnehmer: eur(employee.unemployment), Arbeitgeber: eur(employer.unemployment) });
  } else {
    if (input.statutoryHealth) {
      // BVV § 2 Abs. 1 S. 1: each side round(base × 7.3 %); the Zusatzbeitrag rounded separately (contribution-rules.md 3).
      const general = roundCents(healthBase.mul(halfGeneral));
      const additional = roundCents(healthBase.mul(halfAdditional));
      employee.health = general.plus(additional);
      employer.health = general.plus(additional);
      additionalPart.employee = additional;
      additionalPart.employer = additional;
      trace?.('SV', 'KV', { Beitragsbemessungsgrundlage: eur(healthBase), allgemeiner_Beitragssatz_halb: rate(halfGeneral), Zusatzbeitrag_halb: rate(halfAdditional), allgemeiner_Beitrag_je_Seite: eur(general), Zusatzbeitrag_je_Seite: eur(additional), Arbeitnehmer: eur(employee.health), Arbeitgeber: eur(employer.health) });
      // BVV § 2 Abs. 1 S. 3/S. 4: employee round(base × (standard + surcharge − reductions)), employer round(base × employer rate).
      employee.care = roundCents(healthBase.mul(employeeCareRate(params, input.saxony, input.childlessSurcharge, input.childReductions)));
      employer.care = roundCents(healthBase.mul(employerCare));
      if (input.childlessSurcharge) trace?.('SV', 'PV_CHILDLESS_SURCHARGE');
      else if (input.childReductions > 0) trace?.('SV', 'PV_CHILD_REDUCTION');
      trace?.('SV', 'PV', { Beitragsbemessungsgrundlage: eur(healthBase), Beitragssatz_Arbeitnehmer: rate(employeeCareRate(params, input.saxony, input.childlessSurcharge, input.childReductions)), Beitragssatz_Arbeitgeber: rate(employerCare), Arbeitnehmer: eur(employee.care), Arbeitgeber: eur(employer.care) });
    }
    // BVV § 2 Abs. 1 S. 1: each side round(base × 9.3 %) / round(base × 1.3 %).
    employee.pension = roundCents(pensionBase.mul(halfPension));
    employer.pension = employee.pension;
    trace?.('SV', 'RV', { Beitragsbemessungsgrundlage: eur(pensionBase), Beitragssatz_halb: rate(halfPension), Arbeitnehmer: eur(employee.pension), Arbeitgeber: eur(employer.pension) });
    employee.unemployment = roundCents(pensionBase.mul(halfUnemployment));
    employer.unemployment = employee.unemployment;
    trace?.('SV', 'ALV', { Beitragsbemessungsgrundlage: eur(pensionBase), Beitragssatz_halb: rate(halfUnemployment), Arbeitnehmer: eur(employee.unemployment), Arbeitgeber: eur(employer.unemployment) });
  }

  // Levies (contribution-rules.md 7): U1/U2 on the current RV-liable wage up to the RV ceiling
  // (one-off payments excluded), U3 on the RV-liable wage including one-off payments; BE in the
  // Übergangsbereich. Each round(base × rate) half up.
  const levyBase = bases ? bases.total : Decimal.min(input.currentWage, ceilings.pensionUnemployment);
  const insolvencyBase = bases ? bases.total : pensionBase;
  const sickPay = roundCents(levyBase.mul(input.u1Rate));
  const maternity = roundCents(levyBase.mul(input.u2Rate));
  const insolvency = roundCents(insolvencyBase.mul(params.levies.insolvencyRate));
  trace?.('SV', 'U1_U2_U3', { Umlagegrundlage_U1_U2: eur(levyBase), U1_Satz: rate(input.u1Rate), U1: eur(sickPay), U2_Satz: rate(input.u2Rate), U2: eur(maternity), Insolvenzgeldumlage_Grundlage: eur(insolvencyBase), U3_Satz: rate(params.levies.insolvencyRate), U3: eur(insolvency) });

  const subsidy = input.statutoryHealth ? { health: ZERO, care: ZERO } : privateSubsidy(params, input, wage, ceilings.healthCare, trace);

  return {
    employee: { ...employee, total: employee.health.plus(employee.care).plus(employee.pension).plus(employee.unemployment) },
    employer: {
      ...employer,
      sickPay,
      maternity,
      insolvency,
      flatTax: ZERO,
      privateHealthSubsidy: subsidy.health,
      privateCareSubsidy: subsidy.care,
    },
    employeeFlatTax: ZERO,
    additional: additionalPart,
    healthBase: bases ? bases.total : input.statutoryHealth ? healthBase : ZERO,
    pensionBase: bases ? bases.total : pensionBase,
    levyBase,
    ...(bases ? { midijob: bases } : {}),
    appliedEmployment: midijob ? 'midijob' : 'regular',
    ceilings,
  };
}

/**
 * § 257 Abs. 2 SGB V / § 61 Abs. 2 SGB XI: the employer pays half the private premium, at most what
 * the employer would pay if statutorily insured: KV base × (7.3 % + half the average Zusatzbeitrag),
 * PV base × 1.8 % (Saxony 1.3 %). Premiums are monthly; other pay periods scale them by SV days.
 * Half the premium and the cap are each rounded half up to the cent; the subsidy is the smaller.
 */
export function privateSubsidy(
  params: DeSocialParams,
  input: Pick<SocialInsuranceInput, 'privateHealthMonthly' | 'privateCareMonthly' | 'svDays' | 'saxony'>,
  wage: Decimal,
  healthCareCeiling: Decimal,
  trace?: SvTrace,
): { health: Decimal; care: Decimal } {
  const base = Decimal.min(wage, healthCareCeiling);
  const s = params.privateSubsidy;
  const healthPremium = monthlyToPeriod(input.privateHealthMonthly, input.svDays);
  const carePremium = monthlyToPeriod(input.privateCareMonthly, input.svDays);
  const health = Decimal.min(roundCents(healthPremium.div(2)), roundCents(base.mul(s.healthCapRate)));
  const care = Decimal.min(roundCents(carePremium.div(2)), roundCents(base.mul(input.saxony ? s.careCapRateSaxony : s.careCapRate)));
  trace?.('SV', 'PKV_SUBSIDY');
  return { health, care };
}

function minijob(
  params: DeSocialParams,
  input: SocialInsuranceInput,
  wage: Decimal,
  ceilings: { healthCare: Decimal; pensionUnemployment: Decimal },
  trace?: SvTrace,
): SocialInsuranceResult {
  const details = input.minijob ?? { pensionExemption: false, flatTaxPaidByEmployee: false };
  const result = minijobContributions(
    params,
    {
      wage,
      currentWage: input.currentWage,
      svDays: input.svDays,
      statutoryHealth: input.statutoryHealth,
      pensionExemption: details.pensionExemption,
      flatTaxPaidByEmployee: details.flatTaxPaidByEmployee,
      u1Rate: input.u1Rate,
      u2Rate: input.u2Rate,
    },
    trace,
  );
  // No § 257 SGB V subsidy: a minijobber is insurance-free by the minijob itself, not for exceeding the
  // JAEG or by an exemption, which is what § 257 Abs. 2 requires.
  const subsidy = { health: ZERO, care: ZERO };
  return {
    employee: { health: ZERO, care: ZERO, pension: result.employeePension, unemployment: ZERO, total: result.employeePension },
    employer: {
      health: result.employerHealth,
      care: ZERO,
      pension: result.employerPension,
      unemployment: ZERO,
      sickPay: result.u1,
      maternity: result.u2,
      insolvency: result.u3,
      flatTax: result.employerFlatTax,
      privateHealthSubsidy: subsidy.health,
      privateCareSubsidy: subsidy.care,
    },
    employeeFlatTax: result.employeeFlatTax,
    additional: { employee: ZERO, employer: ZERO },
    healthBase: input.statutoryHealth ? wage : ZERO,
    pensionBase: result.pensionBase,
    levyBase: input.currentWage,
    appliedEmployment: 'minijob',
    ceilings,
  };
}
