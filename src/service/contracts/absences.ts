import { z } from 'zod';
import { FAMILY_PAYMENT_MAXIMUM_WEEKS, WEEKDAY_NAMES, type FamilyPaymentKind } from '../../domain/gb/statutory/index.js';
import { FAMILY_PAYMENT_OF_ABSENCE } from '../../domain/gb/statutory/run-period.js';
import { decimalString, id, isoDate, isoDateTime, nullableDate, optionalText } from './common.js';
import { pageEnvelope } from './pagination.js';

/**
 * GB absences (issue 16 point 1): sickness and the family leaves whose statutory pay the engines in
 * domain/gb/statutory calculate. Which fields a kind carries:
 * - sickness: `qualifying_days` (weekday names, default Monday–Friday: SSP (General) Regulations 1982 reg 5) and
 *   optionally `average_weekly_earnings` (otherwise derived from the pay history when SSP is calculated);
 * - maternity, paternity, shared_parental: `due_date`, the expected week of childbirth's due date (the qualifying
 *   week is the 15th week before it);
 * - adoption: `event_date`, the day the adopter was matched; parental_bereavement: the child's date of death;
 *   neonatal_care: the first day of neonatal care;
 * - every family leave: `weeks` of statutory pay, 1 to the payment's maximum (SMP/SAP 39, SPP 2, ShPP 37, SPBP 2,
 *   SNCP 12), defaulting to the maximum where the statute fixes the length (all but ShPP and SNCP).
 */
import { ABSENCE_KINDS, type AbsenceKind } from './choices.js';

export { ABSENCE_KINDS, type AbsenceKind };

/** The statutory payment each family leave pays (the one table the runs use too). */
export const FAMILY_PAYMENT_OF: Readonly<Record<Exclude<AbsenceKind, 'sickness'>, FamilyPaymentKind>> = FAMILY_PAYMENT_OF_ABSENCE;

/** Family leaves whose weeks the employee chooses (no default). */
const WEEKS_REQUIRED: ReadonlySet<AbsenceKind> = new Set(['shared_parental', 'neonatal_care']);
const BIRTH_KINDS: ReadonlySet<AbsenceKind> = new Set(['maternity', 'paternity', 'shared_parental']);
const EVENT_KINDS: ReadonlySet<AbsenceKind> = new Set(['adoption', 'parental_bereavement', 'neonatal_care']);
const EVENT_MEANING: Record<string, string> = { adoption: 'the matching date', parental_bereavement: "the child's date of death", neonatal_care: 'the first day of neonatal care' };

export const DEFAULT_QUALIFYING_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

const weekday = z.enum(WEEKDAY_NAMES, { error: `must be a weekday name (${WEEKDAY_NAMES.join(', ')})` });

export const absenceInput = z
  .object({
    kind: z.enum(ABSENCE_KINDS, { error: `must be one of ${ABSENCE_KINDS.join(', ')}` }),
    first_day: isoDate,
    last_day: nullableDate.optional(),
    qualifying_days: z.array(weekday).min(1, { error: 'must name at least one qualifying day a week (SSP (General) Regulations 1982 reg 5)' }).max(7).meta({ uniqueItems: true }).optional(),
    average_weekly_earnings: decimalString.refine((v) => !v.startsWith('-'), { error: 'must not be negative' }).nullable().optional(),
    due_date: isoDate.optional(),
    event_date: isoDate.optional(),
    weeks: z.number().int({ error: 'must be a whole number of weeks' }).min(1).optional(),
    notes: optionalText(500),
  })
  .strict()
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string, type: string): void => void ctx.addIssue({ code: 'custom', path: [path], message, params: { type } });
    if (value.last_day && value.last_day < value.first_day) issue('last_day', 'must not be before first_day', 'date_order');
    if (value.qualifying_days && new Set(value.qualifying_days).size !== value.qualifying_days.length) issue('qualifying_days', 'names a day twice', 'duplicate');
    if (value.kind === 'sickness') {
      for (const field of ['due_date', 'event_date', 'weeks'] as const) if (value[field] !== undefined) issue(field, 'is for family leaves, not sickness', 'field_not_for_kind');
      return;
    }
    for (const field of ['qualifying_days', 'average_weekly_earnings'] as const) if (value[field] !== undefined && value[field] !== null) issue(field, `is for sickness (SSP), not ${value.kind}`, 'field_not_for_kind');
    if (BIRTH_KINDS.has(value.kind) && value.due_date === undefined) issue('due_date', `is required for ${value.kind}: the due date of the expected week of childbirth`, 'required');
    if (!BIRTH_KINDS.has(value.kind) && value.due_date !== undefined) issue('due_date', `is for births, not ${value.kind}`, 'field_not_for_kind');
    if (EVENT_KINDS.has(value.kind) && value.event_date === undefined) issue('event_date', `is required for ${value.kind}: ${EVENT_MEANING[value.kind]}`, 'required');
    if (!EVENT_KINDS.has(value.kind) && value.event_date !== undefined) issue('event_date', `is for adoption, parental bereavement and neonatal care, not ${value.kind}`, 'field_not_for_kind');
    const maximum = FAMILY_PAYMENT_MAXIMUM_WEEKS[FAMILY_PAYMENT_OF[value.kind]];
    if (value.weeks === undefined && WEEKS_REQUIRED.has(value.kind)) issue('weeks', `is required for ${value.kind} (1 to ${maximum})`, 'required');
    if (value.weeks !== undefined && value.weeks > maximum) issue('weeks', `${value.kind} pays at most ${maximum} weeks`, 'too_big');
  })
  .meta({ id: 'AbsenceRequest' });

export const absenceEndInput = z
  .object({
    last_day: isoDate,
    /** The version the caller read; a stale one is a conflict. */
    row_version: z.number().int().min(0).optional(),
  })
  .strict()
  .meta({ id: 'AbsenceEnd' });

export const absenceResponse = z
  .object({
    id,
    employee_id: z.string(),
    kind: z.enum(ABSENCE_KINDS),
    first_day: z.string(),
    last_day: z.string().nullable(),
    qualifying_days: z.array(weekday).nullable(),
    average_weekly_earnings: z.string().nullable(),
    due_date: z.string().nullable(),
    event_date: z.string().nullable(),
    weeks: z.number().int().nullable(),
    /** The statutory payment the absence gives rise to (ssp, smp, spp, shpp, sap, spbp, sncp). */
    statutory_payment: z.string(),
    notes: z.string().nullable(),
    row_version: z.number().int(),
    created_by: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Absence' });

export type AbsenceInput = z.output<typeof absenceInput>;
export type Absence = z.infer<typeof absenceResponse>;

export const absencePage = pageEnvelope(absenceResponse).meta({ id: 'AbsencePage' });

/** The weeks a family leave pays when the request leaves them out; null where they must be given or for sickness. */
export function defaultWeeks(kind: AbsenceKind): number | null {
  if (kind === 'sickness' || WEEKS_REQUIRED.has(kind)) return null;
  return FAMILY_PAYMENT_MAXIMUM_WEEKS[FAMILY_PAYMENT_OF[kind]];
}
