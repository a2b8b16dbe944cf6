/**
 * Edition conformance: every registered edition of both countries goes through the same checks, the way Kysely
 * runs every test over every dialect. Registering a year (domain/de/editions.ts, domain/gb/editions.ts) puts it
 * under these checks with no change here; a year registered without its figures, with a figure missing or not a
 * valid decimal, with bands out of order, thresholds that contradict each other or the statute's derivations
 * (Faktor F, the minijob limit, the subsidy caps), without a PAP program, or without vectors that its engine
 * reproduces, fails.
 *
 * Vectors are the bundled copies of the official reference sets (fixtures/reference/<country>/…); a sample of
 * each edition's vectors runs through the same runner `payroll verify` uses.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import { DE_EDITIONS, DE_TAX_YEARS, type DeEdition } from '../../src/domain/de/editions.js';
import { GB_EDITIONS, GB_TAX_YEARS } from '../../src/domain/gb/editions.js';
import type { GbParams } from '../../src/domain/gb/params/types.js';
import { STATE_CODES } from '../../src/domain/de/params/index.js';
import { calculateLohnsteuer } from '../../src/domain/de/lohnsteuer/index.js';
import { deTaxYear, gbTaxYear } from '../../src/service/contracts/editions.js';
import { runner as dePayrollRunner } from '../../src/tools/verify/runners/de-payroll.js';
import { runner as deLohnsteuerRunner } from '../../src/tools/verify/runners/de-lohnsteuer.js';
import { runner as gbPeriodRunner } from '../../src/tools/verify/runners/gb-period.js';
import type { Vector } from '../../src/tools/verify/types.js';

const REFERENCE = fileURLToPath(new URL('../../fixtures/reference/', import.meta.url));

function loadVectors(file: string): Vector[] {
  return readFileSync(`${REFERENCE}${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Vector);
}

/** Every `step`-th vector, so each edition's sample spans its whole file. */
function sample<T>(items: readonly T[], size: number): T[] {
  const step = Math.max(1, Math.floor(items.length / size));
  return items.filter((_, index) => index % step === 0).slice(0, size);
}

const DE_VECTORS = { payroll: ['de/payroll2025-vectors.jsonl', 'de/payroll2026-vectors.jsonl'].flatMap(loadVectors), lohnsteuer: ['de/lst2025-vectors.jsonl', 'de/lst2026-vectors.jsonl'].flatMap(loadVectors) };
const GB_VECTORS = ['gb/paye2526-vectors.jsonl', 'gb/paye2627-vectors.jsonl'].flatMap(loadVectors);

// ---------------------------------------------------------------------------------------------------------------
// Structural checks, written as functions returning problems so the suite can show it fails on a broken edition.

/** Every leaf of a figures object: Decimals must be finite, numbers integers, nothing undefined. */
function figureProblems(value: unknown, path: string, allowNull: (path: string) => boolean): string[] {
  if (value === undefined) return [`${path}: missing`];
  if (value === null) return allowNull(path) ? [] : [`${path}: null`];
  if (Decimal.isDecimal(value)) return (value as Decimal).isFinite() ? [] : [`${path}: not a finite decimal`];
  if (typeof value === 'number') return Number.isInteger(value) ? [] : [`${path}: ${value} is not an integer (amounts and rates are decimals)`];
  if (typeof value === 'string') return value.trim() === '' ? [`${path}: empty`] : [];
  if (typeof value === 'object') return Object.entries(value as object).flatMap(([key, child]) => figureProblems(child, `${path}.${key}`, allowNull));
  return [`${path}: unexpected ${typeof value}`];
}

/** The leaf paths of an object (for "every edition has the figures every other edition has"). */
function leafPaths(value: unknown, path = ''): string[] {
  if (value === null || value === undefined || Decimal.isDecimal(value) || typeof value !== 'object') return [path];
  return Object.entries(value as object).flatMap(([key, child]) => leafPaths(child, path ? `${path}.${key}` : key));
}

const isRate = (d: Decimal): boolean => d.gte(0) && d.lt(1);

export function deEditionProblems(year: number, edition: DeEdition | undefined): string[] {
  if (!edition?.social) return [`DE ${year}: no social-insurance figures registered`];
  const p = edition.social;
  const problems = figureProblems(p, `DE ${year}`, () => false);
  if (problems.length) return problems;
  const check = (ok: boolean, what: string): void => void (ok || problems.push(`DE ${year}: ${what}`));
  check(p.year === year, `figures file says year ${p.year}, registered as ${year}`);
  check(p.edition.includes(String(year)), `edition text "${p.edition}" does not name ${year}`);
  // Every rate is a fraction.
  for (const [name, rate] of [['health.generalRate', p.health.generalRate], ['health.reducedRate', p.health.reducedRate], ['health.averageAdditionalRate', p.health.averageAdditionalRate], ['care.totalRate', p.care.totalRate], ['pension.rate', p.pension.rate], ['unemployment.rate', p.unemployment.rate], ['levies.insolvencyRate', p.levies.insolvencyRate], ['minijob.flatTaxRate', p.minijob.flatTaxRate]] as const) {
    check(isRate(rate) && rate.gt(0), `${name} ${rate.toString()} is not a positive fraction`);
  }
  // Ceilings ascend: KV/PV below RV/ALV below knappschaftliche RV.
  check(p.ceilings.healthCareAnnual.lt(p.ceilings.pensionUnemploymentAnnual), 'BBG KV/PV is not below BBG RV/ALV');
  check(p.ceilings.pensionUnemploymentAnnual.lt(p.ceilings.miningPensionAnnual), 'BBG RV/ALV is not below BBG knappschaftliche RV');
  check(p.health.reducedRate.lt(p.health.generalRate), 'reduced KV rate is not below the general rate (§ 243 SGB V)');
  // PV shares add up to the total (§ 58 SGB XI), in Saxony too.
  check(p.care.employeeRate.plus(p.care.employerRate).eq(p.care.totalRate), 'PV employee + employer share ≠ total rate');
  check(p.care.saxonyEmployeeRate.plus(p.care.saxonyEmployerRate).eq(p.care.totalRate), 'PV Saxony shares ≠ total rate');
  check(p.care.childReduction.mul(p.care.maxChildReductions).lt(p.care.employeeRate), 'child reductions exceed the employee PV share');
  // Minijob limit = Mindestlohn × 130 / 3, rounded up to the euro (§ 8 Abs. 1a SGB IV).
  check(p.minijob.minimumWagePerHour.mul(130).div(3).ceil().eq(p.minijob.monthlyLimit), `minijob limit ${p.minijob.monthlyLimit.toString()} ≠ ⌈${p.minijob.minimumWagePerHour.toString()} × 130 / 3⌉`);
  check(p.minijob.employeePensionTopUpRate.eq(p.pension.rate.minus(p.minijob.employerPensionRate)), 'minijob RV top-up ≠ RV rate − employer flat rate');
  // Übergangsbereich starts at the minijob limit (§ 20 Abs. 2 SGB IV) and Faktor F = 28 % / total SV rate (§ 20 Abs. 2a SGB IV).
  check(p.midijob.lowerBound.eq(p.minijob.monthlyLimit), 'Übergangsbereich does not start at the minijob limit');
  check(p.midijob.lowerBound.lt(p.midijob.upperBound), 'Übergangsbereich bounds out of order');
  const totalRate = p.health.generalRate.plus(p.health.averageAdditionalRate).plus(p.care.totalRate).plus(p.pension.rate).plus(p.unemployment.rate);
  check(new Decimal('0.28').div(totalRate).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).eq(p.midijob.factorF), `Faktor F ${p.midijob.factorF.toString()} ≠ 0.28 / ${totalRate.toString()}`);
  // Employer subsidy caps (§ 257 SGB V, § 61 SGB XI): half the general rate plus half the average additional rate; the employer PV share.
  check(p.privateSubsidy.healthCapRate.eq(p.health.generalRate.plus(p.health.averageAdditionalRate).div(2)), 'KV subsidy cap ≠ (general + average additional rate) / 2');
  check(p.privateSubsidy.careCapRate.eq(p.care.employerRate), 'PV subsidy cap ≠ employer PV share');
  check(p.privateSubsidy.careCapRateSaxony.eq(p.care.saxonyEmployerRate), 'PV subsidy cap (Saxony) ≠ employer PV share in Saxony');
  // Church tax for every federal state.
  for (const state of STATE_CODES) {
    const rate = p.churchTaxRate[state];
    check(rate !== undefined && rate.gt(0) && rate.lte('0.09'), `church tax rate for ${state} missing or outside (0, 9 %]`);
  }
  // The PAP edition: a program class with every traced step, named for its year.
  const pap = edition.pap;
  if (typeof pap?.program !== 'function') return [...problems, `DE ${year}: no PAP program registered`];
  check(pap.flow === `Lohnsteuer${year}`, `PAP flow "${pap.flow}" is not Lohnsteuer${year}`);
  if (typeof pap.exact !== 'function') return [...problems, `DE ${year}: no BigDecimal PAP program registered`];
  for (const Program of [pap.program, pap.exact]) {
    const proto = Program.prototype as Record<string, unknown>;
    for (const method of ['setInputs', 'MAIN', 'getOutputs', ...pap.steps]) check(typeof proto[method] === 'function', `PAP ${pap.flow} has no ${method}`);
  }
  // The PAP's own contribution ceilings are the year's (PAP MPARA: BBGKVPV, BBGRV / BBGRVALV), read on the BigDecimal
  // edition (whose fields are BigDecimals; the scaled one computes the same, test/domain/de/lohnsteuer/equivalence).
  const program = new pap.exact() as unknown as Record<string, { toDecimal(): Decimal } | undefined> & { setInputs(i: object): void; MAIN(): void };
  program.setInputs({ LZZ: 2, STKL: 1, RE4: 300000, KVZ: p.health.averageAdditionalRate.mul(100).toNumber() });
  program.MAIN();
  check(program.BBGKVPV?.toDecimal().eq(p.ceilings.healthCareAnnual) === true, 'PAP BBGKVPV ≠ BBG KV/PV of the figures');
  check((program.BBGRV ?? program.BBGRVALV)?.toDecimal().eq(p.ceilings.pensionUnemploymentAnnual) === true, 'PAP BBGRV ≠ BBG RV/ALV of the figures');
  return problems;
}

export function gbEditionProblems(taxYear: string, params: GbParams | undefined): string[] {
  if (!params) return [`GB ${taxYear}: no figures registered`];
  // Open bands have no width; SSP before the Employment Rights Act 2025 has no earnings share (the flat rate for all).
  const problems = figureProblems(params, `GB ${taxYear}`, (path) => /\.width$/.test(path) || path.endsWith('.statutoryPayments.ssp.earningsShare'));
  if (problems.length) return problems;
  const check = (ok: boolean, what: string): void => void (ok || problems.push(`GB ${taxYear}: ${what}`));
  const start = Number(taxYear.slice(0, 4));
  check(/^\d{4}-\d{2}$/.test(taxYear) && taxYear.slice(5) === String((start + 1) % 100).padStart(2, '0'), `"${taxYear}" is not a tax year label YYYY-YY`);
  check(params.taxYear === taxYear, `figures file says ${params.taxYear}, registered as ${taxYear}`);
  check(params.firstDay === `${start}-04-06` && params.lastDay === `${start + 1}-04-05`, `tax year runs ${params.firstDay} – ${params.lastDay}, not 6 April – 5 April (ITA 2007 s4)`);
  check(params.personalAllowance.gt(0), 'personal allowance not positive');
  check(isRate(params.overridingLimitRate) && params.overridingLimitRate.gt(0), 'overriding limit is not a fraction');
  // Income-tax bands: positive widths, only the top band open, rates ascending; flat-rate codes are the band rates.
  for (const region of ['rUK', 'Wales', 'Scotland'] as const) {
    const regime = params.incomeTax[region];
    if (!regime) {
      problems.push(`GB ${taxYear}: no ${region} income-tax regime`);
      continue;
    }
    check(regime.region === region, `${region} regime says ${regime.region}`);
    regime.bands.forEach((band, index) => {
      const last = index === regime.bands.length - 1;
      check(last ? band.width === null : band.width !== null && band.width.gt(0), `${region} band ${band.name}: ${last ? 'top band must be open' : 'width must be positive'}`);
      check(isRate(band.rate) && band.rate.gt(0), `${region} band ${band.name}: rate ${band.rate.toString()} is not a fraction`);
      if (index > 0) check(band.rate.gt(regime.bands[index - 1]!.rate), `${region} band ${band.name}: rate does not ascend`);
    });
    const basic = regime.bands.findIndex((band) => band.name === 'basic');
    check(basic >= 0, `${region} has no basic band`);
    check(regime.flatRates.BR?.eq(regime.bands[basic]!.rate) === true, `${region} BR ≠ basic rate`);
    (['D0', 'D1', 'D2', 'D3'] as const).forEach((code, offset) => {
      const band = regime.bands[basic + 1 + offset];
      const flat = regime.flatRates[code];
      check(band === undefined ? flat === undefined : flat?.eq(band.rate) === true, `${region} ${code} ≠ rate of the band ${offset + 1} above basic`);
    });
  }
  // Student loans and the postgraduate loan.
  for (const [plan, scheme] of [...Object.entries(params.studentLoans), ['PGL', params.postgraduateLoan]] as const) {
    check(scheme !== undefined && scheme.annualThreshold.gt(0) && isRate(scheme.rate) && scheme.rate.gt(0), `student loan ${plan}: threshold or rate invalid`);
  }
  // Class 1 NI: thresholds ordered (SSCBA 1992 s5), weekly < monthly < annual, every category letter with fractional rates.
  const t = params.ni.thresholds;
  for (const [name, figures] of Object.entries(t)) check(figures.weekly.gt(0) && figures.weekly.lt(figures.monthly) && figures.monthly.lt(figures.annual), `NI ${name}: weekly < monthly < annual does not hold`);
  check(t.LEL.annual.lt(t.PT.annual) && t.PT.annual.lt(t.UEL.annual), 'NI LEL < PT < UEL does not hold');
  check(t.ST.annual.lt(t.FUST.annual) && t.FUST.annual.lte(t.UEL.annual) && t.ST.annual.lt(t.IZUST.annual) && t.IZUST.annual.lte(t.UEL.annual), 'NI ST < FUST/IZUST ≤ UEL does not hold');
  for (const name of ['UST', 'AUST', 'VUST'] as const) check(t[name].annual.gt(t.ST.annual), `NI ${name} not above ST`);
  const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'S', 'V', 'X', 'Z'] as const;
  for (const letter of letters) {
    const rates = params.ni.rates[letter];
    if (!rates) {
      problems.push(`GB ${taxYear}: NI category ${letter} has no rates`);
      continue;
    }
    for (const key of ['employeePtToUel', 'employeeAboveUel', 'employerStToFust', 'employerFustToUpper', 'employerAboveUpper'] as const) check(isRate(rates[key]), `NI ${letter}.${key} is not a fraction`);
  }
  // Workplace pensions: lower < trigger < upper, per period and per year (Pensions Act 2008 ss3, 13); employer minimum within the total.
  const pension = params.pension;
  check(pension.annual.lower.lt(pension.annual.trigger) && pension.annual.trigger.lt(pension.annual.upper), 'pension annual lower < trigger < upper does not hold');
  for (const frequency of ['weekly', 'fortnightly', 'four_weekly', 'monthly'] as const) {
    check(pension.lowerQualifyingEarnings[frequency].lt(pension.earningsTrigger[frequency]) && pension.earningsTrigger[frequency].lt(pension.upperQualifyingEarnings[frequency]), `pension ${frequency}: lower < trigger < upper does not hold`);
  }
  check(pension.minimumEmployerRate.lt(pension.minimumTotalRate) && isRate(pension.minimumTotalRate) && isRate(pension.reliefAtSourceRate), 'pension minimum rates inconsistent');
  check(pension.workerFromAge < pension.eligibleFromAge && pension.eligibleFromAge < pension.workerUpToAge, 'pension ages out of order');
  // Statutory payments: positive flat rates, fractional shares, the family rates from the first Sunday in April
  // (SPM220400), SSP day counts of the statute (SSCBA 1992 ss.152, 155), recovery and levy rates as fractions.
  const sp = params.statutoryPayments;
  check(sp.ssp.weeklyFlatRate.gt(0) && (sp.ssp.earningsShare === null || (isRate(sp.ssp.earningsShare) && sp.ssp.earningsShare.gt(0))), 'SSP flat rate or earnings share invalid');
  check(sp.ssp.earningsShare === null || sp.ssp.lowerEarningsLimitTest === 'none', 'SSP: an earnings share replaces the LEL test (ERA 2025 s.10)');
  check(sp.ssp.minimumPiwDays >= 1 && sp.ssp.waitingDays >= 0 && sp.ssp.linkingGapDays > 0 && sp.ssp.maximumWeeks > 0, 'SSP day counts invalid');
  const firstSundayInApril = [1, 2, 3, 4, 5, 6, 7].map((day) => `${start}-04-0${day}`).find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 0);
  check(sp.family.flatRateFrom === firstSundayInApril, `family rates apply from ${sp.family.flatRateFrom}, not the first Sunday in April (${firstSundayInApril})`);
  check(sp.family.weeklyFlatRate.gt(0) && isRate(sp.family.earningsShare) && sp.family.higherRateWeeks > 0, 'family payment rates invalid');
  check(isRate(sp.recovery.standardRate) && sp.recovery.smallEmployerRecoveryRate.eq(1) && isRate(sp.recovery.smallEmployerCompensationRate) && sp.recovery.smallEmployerThreshold.gt(0), 'statutory payment recovery rates invalid');
  check(sp.employmentAllowance.gt(0) && isRate(sp.apprenticeshipLevy.rate) && sp.apprenticeshipLevy.annualAllowance.gte(0), 'Employment Allowance or levy figures invalid');
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// The registries against the contract

describe('edition registries', () => {
  it('the API contract accepts exactly the registered years', () => {
    expect([...deTaxYear.values].sort()).toEqual([...DE_TAX_YEARS]);
    expect([...gbTaxYear.options].sort()).toEqual([...GB_TAX_YEARS]);
  });

  it('every edition has the figures every other edition of its country has', () => {
    const dePaths = DE_TAX_YEARS.map((year) => leafPaths(DE_EDITIONS[year].social).sort());
    for (const paths of dePaths) expect(paths).toEqual(dePaths[0]);
    const gbPaths = GB_TAX_YEARS.map((year) => leafPaths(GB_EDITIONS[year]).filter((path) => !path.startsWith('studentLoans.')).sort());
    for (const paths of gbPaths) expect(paths).toEqual(gbPaths[0]);
  });

  it('the checks fail on an edition registered without data or with an inconsistent figure', () => {
    const de = DE_EDITIONS[DE_TAX_YEARS[0]!];
    expect(deEditionProblems(2099, undefined)).toEqual(['DE 2099: no social-insurance figures registered']);
    expect(deEditionProblems(DE_TAX_YEARS[0]!, { ...de, social: { ...de.social, midijob: { ...de.social.midijob, factorF: new Decimal('0.7') } } })).toEqual([
      expect.stringContaining('Faktor F 0.7'),
    ]);
    expect(deEditionProblems(DE_TAX_YEARS[0]!, { ...de, social: { ...de.social, minijob: { ...de.social.minijob, u1Rate: new Decimal(NaN) } } })).toEqual([`DE ${DE_TAX_YEARS[0]}.minijob.u1Rate: not a finite decimal`]);
    expect(deEditionProblems(DE_TAX_YEARS[0]!, { ...de, pap: { ...de.pap, flow: 'Lohnsteuer1999' } })).toEqual([`DE ${DE_TAX_YEARS[0]}: PAP flow "Lohnsteuer1999" is not Lohnsteuer${DE_TAX_YEARS[0]}`]);
    const gb = GB_EDITIONS[GB_TAX_YEARS[0]!];
    expect(gbEditionProblems('2099-00', undefined)).toEqual(['GB 2099-00: no figures registered']);
    const swapped = { ...gb, incomeTax: { ...gb.incomeTax, rUK: { ...gb.incomeTax.rUK, bands: [...gb.incomeTax.rUK.bands].reverse() } } };
    expect(gbEditionProblems(GB_TAX_YEARS[0]!, swapped).length).toBeGreaterThan(0);
    const lelAbovePt = { ...gb, ni: { ...gb.ni, thresholds: { ...gb.ni.thresholds, LEL: gb.ni.thresholds.UEL } } };
    expect(gbEditionProblems(GB_TAX_YEARS[0]!, lelAbovePt)).toContain(`GB ${GB_TAX_YEARS[0]}: NI LEL < PT < UEL does not hold`);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Every German edition

describe.each(DE_TAX_YEARS.map((year) => [year] as const))('DE edition %s', (year) => {
  const edition = DE_EDITIONS[year];

  it('has every figure, each a valid decimal, consistent with the statute and its PAP', () => {
    expect(deEditionProblems(year, edition)).toEqual([]);
  });

  it('runs its PAP for the year', () => {
    const output = calculateLohnsteuer(year, { LZZ: 2, STKL: 1, RE4: 400000, KVZ: edition.social.health.averageAdditionalRate.mul(100).toNumber() });
    expect(output.LSTLZZ.gt(0)).toBe(true);
  });

  const payroll = DE_VECTORS.payroll.filter((vector) => vector.year === year);
  const lohnsteuer = DE_VECTORS.lohnsteuer.filter((vector) => vector.year === year);
  it('has official vectors for the payroll and the PAP', () => {
    expect(payroll.length).toBeGreaterThan(0);
    expect(lohnsteuer.length).toBeGreaterThan(0);
  });
  it.each(sample(payroll, 20).map((vector) => [vector.id, vector] as const))('payroll vector %s', async (_id, vector) => {
    expect(await dePayrollRunner(vector)).toEqual([]);
  });
  it.each(sample(lohnsteuer, 20).map((vector) => [vector.id, vector] as const))('PAP vector %s', async (_id, vector) => {
    expect(await deLohnsteuerRunner(vector)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Every GB edition

describe.each(GB_TAX_YEARS.map((taxYear) => [taxYear] as const))('GB edition %s', (taxYear) => {
  const params = GB_EDITIONS[taxYear];

  it('has every figure, each a valid decimal, with ordered bands and consistent thresholds', () => {
    expect(gbEditionProblems(taxYear, params)).toEqual([]);
  });

  const vectors = GB_VECTORS.filter((vector) => vector.tax_year === taxYear);
  it('has official period vectors', () => expect(vectors.length).toBeGreaterThan(0));
  it.each(sample(vectors, 30).map((vector) => [vector.id, vector] as const))('period vector %s', async (_id, vector) => {
    expect(await gbPeriodRunner(vector)).toEqual([]);
  });
});
