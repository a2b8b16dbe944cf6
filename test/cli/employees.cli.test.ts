import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

async function org(env: NodeJS.ProcessEnv, country: 'GB' | 'DE'): Promise<string> {
  const created = await runCli(['org', 'create', '--legal-name', `${country} Employer`, '--country', country, '--json'], { env });
  expect(created.code).toBe(0);
  return created.json<{ id: string }>().id;
}

const GB_FLAGS = ['--first-name', 'Ada', '--last-name', 'Lovelace', '--date-of-birth', '1990-12-10', '--start-date', '2025-04-06'];

describe('payroll employees (CLI)', () => {
  it('creates a GB employee from flags, masks the NI number, and lists it', async () => {
    const { env } = cliSandbox();
    const orgId = await org(env, 'GB');
    const created = await runCli(['employees', 'create', '--org', orgId, ...GB_FLAGS, '--ni-number', 'AB123456C', '--tax-code', '1257L M1', '--student-loans', '2,4', '--payroll-number', 'P-1', '--json'], { env });
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('→ local ');
    const employee = created.json<{ id: string; gb: Record<string, unknown> }>();
    expect(employee.gb).toMatchObject({ tax_code: '1257L', week1_month1: true, student_loan_plans: ['2', '4'], ni_number: '******56C' });
    const revealed = await runCli(['employees', 'get', employee.id, '--org', orgId, '--json', '--reveal'], { env });
    expect(revealed.json<{ gb: { ni_number: string } }>().gb.ni_number).toBe('AB123456C');
    const listed = await runCli(['employees', 'list', '--org', orgId, '--json'], { env });
    expect(listed.code).toBe(0);
    expect(listed.json<{ id: string; payroll_number: string }[]>().map((e) => [e.id, e.payroll_number])).toEqual([[employee.id, 'P-1']]);
    const csv = await runCli(['employees', 'list', '--org', orgId, '-o', 'csv'], { env });
    expect(csv.stdout.split('\n')[0]).toBe('id,payroll no.,name,status,started,left,tax,pay group');
    expect(csv.stdout).toContain('Ada Lovelace,active,2025-04-06,,1257L,');
  });

  it('creates a DE employee from --input with flags overriding fields of the de block', async () => {
    const { env, dir } = cliSandbox();
    const orgId = await org(env, 'DE');
    const file = join(dir, 'employee.json');
    writeFileSync(file, JSON.stringify({ first_name: 'Erika', last_name: 'Muster', date_of_birth: '1985-03-01', start_date: '2025-01-01', de: { tax_id: '86095742719', tax_class: 1, federal_state: 'Berlin' } }));
    const result = await runCli(['employees', 'create', '--org', orgId, '--input', file, '--tax-class', '4', '--factor', '0.9', '--last-name', 'Mustermann', '--json', '--reveal'], { env });
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ last_name: 'Mustermann', de: { tax_id: '86095742719', tax_class: 4, factor: '0.9', federal_state: 'Berlin' } });
  });

  it('sets every field a clerk keeps from flags: standing pay, the GB starter declaration, the DE insurance and levy fields (issue 18 point 2)', async () => {
    const { env } = cliSandbox();
    const gbOrg = await org(env, 'GB');
    const gb = await runCli(['employees', 'create', '--org', gbOrg, ...GB_FLAGS, '--salary', '32000.00', '--starter-declaration', 'b', '--json'], { env });
    expect(gb.code, gb.stderr).toBe(0);
    const gbEmployee = gb.json<{ id: string }>();
    expect(gb.json()).toMatchObject({ pay: { basis: 'salary', annual_salary: '32000.00', currency: 'GBP' }, gb: { starter_declaration: 'B' } });
    const hourly = await runCli(['employees', 'update', gbEmployee.id, '--org', gbOrg, '--hourly-rate', '13.50', '--hours-per-week', '20', '--json'], { env });
    expect(hourly.code, hourly.stderr).toBe(0);
    expect(hourly.json()).toMatchObject({ pay: { basis: 'hourly', hourly_rate: '13.50', hours_per_week: '20', currency: 'GBP' } });
    const both = await runCli(['employees', 'update', gbEmployee.id, '--org', gbOrg, '--salary', '1', '--hourly-rate', '2'], { env });
    expect(both.code).toBe(2);

    const deOrg = await org(env, 'DE');
    const de = await runCli(
      ['employees', 'create', '--org', deOrg, '--first-name', 'Lena', '--last-name', 'Hoffmann', '--date-of-birth', '2001-05-04', '--start-date', '2026-11-16',
        '--tax-class', '1', '--federal-state', 'Berlin', '--health-insurer', '15027365', '--sv-number', '65040501H004', '--children', '1.5', '--care-children', '2',
        '--zusatzbeitrag', '2.9', '--midi-job', '--u1-rate', '2.4', '--u2-rate', '0.44', '--previous-employment-pay', 'unknown', '--previous-employment-months', '4',
        '--hourly-rate', '15.00', '--hours-per-week', '20', '--json', '--reveal'],
      { env },
    );
    expect(de.code, de.stderr).toBe(0);
    expect(de.json()).toMatchObject({
      pay: { basis: 'hourly', hourly_rate: '15.00', hours_per_week: '20', currency: 'EUR' },
      de: { social_insurance_number: '65040501H004', child_allowances: '1.5', care_insurance_children: 2, is_parent: true, health_insurance_additional_rate: '2.9', is_midi_job: true, u1_rate: '2.4', u2_rate: '0.44', previous_employment_pay: null, previous_employment_months: 4 },
    });
    const wrongCountry = await runCli(['employees', 'create', '--org', deOrg, '--first-name', 'X', '--last-name', 'Y', '--date-of-birth', '2001-05-04', '--start-date', '2026-11-16', '--tax-class', '1', '--federal-state', 'Berlin', '--starter-declaration', 'A'], { env });
    expect(wrongCountry.code).toBe(2);
    expect(wrongCountry.stderr).toContain('--starter-declaration');
  });

  it('lists in pages, filters by status and follows every page with --all', async () => {
    const { env } = cliSandbox();
    const orgId = await org(env, 'GB');
    for (const name of ['Cole', 'Abel', 'Bond']) {
      expect((await runCli(['employees', 'create', '--org', orgId, '--first-name', 'X', '--last-name', name, '--date-of-birth', '1990-01-01', '--start-date', '2025-04-06', '--json'], { env })).code).toBe(0);
    }
    const first = await runCli(['employees', 'list', '--org', orgId, '--size', '2', '--sort-by', 'last_name', '--json'], { env });
    expect(first.json<{ last_name: string }[]>().map((e) => e.last_name)).toEqual(['Abel', 'Bond']);
    expect(first.stderr).toContain('next: --page 2');
    const all = await runCli(['employees', 'list', '--org', orgId, '--size', '2', '--sort-by', 'last_name', '--all', '--json'], { env });
    expect(all.json<{ last_name: string }[]>().map((e) => e.last_name)).toEqual(['Abel', 'Bond', 'Cole']);
    const abel = all.json<{ id: string }[]>()[0]?.id as string;
    expect((await runCli(['employees', 'leave', abel, '--org', orgId, '--leave-date', '2025-06-30'], { env })).code).toBe(2);
    expect((await runCli(['employees', 'leave', abel, '--org', orgId, '--leave-date', '2025-06-30', '--yes', '--json'], { env })).code).toBe(0);
    const left = await runCli(['employees', 'list', '--org', orgId, '--status', 'left', '--json'], { env });
    expect(left.json<{ id: string }[]>().map((e) => e.id)).toEqual([abel]);
    expect((await runCli(['employees', 'leave', abel, '--org', orgId, '--leave-date', '2025-07-31', '--yes'], { env })).code).toBe(5);
  });

  it('update changes single fields of the statutory block and exits 5 on a stale row_version', async () => {
    const { env } = cliSandbox();
    const orgId = await org(env, 'GB');
    const employee = (await runCli(['employees', 'create', '--org', orgId, ...GB_FLAGS, '--ni-number', 'AB123456C', '--json'], { env })).json<{ id: string }>();
    const updated = await runCli(['employees', 'update', employee.id, '--org', orgId, '--tax-code', 'K100', '--row-version', '0', '--json', '--reveal'], { env });
    expect(updated.code).toBe(0);
    expect(updated.json()).toMatchObject({ row_version: 1, gb: { tax_code: 'K100', ni_number: 'AB123456C' } });
    const stale = await runCli(['employees', 'update', employee.id, '--org', orgId, '--last-name', 'X', '--row-version', '0', '--json'], { env });
    expect(stale.code).toBe(5);
    expect(JSON.parse(stale.stderr)).toMatchObject({ error: { kind: 'conflict', code: 'EMPLOYEE.STALE_VERSION' } });
  });

  it.each([
    [['--ni-number', 'QQ123456C'], 3, /gb\.ni_number/],
    [['--tax-code', '1257P'], 3, /withdrawn/],
    [['--tax-class', '1'], 2, /--tax-class: organization .* is GB/],
  ])('create with %j exits %i', async (extra, code, message) => {
    const { env } = cliSandbox();
    const orgId = await org(env, 'GB');
    const result = await runCli(['employees', 'create', '--org', orgId, ...GB_FLAGS, ...extra], { env });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });

  it.each([
    [['employees', 'create', '--first-name', 'A'], 2, /missing --org/],
    [['employees', 'create', '--org', 'ORG', '--first-name', 'A', '--last-name', 'B', '--date-of-birth', '1990-01-01'], 2, /missing --start-date/],
    [['employees', 'create', '--org', 'no-such-org', ...GB_FLAGS], 6, /organization no-such-org was not found/],
    [['employees', 'get', 'nobody', '--org', 'no-such-org'], 6, /not found/],
    [['employees', 'list', '--org', 'no-such-org', '--size', '0'], 3, /size must be at least 1/],
  ])('payroll %j exits %i', async (args, code, message) => {
    const { env } = cliSandbox();
    const result = await runCli(args, { env });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });

  it('a DE employee without tax class off a terminal is a validation error naming body.de.tax_class', async () => {
    const { env } = cliSandbox();
    const orgId = await org(env, 'DE');
    const result = await runCli(['employees', 'create', '--org', orgId, '--first-name', 'E', '--last-name', 'M', '--date-of-birth', '1990-01-01', '--start-date', '2025-01-01', '--federal-state', 'Hessen', '--json'], { env });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr).error.issues.map((i: { loc: string[] }) => i.loc.join('.'))).toEqual(['body.de.tax_class']);
  });
});
