/**
 * What a payroll run reads besides runs and payslips (repositories/payroll-runs.ts), in a few batched queries (a run
 * may hold tens of thousands of employees): the pay group and calendar, employees, pay group membership, pension
 * memberships and schemes. Rows come back as stored; the run's jurisdiction turns them into domain facts.
 */
import type { Db } from '../db.js';
import type { EmployeeTable, GbPensionMembershipTable, GbPensionSchemeTable, GbPensionSchemeVersionTable, PayCalendarTable, PayGroupTable } from '../schema.js';
import { chunks } from './chunks.js';
import { scopeColumn } from './scope-filter.js';

export async function findRunPayGroup(db: Db, orgId: string, payGroupId: string): Promise<PayGroupTable | undefined> {
  return db.selectFrom('pay_groups').selectAll().where('org_id', '=', orgId).where('id', '=', payGroupId).executeTakeFirst();
}

export async function findRunPayCalendar(db: Db, orgId: string, calendarId: string): Promise<PayCalendarTable | undefined> {
  return db.selectFrom('pay_calendars').selectAll().where('org_id', '=', orgId).where('id', '=', calendarId).executeTakeFirst();
}

export async function loadEmployees(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, EmployeeTable>> {
  const map = new Map<string, EmployeeTable>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('employees').selectAll().where(scopeColumn('org_id'), '=', orgId).where('id', 'in', part).execute();
    for (const row of rows) map.set(row.id, row);
  }
  return map;
}

/** The employees' start dates (all an approval needs of them: the employment its year to date belongs to). */
export async function loadEmploymentStarts(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('employees').select(['id', 'start_date']).where(scopeColumn('org_id'), '=', orgId).where('id', 'in', part).execute();
    for (const row of rows) map.set(row.id, row.start_date);
  }
  return map;
}

/** Which of the employees named are members of the pay group. */
export async function loadGroupMembers(db: Db, payGroupId: string, ids: readonly string[]): Promise<Set<string>> {
  const set = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('pay_group_members').select('employee_id').where(scopeColumn('pay_group_id'), '=', payGroupId).where('employee_id', 'in', part).execute();
    for (const row of rows) set.add(row.employee_id);
  }
  return set;
}

/** The employees' pension membership records, by employee then version (oldest first). */
export async function loadMembershipRows(db: Db, orgId: string, ids: readonly string[]): Promise<GbPensionMembershipTable[]> {
  const out: GbPensionMembershipTable[] = [];
  for (const part of chunks(ids)) {
    out.push(...(await db.selectFrom('gb_pension_memberships').selectAll().where(scopeColumn('org_id'), '=', orgId).where('employee_id', 'in', part).orderBy('employee_id').orderBy('version').execute()));
  }
  return out;
}

/** The organization's pension schemes: which is the default, and every version by scheme then version. */
export async function loadSchemeRows(db: Db, orgId: string): Promise<{ handles: Pick<GbPensionSchemeTable, 'scheme_id' | 'is_default'>[]; versions: GbPensionSchemeVersionTable[] }> {
  const [handles, versions] = await Promise.all([
    db.selectFrom('gb_pension_schemes').select(['scheme_id', 'is_default']).where('org_id', '=', orgId).execute(),
    db.selectFrom('gb_pension_scheme_versions').selectAll().where('org_id', '=', orgId).orderBy('scheme_id').orderBy('version').execute(),
  ]);
  return { handles, versions };
}
