/**
 * Issue 17 through the real launcher: `payroll de beitragsnachweis|lohnsteueranmeldung|meldungen|lohnsteuerbescheinigung
 * --org ORG --period YYYY-MM | --year YYYY` print the filings of the scripted year (test/support/de-filing-year.ts) as
 * JSON (the service's report), CSV and a table, write the PDF with --pdf, mask identifiers and records without
 * --reveal, refuse bad flags with exit 2 and never create a store; a Versicherungsnummer with a wrong check digit is
 * refused at entry (exit 3) naming the field.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BeitragsnachweisReport, LohnsteuerbescheinigungReport, LohnsteueranmeldungReport, MeldungenReport } from '../../src/service/ports.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { filingYear, type FilingYear, TK } from '../support/de-filing-year.js';

describe('payroll de … (German employer filings, CLI)', () => {
  const { env, dir } = cliSandbox();
  let year: FilingYear;
  let expected: { bn: BeitragsnachweisReport; lsta: LohnsteueranmeldungReport; meldungen: MeldungenReport; lstb: LohnsteuerbescheinigungReport };
  beforeAll(async () => {
    const store = await openStore(env.PAYROLL_DATABASE as string);
    const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
    try {
      year = await filingYear(service);
      expected = {
        bn: await service.getGermanBeitragsnachweis(year.orgId, { period: '2026-11' }),
        lsta: await service.getGermanLohnsteueranmeldung(year.orgId, { period: '2026-11' }),
        meldungen: await service.getGermanMeldungen(year.orgId, { year: '2026' }),
        lstb: await service.getGermanLohnsteuerbescheinigungen(year.orgId, { year: '2026' }),
      };
    } finally {
      await store.close();
    }
  }, 120_000);

  it('prints each filing as JSON exactly as the service reports it (with --reveal)', async () => {
    const run = async (args: string[]) => {
      const result = await runCli(['de', ...args, '--org', year.orgId, '-o', 'json', '--reveal'], { env });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('→ local');
      return result.json();
    };
    expect(await run(['beitragsnachweis', '--period', '2026-11'])).toEqual(expected.bn);
    expect(await run(['lohnsteueranmeldung', '--period', '2026-11'])).toEqual(expected.lsta);
    expect(await run(['meldungen', '--year', '2026'])).toEqual(expected.meldungen);
    expect(await run(['lohnsteuerbescheinigung', '--year', '2026'])).toEqual(expected.lstb);
  });

  it('prints rows as CSV and a table, and masks identifiers and records without --reveal', async () => {
    const csv = await runCli(['de', 'beitragsnachweis', '--org', year.orgId, '--period', '2026-11', '-o', 'csv'], { env });
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('month,einzugsstelle,group,label,employee,employer,total');
    const tk = expected.bn.statements.find((s) => s.einzugsstelle.betriebsnummer === TK);
    const zb = tk?.groups.find((g) => g.code === 'ZB');
    expect(lines).toContain(`2026-11,${TK} Techniker Krankenkasse (TK),ZB,Zusatzbeitrag zur Krankenversicherung (Pflichtversicherte),${zb?.employee},${zb?.employer},${zb?.total}`);
    expect(lines).toContain(`2026-11,${TK} Techniker Krankenkasse (TK),SUM,Summe der Beiträge,${tk?.employee_total},${tk?.employer_total},${tk?.total}`);

    const table = await runCli(['de', 'lohnsteueranmeldung', '--org', year.orgId, '--period', '2026-11', '-o', 'table'], { env });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toContain('1 Lohnsteuer-Anmeldung(en), 2026-11 to 2026-11');
    expect(table.stdout).toContain(expected.lsta.returns[0]?.kennzahlen.find((k) => k.kz === '42')?.amount as string);

    const masked = await runCli(['de', 'meldungen', '--org', year.orgId, '--period', '2026-09', '-o', 'json'], { env });
    const notification = masked.json<MeldungenReport>().notifications[0];
    expect(notification?.versicherungsnummer).not.toBe('15070649C103');
    expect(notification?.versicherungsnummer).toMatch(/103$/);
    expect(notification?.record).toBe('(706-character record: --reveal prints it)');
    const certificate = (await runCli(['de', 'lohnsteuerbescheinigung', '--org', year.orgId, '--year', '2026', '--employee', year.anna, '-o', 'csv'], { env })).stdout;
    expect(certificate.split('\n')[0]).toBe('employee,name,line,label,value');
    expect(certificate).toContain(`${year.anna},"Becker, Anna",3,Bruttoarbeitslohn einschl. Sachbezüge ohne 9. und 10.,${expected.lstb.certificates.find((c) => c.employee_id === year.anna)?.lines.find((l) => l.line === '3')?.value}`);
  });

  it('writes the PDF with --pdf, and refuses to overwrite it without --force', async () => {
    const file = join(dir, 'bn.pdf');
    const first = await runCli(['de', 'beitragsnachweis', '--org', year.orgId, '--period', '2026-11', '--pdf', file, '-o', 'json'], { env });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`to ${file}`);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await runCli(['de', 'beitragsnachweis', '--org', year.orgId, '--period', '2026-11', '--pdf', file], { env })).code).toBe(2);
    const again = await runCli(['de', 'beitragsnachweis', '--org', year.orgId, '--period', '2026-11', '--pdf', file, '--force'], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const certificates = join(dir, 'lstb.pdf');
    expect((await runCli(['de', 'lohnsteuerbescheinigung', '--org', year.orgId, '--year', '2026', '--pdf', certificates], { env })).code).toBe(0);
    expect(readFileSync(certificates).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('refuses bad flags (exit 2), a British organization (exit 3), and creates no store for a read', async () => {
    for (const args of [
      ['beitragsnachweis', '--org', year.orgId],
      ['beitragsnachweis', '--org', year.orgId, '--period', '2026-11', '--year', '2026'],
      ['lohnsteueranmeldung', '--org', year.orgId, '--period', '2026-13'],
      ['lohnsteuerbescheinigung', '--org', year.orgId, '--period', '2026-11'],
      ['meldungen', '--org', year.orgId, '--year', '2026', '--employee', year.anna],
    ]) {
      const result = await runCli(['de', ...args], { env });
      expect(result.code, args.join(' ')).toBe(2);
    }
    const missing = join(dir, 'nothing-here.db');
    const read = await runCli(['de', 'meldungen', '--org', year.orgId, '--year', '2026', '--db', missing], { env });
    expect(read.code).toBe(6);
    expect(existsSync(missing)).toBe(false);
    const gb = await runCli(['org', 'create', '--legal-name', 'British Ltd', '--country', 'GB', '-o', 'json'], { env });
    const refused = await runCli(['de', 'beitragsnachweis', '--org', gb.json<{ id: string }>().id, '--period', '2026-11'], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('organization_id');
  });

  it('refuses an employee whose Versicherungsnummer has a wrong check digit (exit 3, naming the field)', async () => {
    const file = join(dir, 'employee.json');
    writeFileSync(file, JSON.stringify({ first_name: 'Eva', last_name: 'Test', date_of_birth: '1990-01-01', start_date: '2026-01-01', de: { tax_class: 1, federal_state: 'Berlin', social_insurance_number: '65170839J004' } }));
    const result = await runCli(['employees', 'create', '--org', year.orgId, '--input', file], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('de.social_insurance_number');
    expect(result.stderr).toContain('check digit 4 is wrong');
  });
});
