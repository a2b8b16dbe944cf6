/**
 * The roundings the statutory-payment rules name (statutory-payments-rules §§2.3, 3, 4, 5). Each function is one
 * named convention; amounts are never negative where the up/down roundings are used, except the levy, whose YTD
 * is floored after the 0 minimum.
 */
import { Decimal } from '../../money.js';

/** Up to the next penny: `ssp-period-amount-rounded-up`, `ssp-80pct-awe-rounded-up`, `family-earnings-related-rate-rounded-up-per-week`, `family-monthly-period-total-rounded-up`. */
export function roundUpToPenny(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_CEIL);
}

/** Cut to 4 places: `ssp-daily-rate-4dp-truncated` (the unrounded daily rates HMRC's tables use). */
export function truncateTo4Places(value: Decimal): Decimal {
  return value.toDecimalPlaces(4, Decimal.ROUND_DOWN);
}

/** Cut to 7 places: `awe-truncated-7dp` (the HMRC-agreed truncation of average weekly earnings). */
export function truncateTo7Places(value: Decimal): Decimal {
  return value.toDecimalPlaces(7, Decimal.ROUND_DOWN);
}

/** Down to whole pounds: `levy-ytd-whole-pounds-rounded-down` (EPS LevyDueYTD is IRwholeUnitsMonetaryType). */
export function roundDownToPound(value: Decimal): Decimal {
  return value.toDecimalPlaces(0, Decimal.ROUND_FLOOR);
}

/** Half up to the penny: `recovery-ytd-basis-round-half-up`. */
export function roundHalfUpToPenny(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
