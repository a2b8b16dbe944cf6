/** Property tests (fast-check) of the German payroll: net identity, monotone wage tax, order independence. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../src/domain/money.js';
import { calculateGermanPayroll, type GermanPayrollResponse } from '../../../../src/service/use-cases/germany-payroll.js';

const STATES = ['Bayern', 'Baden-Württemberg', 'Berlin', 'Sachsen', 'Nordrhein-Westfalen', 'Hamburg', 'Thüringen'];
const cents = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((c) => (c / 100).toFixed(2));

const employee = (id: string) =>
  fc
    .record({
      kind: fc.constantFrom('regular', 'regular', 'regular', 'midi', 'mini', 'private'),
      year: fc.constantFrom(2025, 2026),
      month: fc.integer({ min: 1, max: 12 }),
      birthYear: fc.integer({ min: 1945, max: 2007 }),
      birthMonth: fc.integer({ min: 1, max: 12 }),
      taxClass: fc.integer({ min: 1, max: 6 }),
      allowances: fc.integer({ min: 0, max: 6 }).map((n) => String(n / 2)),
      church: fc.boolean(),
      state: fc.constantFrom(...STATES),
      rate: fc.constantFrom('2.19', '2.5', '2.9', '3.4', '4.4'),
      children: fc.integer({ min: 0, max: 6 }),
      parent: fc.boolean(),
      wage: cents(0, 15000),
      midiWage: cents(620, 1990),
      miniWage: cents(0, 550),
      bonus: fc.option(cents(0, 5000), { nil: undefined }),
      benefit: fc.option(cents(0, 600), { nil: undefined }),
      deduction: fc.option(cents(0, 300), { nil: undefined }),
      reimbursement: fc.option(cents(0, 300), { nil: undefined }),
      pensionExemption: fc.boolean(),
      flatByEmployee: fc.boolean(),
      premium: cents(200, 1200),
      carePremium: cents(20, 120),
    })
    .map((e) => {
      const amount = e.kind === 'midi' ? e.midiWage : e.kind === 'mini' ? e.miniWage : e.wage;
      const earnings: Record<string, unknown>[] = [{ earning_type: 'salary', amount, earning_frequency: 'Month', is_lumpsum: false, do_grossup: false }];
      if (e.bonus && e.kind !== 'mini' && e.kind !== 'midi') earnings.push({ earning_type: 'bonus', amount: e.bonus, is_lumpsum: true });
      return {
        payDate: `${e.year}-${String(e.month).padStart(2, '0')}-28`,
        item: {
          employee_details: {
            employee_id: id,
            year_of_birth: e.birthYear,
            date_of_birth: `${e.birthYear}-${String(e.birthMonth).padStart(2, '0')}-15`,
            is_mini_job: e.kind === 'mini',
            mini_job_details: { pension_exemption: e.pensionExemption, flat_rate_paid_by_employee: e.flatByEmployee },
          },
          tax_attributes: { tax_class: e.taxClass, child_allowances: e.allowances, is_church_member: e.church, tax_state: e.state },
          insurance_details: {
            health_insurance_additional_rate: e.rate,
            private_insurance_monthly: e.kind === 'private' ? e.premium : '0',
            private_care_insurance_monthly: e.kind === 'private' ? e.carePremium : '0',
            care_insurance_children: e.children,
            is_parent: e.parent || e.children > 0,
            is_midi_job: e.kind === 'midi',
            u1_rate: '1.6',
            u2_rate: '0.44',
          },
          pay_details: {
            earnings,
            benefits: e.benefit && e.kind !== 'mini' && e.kind !== 'midi' ? [{ name: 'meal', value: e.benefit }] : [],
            deductions: e.deduction ? [{ name: 'loan', amount: e.deduction }] : [],
            reimbursements: e.reimbursement ? [{ name: 'travel', amount: e.reimbursement }] : [],
          },
        },
      };
    });

const D = (value: string): Decimal => new Decimal(value);

describe('net identity', () => {
  it('net wages = gross − taxes − employee insurance; net pay = net wages − benefits in kind − deductions + reimbursements + subsidy', () => {
    fc.assert(
      fc.property(employee('p1'), ({ payDate, item }) => {
        const response = calculateGermanPayroll({ pay_cycle: 'Month', pay_date: payDate, payroll_group: [item] }, {});
        const slip = response.payslips[0]!.current_pay_period;
        const t = slip.employee.totals;
        const tax = slip.employee.taxes;
        const ins = slip.employee.insurance;
        expect(D(tax.total_tax).eq(D(tax.income_tax).plus(tax.church_tax).plus(tax.solidarity_tax).plus(tax.flat_rate_tax_mini_job))).toBe(true);
        expect(D(ins.total_insurance).eq(D(ins.health_insurance).plus(ins.care_insurance).plus(ins.pension_insurance).plus(ins.unemployment_insurance))).toBe(true);
        expect(t.net_wages).toBe(D(t.total_gross_wages).minus(tax.total_tax).minus(ins.total_insurance).toFixed(2));
        expect(t.net_pay).toBe(D(t.net_wages).minus(t.benefits_in_kind).minus(t.total_deductions).plus(t.total_reimbursements).plus(t.private_insurance_subsidy).toFixed(2));
        const e = slip.employer;
        const burden = [e.pension_contribution, e.health_insurance_contribution, e.care_insurance_contribution, e.unemployment_insurance_contribution, e.sick_pay_insurance_contribution, e.maternity_pay_insurance_contribution, e.insolvency_insurance_contribution, e.flat_rate_tax_mini_job, e.private_insurance_subsidy].reduce((a, b) => a.plus(b), D('0'));
        expect(e.total_burden).toBe(burden.toFixed(2));
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Wage tax is monotone in the wage at steps of a euro a month, not cent by cent: the PAP rounds the
 * Vorsorgepauschale up to whole euros and cuts the taxable income to whole euros, so a one-cent rise
 * can move the Vorsorgepauschale up a euro and lower the tax by one tariff step. That is the BMF's
 * program (the de-lohnsteuer vectors), not a payslip artefact; the last test pins one such case.
 */
describe('wage tax', () => {
  const taxAt = (payDate: string, item: Record<string, any>, cents: number): Decimal => {
    const earnings = [{ earning_type: 'salary', amount: (cents / 100).toFixed(2), earning_frequency: 'Month' }];
    const body = { pay_cycle: 'Month', pay_date: payDate, payroll_group: [{ ...item, insurance_details: { ...item.insurance_details, is_midi_job: false }, pay_details: { earnings } }] };
    return D(calculateGermanPayroll(body, {}).payslips[0]!.current_pay_period.employee.taxes.income_tax);
  };

  it('never decreases as the wage rises (by a euro or more) within a tax class', () => {
    fc.assert(
      fc.property(
        employee('m1').filter((e) => !e.item.employee_details.is_mini_job),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 100, max: 300_000 }),
        ({ payDate, item }, lowCents, stepCents) => {
          expect(taxAt(payDate, item, lowCents + stepCents).gte(taxAt(payDate, item, lowCents))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never decreases euro by euro over a stretch of wages, in every class', () => {
    for (const taxClass of [1, 2, 3, 4, 5, 6]) {
      let previous = D('-1');
      const item = { employee_details: { employee_id: 'x', date_of_birth: '1985-05-05' }, tax_attributes: { tax_class: taxClass, child_allowances: taxClass < 5 ? '1' : '0' }, insurance_details: { health_insurance_additional_rate: '2.9', u1_rate: '0', u2_rate: '0' } };
      for (let c = 100_000; c <= 1_000_000; c += 2_300) {
        for (const step of [0, 100]) {
          const tax = taxAt('2026-04-30', item, c + step);
          expect(tax.gte(previous)).toBe(true);
          previous = tax;
        }
      }
    }
  });

  it('(documented PAP behaviour) a one-cent rise can lower the monthly tax by one step', () => {
    const item = { employee_details: { employee_id: 'x', date_of_birth: '1985-05-05' }, tax_attributes: { tax_class: 1 }, insurance_details: { health_insurance_additional_rate: '2.9', u1_rate: '0', u2_rate: '0' } };
    expect(taxAt('2026-04-30', item, 350_248).toFixed(2)).toBe('406.08');
    expect(taxAt('2026-04-30', item, 350_249).toFixed(2)).toBe('406.00');
  });
});

describe('order independence', () => {
  it('payslips and summary do not depend on the order of payroll_group', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }).chain((n) => fc.tuple(fc.tuple(...Array.from({ length: n }, (_, i) => employee(`emp-${i}`))), fc.constantFrom(2025, 2026), fc.integer({ min: 0, max: 1000 }))),
        ([employees, year, seed]) => {
          const items = employees.map((e) => e.item);
          // Fisher–Yates with a seeded LCG: a reproducible permutation.
          const shuffled = [...items];
          let state = seed + 1;
          for (let i = shuffled.length - 1; i > 0; i -= 1) {
            state = (state * 1103515245 + 12345) % 2147483648;
            const j = state % (i + 1);
            [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
          }
          const reversed = [...items].reverse();
          const run = (group: unknown[]): GermanPayrollResponse => calculateGermanPayroll({ pay_cycle: 'Month', pay_date: `${year}-06-30`, payroll_group: group }, {});
          const byId = (r: GermanPayrollResponse) => Object.fromEntries(r.payslips.map((p) => [p.employee_id, p]));
          const a = run(items);
          for (const other of [run(reversed), run(shuffled)]) {
            expect(byId(other)).toEqual(byId(a));
            expect(other.summary).toEqual(a.summary);
          }
          // Each payslip equals the payslip of its item computed alone.
          for (const single of items) expect(byId(run([single]))[single.employee_details.employee_id]).toEqual(byId(a)[single.employee_details.employee_id]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
