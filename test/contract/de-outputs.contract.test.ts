/**
 * Issue 15, German side (decision OUT9), over every backend: a German run's approval issues one Entgeltbescheinigung
 * per employee (template 2), written again with the same bytes; the SEPA pain.001.001.09 (DK) file pays each
 * employee's net pay (valid against the bundled GBIC_4 schema, CtrlSum = the run's net pay), refused naming every
 * employee without an account; Bacs is refused for a German run; the SKR03 journal balances.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import type { GermanPayrollRun, GermanRunPayslip } from '../../src/service/contracts/germany-payroll-runs.js';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { pdfText } from '../formats/pdf-text.js';
import { validatePain001 } from '../formats/xsd.js';
import { VECTOR_0002_DE, VECTOR_0002_JANUARY } from '../domain/de/run/fixtures.js';

/** German notation of an amount, as the Entgeltbescheinigung prints it (decision OUT8): 8.401,84. */
const eur = (v: string | number | null | undefined) => {
  const [whole, cents] = new Decimal(String(v)).toFixed(2).split('.') as [string, string];
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
};

interface Setup {
  orgId: string;
  juergen: string;
  erika: string;
}

async function employer(service: PayrollService, withAccounts = true): Promise<Setup> {
  const org = await service.createOrganization({
    legal_name: 'Muster Maschinenbau GmbH',
    country: 'DE',
    address: { address: 'Industriestraße 12, 50667 Köln', content: { country_code: 'DE', address_type: 'HAUSANSCHRIFT' } },
    bank_accounts: [{ financial_institution_name: 'Commerzbank', iban: 'DE89 3704 0044 0532 0130 00', swift_code: 'COBADEFFXXX', is_primary: true }],
    insurance_data: { insurance_country: 'DE', company_number: '12345678' },
  });
  const juergen = await service.createEmployee(org.id, {
    first_name: 'Jürgen',
    last_name: 'Weiß',
    payroll_number: 'DE-001',
    date_of_birth: '1982-05-01',
    start_date: '2024-08-01',
    address: 'Hauptstraße 5, 80331 München',
    pay: { basis: 'salary', annual_salary: '100822.08', currency: 'EUR' },
    de: { ...VECTOR_0002_DE, tax_id: '86095742719' },
  });
  const erika = await service.createEmployee(org.id, {
    first_name: 'Erika',
    last_name: 'Muster',
    payroll_number: 'DE-002',
    date_of_birth: '1990-07-22',
    start_date: '2023-09-01',
    pay: { basis: 'salary', annual_salary: '48000.00', currency: 'EUR' },
    de: { ...VECTOR_0002_DE, tax_class: 1 },
  });
  if (withAccounts) {
    await service.createEmployeeBankAccount(org.id, juergen.id, { financial_institution_name: 'Deutsche Bank', iban: 'DE02120300000000202051', swift_code: 'BYLADEM1001', is_primary: true });
    await service.createEmployeeBankAccount(org.id, erika.id, { financial_institution_name: 'ING', iban: 'DE02500105170137075030', swift_code: 'INGDDEFFXXX', is_primary: true });
  }
  return { orgId: org.id, juergen: juergen.id, erika: erika.id };
}

for (const backend of allBackends()) {
  describe(`German payslips, SEPA file and journal [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let s: Setup;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
    });
    afterEach(async () => dispose());

    async function approvedMonth(month: string): Promise<GermanPayrollRun> {
      const { payroll_status_id: id } = await service.createGermanPayrollRun(s.orgId, { period: month });
      await service.approveGermanPayrollRun(s.orgId, id);
      return service.getGermanPayrollRun(s.orgId, id);
    }
    const slipOf = (run: GermanPayrollRun, employeeId: string) => run.payslips?.find((p) => p.employee_id === employeeId) as GermanRunPayslip;

    it('issues an Entgeltbescheinigung per employee on approval: name, month, gross, taxes, each SV contribution, net pay, year to date; the same bytes again', async () => {
      s = await employer(service);
      await approvedMonth('2026-01');
      const run = await approvedMonth('2026-02');
      const docs = (await service.listEmployeeDocuments(s.orgId, s.juergen, { document_type: 'payslip' })).items;
      expect(docs).toHaveLength(2);
      const doc = docs.find((d) => d.document_date === '2026-02-28');
      expect(doc).toMatchObject({ document_type: 'payslip', status: 'active', mime_type: 'application/pdf', document_date: '2026-02-28', template_id: 2, created_by: 'local:contract-test', employee_id: s.juergen, document_name: 'payslip-2026-02-DE-001.pdf' });
      const file = await service.getPayslipPdf(s.orgId, run.id, s.juergen);
      expect(file.document_id).toBe(doc?.id);
      const stored = await service.getDocumentContent(s.orgId, doc?.id as string);
      expect(Buffer.from(file.bytes).equals(Buffer.from(stored.bytes))).toBe(true);

      const text = await pdfText(file.bytes);
      const f = slipOf(run, s.juergen).figures as Record<string, string | number | null>;
      // February repeats January's single-month figures (derun2026-0002); the year to date is their sum.
      expect(f).toMatchObject({ 'employee.totals.total_gross_wages': VECTOR_0002_JANUARY['employee.totals.total_gross_wages'], 'employee.totals.net_pay': VECTOR_0002_JANUARY['employee.totals.net_pay'] });
      for (const expected of [
        'Jürgen Weiß',
        'Muster Maschinenbau GmbH',
        'Februar 2026',
        'Betriebsnummer 12345678',
        '86095742719',
        `Gesamtbrutto`,
        eur(f['employee.totals.total_gross_wages']),
        'Lohnsteuer',
        eur(f['employee.taxes.income_tax']),
        eur(f['employee.taxes.solidarity_tax']),
        eur(f['employee.insurance.health_insurance']),
        eur(f['employee.insurance.care_insurance']),
        eur(f['employee.insurance.pension_insurance']),
        eur(f['employee.insurance.unemployment_insurance']),
        eur(f['employee.insurance.insurance_assessment_base']),
        `${eur(f['employee.totals.net_pay'])} €`,
        eur(f['ytd.employee.totals.total_gross_wages']),
        eur(f['ytd.employee.taxes.income_tax']),
      ]) {
        expect(text).toContain(expected);
      }
      expect(eur(f['ytd.employee.totals.total_gross_wages'])).toBe('16.803,68');
      // A draft has no payslip.
      const { payroll_status_id: draft } = await service.createGermanPayrollRun(s.orgId, { period: '2026-03' });
      expect((await expectDomainError(service.getPayslipPdf(s.orgId, draft, s.juergen), 'conflict')).code).toBe('PAYROLL_RUN.NOT_APPROVED');
    });

    it('pays the run by SEPA pain.001.001.09 (DK): valid against GBIC_4, CtrlSum = net pay total, stored once; Bacs refused', async () => {
      s = await employer(service);
      const run = await approvedMonth('2026-01');
      const file = await service.createPaymentFile(s.orgId, run.id, { format: 'sepa' });
      const xml = Buffer.from(file.bytes).toString('utf8');
      const validation = await validatePain001(xml);
      expect(validation.errors).toEqual([]);
      expect(validation.valid).toBe(true);
      const net = run.totals?.net_pay as string;
      expect(net).toBe(new Decimal(slipOf(run, s.juergen).figures['employee.totals.net_pay'] as string).plus(slipOf(run, s.erika).figures['employee.totals.net_pay'] as string).toFixed(2));
      expect([...xml.matchAll(/<CtrlSum>([^<]+)<\/CtrlSum>/g)].map((m) => m[1])).toEqual([net, net]);
      expect(xml).toContain(`<MsgId>P-${run.id.replace(/-/g, '')}</MsgId>`);
      expect(xml).toContain('<ReqdExctnDt><Dt>2026-01-31</Dt></ReqdExctnDt>');
      expect(xml).toContain('<DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>');
      expect(xml).toContain('<Cdtr><Nm>Jürgen Weiß</Nm></Cdtr>');
      expect(xml).toContain(`<InstdAmt Ccy="EUR">${slipOf(run, s.erika).figures['employee.totals.net_pay']}</InstdAmt>`);
      expect(await service.getDocument(s.orgId, file.document_id as string)).toMatchObject({ document_type: 'sepa_credit_transfer', employee_id: null, template_id: 13, document_date: '2026-01-31', sha256: file.sha256 });
      expect((await service.createPaymentFile(s.orgId, run.id, { format: 'sepa' })).document_id).toBe(file.document_id);
      for (const format of ['bacs', 'bacs-csv']) {
        const error = await expectDomainError(service.createPaymentFile(s.orgId, run.id, { format }), 'validation');
        expect(error.code).toBe('PAYMENTS.FORMAT_COUNTRY');
        expect(error.message).toContain('use --format sepa');
      }
    });

    it('refuses the SEPA file naming every employee without an account, and stores nothing', async () => {
      s = await employer(service, false);
      const run = await approvedMonth('2026-01');
      const error = await expectDomainError(service.createPaymentFile(s.orgId, run.id, { format: 'sepa' }), 'validation');
      expect(error.code).toBe('PAYMENTS.ACCOUNTS_INVALID');
      expect(error.message).toContain('Jürgen Weiß (DE-001): no active primary bank account');
      expect(error.message).toContain('Erika Muster (DE-002): no active primary bank account');
      expect(error.issues.map((i) => i.loc)).toEqual([
        ['employees', s.juergen, 'bank_account'],
        ['employees', s.erika, 'bank_account'],
      ]);
      expect((await service.listOrganizationDocuments(s.orgId, { document_type: 'sepa_credit_transfer' })).items).toHaveLength(0);
    });

    it('books the month in a balanced SKR03 journal (CSV and DATEV)', async () => {
      s = await employer(service);
      await service.updateOrganization(s.orgId, { accounting: { datev_consultant_number: '29098', datev_client_number: '55003' } });
      const run = await approvedMonth('2026-01');
      const t = run.totals as Record<string, string>;
      const csv = Buffer.from((await service.getRunJournal(s.orgId, run.id, { format: 'csv' })).bytes).toString('utf8');
      const rows = csv.split('\r\n').filter(Boolean).slice(1).map((r) => r.split(','));
      const debit = rows.reduce((sum, r) => sum.plus(r[4] as string), new Decimal(0));
      const credit = rows.reduce((sum, r) => sum.plus(r[5] as string), new Decimal(0));
      expect(debit.gt(0)).toBe(true);
      expect(debit.eq(credit)).toBe(true);
      const on = (account: string, column: 4 | 5) => rows.filter((r) => r[2] === account).reduce((sum, r) => sum.plus(r[column] as string), new Decimal(0)).toFixed(2);
      expect(on('4120', 4)).toBe(t.gross_pay);
      expect(on('1740', 5)).toBe(t.net_pay);
      expect(on('1741', 5)).toBe(new Decimal(t.income_tax as string).plus(t.solidarity_tax as string).plus(t.church_tax as string).toFixed(2));
      expect(on('4130', 4)).toBe(t.employer_burden);
      const datev = Buffer.from((await service.getRunJournal(s.orgId, run.id, { format: 'datev' })).bytes).toString('latin1').split('\r\n');
      expect(datev[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"payroll";"";29098;55003;20260101;4;20260101;20260131;/);
      const bookings = datev.slice(2).filter(Boolean).map((l) => l.split(';'));
      const side = (flag: string) => bookings.filter((b) => b[1] === flag).reduce((sum, b) => sum.plus((b[0] as string).replace(',', '.')), new Decimal(0));
      expect(side('"S"').eq(side('"H"'))).toBe(true);
    });
  });
}
