/**
 * Everything a GB payroll run reads from the store, in a few batched queries (a run may hold tens of thousands
 * of employees): employees, pay group membership, pension memberships and schemes, year-to-date figures,
 * contributions an opt-out refunds, and NIable pay already paid in the same earnings period.
 */
import { Decimal } from '../../domain/money.js';
import type { WorkerCategory } from '../../domain/gb/auto-enrolment.js';
import type { PreviousEmployment } from '../../domain/gb/run/employment.js';
import type { EmployeeFacts } from '../../domain/gb/run/employee-payslip.js';
import { isRefundDue } from '../../domain/gb/run/membership.js';
import type { Membership, SchemeTerms } from '../../domain/gb/run/pension-terms.js';
import { refundOf, type TakenContribution } from '../../domain/gb/run/refund.js';
import type { RefundInput } from '../../domain/gb/run/payslip.js';
import type { NiCategory } from '../../domain/gb/ni/index.js';
import type { StudentLoanPlan } from '../../domain/gb/student-loans.js';
import type { Db } from '../context.js';
import { isSet } from '../context.js';
import type { EmployeeTable } from '../../store/schema.js';
import * as pensionRepo from '../../store/repositories/pensions.js';
import { membershipOf, schemeTermsOf } from '../records/pensions.js';

/** Parameters per statement stay far below SQLite's and Postgres's limits. */
export const CHUNK = 900;

export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function loadEmployees(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, EmployeeTable>> {
  const map = new Map<string, EmployeeTable>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('employees').selectAll().where('org_id', '=', orgId).where('id', 'in', part).execute();
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

export async function loadGroupMembers(db: Db, payGroupId: string, ids: readonly string[]): Promise<Set<string>> {
  const set = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('pay_group_members').select('employee_id').where('pay_group_id', '=', payGroupId).where('employee_id', 'in', part).execute();
    for (const row of rows) set.add(row.employee_id);
  }
  return set;
}

interface StoredGb {
  tax_code?: string;
  week1_month1?: boolean;
  ni_category?: string;
  student_loan_plans?: string[];
  postgraduate_loan?: boolean;
  is_director?: boolean;
  director_appointment_date?: string | null;
  director_ni_method?: 'standard_annual_earnings_period' | 'alternative' | null;
  p45?: { leaving_date: string; pay_to_date: string; tax_to_date: string } | null;
}

/** The employee's statutory block (validated by the employee contract when written) as the run's facts. */
export function employeeFacts(row: EmployeeTable): EmployeeFacts {
  const gb = (JSON.parse(row.statutory_json) ?? {}) as StoredGb;
  const p45 = gb.p45 ?? null;
  const previous: PreviousEmployment | null = p45 ? { leavingDate: p45.leaving_date, payToDate: new Decimal(p45.pay_to_date), taxToDate: new Decimal(p45.tax_to_date) } : null;
  return {
    id: row.id,
    startDate: row.start_date,
    leaveDate: row.leave_date,
    dateOfBirth: row.date_of_birth,
    taxCode: gb.tax_code ?? '1257L',
    week1Month1: gb.week1_month1 === true,
    niCategory: (gb.ni_category ?? 'A') as NiCategory,
    studentLoanPlans: (gb.student_loan_plans ?? []) as StudentLoanPlan[],
    postgraduateLoan: gb.postgraduate_loan === true,
    isDirector: gb.is_director === true,
    directorAppointmentDate: gb.director_appointment_date ?? null,
    directorMethod: gb.director_ni_method ?? null,
    previousEmployment: previous,
  };
}

/** Membership histories (oldest first) of the employees. */
export async function loadMemberships(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, Membership[]>> {
  const map = new Map<string, Membership[]>();
  for (const part of chunks(ids)) {
    const rows = await pensionRepo.listMembershipsOfEmployees(db, orgId, part);
    for (const row of rows) {
      const list = map.get(row.employee_id) ?? [];
      list.push(membershipOf(row));
      map.set(row.employee_id, list);
    }
  }
  return map;
}

export interface Schemes {
  versions: Map<string, SchemeTerms[]>;
  defaultSchemeId: string | null;
}

export async function loadSchemes(db: Db, orgId: string): Promise<Schemes> {
  const [handles, rows] = await Promise.all([
    pensionRepo.listSchemeHandles(db, orgId),
    pensionRepo.listAllSchemeVersions(db, orgId),
  ]);
  const versions = new Map<string, SchemeTerms[]>();
  for (const row of rows) {
    const list = versions.get(row.scheme_id) ?? [];
    list.push(schemeTermsOf(row));
    versions.set(row.scheme_id, list);
  }
  return { versions, defaultSchemeId: handles.find((h) => isSet(h.is_default))?.scheme_id ?? null };
}

export interface StoredYtd {
  payslipId: string;
  employmentStart: string;
  figuresJson: string;
}

export async function loadYtd(db: Db, orgId: string, taxYear: string, ids: readonly string[]): Promise<Map<string, StoredYtd>> {
  const map = new Map<string, StoredYtd>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('gb_ytd').select(['employee_id', 'payslip_id', 'employment_start', 'figures_json']).where('org_id', '=', orgId).where('tax_year', '=', taxYear).where('employee_id', 'in', part).execute();
    for (const row of rows) map.set(row.employee_id, { payslipId: row.payslip_id, employmentStart: row.employment_start, figuresJson: row.figures_json });
  }
  return map;
}

const SETTLED = ['approved', 'paid'];

/**
 * Refunds due on this pay date: for every opt-out inside its window not yet refunded by an approved run, the
 * contributions taken under the membership it ended (approved and paid runs only).
 */
export async function loadRefunds(db: Db, orgId: string, memberships: ReadonlyMap<string, readonly Membership[]>, payDate: string): Promise<Map<string, { input: RefundInput; membershipId: string }>> {
  const due: { employeeId: string; optOut: Membership; active: Membership[] }[] = [];
  for (const [employeeId, history] of memberships) {
    history.forEach((record, index) => {
      if (record.status !== 'OPTED_OUT' || record.optOutDate === null || record.optOutDate > payDate) return;
      if (!isRefundDue(record.optOutDate, record.enrolmentDate, record.enrolmentCommunicationDate)) return;
      // Every ACTIVE record of the membership the opt-out ended (recording the enrolment letter adds one).
      const active: Membership[] = [];
      for (let i = index - 1; i >= 0 && history[i]?.status === 'ACTIVE'; i -= 1) active.push(history[i] as Membership);
      if (active.length > 0) due.push({ employeeId, optOut: record, active });
    });
  }
  const result = new Map<string, { input: RefundInput; membershipId: string }>();
  if (due.length === 0) return result;
  const settledRows = await db
    .selectFrom('gb_payslips')
    .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
    .select('gb_payslips.refund_membership_id')
    .where('gb_payslips.org_id', '=', orgId)
    .where('gb_payslips.refund_membership_id', 'in', due.map((d) => d.optOut.id))
    .where('gb_payroll_runs.status', 'in', SETTLED)
    .execute();
  const settled = new Set(settledRows.map((r) => r.refund_membership_id));
  const open = due.filter((d) => !settled.has(d.optOut.id));
  if (open.length === 0) return result;
  const takenRows = await db
    .selectFrom('gb_payslips')
    .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
    .select(['gb_payslips.membership_id', 'gb_payslips.contribution_json'])
    .where('gb_payslips.org_id', '=', orgId)
    .where('gb_payslips.membership_id', 'in', open.flatMap((d) => d.active.map((a) => a.id)))
    .where('gb_payroll_runs.status', 'in', SETTLED)
    .execute();
  for (const d of open) {
    if (result.has(d.employeeId)) continue; // one refund per payslip; a second one follows in the next run
    const ids = new Set(d.active.map((a) => a.id));
    const taken = takenRows.filter((r) => r.membership_id !== null && ids.has(r.membership_id) && r.contribution_json).map((r) => JSON.parse(r.contribution_json as string) as TakenContribution);
    const input = refundOf(taken);
    if (input) result.set(d.employeeId, { input, membershipId: d.optOut.id });
  }
  return result;
}

export interface PriorPay {
  niablePay: Decimal;
  employeeNi: Decimal;
  employerNi: Decimal;
}

/**
 * NIable pay and NI of approved runs of the same pay group and period (a supplementary run aggregates with them:
 * one earnings period, SSCBA 1992 s3 and the Contributions Regulations reg 14).
 */
export async function loadPriorPayThisPeriod(db: Db, orgId: string, payGroupId: string, taxYear: string, periodNumber: number): Promise<Map<string, PriorPay>> {
  const rows = await db
    .selectFrom('gb_payslips')
    .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
    .select(['gb_payslips.employee_id', 'gb_payslips.employee_ni', 'gb_payslips.employer_ni', 'gb_payslips.detail_json'])
    .where('gb_payroll_runs.org_id', '=', orgId)
    .where('gb_payroll_runs.pay_group_id', '=', payGroupId)
    .where('gb_payroll_runs.tax_year', '=', taxYear)
    .where('gb_payroll_runs.period_number', '=', periodNumber)
    .where('gb_payroll_runs.status', 'in', SETTLED)
    .execute();
  const map = new Map<string, PriorPay>();
  for (const row of rows) {
    const niable = new Decimal((JSON.parse(row.detail_json) as { niable_pay: string }).niable_pay);
    const prior = map.get(row.employee_id) ?? { niablePay: new Decimal(0), employeeNi: new Decimal(0), employerNi: new Decimal(0) };
    map.set(row.employee_id, { niablePay: prior.niablePay.plus(niable), employeeNi: prior.employeeNi.plus(row.employee_ni), employerNi: prior.employerNi.plus(row.employer_ni) });
  }
  return map;
}
