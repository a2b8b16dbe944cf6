/**
 * Pay calendars, pay groups and their members: every query of the aggregate (issue 13, "Repositories"). Each one
 * is scoped to the organization; another organization's rows are never read or written.
 */
import type { Db } from '../db.js';
import type { EmployeeTable, PayCalendarTable, PayGroupMemberTable, PayGroupTable } from '../schema.js';

export async function insertPayCalendar(db: Db, row: PayCalendarTable): Promise<void> {
  await db.insertInto('pay_calendars').values(row).execute();
}

/** Every calendar of the organization in id order (UUIDv7: oldest first). */
export function listPayCalendars(db: Db, orgId: string): Promise<PayCalendarTable[]> {
  return db.selectFrom('pay_calendars').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}

export function findPayCalendar(db: Db, orgId: string, calendarId: string): Promise<PayCalendarTable | undefined> {
  return db.selectFrom('pay_calendars').selectAll().where('org_id', '=', orgId).where('id', '=', calendarId).executeTakeFirst();
}

/** The organization's country, for a caller that has already checked the organization exists. */
export async function organizationCountry(db: Db, orgId: string): Promise<string> {
  const org = await db.selectFrom('organizations').select('country').where('id', '=', orgId).executeTakeFirstOrThrow();
  return org.country;
}

export async function insertPayGroup(db: Db, row: PayGroupTable): Promise<void> {
  await db.insertInto('pay_groups').values(row).execute();
}

export function findPayGroup(db: Db, orgId: string, payGroupId: string): Promise<PayGroupTable | undefined> {
  return db.selectFrom('pay_groups').selectAll().where('org_id', '=', orgId).where('id', '=', payGroupId).executeTakeFirst();
}

export type PayGroupSummaryRow = PayGroupTable & { member_count: number | string | bigint };

/**
 * The filtered query behind the pay group list (each group with its member count), for the page helper to count,
 * search, sort and slice. Column names for sorting and search are `pay_groups.<column>`.
 */
export function payGroupSummariesQuery(db: Db, orgId: string, calendarId: string | null) {
  let q = db
    .selectFrom('pay_groups')
    .selectAll('pay_groups')
    .select((eb) =>
      eb
        .selectFrom('pay_group_members')
        .whereRef('pay_group_members.pay_group_id', '=', 'pay_groups.id')
        .select(eb.fn.countAll().as('n'))
        .as('member_count'),
    )
    .where('pay_groups.org_id', '=', orgId);
  if (calendarId !== null) q = q.where('pay_groups.pay_calendar_id', '=', calendarId);
  return q;
}

/** Member employee ids in the order they joined (ties by id). */
export async function payGroupMemberIds(db: Db, orgId: string, payGroupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pay_group_members')
    .select('employee_id')
    .where('org_id', '=', orgId)
    .where('pay_group_id', '=', payGroupId)
    .orderBy('assigned_at')
    .orderBy('employee_id')
    .execute();
  return rows.map((r) => r.employee_id);
}

/** The named employees of the organization with what an assignment checks (missing ids are simply absent). */
export function findEmployeesForAssignment(db: Db, orgId: string, employeeIds: readonly string[]): Promise<Pick<EmployeeTable, 'id' | 'status' | 'leave_date'>[]> {
  return db.selectFrom('employees').select(['id', 'status', 'leave_date']).where('org_id', '=', orgId).where('id', 'in', employeeIds).execute();
}

/** The current pay group of each named employee that has one. */
export function findMemberships(db: Db, orgId: string, employeeIds: readonly string[]): Promise<Pick<PayGroupMemberTable, 'employee_id' | 'pay_group_id'>[]> {
  return db.selectFrom('pay_group_members').select(['employee_id', 'pay_group_id']).where('org_id', '=', orgId).where('employee_id', 'in', employeeIds).execute();
}

/** employee_id is the table's primary key: a concurrent assignment of the same employee fails here and rolls back. */
export async function insertMembers(db: Db, rows: readonly PayGroupMemberTable[]): Promise<void> {
  await db.insertInto('pay_group_members').values([...rows]).execute();
}

/** Moves the employees' memberships to `payGroupId`. */
export async function moveMembers(db: Db, orgId: string, employeeIds: readonly string[], payGroupId: string, assignedAt: string): Promise<void> {
  await db.updateTable('pay_group_members').set({ pay_group_id: payGroupId, assigned_at: assignedAt }).where('org_id', '=', orgId).where('employee_id', 'in', employeeIds).execute();
}

export async function touchPayGroups(db: Db, orgId: string, payGroupIds: readonly string[], updatedAt: string): Promise<void> {
  await db.updateTable('pay_groups').set({ updated_at: updatedAt }).where('org_id', '=', orgId).where('id', 'in', payGroupIds).execute();
}
