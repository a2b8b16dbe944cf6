/**
 * Issue 18 acceptance: "a scripted British month and German month in the README, each three commands or fewer after
 * the employees exist, with no JSON written by hand". The README's own blocks are run as written (through `sh -e`,
 * with `payroll` on the PATH as the real launcher), so the README cannot drift from what works.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore } from '../../src/store/database.js';
import { BIN, cliSandbox, runCli } from '../support/cli.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const fixture = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../../fixtures/demo/${name}`, import.meta.url), 'utf8')) as T;

/** The ```sh block after the paragraph starting with `lead`. */
function block(lead: string): string {
  const at = README.indexOf(lead);
  expect(at, lead).toBeGreaterThan(-1);
  const start = README.indexOf('```sh\n', at) + '```sh\n'.length;
  return README.slice(start, README.indexOf('```', start));
}

async function withService<T>(database: string, work: (service: PayrollService) => Promise<T>): Promise<T> {
  const store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    return await work(service);
  } finally {
    await store.close();
  }
}

/** The demo's employer, employees and their bank accounts. */
async function employer(service: PayrollService, country: 'gb' | 'de'): Promise<string> {
  const org = await service.createOrganization(fixture(`${country}-organization.json`));
  for (const employee of fixture<Record<string, unknown>[]>(`${country}-employees.json`)) await service.createEmployee(org.id, employee);
  const accounts = fixture<Record<string, unknown>>(`${country}-bank-accounts.json`);
  for (const e of (await service.listEmployees(org.id, { size: 100 })).items) {
    const account = e.payroll_number ? accounts[e.payroll_number] : undefined;
    if (account) await service.createEmployeeBankAccount(org.id, e.id, account);
  }
  return org.id;
}

/** Runs a README block with `payroll` on the PATH in `cwd`. */
function script(text: string, env: NodeJS.ProcessEnv, cwd: string, vars: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const bin = join(cwd, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'payroll'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'payroll'), 0o755);
  const result = spawnSync('sh', ['-e', '-c', `${text}\necho "RUN=$RUN"`], { cwd, env: { ...env, ...vars, PATH: `${bin}:${env.PATH ?? ''}` }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('README: a month without JSON', () => {
  it('the British month: three commands, the next unrun period, a bonus, payslips and the Bacs file', async () => {
    const text = block('A British month');
    expect(text.trim().split('\n')).toHaveLength(3);
    const { env, dir } = cliSandbox();
    const { org, group } = await withService(env.PAYROLL_DATABASE as string, async (service) => {
      const orgId = await employer(service, 'gb');
      const calendar = await service.createPayCalendar(orgId, { name: 'Monthly', frequency: 'monthly', first_period_start: '2026-04-06' });
      const payGroup = await service.createPayGroup(orgId, { name: 'Monthly staff', pay_calendar_id: calendar.id });
      await service.assignEmployees(orgId, payGroup.id, { employee_ids: (await service.listEmployees(orgId, { size: 100 })).items.map((e) => e.id) });
      return { org: orgId, group: payGroup.id };
    });
    // April is paid already, so the next unrun period is May whatever today is.
    expect((await runCli(['run-gb', '--org', org, '--pay-group', group, '--period', '1', '--tax-year', '2026-27', '--approve', '--yes', '-q'], { env })).code).toBe(0);

    const ran = script(text, env, dir, { ORG: org, PAY_GROUP: group });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stderr).toContain('period: 2026-27 period 2');
    const runId = /RUN=(\S+)/.exec(ran.stdout)?.[1] as string;
    const run = (await runCli(['runs', 'show', runId, '--org', org, '--json'], { env })).json<{ status: string; period_number: number; payslips: { employee_id: string; gross_pay: string; net_pay: string }[]; totals: { net_pay: string } }>();
    expect(run).toMatchObject({ status: 'approved', period_number: 2 });
    const amelia = (await runCli(['employees', 'list', '--org', org, '--json'], { env })).json<{ id: string; payroll_number: string }[]>().find((e) => e.payroll_number === 'GB-002') as { id: string };
    // GB-002: £52,000 ÷ 12 = £4,333.33, plus the £500 bonus.
    expect(run.payslips.find((p) => p.employee_id === amelia.id)?.gross_pay).toBe('4833.33');
    expect(readdirSync(join(dir, 'payslips')).length).toBe(run.payslips.length);
    expect(readFileSync(join(dir, 'bacs.txt'), 'utf8').length).toBeGreaterThan(0);
  }, 300_000);

  it('the German month: three commands, the next unrun month, Weihnachtsgeld, Entgeltbescheinigungen and the SEPA file', async () => {
    const text = block('A German month');
    expect(text.trim().split('\n')).toHaveLength(3);
    const { env, dir } = cliSandbox();
    const org = await withService(env.PAYROLL_DATABASE as string, (service) => employer(service, 'de'));
    expect((await runCli(['run-de', '--org', org, '--period', '2026-01', '--approve', '--yes', '-q'], { env })).code).toBe(0);

    const ran = script(text, env, dir, { ORG: org });
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stderr).toContain('period: 2026-02');
    const runId = /RUN=(\S+)/.exec(ran.stdout)?.[1] as string;
    const run = (await runCli(['runs', 'show', runId, '--org', org, '--json'], { env })).json<{ status: string; month: string; payslips: { employee_id: string; current_pay_period: { employee: { totals: { total_gross_wages: string } } } }[]; totals: { net_pay: string } }>();
    expect(run).toMatchObject({ status: 'approved', month: '2026-02' });
    const anna = (await runCli(['employees', 'list', '--org', org, '--json'], { env })).json<{ id: string; payroll_number: string }[]>().find((e) => e.payroll_number === 'DE-001') as { id: string };
    // DE-001: €54,000 ÷ 12 = €4,500, plus €1,500 Weihnachtsgeld.
    expect(run.payslips.find((p) => p.employee_id === anna.id)?.current_pay_period.employee.totals.total_gross_wages).toBe('6000.00');
    expect(readdirSync(join(dir, 'payslips')).length).toBe(run.payslips.length);
    const sepa = readFileSync(join(dir, 'sepa.xml'), 'utf8');
    expect(sepa).toContain(`<CtrlSum>${run.totals.net_pay}</CtrlSum>`);
    expect(existsSync(join(dir, 'sepa.xml'))).toBe(true);
  }, 300_000);
});
