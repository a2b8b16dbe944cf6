/** GB absences of employees (migration 0006). */
import type { Updateable } from 'kysely';
import type { Db } from '../db.js';
import { type OffsetColumns, type OffsetRequest, type OffsetRows, readOffsetPage } from '../paging.js';
import type { GbAbsenceTable } from '../schema.js';
import { chunks } from './chunks.js';

export async function findAbsence(db: Db, orgId: string, absenceId: string): Promise<GbAbsenceTable | undefined> {
  return db.selectFrom('gb_absences').selectAll().where('org_id', '=', orgId).where('id', '=', absenceId).executeTakeFirst();
}

/**
 * An absence of the employee that shares a day with `firstDay`–`lastDay` (null: open-ended), other than
 * `exceptId`; ISO dates compare as text.
 */
export async function findOverlappingAbsence(db: Db, orgId: string, employeeId: string, firstDay: string, lastDay: string | null, exceptId: string | null): Promise<GbAbsenceTable | undefined> {
  let q = db
    .selectFrom('gb_absences')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('employee_id', '=', employeeId)
    .where((eb) => eb.or([eb('last_day', 'is', null), eb('last_day', '>=', firstDay)]));
  if (lastDay !== null) q = q.where('first_day', '<=', lastDay);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return q.orderBy('first_day').executeTakeFirst();
}

export async function insertAbsence(db: Db, row: GbAbsenceTable): Promise<void> {
  await db.insertInto('gb_absences').values(row).execute();
}

/** Applies `set` when the row is still at `rowVersion`; false when another writer changed it first. */
export async function updateAbsence(db: Db, orgId: string, absenceId: string, rowVersion: number, set: Updateable<GbAbsenceTable>): Promise<boolean> {
  const result = await db.updateTable('gb_absences').set(set).where('org_id', '=', orgId).where('id', '=', absenceId).where('row_version', '=', rowVersion).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

const PAGE_COLUMNS: OffsetColumns = {
  defaultSort: 'id',
  sortColumns: { first_day: 'first_day', created_at: 'created_at' },
  searchColumns: { notes: 'notes' },
};

export interface AbsenceFilter {
  employeeId: string | null;
  kind: string | null;
}

export async function listAbsencesPage(db: Db, orgId: string, filter: AbsenceFilter, request: OffsetRequest): Promise<OffsetRows<GbAbsenceTable>> {
  return readOffsetPage<GbAbsenceTable>(() => {
    let q = db.selectFrom('gb_absences').selectAll().where('org_id', '=', orgId);
    if (filter.employeeId !== null) q = q.where('employee_id', '=', filter.employeeId);
    if (filter.kind !== null) q = q.where('kind', '=', filter.kind);
    return q;
  }, request, PAGE_COLUMNS);
}

/** The absences of the employees that begin on or before `lastDay` (a run's period end), oldest first. */
export async function absencesBeginningBy(db: Db, orgId: string, employeeIds: readonly string[], lastDay: string): Promise<GbAbsenceTable[]> {
  const rows: GbAbsenceTable[] = [];
  for (const part of chunks(employeeIds)) {
    rows.push(...(await db.selectFrom('gb_absences').selectAll().where('org_id', '=', orgId).where('employee_id', 'in', part).where('first_day', '<=', lastDay).orderBy('first_day').execute()));
  }
  return rows;
}
