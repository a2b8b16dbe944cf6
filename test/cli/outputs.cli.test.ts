/**
 * `payroll payslips`, `payroll payments` and `payroll journal` (issue 15) as a clerk runs them: files written where
 * asked, the same payslip bytes as the document issued on approval, a refusal that writes nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, defaultObjectRoot, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { gbEmployer, runBody } from '../domain/gb/run/fixtures.js';
import { deEmployer } from '../domain/de/run/fixtures.js';

describe('payroll payslips, payments and journal (CLI)', () => {
  it('writes the payslips of an approved run, its Bacs file and its journal; refuses a draft and an unpayable employee', async () => {
    const { env, dir } = cliSandbox();
    const database = env.PAYROLL_DATABASE as string;
    const store = await openStore(database);
    const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(defaultObjectRoot(database, dir)) });
    const setup = await gbEmployer(service, { employees: 2 });
    await service.updateOrganization(setup.orgId, { gb: { bacs_service_user_number: '123456' } });
    await service.createOrganizationBankAccounts(setup.orgId, [{ financial_institution_name: 'Lloyds', sort_code: '309950', account_number: '55779911', is_primary: true }]);
    await service.createEmployeeBankAccount(setup.orgId, setup.employeeIds[0] as string, { financial_institution_name: 'Monzo', sort_code: '04-00-04', account_number: '12345678', is_primary: true });
    const runId = (await service.runGbPayroll(setup.orgId, runBody(setup, 1, ['2500.00', '3100.50']))).payroll_status_id;
    await store.close();

    const out = join(dir, 'payslips');
    const draft = await runCli(['payslips', runId, '--org', setup.orgId, '--out', out], { env });
    expect(draft.code).toBe(5);
    expect(draft.stderr).toContain('approve it first');
    expect(existsSync(out)).toBe(false);
    expect((await runCli(['runs', 'approve', runId, '--org', setup.orgId, '--yes'], { env })).code).toBe(0);

    const written = await runCli(['payslips', runId, '--org', setup.orgId, '--out', out, '--json'], { env });
    expect(written.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(written.json<{ file: string }[]>().map((f) => f.file.split('/').pop()).sort());
    expect(readdirSync(out)).toHaveLength(2);
    const listed = await runCli(['documents', 'list', '--org', setup.orgId, '--employee', setup.employeeIds[0] as string, '--type', 'payslip', '--json'], { env });
    const doc = listed.json<{ id: string; document_name: string; sha256: string }[]>()[0]!;
    expect(createHash('sha256').update(readFileSync(join(out, doc.document_name))).digest('hex')).toBe(doc.sha256);
    const again = await runCli(['payslips', runId, '--org', setup.orgId, '--employee', setup.employeeIds[0] as string, '--out', out], { env });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('--force');

    const bacs = join(dir, 'bacs.txt');
    const refused = await runCli(['payments', runId, '--org', setup.orgId, '--format', 'bacs', '--out', bacs], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('Employee1 Test: no active primary bank account');
    expect(existsSync(bacs)).toBe(false);
    const store2 = await openStore(database);
    const service2 = createLocalService(store2, { actor: localActor('cli-test'), objects: createFolderObjectStore(defaultObjectRoot(database, dir)) });
    await service2.createEmployeeBankAccount(setup.orgId, setup.employeeIds[1] as string, { financial_institution_name: 'Barclays', iban: 'GB33BUKB20201555555555', is_primary: true });
    await store2.close();
    const paid = await runCli(['payments', runId, '--org', setup.orgId, '--format', 'bacs', '--out', bacs, '--json'], { env });
    expect(paid.code).toBe(0);
    expect(paid.stderr).toContain('→ local ');
    const lines = readFileSync(bacs, 'utf8').split('\n').filter(Boolean);
    expect(lines.filter((l) => l.length === 100)).toHaveLength(3);

    const journal = join(dir, 'journal.csv');
    expect((await runCli(['journal', runId, '--org', setup.orgId, '--format', 'csv', '--detail', 'employee', '--out', journal], { env })).code).toBe(0);
    expect(readFileSync(journal, 'utf8').split('\r\n')[0]).toBe('date,run_id,account,account_name,debit,credit,currency,text,party,employee_id');
    const datev = await runCli(['journal', runId, '--org', setup.orgId, '--format', 'datev', '--out', join(dir, 'EXTF.csv')], { env });
    expect(datev.code).toBe(3);
    expect(datev.stderr).toContain('Beraternummer');
  });

  it('writes a German run’s Entgeltbescheinigungen, its SEPA file and its SKR03 journal; refuses Bacs for it', async () => {
    const { env, dir } = cliSandbox();
    const database = env.PAYROLL_DATABASE as string;
    const store = await openStore(database);
    const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(defaultObjectRoot(database, dir)) });
    const setup = await deEmployer(service, { employees: 2 });
    await service.createOrganizationBankAccounts(setup.orgId, [{ financial_institution_name: 'Commerzbank', iban: 'DE89370400440532013000', swift_code: 'COBADEFFXXX', is_primary: true }]);
    await service.createEmployeeBankAccount(setup.orgId, setup.employeeIds[0] as string, { financial_institution_name: 'Deutsche Bank', iban: 'DE02120300000000202051', is_primary: true });
    await service.createEmployeeBankAccount(setup.orgId, setup.employeeIds[1] as string, { financial_institution_name: 'ING', iban: 'DE02500105170137075030', swift_code: 'INGDDEFFXXX', is_primary: true });
    const runId = (await service.createGermanPayrollRun(setup.orgId, { period: '2026-01' })).payroll_status_id;
    await store.close();
    expect((await runCli(['runs', 'approve', runId, '--org', setup.orgId, '--yes'], { env })).code).toBe(0);

    const out = join(dir, 'entgelt');
    const written = await runCli(['payslips', runId, '--org', setup.orgId, '--out', out, '--json'], { env });
    expect(written.code, written.stderr).toBe(0);
    expect(readdirSync(out)).toHaveLength(2);
    const listed = await runCli(['documents', 'list', '--org', setup.orgId, '--employee', setup.employeeIds[0] as string, '--type', 'payslip', '--json'], { env });
    const doc = listed.json<{ document_name: string; sha256: string }[]>()[0]!;
    expect(doc.document_name).toMatch(/^payslip-2026-01-.+\.pdf$/);
    expect(createHash('sha256').update(readFileSync(join(out, doc.document_name))).digest('hex')).toBe(doc.sha256);

    const bacs = await runCli(['payments', runId, '--org', setup.orgId, '--format', 'bacs', '--out', join(dir, 'bacs.txt')], { env });
    expect(bacs.code).toBe(3);
    expect(bacs.stderr).toContain('use --format sepa');
    const sepa = join(dir, 'sepa.xml');
    const paid = await runCli(['payments', runId, '--org', setup.orgId, '--format', 'sepa', '--out', sepa], { env });
    expect(paid.code, paid.stderr).toBe(0);
    const xml = readFileSync(sepa, 'utf8');
    expect(xml).toContain(`<MsgId>P-${runId.replace(/-/g, '')}</MsgId>`);
    // Without a BIC the creditor agent is left out (IBAN-only, decision SEPA1).
    expect(xml.match(/<CdtTrfTxInf>/g)).toHaveLength(2);
    expect(xml.match(/<CdtrAgt>/g)).toHaveLength(1);

    const journal = join(dir, 'journal.csv');
    expect((await runCli(['journal', runId, '--org', setup.orgId, '--format', 'csv', '--out', journal], { env })).code).toBe(0);
    expect(readFileSync(journal, 'utf8')).toContain(',4120,');
  });
});
