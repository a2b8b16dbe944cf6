/**
 * What the German employer filings are made from, read from the store (issue 17): the organization as employer, its
 * employees' statutory data and the approved months of a span (a correction in place of its original, months before
 * a rehire's start left out, as the payroll account does), mapped to the domain's filing inputs.
 */
import { parseDeMonthRecord } from '../../../domain/de/run/record.js';
import { findInsurer } from '../../../domain/de/krankenkassen.js';
import { MINIJOB_ZENTRALE_CODE } from '../../../domain/de/krankenkassen.js';
import type { FilingEmployee, FilingEmployer, FilingMonth } from '../../../domain/de/filings/types.js';
import { fieldError } from '../../../domain/errors.js';
import { Decimal } from '../../../domain/money.js';
import { findFilingAddress, listFilingEmployees, loadFilingDeMonths } from '../../../store/repositories/de-filings.js';
import type { EmployeeTable, OrganizationTable } from '../../../store/schema.js';
import type { ServiceContext } from '../../context.js';
import { effectiveMonths } from './history.js';
import { requireDeOrg } from './org.js';

export interface FilingSpan {
  /** First and last month, 'YYYY-MM'. */
  from: string;
  to: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** `period=YYYY-MM` or `year=YYYY`, exactly one (errors name the query field). */
export function filingSpan(query: Record<string, unknown>, allowPeriod = true): FilingSpan {
  const period = text(query.period);
  const year = text(query.year);
  if (period !== '' && year !== '') throw fieldError(['query', 'period'], 'give either period (YYYY-MM) or year (YYYY), not both', 'period_or_year');
  if (period !== '') {
    if (!allowPeriod) throw fieldError(['query', 'period'], 'the Lohnsteuerbescheinigung is per calendar year: give year (YYYY)', 'year_only');
    if (!MONTH.test(period)) throw fieldError(['query', 'period'], 'must be a month in the form YYYY-MM', 'pattern');
    return { from: period, to: period };
  }
  if (year === '') throw fieldError(['query', allowPeriod ? 'period' : 'year'], allowPeriod ? 'is required: a month (period=YYYY-MM) or a calendar year (year=YYYY)' : 'is required: the calendar year (year=YYYY)', 'required');
  if (!YEAR.test(year)) throw fieldError(['query', 'year'], 'must be a calendar year such as 2026', 'pattern');
  return { from: `${year}-01`, to: `${year}-12` };
}

function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function employerOf(org: OrganizationTable, address: { components_json: string } | undefined): FilingEmployer {
  const tax = org.tax_identifiers_json ? (JSON.parse(org.tax_identifiers_json) as { tax_data?: { tax_number?: string } }) : null;
  const insurance = org.insurance_data_json ? (JSON.parse(org.insurance_data_json) as { company_number?: string | null }) : null;
  const parts = address ? (JSON.parse(address.components_json) as { road?: string; street_number?: string; postal_code?: string; city?: string }) : null;
  return {
    id: org.id,
    legalName: org.legal_name,
    betriebsnummer: insurance?.company_number ?? null,
    steuernummer: tax?.tax_data?.tax_number ?? null,
    address: parts && parts.postal_code && parts.city ? { street: [parts.road, parts.street_number].filter(Boolean).join(' '), postcode: parts.postal_code, city: parts.city } : null,
  };
}

export function filingEmployeeOf(row: EmployeeTable): FilingEmployee {
  const de = JSON.parse(row.statutory_json || '{}') as Record<string, unknown>;
  const str = (key: string): string | null => (typeof de[key] === 'string' && de[key] !== '' ? (de[key] as string) : null);
  const miniJob = de.is_mini_job === true;
  const details = (de.mini_job_details ?? null) as { pension_exemption?: boolean } | null;
  const premium = str('private_insurance_monthly');
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    payrollNumber: row.payroll_number,
    dateOfBirth: row.date_of_birth,
    startDate: row.start_date,
    leaveDate: row.leave_date,
    address: row.address,
    taxId: str('tax_id'),
    socialInsuranceNumber: str('social_insurance_number'),
    personengruppe: str('personengruppe'),
    beitragsgruppe: str('beitragsgruppe'),
    taetigkeitsschluessel: str('taetigkeitsschluessel'),
    isChurchMember: de.is_church_member === true,
    churchDenomination: str('church_denomination'),
    taxClass: typeof de.tax_class === 'number' ? de.tax_class : null,
    factor: str('factor'),
    childAllowances: str('child_allowances'),
    federalState: str('federal_state'),
    miniJob,
    privateHealth: premium !== null && new Decimal(premium).gt(0),
    pensionExemption: details?.pension_exemption === true,
    insurer: miniJob ? MINIJOB_ZENTRALE_CODE : str('health_insurer_agency_code'),
    // Absent = no earlier employer this year; null = not presented (§ 39b Abs. 3 S. 2 EStG).
    previousEmploymentPayPresented: de.previous_employment_pay !== null,
  };
}

export interface FilingData {
  org: OrganizationTable;
  employer: FilingEmployer;
  employees: FilingEmployee[];
  byId: Map<string, FilingEmployee>;
  /** The approved months from `loadFrom` to the span's end, one per employee and month, oldest first. */
  months: FilingMonth[];
  /** The latest approval among the months (the records' creation stamp), or the span's end. */
  createdAt: string;
}

/** Everything a filing of the span reads; `loadFrom` may reach back before the span (a year's Entgelt). */
export async function loadFilingData(ctx: ServiceContext, orgId: string, span: FilingSpan, loadFrom: string): Promise<FilingData> {
  const db = ctx.store.db;
  const org = await requireDeOrg(ctx, db, orgId);
  const [rows, employeeRows, address] = await Promise.all([
    loadFilingDeMonths(db, orgId, loadFrom, nextMonth(span.to)),
    listFilingEmployees(db, orgId),
    findFilingAddress(db, orgId, org.address_id),
  ]);
  const employees = employeeRows.map(filingEmployeeOf);
  const byId = new Map(employees.map((e) => [e.id, e]));
  const months: FilingMonth[] = [];
  let createdAt = '';
  for (const [employeeId, settled] of effectiveMonths(rows)) {
    const entryMonth = (byId.get(employeeId)?.startDate ?? '').slice(0, 7);
    for (const m of settled) {
      if (m.month < entryMonth) continue;
      const row = m as (typeof rows)[number];
      const record = parseDeMonthRecord(JSON.parse(row.record_json), `employee ${employeeId}, ${m.month}`);
      months.push({ employeeId, month: m.month, payDate: m.pay_date, runId: m.run_id, payslipId: m.payslip_id, correctsRunId: m.corrects_run_id, record });
      if (m.approved_at && m.approved_at > createdAt) createdAt = m.approved_at;
    }
  }
  months.sort((a, b) => a.month.localeCompare(b.month) || a.employeeId.localeCompare(b.employeeId));
  return { org, employer: employerOf(org, address), employees, byId, months, createdAt: createdAt || `${span.to}-01T00:00:00.000Z` };
}

/** The bundled insurer table's name for a Betriebsnummer. */
export function insurerName(betriebsnummer: string): string | null {
  return findInsurer(betriebsnummer)?.name ?? null;
}
