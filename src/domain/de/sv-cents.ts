/**
 * The integer kernel of German social insurance: calculateSocialInsurance (social-insurance.ts) over whole cents and
 * scaled-integer rates (cents.ts), with exactly the reference's rules, roundings, results and trace.
 *
 * The Decimal code in social-insurance.ts / minijob.ts / midijob.ts stays the reference: this kernel answers
 * `undefined` before hearing any step for what it does not take, and the reference computes it:
 * - an amount that is not whole cents, is negative or exceeds MAX_CENTS; a rate with more than 15 decimals;
 *   SV days outside 1–360 or not whole; a child count that is not whole; an employee PV rate below zero;
 * - a midijob wage exactly on a band edge (30 × AE = G × SV days or O × SV days): the reference's band is
 *   G × (SV days / 30) at 40 significant digits, an approximation for SV days that are no multiple of 3, and its
 *   answer at that wage is kept rather than second-guessed here (docs/decisions.md DESV-2);
 * - a midijob BE or BE_AN whose exact value lies on a half cent (none for the 2025/2026 figures at any SV days; the
 *   reference's 40-digit evaluation could round such a tie either way).
 * The minijob RV minimum base (BVV § 2 Abs. 1 S. 5) is the reference's own Decimal figure (175 € × SV days / 30 is a
 * 40-digit approximation for most SV days, and the result carries it as pensionBase).
 *
 * Every product is exact (cents × rate units below 2^53 as doubles, beyond in BigInt) and rounded once, half up
 * (BVV § 1). test/domain/de/payroll/sv-cents.property.test.ts holds both paths to the same results and trace.
 */
import { Decimal, ZERO } from '../money.js';
import { bigDivHalfUp, centsText, combineRates, fromCents, halfRate, mulRate, mulRate2, rateText, scaledRate, scaledRateOnce, toCents, divHalfUp, type ScaledRate } from './cents.js';
import type { SocialInsuranceInput, SocialInsuranceResult, SvTrace } from './social-insurance.js';
import { periodCeiling, roundCents } from './sv-period.js';
import type { DeSocialParams } from './params/index.js';

/** A year's rates as scaled integers; null when one of them does not fit (the reference then takes every case). */
interface Rates {
  halfGeneral: ScaledRate;
  halfPension: ScaledRate;
  halfUnemployment: ScaledRate;
  halfCare: ScaledRate;
  careEmployee: ScaledRate;
  careEmployer: ScaledRate;
  careSaxonyEmployee: ScaledRate;
  careSaxonyEmployer: ScaledRate;
  childlessSurcharge: ScaledRate;
  childReduction: ScaledRate;
  insolvency: ScaledRate;
  pension: ScaledRate;
  minijobEmployerPension: ScaledRate;
  minijobEmployerHealth: ScaledRate;
  minijobFlatTax: ScaledRate;
  minijobTopUp: ScaledRate;
  healthCap: ScaledRate;
  careCap: ScaledRate;
  careCapSaxony: ScaledRate;
  factorF: ScaledRate;
  /** G and O of a month in cents. */
  lowerCents: number;
  upperCents: number;
  /** Texts of the trace: the annual ceilings, Faktor F and the year's fixed rates as the reference prints them. */
  text: { healthCareAnnual: string; pensionUnemploymentAnnual: string; factorF: string; halfGeneral: string; halfPension: string; halfUnemployment: string; insolvency: string; childlessSurcharge: string };
}

/** A year's figures for a pay period of some SV days. */
interface Period {
  ceilings: { healthCare: Decimal; pensionUnemployment: Decimal };
  healthCareCeiling: number;
  pensionCeiling: number;
  healthCareCeilingText: string;
  pensionCeilingText: string;
  /** G × SV days and O × SV days in cents: G < AE ≤ O ⇔ lower < 30 × AE ≤ upper. */
  lowerTimes30: number;
  upperTimes30: number;
  /** The minijob RV minimum base × 30 in cents (175 € × SV days). */
  minimumBaseTimes30: number;
}

const RATES = new WeakMap<DeSocialParams, Rates | null>();
const PERIODS = new WeakMap<DeSocialParams, Map<number, Period | null>>();

function ratesOf(params: DeSocialParams): Rates | undefined {
  const hit = RATES.get(params);
  if (hit !== undefined) return hit ?? undefined;
  const value = buildRates(params);
  RATES.set(params, value ?? null);
  return value;
}

function buildRates(p: DeSocialParams): Rates | undefined {
  const s = (d: Decimal): ScaledRate | undefined => scaledRate(d);
  const general = s(p.health.generalRate);
  const pension = s(p.pension.rate);
  const unemployment = s(p.unemployment.rate);
  const careTotal = s(p.care.totalRate);
  const halves = general && pension && unemployment && careTotal ? [halfRate(general), halfRate(pension), halfRate(unemployment), halfRate(careTotal)] : [];
  const [halfGeneral, halfPension, halfUnemployment, halfCare] = halves;
  const fields = {
    careEmployee: s(p.care.employeeRate),
    careEmployer: s(p.care.employerRate),
    careSaxonyEmployee: s(p.care.saxonyEmployeeRate),
    careSaxonyEmployer: s(p.care.saxonyEmployerRate),
    childlessSurcharge: s(p.care.childlessSurcharge),
    childReduction: s(p.care.childReduction),
    insolvency: s(p.levies.insolvencyRate),
    minijobEmployerPension: s(p.minijob.employerPensionRate),
    minijobEmployerHealth: s(p.minijob.employerHealthRate),
    minijobFlatTax: s(p.minijob.flatTaxRate),
    minijobTopUp: s(p.minijob.employeePensionTopUpRate),
    healthCap: s(p.privateSubsidy.healthCapRate),
    careCap: s(p.privateSubsidy.careCapRate),
    careCapSaxony: s(p.privateSubsidy.careCapRateSaxony),
    factorF: s(p.midijob.factorF),
  };
  const lowerCents = toCents(p.midijob.lowerBound);
  const upperCents = toCents(p.midijob.upperBound);
  if (!halfGeneral || !halfPension || !halfUnemployment || !halfCare || !pension || lowerCents === undefined || upperCents === undefined || !(upperCents > lowerCents)) return undefined;
  for (const value of Object.values(fields)) if (!value) return undefined;
  const f = fields as { [K in keyof typeof fields]: ScaledRate };
  return {
    ...f,
    halfGeneral,
    halfPension,
    halfUnemployment,
    halfCare,
    pension,
    lowerCents,
    upperCents,
    text: {
      healthCareAnnual: p.ceilings.healthCareAnnual.toFixed(2),
      pensionUnemploymentAnnual: p.ceilings.pensionUnemploymentAnnual.toFixed(2),
      factorF: p.midijob.factorF.toString(),
      halfGeneral: rateText(halfGeneral),
      halfPension: rateText(halfPension),
      halfUnemployment: rateText(halfUnemployment),
      insolvency: p.levies.insolvencyRate.toString(),
      childlessSurcharge: p.care.childlessSurcharge.toString(),
    },
  };
}

function periodOf(params: DeSocialParams, rates: Rates, svDays: number): Period | undefined {
  let bySvDays = PERIODS.get(params);
  if (!bySvDays) PERIODS.set(params, (bySvDays = new Map()));
  const hit = bySvDays.get(svDays);
  if (hit !== undefined) return hit ?? undefined;
  // The ceilings are the reference's own figures (periodCeiling), read as cents.
  const ceilings = { healthCare: periodCeiling(params.ceilings.healthCareAnnual, svDays), pensionUnemployment: periodCeiling(params.ceilings.pensionUnemploymentAnnual, svDays) };
  const healthCareCeiling = toCents(ceilings.healthCare);
  const pensionCeiling = toCents(ceilings.pensionUnemployment);
  const minimumMonthly = toCents(params.minijob.minimumPensionBaseMonthly);
  let value: Period | null = null;
  if (healthCareCeiling !== undefined && pensionCeiling !== undefined && minimumMonthly !== undefined) {
    value = {
      ceilings,
      healthCareCeiling,
      pensionCeiling,
      healthCareCeilingText: centsText(healthCareCeiling),
      pensionCeilingText: centsText(pensionCeiling),
      lowerTimes30: rates.lowerCents * svDays,
      upperTimes30: rates.upperCents * svDays,
      minimumBaseTimes30: minimumMonthly * svDays,
    };
  }
  bySvDays.set(svDays, value);
  return value ?? undefined;
}

const eur = centsText;

/**
 * calculateSocialInsurance on whole cents, or undefined (before any step is heard) for an input the kernel does not
 * take: the caller then runs the Decimal reference.
 */
export function socialInsuranceCents(params: DeSocialParams, input: SocialInsuranceInput, trace?: SvTrace): SocialInsuranceResult | undefined {
  const svDays = input.svDays;
  if (!Number.isInteger(svDays) || svDays < 1 || svDays > 360 || !Number.isInteger(input.childReductions)) return undefined;
  const rates = ratesOf(params);
  if (!rates) return undefined;
  const period = periodOf(params, rates, svDays);
  if (!period) return undefined;
  const current = toCents(input.currentWage);
  const oneOff = toCents(input.oneOffWage);
  const u1 = scaledRateOnce(input.u1Rate);
  const u2 = scaledRateOnce(input.u2Rate);
  if (current === undefined || oneOff === undefined || !u1 || !u2) return undefined;
  const wage = current + oneOff;
  if (wage > Number.MAX_SAFE_INTEGER / 30) return undefined;
  if (input.employment === 'minijob') return minijob(params, rates, period, input, current, wage, u1, u2, trace);

  const additionalRate = input.statutoryHealth ? scaledRateOnce(input.additionalRate) : undefined;
  const halfAdditional = additionalRate ? halfRate(additionalRate) : undefined;
  if (input.statutoryHealth && !halfAdditional) return undefined;
  let oneOffBases: { healthCare: number; pensionUnemployment: number } | undefined;
  if (input.oneOffBases) {
    const healthCare = toCents(input.oneOffBases.healthCare);
    const pensionUnemployment = toCents(input.oneOffBases.pensionUnemployment);
    if (healthCare === undefined || pensionUnemployment === undefined) return undefined;
    oneOffBases = { healthCare, pensionUnemployment };
  }
  let privateMonthly: { health: number; care: number } | undefined;
  if (!input.statutoryHealth) {
    const health = toCents(input.privateHealthMonthly);
    const care = toCents(input.privateCareMonthly);
    if (health === undefined || care === undefined) return undefined;
    privateMonthly = { health, care };
  }

  // The band: G < AE ≤ O, compared as 30 × AE against G × SV days (midijob.ts); an edge goes to the reference.
  let midijob = false;
  if (input.employment === 'midijob') {
    const times30 = wage * 30;
    if (times30 === period.lowerTimes30 || times30 === period.upperTimes30) return undefined;
    midijob = times30 > period.lowerTimes30 && times30 <= period.upperTimes30;
  }
  let bases: { total: number; employee: number } | undefined;
  if (midijob) {
    bases = midijobBasesCents(rates, svDays, wage);
    if (!bases) return undefined;
  }

  // PV rates (contribution-rules.md 4; BVV § 2 Abs. 1 S. 3/S. 4): standard share by workplace; the surcharge and
  // the reductions are the employee's alone.
  const care = params.care;
  const standardEmployeeCare = input.saxony ? rates.careSaxonyEmployee : rates.careEmployee;
  const employerCare = input.saxony ? rates.careSaxonyEmployer : rates.careEmployer;
  const clamped = Math.min(Math.max(input.childReductions, 0), care.maxChildReductions);
  let employeeCareRate: ScaledRate | undefined;
  let midijobCareRate: ScaledRate | undefined;
  if (input.statutoryHealth) {
    employeeCareRate = input.childlessSurcharge ? combineRates(standardEmployeeCare, rates.childlessSurcharge, 1, 1) : combineRates(standardEmployeeCare, rates.childReduction, clamped, -1);
    midijobCareRate = combineRates(standardEmployeeCare, rates.childReduction, input.childlessSurcharge ? 0 : clamped, -1);
    if (!employeeCareRate || !midijobCareRate) return undefined;
  }

  // From here on the kernel answers: the steps are heard in the reference's order with the reference's figures.
  trace?.('SV', midijob ? 'MIDIJOB' : 'REGULAR');
  const ceilingHealth = period.healthCareCeiling;
  const ceilingPension = period.pensionCeiling;
  // Bases (contribution-rules.md 1; § 23a Abs. 3 SGB IV with the year's one-off bases).
  const ownOneOff = midijob ? undefined : oneOffBases;
  const healthBase = ownOneOff ? Math.min(current, ceilingHealth) + ownOneOff.healthCare : Math.min(wage, ceilingHealth);
  const pensionBase = ownOneOff ? Math.min(current, ceilingPension) + ownOneOff.pensionUnemployment : Math.min(wage, ceilingPension);
  if (trace) {
    if (wage > ceilingHealth) trace('SV', 'CEILING_KV_PV');
    if (wage > ceilingPension) trace('SV', 'CEILING_RV_ALV');
    trace('SV', 'BASES', {
      SV_TAGE: String(svDays),
      laufendes_Entgelt: eur(current),
      Einmalzahlung: eur(oneOff),
      BBG_KV_PV_Jahr: rates.text.healthCareAnnual,
      BBG_KV_PV: period.healthCareCeilingText,
      BBG_RV_ALV_Jahr: rates.text.pensionUnemploymentAnnual,
      BBG_RV_ALV: period.pensionCeilingText,
      ...(ownOneOff ? { Einmalzahlung_KV_PV_anteilig: eur(ownOneOff.healthCare), Einmalzahlung_RV_ALV_anteilig: eur(ownOneOff.pensionUnemployment) } : {}),
      Beitragsbemessungsgrundlage_KV_PV: eur(healthBase),
      Beitragsbemessungsgrundlage_RV_ALV: eur(pensionBase),
    });
    if (input.saxony) trace('SV', 'PV_SAXONY');
  }

  let eHealth = 0;
  let eCare = 0;
  let ePension = 0;
  let eUnemployment = 0;
  let rHealth = 0;
  let rCare = 0;
  let rPension = 0;
  let rUnemployment = 0;
  let additionalEmployee = 0;
  let additionalEmployer = 0;

  if (bases) {
    const total = bases.total;
    const share = bases.employee;
    trace?.('SV', 'MIDIJOB_BASES', { Arbeitsentgelt: eur(wage), Faktor_F: rates.text.factorF, BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share) });
    // contribution-rules.md 5: total = 2 × round(BE × half rate); employee = round(BE_AN × half rate); employer = total − employee.
    if (input.statutoryHealth) {
      const half = halfAdditional as ScaledRate;
      const generalEmployee = mulRate(share, rates.halfGeneral);
      const generalEmployer = 2 * mulRate(total, rates.halfGeneral) - generalEmployee;
      additionalEmployee = mulRate(share, half);
      additionalEmployer = 2 * mulRate(total, half) - additionalEmployee;
      eHealth = generalEmployee + additionalEmployee;
      rHealth = generalEmployer + additionalEmployer;
      trace?.('SV', 'KV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), allgemeiner_Beitragssatz_halb: rates.text.halfGeneral, Zusatzbeitrag_halb: rateText(half), Arbeitnehmer: eur(eHealth), Arbeitgeber: eur(rHealth) });
      // PV: employer = 2 × round(BE × 1.8 %) − round(BE_AN × standard rate); employee = round(BE_AN × (standard − 0.25 % × n)
      // + BE × 0.6 %), one rounding (conventions midijob_pv_child_reduction_base, midijob_pv_childless_surcharge_base).
      rCare = 2 * mulRate(total, rates.halfCare) - mulRate(share, standardEmployeeCare);
      const reductions = input.childlessSurcharge ? 0 : clamped;
      if (reductions > 0) trace?.('SV', 'PV_CHILD_REDUCTION');
      const careRate = midijobCareRate as ScaledRate;
      if (input.childlessSurcharge) {
        eCare = mulRate2(share, careRate, total, rates.childlessSurcharge);
        trace?.('SV', 'PV_CHILDLESS_SURCHARGE');
      } else {
        eCare = mulRate(share, careRate);
      }
      trace?.('SV', 'PV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), Beitragssatz_Arbeitnehmer: rateText(careRate), Kinderlosenzuschlag: input.childlessSurcharge ? rates.text.childlessSurcharge : '0', Arbeitnehmer: eur(eCare), Arbeitgeber: eur(rCare) });
    }
    ePension = mulRate(share, rates.halfPension);
    rPension = 2 * mulRate(total, rates.halfPension) - ePension;
    trace?.('SV', 'RV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), Beitragssatz_halb: rates.text.halfPension, Arbeitnehmer: eur(ePension), Arbeitgeber: eur(rPension) });
    eUnemployment = mulRate(share, rates.halfUnemployment);
    rUnemployment = 2 * mulRate(total, rates.halfUnemployment) - eUnemployment;
    trace?.('SV', 'ALV', { BE_gesamt: eur(total), BE_Arbeitnehmer: eur(share), Beitragssatz_halb: rates.text.halfUnemployment, Arbeitnehmer: eur(eUnemployment), Arbeitgeber: eur(rUnemployment) });
  } else {
    if (input.statutoryHealth) {
      // BVV § 2 Abs. 1 S. 1: each side round(base × 7.3 %); the Zusatzbeitrag rounded separately (contribution-rules.md 3).
      const half = halfAdditional as ScaledRate;
      const general = mulRate(healthBase, rates.halfGeneral);
      const additional = mulRate(healthBase, half);
      eHealth = rHealth = general + additional;
      additionalEmployee = additionalEmployer = additional;
      trace?.('SV', 'KV', { Beitragsbemessungsgrundlage: eur(healthBase), allgemeiner_Beitragssatz_halb: rates.text.halfGeneral, Zusatzbeitrag_halb: rateText(half), allgemeiner_Beitrag_je_Seite: eur(general), Zusatzbeitrag_je_Seite: eur(additional), Arbeitnehmer: eur(eHealth), Arbeitgeber: eur(rHealth) });
      // BVV § 2 Abs. 1 S. 3/S. 4: employee round(base × (standard + surcharge − reductions)), employer round(base × employer rate).
      const careRate = employeeCareRate as ScaledRate;
      eCare = mulRate(healthBase, careRate);
      rCare = mulRate(healthBase, employerCare);
      if (input.childlessSurcharge) trace?.('SV', 'PV_CHILDLESS_SURCHARGE');
      else if (input.childReductions > 0) trace?.('SV', 'PV_CHILD_REDUCTION');
      trace?.('SV', 'PV', { Beitragsbemessungsgrundlage: eur(healthBase), Beitragssatz_Arbeitnehmer: rateText(careRate), Beitragssatz_Arbeitgeber: rateText(employerCare), Arbeitnehmer: eur(eCare), Arbeitgeber: eur(rCare) });
    }
    // BVV § 2 Abs. 1 S. 1: each side round(base × 9.3 %) / round(base × 1.3 %).
    ePension = rPension = mulRate(pensionBase, rates.halfPension);
    trace?.('SV', 'RV', { Beitragsbemessungsgrundlage: eur(pensionBase), Beitragssatz_halb: rates.text.halfPension, Arbeitnehmer: eur(ePension), Arbeitgeber: eur(rPension) });
    eUnemployment = rUnemployment = mulRate(pensionBase, rates.halfUnemployment);
    trace?.('SV', 'ALV', { Beitragsbemessungsgrundlage: eur(pensionBase), Beitragssatz_halb: rates.text.halfUnemployment, Arbeitnehmer: eur(eUnemployment), Arbeitgeber: eur(rUnemployment) });
  }

  // Levies (contribution-rules.md 7): U1/U2 on the current wage up to the RV ceiling, U3 on the RV base; BE in the band.
  const levyBase = bases ? bases.total : Math.min(current, ceilingPension);
  const insolvencyBase = bases ? bases.total : pensionBase;
  const sickPay = mulRate(levyBase, u1);
  const maternity = mulRate(levyBase, u2);
  const insolvency = mulRate(insolvencyBase, rates.insolvency);
  trace?.('SV', 'U1_U2_U3', { Umlagegrundlage_U1_U2: eur(levyBase), U1_Satz: rateText(u1), U1: eur(sickPay), U2_Satz: rateText(u2), U2: eur(maternity), Insolvenzgeldumlage_Grundlage: eur(insolvencyBase), U3_Satz: rates.text.insolvency, U3: eur(insolvency) });

  let subsidyHealth = 0;
  let subsidyCare = 0;
  if (privateMonthly) {
    // § 257 Abs. 2 SGB V / § 61 Abs. 2 SGB XI (privateSubsidy): min(round(premium / 2), round(base × cap rate)).
    const base = Math.min(wage, ceilingHealth);
    const healthPremium = svDays === 30 ? privateMonthly.health : divHalfUp(privateMonthly.health * svDays, 30);
    const carePremium = svDays === 30 ? privateMonthly.care : divHalfUp(privateMonthly.care * svDays, 30);
    subsidyHealth = Math.min(divHalfUp(healthPremium, 2), mulRate(base, rates.healthCap));
    subsidyCare = Math.min(divHalfUp(carePremium, 2), mulRate(base, input.saxony ? rates.careCapSaxony : rates.careCap));
    trace?.('SV', 'PKV_SUBSIDY');
  }

  const totalBase = bases ? fromCents(bases.total) : undefined;
  return {
    employee: { health: fromCents(eHealth), care: fromCents(eCare), pension: fromCents(ePension), unemployment: fromCents(eUnemployment), total: fromCents(eHealth + eCare + ePension + eUnemployment) },
    employer: {
      health: fromCents(rHealth),
      care: fromCents(rCare),
      pension: fromCents(rPension),
      unemployment: fromCents(rUnemployment),
      sickPay: fromCents(sickPay),
      maternity: fromCents(maternity),
      insolvency: fromCents(insolvency),
      flatTax: ZERO,
      privateHealthSubsidy: fromCents(subsidyHealth),
      privateCareSubsidy: fromCents(subsidyCare),
    },
    employeeFlatTax: ZERO,
    additional: { employee: fromCents(additionalEmployee), employer: fromCents(additionalEmployer) },
    healthBase: totalBase ?? (input.statutoryHealth ? fromCents(healthBase) : ZERO),
    pensionBase: totalBase ?? fromCents(pensionBase),
    levyBase: totalBase ?? fromCents(levyBase),
    ...(bases ? { midijob: { total: totalBase as Decimal, employee: fromCents(bases.employee) } } : {}),
    appliedEmployment: midijob ? 'midijob' : 'regular',
    ceilings: period.ceilings,
  };
}

/**
 * § 20 Abs. 2a S. 1 and S. 6 SGB IV over the rationals, in cents, with g = G × s / 30, o = O × s / 30, F = f / 10^k:
 *   BE    = F·g + (o − F·g)/(o − g)·(AE − g) = [f·G·s·(O − G) + (O·10^k − G·f)·(30·AE − G·s)] / [30·10^k·(O − G)]
 *   BE_AN = o/(o − g)·(AE − g)               = O·(30·AE − G·s) / [30·(O − G)]
 * (o/(o − g) = O/(O − G): the SV-day scale cancels), each rounded half up once. Undefined on an exact half cent.
 */
function midijobBasesCents(rates: Rates, svDays: number, wage: number): { total: number; employee: number } | undefined {
  const g = BigInt(rates.lowerCents);
  const o = BigInt(rates.upperCents);
  const s = BigInt(svDays);
  const f = BigInt(rates.factorF.u);
  const scale = 10n ** BigInt(rates.factorF.k);
  const above = 30n * BigInt(wage) - g * s;
  const totalNumerator = f * g * s * (o - g) + (o * scale - g * f) * above;
  const totalDenominator = 30n * scale * (o - g);
  const employeeNumerator = o * above;
  const employeeDenominator = 30n * (o - g);
  if (2n * (totalNumerator % totalDenominator) === totalDenominator || 2n * (employeeNumerator % employeeDenominator) === employeeDenominator) return undefined;
  return { total: bigDivHalfUp(totalNumerator, totalDenominator), employee: bigDivHalfUp(employeeNumerator, employeeDenominator) };
}

/** minijob.ts over cents (contribution-rules.md 6; BVV § 2 Abs. 1 S. 2, S. 3, S. 5; § 40a Abs. 2 EStG). */
function minijob(params: DeSocialParams, rates: Rates, period: Period, input: SocialInsuranceInput, current: number, wage: number, u1: ScaledRate, u2: ScaledRate, trace?: SvTrace): SocialInsuranceResult {
  const details = input.minijob ?? { pensionExemption: false, flatTaxPaidByEmployee: false };
  trace?.('SV', 'MINIJOB');
  const employerPension = mulRate(wage, rates.minijobEmployerPension);
  const employerHealth = input.statutoryHealth ? mulRate(wage, rates.minijobEmployerHealth) : 0;
  if (input.statutoryHealth) trace?.('SV', 'MINIJOB_KV_FLAT');
  const sickPay = mulRate(current, u1);
  const maternity = mulRate(current, u2);
  const insolvency = mulRate(wage, rates.insolvency);
  const flatTax = mulRate(wage, rates.minijobFlatTax);
  trace?.('SV', details.flatTaxPaidByEmployee ? 'MINIJOB_FLAT_TAX_EMPLOYEE' : 'MINIJOB_FLAT_TAX_EMPLOYER');

  let employeePension = ZERO;
  let pensionBase: Decimal | undefined;
  if (!details.pensionExemption && wage > 0) {
    if (wage * 30 < period.minimumBaseTimes30) {
      // BVV § 2 Abs. 1 S. 5 on the reference's own minimum base (a 40-digit figure for most SV days: see the header).
      trace?.('SV', 'MINIJOB_RV_MINIMUM_BASE');
      pensionBase = params.minijob.minimumPensionBaseMonthly.mul(input.svDays).div(30);
      employeePension = roundCents(pensionBase.mul(params.pension.rate)).minus(fromCents(employerPension));
    } else {
      trace?.('SV', 'MINIJOB_RV_TOP_UP');
      employeePension = fromCents(mulRate(wage, rates.minijobTopUp));
    }
  } else if (details.pensionExemption) {
    trace?.('SV', 'MINIJOB_RV_EXEMPT');
  }
  const wageDecimal = fromCents(wage);
  return {
    employee: { health: ZERO, care: ZERO, pension: employeePension, unemployment: ZERO, total: employeePension },
    employer: {
      health: fromCents(employerHealth),
      care: ZERO,
      pension: fromCents(employerPension),
      unemployment: ZERO,
      sickPay: fromCents(sickPay),
      maternity: fromCents(maternity),
      insolvency: fromCents(insolvency),
      flatTax: details.flatTaxPaidByEmployee ? ZERO : fromCents(flatTax),
      privateHealthSubsidy: ZERO,
      privateCareSubsidy: ZERO,
    },
    employeeFlatTax: details.flatTaxPaidByEmployee ? fromCents(flatTax) : ZERO,
    additional: { employee: ZERO, employer: ZERO },
    healthBase: input.statutoryHealth ? wageDecimal : ZERO,
    pensionBase: pensionBase ?? wageDecimal,
    levyBase: fromCents(current),
    appliedEmployment: 'minijob',
    ceilings: period.ceilings,
  };
}
