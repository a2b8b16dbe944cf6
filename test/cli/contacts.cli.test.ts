import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

async function setup(): Promise<{ env: NodeJS.ProcessEnv; dir: string; orgId: string }> {
  const { env, dir } = cliSandbox();
  const created = await runCli(['org', 'create', '--legal-name', 'Acme Ltd', '--country', 'GB', '--json'], { env });
  return { env, dir, orgId: created.json<{ id: string }>().id };
}

interface BulkResult {
  total: number;
  succeeded: number;
  failed: number;
  unprocessed: number;
  data: { name: string }[];
  errors: { input_index: number; errors: { field: string; message: string }[] }[];
}

describe('payroll contacts (CLI)', () => {
  it('imports a clean file: exit 0, counts on stdout, where it wrote on stderr', async () => {
    const { env, dir, orgId } = await setup();
    const file = join(dir, 'contacts.json');
    writeFileSync(file, JSON.stringify([{ name: 'Anna', email: 'anna@example.com', roles: ['payroll'] }, { name: 'Ben' }]));
    const result = await runCli(['contacts', 'import', file, '--org', orgId, '--json'], { env });
    expect(result.code).toBe(0);
    expect(result.json<BulkResult>()).toMatchObject({ total: 2, succeeded: 2, failed: 0, unprocessed: 0, errors: [] });
    expect(result.stderr).toContain('→ local ');
    expect(result.stderr).toContain('2 contact(s): 2 created, 0 failed, 0 not processed');
  });

  it('imports a mixed file: the good records are kept, each failed one is printed with its index, exit 3', async () => {
    const { env, dir, orgId } = await setup();
    const file = join(dir, 'contacts.json');
    writeFileSync(file, JSON.stringify([{ name: 'Anna', email: 'anna@example.com' }, { name: '' }, { name: 'Dup', email: 'ANNA@example.com' }, { name: 'Cara', roles: ['hr'] }]));
    const table = await runCli(['contacts', 'import', file, '--org', orgId, '-o', 'table'], { env });
    expect(table.code).toBe(3);
    expect(table.stdout).toMatch(/│\s+4 │\s+2 │\s+2 │\s+0 │/);
    expect(table.stdout).toMatch(/│\s+1 │ name\s+│ is required/);
    expect(table.stdout).toMatch(/│\s+2 │ email\s+│ a contact with this e-mail address already exists/);
    expect(table.stderr).toContain('2 of 4 contact(s) failed');
    const listed = await runCli(['contacts', 'list', '--org', orgId, '--json'], { env });
    expect(listed.json<{ name: string }[]>().map((c) => c.name)).toEqual(['Anna', 'Cara']);
    // Importing the same file again: the e-mail addresses are now duplicates (only Cara, who has none, is created again).
    const again = await runCli(['contacts', 'import', file, '--org', orgId, '--json'], { env });
    expect(again.code).toBe(3);
    expect(again.json<BulkResult>()).toMatchObject({ total: 4, succeeded: 1, failed: 3 });
    expect(again.json<BulkResult>().errors.map((e) => e.input_index)).toEqual([0, 1, 2]);
    expect(JSON.parse(again.stderr.split('\n').filter((l) => l.startsWith('{')).at(-1) as string)).toMatchObject({ error: { code: 'CONTACT.IMPORT_PARTIAL', kind: 'validation' } });
  });

  it('reads CSV (name,email,phone,roles) and sends more than 100 records in batches, counting indexes from the file start', async () => {
    const { env, dir, orgId } = await setup();
    const lines = ['name,email,phone,roles'];
    for (let i = 0; i < 150; i += 1) lines.push(i === 120 ? '"Broken, Inc.",not-an-email,,' : `"Person ${i}",p${i}@example.com,+44 20 7946 ${String(1000 + i)},payroll;hr`);
    const file = join(dir, 'contacts.csv');
    writeFileSync(file, `${lines.join('\r\n')}\r\n`);
    const result = await runCli(['contacts', 'import', file, '--org', orgId, '--json'], { env });
    expect(result.code).toBe(3);
    const body = result.json<BulkResult>();
    expect(body).toMatchObject({ total: 150, succeeded: 149, failed: 1, unprocessed: 0 });
    expect(body.errors).toEqual([{ input_index: 120, errors: [expect.objectContaining({ field: 'email' })] }]);
    expect(result.stderr).toContain('records 101–150 of 150');
    const page = await runCli(['contacts', 'list', '--org', orgId, '--search', 'person 7', '--search-fields', 'name', '--size', '100', '--json'], { env });
    expect(page.json<{ name: string; roles: string[]; phone: { phone_number: string } }[]>()[0]).toMatchObject({ name: 'Person 7', roles: ['payroll', 'hr'], phone: { phone_number: '+44 20 7946 1007' } });
  });

  it.each([
    [['contacts', 'import', '/no/such/file.json', '--org', 'X'], 2, /cannot read/],
    [['contacts', 'import', 'FILE', '--org', 'no-such-org'], 6, /not found/],
    [['contacts', 'import', 'FILE'], 2, /missing --org/],
  ])('payroll %j exits %i', async (args, code, message) => {
    const { env, dir } = cliSandbox();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify([{ name: 'A' }]));
    const result = await runCli(args.map((a) => (a === 'FILE' ? file : a)), { env });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });

  it('a file that is not a list is a usage error; a bad CSV header names the column', async () => {
    const { env, dir, orgId } = await setup();
    const object = join(dir, 'one.json');
    writeFileSync(object, JSON.stringify({ name: 'A' }));
    const notList = await runCli(['contacts', 'import', object, '--org', orgId], { env });
    expect(notList.code).toBe(2);
    expect(notList.stderr).toMatch(/expected a JSON array/);
    const csv = join(dir, 'bad.csv');
    writeFileSync(csv, 'name,mobile\nA,123\n');
    const badHeader = await runCli(['contacts', 'import', csv, '--org', orgId], { env });
    expect(badHeader.code).toBe(2);
    expect(badHeader.stderr).toMatch(/unknown CSV column\(s\) mobile/);
  });

  it('updates a contact by id alone; "" clears the e-mail', async () => {
    const { env, dir, orgId } = await setup();
    const file = join(dir, 'c.json');
    writeFileSync(file, JSON.stringify([{ name: 'Anna', email: 'anna@example.com' }]));
    const imported = (await runCli(['contacts', 'import', file, '--org', orgId, '--json'], { env })).json<BulkResult & { data: { id: string }[] }>();
    const id = imported.data[0]?.id as string;
    const updated = await runCli(['contacts', 'update', id, '--name', 'Anna Smith', '--email', '', '--roles', 'payroll,signatory', '--json'], { env });
    expect(updated.code).toBe(0);
    expect(updated.json()).toMatchObject({ name: 'Anna Smith', email: null, roles: ['payroll', 'signatory'] });
    expect((await runCli(['contacts', 'update', 'no-such-contact', '--name', 'X'], { env })).code).toBe(6);
    expect((await runCli(['contacts', 'update', id, '--roles', 'boss'], { env })).code).toBe(3);
  });
});
