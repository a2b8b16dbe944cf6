/**
 * The pension terms a payslip uses: the membership record and the scheme version in force on the pay date, the
 * membership's overrides over the scheme's defaults, and automatic enrolment of an eligible jobholder who is not a
 * member (Pensions Act 2008 ss3, 5; TPR detailed guidance 3 "Assessing the workforce", 4 "Automatic enrolment").
 */
import { Decimal } from '../../money.js';
import { assessWorker, employerMustContribute, type WorkerCategory } from '../auto-enrolment.js';
import type { GbTaxYear, PayFrequency } from '../ni/index.js';
import type { PensionArrangement, PensionBasis, PensionMethod } from '../pension.js';
import { addMonths, laterOf } from './dates.js';
import type { MembershipStatus } from './membership.js';

/**
 * One version of a worker's scheme membership as the pension rules read it. The rates, caps, method and wage
 * type override the scheme's own terms when set (null: the scheme's); a null scheme is the organization's default.
 */
export interface Membership {
  id: string;
  version: number;
  status: MembershipStatus;
  validFrom: string;
  /** Exclusive; null while the version is the current one. */
  validTo: string | null;
  workerCategory: WorkerCategory | null;
  enrolmentDate: string | null;
  optOutDate: string | null;
  enrolmentCommunicationDate: string | null;
  schemeId: string | null;
  /** Rates as fractions: 0.05 = 5 %. */
  employeeRate: Decimal | null;
  employerRate: Decimal | null;
  employeeCap: Decimal | null;
  employerCap: Decimal | null;
  method: PensionMethod | null;
  wageTypeCode: string | null;
}

/** One version of a pension scheme's terms: what a contribution and an automatic enrolment need of it. */
export interface SchemeTerms {
  schemeId: string;
  version: number;
  validFrom: string;
  /** Exclusive; null while the version is the current one. */
  validTo: string | null;
  method: PensionMethod;
  basis: PensionBasis;
  /** Rates as fractions: 0.05 = 5 %. */
  employeeRate: Decimal;
  employerRate: Decimal;
  employeeCap: Decimal | null;
  employerCap: Decimal | null;
  /** Postponement of automatic enrolment, in months (up to 3: Pensions Act 2008 s4). */
  postponementMonths: number;
  /** Whether the employer contributes for an entitled worker who joins (it need not: Pensions Act 2008 s9). */
  entitledWorkerEmployerContributes: boolean;
  /** The scheme's cyclical re-enrolment date (Automatic Enrolment Regulations 2010 reg 12), if set. */
  reEnrolmentDate: string | null;
  wageTypeCode: string;
}

/**
 * The membership automatic enrolment creates: active in the default scheme from the enrolment date, on the
 * scheme's own terms (no overrides), no opt-out, enrolment information not yet sent. The run calculates its
 * payslip with this record and approval stores this record (service/use-cases/payroll-runs.ts), so the two agree.
 */
export function autoEnrolledMembership(schemeId: string, category: WorkerCategory, enrolmentDate: string): Omit<Membership, 'id' | 'version'> {
  return {
    status: 'ACTIVE',
    validFrom: enrolmentDate,
    validTo: null,
    workerCategory: category,
    enrolmentDate,
    optOutDate: null,
    enrolmentCommunicationDate: null,
    schemeId,
    employeeRate: null,
    employerRate: null,
    employeeCap: null,
    employerCap: null,
    method: null,
    wageTypeCode: null,
  };
}

function inForce(record: { validFrom: string; validTo: string | null }, date: string): boolean {
  return record.validFrom <= date && (record.validTo === null || date < record.validTo);
}

/** The membership record in force on `date` (history in version order). */
export function membershipOn(history: readonly Membership[], date: string): Membership | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const record = history[i] as Membership;
    if (inForce(record, date)) return record;
  }
  return null;
}

/** The version of a scheme in force on `date`. */
export function schemeVersionOn(versions: readonly SchemeTerms[], date: string): SchemeTerms | null {
  return versions.find((v) => inForce(v, date)) ?? null;
}

export interface PensionTerms {
  arrangement: PensionArrangement;
  schemeId: string;
  wageTypeCode: string;
  method: PensionMethod;
}

/** Membership overrides over the scheme version's defaults; an entitled worker's employer pays only if the scheme says so. */
export function termsFor(membership: Membership, scheme: SchemeTerms): PensionTerms {
  const method = membership.method ?? scheme.method;
  const category = membership.workerCategory ?? 'ELIGIBLE_JOBHOLDER';
  const employerPays = employerMustContribute(category, scheme.entitledWorkerEmployerContributes) || category === 'EXCLUDED';
  return {
    arrangement: {
      method,
      basis: scheme.basis,
      employeeRate: membership.employeeRate ?? scheme.employeeRate,
      employerRate: employerPays ? (membership.employerRate ?? scheme.employerRate) : new Decimal(0),
      employeeCap: membership.employeeCap ?? scheme.employeeCap,
      employerCap: membership.employerCap ?? scheme.employerCap,
    },
    schemeId: scheme.schemeId,
    wageTypeCode: membership.wageTypeCode ?? scheme.wageTypeCode,
    method,
  };
}

export interface AutoEnrolmentInput {
  taxYear: GbTaxYear;
  frequency: PayFrequency;
  payDate: string;
  dateOfBirth: string | null;
  startDate: string;
  /** Qualifying earnings of the pay reference period. */
  earnings: Decimal;
  history: readonly Membership[];
  /** The organization's default scheme: its first version's start and the version in force on the pay date. */
  defaultScheme: { schemeId: string; firstValidFrom: string; version: SchemeTerms } | null;
}

export type AutoEnrolmentDecision =
  | { action: 'none' }
  | { action: 'enrol'; schemeId: string; category: WorkerCategory; reEnrolment: boolean }
  | { action: 'postponed'; until: string }
  | { action: 'no_scheme' }
  | { action: 'no_date_of_birth' };

/**
 * Whether this payslip enrols the worker: an eligible jobholder (22 to State Pension age, earnings above the
 * trigger) with no membership, or one who opted out more than 12 months before the scheme's cyclical re-enrolment
 * date once that date has come (Automatic Enrolment Regulations 2010 reg 12). Postponement (up to 3 months from
 * the later of the start of employment and the scheme's start) defers it.
 */
export function decideAutoEnrolment(input: AutoEnrolmentInput): AutoEnrolmentDecision {
  const latest = input.history[input.history.length - 1] ?? null;
  let reEnrolment = false;
  if (latest !== null && latest.status === 'ACTIVE') return { action: 'none' };
  if (latest !== null && latest.status === 'OPTED_OUT') {
    const reDate = input.defaultScheme?.version.reEnrolmentDate ?? null;
    const optedOut = latest.optOutDate ?? latest.validFrom;
    if (reDate === null || input.payDate < reDate || optedOut > addMonths(reDate, -12)) return { action: 'none' };
    reEnrolment = true;
  }
  if (input.dateOfBirth === null) return { action: 'no_date_of_birth' };
  const assessment = assessWorker({ taxYear: input.taxYear, frequency: input.frequency, dateOfBirth: input.dateOfBirth, assessmentDate: input.payDate, earnings: input.earnings });
  if (assessment.category !== 'ELIGIBLE_JOBHOLDER') return { action: 'none' };
  if (input.defaultScheme === null) return { action: 'no_scheme' };
  if (!reEnrolment) {
    const until = addMonths(laterOf(input.startDate, input.defaultScheme.firstValidFrom), input.defaultScheme.version.postponementMonths);
    if (input.payDate < until) return { action: 'postponed', until };
  }
  return { action: 'enrol', schemeId: input.defaultScheme.schemeId, category: assessment.category, reEnrolment };
}
