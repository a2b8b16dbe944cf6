/** `payroll employees create --starter-declaration` (issue 16 point 5): the declaration is stored and decides the code. */
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

describe('employees create --starter-declaration (CLI)', () => {
  it('stores the declaration without a code, shows it in the list, and an explicit code still wins', async () => {
    const { env } = cliSandbox();
    const orgId = (await runCli(['org', 'create', '--legal-name', 'Starters Ltd', '--country', 'GB', '--json'], { env })).json<{ id: string }>().id;
    const base = ['employees', 'create', '--org', orgId, '--last-name', 'Test', '--date-of-birth', '1990-01-01', '--start-date', '2026-07-01', '--json'];
    const b = await runCli([...base, '--first-name', 'Bea', '--starter-declaration', 'b'], { env });
    expect(b.code, b.stderr).toBe(0);
    const gb = b.json<{ gb: Record<string, unknown> }>().gb;
    expect(gb.starter_declaration).toBe('B');
    expect(gb).not.toHaveProperty('tax_code');
    const coded = await runCli([...base, '--first-name', 'Cal', '--starter-declaration', 'C', '--tax-code', 'S1257L'], { env });
    expect(coded.json<{ gb: Record<string, unknown> }>().gb).toMatchObject({ tax_code: 'S1257L', starter_declaration: 'C' });
    const list = await runCli(['employees', 'list', '--org', orgId, '-o', 'csv'], { env });
    expect(list.stdout).toMatch(/Bea Test,.*,starter B,/);
    const bad = await runCli([...base, '--first-name', 'Dan', '--starter-declaration', 'D'], { env });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('starter_declaration');
  });
});
