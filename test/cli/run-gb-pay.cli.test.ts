import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStandingRun, type PromptPort, saveDraft } from '../../src/cli/commands/run-gb-pay.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore, type Store } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { cliCommand, Terminal, tmuxMissing } from '../support/tmux.js';

/**
 * `payroll run-gb` building the run for a pay group: hourly staff paid the period's hours × rate (UK-E-002, HOUR),
 * employees not employed in the period left out, every answer checked when given, Enter skipping, answers kept.
 * 2026-27 period 1 of the monthly calendar runs 6 April to 5 May 2026.
 */

interface Staff {
  orgId: string;
  groupId: string;
  hourly: string;
  salaried: string;
  notStarted: string;
  left: string;
}

async function withService<T>(database: string, work: (service: PayrollService) => Promise<T>): Promise<T> {
  const store: Store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    return await work(service);
  } finally {
    await store.close();
  }
}

/** An hourly employee (£12.50/h, 37.5 h a week), a salaried one (£30,000), one starting in September 2026 and one who left in March 2026. */
async function staffIn(service: PayrollService): Promise<Staff> {
  const org = await service.createOrganization({ legal_name: 'Hours Ltd', country: 'GB' });
  const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
  const group = await service.createPayGroup(org.id, { name: 'Monthly staff', pay_calendar_id: calendar.id });
  const make = async (first: string, start: string, pay: Record<string, string>) =>
    (await service.createEmployee(org.id, { first_name: first, last_name: 'Test', date_of_birth: '1985-06-15', start_date: start, pay, gb: { tax_code: '1257L', ni_category: 'A' } })).id;
  const hourly = await make('Hannah', '2020-01-06', { basis: 'hourly', hourly_rate: '12.50', hours_per_week: '37.5' });
  const salaried = await make('Sam', '2020-01-06', { basis: 'salary', annual_salary: '30000.00' });
  const notStarted = await make('Nora', '2026-09-01', { basis: 'salary', annual_salary: '24000.00' });
  const left = await make('Leo', '2019-01-07', { basis: 'hourly', hourly_rate: '11.00', hours_per_week: '20' });
  await service.assignEmployees(org.id, group.id, { employee_ids: [hourly, salaried, notStarted, left] });
  await service.leaveEmployee(org.id, left, { leave_date: '2026-03-31' });
  return { orgId: org.id, groupId: group.id, hourly, salaried, notStarted, left };
}

/** Answers in order; records every question and every rule an answer was refused with. */
function scripted(answers: string[]): PromptPort & { asked: string[]; refused: string[] } {
  const asked: string[] = [];
  const refused: string[] = [];
  const next = (message: string): string => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error(`no scripted answer left for: ${message}`);
    return answer;
  };
  return {
    asked,
    refused,
    async input(message, validate) {
      asked.push(message);
      for (;;) {
        const answer = next(message);
        const verdict = validate(answer);
        if (verdict === true) return answer;
        refused.push(verdict);
      }
    },
    async select(message) {
      asked.push(message);
      return next(message) as never;
    },
    async confirm(message) {
      asked.push(message);
      return next(message) === 'y';
    },
  };
}

type RunJson = { id: string; employee_count: number; payslips: { employee_id: string; gross_pay: string; lines: { section: string; wage_type_code: string | null; amount: string }[] }[] };

describe('run-gb pays hourly staff hours × rate and asks only what it needs (prompt flow, in-process)', () => {
  it('asks the hours, re-asks an invalid answer with the rule, skips on Enter and leaves out who is not employed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-prompts-'));
    await withService(join(dir, 'p.db'), async (service) => {
      const staff = await staffIn(service);
      const infos: string[] = [];
      // Hannah: "abc", "0" and "745" are refused, then 160; no bonus. Sam: Enter skips him (no prefill taken).
      const port = scripted(['abc', '0', '745', '160', 'UK-E-999=5', 'UK-E-004=100.005', '', '']);
      const built = await buildStandingRun(service, staff.orgId, { payGroup: staff.groupId, period: '1', taxYear: '2026-27' }, port, { env: { XDG_DATA_HOME: join(dir, 'data') }, info: (m) => infos.push(m) });

      expect(port.asked.some((q) => q.includes('Nora') || q.includes('Leo'))).toBe(false);
      expect(infos.join('\n')).toMatch(/left out: Nora Test .* starts on 2026-09-01, after this period \(2026-04-06 to 2026-05-05\)/);
      expect(infos.join('\n')).toMatch(/left out: Leo Test .* left on 2026-03-31, before this period/);
      expect(port.asked[0]).toMatch(/^Hannah Test .*hours worked 2026-04-06 to 2026-05-05 at 12\.50\/h \(UK-E-002 hourly pay; empty to skip\)$/);
      expect(port.refused).toEqual([
        'hours must be a number of hours with at most 2 decimal places, e.g. "160" or "37.5"',
        'hours must be more than 0 (leave the employee out to pay nothing)',
        'hours must be at most 744 (24 hours on every day of a monthly period)',
        expect.stringContaining('"UK-E-999" is not a wage type in the catalogue'),
        '100.005: must be an amount in pounds and pence, e.g. 500 or 125.50 (at most 2 decimal places)',
      ]);
      expect(port.asked.at(-1)).toMatch(/^Sam Test .*basic pay this period \(UK-E-001; standing pay 2500\.00: type = to pay it; empty to skip\)$/);
      expect(built.body.payroll_group).toEqual([
        { employee_id: staff.hourly, pay_details: { earnings: [{ wage_type_code: 'UK-E-002', amount: '12.50', earning_frequency: 'HOUR', hours: '160' }], benefits: [], deductions: [], reimbursements: [] } },
      ]);

      const result = await service.runGbPayroll(staff.orgId, built.body);
      const run = (await service.getPayrollRun(staff.orgId, result.payroll_status_id)) as unknown as RunJson;
      expect(run.employee_count).toBe(1);
      expect(run.payslips[0]?.gross_pay).toBe('2000.00');
      expect(run.payslips[0]?.lines.filter((l) => l.section === 'earnings')).toEqual([{ section: 'earnings', wage_type_code: 'UK-E-002', name: 'Hourly pay', amount: '2000.00', hours: '160.00', rate: '12.50' }]);
    });
  });

  it('pays the standing salary with "=" and offers answers kept from an attempt that did not finish', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-prompts-'));
    const env = { XDG_DATA_HOME: join(dir, 'data') };
    await withService(join(dir, 'p.db'), async (service) => {
      const staff = await staffIn(service);
      const first = await buildStandingRun(service, staff.orgId, { payGroup: staff.groupId, period: '1', taxYear: '2026-27' }, scripted(['151.5', '', '=', '']), { env, info() {} });
      expect(first.draftPath).toContain(join(dir, 'data', 'payroll', 'drafts'));
      saveDraft(first.draftPath as string, first.body);
      // The next attempt offers the kept answers and asks nothing else.
      const again = scripted(['y']);
      const second = await buildStandingRun(service, staff.orgId, { payGroup: staff.groupId, period: '1', taxYear: '2026-27' }, again, { env, info() {} });
      expect(again.asked).toHaveLength(1);
      expect(again.asked[0]).toMatch(/^Reuse the answers for 2 employee\(s\) saved .* from an attempt that did not finish/);
      expect(second.body).toEqual(first.body);
      const run = (await service.getPayrollRun(staff.orgId, (await service.runGbPayroll(staff.orgId, second.body)).payroll_status_id)) as unknown as RunJson;
      // 151.5 h × £12.50 = £1,893.75; £30,000 ÷ 12 = £2,500.00.
      expect(Object.fromEntries(run.payslips.map((p) => [p.employee_id, p.gross_pay]))).toEqual({ [staff.hourly]: '1893.75', [staff.salaried]: '2500.00' });
    });
  });
});

describe('run-gb off a terminal from standing pay (CLI)', () => {
  it('pays hourly staff --hours × rate with UK-E-002 and salaried staff their salary, leaving out who is not employed', async () => {
    const { env } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, staffIn);
    const run = await runCli(['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27', '--hours', `${staff.hourly}=160`, '--json'], { env });
    expect(run.stderr).toContain(`left out: Nora Test (${staff.notStarted}) starts on 2026-09-01`);
    expect(run.code).toBe(0);
    const body = run.json<RunJson>();
    const byEmployee = Object.fromEntries(body.payslips.map((p) => [p.employee_id, p]));
    expect(Object.keys(byEmployee).sort()).toEqual([staff.hourly, staff.salaried].sort());
    expect(byEmployee[staff.hourly]?.lines.filter((l) => l.section === 'earnings')).toEqual([{ section: 'earnings', wage_type_code: 'UK-E-002', name: 'Hourly pay', amount: '2000.00', hours: '160.00', rate: '12.50' }]);
    expect(byEmployee[staff.hourly]?.gross_pay).toBe('2000.00');
    expect(byEmployee[staff.salaried]?.gross_pay).toBe('2500.00');
  });

  it('refuses to guess: an hourly employee without --hours is a usage error naming them and the flag; bad hours name the rule', async () => {
    const { env } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, staffIn);
    const base = ['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27'];
    const missing = await runCli(base, { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`missing --hours for employee Hannah Test (${staff.hourly})`);
    const bad = await runCli([...base, '--hours', `${staff.hourly}=37.555`], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--hours .*=37\.555: hours must be a number of hours with at most 2 decimal places/);
    const stranger = await runCli([...base, '--hours', `${staff.hourly}=160`, '--hours', `${staff.salaried}=10`], { env });
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toContain(`--hours ${staff.salaried}: no hourly employee employed in this period`);
    expect((await runCli(['runs', 'list', '--org', staff.orgId, '--json'], { env })).json()).toEqual([]);
  });
});

const noTmux = tmuxMissing('run-gb terminal smoke test');

describe.skipIf(noTmux !== null)('run-gb on a real terminal (tmux)', () => {
  it('re-asks an invalid answer, skips on Enter, keeps the answers when the run is refused and offers them again', async () => {
    const { env, dir } = cliSandbox();
    const staff = await withService(env.PAYROLL_DATABASE as string, staffIn);
    const command = cliCommand(env, ['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27']);

    // A draft for the same period already exists, so this attempt is refused at the end: its answers must survive.
    const blocker = await runCli(['run-gb', '--org', staff.orgId, '--pay-group', staff.groupId, '--period', '1', '--tax-year', '2026-27', '--hours', `${staff.hourly}=160`, '--json'], { env });
    expect(blocker.code).toBe(0);
    const first = new Terminal(command);
    try {
      await first.waitFor(/Hannah Test .*hours worked .* at 12\.50\/h \(UK-E-002 hourly pay; empty to skip\)/);
      first.type('12x');
      first.send('Enter');
      await first.waitFor(/hours must be a number of hours with at most 2 decimal places/);
      first.send('BSpace', 'BSpace', 'BSpace');
      first.type('160');
      first.send('Enter');
      await first.waitFor(/Hannah Test: another earning/);
      first.send('Enter');
      await first.waitFor(/Sam Test .*empty to skip\)/);
      first.send('Enter'); // Enter on an empty answer skips Sam.
      const screen = await first.waitFor(/EXIT=\d+/);
      expect(screen).not.toMatch(/\? Nora|\? Leo/);
      expect(screen).toMatch(/left out: Nora Test/);
      expect(screen).toMatch(/already exists/);
      expect(screen).toMatch(/your answers are kept in .*drafts.*run-gb-/);
      expect(screen).toMatch(/EXIT=5/);
    } finally {
      first.close();
    }
    const drafts = join(dir, 'data', 'payroll', 'drafts');
    expect(readdirSync(drafts)).toHaveLength(1);

    const blockerId = blocker.json<RunJson>().id;
    expect((await runCli(['runs', 'discard', blockerId, '--org', staff.orgId, '--yes'], { env })).code).toBe(0);
    const second = new Terminal(command);
    try {
      await second.waitFor(/Reuse the answers for 1 employee\(s\) saved/);
      second.send('Enter');
      await second.waitFor(/approve run .*\? \(y\/N\)/);
      second.type('n');
      second.send('Enter');
      const screen = await second.waitFor(/EXIT=\d+/);
      expect(screen).toMatch(/EXIT=0/);
      expect(screen).not.toMatch(/hours worked/);
    } finally {
      second.close();
    }
    expect(existsSync(drafts) ? readdirSync(drafts) : []).toEqual([]);
    const runs = (await runCli(['runs', 'list', '--org', staff.orgId, '--status', 'draft', '--json'], { env })).json<{ id: string }[]>();
    expect(runs).toHaveLength(1);
    const shown = (await runCli(['runs', 'show', (runs[0] as { id: string }).id, '--org', staff.orgId, '--json'], { env })).json<RunJson>();
    expect(shown.payslips.map((p) => [p.employee_id, p.gross_pay])).toEqual([[staff.hourly, '2000.00']]);
    expect(shown.payslips[0]?.lines.find((l) => l.section === 'earnings')).toMatchObject({ wage_type_code: 'UK-E-002', amount: '2000.00' });
  });
});
