import { notFound } from '../../domain/errors.js';
import type { PayCalendarRules, PayCountry, PayDayRule, PayFrequency, WeekendAdjustment } from '../../domain/pay-periods.js';
import type { PayCalendar, PayGroup } from '../contracts/pay-groups.js';
import type { PayCalendarTable, PayGroupTable } from '../../store/schema.js';
import type { Db } from '../context.js';
import { findPayCalendar, findPayGroup, organizationCountry, payGroupMemberIds } from '../../store/repositories/pay-groups.js';

/** Rows of pay_calendars / pay_groups / pay_group_members in their wire shapes, and the lookups other use cases share. */

export function countryOf(orgCountry: string): PayCountry {
  return orgCountry === 'DE' ? 'DE' : 'GB';
}

function payDayRuleOf(row: PayCalendarTable): PayDayRule & { weekend_adjustment: WeekendAdjustment } {
  const rule = JSON.parse(row.pay_day_rule_json) as PayDayRule;
  return { ...rule, weekend_adjustment: rule.weekend_adjustment ?? 'previous_working_day' };
}

export function toPayCalendar(row: PayCalendarTable, orgCountry: string): PayCalendar {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    country: countryOf(orgCountry),
    frequency: row.frequency as PayFrequency,
    first_period_start: row.first_period_start ?? '',
    pay_day_rule: payDayRuleOf(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The calendar as the pure period arithmetic takes it (domain/pay-periods.ts). */
export function payCalendarRules(row: PayCalendarTable, orgCountry: string): PayCalendarRules {
  return {
    country: countryOf(orgCountry),
    frequency: row.frequency as PayFrequency,
    first_period_start: row.first_period_start ?? '',
    pay_day_rule: payDayRuleOf(row),
  };
}

/** The organization's calendar `calendarId`; another organization's calendar is a 404 like a missing one. */
export async function requirePayCalendar(db: Db, orgId: string, calendarId: string): Promise<PayCalendarTable> {
  const row = await findPayCalendar(db, orgId, calendarId);
  if (!row) throw notFound('pay calendar', calendarId, 'PAY_CALENDAR.NOT_FOUND');
  return row;
}

/**
 * For payroll runs: the calendar of the organization with its period rules, ready for
 * periodsForTaxYear / periodForPayDate. The caller has already checked the organization (requireOrg).
 */
export async function loadPayCalendarRules(db: Db, orgId: string, calendarId: string): Promise<{ calendar: PayCalendar; rules: PayCalendarRules }> {
  const country = await organizationCountry(db, orgId);
  const row = await requirePayCalendar(db, orgId, calendarId);
  return { calendar: toPayCalendar(row, country), rules: payCalendarRules(row, country) };
}

export async function requirePayGroup(db: Db, orgId: string, payGroupId: string): Promise<PayGroupTable> {
  const row = await findPayGroup(db, orgId, payGroupId);
  if (!row) throw notFound('pay group', payGroupId, 'PAY_GROUP.NOT_FOUND');
  return row;
}

export { payGroupMemberIds };

export async function loadPayGroup(db: Db, row: PayGroupTable): Promise<PayGroup> {
  const employeeIds = await payGroupMemberIds(db, row.org_id, row.id);
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    pay_calendar_id: row.pay_calendar_id,
    member_count: employeeIds.length,
    employee_ids: employeeIds,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
