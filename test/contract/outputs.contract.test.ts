/**
 * Issue 15 over every backend: payslip PDFs issued on approval (listed by endpoint 13, downloadable, written again
 * with the same bytes), Bacs payment files of the run's net pay (refused, naming every employee, when an account
 * cannot be paid), and the balanced journal (CSV and DATEV).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import type { PayrollService } from '../../src/service/ports.js';
import type { Payslip, PayrollRun } from '../../src/service/contracts/payroll-runs.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { pdfText } from '../formats/pdf-text.js';

/** Amounts print as the API gives them: pounds and pence, no thousands separator. */
const gbp = (v: string) => new Decimal(v).toFixed(2);

interface Setup {
  orgId: string;
  calendarId: string;
  groupId: string;
  salaried: string;
  hourly: string;
}

async function employer(service: PayrollService): Promise<Setup> {
  const org = await service.createOrganization({
    legal_name: 'Brightwater Analytics Ltd',
    country: 'GB',
    address: { address: '12 Wharf Street, Leeds LS2 7EE', content: { country_code: 'GB', address_type: 'REGISTERED_OFFICE' } },
    tax_identifiers: { tax_data: { country: 'GB', tax_number: '120/BA45678' } },
    bank_accounts: [{ financial_institution_name: 'Lloyds', sort_code: '30-99-50', account_number: '55779911', is_primary: true }],
    gb: { bacs_service_user_number: '123456' },
    accounting: { datev_consultant_number: '29098', datev_client_number: '55003' },
  });
  const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
  const group = await service.createPayGroup(org.id, { name: 'Staff', pay_calendar_id: calendar.id });
  const salaried = await service.createEmployee(org.id, { first_name: 'Siobhán', last_name: 'O’Connor', payroll_number: 'GB-001', date_of_birth: '1986-02-11', start_date: '2018-05-01', address: '4 Park Row, Leeds LS1 5HD', gb: { ni_number: 'AB123456C', tax_code: '1257L', ni_category: 'A', student_loan_plans: ['2'] } });
  const hourly = await service.createEmployee(org.id, { first_name: 'Rhys', last_name: 'Evans', payroll_number: 'GB-002', date_of_birth: '1990-03-01', start_date: '2019-01-07', gb: { ni_number: 'JG103759A', tax_code: '1257L', ni_category: 'A' } });
  await service.assignEmployees(org.id, group.id, { employee_ids: [salaried.id, hourly.id] });
  return { orgId: org.id, calendarId: calendar.id, groupId: group.id, salaried: salaried.id, hourly: hourly.id };
}

function runBody(s: Setup, period: number): Record<string, unknown> {
  return {
    pay_group_id: s.groupId,
    pay_calendar_id: s.calendarId,
    tax_year: '2025-26',
    period_number: period,
    payroll_group: [
      { employee_id: s.salaried, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: '3250.00' }], deductions: [{ wage_type_code: 'UK-D-005', name: 'Union subscription', amount: '12.50' }], reimbursements: [{ wage_type_code: 'UK-R-001', amount: '42.60' }] } },
      { employee_id: s.hourly, pay_details: { earnings: [{ wage_type_code: 'UK-E-002', amount: '14.21', earning_frequency: 'HOUR', hours: '151.5' }] } },
    ],
  };
}

for (const backend of allBackends()) {
  describe(`payslips, payment files and journal [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let s: Setup;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      s = await employer(service);
    });
    afterEach(async () => dispose());

    async function approvedRun(period = 1): Promise<PayrollRun> {
      const { payroll_status_id: id } = await service.runGbPayroll(s.orgId, runBody(s, period));
      await service.approvePayrollRun(s.orgId, id);
      return service.getPayrollRun(s.orgId, id);
    }
    const slipOf = (run: PayrollRun, employeeId: string) => run.payslips?.find((p) => p.employee_id === employeeId) as Payslip;

    it('issues one payslip PDF per employee on approval: a document of the employee, listed, downloadable, the same bytes again', async () => {
      const run = await approvedRun();
      for (const employeeId of [s.salaried, s.hourly]) {
        const page = await service.listEmployeeDocuments(s.orgId, employeeId, { document_type: 'payslip' });
        expect(page.items).toHaveLength(1);
        const doc = page.items[0]!;
        expect(doc).toMatchObject({ document_type: 'payslip', status: 'active', mime_type: 'application/pdf', document_date: run.period_end, template_id: 1, created_by: 'local:contract-test', employee_id: employeeId });
        expect(doc.document_name).toMatch(/^payslip-2025-26-m01-GB-00[12]\.pdf$/);
        const stored = await service.getDocumentContent(s.orgId, doc.id);
        const again = await service.getPayslipPdf(s.orgId, run.id, employeeId);
        expect(again.document_id).toBe(doc.id);
        expect(Buffer.from(again.bytes).equals(Buffer.from(stored.bytes))).toBe(true);
        expect(again.sha256).toBe(doc.sha256);
      }
    });

    it('a payslip first read after the employee record changed still prints the employee as at approval (decision RENDER1)', async () => {
      const run = await approvedRun();
      const before = await service.getEmployee(s.orgId, s.salaried);
      await service.updateEmployee(s.orgId, s.salaried, { last_name: 'Byrne', address: '9 Canal Wharf, Leeds LS11 5PS', row_version: before.row_version });
      const [doc] = (await service.listEmployeeDocuments(s.orgId, s.salaried, { document_type: 'payslip' })).items;
      const text = await pdfText((await service.getDocumentContent(s.orgId, doc!.id)).bytes);
      expect(text).toContain('Siobhán O’Connor');
      expect(text).toContain('4 Park Row');
      expect(text).not.toContain('Byrne');
      expect(text).not.toContain('Canal Wharf');
      // Rendered once and stored: the record, every download and the run's payslip endpoint agree on the bytes.
      expect(doc).toMatchObject({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), file_size_bytes: expect.any(Number) });
      expect(await service.getDocument(s.orgId, doc!.id)).toEqual(doc);
      expect((await service.getPayslipPdf(s.orgId, run.id, s.salaried)).sha256).toBe(doc!.sha256);
    });

    it('prints the name, period, gross, each statutory deduction, net pay and the year to date, and hours × rate', async () => {
      await approvedRun(1);
      const run = await approvedRun(2);
      const slip = slipOf(run, s.salaried);
      const text = await pdfText((await service.getPayslipPdf(s.orgId, run.id, s.salaried)).bytes);
      for (const expected of ['Siobhán O’Connor', 'GB-001', 'AB 12 34 56 C', 'Brightwater Analytics Ltd', 'Month 2, tax year 2025-26', '6 May 2025 – 5 June 2025', `£${gbp(slip.gross_pay)}`, 'Income tax (PAYE)', gbp(slip.tax), 'National Insurance (employee)', gbp(slip.employee_ni), 'Student loan (plan 2)', gbp(slip.student_loan as string), 'Union subscription', '12.50', `£${gbp(slip.net_pay)}`, gbp(slip.employer_ni)]) {
        expect(text).toContain(expected);
      }
      for (const key of ['gross_pay', 'tax', 'employee_ni', 'net_pay'] as const) expect(text).toContain(gbp(slip.ytd_this_employment[key] as string));
      // The API's own strings, character for character: name, ISO period and pay date, each amount.
      for (const raw of [`${run.period_start} to ${run.period_end}`, run.pay_date, slip.gross_pay, slip.tax, slip.employee_ni, slip.net_pay]) expect(text).toContain(raw);
      const hourly = slipOf(run, s.hourly);
      expect(hourly.lines.find((l) => l.wage_type_code === 'UK-E-002')).toMatchObject({ hours: '151.50', rate: '14.21', amount: '2152.82' });
      const hourlyText = await pdfText((await service.getPayslipPdf(s.orgId, run.id, s.hourly)).bytes);
      expect(hourlyText).toContain('151.50');
      expect(hourlyText).toContain('14.21');
      expect(hourlyText).toContain('2152.82');
    });

    it('issues nothing for a draft, and a refused approval leaves no payslip behind', async () => {
      const { payroll_status_id: draft } = await service.runGbPayroll(s.orgId, runBody(s, 1));
      expect((await expectDomainError(service.getPayslipPdf(s.orgId, draft, s.salaried), 'conflict')).code).toBe('PAYROLL_RUN.NOT_APPROVED');
      // A second pay group paying the same employee for the same period: once the first run is approved, the other's
      // year-to-date base is stale and its approval is refused.
      const other = await service.createPayGroup(s.orgId, { name: 'Other', pay_calendar_id: s.calendarId });
      await service.discardPayrollRun(s.orgId, draft);
      const first = await service.runGbPayroll(s.orgId, runBody(s, 1));
      await service.assignEmployees(s.orgId, other.id, { employee_ids: [s.hourly] });
      const second = await service.runGbPayroll(s.orgId, { ...runBody(s, 1), pay_group_id: other.id, payroll_group: [runBody(s, 1).payroll_group as unknown[]][0]!.slice(1) });
      await service.approvePayrollRun(s.orgId, first.payroll_status_id);
      expect((await expectDomainError(service.approvePayrollRun(s.orgId, second.payroll_status_id), 'conflict')).code).toBe('PAYROLL_RUN.STALE_YTD');
      const docs = await service.listOrganizationDocuments(s.orgId, { document_type: 'payslip', size: 100 });
      expect(docs.items.map((d) => d.employee_id).sort()).toEqual([s.salaried, s.hourly].sort());
    });

    it('writes a Bacs Standard 18 file of the net pay, stored once as a document of the organization', async () => {
      await service.createEmployeeBankAccount(s.orgId, s.salaried, { financial_institution_name: 'Monzo', sort_code: '040004', account_number: '12345678', is_primary: true });
      await service.createEmployeeBankAccount(s.orgId, s.hourly, { financial_institution_name: 'Barclays', iban: 'GB33BUKB20201555555555', is_primary: true });
      const run = await approvedRun();
      const file = await service.createPaymentFile(s.orgId, run.id, { format: 'bacs' });
      const lines = Buffer.from(file.bytes).toString('utf8').split('\n').slice(0, -1);
      const records = lines.filter((l) => l.length === 100);
      expect(lines.length - records.length).toBe(7);
      const credits = records.filter((r) => r.slice(15, 17) === '99');
      expect(credits.map((r) => r.slice(0, 14)).sort()).toEqual(['04000412345678', '20201555555555']);
      const pence = credits.reduce((sum, r) => sum.plus(r.slice(35, 46)), new Decimal(0));
      expect(pence.div(100).toFixed(2)).toBe(run.totals?.net_pay);
      const contra = records.find((r) => r.slice(15, 17) === '17') as string;
      expect(contra.slice(0, 14)).toBe('30995055779911');
      expect(new Decimal(contra.slice(35, 46)).eq(pence)).toBe(true);
      const utl = lines.at(-1) as string;
      expect(new Decimal(utl.slice(17, 30)).eq(pence)).toBe(true);
      expect(lines[0]?.slice(41, 47)).toBe('123456');
      const doc = await service.getDocument(s.orgId, file.document_id as string);
      expect(doc).toMatchObject({ document_type: 'uk_bacs_file', employee_id: null, template_id: 11, mime_type: 'text/plain', sha256: file.sha256 });
      const again = await service.createPaymentFile(s.orgId, run.id, { format: 'bacs' });
      expect(again.document_id).toBe(file.document_id);
      const csv = await service.createPaymentFile(s.orgId, run.id, { format: 'bacs-csv' });
      const rows = Buffer.from(csv.bytes).toString('utf8').split('\r\n').filter(Boolean);
      expect(rows).toHaveLength(2);
      expect(rows.reduce((sum, r) => sum.plus(r.split(',')[3] as string), new Decimal(0)).toFixed(2)).toBe(run.totals?.net_pay);
      expect((await service.getDocument(s.orgId, csv.document_id as string)).document_type).toBe('uk_bacs_file_csv');
      expect((await expectDomainError(service.createPaymentFile(s.orgId, run.id, { format: 'sepa' }), 'validation')).code).toBe('PAYMENTS.FORMAT_COUNTRY');
    });

    it('refuses the payment file naming every employee whose account cannot be paid, and stores nothing', async () => {
      await service.createEmployeeBankAccount(s.orgId, s.hourly, { financial_institution_name: 'Sparkasse', iban: 'DE89370400440532013000', is_primary: true });
      const run = await approvedRun();
      const error = await expectDomainError(service.createPaymentFile(s.orgId, run.id, { format: 'bacs' }), 'validation');
      expect(error.code).toBe('PAYMENTS.ACCOUNTS_INVALID');
      expect(error.message).toContain('Siobhán O’Connor (GB-001): no active primary bank account');
      expect(error.message).toContain('Rhys Evans (GB-002): account DE****************3000 has no valid UK sort code');
      expect(error.message).not.toContain('0532013000');
      expect(error.issues.map((i) => i.loc[1])).toEqual([s.salaried, s.hourly]);
      expect((await service.listOrganizationDocuments(s.orgId, { document_type: 'uk_bacs_file' })).items).toEqual([]);
    });

    it('books the run in a balanced journal: CSV per account or per employee, and a DATEV Buchungsstapel', async () => {
      const run = await approvedRun();
      const t = run.totals as Record<string, string>;
      const csv = Buffer.from((await service.getRunJournal(s.orgId, run.id, { format: 'csv' })).bytes).toString('utf8');
      const rows = csv.split('\r\n').filter(Boolean).slice(1).map((r) => r.split(','));
      const debit = rows.reduce((sum, r) => sum.plus(r[4] as string), new Decimal(0));
      const credit = rows.reduce((sum, r) => sum.plus(r[5] as string), new Decimal(0));
      expect(debit.eq(credit)).toBe(true);
      const on = (account: string, column: 4 | 5) => rows.filter((r) => r[2] === account).reduce((sum, r) => sum.plus(r[column] as string), new Decimal(0)).toFixed(2);
      expect(on('7000', 4)).toBe(t.gross_pay);
      expect(on('2220', 5)).toBe(t.net_pay);
      expect(on('7006', 4)).toBe(t.employer_ni);
      expect(on('2210', 5)).toBe(new Decimal(t.tax as string).plus(t.student_loan as string).plus(t.postgraduate_loan as string).toFixed(2));
      expect(on('2211', 5)).toBe(new Decimal(t.employee_ni as string).plus(t.employer_ni as string).toFixed(2));
      expect(on('7400', 4)).toBe('42.60');
      expect(on('2240', 5)).toBe('12.50');
      const perEmployee = Buffer.from((await service.getRunJournal(s.orgId, run.id, { format: 'csv', detail: 'employee' })).bytes).toString('utf8');
      expect(perEmployee).toContain(s.hourly);
      expect(perEmployee).toContain('Hourly pay – Rhys Evans');

      const datev = Buffer.from((await service.getRunJournal(s.orgId, run.id, { format: 'datev' })).bytes).toString('latin1').split('\r\n');
      expect(datev[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;\d{17};;"RE";"payroll";"";29098;55003;20250101;4;20250406;20250505;/);
      expect(datev[1]?.split(';')).toHaveLength(125);
      const bookings = datev.slice(2).filter(Boolean).map((l) => l.split(';'));
      expect(bookings).toHaveLength(rows.length);
      expect(bookings.every((b) => b.length === 125 && b[7] === '2299' && /^\d+,\d{2}$/.test(b[0] as string))).toBe(true);
      const side = (flag: string) => bookings.filter((b) => b[1] === flag).reduce((sum, b) => sum.plus((b[0] as string).replace(',', '.')), new Decimal(0));
      expect(side('"S"').eq(side('"H"'))).toBe(true);
    });

    it('refuses the DATEV export without the DATEV numbers, naming the setting', async () => {
      const run = await approvedRun();
      await service.updateOrganization(s.orgId, { accounting: { chart: 'GB_NOMINAL' } });
      const error = await expectDomainError(service.getRunJournal(s.orgId, run.id, { format: 'datev' }), 'validation');
      expect(error.issues[0]?.loc).toEqual(['organization', 'accounting', 'datev_consultant_number']);
    });
  });
}
