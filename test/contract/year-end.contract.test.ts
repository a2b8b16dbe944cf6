/**
 * Issue 16 point 4 over every backend: the P60 of an employee employed on 5 April equals the final FPS's year to
 * date (the last payslip's ytd_this_employment, the NI letter's bands), with the previous employment's pay and tax
 * from the P45 shown apart; the leaver's P45 (parts 1A, 2, 3) is a document of the employee once the run that pays
 * them as a leaver is approved, with the leaving date and the payslip's year to date; a leaver gets no P60.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import type { PayrollService } from '../../src/service/ports.js';
import type { Payslip } from '../../src/service/contracts/payroll-runs.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { pdfText } from '../formats/pdf-text.js';

const gbp = (v: string | undefined) => new Decimal(v ?? '0').toFixed(2);
const flat = (text: string) => text.replace(/\s+/g, ' ');

for (const backend of allBackends()) {
  describe(`P60 and P45 [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
    });
    afterEach(async () => dispose());

    it('months 10 to 12 of 2025-26: the P60 is the final year to date, the leaver’s P45 is issued on approval', async () => {
      const org = await service.createOrganization({
        legal_name: 'Little Snoring Bakery Ltd',
        country: 'GB',
        address: { address: '1 Market Place, Fakenham NR21 9BE', content: { country_code: 'GB', address_type: 'REGISTERED_OFFICE' } },
        tax_identifiers: { tax_data: { country: 'GB', tax_number: '123/AB45678' } },
      });
      const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
      const group = await service.createPayGroup(org.id, { name: 'Staff', pay_calendar_id: calendar.id });
      const person = (payroll: string, first: string, last: string, gb: Record<string, unknown>) =>
        service.createEmployee(org.id, { payroll_number: payroll, first_name: first, last_name: last, date_of_birth: '1990-03-14', start_date: '2026-01-06', gb: { tax_code: '1257L', ni_category: 'A', gender: 'M', ...gb } });
      const ben = await person('E002', 'Ben', 'Crust', { ni_number: 'CE654321A', student_loan_plans: ['2'], p45: { leaving_date: '2025-12-31', tax_code: '1257L', week1_month1: false, pay_to_date: '27000.00', tax_to_date: '2886.40' } });
      const dan = await person('E004', 'Dan', 'Flour', { ni_number: 'ZX987654B', starter_declaration: 'A' });
      await service.assignEmployees(org.id, group.id, { employee_ids: [ben.id, dan.id] });

      const last = new Map<string, Payslip>();
      for (const month of [10, 11, 12]) {
        if (month === 11) await service.leaveEmployee(org.id, dan.id, { leave_date: '2026-02-20' });
        const payroll_group = [{ employee_id: ben.id, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: '3500.00' }] } }];
        if (month <= 11) payroll_group.push({ employee_id: dan.id, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: month === 11 ? '1600.00' : '2400.00' }] } });
        const { payroll_status_id: runId } = await service.runGbPayroll(org.id, { pay_group_id: group.id, pay_calendar_id: calendar.id, period_number: month, tax_year: '2025-26', payroll_group });
        // No P45 before the leaver's run is approved.
        if (month === 11) expect((await service.listEmployeeDocuments(org.id, dan.id, { document_type: 'p45' })).items).toHaveLength(0);
        await service.approvePayrollRun(org.id, runId);
        for (const p of (await service.getPayrollRun(org.id, runId)).payslips ?? []) last.set(p.employee_id, p);
      }

      // The P60s: Ben only (Dan left in February).
      const list = await service.listP60s(org.id, { tax_year: '2025-26' });
      expect(list).toEqual({ tax_year: '2025-26', p60s: [{ employee_id: ben.id, file_name: 'p60-2025-26-E002.pdf' }] });
      const p60 = await service.getP60Pdf(org.id, ben.id, { tax_year: '2025-26' });
      expect(p60).toMatchObject({ document_id: null, file_name: 'p60-2025-26-E002.pdf', mime_type: 'application/pdf' });
      expect(Buffer.from(p60.bytes).equals(Buffer.from((await service.getP60Pdf(org.id, ben.id, { tax_year: '2025-26' })).bytes))).toBe(true);
      const slip = last.get(ben.id)!;
      const ytd = slip.ytd_this_employment;
      expect(slip.tax_period).toBe(12);
      const text = flat(await pdfText(p60.bytes));
      expect(text).toContain('P60 End of Year Certificate');
      expect(text).toContain('Tax year to 5 April 2026');
      expect(text).toContain('Crust');
      expect(text).toContain('CE 65 43 21 A');
      expect(text).toContain('E002');
      expect(text).toContain('123/AB45678');
      expect(text).toContain(`Final tax code ${slip.tax_code}`);
      expect(text).toContain('In previous employment(s) 27000.00 2886.40');
      expect(text).toContain(`In this employment ${gbp(ytd.taxable_pay)} ${gbp(ytd.tax)}`);
      expect(ytd.taxable_pay).toBe('10500.00');
      expect(text).toContain(`Total for year ${new Decimal(ytd.taxable_pay!).plus('27000.00').toFixed(2)} ${new Decimal(ytd.tax!).plus('2886.40').toFixed(2)}`);
      expect(text).toContain(`A ${gbp(ytd.ni_earnings_at_lel)} ${gbp(ytd.ni_earnings_lel_to_pt)} ${gbp(ytd.ni_earnings_pt_to_uel)} ${gbp(ytd.employee_ni)}`);
      expect(new Decimal(ytd.employee_ni!).isZero()).toBe(false);
      expect(text).toContain(`Student Loan deductions (whole £ only) ${gbp(ytd.student_loan)}`);
      expect(new Decimal(ytd.student_loan!).isZero()).toBe(false);

      // Dan's P45: issued on approval of month 11, a document of Dan with his leaving date.
      const docs = (await service.listEmployeeDocuments(org.id, dan.id, { document_type: 'p45' })).items;
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({ document_type: 'p45', mime_type: 'application/pdf', document_date: '2026-02-20', document_name: 'p45-2026-02-20-E004.pdf', template_id: 3 });
      const danSlip = last.get(dan.id)!;
      expect(danSlip.p45).not.toBeNull();
      const p45Bytes = (await service.getDocumentContent(org.id, docs[0]!.id)).bytes;
      if (process.env.YEAR_END_DUMP) for (const [name, bytes] of [['p60.pdf', p60.bytes], ['p45.pdf', p45Bytes]] as const) (await import('node:fs')).writeFileSync(`${process.env.YEAR_END_DUMP}/${name}`, bytes);
      const p45 = flat(await pdfText(p45Bytes));
      for (const part of ['P45 Part 1A', 'P45 Part 2', 'P45 Part 3']) expect(p45).toContain(part);
      expect(p45).toContain('Leaving date 20 February 2026');
      expect(p45).toContain('ZX 98 76 54 B');
      expect(p45).toContain('Employer PAYE reference 123/AB45678');
      expect(p45).toContain(`Tax code at leaving date ${String(danSlip.p45!.tax_code)}`);
      expect(p45).toContain('Last entries made in Month 11');
      expect(p45).toContain(`Pay in this employment £ ${gbp(danSlip.ytd_this_employment.taxable_pay)}`);
      expect(p45).toContain(`Tax in this employment £ ${gbp(danSlip.ytd_this_employment.tax)}`);
      expect(danSlip.ytd_this_employment.taxable_pay).toBe('4000.00');
      expect(p45).toContain('Student Loan deductions to continue No');
      // Ben is no leaver: no P45. Dan has no P60.
      expect((await service.listEmployeeDocuments(org.id, ben.id, { document_type: 'p45' })).items).toHaveLength(0);
      expect((await expectDomainError(service.getP60Pdf(org.id, dan.id, { tax_year: '2025-26' }), 'not_found')).code).toBe('P60.NOT_FOUND');
      await expectDomainError(service.listP60s(org.id, { tax_year: '2019-20' }), 'validation');
    }, 120_000);
  });
}
