import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

/** A clock fixed inside tax year 2025-26, so "the current year" is known. */
const clock = { now: () => new Date('2025-06-15T09:00:00Z') };

async function gbEmployee(service: PayrollService, orgId: string, name: string): Promise<string> {
  const employee = await service.createEmployee(orgId, { first_name: name, last_name: 'Test', date_of_birth: '1990-01-01', start_date: '2024-01-01', gb: {} });
  return employee.id;
}

for (const backend of allBackends()) {
  describe(`pay calendars and pay groups [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    let calendarId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create({ clock }));
      orgId = (await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB' })).id;
      calendarId = (await service.createPayCalendar(orgId, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-01' })).id;
    });
    afterEach(async () => dispose());

    describe('pay calendars', () => {
      it('creates a calendar with the default pay-day rule and lists it', async () => {
        const weekly = await service.createPayCalendar(orgId, { name: 'Weekly', frequency: 'weekly', first_period_start: '2025-04-07', pay_day_rule: { type: 'days_after_period_end', days: 5 } });
        expect(weekly).toMatchObject({ org_id: orgId, name: 'Weekly', country: 'GB', frequency: 'weekly', first_period_start: '2025-04-07', pay_day_rule: { type: 'days_after_period_end', days: 5, weekend_adjustment: 'previous_working_day' } });
        const list = await service.listPayCalendars(orgId);
        expect(list.map((c) => c.name)).toEqual(['Monthly', 'Weekly']);
        expect(list[0]?.pay_day_rule).toEqual({ type: 'last_working_day', weekend_adjustment: 'previous_working_day' });
      });

      it('answers the periods of the current tax year by default and of a named one', async () => {
        const current = await service.getPayCalendarPeriods(orgId, calendarId, {});
        expect(current.tax_year).toBe('2025-26');
        expect(current.periods).toHaveLength(12);
        expect(current.periods[0]).toEqual({ tax_year: '2025-26', period_number: 1, tax_period: 1, start_date: '2025-04-01', end_date: '2025-04-30', pay_date: '2025-04-30', extra_period: false });
        const next = await service.getPayCalendarPeriods(orgId, calendarId, { tax_year: '2026-27' });
        expect(next.periods[11]).toMatchObject({ start_date: '2027-03-01', pay_date: '2027-03-31', tax_period: 12 });
      });

      it('refuses a malformed tax year or a calendar year on a GB calendar, naming the query parameter', async () => {
        const bad = await expectDomainError(service.getPayCalendarPeriods(orgId, calendarId, { tax_year: '2025' }), 'validation');
        expect(bad.issues[0]).toMatchObject({ loc: ['query', 'tax_year'], type: 'tax_year_invalid' });
        const year = await expectDomainError(service.getPayCalendarPeriods(orgId, calendarId, { year: '2025' }), 'validation');
        expect(year.issues[0]?.loc).toEqual(['query', 'year']);
      });

      it('German organizations: monthly calendars by calendar year; other frequencies refused', async () => {
        const de = (await service.createOrganization({ legal_name: 'Muster GmbH', country: 'DE' })).id;
        const refused = await expectDomainError(service.createPayCalendar(de, { name: 'Weekly', frequency: 'weekly', first_period_start: '2025-01-06' }), 'validation');
        expect(refused.issues[0]).toMatchObject({ loc: ['body', 'frequency'], type: 'frequency_not_supported' });
        expect(refused.message).toMatch(/German payroll is monthly/);
        const midMonth = await expectDomainError(service.createPayCalendar(de, { name: 'Mid', frequency: 'monthly', first_period_start: '2025-01-15' }), 'validation');
        expect(midMonth.issues[0]?.loc).toEqual(['body', 'first_period_start']);
        const monthly = await service.createPayCalendar(de, { name: 'Monatlich', frequency: 'monthly', first_period_start: '2025-01-01' });
        expect(monthly.country).toBe('DE');
        const periods = await service.getPayCalendarPeriods(de, monthly.id, { year: '2026' });
        expect(periods).toMatchObject({ tax_year: '2026', country: 'DE' });
        expect(periods.periods[1]).toMatchObject({ period_number: 2, start_date: '2026-02-01', end_date: '2026-02-28', pay_date: '2026-02-27' });
      });

      it('refuses a broken body, naming each field', async () => {
        const error = await expectDomainError(service.createPayCalendar(orgId, { name: '', frequency: 'daily', first_period_start: '1 April', pay_day_rule: { type: 'fixed_day_of_month', day: 0 } }), 'validation');
        expect(error.issues.map((i) => i.loc.join('.')).sort()).toEqual(['body.first_period_start', 'body.frequency', 'body.name', 'body.pay_day_rule.day']);
        const weeklyFixed = await expectDomainError(service.createPayCalendar(orgId, { name: 'W', frequency: 'weekly', first_period_start: '2025-04-07', pay_day_rule: { type: 'fixed_day_of_month', day: 25 } }), 'validation');
        expect(weeklyFixed.issues[0]?.loc).toEqual(['body', 'pay_day_rule', 'type']);
      });

      it('refuses a second calendar of the same name (409)', async () => {
        const error = await expectDomainError(service.createPayCalendar(orgId, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-01' }), 'conflict');
        expect(error.code).toBe('PAY_CALENDAR.DUPLICATE_NAME');
      });

      it('does not show another organization’s calendar', async () => {
        const other = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        const error = await expectDomainError(service.getPayCalendarPeriods(other, calendarId, {}), 'not_found');
        expect(error.code).toBe('PAY_CALENDAR.NOT_FOUND');
        expect(await service.listPayCalendars(other)).toEqual([]);
      });
    });

    describe('pay groups', () => {
      it('creates a pay group on a calendar and reads it back with no members', async () => {
        const group = await service.createPayGroup(orgId, { name: 'Salaried', pay_calendar_id: calendarId });
        expect(group).toMatchObject({ org_id: orgId, name: 'Salaried', pay_calendar_id: calendarId, member_count: 0, employee_ids: [] });
        expect(await service.getPayGroup(orgId, group.id)).toEqual(group);
      });

      it('refuses a calendar of another organization as a body error, and a duplicate name as a conflict', async () => {
        const other = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        const error = await expectDomainError(service.createPayGroup(other, { name: 'X', pay_calendar_id: calendarId }), 'validation');
        expect(error.issues[0]).toMatchObject({ loc: ['body', 'pay_calendar_id'], type: 'not_found' });
        await service.createPayGroup(orgId, { name: 'Salaried', pay_calendar_id: calendarId });
        expect((await expectDomainError(service.createPayGroup(orgId, { name: 'Salaried', pay_calendar_id: calendarId }), 'conflict')).code).toBe('PAY_GROUP.DUPLICATE_NAME');
      });

      it('lists pay groups in pages with member counts, search and the calendar filter', async () => {
        const weekly = await service.createPayCalendar(orgId, { name: 'Weekly', frequency: 'weekly', first_period_start: '2025-04-07' });
        const a = await service.createPayGroup(orgId, { name: 'Alpha', pay_calendar_id: calendarId });
        await service.createPayGroup(orgId, { name: 'Beta', pay_calendar_id: weekly.id });
        await service.createPayGroup(orgId, { name: 'Gamma', pay_calendar_id: calendarId });
        await service.assignEmployees(orgId, a.id, { employee_ids: [await gbEmployee(service, orgId, 'Ann'), await gbEmployee(service, orgId, 'Bob')] });
        const first = await service.listPayGroups(orgId, { size: 2, sort_by: 'name' });
        expect(first.items.map((g) => [g.name, g.member_count])).toEqual([['Alpha', 2], ['Beta', 0]]);
        expect(first.meta).toEqual({ total: 3, page: 1, size: 2, pages: 2, has_next: true, has_prev: false });
        expect((await service.listPayGroups(orgId, { size: 2, page: 2, sort_by: 'name' })).items.map((g) => g.name)).toEqual(['Gamma']);
        expect((await service.listPayGroups(orgId, { search: 'amm' })).items.map((g) => g.name)).toEqual(['Gamma']);
        expect((await service.listPayGroups(orgId, { pay_calendar_id: weekly.id })).items.map((g) => g.name)).toEqual(['Beta']);
        expect((await expectDomainError(service.listPayGroups(orgId, { size: 101 }), 'pagination')).details).toMatchObject({ field: 'size' });
      });
    });

    describe('assign employees (endpoint 8)', () => {
      let groupId: string;
      beforeEach(async () => {
        groupId = (await service.createPayGroup(orgId, { name: 'Salaried', pay_calendar_id: calendarId })).id;
      });

      it('assigns employees and reports what changed', async () => {
        const ann = await gbEmployee(service, orgId, 'Ann');
        const bob = await gbEmployee(service, orgId, 'Bob');
        const result = await service.assignEmployees(orgId, groupId, { employee_ids: [ann, bob] });
        expect(result.newly_assigned).toEqual([ann, bob]);
        expect(result.moved).toEqual([]);
        expect(result.already_members).toEqual([]);
        expect(result.pay_group).toMatchObject({ id: groupId, member_count: 2 });
        expect([...result.pay_group.employee_ids].sort()).toEqual([ann, bob].sort());
        const again = await service.assignEmployees(orgId, groupId, { employee_ids: [bob] });
        expect(again).toMatchObject({ newly_assigned: [], moved: [], already_members: [bob] });
        expect((await service.getEmployee(orgId, ann)).pay_group_id).toBe(groupId);
      });

      it('moves an employee from another pay group (an employee is in at most one)', async () => {
        const ann = await gbEmployee(service, orgId, 'Ann');
        const other = await service.createPayGroup(orgId, { name: 'Hourly', pay_calendar_id: calendarId });
        await service.assignEmployees(orgId, other.id, { employee_ids: [ann] });
        const result = await service.assignEmployees(orgId, groupId, { employee_ids: [ann] });
        expect(result.moved).toEqual([{ employee_id: ann, from_pay_group_id: other.id }]);
        expect(result.pay_group.employee_ids).toEqual([ann]);
        expect((await service.getPayGroup(orgId, other.id))).toMatchObject({ member_count: 0, employee_ids: [] });
      });

      it('names each unknown or foreign employee id and assigns nobody', async () => {
        const ann = await gbEmployee(service, orgId, 'Ann');
        const otherOrg = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        const foreign = await gbEmployee(service, otherOrg, 'Zed');
        const error = await expectDomainError(service.assignEmployees(orgId, groupId, { employee_ids: [ann, 'no-such-employee', foreign] }), 'validation');
        expect(error.code).toBe('PAY_GROUP.EMPLOYEES_INVALID');
        expect(error.issues).toEqual([
          { loc: ['body', 'employee_ids', '1'], msg: 'employee no-such-employee was not found in this organization', type: 'employee_not_found' },
          { loc: ['body', 'employee_ids', '2'], msg: `employee ${foreign} was not found in this organization`, type: 'employee_not_found' },
        ]);
        expect((await service.getPayGroup(orgId, groupId)).employee_ids).toEqual([]);
      });

      it('refuses duplicate ids in the request, naming the repeat', async () => {
        const ann = await gbEmployee(service, orgId, 'Ann');
        const error = await expectDomainError(service.assignEmployees(orgId, groupId, { employee_ids: [ann, ann] }), 'validation');
        expect(error.issues).toEqual([{ loc: ['body', 'employee_ids', '1'], msg: `repeats employee ${ann} (already at index 0)`, type: 'duplicate' }]);
      });

      it('refuses an employee who left', async () => {
        const ann = await gbEmployee(service, orgId, 'Ann');
        await service.leaveEmployee(orgId, ann, { leave_date: '2025-05-31' });
        const error = await expectDomainError(service.assignEmployees(orgId, groupId, { employee_ids: [ann] }), 'validation');
        expect(error.issues[0]).toMatchObject({ loc: ['body', 'employee_ids', '0'], type: 'employee_left' });
        expect(error.issues[0]?.msg).toContain('2025-05-31');
      });

      it('refuses an empty list or a missing body field', async () => {
        expect((await expectDomainError(service.assignEmployees(orgId, groupId, { employee_ids: [] }), 'validation')).issues[0]?.loc).toEqual(['body', 'employee_ids']);
        expect((await expectDomainError(service.assignEmployees(orgId, groupId, {}), 'validation')).issues[0]?.loc).toEqual(['body', 'employee_ids']);
      });

      it('answers 404 for a pay group of another organization', async () => {
        const otherOrg = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        const zed = await gbEmployee(service, otherOrg, 'Zed');
        const error = await expectDomainError(service.assignEmployees(otherOrg, groupId, { employee_ids: [zed] }), 'not_found');
        expect(error.code).toBe('PAY_GROUP.NOT_FOUND');
      });
    });
  });
}
