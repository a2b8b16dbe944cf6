import { FAMILY_PAYMENT_OF, type Absence, type AbsenceKind } from '../contracts/absences.js';
import type { GbAbsenceTable } from '../../store/schema.js';
import { parseJson } from '../context.js';

export function toAbsence(row: GbAbsenceTable): Absence {
  const kind = row.kind as AbsenceKind;
  return {
    id: row.id,
    employee_id: row.employee_id,
    kind,
    first_day: row.first_day,
    last_day: row.last_day,
    qualifying_days: parseJson<Absence['qualifying_days']>(row.qualifying_days_json),
    average_weekly_earnings: row.average_weekly_earnings,
    due_date: row.due_date,
    event_date: row.event_date,
    weeks: row.weeks === null ? null : Number(row.weeks),
    statutory_payment: kind === 'sickness' ? 'ssp' : FAMILY_PAYMENT_OF[kind],
    notes: row.notes,
    row_version: Number(row.row_version),
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
