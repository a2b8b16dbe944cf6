import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

/** `payroll import` exit codes (design/cli.md): 3 for a record create/update would refuse, 5 for history it would rewrite. */
describe('payroll import (CLI)', () => {
  async function exported(env: NodeJS.ProcessEnv, dir: string) {
    const org = (await runCli(['org', 'create', '--legal-name', 'Import Ltd', '--country', 'GB', '--json'], { env })).json<{ id: string }>();
    const file = join(dir, 'export.json');
    expect((await runCli(['export', '--org', org.id, '--file', file], { env })).code).toBe(0);
    return { orgId: org.id, file, document: JSON.parse(readFileSync(file, 'utf8')) as { tables: Record<string, Record<string, unknown>[]> } };
  }

  it('exits 3 naming table, record (from 1) and field for content create would refuse, and writes nothing', async () => {
    const { env, dir } = cliSandbox();
    const { orgId, file, document } = await exported(env, dir);
    document.tables.organizations![0]!.country = 'Atlantis';
    document.tables.organizations![0]!.legal_name = 'Changed Ltd';
    writeFileSync(file, JSON.stringify(document));
    const result = await runCli(['import', file, '--json'], { env });
    expect(result.code).toBe(3);
    const body = JSON.parse(result.stderr) as { error: { kind: string; code: string; issues: { loc: string[]; msg: string }[] } };
    expect(body.error).toMatchObject({ kind: 'validation', code: 'IMPORT.INVALID' });
    expect(body.error.issues).toContainEqual({ loc: ['body', 'tables', 'organizations', '1', 'country'], msg: 'record 1 of organizations: must be GB or DE', type: 'invalid_value' });
    expect((await runCli(['org', 'get', orgId, '--json'], { env })).json<{ legal_name: string }>().legal_name).toBe('Import Ltd');
  });

  it('exits 5 for an export older than a later edit, keeping the edit; the same export twice is "no changes"', async () => {
    const { env, dir } = cliSandbox();
    const { orgId, file } = await exported(env, dir);
    const same = await runCli(['import', file, '-o', 'table'], { env });
    expect(same.code).toBe(0);
    expect(same.stderr).toContain('no changes');
    expect((await runCli(['org', 'update', orgId, '--legal-name', 'Later Ltd', '--json'], { env })).code).toBe(0);
    const stale = await runCli(['import', file], { env });
    expect(stale.code).toBe(5);
    expect(stale.stderr).toContain(`organizations ${orgId} (record 1 of organizations) differs from this store in legal_name`);
    expect(stale.stderr).toContain('row_version 0');
    expect((await runCli(['org', 'get', orgId, '--json'], { env })).json<{ legal_name: string }>().legal_name).toBe('Later Ltd');
  });
});
