/** `payroll rti fps|eps` (issue 16 point 3): the messages written to a file with their IRmark, and the refusals. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { irmarkOf } from '../../src/formats/rti/index.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { validateRtiXsd } from '../support/rti-validation.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';

/** A GB employer with its RTI references and one approved run, made in-process in the sandbox's database. */
async function employerIn(database: string): Promise<GbSetup & { runId: string }> {
  const store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    const setup = await gbEmployer(service, { gb: { ni_number: 'AB123456C', gender: 'F' } });
    await service.updateOrganization(setup.orgId, { tax_identifiers: { tax_data: { country: 'GB', tax_number: '123/AB45678' } }, gb: { accounts_office_reference: '123PA00045678' } });
    const run = await service.runGbPayroll(setup.orgId, runBody(setup, 1, '2500.00'));
    await service.approvePayrollRun(setup.orgId, run.payroll_status_id);
    return { ...setup, runId: run.payroll_status_id };
  } finally {
    await store.close();
  }
}

describe('payroll rti (CLI)', () => {
  it('writes the FPS of an approved run and the EPS of a month, valid against the 2025-26 XSDs, with their IRmark', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    const fpsFile = join(dir, 'fps.xml');
    const fps = await runCli(['rti', 'fps', setup.runId, '--org', setup.orgId, '--out', fpsFile, '--json'], { env });
    expect(fps.code, fps.stderr).toBe(0);
    const written = readFileSync(fpsFile, 'utf8');
    const mark = irmarkOf(written);
    expect(fps.json()).toMatchObject({ path: fpsFile, irmark: mark.base64, irmark_base32: mark.base32, bytes: Buffer.byteLength(written) });
    expect(await validateRtiXsd(written, '2025-26', 'fps')).toEqual({ envelopeErrors: [], bodyErrors: [] });
    // Not over an existing file without --force; to stdout with --out -.
    expect((await runCli(['rti', 'fps', setup.runId, '--org', setup.orgId, '--out', fpsFile], { env })).code).toBe(2);
    const stdout = await runCli(['rti', 'fps', setup.runId, '--org', setup.orgId, '--out', '-', '--gateway-test'], { env });
    expect(stdout.stdout).toContain('<GatewayTest>1</GatewayTest>');
    expect(stdout.stderr).toContain(`IRmark ${irmarkOf(stdout.stdout).base64}`);

    const epsFile = join(dir, 'eps.xml');
    const eps = await runCli(['rti', 'eps', '--org', setup.orgId, '--tax-year', '2025-26', '--month', '2', '--final', '--out', epsFile, '--json'], { env });
    expect(eps.code, eps.stderr).toBe(0);
    const epsXml = readFileSync(epsFile, 'utf8');
    expect(epsXml).toMatch(/<NoPaymentForPeriod>yes<\/NoPaymentForPeriod>[\s\S]*<ForYear>yes<\/ForYear>/);
    expect(await validateRtiXsd(epsXml, '2025-26', 'eps')).toEqual({ envelopeErrors: [], bodyErrors: [] });
  });

  it('refuses a missing --out off a terminal (exit 2), a bad month (exit 3), an unknown run (exit 6), a draft run (exit 5)', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    expect((await runCli(['rti', 'fps', setup.runId, '--org', setup.orgId], { env })).code).toBe(2);
    const month = await runCli(['rti', 'eps', '--org', setup.orgId, '--tax-year', '2025-26', '--month', '13', '--out', join(dir, 'x.xml')], { env });
    expect(month.code).toBe(3);
    expect(month.stderr).toContain('month');
    expect(existsSync(join(dir, 'x.xml'))).toBe(false);
    expect((await runCli(['rti', 'fps', 'no-such-run', '--org', setup.orgId, '--out', join(dir, 'y.xml')], { env })).code).toBe(6);
    const file = join(dir, 'run.json');
    writeFileSync(file, JSON.stringify(runBody(setup, 2, '2500.00')));
    const draft = (await runCli(['run-gb', '--org', setup.orgId, '--input', file, '--json'], { env })).json<{ id: string }>();
    const refused = await runCli(['rti', 'fps', draft.id, '--org', setup.orgId, '--out', join(dir, 'z.xml')], { env });
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('approve');
  });
});
