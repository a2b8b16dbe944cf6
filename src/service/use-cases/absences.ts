import { conflict, fieldError, notFound } from '../../domain/errors.js';
import { type Absence, type AbsenceKind, DEFAULT_QUALIFYING_DAYS, absenceEndInput, absenceInput, defaultWeeks, ABSENCE_KINDS } from '../contracts/absences.js';
import { type Page, paginationError, parsePageQuery } from '../contracts/pagination.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, inTransaction, nowIso, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { toPage } from '../paging.js';
import { toAbsence } from '../records/absences.js';
import { lockOrganization } from '../records/org-lock.js';
import { findAbsence, findOverlappingAbsence, insertAbsence, listAbsencesPage, updateAbsence } from '../../store/repositories/absences.js';
import type { EmployeeTable, GbAbsenceTable } from '../../store/schema.js';
import { requireGbEmployee, requireGbOrg } from './pensions.js';

export interface AbsenceUseCases {
  /** Extension: record an absence of a British employee (sickness or a family leave) the statutory payments are calculated from. */
  createAbsence(orgId: string, employeeId: string, body: unknown): Promise<Absence>;
  /** Extension: one absence. */
  getAbsence(orgId: string, absenceId: string): Promise<Absence>;
  /** Extension: page-style list (filters employee_id, kind; sort_by first_day|created_at, default first_day; search notes). */
  listAbsences(orgId: string, query: Record<string, unknown>): Promise<Page<Absence>>;
  /** Extension: set the last day of an open absence (once). */
  endAbsence(orgId: string, absenceId: string, body: unknown): Promise<Absence>;
}

/** An absence lies inside the employment: not before the start date, not after a leave date. */
function checkEmployment(employee: EmployeeTable, firstDay: string, lastDay: string | null, field: string): void {
  if (firstDay < employee.start_date) throw fieldError(['body', 'first_day'], `is before the employee's start date ${employee.start_date}`, 'date_order');
  if (employee.leave_date !== null) {
    if (firstDay > employee.leave_date) throw fieldError(['body', 'first_day'], `is after the employee's leave date ${employee.leave_date}`, 'date_order');
    if (lastDay !== null && lastDay > employee.leave_date) throw fieldError(['body', field], `is after the employee's leave date ${employee.leave_date}`, 'date_order');
  }
}

/** Two absences of one employee never share a day (a spell of sickness and a leave cannot both pay for it). */
async function assertNoOverlap(db: Db, orgId: string, employeeId: string, firstDay: string, lastDay: string | null, exceptId: string | null): Promise<void> {
  const clash = await findOverlappingAbsence(db, orgId, employeeId, firstDay, lastDay, exceptId);
  if (clash) {
    throw conflict('ABSENCE.OVERLAP', `the absence would share days with ${clash.kind} absence ${clash.id} (${clash.first_day} – ${clash.last_day ?? 'open'}); end or correct that one first`, { existing_id: clash.id });
  }
}

export function absenceUseCases(ctx: ServiceContext): AbsenceUseCases {
  async function readAbsence(db: Db, orgId: string, absenceId: string): Promise<GbAbsenceTable> {
    const row = await findAbsence(db, orgId, absenceId);
    if (!row) throw notFound('absence', absenceId, 'ABSENCE.NOT_FOUND');
    return row;
  }

  return {
    async createAbsence(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(absenceInput, body);
      return inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        await lockOrganization(ctx, trx, orgId);
        const employee = await requireGbEmployee(trx, orgId, employeeId);
        const lastDay = input.last_day ?? null;
        checkEmployment(employee, input.first_day, lastDay, 'last_day');
        await assertNoOverlap(trx, orgId, employeeId, input.first_day, lastDay, null);
        const now = nowIso(ctx);
        const sickness = input.kind === 'sickness';
        const row: GbAbsenceTable = {
          id: uuidv7(),
          org_id: orgId,
          employee_id: employeeId,
          kind: input.kind,
          first_day: input.first_day,
          last_day: lastDay,
          qualifying_days_json: sickness ? JSON.stringify(input.qualifying_days ?? DEFAULT_QUALIFYING_DAYS) : null,
          average_weekly_earnings: sickness ? (input.average_weekly_earnings ?? null) : null,
          due_date: input.due_date ?? null,
          event_date: input.event_date ?? null,
          weeks: sickness ? null : (input.weeks ?? defaultWeeks(input.kind)),
          notes: input.notes ?? null,
          row_version: 0,
          created_by: ctx.actor.subject ?? 'system',
          created_at: now,
          updated_at: now,
        };
        await insertAbsence(trx, row);
        await audit(ctx, trx, { orgId, resourceType: 'absence', resourceId: row.id, action: 'create', detail: { employee_id: employeeId, kind: row.kind } });
        return toAbsence(row);
      });
    },

    async getAbsence(orgId, absenceId) {
      requireScope(ctx, 'payroll:read');
      const db = ctx.store.db;
      await requireGbOrg(ctx, db, orgId);
      return toAbsence(await readAbsence(db, orgId, absenceId));
    },

    async listAbsences(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: ['first_day', 'created_at'], searchable: ['notes'] });
      const kind = typeof query.kind === 'string' && query.kind !== '' ? query.kind : null;
      if (kind !== null && !(ABSENCE_KINDS as readonly string[]).includes(kind)) throw paginationError('kind', kind, `kind must be one of ${ABSENCE_KINDS.join(', ')}`);
      const employeeId = typeof query.employee_id === 'string' && query.employee_id !== '' ? query.employee_id : null;
      const db = ctx.store.db;
      await requireGbOrg(ctx, db, orgId);
      const page = await listAbsencesPage(db, orgId, { employeeId, kind: kind as AbsenceKind | null }, { ...pageQuery, sortBy: pageQuery.sortBy ?? 'first_day' });
      return toPage(page, pageQuery, toAbsence);
    },

    async endAbsence(orgId, absenceId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(absenceEndInput, body);
      return inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        await lockOrganization(ctx, trx, orgId);
        const row = await readAbsence(trx, orgId, absenceId);
        if (input.row_version !== undefined && input.row_version !== row.row_version) {
          throw conflict('ABSENCE.STALE_VERSION', `absence ${absenceId} was changed by someone else (your row_version ${input.row_version}, current ${row.row_version}); read it again`, { current_row_version: row.row_version });
        }
        if (row.last_day !== null) throw conflict('ABSENCE.ALREADY_ENDED', `absence ${absenceId} already ended on ${row.last_day}`, { last_day: row.last_day });
        if (input.last_day < row.first_day) throw fieldError(['body', 'last_day'], `must not be before the first day ${row.first_day}`, 'date_order');
        const employee = await requireGbEmployee(trx, orgId, row.employee_id);
        checkEmployment(employee, row.first_day, input.last_day, 'last_day');
        await assertNoOverlap(trx, orgId, row.employee_id, row.first_day, input.last_day, absenceId);
        const next = { last_day: input.last_day, row_version: Number(row.row_version) + 1, updated_at: nowIso(ctx) };
        if (!(await updateAbsence(trx, orgId, absenceId, Number(row.row_version), next))) {
          throw conflict('ABSENCE.STALE_VERSION', `absence ${absenceId} was changed by someone else meanwhile; read it again`);
        }
        await audit(ctx, trx, { orgId, resourceType: 'absence', resourceId: absenceId, action: 'end', before: row, after: next });
        return toAbsence({ ...row, ...next });
      });
    },
  };
}
