import { z } from 'zod';
import { PAY_FREQUENCIES, WEEKEND_ADJUSTMENTS } from '../../domain/pay-periods.js';
import { id, isoDate, isoDateTime } from './common.js';
import { pageEnvelope } from './pagination.js';

/**
 * Pay calendars and pay groups (spec "Endpoints › Pay groups", endpoint 8; the rest are extensions,
 * docs/decisions.md C1–C7). A pay calendar says when periods run and when they are paid
 * (domain/pay-periods.ts); a pay group is a set of employees paid together on one calendar.
 */

const name = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(100, { error: 'must be at most 100 characters' });
const weekendAdjustment = z.enum(WEEKEND_ADJUSTMENTS, { error: `must be one of ${WEEKEND_ADJUSTMENTS.join(', ')}` }).default('previous_working_day');

export const payDayRuleInput = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('last_working_day'), weekend_adjustment: weekendAdjustment }).strict(),
      z
        .object({
          type: z.literal('fixed_day_of_month'),
          day: z.number({ error: 'is required: the day of the month, 1 to 31' }).int({ error: 'must be a whole number' }).min(1, { error: 'must be 1 to 31' }).max(31, { error: 'must be 1 to 31' }),
          weekend_adjustment: weekendAdjustment,
        })
        .strict(),
      z
        .object({
          type: z.literal('days_after_period_end'),
          days: z.number({ error: 'is required: days after the period end, 0 to 60' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 to 60' }).max(60, { error: 'must be 0 to 60' }),
          weekend_adjustment: weekendAdjustment,
        })
        .strict(),
    ],
    { error: 'type must be last_working_day, fixed_day_of_month or days_after_period_end' },
  )
  .meta({ id: 'PayDayRule' });

export const payCalendarInput = z
  .object({
    name,
    frequency: z.enum(PAY_FREQUENCIES, { error: `must be one of ${PAY_FREQUENCIES.join(', ')}` }),
    first_period_start: isoDate.describe('first day of any one period; monthly periods start on its day of the month (1–28; DE: the 1st)'),
    pay_day_rule: payDayRuleInput.default({ type: 'last_working_day', weekend_adjustment: 'previous_working_day' }),
  })
  .strict()
  .meta({ id: 'PayCalendarRequest' });

export const payDayRuleResponse = z
  .object({
    type: z.enum(['last_working_day', 'fixed_day_of_month', 'days_after_period_end']),
    day: z.number().int().optional(),
    days: z.number().int().optional(),
    weekend_adjustment: z.enum(WEEKEND_ADJUSTMENTS),
  })
  .meta({ id: 'PayDayRuleResponse' });

export const payCalendarResponse = z
  .object({
    id,
    org_id: z.string(),
    name: z.string(),
    /** The organization's country: GB calendars count HMRC tax weeks/months, DE calendars calendar months. */
    country: z.enum(['GB', 'DE']),
    frequency: z.enum(PAY_FREQUENCIES),
    first_period_start: z.string(),
    pay_day_rule: payDayRuleResponse,
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'PayCalendar' });

export const payPeriodResponse = z
  .object({
    tax_year: z.string(),
    period_number: z.number().int(),
    tax_period: z.number().int(),
    start_date: z.string(),
    end_date: z.string(),
    pay_date: z.string(),
    extra_period: z.boolean(),
  })
  .meta({ id: 'PayPeriod' });

export const payCalendarPeriodsResponse = z
  .object({
    pay_calendar_id: z.string(),
    country: z.enum(['GB', 'DE']),
    frequency: z.enum(PAY_FREQUENCIES),
    tax_year: z.string(),
    periods: z.array(payPeriodResponse),
  })
  .meta({ id: 'PayCalendarPeriods' });

/** GB: tax_year "2025-26"; DE: year "2025" (tax_year is accepted as a synonym). Default: the year of today. */
export const payCalendarPeriodsQuery = z
  .object({
    tax_year: z.string().optional(),
    year: z.string().optional(),
  })
  .strict();

export const payGroupInput = z
  .object({
    name,
    pay_calendar_id: id,
  })
  .strict()
  .meta({ id: 'PayGroupRequest' });

export const payGroupSummaryResponse = z
  .object({
    id,
    org_id: z.string(),
    name: z.string(),
    pay_calendar_id: z.string(),
    member_count: z.number().int(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'PayGroupSummary' });

export const payGroupPage = pageEnvelope(payGroupSummaryResponse).meta({ id: 'PayGroupPage' });

export const payGroupResponse = payGroupSummaryResponse
  .extend({ employee_ids: z.array(z.string()).describe('members, in the order they were assigned') })
  .meta({ id: 'PayGroup' });

/** Endpoint 8 body. The cap keeps one request inside one reasonable transaction. */
export const ASSIGN_MAX = 1000;

export const assignEmployeesInput = z
  .object({
    employee_ids: z
      .array(id, { error: 'is required: an array of employee ids' })
      .min(1, { error: 'give at least one employee id' })
      .max(ASSIGN_MAX, { error: `at most ${ASSIGN_MAX} employees per request` })
      .meta({ uniqueItems: true }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Map<string, number>();
    value.employee_ids.forEach((employeeId, index) => {
      const first = seen.get(employeeId);
      if (first !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['employee_ids', index], message: `repeats employee ${employeeId} (already at index ${first})`, params: { type: 'duplicate' } });
      } else seen.set(employeeId, index);
    });
  })
  .meta({ id: 'AssignEmployeesRequest' });

/** Endpoint 8 answer (the spec shows none; decision C7): the group afterwards and what this request changed. */
export const assignEmployeesResponse = z
  .object({
    pay_group: payGroupResponse,
    newly_assigned: z.array(z.string()).describe('employees who were in no pay group before'),
    moved: z.array(z.object({ employee_id: z.string(), from_pay_group_id: z.string() })).describe('employees taken out of another pay group'),
    already_members: z.array(z.string()).describe('employees who were in this pay group already (nothing changed for them)'),
  })
  .meta({ id: 'AssignEmployeesResult' });

export const payCalendarList = z.array(payCalendarResponse).meta({ id: 'PayCalendarList' });

export type PayCalendarInput = z.input<typeof payCalendarInput>;
export type PayCalendar = z.infer<typeof payCalendarResponse>;
export type PayPeriodItem = z.infer<typeof payPeriodResponse>;
export type PayCalendarPeriods = z.infer<typeof payCalendarPeriodsResponse>;
export type PayGroupSummary = z.infer<typeof payGroupSummaryResponse>;
export type PayGroup = z.infer<typeof payGroupResponse>;
export type AssignEmployeesResult = z.infer<typeof assignEmployeesResponse>;
