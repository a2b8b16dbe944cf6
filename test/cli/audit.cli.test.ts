/**
 * Issue 20 acceptance: "the audit log shows every write of a scripted session and nothing else". A clerk's session of
 * real `payroll` processes (writes, reads, refused writes, in between) is followed by `payroll audit --json`: it lists
 * exactly the session's successful writes, in the order they were made, as the clerk's OS user.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';

async function employerIn(database: string): Promise<GbSetup> {
  const store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('setup'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    return await gbEmployer(service, { employees: 2 });
  } finally {
    await store.close();
  }
}

interface Event {
  actor: string;
  action: string;
  resource_type: string;
  resource_id: string;
  occurred_at: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('payroll audit (CLI)', () => {
  it('lists every write of a scripted session, in order, and nothing else', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    const [ann, bob] = setup.employeeIds as [string, string];
    const org = setup.orgId;
    const ok = async (args: string[]) => {
      const result = await runCli([...args, '--json'], { env });
      expect(result.code, `payroll ${args.join(' ')}: ${result.stderr}`).toBe(0);
      return result.stdout.trim() === '' ? {} : result.json<Record<string, unknown>>();
    };
    const refused = async (args: string[], code: number) => expect((await runCli(args, { env })).code, `payroll ${args.join(' ')}`).toBe(code);

    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(runBody(setup, 1, ['2500.00', '3100.50'])));
    // The session: writes (w), reads and refusals in between.
    await ok(['employees', 'update', ann, '--org', org, '--last-name', 'Lee-Smith']); // w1
    await ok(['employees', 'list', '--org', org]);
    await refused(['employees', 'update', ann, '--org', org, '--row-version', '0', '--first-name', 'Stale'], 5);
    await ok(['pension', 'scheme', 'create', '--org', org, '--valid-from', '2025-04-06', '--name', 'Workplace', '--provider', 'OTHER', '--tax-treatment', 'RELIEF_AT_SOURCE', '--earnings', 'QUALIFYING_EARNINGS', '--employee-rate', '0.05', '--employer-rate', '0.03']); // w2
    await ok(['pension', 'enrol', bob, '--org', org, '--date', '2025-05-01', '--route', 'AUTO_ENROLLED', '--category', 'ELIGIBLE_JOBHOLDER', '--communication-date', '2025-05-01']); // w3
    await refused(['pension', 'enrol', bob, '--org', org, '--date', '2025-05-02', '--route', 'OPTED_IN', '--category', 'ELIGIBLE_JOBHOLDER'], 5);
    await ok(['pension', 'status', bob, '--org', org]);
    const run = await ok(['run-gb', '--org', org, '--input', file]); // w4
    await refused(['run-gb', '--org', org, '--input', file], 5);
    await ok(['runs', 'show', String(run.id), '--org', org]);
    await ok(['runs', 'approve', String(run.id), '--org', org, '--yes']); // w5
    await refused(['runs', 'discard', String(run.id), '--org', org, '--yes'], 5);
    await ok(['runs', 'pay', String(run.id), '--org', org, '--yes']); // w6
    await ok(['export', '--org', org, '--file', join(dir, 'export.json')]);

    const events = await ok(['audit', '--org', org]) as unknown as Event[];
    const setupRows = events.filter((e) => e.actor === 'local:setup');
    // The fixture's own writes come first: organization, calendar, group, two employees, the assignment.
    expect(setupRows.map((e) => e.resource_type)).toEqual(['organization', 'pay_calendar', 'pay_group', 'employee', 'employee', 'pay_group']);
    const session = events.slice(setupRows.length);
    const me = `local:${userInfo().username}`;
    expect(session.map((e) => [e.actor, e.resource_type, e.action])).toEqual([
      [me, 'employee', 'update'],
      [me, 'pension_scheme', 'create'],
      [me, 'pension_membership', 'enrol'],
      [me, 'payroll_run', 'create'],
      [me, 'payroll_run', 'approve'],
      [me, 'payroll_run', 'pay'],
    ]);
    expect(session[0]).toMatchObject({ resource_id: ann, before: { last_name: 'Test' }, after: { last_name: 'Lee-Smith' } });
    expect(session.slice(3).map((e) => e.resource_id)).toEqual([run.id, run.id, run.id]);
    const times = events.map((e) => e.occurred_at);
    expect([...times].sort()).toEqual(times);

    // Filters and the limit.
    expect((await ok(['audit', '--org', org, '--resource', 'payroll_run']) as unknown as Event[]).map((e) => e.action)).toEqual(['create', 'approve', 'pay']);
    expect((await ok(['audit', '--org', org, '--since', session[4]?.occurred_at as string]) as unknown as Event[]).map((e) => e.action)).toEqual(['approve', 'pay']);
    expect((await ok(['audit', '--org', org, '--limit', '2']) as unknown as Event[]).map((e) => e.resource_type)).toEqual(['organization', 'pay_calendar']);
    const table = await runCli(['audit', '--org', org, '-o', 'table'], { env });
    expect(table.stdout).toContain('last_name');
    const badSince = await runCli(['audit', '--org', org, '--since', 'last week'], { env });
    expect(badSince.code).toBe(3);
    expect(badSince.stderr).toMatch(/since/);
    expect((await runCli(['audit', '--org', org, '--limit', '0'], { env })).code).toBe(2);
  }, 900_000);
});
