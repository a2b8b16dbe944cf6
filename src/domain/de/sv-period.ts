/**
 * The rounding and the period ceilings of German social insurance, shared by the Decimal reference
 * (social-insurance.ts) and the integer kernel (sv-cents.ts), which reads the reference's own ceilings.
 */
import { Decimal } from '../money.js';

/** Rounds half up to the cent (BVV § 1: "die zweite Dezimalstelle wird um 1 erhöht, wenn … 5 bis 9"). */
export function roundCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * A contribution ceiling for a pay period: the monthly ceiling (annual / 12) × SV days / 30, rounded
 * half up to the cent as the published daily/weekly ceilings are; a year is the annual ceiling.
 */
export function periodCeiling(annual: Decimal, svDays: number): Decimal {
  if (svDays === 360) return annual;
  return roundCents(annual.div(12).mul(svDays).div(30));
}
