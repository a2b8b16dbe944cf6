import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

describe('payroll org (CLI)', () => {
  it('creates from flags, lists as JSON and names where it wrote', async () => {
    const { env } = cliSandbox();
    const created = await runCli(['org', 'create', '--legal-name', 'Acme Ltd', '--country', 'GB', '--address', '10 Downing Street, London SW1A 2AA', '-o', 'json'], { env });
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('→ local ');
    const org = created.json<{ id: string; address: { components: { postal_code: string; street_number: string } } }>();
    expect(org.address.components).toMatchObject({ postal_code: 'SW1A 2AA', street_number: '10' });
    const listed = await runCli(['org', 'list', '--json'], { env });
    expect(listed.code).toBe(0);
    expect(listed.json<{ id: string }[]>().map((o) => o.id)).toEqual([org.id]);
  });

  it('takes a body with --input and lets flags override fields', async () => {
    const { env, dir } = cliSandbox();
    const file = join(dir, 'org.json');
    writeFileSync(file, JSON.stringify({ legal_name: 'From File GmbH', country: 'DE', dba_name: 'Datei' }));
    const result = await runCli(['org', 'create', '--input', file, '--dba-name', 'Flag', '--json'], { env });
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ legal_name: 'From File GmbH', dba_name: 'Flag', country: 'DE' });
  });

  it('never coerces a JSON value of the wrong type: a number as the legal name is refused naming the field and the types (issue 18)', async () => {
    const { env, dir } = cliSandbox();
    const file = join(dir, 'org.json');
    writeFileSync(file, JSON.stringify({ legal_name: 12, country: 'GB', work_sites: 'Leeds' }));
    const result = await runCli(['org', 'create', '--input', file, '--json'], { env });
    expect(result.code).toBe(3);
    const issues = (JSON.parse(result.stderr) as { error: { issues: { loc: string[]; msg: string }[] } }).error.issues;
    expect(issues).toContainEqual(expect.objectContaining({ loc: ['body', 'legal_name'], msg: 'must be text, not a number' }));
    expect(issues).toContainEqual(expect.objectContaining({ loc: ['body', 'work_sites'], msg: 'must be a list, not text' }));
    expect((await runCli(['org', 'list', '--json'], { env })).json()).toEqual([]);
  });

  it.each([
    [['org', 'create', '--legal-name', 'X', '--country', 'FR'], 3, /country/],
    [['org', 'create', '--legal-name', 'X'], 2, /missing --country/],
    [['org', 'list', '--size', '101'], 3, /size must be at most 100/],
    [['org', 'get', 'no-such-org'], 6, /not found/],
    [['org', 'frobnicate'], 2, /unknown command/],
    [['org', 'create', '--input', '/no/such/file.json'], 2, /cannot read/],
  ])('payroll %j exits %i', async (args, code, message) => {
    const { env } = cliSandbox();
    const result = await runCli(args, { env });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });

  it('exits 5 on a stale row_version and prints JSON errors with --json', async () => {
    const { env } = cliSandbox();
    const org = (await runCli(['org', 'create', '--legal-name', 'V', '--country', 'DE', '--json'], { env })).json<{ id: string }>();
    expect((await runCli(['org', 'update', org.id, '--legal-name', 'V2', '--row-version', '0', '--json'], { env })).code).toBe(0);
    const stale = await runCli(['org', 'update', org.id, '--legal-name', 'V3', '--row-version', '0', '--json'], { env });
    expect(stale.code).toBe(5);
    expect(JSON.parse(stale.stderr)).toMatchObject({ error: { kind: 'conflict', code: 'ORGANIZATION.STALE_VERSION' } });
  });

  it('prints the exit codes', async () => {
    const { env } = cliSandbox();
    const result = await runCli(['help-exit-codes'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('130  interrupted');
  });
});
