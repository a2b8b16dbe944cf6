import { describe, expect, it } from 'vitest';
import { type CliResult, cliSandbox, runCli } from '../support/cli.js';
import { cliCommand, Terminal, tmuxMissing } from '../support/tmux.js';

/**
 * Issue 18 acceptance: "a tmux- or pty-driven test of an interactive run (bad amount re-asked, selects, default
 * period)". A clerk's data made with the CLI itself (two GB organizations and a German one, a monthly pay group of two
 * salaried employees, periods 1 and 2 of 2026-27 run, approved, period 1 paid), then `payroll run-gb` with no flags on a
 * real terminal: the organization and pay group are picked by name, the tax year and period 3 are preset (periods 1
 * and 2 are not offered), "abc" and "-5" are refused with the rule and asked again, and the stored run pays what was
 * typed. Monthly calendar from 6 April 2025: 2026-27 period 3 runs 6 June to 5 July 2026.
 */

const noTmux = tmuxMissing('interactive run-gb test (tmux)');

function ok(result: CliResult, what: string): CliResult {
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}): ${result.stderr}`);
  return result;
}

const idOf = (result: CliResult) => result.json<{ id: string }>().id;

describe.skipIf(noTmux !== null)('run-gb on a real terminal: selects by name, the next unrun period preset, each answer checked (tmux)', () => {
  it('picks the organization and pay group by name, presets 2026-27 period 3, re-asks "abc" and "-5", and stores the run typed', { timeout: 300_000 }, async () => {
    const { env } = cliSandbox();
    const cli = async (what: string, args: string[]) => ok(await runCli([...args, '--json'], { env }), what);
    // Sorted by name, Avon comes first: the test moves down to Thames, so the pick is by what is shown, not the default.
    await cli('org create Avon', ['org', 'create', '--legal-name', 'Avon Tools Ltd', '--country', 'GB']);
    const org = idOf(await cli('org create Thames', ['org', 'create', '--legal-name', 'Thames Bakery Ltd', '--country', 'GB']));
    await cli('org create Muster', ['org', 'create', '--legal-name', 'Muster GmbH', '--country', 'DE']);
    const calendar = idOf(await cli('pay-calendars create', ['pay-calendars', 'create', '--org', org, '--name', 'Monthly', '--frequency', 'monthly', '--first-period-start', '2025-04-06']));
    const group = idOf(await cli('pay-groups create', ['pay-groups', 'create', '--org', org, '--name', 'Bakers monthly', '--calendar', calendar]));
    const employee = (first: string, last: string, no: string, salary: string) =>
      cli(`employees create ${first}`, ['employees', 'create', '--org', org, '--first-name', first, '--last-name', last, '--date-of-birth', '1985-06-15', '--start-date', '2020-01-06', '--tax-code', '1257L', '--ni-category', 'A', '--payroll-number', no, '--salary', salary]).then(idOf);
    const hannah = await employee('Hannah', 'Baker', 'P001', '24000.00');
    const sam = await employee('Sam', 'Carter', 'P002', '30000.00');
    await cli('pay-groups assign', ['pay-groups', 'assign', group, '--org', org, '--employees', `${hannah},${sam}`]);
    for (const period of ['1', '2']) {
      const run = idOf(await cli(`run-gb period ${period}`, ['run-gb', '--org', org, '--pay-group', group, '--period', period, '--tax-year', '2026-27', '--approve', '--yes']));
      if (period === '1') await cli('pay period 1', ['runs', 'pay', run, '--org', org, '--yes']);
    }

    const term = new Terminal(cliCommand(env, ['run-gb']), { width: 200, height: 50 });
    try {
      // The organizations by name, GB only (run-gb pays GB organizations), Avon first.
      let screen = await term.waitFor(/Organization[\s\S]*Thames Bakery Ltd \(GB, /, 60_000);
      expect(screen).toMatch(/Avon Tools Ltd \(GB, [^)]+\)\n\s+Thames Bakery Ltd \(GB, /);
      expect(screen).not.toContain('Muster GmbH');
      term.send('Down', 'Enter');
      screen = await term.waitFor(/Pay group\s*\n.*Bakers monthly \(2 employees\)/);
      expect(screen).toMatch(/✔ Organization Thames Bakery Ltd/);
      term.send('Enter');
      // The tax year of the runs so far is preset; Enter takes it.
      await term.waitFor(/Tax year \(YYYY-YY\) \(2026-27\)/);
      term.send('Enter');
      screen = await term.waitFor(/Period of 2026-27[\s\S]*period 12:/);
      // Period 3 is preselected; the paid period 1 and the approved period 2 are not offered.
      expect(screen).toMatch(/❯ period 3: 2026-06-06 to 2026-07-05, pay date /);
      expect(screen).not.toMatch(/period [12]: /);
      term.send('Enter');

      await term.waitFor(/Hannah Baker \(.*\): basic pay this period \(UK-E-001; standing pay 2000\.00: type = to pay it; empty to skip\)/);
      term.type('abc');
      term.send('Enter');
      await term.waitFor(/must be an amount in pounds and pence, e\.g\. 2083\.33 \(digits, at most 2 decimal places\)/);
      term.send('C-u');
      term.type('-5');
      term.send('Enter');
      await term.waitFor(/must not be negative for Basic salary; use an adjustment wage type/);
      term.send('C-u');
      term.type('2100');
      term.send('Enter');
      await term.waitFor(/Hannah Baker: another earning as CODE=AMOUNT/);
      term.send('Enter');
      await term.waitFor(/Sam Carter \(.*\): basic pay this period \(UK-E-001; standing pay 2500\.00/);
      term.type('=');
      term.send('Enter');
      await term.waitFor(/Sam Carter: another earning as CODE=AMOUNT/);
      term.send('Enter');
      screen = await term.waitFor(/approve run .*\? \(y\/N\)/, 60_000);
      expect(screen).toMatch(/2026-27 period 3 \(tax period 3\)/);
      expect(screen).toMatch(/totals: gross 4600\.00/);
      term.type('n');
      term.send('Enter');
      screen = await term.waitFor(/EXIT=\d+/);
      expect(screen).toMatch(/EXIT=0/);
    } finally {
      term.close();
    }

    const drafts = (await cli('runs list', ['runs', 'list', '--org', org, '--status', 'draft'])).json<{ id: string; period_number: number; tax_year: string }[]>();
    expect(drafts.map((r) => [r.tax_year, r.period_number])).toEqual([['2026-27', 3]]);
    const run = (await cli('runs show', ['runs', 'show', (drafts[0] as { id: string }).id, '--org', org])).json<{ totals: { gross_pay: string }; payslips: { employee_id: string; gross_pay: string }[] }>();
    expect(Object.fromEntries(run.payslips.map((p) => [p.employee_id, p.gross_pay]))).toEqual({ [hannah]: '2100.00', [sam]: '2500.00' });
    expect(run.totals.gross_pay).toBe('4600.00');
  });

  it('employees create on a terminal: the organization picked by name, 1990-02-31, a start before birth, a bad NI number and tax code re-asked, nothing lost', { timeout: 300_000 }, async () => {
    const { env } = cliSandbox();
    const org = idOf(ok(await runCli(['org', 'create', '--legal-name', 'Severn Mills Ltd', '--country', 'GB', '--json'], { env }), 'org create'));
    const term = new Terminal(cliCommand(env, ['employees', 'create', '--json']), { width: 200, height: 50 });
    try {
      await term.waitFor(/Organization\s*\n.*Severn Mills Ltd \(GB, /, 60_000);
      term.send('Enter');
      const answer = async (question: RegExp, text: string) => {
        await term.waitFor(question);
        term.type(text);
        term.send('Enter');
      };
      const retry = async (rule: RegExp, text: string) => {
        await term.waitFor(rule);
        term.send('C-u');
        term.type(text);
        term.send('Enter');
      };
      await answer(/First name/, 'Ada');
      await answer(/Last name/, 'Lovelace');
      await answer(/Date of birth \(YYYY-MM-DD\)/, '1990-02-31');
      await retry(/must be a date in the form YYYY-MM-DD/, '1990-02-28');
      await answer(/Start date \(YYYY-MM-DD\)/, '1989-12-31');
      await retry(/must be after date_of_birth \(1990-02-28\)/, '2026-04-06');
      await answer(/NI number \(leave empty if not known yet\) \(optional\)/, 'QQ123456Z');
      await retry(/is not a valid National Insurance number/, 'AB123456C');
      await answer(/Tax code \(e\.g\. 1257L/, '1257Q');
      await term.waitFor(/Tax code[\s\S]*\n> .+/);
      term.send('C-u');
      term.type('1257L');
      term.send('Enter');
      await term.waitFor(/NI category/);
      term.send('Enter');
      const screen = await term.waitFor(/EXIT=\d+/, 60_000);
      expect(screen).toMatch(/EXIT=0/);
    } finally {
      term.close();
    }
    const list = ok(await runCli(['employees', 'list', '--org', org, '--json', '--reveal'], { env }), 'employees list').json<{ first_name: string; last_name: string; date_of_birth: string; start_date: string; gb: { ni_number: string; tax_code: string; ni_category: string } }[]>();
    expect(list.map((e) => [e.first_name, e.last_name, e.date_of_birth, e.start_date, e.gb.ni_number, e.gb.tax_code, e.gb.ni_category])).toEqual([['Ada', 'Lovelace', '1990-02-28', '2026-04-06', 'AB123456C', '1257L', 'A']]);
  });
});
