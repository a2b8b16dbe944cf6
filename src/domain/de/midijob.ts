/**
 * Übergangsbereich (midijob): the reduced contribution bases of § 20 Abs. 2a SGB IV.
 *
 *   BE    = F·G + (O/(O−G) − G/(O−G)·F)·(AE − G)     (S. 1, base of the total contribution)
 *   BE_AN = O/(O−G)·(AE − G)                          (S. 6, base of the employee share)
 *
 * with G = minijob limit, O = 2,000 €, F = Faktor F of the year, AE = the period's wage.
 * The formulas are evaluated exactly (no rounding of intermediate results) and each result is
 * rounded half up to the cent (§ 20 Abs. 2a S. 7 SGB IV i.V.m. § 123 SGB VI; params-2026.md B,
 * contribution-rules.md 5 and convention 6: the exact formula, not the published 9-decimal one).
 * For pay periods other than a month, G and O are prorated by SV days (30 per month).
 */
import { Decimal, dec } from '../money.js';
import type { DeSocialParams } from './params/index.js';

export interface MidijobBand {
  /** G for the period (exclusive lower bound). */
  lower: Decimal;
  /** O for the period (inclusive upper bound). */
  upper: Decimal;
}

/** The Übergangsbereich for a period of `svDays` SV days (30 = one month). */
export function midijobBand(params: DeSocialParams, svDays: number): MidijobBand {
  const scale = new Decimal(svDays).div(30);
  return { lower: params.midijob.lowerBound.mul(scale), upper: params.midijob.upperBound.mul(scale) };
}

/** True when the wage lies in the band: G < AE ≤ O. */
export function inMidijobBand(wage: Decimal, band: MidijobBand): boolean {
  return wage.gt(band.lower) && wage.lte(band.upper);
}

export interface MidijobBases {
  /** BE: base of the total contribution (and of the employer's U1/U2/U3). */
  total: Decimal;
  /** BE_AN: base of the employee share. */
  employee: Decimal;
}

/** BE and BE_AN for a wage inside the band, each rounded half up to the cent. */
export function midijobBases(wage: Decimal, band: MidijobBand, factorF: Decimal): MidijobBases {
  const ae = dec(wage);
  const g = band.lower;
  const o = band.upper;
  const span = o.minus(g);
  // § 20 Abs. 2a S. 1: exact evaluation, result rounded half up to the cent.
  const total = factorF.mul(g).plus(o.div(span).minus(g.div(span).mul(factorF)).mul(ae.minus(g))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  // § 20 Abs. 2a S. 6: exact evaluation, result rounded half up to the cent.
  const employee = o.div(span).mul(ae.minus(g)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return { total, employee };
}
