import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

type Env = NodeJS.ProcessEnv;

async function json<T>(args: string[], env: Env): Promise<T> {
  const result = await runCli([...args, '--json'], { env });
  expect(result.code, result.stderr).toBe(0);
  return result.json<T>();
}

async function setUp(env: Env): Promise<{ org: string; calendar: string; group: string; employees: string[] }> {
  const org = (await json<{ id: string }>(['org', 'create', '--legal-name', 'Acme Ltd', '--country', 'GB'], env)).id;
  const calendar = (await json<{ id: string }>(['pay-calendars', 'create', '--org', org, '--name', 'Weekly', '--frequency', 'weekly', '--first-period-start', '2025-04-07', '--pay-day', 'days_after_period_end', '--days', '5'], env)).id;
  const group = (await json<{ id: string }>(['pay-groups', 'create', '--org', org, '--name', 'Hourly', '--calendar', calendar], env)).id;
  const employees: string[] = [];
  for (const name of ['Ann', 'Bob']) {
    employees.push((await json<{ id: string }>(['employees', 'create', '--org', org, '--first-name', name, '--last-name', 'Lee', '--date-of-birth', '1990-01-01', '--start-date', '2024-01-01'], env)).id);
  }
  return { org, calendar, group, employees };
}

describe('payroll pay-calendars and pay-groups (CLI)', () => {
  it('creates a calendar and shows the periods of a tax year', async () => {
    const { env } = cliSandbox();
    const { org, calendar } = await setUp(env);
    const periods = await json<{ tax_year: string; periods: { tax_period: number; pay_date: string }[] }>(['pay-calendars', 'periods', calendar, '--org', org, '--tax-year', '2025-26'], env);
    expect(periods.tax_year).toBe('2025-26');
    expect(periods.periods).toHaveLength(52);
    // The period worked 31 March – 6 April 2025 is paid on Friday 11 April: week 1 of 2025-26.
    expect(periods.periods[0]).toMatchObject({ start_date: '2025-03-31', pay_date: '2025-04-11', tax_period: 1 });
    const csv = await runCli(['pay-calendars', 'list', '--org', org, '-o', 'csv'], { env });
    expect(csv.stdout.split('\n')[1]).toContain('5 days after period end, weekends → Friday');
  });

  it('assigns employees from arguments and reports each change', async () => {
    const { env } = cliSandbox();
    const { org, group, employees } = await setUp(env);
    const result = await runCli(['pay-groups', 'assign', group, ...employees, '--org', org, '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('2 assigned, 0 moved from another group, 0 already members; 2 members now');
    expect(result.json()).toMatchObject({ newly_assigned: employees, moved: [], already_members: [], pay_group: { id: group, member_count: 2 } });
    const csv = await runCli(['pay-groups', 'assign', group, '--employees', employees[0] as string, '--org', org, '-o', 'csv'], { env });
    expect(csv.stdout).toBe(`employee,change,from pay group\n${employees[0]},already a member,\n`);
    const list = await json<{ name: string; member_count: number }[]>(['pay-groups', 'list', '--org', org], env);
    expect(list).toEqual([expect.objectContaining({ name: 'Hourly', member_count: 2 })]);
  });

  it('moves employees with --input and shows the group', async () => {
    const { env, dir } = cliSandbox();
    const { org, calendar, group, employees } = await setUp(env);
    const other = (await json<{ id: string }>(['pay-groups', 'create', '--org', org, '--name', 'Salaried', '--calendar', calendar], env)).id;
    await json(['pay-groups', 'assign', group, ...employees, '--org', org], env);
    const file = join(dir, 'assign.json');
    writeFileSync(file, JSON.stringify({ employee_ids: [employees[1]] }));
    const moved = await json<{ moved: unknown[] }>(['pay-groups', 'assign', other, '--input', file, '--org', org], env);
    expect(moved.moved).toEqual([{ employee_id: employees[1], from_pay_group_id: group }]);
    expect(await json(['pay-groups', 'show', group, '--org', org], env)).toMatchObject({ employee_ids: [employees[0]], member_count: 1 });
  });

  it('exits 3 naming a foreign employee, and 3 on a repeated id', async () => {
    const { env } = cliSandbox();
    const { org, group, employees } = await setUp(env);
    const unknown = await runCli(['pay-groups', 'assign', group, employees[0] as string, 'ghost', '--org', org, '--json'], { env });
    expect(unknown.code).toBe(3);
    expect(JSON.parse(unknown.stderr)).toMatchObject({ error: { code: 'PAY_GROUP.EMPLOYEES_INVALID', issues: [{ loc: ['body', 'employee_ids', '1'], msg: 'employee ghost was not found in this organization' }] } });
    const repeated = await runCli(['pay-groups', 'assign', group, employees[0] as string, employees[0] as string, '--org', org], { env });
    expect(repeated.code).toBe(3);
    expect(repeated.stderr).toContain('body.employee_ids.1: repeats employee');
  });

  it.each([
    [['pay-groups', 'assign', 'g', '--org', 'o'], 2, /missing employee ids/],
    [['pay-groups', 'create', '--org', 'o', '--name', 'x'], 2, /missing --calendar/],
    [['pay-calendars', 'create', '--org', 'o', '--name', 'x', '--frequency', 'monthly', '--first-period-start', '2025-01-01', '--day', 'ten'], 2, /--day must be a whole number/],
  ])('payroll %j exits %i', async (args, code, message) => {
    const { env } = cliSandbox();
    const result = await runCli(args, { env });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });
});
