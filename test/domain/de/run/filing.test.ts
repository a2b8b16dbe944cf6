/**
 * Issue 17: the month record keeps what the employer filings need beyond the payslip's sums: the Zusatzbeitrag part
 * of the KV contributions (each side round(base × rate / 2), BVV § 2; in the Übergangsbereich the split of
 * contribution-rules.md 5), the insurer calculated with, a minijob's RV exemption and passed-on flat tax, and the
 * PAP's private KV/PV contributions (2025: VKVLZZ + VKVSONST; none from 2026).
 */
import { describe, expect, it } from 'vitest';
import { calculateDeMonth } from '../../../../src/domain/de/run/month.js';
import { parseDeMonthRecord } from '../../../../src/domain/de/run/record.js';
import { midijobBand, midijobBases } from '../../../../src/domain/de/midijob.js';
import { paramsForYear } from '../../../../src/domain/de/params/index.js';
import { Decimal } from '../../../../src/domain/money.js';
import type { PayslipItem } from '../../../../src/domain/de/payslip.js';
import { d, item } from '../payroll/helpers.js';

const employment = { entryDate: '2020-01-01', exitDate: null, previousEmploymentPay: d('0.00'), previousEmploymentMonths: 0 };
const salary = (amount: string): PayslipItem['pay'] => ({ earnings: [{ type: 'salary', amount: d(amount), frequency: 'Month', isLumpsum: false, doGrossup: false }], benefits: [], deductions: [], reimbursements: [] });
const half = (base: Decimal, percent: string) => base.mul(percent).div(200).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

describe('the month record’s filing figures', () => {
  it('a regular month: the Zusatzbeitrag part of each side and the insurer', () => {
    const person = item({ tax: { taxClass: 1, state: 'BE' }, insurance: { insurerCode: '15027365', additionalRatePercent: d('2.69'), u1RatePercent: d('2.8'), u2RatePercent: d('0.5') }, pay: salary('4321.09') });
    const { record } = calculateDeMonth({ month: '2026-05', employment, item: person, history: [] });
    const filing = parseDeMonthRecord(JSON.parse(JSON.stringify(record))).filing;
    const additional = half(d('4321.09'), '2.69').toFixed(2);
    expect(filing).toMatchObject({ insurer: '15027365', additional: { employee: additional, employer: additional }, minijobPensionExempt: null, employeeFlatTax: '0.00', allocated: null, privateVorsorge: null });
    // The general part is what is left of the KV contribution: round(base × 7.3 %).
    expect(d(record.figures['employee.insurance.health_insurance'] as string).minus(additional).toFixed(2)).toBe(half(d('4321.09'), '14.6').toFixed(2));
  });

  it('a midijob month: the Zusatzbeitrag split of the Übergangsbereich (employee on BE_AN, employer the rest of 2 × round(BE × rate / 2))', () => {
    const person = item({ tax: { taxClass: 1, state: 'BE' }, insurance: { additionalRatePercent: d('2.9'), isMidiJob: true, u1RatePercent: d('1.1'), u2RatePercent: d('0.22') }, pay: salary('1200.00') });
    const { record } = calculateDeMonth({ month: '2026-05', employment, item: person, history: [] });
    const params = paramsForYear(2026);
    const bases = midijobBases(d('1200.00'), midijobBand(params, 30), params.midijob.factorF);
    const employee = half(bases.employee, '2.9');
    const employer = half(bases.total, '2.9').mul(2).minus(employee);
    expect(record.state.attributes.employment).toBe('midijob');
    expect(record.filing?.additional).toEqual({ employee: employee.toFixed(2), employer: employer.toFixed(2) });
  });

  it('a minijob month: no Zusatzbeitrag, the RV exemption and the flat tax passed on', () => {
    const person = item({ employee: { isMiniJob: true, pensionExemption: true, flatRatePaidByEmployee: true }, tax: { taxClass: 1, state: 'BE' }, insurance: {}, pay: salary('520.00') });
    const { record } = calculateDeMonth({ month: '2026-05', employment, item: person, history: [] });
    expect(record.filing).toMatchObject({ additional: { employee: '0.00', employer: '0.00' }, minijobPensionExempt: true, employeeFlatTax: '10.40', privateVorsorge: null });
  });

  it('2025 with private insurance: the PAP’s VKVLZZ as line 28 of the Lohnsteuerbescheinigung; the statutory insured have 0.00', () => {
    const privately = item({ tax: { taxClass: 1, state: 'BE' }, insurance: { privateHealthMonthly: d('600.00'), privateCareMonthly: d('80.00'), u1RatePercent: d('2.8'), u2RatePercent: d('0.5') }, pay: salary('7000.00') });
    const p = calculateDeMonth({ month: '2025-05', employment, item: privately, history: [] }).record.filing;
    expect(d(p?.privateVorsorge ?? '0').gt(0)).toBe(true);
    const statutory = item({ tax: { taxClass: 1, state: 'BE' }, insurance: { additionalRatePercent: d('2.5'), u1RatePercent: d('2.8'), u2RatePercent: d('0.5') }, pay: salary('7000.00') });
    expect(calculateDeMonth({ month: '2025-05', employment, item: statutory, history: [] }).record.filing?.privateVorsorge).toBe('0.00');
    expect(calculateDeMonth({ month: '2026-05', employment, item: privately, history: [] }).record.filing?.privateVorsorge).toBeNull();
  });

  it('a record written before the filing figures still reads (the member is optional)', () => {
    const person = item({ tax: { taxClass: 1, state: 'BE' }, insurance: { additionalRatePercent: d('2.5'), u1RatePercent: d('2.8'), u2RatePercent: d('0.5') }, pay: salary('3000.00') });
    const { record } = calculateDeMonth({ month: '2026-05', employment, item: person, history: [] });
    const { filing: _dropped, ...older } = JSON.parse(JSON.stringify(record)) as typeof record;
    expect(parseDeMonthRecord(older).filing).toBeUndefined();
  });
});
