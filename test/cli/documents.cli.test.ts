import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

type Env = NodeJS.ProcessEnv;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');

async function json<T>(args: string[], env: Env): Promise<T> {
  const result = await runCli([...args, '--json'], { env });
  expect(result.code, result.stderr).toBe(0);
  return result.json<T>();
}

async function setUp(env: Env, dir: string): Promise<{ org: string; employee: string; pdf: string }> {
  const org = (await json<{ id: string }>(['org', 'create', '--legal-name', 'Acme Ltd', '--country', 'GB'], env)).id;
  const employee = (await json<{ id: string }>(['employees', 'create', '--org', org, '--first-name', 'Ann', '--last-name', 'Lee', '--date-of-birth', '1990-01-01', '--start-date', '2024-01-01'], env)).id;
  const pdf = join(dir, 'Contract 2024.pdf');
  writeFileSync(pdf, PDF);
  return { org, employee, pdf };
}

describe('payroll documents (CLI)', () => {
  it('uploads a file in one go, taking name and media type from the file', async () => {
    const { env, dir } = cliSandbox();
    const { org, employee, pdf } = await setUp(env, dir);
    const result = await runCli(['documents', 'upload', pdf, '--org', org, '--type', 'contract', '--employee', employee, '--date', '2024-01-01', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('→ local ');
    expect(result.json()).toMatchObject({
      document_type: 'contract',
      document_name: 'Contract 2024.pdf',
      mime_type: 'application/pdf',
      employee_id: employee,
      status: 'active',
      file_size_bytes: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      document_date: '2024-01-01',
    });
  });

  it('lists an employee’s documents (endpoint 13) with filters, and downloads one', async () => {
    const { env, dir } = cliSandbox();
    const { org, employee, pdf } = await setUp(env, dir);
    const contract = await json<{ id: string }>(['documents', 'upload', pdf, '--org', org, '--type', 'contract', '--employee', employee], env);
    const payslip = await json<{ id: string }>(['documents', 'upload', pdf, '--org', org, '--type', 'payslip', '--employee', employee, '--name', 'May 2025.pdf'], env);
    await json(['documents', 'upload', pdf, '--org', org, '--type', 'other'], env);
    await json(['documents', 'archive', contract.id, '--org', org], env);
    const active = await json<{ id: string }[]>(['documents', 'list', '--org', org, '--employee', employee], env);
    expect(active.map((d) => d.id)).toEqual([payslip.id]);
    const all = await json<{ id: string }[]>(['documents', 'list', '--org', org, '--employee', employee, '--status', 'active,archived'], env);
    expect(all.map((d) => d.id)).toEqual([contract.id, payslip.id]);
    const table = await runCli(['documents', 'list', '--org', org, '--type', 'payslip', '-o', 'table'], { env });
    expect(table.stdout).toContain('May 2025.pdf');
    const paged = await runCli(['documents', 'list', '--org', org, '--size', '1', '--json'], { env });
    expect(paged.json<unknown[]>()).toHaveLength(1);
    expect(paged.stderr).toMatch(/1 of 2; next page: --cursor \S+/);
    const to = join(dir, 'copy.pdf');
    const saved = await runCli(['documents', 'download', payslip.id, '--org', org, '--to', to, '--json'], { env });
    expect(saved.code, saved.stderr).toBe(0);
    expect(readFileSync(to).equals(PDF)).toBe(true);
    expect((await runCli(['documents', 'download', payslip.id, '--org', org, '--to', to], { env })).code).toBe(2);
  });

  it('refuses a file that is not what its extension says (exit 3) and leaves no pending record', async () => {
    const { env, dir } = cliSandbox();
    const { org } = await setUp(env, dir);
    const fake = join(dir, 'scan.pdf');
    writeFileSync(fake, 'hello');
    const result = await runCli(['documents', 'upload', fake, '--org', org, '--type', 'other'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('not a PDF');
    expect(await json<unknown[]>(['documents', 'list', '--org', org, '--status', 'pending_upload'], env)).toEqual([]);
  });

  it('sets the logo in one step and refuses a PDF logo', async () => {
    const { env, dir } = cliSandbox();
    const { org, pdf } = await setUp(env, dir);
    const logo = join(dir, 'logo.png');
    writeFileSync(logo, PNG);
    const set = await json<{ id: string; document_type: string }>(['org', 'logo', 'set', logo, '--org', org], env);
    expect(set.document_type).toBe('org_logo');
    expect(await json<{ preferences: { logo_id: string } }>(['org', 'get', org], env)).toMatchObject({ preferences: { logo_id: set.id } });
    const refused = await runCli(['org', 'logo', 'set', pdf, '--org', org], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('an org_logo must be image/png, image/jpeg, image/svg+xml');
  });

  it('deletes only with --yes off a terminal, then the file is gone (exit 5 on download)', async () => {
    const { env, dir } = cliSandbox();
    const { org, pdf } = await setUp(env, dir);
    const document = await json<{ id: string }>(['documents', 'upload', pdf, '--org', org, '--type', 'other'], env);
    const unconfirmed = await runCli(['documents', 'delete', document.id, '--org', org], { env });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('pass --yes');
    expect(await json(['documents', 'delete', document.id, '--org', org, '--yes'], env)).toMatchObject({ status: 'deleted' });
    const gone = await runCli(['documents', 'download', document.id, '--org', org, '--to', '-'], { env });
    expect(gone.code).toBe(5);
    expect(gone.stderr).toContain('deleted');
  });

  it.each([
    [['documents', 'upload', '/no/such/file.pdf', '--org', 'o', '--type', 'other'], 2, /cannot read it/],
    [['documents', 'upload', 'README', '--org', 'o', '--type', 'other'], 2, /cannot read it|--mime-type/],
    [['documents', 'upload', 'x.pdf', '--org', 'o'], 2, /missing --type/],
    [['documents', 'list', '--org', 'o', '--page', '2'], 2, /does not apply to documents/],
  ])('payroll %j exits %i', async (args, code, message) => {
    const { env } = cliSandbox();
    const result = await runCli(args, { env });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
  });
});
