import type { Command } from 'commander';
import { ABSENCE_KINDS, type Absence } from '../../service/ports.js';
import { addListOptions, bodyFrom, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireEmployee, requireValue } from '../prompt.js';
import { collectPageItems, orgIdFrom } from '../org-scope.js';

/** `payroll absences add|list|show|end`: GB absences the statutory payments are calculated from. */

export const ABSENCE_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'employee', value: 'employee_id' },
  { header: 'kind', value: 'kind' },
  { header: 'payment', value: 'statutory_payment' },
  { header: 'first day', value: 'first_day' },
  { header: 'last day', value: 'last_day' },
  { header: 'weeks', value: 'weeks' },
  { header: 'due date', value: 'due_date' },
  { header: 'event date', value: 'event_date' },
];

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "mon,tue,Wednesday" → full weekday names; anything unrecognised is passed on for the service to name. */
export function weekdayList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => WEEKDAYS.find((day) => part.length >= 2 && day.toLowerCase().startsWith(part.toLowerCase())) ?? part);
}

/** A whole number of weeks, or the text itself so the service reports it. */
const weeksValue = (text: string | undefined): number | string | undefined => (text === undefined ? undefined : /^\d+$/.test(text) ? Number(text) : text);

interface AddFlags {
  org?: string;
  employee?: string;
  input?: string;
  kind?: string;
  firstDay?: string;
  lastDay?: string;
  qualifyingDays?: string;
  awe?: string;
  dueDate?: string;
  eventDate?: string;
  weeks?: string;
  notes?: string;
}

export function registerAbsenceCommands(program: Command): void {
  const absences = program.command('absences').alias('absence').description('GB absences (sickness and family leave) the statutory payments are calculated from: add, list, show, end');

  absences
    .command('add')
    .description('record an absence of a British employee')
    .option('--org <id>', 'organization id (a GB organization)')
    .option('--employee <id>', 'employee id')
    .option('--input <file>', 'the absence body as JSON (shape: fixtures/examples/absence-sickness.json); - for stdin')
    .option('--kind <kind>', ABSENCE_KINDS.join(', '))
    .option('--first-day <date>', 'first day of the absence')
    .option('--last-day <date>', 'last day (leave out while it is open; set it later with `absences end`)')
    .option('--qualifying-days <days>', 'sickness: the days SSP is paid for, e.g. Mon,Tue,Wed,Thu,Fri (the default)')
    .option('--awe <amount>', 'sickness: average weekly earnings, e.g. 412.50')
    .option('--due-date <date>', 'maternity, paternity, shared_parental: due date of the expected week of childbirth')
    .option('--event-date <date>', 'adoption: matching date; parental_bereavement: date of death; neonatal_care: first day in neonatal care')
    .option('--weeks <n>', 'family leave: weeks of statutory pay')
    .option('--notes <text>', 'free text')
    .action(
      withRuntime(async (runtime, options: AddFlags) => {
        const orgId = await orgIdFrom(runtime, options);
        const employeeId = await requireEmployee(runtime, orgId, options.employee);
        const body = bodyFrom(options, {
          kind: options.kind,
          first_day: options.firstDay,
          last_day: options.lastDay,
          qualifying_days: options.qualifyingDays === undefined ? undefined : weekdayList(options.qualifyingDays),
          average_weekly_earnings: options.awe,
          due_date: options.dueDate,
          event_date: options.eventDate,
          weeks: weeksValue(options.weeks),
          notes: options.notes,
        });
        body.kind = await requireValue(runtime, body.kind, '--kind', 'Kind of absence', { choices: ABSENCE_KINDS });
        body.first_day = await requireValue(runtime, body.first_day, '--first-day', 'First day (YYYY-MM-DD)', { check: (c) => c.date });
        const service = await runtime.service();
        const created = await service.createAbsence(orgId, employeeId, body);
        runtime.wrote();
        runtime.print(created);
      }),
    );

  addListOptions(
    absences
      .command('list')
      .description('list absences (page style; --sort-by first_day|created_at)')
      .option('--org <id>', 'organization id')
      .option('--employee <id>', "only this employee's absences")
      .option('--kind <kind>', `only this kind (${ABSENCE_KINDS.join(', ')})`),
  ).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const filters = { employee_id: options.employee as string | undefined, kind: options.kind as string | undefined };
      runtime.print(await collectPageItems<Absence>(runtime, options, (query) => service.listAbsences(orgId, query), filters), ABSENCE_COLUMNS);
    }),
  );

  absences
    .command('show')
    .description('one absence')
    .argument('<absence-id>', 'absence id')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, absenceId: string, options: { org?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        runtime.print(await service.getAbsence(orgId, absenceId));
      }),
    );

  absences
    .command('end')
    .description('set the last day of an open absence (once)')
    .argument('<absence-id>', 'absence id')
    .option('--org <id>', 'organization id')
    .option('--last-day <date>', 'last day of the absence')
    .action(
      withRuntime(async (runtime, absenceId: string, options: { org?: string; lastDay?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const lastDay = await requireValue(runtime, options.lastDay, '--last-day', 'Last day (YYYY-MM-DD)', { check: (c) => c.date });
        const service = await runtime.service();
        const ended = await service.endAbsence(orgId, absenceId, { last_day: lastDay });
        runtime.wrote();
        runtime.print(ended);
      }),
    );
}
