/**
 * Every `--input` example under fixtures/examples (issue 18 point 2: "--help of --input commands names a file under
 * fixtures/ showing the shape") is run through its real command, so the examples clerks copy stay valid; and every
 * command taking --input names such a file in its help.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli, type CliResult } from '../support/cli.js';

const EXAMPLES = fileURLToPath(new URL('../../fixtures/examples/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('fixtures/examples', () => {
  it('every example goes through its command on a fresh store', async () => {
    const { env, dir } = cliSandbox();
    const ids: Record<string, string> = {};
    /** The example with the store's ids put in for the <PLACEHOLDERS>, as a file. */
    const file = (name: string): string => {
      let text = readFileSync(join(EXAMPLES, name), 'utf8');
      for (const [key, value] of Object.entries(ids)) text = text.replaceAll(`<${key}>`, value);
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    };
    const ok = async (args: string[]): Promise<CliResult> => {
      const result = await runCli([...args, '--json'], { env });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
      return result;
    };
    const id = (result: CliResult): string => result.json<{ id: string }>().id;

    const de = id(await ok(['org', 'create', '--input', join(ROOT, 'fixtures/demo/de-organization.json')]));
    const gb = id(await ok(['org', 'create', '--input', join(ROOT, 'fixtures/demo/gb-organization.json')]));
    const deEmployee = id(await ok(['employees', 'create', '--org', de, '--input', file('employee-de.json')]));
    const gbEmployee = id(await ok(['employees', 'create', '--org', gb, '--input', file('employee-gb.json')]));
    await ok(['bank-accounts', 'add', '--org', de, '--employee', deEmployee, '--input', file('bank-account.json')]);
    const added = await ok(['bank-accounts', 'add-many', '--org', de, '--input', file('bank-accounts.json')]);
    expect(added.stdout).toContain('"is_primary"');
    ids.BANK_ACCOUNT_ID = ((await ok(['bank-accounts', 'list', '--org', de])).json<{ id: string }[]>()[0] as { id: string }).id;
    await ok(['contacts', 'import', file('contacts.json'), '--org', de]);
    const addressId = ((await ok(['org', 'get', de])).json<{ address: { id: string } }>()).address.id;
    await ok(['addresses', 'set', addressId, '--org', de, '--input', file('address.json')]);
    const worksite = id(await ok(['worksites', 'create', '--org', de, '--input', file('worksite.json')]));
    await ok(['worksites', 'insurance-details', 'add', '--org', de, '--worksite', worksite, '--input', file('worksite-insurance-details.json')]);
    await ok(['sepa-mandates', 'create', '--org', de, '--input', file('sepa-mandate.json')]);
    ids.PAY_CALENDAR_ID = id(await ok(['pay-calendars', 'create', '--org', gb, '--input', file('pay-calendar.json')]));
    ids.PAY_GROUP_ID = id(await ok(['pay-groups', 'create', '--org', gb, '--input', file('pay-group.json')]));
    ids.EMPLOYEE_ID = gbEmployee;
    await ok(['pay-groups', 'assign', ids.PAY_GROUP_ID, '--org', gb, '--input', file('pay-group-assign.json')]);
    await ok(['pension', 'scheme', 'create', '--org', gb, '--input', file('pension-scheme.json')]);
    await ok(['pension', 'enrol', gbEmployee, '--org', gb, '--input', file('pension-enrol.json')]);
    await ok(['absences', 'add', '--org', gb, '--employee', gbEmployee, '--input', file('absence-sickness.json')]);
    const gbRun = id(await ok(['run-gb', '--org', gb, '--input', file('run-gb.json')]));
    await ok(['run-de', '--input', file('run-de-request.json')]);
    ids.EMPLOYEE_ID = deEmployee;
    const deRun = id(await ok(['run-de', '--org', de, '--period', '2026-01', '--input', file('run-de-items.json')]));

    // The changes examples (CSV and JSON, both countries) on the next unrun period, each checked by its figures.
    type GbSlip = { gross_pay: string; lines: { section: string; wage_type_code: string; amount: string }[] };
    await ok(['runs', 'approve', gbRun, '--org', gb, '--yes']);
    const gbCsv = (await ok(['run-gb', '--org', gb, '--pay-group', ids.PAY_GROUP_ID, '--changes', file('run-gb-changes.csv')])).json<{ id: string; period_number: number; payslips: GbSlip[] }>();
    // GB-001: UK-E-001 2,750.00 instead of 38,000 ÷ 12, plus a 500.00 bonus; the union subscription is a deduction.
    expect(gbCsv.period_number).toBe(2);
    expect(gbCsv.payslips[0]?.gross_pay).toBe('3250.00');
    expect(gbCsv.payslips[0]?.lines.filter((l) => l.section === 'deductions').map((l) => [l.wage_type_code, l.amount])).toContainEqual(['UK-D-005', '12.50']);
    await ok(['runs', 'discard', gbCsv.id, '--org', gb, '--yes']);
    const gbJson = (await ok(['run-gb', '--org', gb, '--pay-group', ids.PAY_GROUP_ID, '--changes', file('run-gb-changes.json')])).json<{ payslips: GbSlip[] }>();
    // 3,166.67 standing salary + 500.00 bonus + 10 h × 18.00 overtime; the 42.80 expenses are not pay.
    expect(gbJson.payslips[0]?.gross_pay).toBe('3846.67');
    await ok(['runs', 'approve', deRun, '--org', de, '--yes']);
    type DeRunJson = { id: string; month: string; payslips: { current_pay_period: { employee: { totals: { total_gross_wages: string } } } }[] };
    const deCsv = (await ok(['run-de', '--org', de, '--changes', file('run-de-changes.csv')])).json<DeRunJson>();
    // DE-001: salary 4,200.00 instead of 54,000 ÷ 12, plus 1,500.00 Weihnachtsgeld.
    expect(deCsv.month).toBe('2026-02');
    expect(deCsv.payslips[0]?.current_pay_period.employee.totals.total_gross_wages).toBe('5700.00');
    await ok(['runs', 'discard', deCsv.id, '--org', de, '--yes']);
    const deJson = (await ok(['run-de', '--org', de, '--changes', file('run-de-changes.json')])).json<DeRunJson>();
    // 4,500.00 standing salary + 320.00 overtime + the 50.00 benefit in kind; the 35.90 reimbursement is not wages.
    expect(deJson.payslips[0]?.current_pay_period.employee.totals.total_gross_wages).toBe('4870.00');
  });

  it('every command that takes --input names an existing example file in its help', async () => {
    const { env } = cliSandbox();
    const commands = [
      ['org', 'create'], ['employees', 'create'], ['bank-accounts', 'add'], ['bank-accounts', 'add-many'], ['contacts', 'import'], ['addresses', 'set'],
      ['worksites', 'create'], ['worksites', 'insurance-details', 'add'], ['sepa-mandates', 'create'], ['pay-calendars', 'create'], ['pay-groups', 'create'],
      ['pay-groups', 'assign'], ['pension', 'scheme', 'create'], ['pension', 'enrol'], ['run-gb'], ['run-de'], ['absences', 'add'],
    ];
    for (const command of commands) {
      const help = await runCli([...command, '--help'], { env });
      const named = [...help.stdout.replace(/\s+/g, ' ').matchAll(/fixtures\/(?:examples|demo)\/[\w.-]+\.json/g)].map((m) => m[0]);
      expect(named.length, command.join(' ')).toBeGreaterThan(0);
      for (const path of named) expect(existsSync(join(ROOT, path)), path).toBe(true);
    }
  });
});
