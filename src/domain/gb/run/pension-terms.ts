/**
 * The pension terms a payslip uses: the membership record and the scheme version in force on the pay date, the
 * membership's overrides over the scheme's defaults, and automatic enrolment of an eligible jobholder who is not a
 * member (Pensions Act 2008 ss3, 5; TPR detailed guidance 3 "Assessing the workforce", 4 "Automatic enrolment").
 */
import { Decimal } from '../../money.js';
import { assessWorker, employerMustContribute, type WorkerCategory } from '../auto-enrolment.js';
import type { GbTaxYear, PayFrequency } from '../ni/index.js';
import type { PensionArrangement, PensionMethod } from '../pension.js';
import { addMonths, laterOf } from './dates.js';

export interface MembershipRecord {
  id: string;
  version: number;
  status: 'ACTIVE' | 'OPTED_OUT' | 'NOT_ENROLLED';
  valid_from: string;
  valid_to: string | null;
  worker_category: WorkerCategory | null;
  enrolment_date: string | null;
  opt_out_date: string | null;
  enrolment_communication_date: string | null;
  scheme_id: string | null;
  employee_rate: string | null;
  employer_rate: string | null;
  employee_cap: string | null;
  employer_cap: string | null;
  tax_treatment: string | null;
  wage_type_code: string | null;
}

export interface SchemeVersionRecord {
  scheme_id: string;
  version: number;
  valid_from: string;
  valid_to: string | null;
  tax_treatment: string;
  pensionable_earnings_definition: string;
  employee_rate: string;
  employer_rate: string;
  employee_cap: string | null;
  employer_cap: string | null;
  postponement_period_months: number;
  entitled_worker_employer_contributes: boolean;
  re_enrolment_date: string | null;
  wage_type_code: string;
}

/**
 * The membership automatic enrolment creates: active in the default scheme from the enrolment date, on the
 * scheme's own terms (no overrides), no opt-out, enrolment information not yet sent. The run calculates its
 * payslip with this record and approval stores this record (service/use-cases/payroll-runs.ts), so the two agree.
 */
export function autoEnrolledMembership(schemeId: string, category: WorkerCategory, enrolmentDate: string): Omit<MembershipRecord, 'id' | 'version'> {
  return {
    status: 'ACTIVE',
    valid_from: enrolmentDate,
    valid_to: null,
    worker_category: category,
    enrolment_date: enrolmentDate,
    opt_out_date: null,
    enrolment_communication_date: null,
    scheme_id: schemeId,
    employee_rate: null,
    employer_rate: null,
    employee_cap: null,
    employer_cap: null,
    tax_treatment: null,
    wage_type_code: null,
  };
}

const METHOD: Readonly<Record<string, PensionMethod>> = { NET_PAY: 'net_pay', RELIEF_AT_SOURCE: 'relief_at_source', SALARY_SACRIFICE: 'salary_sacrifice' };

function inForce(record: { valid_from: string; valid_to: string | null }, date: string): boolean {
  return record.valid_from <= date && (record.valid_to === null || date < record.valid_to);
}

/** The membership record in force on `date` (history in version order). */
export function membershipOn(history: readonly MembershipRecord[], date: string): MembershipRecord | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const record = history[i] as MembershipRecord;
    if (inForce(record, date)) return record;
  }
  return null;
}

/** The version of a scheme in force on `date`. */
export function schemeVersionOn(versions: readonly SchemeVersionRecord[], date: string): SchemeVersionRecord | null {
  return versions.find((v) => inForce(v, date)) ?? null;
}

export interface PensionTerms {
  arrangement: PensionArrangement;
  schemeId: string;
  wageTypeCode: string;
  method: PensionMethod;
}

/** Membership overrides over the scheme version's defaults; an entitled worker's employer pays only if the scheme says so. */
export function termsFor(membership: MembershipRecord, scheme: SchemeVersionRecord): PensionTerms {
  const treatment = membership.tax_treatment ?? scheme.tax_treatment;
  const method = METHOD[treatment] ?? 'net_pay';
  const category = membership.worker_category ?? 'ELIGIBLE_JOBHOLDER';
  const employerPays = employerMustContribute(category, scheme.entitled_worker_employer_contributes) || category === 'EXCLUDED';
  const cap = (override: string | null, schemeCap: string | null) => (override !== null ? new Decimal(override) : schemeCap !== null ? new Decimal(schemeCap) : null);
  return {
    arrangement: {
      method,
      basis: scheme.pensionable_earnings_definition === 'PENSIONABLE_PAY' ? 'pensionable_pay' : 'qualifying_earnings',
      employeeRate: new Decimal(membership.employee_rate ?? scheme.employee_rate),
      employerRate: employerPays ? new Decimal(membership.employer_rate ?? scheme.employer_rate) : new Decimal(0),
      employeeCap: cap(membership.employee_cap, scheme.employee_cap),
      employerCap: cap(membership.employer_cap, scheme.employer_cap),
    },
    schemeId: scheme.scheme_id,
    wageTypeCode: membership.wage_type_code ?? scheme.wage_type_code,
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
  history: readonly MembershipRecord[];
  /** The organization's default scheme: its first version's start and the version in force on the pay date. */
  defaultScheme: { schemeId: string; firstValidFrom: string; version: SchemeVersionRecord } | null;
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
    const reDate = input.defaultScheme?.version.re_enrolment_date ?? null;
    const optedOut = latest.opt_out_date ?? latest.valid_from;
    if (reDate === null || input.payDate < reDate || optedOut > addMonths(reDate, -12)) return { action: 'none' };
    reEnrolment = true;
  }
  if (input.dateOfBirth === null) return { action: 'no_date_of_birth' };
  const assessment = assessWorker({ taxYear: input.taxYear, frequency: input.frequency, dateOfBirth: input.dateOfBirth, assessmentDate: input.payDate, earnings: input.earnings });
  if (assessment.category !== 'ELIGIBLE_JOBHOLDER') return { action: 'none' };
  if (input.defaultScheme === null) return { action: 'no_scheme' };
  if (!reEnrolment) {
    const until = addMonths(laterOf(input.startDate, input.defaultScheme.firstValidFrom), input.defaultScheme.version.postponement_period_months);
    if (input.payDate < until) return { action: 'postponed', until };
  }
  return { action: 'enrol', schemeId: input.defaultScheme.schemeId, category: assessment.category, reEnrolment };
}
