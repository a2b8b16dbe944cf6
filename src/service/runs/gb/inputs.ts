/**
 * Everything a GB payroll run reads besides the employees, turned from stored rows into the domain's facts:
 * pension memberships and schemes, year-to-date figures, contributions an opt-out refunds, NIable pay already
 * paid in the same earnings period, and the absences and pay history statutory payments are calculated from. The
 * queries are in store/repositories.
 */
import { Decimal } from '../../../domain/money.js';
import type { PreviousEmployment } from '../../../domain/gb/run/employment.js';
import type { EmployeeFacts } from '../../../domain/gb/run/employee-payslip.js';
import { isRefundDue } from '../../../domain/gb/run/membership.js';
import type { Membership, SchemeTerms } from '../../../domain/gb/run/pension-terms.js';
import { refundOf, type TakenContribution } from '../../../domain/gb/run/refund.js';
import type { RefundInput } from '../../../domain/gb/run/payslip.js';
import type { NiCategory } from '../../../domain/gb/ni/index.js';
import type { StudentLoanPlan } from '../../../domain/gb/student-loans.js';
import type { Db } from '../../context.js';
import { isSet } from '../../context.js';
import type { EmployeeTable } from '../../../store/schema.js';
import { membershipOf, schemeTermsOf } from '../../records/pensions.js';
import { loadMembershipRows, loadSchemeRows } from '../../../store/repositories/payroll-run-inputs.js';
import { contributionsTaken, refundedMemberships, settledPayslipsOfPeriod } from '../../../store/repositories/payroll-runs.js';
import { niablePayOf } from './figures.js';
import { readGbPayslipFigures } from '../../../store/gb-payslip-figures.js';
import type { AbsenceRecord, AbsenceKind } from '../../../domain/gb/statutory/run-period.js';
import type { PayRecord } from '../../../domain/gb/statutory/awe.js';
import type { WeekdayName } from '../../../domain/gb/statutory/calendar.js';
import { absencesBeginningBy } from '../../../store/repositories/absences.js';
import { settledPayslipsOfEmployees } from '../../../store/repositories/payroll-runs.js';

interface StoredGb {
  /** Absent when the starter declaration decides the code (STARTER-CODE). */
  tax_code?: string;
  starter_declaration?: 'A' | 'B' | 'C' | null;
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
    // No code stored: the starter declaration of a starter without a P45 decides it, else the standard code.
    taxCode: gb.tax_code ?? (gb.starter_declaration && !p45 ? null : '1257L'),
    week1Month1: gb.week1_month1 === true,
    starterDeclaration: p45 ? null : (gb.starter_declaration ?? null),
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
  for (const row of await loadMembershipRows(db, orgId, ids)) {
    const list = map.get(row.employee_id) ?? [];
    list.push(membershipOf(row));
    map.set(row.employee_id, list);
  }
  return map;
}

export interface Schemes {
  versions: Map<string, SchemeTerms[]>;
  defaultSchemeId: string | null;
}

export async function loadSchemes(db: Db, orgId: string): Promise<Schemes> {
  const { handles, versions: rows } = await loadSchemeRows(db, orgId);
  const versions = new Map<string, SchemeTerms[]>();
  for (const row of rows) {
    const list = versions.get(row.scheme_id) ?? [];
    list.push(schemeTermsOf(row));
    versions.set(row.scheme_id, list);
  }
  return { versions, defaultSchemeId: handles.find((h) => isSet(h.is_default))?.scheme_id ?? null };
}

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
  const settled = await refundedMemberships(db, orgId, due.map((d) => d.optOut.id));
  const open = due.filter((d) => !settled.has(d.optOut.id));
  if (open.length === 0) return result;
  const takenRows = await contributionsTaken(db, orgId, open.flatMap((d) => d.active.map((a) => a.id)));
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
export async function loadPriorPayThisPeriod(db: Db, orgId: string, payGroupId: string, taxYear: string, periodNumber: number, employeeIds: readonly string[]): Promise<Map<string, PriorPay>> {
  const rows = await settledPayslipsOfPeriod(db, orgId, payGroupId, taxYear, periodNumber, employeeIds);
  const map = new Map<string, PriorPay>();
  for (const row of rows) {
    const niable = niablePayOf(row);
    const prior = map.get(row.employee_id) ?? { niablePay: new Decimal(0), employeeNi: new Decimal(0), employerNi: new Decimal(0) };
    map.set(row.employee_id, { niablePay: prior.niablePay.plus(niable), employeeNi: prior.employeeNi.plus(row.employee_ni), employerNi: prior.employerNi.plus(row.employer_ni) });
  }
  return map;
}

export interface StatutoryInputs {
  absences: AbsenceRecord[];
  /** Approved pay before this run, as the average weekly earnings take it (pay date, NIable pay). */
  payHistory: PayRecord[];
}

/**
 * The absences of the run's employees that begin by the period's end and, for those with one reaching into the
 * period, their pay history: two batched reads (absences, then the payslips of only those employees).
 */
export async function loadStatutoryInputs(db: Db, orgId: string, ids: readonly string[], period: { start_date: string; end_date: string; pay_date: string }): Promise<Map<string, StatutoryInputs>> {
  const map = new Map<string, StatutoryInputs>();
  const rows = await absencesBeginningBy(db, orgId, ids, period.end_date);
  for (const row of rows) {
    const entry = map.get(row.employee_id) ?? { absences: [], payHistory: [] };
    entry.absences.push({
      id: row.id,
      kind: row.kind as AbsenceKind,
      firstDay: row.first_day,
      lastDay: row.last_day,
      qualifyingDays: row.qualifying_days_json ? (JSON.parse(row.qualifying_days_json) as WeekdayName[]) : null,
      averageWeeklyEarnings: row.average_weekly_earnings === null ? null : new Decimal(row.average_weekly_earnings),
      dueDate: row.due_date,
      eventDate: row.event_date,
      weeks: row.weeks === null ? null : Number(row.weeks),
    });
    map.set(row.employee_id, entry);
  }
  // Only employees with an absence reaching into the period are paid statutory payments now.
  for (const [employeeId, entry] of map) {
    if (!entry.absences.some((a) => a.lastDay === null || a.lastDay >= period.start_date)) map.delete(employeeId);
  }
  if (map.size === 0) return map;
  for (const row of await settledPayslipsOfEmployees(db, orgId, [...map.keys()], period.pay_date)) {
    const entry = map.get(row.employee_id) as StatutoryInputs;
    const figures = readGbPayslipFigures(row.figures_json, row.figures_version);
    // Earnings for AWE: NIable pay, on the day it was paid (a correction: its reported payment date, B19).
    entry.payHistory.push({ payDate: figures.correction?.reportedPaymentDate ?? row.pay_date, gross: new Decimal(figures.niablePay) });
  }
  return map;
}
