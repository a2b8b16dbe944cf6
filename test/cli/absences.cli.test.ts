/** `payroll absences add|list|show|end` (issue 16 point 1): flags to the wire shape, exit codes of refusals. */
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

async function gbEmployee(env: NodeJS.ProcessEnv): Promise<{ orgId: string; employeeId: string }> {
  const org = await runCli(['org', 'create', '--legal-name', 'Absent Ltd', '--country', 'GB', '--json'], { env });
  const orgId = org.json<{ id: string }>().id;
  const employee = await runCli(['employees', 'create', '--org', orgId, '--first-name', 'Ada', '--last-name', 'Lovelace', '--date-of-birth', '1990-12-10', '--start-date', '2024-04-06', '--json'], { env });
  expect(employee.code, employee.stderr).toBe(0);
  return { orgId, employeeId: employee.json<{ id: string }>().id };
}

describe('payroll absences (CLI)', () => {
  it('adds sickness with abbreviated qualifying days, lists it, ends it once', async () => {
    const { env } = cliSandbox();
    const { orgId, employeeId } = await gbEmployee(env);
    const added = await runCli(['absences', 'add', '--org', orgId, '--employee', employeeId, '--kind', 'sickness', '--first-day', '2025-06-02', '--qualifying-days', 'mon,wed,Fri', '--awe', '412.50', '--json'], { env });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('→ local ');
    const absence = added.json<{ id: string; qualifying_days: string[]; average_weekly_earnings: string; last_day: string | null }>();
    expect([absence.qualifying_days, absence.average_weekly_earnings, absence.last_day]).toEqual([['Monday', 'Wednesday', 'Friday'], '412.50', null]);

    const ended = await runCli(['absences', 'end', absence.id, '--org', orgId, '--last-day', '2025-06-13', '--json'], { env });
    expect(ended.json<{ last_day: string }>().last_day).toBe('2025-06-13');
    const again = await runCli(['absences', 'end', absence.id, '--org', orgId, '--last-day', '2025-06-14', '--json'], { env });
    expect(again.code).toBe(5);

    const maternity = await runCli(['absences', 'add', '--org', orgId, '--employee', employeeId, '--kind', 'maternity', '--first-day', '2025-09-01', '--due-date', '2025-09-20', '--weeks', '39', '--json'], { env });
    expect(maternity.json<{ statutory_payment: string; weeks: number }>()).toMatchObject({ statutory_payment: 'smp', weeks: 39 });

    const csv = await runCli(['absences', 'list', '--org', orgId, '--kind', 'sickness', '-o', 'csv'], { env });
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n')[0]).toBe('id,employee,kind,payment,first day,last day,weeks,due date,event date');
    expect(csv.stdout.trim().split('\n')).toHaveLength(2);
  });

  it('refuses a family leave without its date (exit 3) and an unknown absence (exit 6)', async () => {
    const { env } = cliSandbox();
    const { orgId, employeeId } = await gbEmployee(env);
    const refused = await runCli(['absences', 'add', '--org', orgId, '--employee', employeeId, '--kind', 'adoption', '--first-day', '2025-06-02', '--no-input'], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('event_date');
    const missing = await runCli(['absences', 'show', 'nope', '--org', orgId], { env });
    expect(missing.code).toBe(6);
  });
});
