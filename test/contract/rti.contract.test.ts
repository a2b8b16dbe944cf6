/**
 * RTI documents end to end through the service, on every backend (issue 16 point 3): a small British employer's
 * 2025-26 year (PAYE and Accounts Office references, Employment Allowance, small employers' relief), an employee
 * with a student loan who takes maternity leave (SMP), a starter with a P45, a starter with a starter declaration,
 * a leaver paid once more after leaving; monthly runs approved for months 1 to 11 and none in month 12. Every FPS
 * and EPS of the telling months is validated against HMRC's 2025-26 XSDs (envelope through its local signature-schema
 * copy) and business rules (FPS: HMRC's Schematron; EPS: eps2025Rules); each FPS's year-to-date figures are compared
 * with the payslips'.
 */
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/domain/money.js';
import { gbParams } from '../../src/domain/gb/params/index.js';
import { irmarkOf } from '../../src/formats/rti/index.js';
import type { Payslip } from '../../src/service/contracts/payroll-runs.js';
import type { PayrollService, RtiDocument } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { runRtiSchematron, validateRtiXsd } from '../support/rti-validation.js';
import { payDate } from '../domain/gb/run/fixtures.js';

interface Node {
  nodeType: number;
  localName: string;
  textContent: string | null;
  firstChild: Node | null;
  nextSibling: Node | null;
  getAttribute(name: string): string | null;
}
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as { DOMParser: new () => { parseFromString(text: string, mime: string): { documentElement: Node } } };

function children(node: Node, name: string): Node[] {
  const out: Node[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 && c.localName === name) out.push(c);
  return out;
}
/** The text at a path of element names below `node`, or null. */
function at(node: Node, ...path: string[]): string | null {
  let current: Node | undefined = node;
  for (const name of path) current = current ? children(current, name)[0] : undefined;
  return current ? (current.textContent ?? '') : null;
}
function parse(xml: string): Node {
  return new DOMParser().parseFromString(xml, 'text/xml').documentElement;
}
/** The 5th that ends tax month n of 2025-26. */
const taxMonthEnd = (n: number) => payDate(n);
const text = (doc: RtiDocument) => new TextDecoder().decode(doc.bytes);

const SMP_WEEKLY = gbParams('2025-26').statutoryPayments;
/**
 * The months whose messages go through the validators (a few seconds each): the starters' (1, 4), the leaver's
 * (6), the payment after leaving with the first SMP (7), the last run (11); the EPS of the first month, the SMP
 * months and the final month without payments. Every month's figures are compared either way.
 */
const FPS_CHECKED = new Set([1, 4, 6, 7, 11]);
const EPS_CHECKED = new Set([1, 7, 9, 12]);

for (const backend of allBackends()) {
  describe(`RTI documents [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
    });
    afterEach(async () => dispose());

    async function employer() {
      const org = await service.createOrganization({
        legal_name: 'Little Snoring Bakery Ltd',
        country: 'GB',
        tax_identifiers: { tax_data: { country: 'GB', tax_number: '123/AB45678' } },
        gb: {
          accounts_office_reference: '123PA00045678',
          corporation_tax_reference: '2234567890',
          employment_allowance_claims: [{ tax_year: '2025-26', from_month: 1, state_aid_sector: 'not_applicable' }],
          small_employers_relief_years: ['2025-26'],
        },
      });
      const calendar = await service.createPayCalendar(org.id, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } });
      const group = await service.createPayGroup(org.id, { name: 'Monthly staff', pay_calendar_id: calendar.id });
      const person = (payroll: string, first: string, last: string, start: string, gb: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
        service.createEmployee(org.id, { payroll_number: payroll, first_name: first, last_name: last, date_of_birth: '1990-03-14', start_date: start, gb: { tax_code: '1257L', ni_category: 'A', ...gb }, ...extra });
      const alice = await person('E001', 'Alice', 'Baker', '2020-01-06', { ni_number: 'AB123456C', gender: 'F', student_loan_plans: ['2'] }, { address: '12 High Street, Little Snoring, Fakenham NR21 0AA', pay: { basis: 'salary', annual_salary: '36000', hours_per_week: '37.5' } });
      const ben = await person('E002', 'Ben', 'Crust', '2025-07-14', { ni_number: 'CE654321A', gender: 'M', p45: { leaving_date: '2025-06-30', tax_code: '1257L', week1_month1: false, pay_to_date: '7500.00', tax_to_date: '480.40' } }, { address: '3 Mill Lane, Fakenham, NR21 8AB' });
      const cara = await person('E003', 'Cara', 'Dough', '2025-04-22', { ni_number: 'JK111111D', gender: 'F', starter_declaration: 'A' }, { address: '9 Church Road, Walsingham NR22 6BL', pay: { basis: 'hourly', hourly_rate: '12.50', hours_per_week: '20' } });
      const dan = await person('E004', 'Dan', 'Flour', '2019-09-01', { ni_number: 'ZX987654B', gender: 'M' });
      await service.assignEmployees(org.id, group.id, { employee_ids: [alice.id, ben.id, cara.id, dan.id] });
      return { orgId: org.id, calendarId: calendar.id, groupId: group.id, alice: alice.id, ben: ben.id, cara: cara.id, dan: dan.id };
    }

    it('a 2025-26 year: FPS and EPS valid against the year’s XSDs and business rules, every FPS’s YTD as the payslips hold it', async () => {
      const e = await employer();
      // Alice's maternity leave: SMP in months 7 to 9 (paid as the SMP wage type beside a reduced salary).
      const smp: Record<number, string> = { 7: '748.72', 8: '748.72', 9: '936.00' };
      const fpsByMonth = new Map<number, { doc: RtiDocument; payslips: Payslip[] }>();
      for (let month = 1; month <= 11; month += 1) {
        if (month === 6) await service.leaveEmployee(e.orgId, e.dan, { leave_date: '2025-09-30' });
        const group: { employee_id: string; pay_details: Record<string, unknown> }[] = [];
        const earn = (employee: string, earnings: { wage_type_code: string; amount: string }[]) => group.push({ employee_id: employee, pay_details: { earnings } });
        earn(e.alice, [{ wage_type_code: 'UK-E-001', amount: smp[month] ? '500.00' : '3000.00' }, ...(smp[month] ? [{ wage_type_code: 'UK-S-002', amount: smp[month]! }] : [])]);
        if (month >= 4) earn(e.ben, [{ wage_type_code: 'UK-E-001', amount: '2750.00' }]);
        earn(e.cara, [{ wage_type_code: 'UK-E-001', amount: '1083.33' }]);
        if (month <= 6) earn(e.dan, [{ wage_type_code: 'UK-E-001', amount: '2200.00' }]);
        if (month === 7) earn(e.dan, [{ wage_type_code: 'UK-E-004', amount: '400.00' }]);
        const result = await service.runGbPayroll(e.orgId, { pay_group_id: e.groupId, pay_calendar_id: e.calendarId, period_number: month, tax_year: '2025-26', payroll_group: group });
        const runId = result.payroll_status_id;
        // A draft run has no FPS: the figures are not final.
        if (month === 1) expect((await expectDomainError(service.getRunFps(e.orgId, runId), 'conflict')).code).toBe('RTI.RUN_NOT_SETTLED');
        await service.approvePayrollRun(e.orgId, runId);
        const run = await service.getPayrollRun(e.orgId, runId);
        const doc = await service.getRunFps(e.orgId, runId);
        fpsByMonth.set(month, { doc, payslips: run.payslips ?? [] });
        if (process.env.RTI_DUMP) (await import("node:fs")).writeFileSync(`${process.env.RTI_DUMP}/fps-${month}.xml`, doc.bytes);
      }

      const smpYtd = (month: number) => Object.entries(smp).filter(([m]) => Number(m) <= month).reduce((t, [, v]) => t.plus(v), new Decimal(0));
      for (const [month, { doc, payslips }] of fpsByMonth) {
        const xml = text(doc);
        // The IRmark over the bytes received is the one the service computed: the bytes are the ones it wrote.
        expect(irmarkOf(xml)).toEqual({ base64: doc.irmark, base32: doc.irmark_base32 });
        expect(doc).toMatchObject({ mime_type: 'application/xml', file_name: expect.stringMatching(/^fps-2025-26-monthly-\d+-.+\.xml$/) });
        if (FPS_CHECKED.has(month)) {
          expect(await validateRtiXsd(xml, '2025-26', 'fps'), `FPS month ${month}`).toEqual({ envelopeErrors: [], bodyErrors: [] });
          expect(runRtiSchematron(xml, '2025-26', 'fps', payDate(month)), `FPS month ${month}`).toEqual([]);
        }
        const root = parse(xml);
        const fps = children(children(children(root, 'Body')[0]!, 'IRenvelope')[0]!, 'FullPaymentSubmission')[0]!;
        expect(at(fps, 'EmpRefs', 'OfficeNo')).toBe('123');
        expect(at(fps, 'EmpRefs', 'PayeRef')).toBe('AB45678');
        expect(at(fps, 'EmpRefs', 'AORef')).toBe('123PA00045678');
        const employees = children(fps, 'Employee');
        expect(employees).toHaveLength(payslips.length);
        for (const emp of employees) {
          const employment = children(emp, 'Employment')[0]!;
          const payId = at(employment, 'PayId')!;
          const payslip = payslips.find((p) => p.employee_id === { E001: e.alice, E002: e.ben, E003: e.cara, E004: e.dan }[payId])!;
          const ytd = payslip.ytd_this_employment;
          // The FPS year to date is the payslip's, to the penny.
          expect(at(employment, 'FiguresToDate', 'TaxablePay'), `${payId} month ${month}`).toBe(ytd.taxable_pay);
          expect(at(employment, 'FiguresToDate', 'TotalTax')).toBe(new Decimal(ytd.tax!).toFixed(2));
          expect(at(employment, 'Payment', 'TaxablePay')).toBe(payslip.taxable_pay);
          expect(at(employment, 'Payment', 'TaxDeductedOrRefunded')).toBe(new Decimal(payslip.tax).toFixed(2));
          expect(at(employment, 'Payment', 'MonthNo')).toBe(String(month));
          expect(at(employment, 'Payment', 'PmtDate')).toBe(payDate(month));
          const ni = children(employment, 'NIlettersAndValues');
          expect(ni).toHaveLength(1);
          expect([at(ni[0]!, 'NIletter'), at(ni[0]!, 'GrossEarningsForNICsInPd'), at(ni[0]!, 'GrossEarningsForNICsYTD'), at(ni[0]!, 'AtLELYTD'), at(ni[0]!, 'LELtoPTYTD'), at(ni[0]!, 'PTtoUELYTD'), at(ni[0]!, 'TotalEmpNICInPd'), at(ni[0]!, 'TotalEmpNICYTD'), at(ni[0]!, 'EmpeeContribnsInPd'), at(ni[0]!, 'EmpeeContribnsYTD')]).toEqual([
            payslip.ni_category,
            payslip.niable_pay,
            ytd.niable_pay,
            ytd.ni_earnings_at_lel,
            ytd.ni_earnings_lel_to_pt,
            ytd.ni_earnings_pt_to_uel,
            payslip.employer_ni,
            ytd.employer_ni,
            payslip.employee_ni,
            ytd.employee_ni,
          ]);
          if (payId === 'E001') {
            expect(at(employment, 'FiguresToDate', 'StudentLoansTD')).toBe(ytd.student_loan);
            expect(at(employment, 'Payment', 'SMPYTD')).toBe(month >= 7 ? smpYtd(month).toFixed(2) : null);
            expect(at(employment, 'Payment', 'HoursWorked')).toBe('D');
            expect(at(employment, 'Starter')).toBeNull();
          }
          // Starters: on their first FPS only, with the declaration (Ben's P45 stands for statement B).
          if (payId === 'E002') expect([at(employment, 'Starter', 'StartDate'), at(employment, 'Starter', 'StartDec')]).toEqual(month === 4 ? ['2025-07-14', 'B'] : [null, null]);
          if (payId === 'E003') expect([at(employment, 'Starter', 'StartDate'), at(employment, 'Starter', 'StartDec'), at(employment, 'Payment', 'HoursWorked')]).toEqual(month === 1 ? ['2025-04-22', 'A', 'B'] : [null, null, 'B']);
          if (payId === 'E004') {
            expect(at(employment, 'LeavingDate')).toBe(month >= 6 ? '2025-09-30' : null);
            expect(at(employment, 'Payment', 'PmtAfterLeaving')).toBe(month === 7 ? 'yes' : null);
          }
          expect(at(emp, 'EmployeeDetails', 'NINO')).toBeTruthy();
          expect(at(emp, 'EmployeeDetails', 'BirthDate')).toBe('1990-03-14');
        }
      }
      // Alice's address: lines and the postcode out of the stored one-line address.
      const first = parse(text(fpsByMonth.get(1)!.doc));
      expect(text(fpsByMonth.get(1)!.doc)).toMatch(/<Line>12 High Street<\/Line>\s*<Line>Little Snoring<\/Line>\s*<Line>Fakenham<\/Line>\s*<UKPostcode>NR21 0AA<\/UKPostcode>/);
      expect(first.localName).toBe('GovTalkMessage');

      // EPS: SMP recovered at 108.5 % and 8.5 % compensation (small employers' relief) on the year to date; the
      // Employment Allowance claim with its State aid sector; month 12 had no payments and is the final one.
      const relief = SMP_WEEKLY.recovery;
      for (let month = 1; month <= 12; month += 1) {
        const final = month === 12;
        const doc = await service.getEps(e.orgId, { tax_year: '2025-26', month: String(month), ...(final ? { final_submission: 'true' } : {}) });
        const xml = text(doc);
        expect(irmarkOf(xml).base64).toBe(doc.irmark);
        if (EPS_CHECKED.has(month)) {
          expect(await validateRtiXsd(xml, '2025-26', 'eps'), `EPS month ${month}`).toEqual({ envelopeErrors: [], bodyErrors: [] });
          // Submitted on the 10th after the tax month ends (inside the TaxMonth window of rules 7918–7929).
          expect(runRtiSchematron(xml, '2025-26', 'eps', taxMonthEnd(month).replace(/-05$/, '-10')), `EPS month ${month}`).toEqual([]);
        }
        const eps = children(children(children(parse(xml), 'Body')[0]!, 'IRenvelope')[0]!, 'EmployerPaymentSummary')[0]!;
        expect([at(eps, 'EmpAllceInd'), at(eps, 'DeMinimisStateAid', 'NA'), at(eps, 'RelatedTaxYear')]).toEqual(['yes', 'yes', '25-26']);
        const paidSmp = smpYtd(month);
        if (paidSmp.isZero()) expect(at(eps, 'RecoverableAmountsYTD')).toBeNull();
        else {
          expect(at(eps, 'RecoverableAmountsYTD', 'TaxMonth')).toBe(String(month));
          expect(at(eps, 'RecoverableAmountsYTD', 'SMPRecovered')).toBe(paidSmp.times(relief.smallEmployerRecoveryRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
          expect(at(eps, 'RecoverableAmountsYTD', 'NICCompensationOnSMP')).toBe(paidSmp.times(relief.smallEmployerCompensationRate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
        }
        // A pay bill of this size is far below the levy allowance: no levy to report.
        expect(at(eps, 'ApprenticeshipLevy')).toBeNull();
        expect([at(eps, 'NoPaymentForPeriod'), at(eps, 'NoPaymentDates', 'From'), at(eps, 'NoPaymentDates', 'To')]).toEqual(final ? ['yes', '2026-03-06', '2026-04-05'] : [null, null, null]);
        expect(at(eps, 'FinalSubmission', 'ForYear')).toBe(final ? 'yes' : null);
      }
      // Small employers' relief: the whole payment back plus 8.5 % compensation (SSCBA 1992 s.167; SMP (Compensation of Employers) Regulations 1994).
      expect([relief.smallEmployerRecoveryRate.toString(), relief.smallEmployerCompensationRate.toString()]).toEqual(['1', '0.085']);
    });

    it('2026-27: the year decides the schema — a Plan 5 loan on the FPS and an EPS without de minimis State aid, valid against the 2026-27 XSDs and HMRC’s Schematron', async () => {
      const e = await employer();
      await service.updateOrganization(e.orgId, { gb: { accounts_office_reference: '123PA00045678', employment_allowance_claims: [{ tax_year: '2026-27', from_month: 1 }] } });
      await service.updateEmployee(e.orgId, e.alice, { gb: { student_loan_plans: ['5'], postgraduate_loan: true } });
      const result = await service.runGbPayroll(e.orgId, { pay_group_id: e.groupId, pay_calendar_id: e.calendarId, period_number: 1, tax_year: '2026-27', payroll_group: [{ employee_id: e.alice, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: '3000.00' }] } }] });
      await service.approvePayrollRun(e.orgId, result.payroll_status_id);
      const run = await service.getPayrollRun(e.orgId, result.payroll_status_id);
      const slip = run.payslips![0]!;
      const xml = text(await service.getRunFps(e.orgId, run.id));
      expect(xml).toContain('<IRenvelope xmlns="http://www.govtalk.gov.uk/taxation/PAYE/RTI/FullPaymentSubmission/26-27/1">');
      expect(xml).toContain(`<StudentLoanRecovered PlanType="05">${new Decimal(String(slip.student_loan)).toFixed(2)}</StudentLoanRecovered>`);
      expect(xml).toContain(`<PostgradLoanRecovered>${new Decimal(String(slip.postgraduate_loan)).toFixed(2)}</PostgradLoanRecovered>`);
      expect(new Decimal(String(slip.student_loan)).isZero()).toBe(false);
      expect(await validateRtiXsd(xml, '2026-27', 'fps')).toEqual({ envelopeErrors: [], bodyErrors: [] });
      expect(runRtiSchematron(xml, '2026-27', 'fps', run.pay_date)).toEqual([]);
      const eps = text(await service.getEps(e.orgId, { tax_year: '2026-27', month: '1' }));
      expect(eps).toContain('<EmpAllceInd>yes</EmpAllceInd>');
      expect(eps).not.toContain('DeMinimisStateAid');
      expect(await validateRtiXsd(eps, '2026-27', 'eps')).toEqual({ envelopeErrors: [], bodyErrors: [] });
      expect(runRtiSchematron(eps, '2026-27', 'eps', '2026-05-10')).toEqual([]);
    });

    it('the employer settings travel in an export and come back unchanged from an import into another store', async () => {
      const e = await employer();
      const exported = await service.exportOrganization(e.orgId);
      const target = await backend.create();
      try {
        const report = await target.service.importOrganization(exported);
        expect(report.tables.organizations).toEqual({ inserted: 1, updated: 0, unchanged: 0, kept: 0 });
        expect((await target.service.getOrganization(e.orgId)).gb).toEqual((await service.getOrganization(e.orgId)).gb);
        expect((await target.service.getEmployee(e.orgId, e.alice)).gb).toMatchObject({ gender: 'F' });
        expect((await target.service.importOrganization(exported)).tables.organizations).toEqual({ inserted: 0, updated: 0, unchanged: 1, kept: 0 });
      } finally {
        await target.dispose();
      }
    });

    it('refuses an FPS without the references HMRC needs, naming the field', async () => {
      const org = await service.createOrganization({ legal_name: 'No Refs Ltd', country: 'GB' });
      const err = await expectDomainError(service.getEps(org.id, { tax_year: '2025-26', month: '1' }), 'validation');
      expect(err.issues[0]?.loc).toEqual(['organization', 'tax_identifiers', 'tax_data', 'tax_number']);
      await service.updateOrganization(org.id, { tax_identifiers: { tax_data: { country: 'GB', tax_number: '123/AB45678' } } });
      expect((await expectDomainError(service.getEps(org.id, { tax_year: '2025-26', month: '1' }), 'validation')).issues[0]?.loc).toEqual(['organization', 'gb', 'accounts_office_reference']);
      await service.updateOrganization(org.id, { gb: { accounts_office_reference: '123pa00045678' } });
      expect((await service.getOrganization(org.id)).gb).toMatchObject({ accounts_office_reference: '123PA00045678', rti_sender: 'Employer' });
      // Nothing to say for month 1 but that nobody was paid: a no-payment EPS.
      expect(text(await service.getEps(org.id, { tax_year: '2025-26', month: '1' }))).toMatch(/<NoPaymentDates>\s*<From>2025-04-06<\/From>\s*<To>2025-05-05<\/To>/);
      expect((await expectDomainError(service.getEps(org.id, { tax_year: '2024-25', month: '1' }), 'validation')).issues[0]?.loc).toEqual(['query', 'tax_year']);
      expect((await expectDomainError(service.updateOrganization(org.id, { gb: { corporation_tax_reference: '1234567890' } }), 'validation')).issues[0]?.loc).toEqual(['body', 'gb', 'corporation_tax_reference']);
    });
  });
}
