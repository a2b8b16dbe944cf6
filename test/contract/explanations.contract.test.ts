/**
 * Issue 18 point 7: a stored payslip's figure explained from the engine's trace stored with it, on every backend
 * (SQLite, Postgres, remote through the route). The explanation's figures are the payslip's own: the last step of
 * the tax is the payslip's tax, the taxable pay to date its stored year to date; Germany's wage tax is the PAP's
 * LSTLZZ in euros and its KV the base up to the pro-rated ceiling × the rates. A payslip stored before the trace
 * says so instead of being recalculated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { ExplanationStep, PayrollService, PayslipExplanation } from '../../src/service/ports.js';
import type { Payslip } from '../../src/service/contracts/payroll-runs.js';
import type { GermanRunPayslip } from '../../src/service/contracts/germany-payroll-runs.js';
import { openStore } from '../../src/store/database.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';
import { deEmployer } from '../domain/de/run/fixtures.js';

/** The value of the step named `name` (the last such step, or the one of `node`). */
function valueOf(e: PayslipExplanation, name: string, node?: string): string | null | undefined {
  return e.steps.filter((s: ExplanationStep) => s.name === name && (node === undefined || s.node === node)).at(-1)?.value;
}

for (const backend of allBackends()) {
  describe(`payslip explanations [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
    });
    afterEach(async () => dispose());

    it('explains a GB tax from the stored run: taxable pay to date, free pay, band, tax due less tax paid; NI thresholds and rates', async () => {
      const setup: GbSetup = await gbEmployer(service, { gb: { tax_code: '1383M' } });
      const employeeId = setup.employeeIds[0] as string;
      await service.updateEmployee(setup.orgId, employeeId, { payroll_number: 'GB-7' });
      const p1 = await service.runGbPayroll(setup.orgId, runBody(setup, 1, '1952.27'));
      await service.approvePayrollRun(setup.orgId, p1.payroll_status_id);
      const p2 = await service.runGbPayroll(setup.orgId, runBody(setup, 2, '1946.97'));
      const slip = (await service.getPayrollRun(setup.orgId, p2.payroll_status_id)).payslips?.[0] as Payslip;
      expect(slip).toMatchObject({ tax: '158.60', taxable_pay_to_date: '3899.24' });

      // By payroll number; tax is the default figure.
      const tax = await service.explainPayslip(setup.orgId, p2.payroll_status_id, 'GB-7');
      expect(tax).toMatchObject({ country: 'GB', figure: 'tax', employee_id: employeeId, payroll_number: 'GB-7', explained: true, message: null, payslip_value: '158.60' });
      expect(valueOf(tax, 'tax_code')).toBe('1383M');
      expect(valueOf(tax, 'taxable_pay_to_date_previous')).toBe('1952.27');
      expect(valueOf(tax, 'taxable_pay_to_date')).toBe(slip.taxable_pay_to_date);
      // 1383M, month 2: Tables A value of 383 ((10 × 383 + 9) / 12 = 319.92, rounded up) + 2 × 416.67 = 1,153.26 a
      // month, × 2 = 2,306.52 free pay to date; 3,899.24 − 2,306.52 = 1,592.72, rounded down to 1,592; × 20 % = 318.40.
      expect(valueOf(tax, 'period_one_value')).toBe('1153.26');
      expect(valueOf(tax, 'free_pay')).toBe('2306.52');
      expect(valueOf(tax, 'taxable_pay_rounded')).toBe('1592');
      expect(valueOf(tax, 'band')).toBe('1');
      expect(valueOf(tax, 'rate', 'band')).toBe('0.2');
      expect(valueOf(tax, 'tax_due', 'tax-due')).toBe('318.40');
      expect(valueOf(tax, 'tax_paid_to_date_previous')).toBe('159.80');
      expect(valueOf(tax, 'limit')).toBe('973.48');
      // The last step is the payslip's tax and tax paid to date.
      expect(tax.steps.at(-1)).toMatchObject({ name: 'tax_paid_to_date', value: slip.tax_paid_to_date });
      expect(valueOf(tax, 'tax', 'tax')).toBe(slip.tax);
      expect(tax.steps.find((s) => s.node === 'tax' && s.name === 'tax')?.meaning).toBe('tax deducted this period (the payslip figure)');
      expect(tax.steps.find((s) => s.node === 'basis:cumulative')).toMatchObject({ value: null, meaning: 'cumulative' });
      expect(tax.steps.every((s) => s.flow === 'paye' && s.rule.length > 0)).toBe(true);
      expect(tax.steps.map((s) => s.step)).toEqual(tax.steps.map((_, i) => i + 1));

      const ni = await service.explainPayslip(setup.orgId, p2.payroll_status_id, employeeId, { figure: 'ni' });
      expect(ni.payslip_value).toBe(slip.employee_ni);
      expect(valueOf(ni, 'LEL')).toBe('542.00');
      expect(valueOf(ni, 'PT')).toBe('1048.00');
      expect(valueOf(ni, 'employee_pt_to_uel')).toBe('0.08');
      expect(valueOf(ni, 'earnings_pt_to_uel')).toBe(slip.ni_earnings_pt_to_uel);
      expect(valueOf(ni, 'employee_ni')).toBe(slip.employee_ni);
      expect(valueOf(ni, 'employer_ni')).toBe(slip.employer_ni);

      const refused = await expectDomainError(service.explainPayslip(setup.orgId, p2.payroll_status_id, employeeId, { figure: 'wage_tax' }), 'validation');
      expect(refused.message).toContain('tax, ni, student_loan, postgraduate_loan, pension');
      await expectDomainError(service.explainPayslip(setup.orgId, p2.payroll_status_id, 'nobody'), 'not_found');
    });

    it('explains a German month: the PAP’s steps by their BMF names, the SV base up to the pro-rated ceiling and the rates', async () => {
      const setup = await deEmployer(service);
      const employeeId = setup.employeeIds[0] as string;
      const result = await service.createGermanPayrollRun(setup.orgId, { period: '2026-01' });
      const slip = (await service.getGermanPayrollRun(setup.orgId, result.payroll_status_id)).payslips?.[0] as GermanRunPayslip;
      const taxes = slip.current_pay_period.employee.taxes;
      expect(taxes.income_tax).toBe('2599.41');

      const wageTax = await service.explainGermanPayslip(setup.orgId, result.payroll_status_id, employeeId);
      expect(wageTax).toMatchObject({ country: 'DE', figure: 'wage_tax', explained: true, payslip_value: taxes.income_tax });
      // RE4 in cents, ZRE4J the annual wage (× 12), the tax class VI path; LSTLZZ cents = the payslip's euros.
      expect(valueOf(wageTax, 'RE4')).toBe('840184');
      expect(valueOf(wageTax, 'STKL')).toBe('6');
      expect(valueOf(wageTax, 'ZRE4J')).toBe('100822.08');
      expect(valueOf(wageTax, 'LSTLZZ', 'UPLSTLZZ')).toBe('259941');
      for (const name of ['ZRE4', 'ZVBEZ', 'ZTABFB', 'VSP', 'ZVE', 'X', 'ST', 'LSTJAHR', 'SOLZLZZ', 'BK']) expect(valueOf(wageTax, name), name).toEqual(expect.any(String));
      expect(wageTax.steps.at(-1)).toMatchObject({ name: 'Lohnsteuer', value: taxes.income_tax });

      const soli = await service.explainGermanPayslip(setup.orgId, result.payroll_status_id, employeeId, { figure: 'soli' });
      expect(soli.steps.at(-1)).toMatchObject({ name: 'Solidaritaetszuschlag', value: taxes.solidarity_tax });
      expect(valueOf(soli, 'SOLZLZZ', 'MSOLZ')).toBe('10752');

      const kv = await service.explainGermanPayslip(setup.orgId, result.payroll_status_id, employeeId, { figure: 'kv' });
      const insurance = slip.current_pay_period.employee.insurance;
      expect(kv.payslip_value).toBe(insurance.health_insurance);
      // 69,750 € a year ÷ 12 = 5,812.50 for a whole month: the wage of 8,401.84 is above it.
      expect(valueOf(kv, 'BBG_KV_PV_Jahr')).toBe('69750.00');
      expect(valueOf(kv, 'BBG_KV_PV')).toBe('5812.50');
      expect(valueOf(kv, 'Beitragsbemessungsgrundlage_KV_PV')).toBe('5812.50');
      expect(valueOf(kv, 'BBG_RV_ALV')).toBeUndefined();
      expect(valueOf(kv, 'allgemeiner_Beitragssatz_halb')).toBe('0.073');
      expect(valueOf(kv, 'Arbeitnehmer')).toBe(insurance.health_insurance);
      const rv = await service.explainGermanPayslip(setup.orgId, result.payroll_status_id, employeeId, { figure: 'rv' });
      expect(valueOf(rv, 'BBG_RV_ALV')).toBe('8450.00');
      expect(valueOf(rv, 'Beitragsbemessungsgrundlage')).toBe('8401.84');
      expect(valueOf(rv, 'Arbeitnehmer')).toBe(insurance.pension_insurance);

      const refused = await expectDomainError(service.explainGermanPayslip(setup.orgId, result.payroll_status_id, employeeId, { figure: 'tax' }), 'validation');
      expect(refused.message).toContain('wage_tax, soli, church_tax, kv, pv, rv, av, levies');
    });
  });
}

describe('payslip explanations of runs calculated before the trace was stored', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-explain-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('say so and recalculate nothing (GB and Germany)', async () => {
    const store = await openStore(':memory:');
    const service = createLocalService(store, { actor: localActor('contract-test'), objects: createFolderObjectStore(dir), ownsStore: true });
    try {
      const gb = await gbEmployer(service);
      const gbRun = await service.runGbPayroll(gb.orgId, runBody(gb, 1, '2000.00'));
      const de = await deEmployer(service);
      const deRun = await service.createGermanPayrollRun(de.orgId, { period: '2026-01' });
      // A document as stored before issue 18: the same figures without `trace`.
      for (const table of ['gb_payslips', 'de_payslips'] as const) {
        const rows = await store.db.selectFrom(table).select(['id', 'figures_json']).execute();
        for (const row of rows) {
          const { trace: _trace, ...old } = JSON.parse(row.figures_json) as Record<string, unknown>;
          await store.db.updateTable(table).set({ figures_json: JSON.stringify(old) }).where('id', '=', row.id).execute();
        }
      }
      const gbSlip = (await service.getPayrollRun(gb.orgId, gbRun.payroll_status_id)).payslips?.[0] as Payslip;
      const old = await service.explainPayslip(gb.orgId, gbRun.payroll_status_id, gb.employeeIds[0] as string);
      expect(old).toMatchObject({ explained: false, steps: [], payslip_value: gbSlip.tax });
      expect(old.message).toContain('this run was calculated before explanations were stored');
      expect(old.message).toContain('discard the draft and run the period again');
      const oldDe = await service.explainGermanPayslip(de.orgId, deRun.payroll_status_id, de.employeeIds[0] as string, { figure: 'kv' });
      expect(oldDe).toMatchObject({ explained: false, steps: [] });
      expect(oldDe.message).toContain('this run was calculated before explanations were stored');
    } finally {
      await service.close();
    }
  });
});
