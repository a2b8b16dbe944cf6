/**
 * GB statutory payments and employer liabilities: SSP (ssp.ts), SMP and the other family payments
 * (family-pay.ts, awe.ts), and the employer's month-by-month liabilities (employer-liabilities.ts).
 * Figures: the `statutoryPayments` part of each tax year's file (../params/<year>.ts).
 */
export { calculateSsp, type SspDay, type SspDayOutcome, type SspInput, type SspNotEntitledReason, type SspPeriod, type SspPreviousLinkedPiw, type SspResult } from './ssp.js';
export { WEEKDAY_NAMES, type WeekdayName } from './calendar.js';
export { STATUTORY_PAYROLL_FREQUENCIES, isStatutoryPayrollFrequency, type StatutoryPayrollFrequency } from './periods.js';
export { EARNINGS_FREQUENCIES, averageWeeklyEarnings, isEarningsFrequency, relevantPeriod, type EarningsFrequency, type PayRecord, type RelevantPeriod } from './awe.js';
export {
  FAMILY_PAYMENT_KINDS,
  FAMILY_PAYMENT_MAXIMUM_WEEKS,
  calculateFamilyPay,
  type FamilyPayEvent,
  type FamilyPayInput,
  type FamilyPaymentKind,
  type FamilyPayNotQualifiedReason,
  type FamilyPayPeriod,
  type FamilyPayResult,
} from './family-pay.js';
export {
  RECOVERABLE_PAYMENT_TYPES,
  STATUTORY_PAYMENT_TYPES,
  calculateEmployerLiabilities,
  type LiabilitiesInput,
  type LiabilityMonth,
  type LiabilityMonthInput,
  type StatutoryPaymentType,
} from './employer-liabilities.js';
