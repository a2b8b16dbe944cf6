/**
 * Issue 17 on every backend (SQLite, Postgres, remote): the German employer filings of a scripted year
 * (test/support/de-filing-year.ts) agree with the approved payslips and the payroll account to the cent. Expected
 * amounts are summed here from the runs' payslips (the contributions the employees were charged), never copied from
 * the filing; the Zusatzbeitrag part is recomputed from each month's KV base and rate (BVV § 2: each side
 * round(base × rate / 2)).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import type { GermanPayrollRun, GermanRunPayslip, PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { BARMER, filingYear, type FilingYear, maerzklauselEmployer, MINIJOB_ZENTRALE, TK } from '../support/de-filing-year.js';

type Figures = Record<string, string | number | null>;
const d = (v: unknown): Decimal => new Decimal(typeof v === 'string' ? v : '0');
const half = (base: Decimal, percent: string): Decimal => base.mul(percent).div(200).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

for (const backend of allBackends()) {
  describe(`German employer filings [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let year: FilingYear;
    const runs = new Map<string, GermanPayrollRun>();
    beforeAll(async () => {
      ({ service, dispose } = await backend.create());
      year = await filingYear(service);
      for (const [month, id] of Object.entries(year.runs)) runs.set(month, await service.getGermanPayrollRun(year.orgId, id));
    }, 240_000);
    afterAll(async () => dispose());

    const payslips = (month: string): GermanRunPayslip[] => runs.get(month)?.payslips ?? [];
    const f = (p: GermanRunPayslip): Figures => p.figures as Figures;

    it('Beitragsnachweis: per insurer and month, each group equals the approved contributions of its employees to the cent', async () => {
      let statements = 0;
      for (const month of Object.keys(year.runs)) {
        const report = await service.getGermanBeitragsnachweis(year.orgId, { period: month });
        const stellen = [...new Set(payslips(month).map((p) => year.insurerOf[p.employee_id] as string))].sort();
        expect(report.statements.map((s) => s.einzugsstelle.betriebsnummer)).toEqual(stellen);
        for (const s of report.statements) {
          statements += 1;
          const mine = payslips(month).filter((p) => year.insurerOf[p.employee_id] === s.einzugsstelle.betriebsnummer);
          const sum = (pick: (x: Figures) => unknown) => mine.reduce((acc, p) => acc.plus(d(pick(f(p)))), new Decimal(0));
          const g = (code: string) => s.groups.find((x) => x.code === code);
          const minijob = s.einzugsstelle.betriebsnummer === MINIJOB_ZENTRALE;
          expect(s.employees.map((e) => e.employee_id).sort()).toEqual(mine.map((p) => p.employee_id).sort());
          // The total: every contribution and levy of the payslips (the PKV subsidy and flat tax are not contributions).
          const total = sum((x) => d(x['employee.insurance.total_insurance']).plus(d(x['employer.health_insurance_contribution'])).plus(d(x['employer.care_insurance_contribution'])).plus(d(x['employer.pension_contribution'])).plus(d(x['employer.unemployment_insurance_contribution'])).plus(d(x['employer.sick_pay_insurance_contribution'])).plus(d(x['employer.maternity_pay_insurance_contribution'])).plus(d(x['employer.insolvency_insurance_contribution'])).toFixed(2));
          expect(s.total, `${month} ${s.einzugsstelle.betriebsnummer}`).toBe(total.toFixed(2));
          expect(s.employee_total).toBe(sum((x) => x['employee.insurance.total_insurance']).toFixed(2));
          expect(g('U1')?.employer).toBe(sum((x) => x['employer.sick_pay_insurance_contribution']).toFixed(2));
          expect(g('U2')?.employer).toBe(sum((x) => x['employer.maternity_pay_insurance_contribution']).toFixed(2));
          expect(g('0050')?.employer).toBe(sum((x) => x['employer.insolvency_insurance_contribution']).toFixed(2));
          if (minijob) {
            expect(g('6000')?.employer).toBe(sum((x) => x['employer.health_insurance_contribution']).toFixed(2));
            // Dora is RV-pflichtig (Beitragsgruppe 6100): 15 % employer + 3.6 % top-up under 0100.
            expect(g('0100')).toMatchObject({ employee: sum((x) => x['employee.insurance.pension_insurance']).toFixed(2), employer: sum((x) => x['employer.pension_contribution']).toFixed(2) });
            expect(g('0500')?.total).toBe('0.00');
            expect(s.flat_tax.total).toBe(sum((x) => x['employer.flat_rate_tax_mini_job']).toFixed(2));
            expect(s.flat_tax.total).not.toBe('0.00');
            expect(s.amount_due).toBe(total.plus(s.flat_tax.total).toFixed(2));
          } else {
            // KV: the general part and the Zusatzbeitrag (TK 2.69 %, BARMER 3.29 % in 2026), each side round(base × rate / 2).
            const rate = s.einzugsstelle.betriebsnummer === TK ? '2.69' : '3.29';
            const additional = sum((x) => half(d(x['employee.insurance.insurance_assessment_base']), rate).toFixed(2));
            expect(g('ZB')).toMatchObject({ employee: additional.toFixed(2), employer: additional.toFixed(2) });
            expect(d(g('1000')?.employee).plus(d(g('ZB')?.employee)).toFixed(2)).toBe(sum((x) => x['employee.insurance.health_insurance']).toFixed(2));
            expect(d(g('1000')?.employer).plus(d(g('ZB')?.employer)).toFixed(2)).toBe(sum((x) => x['employer.health_insurance_contribution']).toFixed(2));
            expect(g('0001')).toMatchObject({ employee: sum((x) => x['employee.insurance.care_insurance']).toFixed(2), employer: sum((x) => x['employer.care_insurance_contribution']).toFixed(2) });
            expect(g('0100')).toMatchObject({ employee: sum((x) => x['employee.insurance.pension_insurance']).toFixed(2), employer: sum((x) => x['employer.pension_contribution']).toFixed(2) });
            expect(g('0010')).toMatchObject({ employee: sum((x) => x['employee.insurance.unemployment_insurance']).toFixed(2), employer: sum((x) => x['employer.unemployment_insurance_contribution']).toFixed(2) });
            expect(s.rates.kv_additional_percent).toEqual([rate]);
            expect(s.flat_tax.total).toBe('0.00');
          }
          // BW02 v12: 678 characters, the employer and the insurer's numbers, the month, the Zahlbetrag in cents.
          expect(s.record).toHaveLength(678);
          expect(s.record?.slice(0, 9)).toBe('BW02BWNAC');
          expect(s.record?.slice(106, 121).trim()).toBe('87654321');
          expect(s.record?.slice(24, 39).trim()).toBe(s.einzugsstelle.betriebsnummer);
          expect(s.record?.slice(121, 137)).toBe(`${month.replace('-', '')}01${s.period_end.replace(/-/g, '')}`);
          expect(s.record?.slice(401, 413)).toBe(`+${total.mul(100).toFixed(0).padStart(11, '0')}`);
          expect(s.problems).toEqual([]);
        }
      }
      // 12 months × TK and the Minijob-Zentrale, BARMER January to September.
      expect(statements).toBe(12 * 2 + 9);
      const november = await service.getGermanBeitragsnachweis(year.orgId, { period: '2026-11' });
      expect(november.statements.find((s) => s.einzugsstelle.betriebsnummer === TK)?.employees.map((e) => e.name).sort()).toEqual(['Becker, Anna', 'Wagner, Clara']);
      // A year gives every month's statements.
      expect((await service.getGermanBeitragsnachweis(year.orgId, { year: '2026' })).statements).toHaveLength(statements);
    });

    it('Lohnsteuer-Anmeldung: Kz 42, 49, 61, 62 and 83 equal the month’s payslips; Kz 86 counts the employees taxed under ELStAM', async () => {
      for (const month of Object.keys(year.runs)) {
        const [lsta] = (await service.getGermanLohnsteueranmeldung(year.orgId, { period: month })).returns;
        const taxed = payslips(month).filter((p) => p.employee_id !== year.dora);
        const sum = (key: string, only?: string) => taxed.filter((p) => only === undefined || p.employee_id === only).reduce((acc, p) => acc.plus(d(f(p)[key])), new Decimal(0)).toFixed(2);
        const kz = (n: string) => lsta?.kennzahlen.find((k) => k.kz === n)?.amount;
        expect(lsta?.employee_count).toBe(taxed.length);
        expect(kz('42')).toBe(sum('employee.taxes.income_tax'));
        expect(kz('48')).toBe(sum('employee.taxes.income_tax'));
        expect(kz('49')).toBe(sum('employee.taxes.solidarity_tax'));
        expect(kz('61')).toBe(sum('employee.taxes.church_tax', year.anna));
        expect(kz('62')).toBe(sum('employee.taxes.church_tax', year.bernd));
        expect(kz('83')).toBe(d(sum('employee.taxes.income_tax')).plus(sum('employee.taxes.solidarity_tax')).plus(sum('employee.taxes.church_tax')).toFixed(2));
        expect(lsta?.minijob_flat_tax_to_minijob_zentrale).toBe(d(f(payslips(month).find((p) => p.employee_id === year.dora) as GermanRunPayslip)['employer.flat_rate_tax_mini_job']).toFixed(2));
        expect(lsta).toMatchObject({ steuernummer: '1121081508150', zeitraum: month.slice(5), problems: [] });
      }
      expect(d((await service.getGermanLohnsteueranmeldung(year.orgId, { period: '2026-11' })).returns[0]?.kennzahlen[0]?.amount).gt(d((await service.getGermanLohnsteueranmeldung(year.orgId, { period: '2026-10' })).returns[0]?.kennzahlen[0]?.amount))).toBe(true);
    });

    it('DEÜV: Anmeldung (10) of the starter with her start date, Abmeldung (30) of the leaver with his Entgelt, Jahresmeldungen (50) in December', async () => {
      const april = (await service.getGermanMeldungen(year.orgId, { period: '2026-04' })).notifications;
      expect(april).toHaveLength(1);
      expect(april[0]).toMatchObject({ abgabegrund: '10', employee_id: year.clara, period_start: '2026-04-15', period_end: null, sv_entgelt: null, personengruppe: '101', beitragsgruppe: '1111', einzugsstelle_betriebsnummer: TK, employer_betriebsnummer: '87654321', due_by: '2026-05-27' });
      // Clara has no Versicherungsnummer stored: no record, and the notice says why.
      expect(april[0]?.record).toBeNull();
      expect(april[0]?.problems.join(' ')).toContain('Versicherungsnummer');

      const pensionBases = (employee: string, months: string[]) =>
        months.reduce((acc, m) => acc.plus(d(f(payslips(m).find((p) => p.employee_id === employee) as GermanRunPayslip)['employee.insurance.pension_assessment_base'])), new Decimal(0));
      const nine = Array.from({ length: 9 }, (_, i) => `2026-0${i + 1}`);
      const september = (await service.getGermanMeldungen(year.orgId, { period: '2026-09' })).notifications;
      expect(september).toHaveLength(1);
      expect(september[0]).toMatchObject({ abgabegrund: '30', employee_id: year.bernd, period_start: '2026-01-01', period_end: '2026-09-30', sv_entgelt: pensionBases(year.bernd, nine).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0), beitragsgruppe: '1111', beitragsgruppe_stored: false, einzugsstelle_betriebsnummer: BARMER });
      const record = september[0]?.record as string;
      expect(record).toHaveLength(559 + 147);
      expect(record.slice(63, 75)).toBe('15070649C103');
      expect(record.slice(162, 167)).toBe('10130');
      expect(record.slice(559, 563)).toBe('DBME');
      expect(record.slice(565, 581)).toBe('2026010120260930');
      expect(record.slice(584, 590)).toBe(september[0]?.sv_entgelt?.padStart(6, '0'));

      const december = (await service.getGermanMeldungen(year.orgId, { period: '2026-12' })).notifications;
      expect(december.map((m) => [m.abgabegrund, m.employee_id, m.period_start, m.period_end]).sort()).toEqual(
        [
          ['50', year.anna, '2026-01-01', '2026-12-31'],
          ['50', year.clara, '2026-04-15', '2026-12-31'],
          ['50', year.dora, '2026-01-01', '2026-12-31'],
        ].sort(),
      );
      const months12 = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);
      expect(december.find((m) => m.employee_id === year.anna)?.sv_entgelt).toBe(pensionBases(year.anna, months12).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
      expect(december.find((m) => m.employee_id === year.dora)).toMatchObject({ personengruppe: '109', beitragsgruppe: '6100', einzugsstelle_betriebsnummer: MINIJOB_ZENTRALE, sv_entgelt: '6000' });
      const anna = december.find((m) => m.employee_id === year.anna);
      expect(anna?.record?.slice(594, 603)).toBe('434124111');
      // The year lists every notification of the year.
      expect((await service.getGermanMeldungen(year.orgId, { year: '2026' })).notifications.map((m) => m.abgabegrund).sort()).toEqual(['10', '30', '50', '50', '50']);
    });

    it('Lohnsteuerbescheinigung: line 3 is the payroll account’s taxable gross, lines 4–6 and 22–27 its totals; the minijob gets none', async () => {
      const report = await service.getGermanLohnsteuerbescheinigungen(year.orgId, { year: '2026' });
      expect(report.certificates.map((c) => c.employee_id).sort()).toEqual([year.anna, year.bernd, year.clara].sort());
      for (const certificate of report.certificates) {
        const account = await service.getGermanPayrollAccount(year.orgId, certificate.employee_id, { year: '2026' });
        const line = (n: string) => certificate.lines.find((l) => l.line === n)?.value;
        const t = account.totals as Record<string, string>;
        expect(line('3')).toBe(t['employee.totals.taxable_gross_wages']);
        expect(line('4')).toBe(t['employee.taxes.income_tax']);
        expect(line('5')).toBe(t['employee.taxes.solidarity_tax']);
        expect(line('6')).toBe(t['employee.taxes.church_tax']);
        expect(line('22a')).toBe(t['employer.pension_contribution']);
        expect(line('23a')).toBe(t['employee.insurance.pension_insurance']);
        expect(line('24a')).toBe('0.00');
        expect(line('25')).toBe(t['employee.insurance.health_insurance']);
        expect(line('26')).toBe(t['employee.insurance.care_insurance']);
        expect(line('27')).toBe(t['employee.insurance.unemployment_insurance']);
        expect(line('28')).toBeUndefined(); // dropped from 2026
        expect(certificate.months).toEqual(account.months.map((m) => m.month));
      }
      const anna = report.certificates.find((c) => c.employee_id === year.anna);
      expect(anna).toMatchObject({ tax_id: '86095742719', period: { from: '2026-01-01', to: '2026-12-31' }, elstam: { tax_class: 1, church: 'evangelisch' } });
      expect(report.certificates.find((c) => c.employee_id === year.bernd)?.lines[0]?.value).toBe('01.01.2026 – 30.09.2026');
      expect(report.certificates.find((c) => c.employee_id === year.clara)?.lines[0]?.value).toBe('15.04.2026 – 31.12.2026');
      const one = await service.getGermanLohnsteuerbescheinigungen(year.orgId, { year: '2026', employee_id: year.clara });
      expect(one.certificates.map((c) => c.employee_id)).toEqual([year.clara]);
      expect((await service.getGermanLohnsteuerbescheinigungen(year.orgId, { year: '2026', employee_id: year.dora })).certificates).toEqual([]);
    });

    it('prints each filing as a PDF, the same bytes every time', async () => {
      for (const [kind, query] of [
        ['beitragsnachweis', { period: '2026-11' }],
        ['lohnsteueranmeldung', { period: '2026-11' }],
        ['meldungen', { year: '2026' }],
        ['lohnsteuerbescheinigung', { year: '2026' }],
      ] as const) {
        const pdf = await service.getGermanFilingPdf(year.orgId, kind, query);
        expect(pdf.mime_type).toBe('application/pdf');
        expect(pdf.file_name).toBe(`${kind}-${'period' in query ? query.period : query.year}.pdf`);
        expect(Buffer.from(pdf.bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
        expect(Buffer.from((await service.getGermanFilingPdf(year.orgId, kind, query)).bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
      }
    });

    it('answers a year it has no contribution rates for (and no runs in) with empty filings, not a failure', async () => {
      // Found by the property-based API test: year=7265 answered 500 on the Beitragsnachweis and its PDF.
      for (const query of [{ year: '7265' }, { period: '0001-01' }]) {
        const report = await service.getGermanBeitragsnachweis(year.orgId, query);
        expect(report.statements).toEqual([]);
        expect((await service.getGermanLohnsteueranmeldung(year.orgId, query)).returns).toEqual([]);
        const pdf = await service.getGermanFilingPdf(year.orgId, 'beitragsnachweis', query);
        expect(Buffer.from(pdf.bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
      }
    });

    it('refuses a query without a period, with both, a malformed one, an unknown kind, and a period for the certificate, naming the field', async () => {
      expect((await expectDomainError(service.getGermanBeitragsnachweis(year.orgId, {}), 'validation')).issues[0]?.loc).toEqual(['query', 'period']);
      expect((await expectDomainError(service.getGermanLohnsteueranmeldung(year.orgId, { period: '2026-11', year: '2026' }), 'validation')).issues[0]?.loc).toEqual(['query', 'period']);
      expect((await expectDomainError(service.getGermanMeldungen(year.orgId, { period: '2026-13' }), 'validation')).issues[0]?.loc).toEqual(['query', 'period']);
      expect((await expectDomainError(service.getGermanLohnsteuerbescheinigungen(year.orgId, { period: '2026-11' }), 'validation')).issues[0]?.loc).toEqual(['query', 'period']);
      expect((await expectDomainError(service.getGermanFilingPdf(year.orgId, 'elster', { year: '2026' }), 'validation')).issues[0]?.loc).toEqual(['path', 'kind']);
      await expectDomainError(service.getGermanLohnsteuerbescheinigungen(year.orgId, { year: '2026', employee_id: 'nobody' }), 'not_found');
      const gb = await service.createOrganization({ legal_name: 'British Ltd', country: 'GB' });
      expect((await expectDomainError(service.getGermanBeitragsnachweis(gb.id, { period: '2026-01' }), 'validation')).issues[0]?.loc).toEqual(['path', 'organization_id']);
    });
  });

  describe(`German employer filings: the Märzklausel and data checks [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    beforeAll(async () => ({ service, dispose } = await backend.create()), 60_000);
    afterAll(async () => dispose());

    it('reports a one-off allocated to December in February’s Beitragsnachweis at 2025’s rates, with a Sondermeldung (54)', async () => {
      const setup = await maerzklauselEmployer(service);
      const february = await service.getGermanPayrollRun(setup.orgId, setup.runs['2026-02'] as string);
      const figures = february.payslips?.[0]?.figures as Figures;
      expect(figures['one_off.allocated_to']).toBe('2025-12');
      const [statement] = (await service.getGermanBeitragsnachweis(setup.orgId, { period: '2026-02' })).statements;
      const m = statement?.maerzklausel;
      expect(m?.allocated_to).toEqual(['2025-12']);
      expect(m?.rates).toMatchObject({ year: 2025, kv_general_percent: '14.60', kv_additional_percent: ['2.45'], pension_percent: '18.60' });
      // KV base 1,512.50 (2025 ceiling 5,512.50 − 4,000 charged), RV base 3,000: each side at 2025's rates.
      const g = (code: string) => m?.groups.find((x) => x.code === code);
      expect(figures['one_off.kv_pv_base']).toBe('1512.50');
      expect(g('1000')).toMatchObject({ employee: half(d('1512.50'), '14.6').toFixed(2), employer: half(d('1512.50'), '14.6').toFixed(2) });
      expect(g('ZB')).toMatchObject({ employee: half(d('1512.50'), '2.45').toFixed(2), employer: half(d('1512.50'), '2.45').toFixed(2) });
      expect(g('0100')).toMatchObject({ employee: half(d('3000'), '18.6').toFixed(2), employer: half(d('3000'), '18.6').toFixed(2) });
      // The whole month's groups hold them: the statement equals the payslip.
      const group = (code: string) => statement?.groups.find((x) => x.code === code);
      expect(d(group('1000')?.employee).plus(d(group('ZB')?.employee)).toFixed(2)).toBe(figures['employee.insurance.health_insurance']);
      expect(group('0100')?.employer).toBe(figures['employer.pension_contribution']);
      const notifications = (await service.getGermanMeldungen(setup.orgId, { period: '2026-02' })).notifications;
      expect(notifications.map((n) => [n.abgabegrund, n.period_start, n.period_end, n.sv_entgelt])).toEqual([['54', '2025-12-01', '2025-12-31', '3000']]);
    });

    it('checks the DEÜV keys, the Versicherungsnummer’s check digit and the church denomination when the employee is entered, naming the field', async () => {
      const org = await service.createOrganization({ legal_name: 'Prüf GmbH', country: 'DE' });
      const base = { first_name: 'Eva', last_name: 'Test', date_of_birth: '1990-01-01', start_date: '2026-01-01', pay: { basis: 'salary', annual_salary: '40000.00', currency: 'EUR' } };
      const de = { tax_class: 1, federal_state: 'Berlin' };
      const refused = async (extra: Record<string, unknown>, field: string, text: string) => {
        const error = await expectDomainError(service.createEmployee(org.id, { ...base, de: { ...de, ...extra } }), 'validation');
        expect(error.issues.map((i) => i.loc.join('.'))).toContain(`body.de.${field}`);
        expect(error.issues.find((i) => i.loc.join('.') === `body.de.${field}`)?.msg).toContain(text);
      };
      await refused({ social_insurance_number: '65170839J004' }, 'social_insurance_number', 'check digit 4 is wrong');
      await refused({ social_insurance_number: '651708391003' }, 'social_insurance_number', '8 digits, a letter');
      await refused({ tax_id: '36574261890' }, 'tax_id', 'check digit');
      await refused({ beitragsgruppe: '3111' }, 'beitragsgruppe', '§ 243 SGB V');
      await refused({ beitragsgruppe: '1121' }, 'beitragsgruppe', 'does not match');
      await refused({ beitragsgruppe: '7111' }, 'beitragsgruppe', 'KV digit 7');
      await refused({ is_mini_job: true, beitragsgruppe: '1111' }, 'beitragsgruppe', '6100');
      await refused({ personengruppe: '109' }, 'personengruppe', 'is_mini_job');
      await refused({ personengruppe: '115' }, 'personengruppe', 'not a Personengruppenschlüssel');
      await refused({ is_mini_job: true, personengruppe: '101' }, 'personengruppe', '109');
      await refused({ taetigkeitsschluessel: '43412411' }, 'taetigkeitsschluessel', '9-digit');
      await refused({ taetigkeitsschluessel: '434124711' }, 'taetigkeitsschluessel', 'position 7');
      await refused({ church_denomination: 'ev' }, 'church_denomination', 'church member');
      await refused({ is_church_member: true, church_denomination: 'xx' }, 'church_denomination', 'ev, rk');
      await refused({ health_insurer_agency_code: '1502736' }, 'health_insurer_agency_code', '8-digit');
      const ok = await service.createEmployee(org.id, { ...base, de: { ...de, social_insurance_number: '15 070649 C 103', beitragsgruppe: '9111', personengruppe: '106', taetigkeitsschluessel: '434124111', is_church_member: true, church_denomination: 'rk' } });
      expect(ok.de).toMatchObject({ social_insurance_number: '15070649C103', beitragsgruppe: '9111' });
      // A patch is checked against the whole block: a minijob flag contradicts the stored Beitragsgruppe.
      const patched = await expectDomainError(service.updateEmployee(org.id, ok.id, { de: { is_mini_job: true } }), 'validation');
      expect(patched.issues.map((i) => i.loc.join('.'))).toEqual(expect.arrayContaining([expect.stringMatching(/de\.(beitragsgruppe|personengruppe)$/)]));
    });
  });
}
