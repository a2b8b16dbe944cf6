import type { Command } from 'commander';
import type { AssignEmployeesResult, PayGroupSummary } from '../../service/ports.js';
import { addListOptions, bodyFrom, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireValue } from '../prompt.js';
import { usageError } from '../runtime.js';
import { collectPageItems, listFlag, orgIdFrom } from '../org-scope.js';

/** `payroll pay-calendars …` and `payroll pay-groups …` (endpoint 8 and its extensions). */

const CALENDAR_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'name', value: 'name' },
  { header: 'frequency', value: 'frequency' },
  { header: 'first period start', value: 'first_period_start' },
  { header: 'pay day', value: (c) => payDayText(c.pay_day_rule as Record<string, unknown>) },
];

const PERIOD_COLUMNS: Column[] = [
  { header: 'period', value: 'period_number' },
  { header: 'tax period', value: (p) => `${String(p.tax_period)}${p.extra_period ? ' (extra)' : ''}` },
  { header: 'start', value: 'start_date' },
  { header: 'end', value: 'end_date' },
  { header: 'pay date', value: 'pay_date' },
];

const GROUP_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'name', value: 'name' },
  { header: 'pay calendar', value: 'pay_calendar_id' },
  { header: 'members', value: 'member_count' },
  { header: 'created', value: 'created_at' },
];

const CHANGE_COLUMNS: Column[] = [
  { header: 'employee', value: 'employee_id' },
  { header: 'change', value: 'change' },
  { header: 'from pay group', value: 'from_pay_group_id' },
];

function payDayText(rule: Record<string, unknown>): string {
  const base = rule.type === 'fixed_day_of_month' ? `day ${String(rule.day)} of the month` : rule.type === 'days_after_period_end' ? `${String(rule.days)} days after period end` : 'last day of the period';
  return rule.weekend_adjustment === 'none' ? base : `${base}, ${rule.weekend_adjustment === 'next_working_day' ? 'weekends → Monday' : 'weekends → Friday'}`;
}

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw usageError(`${flag} must be a whole number (got "${value}")`);
  return Number(value);
}

/** One row per employee of the request: what endpoint 8 did with them. */
function changeRows(result: AssignEmployeesResult): Record<string, unknown>[] {
  return [
    ...result.newly_assigned.map((employee_id) => ({ employee_id, change: 'assigned', from_pay_group_id: null })),
    ...result.moved.map((m) => ({ employee_id: m.employee_id, change: 'moved', from_pay_group_id: m.from_pay_group_id })),
    ...result.already_members.map((employee_id) => ({ employee_id, change: 'already a member', from_pay_group_id: null })),
  ];
}

function registerPayCalendarCommands(program: Command): void {
  const calendars = program.command('pay-calendars').alias('pay-calendar').description('pay calendars: when periods run and when they are paid');

  calendars
    .command('create')
    .description('create a pay calendar (German organizations: monthly, starting on the 1st)')
    .option('--org <id>', 'organization id')
    .option('--input <file>', 'request body as JSON ({name, frequency, first_period_start, pay_day_rule}; e.g. fixtures/examples/pay-calendar.json); - for stdin')
    .option('--name <name>', 'name, unique in the organization')
    .option('--frequency <f>', 'weekly, fortnightly, four_weekly or monthly')
    .option('--first-period-start <date>', 'first day of any one period (YYYY-MM-DD); monthly: its day of the month, 1–28')
    .option('--pay-day <rule>', 'last_working_day (default), fixed_day_of_month or days_after_period_end')
    .option('--day <n>', 'with fixed_day_of_month: the day of the month (1–31)')
    .option('--days <n>', 'with days_after_period_end: days after the period end (0–60)')
    .option('--weekend <adjustment>', 'previous_working_day (default), next_working_day or none')
    .action(
      withRuntime(async (runtime, options: Record<string, string | undefined>) => {
        const orgId = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, { name: options.name, frequency: options.frequency, first_period_start: options.firstPeriodStart });
        const rule = { ...((body.pay_day_rule as Record<string, unknown> | undefined) ?? {}) };
        if (options.payDay !== undefined) rule.type = options.payDay;
        if (options.day !== undefined) rule.day = wholeNumber('--day', options.day);
        if (options.days !== undefined) rule.days = wholeNumber('--days', options.days);
        if (options.weekend !== undefined) rule.weekend_adjustment = options.weekend;
        if (Object.keys(rule).length > 0) body.pay_day_rule = { type: 'last_working_day', ...rule };
        body.name = await requireValue(runtime, body.name, '--name', 'Name of the pay calendar');
        body.frequency = await requireValue(runtime, body.frequency, '--frequency', 'Pay frequency', { choices: ['monthly', 'weekly', 'fortnightly', 'four_weekly'] });
        body.first_period_start = await requireValue(runtime, body.first_period_start, '--first-period-start', 'First day of a period (YYYY-MM-DD)');
        const service = await runtime.service();
        const created = await service.createPayCalendar(orgId, body);
        runtime.wrote();
        runtime.print(created);
      }),
    );

  calendars
    .command('list')
    .description('list the organization’s pay calendars')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, options: Record<string, string | undefined>) => {
        const orgId = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        runtime.print(await service.listPayCalendars(orgId), CALENDAR_COLUMNS);
      }),
    );

  calendars
    .command('periods')
    .description('the periods of a tax year with pay dates and HMRC tax weeks/months (GB --tax-year 2025-26; DE --year 2025)')
    .argument('<pay-calendar-id>', 'pay calendar id')
    .option('--org <id>', 'organization id')
    .option('--tax-year <year>', 'GB tax year, e.g. 2025-26 (default: the current one)')
    .option('--year <year>', 'DE calendar year, e.g. 2025 (default: the current one)')
    .action(
      withRuntime(async (runtime, calendarId: string, options: Record<string, string | undefined>) => {
        const orgId = await orgIdFrom(runtime, options);
        const query: Record<string, unknown> = {};
        if (options.taxYear !== undefined) query.tax_year = options.taxYear;
        if (options.year !== undefined) query.year = options.year;
        const service = await runtime.service();
        const result = await service.getPayCalendarPeriods(orgId, calendarId, query);
        if (runtime.format === 'json') runtime.print(result);
        else {
          runtime.info(`${result.frequency} calendar ${result.pay_calendar_id}, ${result.country === 'GB' ? 'tax year' : 'year'} ${result.tax_year}: ${result.periods.length} periods`);
          runtime.print(result.periods, PERIOD_COLUMNS);
        }
      }),
    );
}

function registerPayGroupCommands(program: Command): void {
  const groups = program.command('pay-groups').alias('pay-group').description('pay groups: employees paid together on one pay calendar');

  groups
    .command('create')
    .description('create a pay group on a pay calendar')
    .option('--org <id>', 'organization id')
    .option('--input <file>', 'request body as JSON ({name, pay_calendar_id}; e.g. fixtures/examples/pay-group.json); - for stdin')
    .option('--name <name>', 'name, unique in the organization')
    .option('--calendar <id>', 'pay calendar id (payroll pay-calendars list)')
    .action(
      withRuntime(async (runtime, options: Record<string, string | undefined>) => {
        const orgId = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, { name: options.name, pay_calendar_id: options.calendar });
        body.name = await requireValue(runtime, body.name, '--name', 'Name of the pay group');
        body.pay_calendar_id = await requireValue(runtime, body.pay_calendar_id, '--calendar', 'Pay calendar id');
        const service = await runtime.service();
        const created = await service.createPayGroup(orgId, body);
        runtime.wrote();
        runtime.print(created);
      }),
    );

  addListOptions(groups.command('list').description('list pay groups with their member counts (page style)').option('--org <id>', 'organization id').option('--calendar <id>', 'only groups on this pay calendar')).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const extra = options.calendar === undefined ? {} : { pay_calendar_id: options.calendar };
      const items = await collectPageItems<PayGroupSummary>(runtime, options, (query) => service.listPayGroups(orgId, query), extra);
      runtime.print(items, GROUP_COLUMNS);
    }),
  );

  groups
    .command('show')
    .alias('get')
    .description('show a pay group with its members’ employee ids')
    .argument('<pay-group-id>', 'pay group id')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, payGroupId: string, options: Record<string, string | undefined>) => {
        const orgId = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        runtime.print(await service.getPayGroup(orgId, payGroupId));
      }),
    );

  groups
    .command('assign')
    .description('assign employees to a pay group, moving them from any other (all or none; endpoint 8)')
    .argument('<pay-group-id>', 'pay group id')
    .argument('[employee-ids...]', 'employee ids (or --employees, or --input)')
    .option('--org <id>', 'organization id')
    .option('--input <file>', 'request body as JSON ({employee_ids: [...]}; e.g. fixtures/examples/pay-group-assign.json); - for stdin')
    .option('--employees <ids>', 'employee ids, comma separated')
    .action(
      withRuntime(async (runtime, payGroupId: string, ids: string[], options: Record<string, string | undefined>) => {
        const orgId = await orgIdFrom(runtime, options);
        const fromFlags = [...ids, ...(listFlag(options.employees) ?? [])];
        const body = bodyFrom(options, { employee_ids: fromFlags.length > 0 ? fromFlags : undefined });
        if (body.employee_ids === undefined) throw usageError('missing employee ids: give them as arguments, with --employees a,b or in --input');
        const service = await runtime.service();
        const result = await service.assignEmployees(orgId, payGroupId, body);
        runtime.wrote();
        runtime.info(`pay group ${result.pay_group.name}: ${result.newly_assigned.length} assigned, ${result.moved.length} moved from another group, ${result.already_members.length} already members; ${result.pay_group.member_count} members now`);
        if (runtime.format === 'json') runtime.print(result);
        else runtime.print(changeRows(result), CHANGE_COLUMNS);
      }),
    );
}

export function registerPayGroupFamily(program: Command): void {
  registerPayCalendarCommands(program);
  registerPayGroupCommands(program);
}
