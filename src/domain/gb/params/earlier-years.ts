/**
 * Figures of tax years before the first registered edition (../editions.ts) that rules of a registered year
 * still look back to. Statutory payments test average weekly earnings against the lower earnings limit in force
 * at the end of the qualifying week (SMP and the other family payments; SPM171000) or at the start of a period of
 * incapacity (SSP; SSCBA 1992 Sch 11 para 2(c)), which for a payment in 2025-26 can lie in 2024-25. Only the
 * figures such a look-back needs are here; a year with a full edition takes them from it.
 */
import { Decimal } from '../../money.js';

/** The weekly Class 1 lower earnings limit (SSCBA 1992 s.5(1)(a); SSCR 2001 reg 10) by tax year. */
export const EARLIER_WEEKLY_LOWER_EARNINGS_LIMITS: Readonly<Record<string, Decimal>> = {
  // 2024-25: £123 a week (SSCR 2001 reg 10 as amended for 2024-25; GOV.UK "Rates and thresholds for employers
  // 2024 to 2025"); the LEL the statutory vectors name for qualifying weeks before 6 April 2025.
  '2024-25': new Decimal(123),
};
