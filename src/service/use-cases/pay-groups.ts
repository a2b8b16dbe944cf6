import { DomainError, type FieldIssue, fieldError, validationError } from '../../domain/errors.js';
import { gbTaxYearOf, payCalendarIssues, type PayCalendarRules, periodsForTaxYear } from '../../domain/pay-periods.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import {
  type AssignEmployeesResult,
  assignEmployeesInput,
  type PayCalendar,
  type PayCalendarPeriods,
  payCalendarInput,
  payCalendarPeriodsQuery,
  type PayGroup,
  payGroupInput,
  type PayGroupSummary,
} from '../contracts/pay-groups.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { inTransaction, nowIso, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { pagePaginate } from '../paging.js';
import { countryOf, loadPayGroup, payCalendarRules, requirePayCalendar, requirePayGroup, toPayCalendar } from '../records/pay-groups.js';
import type { PayGroupTable } from '../../store/schema.js';
import * as repo from '../../store/repositories/pay-groups.js';

export interface PayGroupUseCases {
  /** Extension: a pay calendar (frequency, period anchor, pay-day rule). DE organizations: monthly only. */
  createPayCalendar(orgId: string, body: unknown): Promise<PayCalendar>;
  /** Extension: every calendar of the organization, oldest first. */
  listPayCalendars(orgId: string): Promise<PayCalendar[]>;
  /** Extension: the periods of a tax year (GB query tax_year=2025-26; DE year=2025), default the current one. */
  getPayCalendarPeriods(orgId: string, calendarId: string, query: Record<string, unknown>): Promise<PayCalendarPeriods>;
  /** Extension: a pay group on one of the organization's calendars. */
  createPayGroup(orgId: string, body: unknown): Promise<PayGroup>;
  /** Extension, page style: page, size, sort_by (name, created_at), sort_order, search (name); filter pay_calendar_id. */
  listPayGroups(orgId: string, query: Record<string, unknown>): Promise<Page<PayGroupSummary>>;
  /** Extension: one pay group with its members' employee ids. */
  getPayGroup(orgId: string, payGroupId: string): Promise<PayGroup>;
  /** Endpoint 8: assigns (or moves) employees to the pay group, all or nothing. */
  assignEmployees(orgId: string, payGroupId: string, body: unknown): Promise<AssignEmployeesResult>;
}

const PAY_GROUP_SORTABLE = ['name', 'created_at'] as const;
const PAY_GROUP_SEARCHABLE = ['name'] as const;

/** Re-homes a domain validation error's locations under `prefix` (the domain names bare fields). */
function underLocation<T>(prefix: (string | number)[], work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'validation') throw validationError(error.issues.map((i) => ({ ...i, loc: [...prefix, ...i.loc] })), error.code);
    throw error;
  }
}

/** The year the periods query names, checked against the calendar's country (decision C3). */
function yearOf(ctx: ServiceContext, rules: PayCalendarRules, raw: Record<string, unknown>): string {
  const query = parseOrThrow(payCalendarPeriodsQuery, raw, ['query']);
  const today = nowIso(ctx).slice(0, 10);
  if (rules.country === 'GB') {
    if (query.year !== undefined) throw fieldError(['query', 'year'], 'GB calendars run by tax year: give tax_year, e.g. tax_year=2025-26', 'use_tax_year');
    return query.tax_year ?? gbTaxYearOf(today);
  }
  if (query.year !== undefined && query.tax_year !== undefined && query.year !== query.tax_year) {
    throw fieldError(['query', 'year'], 'give either year or tax_year, not two different years', 'conflicting_years');
  }
  const year = query.year ?? query.tax_year ?? today.slice(0, 4);
  if (!/^\d{4}$/.test(year)) throw fieldError(['query', query.year !== undefined ? 'year' : 'tax_year'], `German calendars run by calendar year: give year=YYYY, e.g. year=2025 (got "${year}")`, 'year_invalid');
  return year;
}

export function payGroupUseCases(ctx: ServiceContext): PayGroupUseCases {
  async function getPayGroup(orgId: string, payGroupId: string): Promise<PayGroup> {
    requireScope(ctx, 'payroll:read');
    const db = ctx.store.db;
    await requireOrg(ctx, db, orgId);
    return loadPayGroup(db, await requirePayGroup(db, orgId, payGroupId));
  }

  return {
    async createPayCalendar(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(payCalendarInput, body);
      return inTransaction(ctx, async (trx) => {
        const org = await requireOrg(ctx, trx, orgId);
        const rules: PayCalendarRules = { country: countryOf(org.country), frequency: input.frequency, first_period_start: input.first_period_start, pay_day_rule: input.pay_day_rule };
        const issues: FieldIssue[] = payCalendarIssues(rules).map((issue) => ({ ...issue, loc: ['body', ...issue.loc] }));
        if (issues.length > 0) throw validationError(issues, 'PAY_CALENDAR.INVALID');
        const now = nowIso(ctx);
        const row = {
          id: uuidv7(),
          org_id: orgId,
          name: input.name,
          frequency: input.frequency,
          first_period_start: input.first_period_start,
          pay_day_rule_json: JSON.stringify(input.pay_day_rule),
          created_at: now,
          updated_at: now,
        };
        await repo.insertPayCalendar(trx, row);
        await audit(ctx, trx, { orgId, resourceType: 'pay_calendar', resourceId: row.id, action: 'create' });
        return toPayCalendar(row, org.country);
      });
    },

    async listPayCalendars(orgId) {
      requireScope(ctx, 'payroll:read');
      const org = await requireOrg(ctx, ctx.store.db, orgId);
      const rows = await repo.listPayCalendars(ctx.store.db, orgId);
      return rows.map((row) => toPayCalendar(row, org.country));
    },

    async getPayCalendarPeriods(orgId, calendarId, query) {
      requireScope(ctx, 'payroll:read');
      const org = await requireOrg(ctx, ctx.store.db, orgId);
      const row = await requirePayCalendar(ctx.store.db, orgId, calendarId);
      const rules = payCalendarRules(row, org.country);
      const year = yearOf(ctx, rules, query);
      const periods = underLocation(['query'], () => periodsForTaxYear(rules, year));
      return { pay_calendar_id: row.id, country: rules.country, frequency: rules.frequency, tax_year: periods[0]?.tax_year ?? year, periods };
    },

    async createPayGroup(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(payGroupInput, body);
      const id = await inTransaction(ctx, async (trx) => {
        await requireOrg(ctx, trx, orgId);
        const calendar = await repo.findPayCalendar(trx, orgId, input.pay_calendar_id);
        if (!calendar) throw fieldError(['body', 'pay_calendar_id'], `pay calendar ${input.pay_calendar_id} was not found in this organization; create it first (payroll pay-calendars create)`, 'not_found');
        const now = nowIso(ctx);
        const row: PayGroupTable = { id: uuidv7(), org_id: orgId, name: input.name, pay_calendar_id: input.pay_calendar_id, created_at: now, updated_at: now };
        await repo.insertPayGroup(trx, row);
        await audit(ctx, trx, { orgId, resourceType: 'pay_group', resourceId: row.id, action: 'create' });
        return row.id;
      });
      return getPayGroup(orgId, id);
    },

    async listPayGroups(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: PAY_GROUP_SORTABLE, searchable: PAY_GROUP_SEARCHABLE });
      const calendarFilter = query.pay_calendar_id === undefined || query.pay_calendar_id === '' ? null : String(query.pay_calendar_id);
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      return pagePaginate<repo.PayGroupSummaryRow, PayGroupSummary>(
        () => repo.payGroupSummariesQuery(db, orgId, calendarFilter),
        pageQuery,
        { defaultSort: 'pay_groups.id', sortColumns: { name: 'pay_groups.name', created_at: 'pay_groups.created_at' }, searchColumns: { name: 'pay_groups.name' } },
        (row) => ({
          id: row.id,
          org_id: row.org_id,
          name: row.name,
          pay_calendar_id: row.pay_calendar_id,
          member_count: Number(row.member_count ?? 0),
          created_at: row.created_at,
          updated_at: row.updated_at,
        }),
      );
    },

    getPayGroup,

    async assignEmployees(orgId, payGroupId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(assignEmployeesInput, body);
      const outcome = await inTransaction(ctx, async (trx) => {
        await requireOrg(ctx, trx, orgId);
        const group = await requirePayGroup(trx, orgId, payGroupId);
        const ids = input.employee_ids;
        const employees = await repo.findEmployeesForAssignment(trx, orgId, ids);
        const byId = new Map(employees.map((e) => [e.id, e]));
        const issues: FieldIssue[] = [];
        ids.forEach((employeeId, index) => {
          const employee = byId.get(employeeId);
          // Another organization's employee is named exactly like a missing one (its existence is not revealed).
          if (!employee) issues.push({ loc: ['body', 'employee_ids', index], msg: `employee ${employeeId} was not found in this organization`, type: 'employee_not_found' });
          else if (employee.status === 'left') issues.push({ loc: ['body', 'employee_ids', index], msg: `employee ${employeeId} left${employee.leave_date ? ` on ${employee.leave_date}` : ''} and cannot be assigned to a pay group`, type: 'employee_left' });
        });
        if (issues.length > 0) throw validationError(issues, 'PAY_GROUP.EMPLOYEES_INVALID');

        const memberships = await repo.findMemberships(trx, orgId, ids);
        const current = new Map(memberships.map((m) => [m.employee_id, m.pay_group_id]));
        const now = nowIso(ctx);
        const newlyAssigned: string[] = [];
        const moved: { employee_id: string; from_pay_group_id: string }[] = [];
        const alreadyMembers: string[] = [];
        for (const employeeId of ids) {
          const from = current.get(employeeId);
          if (from === payGroupId) alreadyMembers.push(employeeId);
          else if (from !== undefined) moved.push({ employee_id: employeeId, from_pay_group_id: from });
          else newlyAssigned.push(employeeId);
        }
        if (newlyAssigned.length > 0) {
          // employee_id is the table's primary key: a concurrent assignment of the same employee fails here and rolls back.
          await repo.insertMembers(trx, newlyAssigned.map((employeeId) => ({ pay_group_id: payGroupId, employee_id: employeeId, org_id: orgId, assigned_at: now })));
        }
        if (moved.length > 0) {
          await repo.moveMembers(trx, orgId, moved.map((m) => m.employee_id), payGroupId, now);
        }
        const touched = [...new Set([payGroupId, ...moved.map((m) => m.from_pay_group_id)])];
        if (newlyAssigned.length > 0 || moved.length > 0) await repo.touchPayGroups(trx, orgId, touched, now);
        await audit(ctx, trx, { orgId, resourceType: 'pay_group', resourceId: payGroupId, action: 'assign_employees', detail: { newly_assigned: newlyAssigned, moved, already_members: alreadyMembers.length } });
        return { group, newlyAssigned, moved, alreadyMembers };
      });
      return {
        pay_group: await getPayGroup(orgId, outcome.group.id),
        newly_assigned: outcome.newlyAssigned,
        moved: outcome.moved,
        already_members: outcome.alreadyMembers,
      };
    },
  };
}
