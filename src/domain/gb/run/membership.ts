/**
 * Pension membership rules (spec "States and transitions › Pension membership status"; The Pensions Regulator,
 * detailed guidance no. 7 "Opting out"; Occupational and Personal Pension Schemes (Automatic Enrolment)
 * Regulations 2010 regs 9–11): which moves are allowed and when an opt-out is refunded.
 */
import { addMonths, laterOf } from './dates.js';

export type MembershipStatus = 'ACTIVE' | 'OPTED_OUT' | 'NOT_ENROLLED';

/** The parts of the latest membership record the transition rules read. */
export interface MembershipState {
  status: MembershipStatus;
  validFrom: string;
  enrolmentDate: string | null;
  optOutDate: string | null;
}

export type TransitionRefusal = { code: string; message: string };

/**
 * Enrolment (NOT_ENROLLED → ACTIVE; re-joining OPTED_OUT → ACTIVE, decision A5). Refused when already ACTIVE or
 * when dated before the latest record took effect (a history is append-only in time).
 */
export function refuseEnrolment(latest: MembershipState | null, enrolmentDate: string): TransitionRefusal | null {
  if (latest === null) return null;
  if (latest.status === 'ACTIVE') {
    return { code: 'PENSION.ALREADY_ACTIVE', message: `the employee is already an active member since ${latest.enrolmentDate ?? latest.validFrom}; opt them out first if the membership should end` };
  }
  if (enrolmentDate < latest.validFrom) {
    const what = latest.status === 'OPTED_OUT' ? `the opt-out on ${latest.optOutDate ?? latest.validFrom}` : `the last change on ${latest.validFrom}`;
    return { code: 'PENSION.DATE_BEFORE_HISTORY', message: `enrolment date ${enrolmentDate} is before ${what}; a re-enrolment must be dated on or after it` };
  }
  return null;
}

/** Opt-out (ACTIVE → OPTED_OUT only), dated on or after the enrolment. */
export function refuseOptOut(latest: MembershipState | null, optOutDate: string): TransitionRefusal | null {
  if (latest === null || latest.status === 'NOT_ENROLLED') {
    return { code: 'PENSION.NOT_ENROLLED', message: 'the employee is not enrolled in a pension scheme, so there is nothing to opt out of' };
  }
  if (latest.status === 'OPTED_OUT') {
    return { code: 'PENSION.ALREADY_OPTED_OUT', message: `the employee already opted out on ${latest.optOutDate ?? latest.validFrom}; enrol them again (opt-in) before another opt-out` };
  }
  const enrolled = latest.enrolmentDate ?? latest.validFrom;
  if (optOutDate < enrolled) {
    return { code: 'PENSION.OPT_OUT_BEFORE_ENROLMENT', message: `opt-out date ${optOutDate} is before the enrolment date ${enrolled}; an opt-out takes effect on or after enrolment` };
  }
  return null;
}

/**
 * Last day of the opt-out window: one month from the later of the day the jobholder became an active member and
 * the day the enrolment information was given. Null while the information has not been given (the window has not
 * started yet).
 */
export function optOutWindowEnd(enrolmentDate: string | null, communicationDate: string | null): string | null {
  if (enrolmentDate === null || communicationDate === null) return null;
  return addMonths(laterOf(enrolmentDate, communicationDate), 1);
}

/**
 * An opt-out inside the window refunds every contribution taken (employee and employer). Without an enrolment
 * communication date the window has not even started, so the opt-out is inside it (decision A6).
 */
export function isRefundDue(optOutDate: string, enrolmentDate: string | null, communicationDate: string | null): boolean {
  if (communicationDate === null) return true;
  const end = optOutWindowEnd(enrolmentDate, communicationDate);
  return end !== null && optOutDate <= end;
}
