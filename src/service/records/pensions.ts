/**
 * Pension rows in the shapes the pension rules take (domain/gb/run/pension-terms.ts, membership.ts) and back:
 * the domain reads memberships and scheme terms, never store rows (issue 13, "Repositories").
 */
import type { WorkerCategory } from '../../domain/gb/auto-enrolment.js';
import type { MembershipStatus } from '../../domain/gb/run/membership.js';
import type { Membership, SchemeTerms } from '../../domain/gb/run/pension-terms.js';
import type { PensionMethod } from '../../domain/gb/pension.js';
import { Decimal } from '../../domain/money.js';
import type { GbPensionMembershipTable, GbPensionSchemeVersionTable } from '../../store/schema.js';
import { isSet } from '../context.js';

/** The stored tax treatment (spec "Pension scheme (GB)", tax_treatment) as the contribution method; net pay otherwise. */
const METHOD: Readonly<Record<string, PensionMethod>> = { NET_PAY: 'net_pay', RELIEF_AT_SOURCE: 'relief_at_source', SALARY_SACRIFICE: 'salary_sacrifice' };
const TREATMENT: Readonly<Record<PensionMethod, string>> = { net_pay: 'NET_PAY', relief_at_source: 'RELIEF_AT_SOURCE', salary_sacrifice: 'SALARY_SACRIFICE' };

function methodOf(treatment: string): PensionMethod {
  return METHOD[treatment] ?? 'net_pay';
}

function decimalOrNull(text: string | null): Decimal | null {
  return text === null ? null : new Decimal(text);
}

export function membershipOf(row: GbPensionMembershipTable): Membership {
  return {
    id: row.id,
    version: Number(row.version),
    status: row.status as MembershipStatus,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    workerCategory: row.worker_category as WorkerCategory | null,
    enrolmentDate: row.enrolment_date,
    optOutDate: row.opt_out_date,
    enrolmentCommunicationDate: row.enrolment_communication_date,
    schemeId: row.scheme_id,
    employeeRate: decimalOrNull(row.employee_rate),
    employerRate: decimalOrNull(row.employer_rate),
    employeeCap: decimalOrNull(row.employee_cap),
    employerCap: decimalOrNull(row.employer_cap),
    method: row.tax_treatment === null ? null : methodOf(row.tax_treatment),
    wageTypeCode: row.wage_type_code,
  };
}

/**
 * The columns of a membership the rules made (automatic enrolment: no overrides), for the store. Rates and caps
 * are written as the decimal text they were read from or given as.
 */
export function membershipColumns(m: Omit<Membership, 'id' | 'version'>): Pick<
  GbPensionMembershipTable,
  | 'status'
  | 'valid_from'
  | 'valid_to'
  | 'worker_category'
  | 'enrolment_date'
  | 'opt_out_date'
  | 'enrolment_communication_date'
  | 'scheme_id'
  | 'employee_rate'
  | 'employer_rate'
  | 'employee_cap'
  | 'employer_cap'
  | 'tax_treatment'
  | 'wage_type_code'
> {
  const text = (d: Decimal | null) => (d === null ? null : d.toString());
  return {
    status: m.status,
    valid_from: m.validFrom,
    valid_to: m.validTo,
    worker_category: m.workerCategory,
    enrolment_date: m.enrolmentDate,
    opt_out_date: m.optOutDate,
    enrolment_communication_date: m.enrolmentCommunicationDate,
    scheme_id: m.schemeId,
    employee_rate: text(m.employeeRate),
    employer_rate: text(m.employerRate),
    employee_cap: text(m.employeeCap),
    employer_cap: text(m.employerCap),
    tax_treatment: m.method === null ? null : TREATMENT[m.method],
    wage_type_code: m.wageTypeCode,
  };
}

export function schemeTermsOf(row: GbPensionSchemeVersionTable): SchemeTerms {
  return {
    schemeId: row.scheme_id,
    version: Number(row.version),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    method: methodOf(row.tax_treatment),
    basis: row.pensionable_earnings_definition === 'PENSIONABLE_PAY' ? 'pensionable_pay' : 'qualifying_earnings',
    employeeRate: new Decimal(row.employee_rate),
    employerRate: new Decimal(row.employer_rate),
    employeeCap: decimalOrNull(row.employee_cap),
    employerCap: decimalOrNull(row.employer_cap),
    postponementMonths: Number(row.postponement_period_months),
    entitledWorkerEmployerContributes: isSet(row.entitled_worker_employer_contributes),
    reEnrolmentDate: row.re_enrolment_date,
    wageTypeCode: row.wage_type_code,
  };
}
