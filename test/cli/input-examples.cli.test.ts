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
    await ok(['run-gb', '--org', gb, '--input', file('run-gb.json')]);
    await ok(['run-de', '--input', file('run-de-request.json')]);
    ids.EMPLOYEE_ID = deEmployee;
    await ok(['run-de', '--org', de, '--period', '2026-01', '--input', file('run-de-items.json')]);
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
