/**
 * `payroll explain` (issue 18 point 7) over the demo's stored runs, through bin/payroll.js: the figures of the
 * explanation are the stored payslip's (the last step of the tax is the payslip's tax, the taxable pay to date its
 * year to date; Germany's wage tax is the PAP's LSTLZZ in euros, its KV the base up to the ceiling), the employee is
 * named by payroll number, the table shows the HMRC / BMF names, and an unknown figure lists the valid ones.
 */
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

interface Step {
  step: number;
  flow: string;
  node: string;
  name: string;
  value: string | null;
  rule: string;
}
interface Explanation {
  figure: string;
  employee_id: string;
  payroll_number: string | null;
  payslip_value: string;
  explained: boolean;
  steps: Step[];
}

const valueOf = (e: Explanation, name: string, node?: string) => e.steps.filter((s) => s.name === name && (node === undefined || s.node === node)).at(-1)?.value;

describe('payroll explain (CLI)', () => {
  let env: NodeJS.ProcessEnv;
  let database: string;
  const ids: { gbOrg: string; gbRun: string; deOrg: string; deRun: string } = { gbOrg: '', gbRun: '', deOrg: '', deRun: '' };
  const cli = (args: string[]) => runCli([...args, '--db', database], { env });

  beforeAll(async () => {
    const sandbox = cliSandbox();
    env = sandbox.env;
    delete env.PAYROLL_DATABASE;
    const demo = await runCli(['demo', '-o', 'json'], { env });
    expect(demo.code, demo.stderr).toBe(0);
    database = join(sandbox.dir, 'data', 'payroll', 'demo.db');
    const orgs = (await cli(['org', 'list', '-o', 'json'])).json<{ id: string; country: string }[]>();
    ids.gbOrg = (orgs.find((o) => o.country === 'GB') as { id: string }).id;
    ids.deOrg = (orgs.find((o) => o.country === 'DE') as { id: string }).id;
    const gbRuns = (await cli(['runs', 'list', '--org', ids.gbOrg, '--size', '20', '-o', 'json'])).json<{ id: string; period_number: number }[]>();
    ids.gbRun = (gbRuns.sort((a, b) => b.period_number - a.period_number)[0] as { id: string }).id;
    const deRuns = (await cli(['runs', 'list', '--org', ids.deOrg, '--size', '20', '-o', 'json'])).json<{ id: string; month: string }[]>();
    ids.deRun = (deRuns.find((r) => r.month === '2026-11') as { id: string }).id;
  }, 600_000);

  it('explains a British tax, NI, student loan and pension with the stored payslip’s figures', async () => {
    const tax = await cli(['explain', ids.gbRun, '--org', ids.gbOrg, '--employee', 'GB-001', '--json']);
    expect(tax.code, tax.stderr).toBe(0);
    const e = tax.json<Explanation>();
    const show = await cli(['runs', 'show', ids.gbRun, '--org', ids.gbOrg, '--employee', e.employee_id, '-o', 'json']);
    const slip = show.json<Record<string, string>>();
    expect(e).toMatchObject({ figure: 'tax', payroll_number: 'GB-001', explained: true, payslip_value: slip.tax });
    expect(valueOf(e, 'tax', 'tax')).toBe(slip.tax);
    expect(e.steps.at(-1)).toMatchObject({ name: 'tax_paid_to_date', value: slip.tax_paid_to_date });
    expect(valueOf(e, 'taxable_pay_to_date')).toBe(slip.taxable_pay_to_date);
    expect(valueOf(e, 'tax_code')).toBe('1257L');
    expect(valueOf(e, 'free_pay')).toEqual(expect.stringMatching(/^\d+\.\d\d$/));

    const ni = (await cli(['explain', ids.gbRun, '--org', ids.gbOrg, '--employee', 'GB-001', '--figure', 'ni', '--json'])).json<Explanation>();
    expect(valueOf(ni, 'employee_ni')).toBe(slip.employee_ni);
    expect(valueOf(ni, 'earnings_pt_to_uel')).toBe(slip.ni_earnings_pt_to_uel);
    expect(valueOf(ni, 'PT')).toEqual(expect.stringMatching(/^\d+\.00$/));

    const loan = (await cli(['explain', ids.gbRun, '--org', ids.gbOrg, '--employee', 'GB-001', '--figure', 'student_loan', '--json'])).json<Explanation>();
    expect(loan.payslip_value).toBe(slip.student_loan);
    expect(valueOf(loan, 'deduction')).toBe(slip.student_loan);
    expect(valueOf(loan, 'annual_threshold')).toEqual(expect.stringMatching(/^\d+\.00$/));
    expect(valueOf(loan, 'rate')).toBe('0.09');

    const pension = (await cli(['explain', ids.gbRun, '--org', ids.gbOrg, '--employee', 'GB-001', '--figure', 'pension', '--json'])).json<Explanation>();
    expect(valueOf(pension, 'employee_deduction')).toBe(slip.pension_employee_deduction);
    expect(valueOf(pension, 'qualifying_earnings')).toBe(slip.pensionable_earnings);

    // The table: step, the HMRC name, value, meaning and rule.
    const table = await cli(['explain', ids.gbRun, '--org', ids.gbOrg, '--employee', 'GB-001', '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/│ taxable_pay_to_date +│ [\d.]+ +│ taxable pay to date including this period +│/);
    expect(table.stdout).toContain('Specification for PAYE tax table routines');
    expect(table.stderr).toContain(`tax of employee GB-001 (${e.employee_id}) in run ${ids.gbRun}: ${slip.tax} on the payslip`);
  }, 600_000);

  it('explains a German wage tax by the PAP’s BMF names and the KV from the base, ceiling and rates', async () => {
    const result = await cli(['explain', ids.deRun, '--org', ids.deOrg, '--employee', 'DE-001', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const e = result.json<Explanation>();
    const slip = (await cli(['runs', 'show', ids.deRun, '--org', ids.deOrg, '--employee', e.employee_id, '-o', 'json'])).json<{ current_pay_period: { employee: { taxes: Record<string, string>; insurance: Record<string, string> } } }>();
    const taxes = slip.current_pay_period.employee.taxes;
    expect(e).toMatchObject({ figure: 'wage_tax', payroll_number: 'DE-001', explained: true, payslip_value: taxes.income_tax });
    expect(e.steps.at(-1)).toMatchObject({ name: 'Lohnsteuer', value: taxes.income_tax });
    for (const name of ['ZRE4J', 'ZRE4', 'ZVBEZ', 'ZTABFB', 'VSP', 'ZVE', 'X', 'ST', 'LSTJAHR', 'LSTLZZ', 'SOLZLZZ', 'BK', 'STS']) expect(valueOf(e, name), name).toEqual(expect.any(String));
    // November pays a Weihnachtsgeld: its tax STS comes from MSONST; LSTLZZ + STS in cents is the payslip's wage tax.
    const lstlzz = valueOf(e, 'LSTLZZ', 'WAGE_TAX') as string;
    const sts = valueOf(e, 'STS', 'WAGE_TAX') as string;
    expect(sts).not.toBe('0');
    expect(new Decimal(lstlzz).plus(sts).div(100).toFixed(2)).toBe(taxes.income_tax);

    const kv = (await cli(['explain', ids.deRun, '--org', ids.deOrg, '--employee', 'DE-001', '--figure', 'kv', '-o', 'json'])).json<Explanation>();
    expect(kv.payslip_value).toBe(slip.current_pay_period.employee.insurance.health_insurance);
    expect(valueOf(kv, 'Arbeitnehmer')).toBe(kv.payslip_value);
    expect(valueOf(kv, 'BBG_KV_PV_Jahr')).toBe('69750.00');
    expect(valueOf(kv, 'BBG_KV_PV')).toBe('5812.50');

    const table = await cli(['explain', ids.deRun, '--org', ids.deOrg, '--employee', 'DE-001', '--figure', 'wage_tax', '-o', 'table']);
    expect(table.stdout).toMatch(/│ ZVE +│ [\d.]+ +│ zu versteuerndes Einkommen/);
    expect(table.stdout).toContain('PAP MLSTJAHR');
  }, 600_000);

  it('refuses an unknown figure listing the figures of the organization’s country', async () => {
    const gb = await cli(['explain', ids.gbRun, '--org', ids.gbOrg, '--employee', 'GB-001', '--figure', 'kv']);
    expect(gb.code).not.toBe(0);
    expect(gb.stderr).toContain('unknown figure "kv"; a GB payslip explains: tax, ni, student_loan, postgraduate_loan, pension');
    const de = await cli(['explain', ids.deRun, '--org', ids.deOrg, '--employee', 'DE-001', '--figure', 'tax']);
    expect(de.code).not.toBe(0);
    expect(de.stderr).toContain('a German payslip explains: wage_tax, soli, church_tax, kv, pv, rv, av, levies');
  }, 600_000);
});
