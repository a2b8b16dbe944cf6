/**
 * A British payroll year on every backend (issue 16): absences recorded → runs pay SSP and SMP themselves with
 * exactly the engines' amounts (AWE from the approved runs before) → a typed statutory line for the same payment is
 * refused → the month's liabilities (the P32 view) with the recovery and compensation figures; the starter
 * declaration deciding the code; a leaver paid regular pay again warned about; the organization's gb settings.
 *
 * The calendar pays calendar months on their last day (2026-27 period 1 is April 2026), so a run period is exactly the
 * engines' monthly pay period.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal, money } from '../../src/domain/money.js';
import { averageWeeklyEarnings, calculateEmployerLiabilities, calculateFamilyPay, calculateSsp, relevantPeriod } from '../../src/domain/gb/statutory/index.js';
import type { PayrollService } from '../../src/service/ports.js';
import type { Payslip } from '../../src/service/contracts/payroll-runs.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { runRtiSchematron, validateRtiXsd } from '../support/rti-validation.js';

const MONTH_END: Record<number, string> = { 4: '2026-04-30', 5: '2026-05-31', 6: '2026-06-30', 7: '2026-07-31' };

for (const backend of allBackends()) {
  describe(`a British payroll year [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    let calendarId: string;
    let groupId: string;
    let sam: string;
    let mia: string;

    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      const org = await service.createOrganization({ legal_name: 'Year Ltd', country: 'GB', gb: { employment_allowance_claims: [{ tax_year: '2026-27', from_month: 1 }], small_employers_relief_years: ['2026-27'] } });
      orgId = org.id;
      calendarId = (await service.createPayCalendar(orgId, { name: 'Calendar months', frequency: 'monthly', first_period_start: '2026-04-01', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } })).id;
      groupId = (await service.createPayGroup(orgId, { name: 'Staff', pay_calendar_id: calendarId })).id;
      const make = async (first: string) => (await service.createEmployee(orgId, { first_name: first, last_name: 'Test', date_of_birth: '1988-03-01', start_date: '2020-01-06', gb: { tax_code: '1257L', ni_category: 'A' } })).id;
      sam = await make('Sam');
      mia = await make('Mia');
      await service.assignEmployees(orgId, groupId, { employee_ids: [sam, mia] });
    });
    afterEach(async () => dispose());

    const body = (month: number, lines: Record<string, { wage_type_code: string; amount: string }[]>) => ({
      pay_group_id: groupId,
      pay_calendar_id: calendarId,
      pay_date: MONTH_END[month],
      payroll_group: Object.entries(lines).map(([employee_id, earnings]) => ({ employee_id, pay_details: { earnings } })),
    });
    const basic = (amount: string) => [{ wage_type_code: 'UK-E-001', amount }];
    async function runAndApprove(month: number, lines: Record<string, { wage_type_code: string; amount: string }[]>) {
      const result = await service.runGbPayroll(orgId, body(month, lines));
      await service.approvePayrollRun(orgId, result.payroll_status_id);
      return service.getPayrollRun(orgId, result.payroll_status_id);
    }
    const slipOf = (run: { payslips?: Payslip[] }, id: string) => run.payslips?.find((p) => p.employee_id === id) as Payslip & Record<string, unknown>;

    it('pays SSP and SMP from the absences with the engines’ amounts, refuses a typed double, and the month’s liabilities recover SMP', async () => {
      for (const month of [4, 5, 6]) await runAndApprove(month, { [sam]: basic('600.00'), [mia]: basic('2600.00') });
      const sickness = await service.createAbsence(orgId, sam, { kind: 'sickness', first_day: '2026-07-06', last_day: '2026-07-17' });
      const maternity = await service.createAbsence(orgId, mia, { kind: 'maternity', first_day: '2026-07-26', due_date: '2026-10-14' });

      // SMP typed for the period the maternity leave pays: refused, nothing stored.
      const refused = await expectDomainError(service.runGbPayroll(orgId, body(7, { [sam]: basic('600.00'), [mia]: [...basic('2000.00'), { wage_type_code: 'UK-S-002', amount: '462.86' }] })), 'validation');
      expect(refused.issues).toEqual([expect.objectContaining({ loc: ['body', 'payroll_group', '1', 'pay_details', 'earnings', '1', 'wage_type_code'], type: 'statutory_double_payment', msg: expect.stringContaining(`recorded absence ${maternity.id}`) })]);
      expect((await service.listPayrollRuns(orgId, {})).items.filter((r) => r.status === 'draft')).toHaveLength(0);

      const july = await runAndApprove(7, { [sam]: basic('600.00'), [mia]: basic('2000.00') });
      const samSlip = slipOf(july, sam);
      const miaSlip = slipOf(july, mia);

      // The engines, fed the same approved pay: May and June paid before the PIW (6 July) and the qualifying week (28 June – 4 July).
      const history = (amount: string) => ['2026-04-30', '2026-05-31', '2026-06-30'].map((payDate) => ({ payDate, gross: new Decimal(amount) }));
      const samAwe = averageWeeklyEarnings(relevantPeriod(history('600'), dayNumber('2026-07-05'), dayNumber('2020-01-06')), 'monthly');
      const ssp = calculateSsp({ qualifyingDays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], averageWeeklyEarnings: samAwe, absences: [{ firstDay: '2026-07-06', lastDay: '2026-07-17' }], payrollFrequency: 'monthly' });
      const smp = calculateFamilyPay({ kind: 'smp', event: { type: 'birth', dueDate: '2026-10-14' }, startDate: '2026-07-26', employmentStart: '2020-01-06', earningsFrequency: 'monthly', payHistory: history('2600'), weeks: 1, payrollFrequency: 'monthly' }); // July needs its first week only (39 weeks reach rates not registered yet)
      const sspJuly = money(ssp.periods.find((p) => p.periodStart === '2026-07-01')!.amount);
      const smpJuly = money(smp.periods.find((p) => p.periodStart === '2026-07-01')!.amount);
      // By hand: AWE 1,200 × 12 ÷ (2 × 52) = 138.46…, 80 % rounded up 110.77, ÷ 5 = 22.154 a day × 10; SMP 6 days × 540 ÷ 7.
      expect([sspJuly, smpJuly]).toEqual(['221.54', '462.86']);

      expect(samSlip.lines.filter((l) => l.section === 'earnings')).toEqual([
        { section: 'earnings', wage_type_code: 'UK-E-001', name: 'Basic salary', amount: '600.00' },
        { section: 'earnings', wage_type_code: 'UK-S-001', name: 'Statutory Sick Pay (SSP)', amount: sspJuly },
      ]);
      expect(samSlip).toMatchObject({ gross_pay: '821.54', niable_pay: '821.54', taxable_pay: '821.54' });
      expect(samSlip.statutory_payments).toEqual([{ type: 'ssp', amount: '221.54', source: 'run', absence_ids: [sickness.id], days_paid: 10, waiting_days: 0 }]);
      expect(miaSlip.lines.find((l) => l.wage_type_code === 'UK-S-002')?.amount).toBe(smpJuly);
      expect(miaSlip).toMatchObject({ gross_pay: '2462.86' });
      expect(miaSlip.statutory_year_to_date).toMatchObject({ smp: '462.86', ssp: '0.00' });
      expect(slipOf(await service.getPayrollRun(orgId, (await service.listPayrollRuns(orgId, { sort_by: 'pay_date', sort_order: 'asc' })).items[0]!.id), mia)).not.toHaveProperty('statutory_payments');

      // Tax month 4 (6 July – 5 August) holds the 31 July payday.
      const liabilities = await service.getGbLiabilities(orgId, { tax_year: '2026-27', month: 4 });
      expect(liabilities.settings).toEqual({ employment_allowance_claimed: true, employment_allowance_from_month: 1, small_employers_relief: true, levy_allowance: '15000.00' });
      const m = liabilities.months[0]!;
      const sum = (field: 'tax' | 'employee_ni' | 'employer_ni' | 'student_loan') => (july.payslips ?? []).reduce((a, p) => a.plus(String(p[field])), new Decimal(0));
      expect(m).toMatchObject({ month: 4, period_start: '2026-07-06', period_end: '2026-08-05', payment_due_date: '2026-08-22', payslips: 2, paye: money(sum('tax')), employee_ni: money(sum('employee_ni')), employer_ni: money(sum('employer_ni')), pay_bill: '3284.40' });
      expect(m.statutory_paid).toMatchObject({ ssp: '221.54', smp: '462.86' });
      // Small employers' relief 2026-27: the whole SMP back plus 9 % compensation (462.86 × 0.09 = 41.6574); no SSP recovery.
      expect(m.statutory_recovered).toMatchObject({ ssp: '0.00', smp: '462.86' });
      expect(m.nic_compensation).toMatchObject({ smp: '41.66' });
      expect([m.statutory_recovered_total, m.nic_compensation_total, m.employment_allowance_used]).toEqual(['462.86', '41.66', money(sum('employer_ni'))]);
      const due = sum('tax').plus(sum('student_loan')).plus(sum('employee_ni')).plus(sum('employer_ni')).minus(m.employment_allowance_used).minus('462.86').minus('41.66').plus(m.levy_due);
      expect(m.amount_due).toBe(money(due));

      // The whole year so far: months 1 to 4, the same figures as the engine given those months.
      const year = await service.getGbLiabilities(orgId, { tax_year: '2026-27' });
      expect(year.months.map((x) => x.month)).toEqual([1, 2, 3, 4]);
      expect(year.months[3]).toEqual(m);
      const engine = calculateEmployerLiabilities({
        taxYear: '2026-27',
        smallEmployer: true,
        employmentAllowanceClaimed: true,
        employmentAllowanceFromMonth: 1,
        months: year.months.map((x) => ({ month: x.month, paye: new Decimal(x.paye), employeeNi: new Decimal(x.employee_ni), employerNi: new Decimal(x.employer_ni), studentLoans: new Decimal(x.student_loans), postgraduateLoans: new Decimal(x.postgraduate_loans), payBill: new Decimal(x.pay_bill), statutoryPaid: Object.fromEntries(Object.entries(x.statutory_paid).map(([k, v]) => [k, new Decimal(v)])) as never })),
      });
      expect(year.months.map((x) => x.amount_due)).toEqual(engine.map((e) => money(e.amountDue)));
    });

    it('maps the starter declaration to the code when there is no P45 (A, B, C), and an HMRC code replaces it', async () => {
      const starters: Record<string, string> = {};
      for (const declaration of ['A', 'B', 'C']) {
        const employee = await service.createEmployee(orgId, { first_name: `Starter${declaration}`, last_name: 'Test', date_of_birth: '1990-01-01', start_date: '2026-07-01', gb: { ni_category: 'A', starter_declaration: declaration } });
        expect(employee.gb).not.toHaveProperty('tax_code');
        starters[declaration] = employee.id;
      }
      await service.assignEmployees(orgId, groupId, { employee_ids: Object.values(starters) });
      const result = await service.runGbPayroll(orgId, body(7, Object.fromEntries(Object.values(starters).map((id) => [id, basic('3000.00')]))));
      const run = await service.getPayrollRun(orgId, result.payroll_status_id);
      const of = (d: string) => slipOf(run, starters[d]!);
      expect([of('A').tax_code, of('A').week1_month1, of('A').tax_basis]).toEqual(['1257L', false, 'cumulative']);
      expect([of('B').tax_code, of('B').week1_month1, of('B').tax_basis]).toEqual(['1257L', true, 'week1month1']);
      expect([of('C').tax_code, of('C').week1_month1, of('C').tax, of('C').taxable_pay]).toEqual(['BR', true, '600.00', '3000.00']);
      // Cumulative 1257L in month 4 has four months' free pay; week 1/month 1 only one: B pays more tax than A.
      expect(new Decimal(of('B').tax).gt(of('A').tax)).toBe(true);
      await service.discardPayrollRun(orgId, run.id);

      const coded = await service.updateEmployee(orgId, starters.B!, { gb: { tax_code: 'K100' } });
      expect(coded.gb).toMatchObject({ tax_code: 'K100', week1_month1: false, starter_declaration: 'B' });
      const back = await service.updateEmployee(orgId, starters.B!, { gb: { starter_declaration: 'C' } });
      expect(back.gb).not.toHaveProperty('tax_code');
      await expectDomainError(service.createEmployee(orgId, { first_name: 'Both', last_name: 'Test', date_of_birth: '1990-01-01', start_date: '2026-07-01', gb: { starter_declaration: 'A', p45: { leaving_date: '2026-06-30', tax_code: '1257L', pay_to_date: '1000', tax_to_date: '100' } } }), 'validation');
    });

    it('warns when a leaver is paid regular pay in a period after the leaving date', async () => {
      await service.leaveEmployee(orgId, sam, { leave_date: '2026-05-15' });
      await runAndApprove(5, { [sam]: basic('300.00'), [mia]: basic('2600.00') });
      const result = await service.runGbPayroll(orgId, body(6, { [sam]: basic('600.00') }));
      const run = await service.getPayrollRun(orgId, result.payroll_status_id);
      expect(run.warnings).toContainEqual({ employee_id: sam, message: expect.stringMatching(/^employee left on 2026-05-15, before this period \(2026-06-01 to 2026-06-30\), and is paid regular pay again/) });
      await service.discardPayrollRun(orgId, run.id);
      // A lump sum after leaving (holiday pay) is the normal case: no such warning.
      const lump = await service.runGbPayroll(orgId, body(6, { [sam]: [{ wage_type_code: 'UK-E-006', amount: '150.00', is_lumpsum: true } as never] }));
      expect((await service.getPayrollRun(orgId, lump.payroll_status_id)).warnings.map((w) => w.message).join('\n')).not.toMatch(/regular pay again/);
    });

    it('the FPS reports the statutory pay the run calculated itself, valid against HMRC’s 2026-27 schema and rules', async () => {
      await service.updateOrganization(orgId, { tax_identifiers: { tax_data: { country: 'GB', tax_number: '123/AB45678' } }, gb: { accounts_office_reference: '123PA00045678', employment_allowance_claims: [{ tax_year: '2026-27', from_month: 1 }], small_employers_relief_years: ['2026-27'] } });
      await service.updateEmployee(orgId, sam, { gb: { ni_number: 'AB123456C', gender: 'M' } });
      await service.updateEmployee(orgId, mia, { gb: { ni_number: 'CE654321A', gender: 'F' } });
      for (const month of [4, 5, 6]) await runAndApprove(month, { [sam]: basic('600.00'), [mia]: basic('2600.00') });
      await service.createAbsence(orgId, sam, { kind: 'sickness', first_day: '2026-07-06', last_day: '2026-07-17' });
      await service.createAbsence(orgId, mia, { kind: 'maternity', first_day: '2026-07-26', due_date: '2026-10-14' });
      const july = await runAndApprove(7, { [sam]: basic('600.00'), [mia]: basic('2000.00') });
      const doc = await service.getRunFps(orgId, july.id);
      const xml = new TextDecoder().decode(doc.bytes);
      expect(await validateRtiXsd(xml, '2026-27', 'fps')).toEqual({ envelopeErrors: [], bodyErrors: [] });
      expect(runRtiSchematron(xml, '2026-27', 'fps', july.pay_date)).toEqual([]);
      // Mia's SMP to date is the run's own SMP (the engines' 462.86); her taxable pay to date includes it.
      const miaBlock = xml.slice(xml.indexOf('CE654321A'));
      expect(miaBlock.match(/<SMPYTD>([^<]+)<\/SMPYTD>/)?.[1]).toBe('462.86');
      expect(miaBlock.match(/<TaxablePay>([^<]+)<\/TaxablePay>/)?.[1]).toBe(slipOf(july, mia).ytd_this_employment.taxable_pay);
    });

    it('keeps and validates the organization’s gb settings; liabilities refuse a German organization and a bad month', async () => {
      const settings = { employment_allowance_claims: [{ tax_year: '2026-27', from_month: 3 }], levy_allowance_shares: [{ tax_year: '2026-27', annual_allowance: '5000.00' }] };
      const updated = await service.updateOrganization(orgId, { gb: settings });
      expect(updated.gb).toMatchObject({ ...settings, small_employers_relief_years: [] });
      expect((await service.getGbLiabilities(orgId, { tax_year: '2026-27' })).settings).toEqual({ employment_allowance_claimed: true, employment_allowance_from_month: 3, small_employers_relief: false, levy_allowance: '5000.00' });
      // Another tax year has its own settings: none for 2025-26 here.
      expect((await service.getGbLiabilities(orgId, { tax_year: '2025-26' })).settings).toEqual({ employment_allowance_claimed: false, employment_allowance_from_month: 1, small_employers_relief: false, levy_allowance: '15000.00' });
      for (const [gb, field] of [
        [{ levy_allowance_shares: [{ tax_year: '2026-27', annual_allowance: '-1' }] }, 'levy_allowance_shares'],
        [{ employment_allowance_claims: [{ tax_year: '2026-27', from_month: 13 }] }, 'employment_allowance_claims'],
        [{ employment_allowance_claims: [{ tax_year: '2026-27' }, { tax_year: '2026-27' }] }, 'employment_allowance_claims'],
      ] as const) {
        const error = await expectDomainError(service.updateOrganization(orgId, { gb }), 'validation');
        expect(error.issues[0]?.loc.slice(0, 3)).toEqual(['body', 'gb', field]);
      }
      const german = await service.createOrganization({ legal_name: 'Muster GmbH', country: 'DE' });
      await expectDomainError(service.updateOrganization(german.id, { gb: { employment_allowance_claims: [{ tax_year: '2026-27' }] } }), 'validation');
      await expectDomainError(service.getGbLiabilities(german.id, { tax_year: '2026-27' }), 'validation');
      const bad = await expectDomainError(service.getGbLiabilities(orgId, { tax_year: '2026-27', month: 13 }), 'validation');
      expect(bad.issues[0]?.loc).toEqual(['query', 'month']);
      await expectDomainError(service.getGbLiabilities(orgId, { tax_year: '2030-31' }), 'validation');
    });
  });
}

function dayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
}
