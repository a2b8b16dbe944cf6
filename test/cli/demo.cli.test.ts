/**
 * `payroll demo` (the README's first command): a German employer's year through stored, approved monthly runs with a
 * Weihnachtsgeld in November and a starter on 16 November, the payroll account of one employee, and the British
 * employer's months. The figures are checked where the demo's own inputs decide them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

describe('payroll demo', () => {
  it('runs the German year as stored approved runs and prints one employee’s payroll account', async () => {
    const { env, dir } = cliSandbox();
    delete env.PAYROLL_DATABASE;
    const demo = await runCli(['demo', '-o', 'table'], { env });
    expect(demo.code, demo.stderr).toBe(0);
    const text = demo.stdout + demo.stderr;
    expect(text).toContain('== German payroll 2026-01 to 2026-11 as stored monthly runs, each approved');
    expect(text).toContain('11 monthly runs approved; November pays a Weihnachtsgeld');
    expect(text).toContain('== Payroll account (Lohnkonto) 2026 of Anna Schmidt');
    // Anna: 54,000 € a year = 4,500.00 a month; November adds half a month as Weihnachtsgeld: 6,750.00, and the
    // year to date after November is 10 × 4,500 + 6,750 = 51,750.00.
    expect(text).toMatch(/2026-11 +│ month +│ +6750\.00 │/);
    expect(text).toMatch(/2026-11 +│ year to date +│ +51750\.00 │/);
    // The minijobber who starts on 16 November: 15 SV-Tage in her first month.
    expect(text).toMatch(/│ +271\.05 │.*│ +15 │/);

    const database = join(dir, 'data', 'payroll', 'demo.db');
    const orgs = await runCli(['org', 'list', '--db', database, '-o', 'json'], { env });
    const german = orgs.json<{ id: string; country: string }[]>().find((o) => o.country === 'DE');
    expect(german).toBeDefined();
    const runs = await runCli(['runs', 'list', '--org', (german as { id: string }).id, '--db', database, '--size', '20', '-o', 'json'], { env });
    expect(runs.code, runs.stderr).toBe(0);
    const listed = runs.json<{ month: string; status: string }[]>();
    expect(listed.map((r) => r.status)).toEqual(Array(11).fill('approved'));
    expect(listed.map((r) => r.month).sort()).toEqual(Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`));

    // Tables and CSV name the employees; JSON keeps their ids (issue 18 point 3).
    const november = (listed as unknown as { id: string; month: string }[]).find((r) => r.month === '2026-11') as { id: string };
    const csv = await runCli(['runs', 'show', november.id, '--org', (german as { id: string }).id, '--db', database, '-o', 'csv'], { env });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split('\n')[1]).toMatch(/^Anna Schmidt \(DE-001\),6750\.00,/);
    const json = await runCli(['runs', 'show', november.id, '--org', (german as { id: string }).id, '--db', database, '-o', 'json'], { env });
    expect(json.json<{ payslips: { employee_id: string }[] }>().payslips[0]?.employee_id).toMatch(/^[0-9a-f-]{36}$/);
    const table = await runCli(['runs', 'show', november.id, '--org', (german as { id: string }).id, '--db', database, '-o', 'table'], { env });
    expect(table.stderr).toContain('approved, 2026-11, pay date 2026-11-30, 5 employees');

    // November's outputs: the SEPA credit transfer of its net pay and the Entgeltbescheinigungen (issue 15, OUT9).
    const output = join(dir, 'data', 'payroll', 'demo-output');
    const sepa = readdirSync(output).find((name) => name === `sepa-2026-11-${november.id}.xml`);
    expect(sepa, readdirSync(output).join(', ')).toBeDefined();
    const xml = readFileSync(join(output, sepa as string), 'utf8');
    const totals = json.json<{ totals: { net_pay: string } }>().totals;
    expect(xml).toContain(`<CtrlSum>${totals.net_pay}</CtrlSum>`);
    expect(xml.match(/<CdtTrfTxInf>/g)).toHaveLength(5);
    expect(text).toContain(join(output, sepa as string));
    expect(existsSync(join(output, 'payslips', 'payslip-2026-11-DE-001.pdf'))).toBe(true);
  });
});

describe('runs show --employee', () => {
  it('is payslip-shaped for both countries: header, earnings, deductions, net, employer costs, year to date', async () => {
    const { env, dir } = cliSandbox();
    delete env.PAYROLL_DATABASE;
    expect((await runCli(['demo', '-o', 'json'], { env })).code).toBe(0);
    const database = join(dir, 'data', 'payroll', 'demo.db');
    const orgs = (await runCli(['org', 'list', '--db', database, '-o', 'json'], { env })).json<{ id: string; country: string }[]>();
    for (const country of ['GB', 'DE']) {
      const org = (orgs.find((o) => o.country === country) as { id: string }).id;
      const runs = (await runCli(['runs', 'list', '--org', org, '--db', database, '--size', '20', '-o', 'json'], { env })).json<{ id: string }[]>();
      const last = runs[runs.length - 1] as { id: string };
      const run = (await runCli(['runs', 'show', last.id, '--org', org, '--db', database, '-o', 'json'], { env })).json<{ payslips: { employee_id: string }[] }>();
      const employee = run.payslips[0]?.employee_id as string;
      const csv = await runCli(['runs', 'show', last.id, '--org', org, '--db', database, '--employee', employee, '-o', 'csv'], { env });
      expect(csv.code, csv.stderr).toBe(0);
      const rows = csv.stdout.trim().split('\n').slice(1).map((line) => line.split(','));
      const parts = [...new Set(rows.map((r) => r[0]))];
      expect(parts.slice(0, 2)).toEqual(['employee', 'period']);
      for (const part of ['earnings', 'deductions', 'net pay', 'employer', 'year to date']) expect(parts.some((p) => p?.startsWith(part.split(' ')[0] as string)), `${country}: ${part}`).toBe(true);
      expect(rows[0]?.[1]).toMatch(country === 'GB' ? /^Oliver Bennett \(GB-001\)$/ : /^Anna Schmidt \(DE-001\)$/);
      if (country === 'DE') {
        expect(rows).toContainEqual(['earnings', 'gross pay', '6750.00']);
        expect(rows).toContainEqual(['year to date', 'employee totals total gross wages', '51750.00']);
      } else {
        expect(rows.filter((r) => r[0] === 'employer' && /National Insurance/.test(r[1] as string))).toHaveLength(1);
      }
    }
  });
});
