/**
 * The move from the 2025-26 SSP rules to those of the Employment Rights Act 2025 s.10 (from 6 April 2026), as
 * DWP's transitional guidance to developers sets it out (statutory-payments-rules §2.4):
 *
 * - `ssp-transitional-flat-rate-protection`: an employee already paid SSP under the flat-rate rules earlier in the
 *   same continuous absence keeps the flat rate for its later days (no 80 %-of-AWE cap) until the return to work
 *   or exhaustion;
 * - `ssp-transitional-newly-eligible-6-april-2026`: below-LEL employees and those still serving waiting days are
 *   paid from 6 April under the new rules (this follows from taking each day's rules from its own tax year);
 * - `ssp-transitional-zero-rate-before-2025-09-22`: a continuous absence begun before 22 September 2025 and not paid
 *   under the old rules gets a rate of £0 for its days under the new rules (decision SSP-ZERO-RATE: such days are
 *   not paid and use no entitlement).
 */
import { dayOf, type DayNumber } from './calendar.js';

/** Continuous absences begun before this day and unpaid before the reform stay unpaid after it. */
export const ZERO_RATE_IF_ABSENT_SINCE_BEFORE: DayNumber = dayOf('2025-09-22', 'ZERO_RATE_IF_ABSENT_SINCE_BEFORE');
