/** HMRC RTI documents: the IRmark, the FPS and the EPS as complete GovTalk messages (pure: text in, text out). */
export { irmarkOf, irmarkPayload, withIrmark, IrmarkError, type Irmark } from './irmark.js';
export { fullPaymentSubmission, type FpsEmployee, type FpsInput, type FpsNiLetter, type FpsStatutoryYtd, type HoursBand, type PayFrequencyCode, type RtiEmployer, type RtiMessage, type RtiSender, type StudentLoanPlanType } from './fps.js';
export { employerPaymentSummary, EPS_RECOVERABLE, type EpsInput, type EpsRecoverable, type StateAidSector } from './eps.js';
export { rtiYear, isRtiTaxYear, RTI_TAX_YEARS, type RtiTaxYear, type RtiYear } from './years.js';
export type { Channel } from './govtalk.js';
