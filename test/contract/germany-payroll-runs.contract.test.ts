/**
 * Issue 14: German payroll runs stored with the run lifecycle on every backend (SQLite, Postgres, remote): a month
 * into a draft whose payslips carry the month engine's figures, history from approved months only, every transition
 * performed and refused, one live run per organization and month (409), corrections as new runs, approval under
 * concurrency, validation naming the field, and the payroll account. The figures asserted are those of de-run vector
 * derun2026-0002's months without a one-off (single-month calculations, run-rules.md), whichever month engine runs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GermanPayrollRun, GermanRunPayslip } from '../../src/service/contracts/germany-payroll-runs.js';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { type DeSetup, deEmployer, VECTOR_0002_DE, VECTOR_0002_JANUARY } from '../domain/de/run/fixtures.js';

for (const backend of allBackends()) {
  describe(`German payroll runs [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let setup: DeSetup;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      setup = await deEmployer(service);
    });
    afterEach(async () => dispose());

    async function run(month: string, extra: Record<string, unknown> = {}, options: { includeExecutionHistory?: boolean } = {}): Promise<GermanPayrollRun> {
      const result = await service.createGermanPayrollRun(setup.orgId, { period: month, ...extra }, options);
      return service.getGermanPayrollRun(setup.orgId, result.payroll_status_id);
    }
    const slip = (r: { payslips?: GermanRunPayslip[] }, i = 0) => r.payslips?.[i] as GermanRunPayslip;
    const employee = () => setup.employeeIds[0] as string;

    it('runs a month into a draft whose payslip carries the figures of a single-month calculation (derun2026-0002, January)', async () => {
      const result = await service.createGermanPayrollRun(setup.orgId, { period: '2026-01' });
      expect(result).toMatchObject({ status: 'draft', task_id: expect.any(String) });
      const r = await service.getGermanPayrollRun(setup.orgId, result.payroll_status_id);
      expect(r).toMatchObject({ status: 'draft', month: '2026-01', tax_year: '2026', period_number: 1, period_start: '2026-01-01', period_end: '2026-01-31', pay_date: '2026-01-31', employee_count: 1, corrects_run_id: null, created_by: 'local:contract-test' });
      expect(r.totals).toMatchObject({ gross_pay: '8401.84', income_tax: '2599.41', solidarity_tax: '107.52', employee_insurance: '1500.61', net_pay: '4194.30', employer_cost: '10138.80' });
      expect(slip(r).figures).toMatchObject({ ...VECTOR_0002_JANUARY, 'ytd.employee.totals.total_gross_wages': '8401.84', 'ytd.sv_days': 30 });
      expect(slip(r)).toMatchObject({ employee_id: employee(), month: '2026-01', run_id: r.id, payment_period: '2026-01' });
      // The stored month is endpoint 20's payslip for the same employee and month, field for field.
      const stateless = await service.calculateGermanPayroll({
        pay_cycle: 'Month',
        pay_date: '2026-01-31',
        payroll_group: [
          {
            employee_details: { employee_id: employee(), date_of_birth: '1982-05-01', year_of_birth: 1982 },
            tax_attributes: { tax_class: 6, child_allowances: '0', is_church_member: false, tax_state: 'Nordrhein-Westfalen' },
            insurance_details: { health_insurance_additional_rate: '3.29', care_insurance_children: 2, is_parent: true, u1_rate: '2.1', u2_rate: '0.39' },
            pay_details: { earnings: [{ earning_type: 'salary', amount: '8401.84', earning_frequency: 'Month' }] },
          },
        ],
      });
      expect(slip(r).current_pay_period).toEqual(stateless.payslips[0]?.current_pay_period);
      expect((await service.getGermanPayrollRun(setup.orgId, r.id, { include_payslips: 'false' })).payslips).toBeUndefined();
    });

    it('builds the next month on approved months only (year to date from the store)', async () => {
      const january = await run('2026-01');
      // A draft is no history: February is refused until January is approved or discarded.
      expect((await expectDomainError(service.createGermanPayrollRun(setup.orgId, { period: '2026-02' }), 'conflict')).code).toBe('PAYROLL_RUN.EARLIER_DRAFT');
      await service.approveGermanPayrollRun(setup.orgId, january.id);
      const february = await run('2026-02');
      expect(slip(february).figures).toMatchObject({
        'employee.taxes.income_tax': '2599.41',
        'ytd.sv_days': 60,
        'ytd.employee.totals.total_gross_wages': '16803.68',
        'ytd.employee.taxes.income_tax': '5198.82',
        'ytd.sv_base.kv': '11625.00',
        'ytd.sv_base.rv': '16803.68',
        'ytd.employer.total_burden': '3473.92',
        'ytd.employee.totals.net_pay': '8388.60',
      });
    });

    it('moves draft → approved → paid and refuses every other move with 409; discard frees the month', async () => {
      const r = await run('2026-01');
      expect((await expectDomainError(service.markGermanPayrollRunPaid(setup.orgId, r.id), 'conflict')).code).toBe('PAYROLL_RUN.INVALID_TRANSITION');
      const approved = await service.approveGermanPayrollRun(setup.orgId, r.id);
      expect(approved).toMatchObject({ status: 'approved', approved_by: 'local:contract-test', month: '2026-01' });
      for (const refused of [() => service.approveGermanPayrollRun(setup.orgId, r.id), () => service.discardGermanPayrollRun(setup.orgId, r.id)]) {
        expect((await expectDomainError(refused(), 'conflict')).code).toBe('PAYROLL_RUN.INVALID_TRANSITION');
      }
      expect((await service.markGermanPayrollRunPaid(setup.orgId, r.id)).status).toBe('paid');
      for (const refused of [() => service.approveGermanPayrollRun(setup.orgId, r.id), () => service.markGermanPayrollRunPaid(setup.orgId, r.id), () => service.discardGermanPayrollRun(setup.orgId, r.id)]) {
        expect((await expectDomainError(refused(), 'conflict')).code).toBe('PAYROLL_RUN.INVALID_TRANSITION');
      }
      const draft = await run('2026-02');
      expect((await service.discardGermanPayrollRun(setup.orgId, draft.id)).status).toBe('discarded');
      await expectDomainError(service.approveGermanPayrollRun(setup.orgId, draft.id), 'conflict');
      await expectDomainError(service.markGermanPayrollRunPaid(setup.orgId, draft.id), 'conflict');
      const again = await run('2026-02');
      expect(again.status).toBe('draft');
      await expectDomainError(service.approveGermanPayrollRun(setup.orgId, 'no-such-run'), 'not_found');
      const list = await service.listGermanPayrollRuns(setup.orgId, { status: 'draft' });
      expect(list.items.map((x) => x.id)).toEqual([again.id]);
      expect((await service.listGermanPayrollRuns(setup.orgId, { month: '2026-01' })).items.map((x) => x.status)).toEqual(['paid']);
    });

    it('allows one live run per organization and month (409 naming it), and runs months in order', async () => {
      const first = await run('2026-01');
      const dup = await expectDomainError(service.createGermanPayrollRun(setup.orgId, { period: '2026-01' }), 'conflict');
      expect(dup.code).toBe('PAYROLL_RUN.DUPLICATE');
      expect(dup.message).toContain(first.id);
      await service.approveGermanPayrollRun(setup.orgId, first.id);
      const again = await expectDomainError(service.createGermanPayrollRun(setup.orgId, { period: '2026-01' }), 'conflict');
      expect(again.message).toContain('corrects_run_id');
      const march = await run('2026-03');
      await service.approveGermanPayrollRun(setup.orgId, march.id);
      expect((await expectDomainError(service.createGermanPayrollRun(setup.orgId, { period: '2026-02' }), 'conflict')).code).toBe('PAYROLL_RUN.OUT_OF_ORDER');
      // Only failed attempts were recorded besides the live runs.
      const all = await service.listGermanPayrollRuns(setup.orgId, { size: 100 });
      expect(all.items.filter((x) => x.status !== 'failed').map((x) => x.month).sort()).toEqual(['2026-01', '2026-03']);
    });

    it('corrects an approved month with a new run naming it; later months build on the correction; approved results are never rewritten', async () => {
      const january = await run('2026-01');
      // Only approved or paid runs are corrected.
      expect((await expectDomainError(service.createGermanPayrollRun(setup.orgId, { period: '2026-01', corrects_run_id: january.id }), 'conflict')).code).toBe('PAYROLL_RUN.CORRECTS_UNAPPROVED');
      await service.approveGermanPayrollRun(setup.orgId, january.id);
      const mismatch = await expectDomainError(service.createGermanPayrollRun(setup.orgId, { period: '2026-02', corrects_run_id: january.id }), 'validation');
      expect(mismatch.issues[0]?.loc).toEqual(['body', 'corrects_run_id']);
      const correction = await run('2026-01', { corrects_run_id: january.id, items: [{ employee_id: employee(), deductions: [{ name: 'Vorschuss', amount: '100.00' }] }] });
      expect(correction).toMatchObject({ status: 'draft', month: '2026-01', corrects_run_id: january.id, employee_count: 1 });
      expect(slip(correction).figures['employee.totals.net_pay']).toBe('4094.30');
      expect((await expectDomainError(service.createGermanPayrollRun(setup.orgId, { period: '2026-01', corrects_run_id: january.id }), 'conflict')).code).toBe('PAYROLL_RUN.DUPLICATE');
      await service.approveGermanPayrollRun(setup.orgId, correction.id);
      // The original keeps what it was approved with.
      expect(slip(await service.getGermanPayrollRun(setup.orgId, january.id)).figures['employee.totals.net_pay']).toBe('4194.30');
      const february = await run('2026-02');
      expect(slip(february).figures['ytd.employee.totals.net_pay']).toBe('8288.60');
      await service.approveGermanPayrollRun(setup.orgId, february.id);
      const account = await service.getGermanPayrollAccount(setup.orgId, employee(), { year: '2026' });
      expect(account.months.map((m) => [m.month, m.run_id, m.corrects_run_id])).toEqual([
        ['2026-01', correction.id, january.id],
        ['2026-02', february.id, null],
      ]);
    });

    it('refuses to approve a month whose history changed since it was calculated (a correction approved meanwhile)', async () => {
      const january = await run('2026-01');
      await service.approveGermanPayrollRun(setup.orgId, january.id);
      const february = await run('2026-02');
      const correction = await run('2026-01', { corrects_run_id: january.id, items: [{ employee_id: employee(), earnings: [{ earning_type: 'overtime', amount: '250.00' }] }] });
      await service.approveGermanPayrollRun(setup.orgId, correction.id);
      expect((await expectDomainError(service.approveGermanPayrollRun(setup.orgId, february.id), 'conflict')).code).toBe('PAYROLL_RUN.STALE_HISTORY');
      expect((await service.getGermanPayrollRun(setup.orgId, february.id, { include_payslips: 'false' })).status).toBe('draft');
      await service.discardGermanPayrollRun(setup.orgId, february.id);
      const rerun = await run('2026-02');
      expect(slip(rerun).figures['ytd.employee.totals.total_gross_wages']).toBe('17053.68');
      expect((await service.approveGermanPayrollRun(setup.orgId, rerun.id)).status).toBe('approved');
    });

    it('of two approvals of the same draft at the same moment exactly one succeeds', async () => {
      const r = await run('2026-01');
      const results = await Promise.allSettled([service.approveGermanPayrollRun(setup.orgId, r.id), service.approveGermanPayrollRun(setup.orgId, r.id)]);
      expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason).toMatchObject({ kind: 'conflict' });
      expect(['PAYROLL_RUN.INVALID_TRANSITION', 'PAYROLL_RUN.CHANGED']).toContain(refused.reason.code);
      expect((await service.getGermanPayrollRun(setup.orgId, r.id, { include_payslips: 'false' })).status).toBe('approved');
    });

    it('lets exactly one of two concurrent runs of the same month succeed', async () => {
      const results = await Promise.allSettled([service.createGermanPayrollRun(setup.orgId, { period: '2026-01' }), service.createGermanPayrollRun(setup.orgId, { period: '2026-01' })]);
      expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((x) => x.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({ kind: 'conflict', code: 'PAYROLL_RUN.DUPLICATE' });
      const winner = (results.find((x) => x.status === 'fulfilled') as PromiseFulfilledResult<{ payroll_status_id: string }>).value.payroll_status_id;
      expect((await service.listGermanPayrollRuns(setup.orgId, { status: 'draft' })).items.map((x) => x.id)).toEqual([winner]);
      // The losing attempt saved nothing and leaves no row, not even a failed one (issue 20 F4).
      expect((await service.listGermanPayrollRuns(setup.orgId, {})).items.map((x) => x.id)).toEqual([winner]);
    });

    it('takes monthly inputs: extra pay, a one-off, benefits and deductions; pays a starter pro rata by calendar days', async () => {
      const starter = await service.createEmployee(setup.orgId, { first_name: 'Neu', last_name: 'Test', date_of_birth: '1990-02-01', start_date: '2026-01-16', pay: { basis: 'salary', annual_salary: '37200.00', currency: 'EUR' }, de: VECTOR_0002_DE });
      // Hired on 1 January: a January one-off of an employment that did not exist last year needs no 2025 months
      // (the Märzklausel cannot apply; with a 2025 employment the engine asks for those months).
      const hired = await service.createEmployee(setup.orgId, { first_name: 'Anna', last_name: 'Januar', date_of_birth: '1982-05-01', start_date: '2026-01-01', pay: { basis: 'salary', annual_salary: '100822.08', currency: 'EUR' }, de: VECTOR_0002_DE });
      const r = await run('2026-01', {
        items: [
          { employee_id: hired.id, earnings: [{ earning_type: 'christmas_bonus', amount: '1000.00', is_lumpsum: true }, { earning_type: 'overtime', amount: '200.00' }], benefits: [{ name: 'Jobticket', value: '49.00' }], deductions: [{ name: 'Vorschuss', amount: '300.00' }] },
        ],
      });
      const mine = (r.payslips ?? []).find((p) => p.employee_id === hired.id) as GermanRunPayslip;
      expect(mine.current_pay_period.employee.totals).toMatchObject({ total_gross_wages: '9650.84', benefits_in_kind: '49.00', total_deductions: '300.00' });
      expect(mine.current_pay_period.employee.deductions).toEqual([{ name: 'Vorschuss', amount: '300.00' }]);
      // 3,100 € a month, employed 16 of 31 days: 1,600.00 €.
      const theirs = (r.payslips ?? []).find((p) => p.employee_id === starter.id) as GermanRunPayslip;
      expect(theirs.current_pay_period.employee.totals.total_gross_wages).toBe('1600.00');
      expect(r.employee_count).toBe(3);
    });

    it('keeps earlier employers’ pay on the employee: an amount, or null = not presented with the months elsewhere', async () => {
      const base = { first_name: 'Neu', last_name: 'Test', date_of_birth: '1990-02-01', start_date: '2026-06-16', pay: { basis: 'salary', annual_salary: '84369.36', currency: 'EUR' } };
      const unknown = await service.createEmployee(setup.orgId, { ...base, de: { ...VECTOR_0002_DE, previous_employment_pay: null, previous_employment_months: 5 } });
      expect(unknown.de).toMatchObject({ previous_employment_pay: null, previous_employment_months: 5 });
      const known = await service.updateEmployee(setup.orgId, unknown.id, { de: { previous_employment_pay: '49799.00', previous_employment_months: 0 } });
      expect(known.de).toMatchObject({ previous_employment_pay: '49799.00', previous_employment_months: 0 });
      const bad = await expectDomainError(service.createEmployee(setup.orgId, { ...base, de: { ...VECTOR_0002_DE, previous_employment_pay: '-1', previous_employment_months: 12 } }), 'validation');
      expect(bad.issues.map((i) => i.loc.join('.')).sort()).toEqual(['body.de.previous_employment_months', 'body.de.previous_employment_pay']);
    });

    it('validates the request, names the field and stores nothing when it is wrong', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ period: '2026-13' }, 'body.period'],
        [{ period: '2024-05' }, 'body.period'],
        [{ period: '2026-01', pay_date: '2026-02-01' }, 'body.pay_date'],
        [{ period: '2026-01', items: [{ employee_id: 'nobody' }] }, 'body.items.0.employee_id'],
        [{ period: '2026-01', items: [{ employee_id: employee(), earnings: [{ earning_type: 'bonus', amount: '-5', is_lumpsum: true }] }] }, 'body.items.0.earnings.0.amount'],
        [{ period: '2026-01', items: [{ employee_id: employee(), earnings: [{ amount: '5' }] }] }, 'body.items.0.earnings.0.earning_type'],
        [{ period: '2026-01', items: [{ employee_id: employee() }, { employee_id: employee() }] }, 'body.items.1.employee_id'],
        [{ period: '2026-01', employee_ids: [employee()] }, 'body.employee_ids'],
      ];
      for (const [body, loc] of cases) {
        const error = await expectDomainError(service.createGermanPayrollRun(setup.orgId, body), 'validation');
        expect(error.issues.map((i) => i.loc.join('.')), JSON.stringify(body)).toContain(loc);
      }
      // Before anyone is employed.
      const later = await deEmployer(service, { legalName: 'Später GmbH', startDate: '2026-03-01' });
      expect((await expectDomainError(service.createGermanPayrollRun(later.orgId, { period: '2026-01' }), 'validation')).issues[0]).toMatchObject({ loc: ['body', 'period'], type: 'no_employees' });
      // A GB organization has no German runs.
      const gb = await service.createOrganization({ legal_name: 'Test Ltd', country: 'GB' });
      expect((await expectDomainError(service.createGermanPayrollRun(gb.id, { period: '2026-01' }), 'validation')).issues[0]?.loc).toEqual(['path', 'organization_id']);
      expect((await service.listGermanPayrollRuns(setup.orgId, {})).items.filter((x) => x.status !== 'failed')).toEqual([]);
    });

    it('refuses a run whose U1/U2 rate is unknown, naming the employee, the insurer and the field to set', async () => {
      const other = await deEmployer(service, { legalName: 'Ohne Umlage GmbH', de: { u1_rate: null, health_insurer_agency_code: '99999999' } });
      const error = await expectDomainError(service.createGermanPayrollRun(other.orgId, { period: '2026-01' }), 'validation');
      expect(error.code).toBe('DE.PAYROLL.LEVY_RATE_UNKNOWN');
      expect(error.issues[0]?.loc).toEqual(['employees', other.employeeIds[0], 'de', 'u1_rate']);
      expect(error.issues[0]?.msg).toContain('99999999');
      expect(error.issues[0]?.msg).toContain('de.u1_rate');
      expect((await service.listGermanPayrollRuns(other.orgId, { status: 'draft' })).items).toEqual([]);
    });

    it('travels through export and import; an import never rewrites a German run or payslip', async () => {
      const january = await run('2026-01');
      const whileDraft = await service.exportOrganization(setup.orgId);
      await service.approveGermanPayrollRun(setup.orgId, january.id);
      const exported = await service.exportOrganization(setup.orgId);
      expect((exported.tables.de_payroll_runs ?? []).map((r) => r.status)).toEqual(['approved']);
      expect(exported.tables.de_payslips).toHaveLength(1);
      // The same export again changes nothing; an older export (the run still a draft) keeps the later state.
      expect((await service.importOrganization(exported)).changed).toBe(false);
      const older = await service.importOrganization(whileDraft);
      expect(older.tables.de_payroll_runs).toMatchObject({ kept: 1 });
      expect((await service.getGermanPayrollRun(setup.orgId, january.id, { include_payslips: 'false' })).status).toBe('approved');
      // An edited payslip is refused, naming the record; nothing is written.
      const edited = structuredClone(exported);
      const payslip = (edited.tables.de_payslips ?? [])[0] as Record<string, unknown>;
      payslip.net_pay = '9999.99';
      const refused = await expectDomainError(service.importOrganization(edited), 'validation');
      expect(refused.issues.map((i) => i.loc.slice(2).join('.'))).toContain('de_payslips.1.net_pay');
      const figures = JSON.parse(String((exported.tables.de_payslips ?? [])[0]?.figures_json));
      const consistent = structuredClone(exported);
      const row = (consistent.tables.de_payslips ?? [])[0] as Record<string, unknown>;
      row.net_pay = '9999.99';
      row.figures_json = JSON.stringify({ ...figures, netPay: '9999.99' });
      expect((await expectDomainError(service.importOrganization(consistent), 'conflict')).message).toContain('de_payslips');
      expect(slip(await service.getGermanPayrollRun(setup.orgId, january.id)).figures['employee.totals.net_pay']).toBe('4194.30');
    });

    it('keeps the payroll account: every approved month and the running totals of the year', async () => {
      for (const month of ['2026-01', '2026-02', '2026-03']) {
        const r = await run(month);
        await service.approveGermanPayrollRun(setup.orgId, r.id);
        if (month === '2026-02') await service.markGermanPayrollRunPaid(setup.orgId, r.id);
      }
      await run('2026-04'); // a draft is not in the account
      const account = await service.getGermanPayrollAccount(setup.orgId, employee(), { year: '2026' });
      expect(account.months.map((m) => [m.month, m.status])).toEqual([
        ['2026-01', 'approved'],
        ['2026-02', 'paid'],
        ['2026-03', 'approved'],
      ]);
      expect(account.months[0]?.figures).toMatchObject({ 'employee.taxes.income_tax': '2599.41', sv_days: 30, 'employer.sick_pay_insurance_contribution': '176.44' });
      expect(account.months[2]?.totals).toMatchObject({ 'employee.totals.total_gross_wages': '25205.52', 'employee.taxes.income_tax': '7798.23', 'employee.taxes.solidarity_tax': '322.56', sv_days: 90, 'employee.insurance.insurance_assessment_base': '17437.50', 'employee.insurance.pension_assessment_base': '25205.52', 'employer.total_burden': '5210.88', 'employee.totals.net_pay': '12582.90' });
      expect(account.totals).toEqual(account.months[2]?.totals);
      expect((await service.getGermanPayrollAccount(setup.orgId, employee(), { year: '2025' })).months).toEqual([]);
      expect((await expectDomainError(service.getGermanPayrollAccount(setup.orgId, employee(), {}), 'validation')).issues[0]?.loc).toEqual(['query', 'year']);
      await expectDomainError(service.getGermanPayrollAccount(setup.orgId, 'nobody', { year: '2026' }), 'not_found');
    });
  });
}
