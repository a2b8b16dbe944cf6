/**
 * Unit tests of the German social-insurance branches. Expected figures are worked by hand from
 * params-2025.md / params-2026.md / contribution-rules.md, or taken from a reference vector (named).
 */
import { describe, expect, it } from 'vitest';
import { paramsForYear } from '../../../../src/domain/de/params/index.js';
import { calculateSocialInsurance, employeeCareRate, periodCeiling } from '../../../../src/domain/de/social-insurance.js';
import { midijobBand, midijobBases } from '../../../../src/domain/de/midijob.js';
import { findInsurer, insurerRate } from '../../../../src/domain/de/krankenkassen.js';
import { calculatePayslip } from '../../../../src/domain/de/payslip.js';
import { d, item, svInput } from './helpers.js';

const p2025 = paramsForYear(2025);
const p2026 = paramsForYear(2026);
const s = (value: { toFixed(n: number): string }): string => value.toFixed(2);

describe('regular employment', () => {
  it('splits KV, PV, RV, ALV half and half, Zusatzbeitrag rounded on its own (ps2025-0001)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('2100'), childlessSurcharge: true }));
    expect(s(r.employee.health)).toBe('179.55'); // 153.30 + 26.25
    expect(s(r.employer.health)).toBe('179.55');
    expect(s(r.employee.care)).toBe('50.40'); // 2.4 %
    expect(s(r.employer.care)).toBe('37.80'); // 1.8 %
    expect(s(r.employee.pension)).toBe('195.30');
    expect(s(r.employee.unemployment)).toBe('27.30');
    expect(s(r.employee.total)).toBe('452.55');
    expect(s(r.employer.insolvency)).toBe('3.15');
  });

  it('rounds the Zusatzbeitrag separately from the 7.3 % part', () => {
    // 1,234.56 × 7.3 % = 90.12288 → 90.12; × 1.345 % (2.69 / 2) = 16.6048… → 16.60; combined 9.645 % → 119.07312 → 119.07 would be 0.35 more.
    const r = calculateSocialInsurance(p2026, svInput({ currentWage: d('1234.56'), additionalRate: d('0.0269') }));
    expect(s(r.employee.health)).toBe('106.72');
  });

  it('caps the bases at the monthly ceilings (2026: KV/PV 5,812.50, RV/ALV 8,450)', () => {
    const r = calculateSocialInsurance(p2026, svInput({ currentWage: d('9000'), additionalRate: d('0.029') }));
    expect(s(r.healthBase)).toBe('5812.50');
    expect(s(r.pensionBase)).toBe('8450.00');
    expect(s(r.employee.health)).toBe('508.59'); // 424.31 + 84.28
    expect(s(r.employee.pension)).toBe('785.85');
    expect(s(r.employee.unemployment)).toBe('109.85');
    expect(s(r.employer.care)).toBe('104.63');
  });

  it('prorates the ceilings by SV days for weekly and daily pay', () => {
    expect(s(periodCeiling(p2026.ceilings.healthCareAnnual, 7))).toBe('1356.25');
    expect(s(periodCeiling(p2026.ceilings.pensionUnemploymentAnnual, 7))).toBe('1971.67');
    expect(s(periodCeiling(p2025.ceilings.pensionUnemploymentAnnual, 1))).toBe('268.33');
    expect(s(periodCeiling(p2025.ceilings.healthCareAnnual, 360))).toBe('66150.00');
    const week = calculateSocialInsurance(p2026, svInput({ svDays: 7, currentWage: d('2000') }));
    expect(s(week.healthBase)).toBe('1356.25');
    expect(s(week.pensionBase)).toBe('1971.67');
  });

  it('takes one-off payments in the period up to the ceiling, U1/U2 on the current wage only, U3 on both', () => {
    const r = calculateSocialInsurance(p2026, svInput({ currentWage: d('3000'), oneOffWage: d('1000'), u1Rate: d('0.02'), u2Rate: d('0.005') }));
    expect(s(r.pensionBase)).toBe('4000.00');
    expect(s(r.employer.sickPay)).toBe('60.00');
    expect(s(r.employer.maternity)).toBe('15.00');
    expect(s(r.employer.insolvency)).toBe('6.00');
  });

  it('bases U1/U2/U3 on the RV-liable wage up to the RV ceiling (ps2025-0184)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('9174.11'), u1Rate: d('0.024'), u2Rate: d('0.0039') }));
    expect(s(r.employer.sickPay)).toBe('193.20');
    expect(s(r.employer.maternity)).toBe('31.40');
    expect(s(r.employer.insolvency)).toBe('12.08');
  });
});

describe('care insurance', () => {
  it('employee rates: standard, surcharge, reductions for the 2nd to 5th child, Saxony', () => {
    const rate = (saxony: boolean, surcharge: boolean, n: number): string => employeeCareRate(p2026, saxony, surcharge, n).mul(100).toFixed(2);
    expect(rate(false, false, 0)).toBe('1.80');
    expect(rate(false, true, 0)).toBe('2.40');
    expect(rate(false, false, 1)).toBe('1.55');
    expect(rate(false, false, 4)).toBe('0.80');
    expect(rate(false, false, 5)).toBe('0.80'); // at most four reductions
    expect(rate(true, false, 0)).toBe('2.30');
    expect(rate(true, true, 0)).toBe('2.90');
    expect(rate(true, false, 4)).toBe('1.30');
  });

  it('childless surcharge at 2.4 % on the whole base, employer unchanged (ps2025-0085)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('2987.65'), childlessSurcharge: true }));
    expect(s(r.employee.care)).toBe('71.70');
    expect(s(r.employer.care)).toBe('53.78');
  });

  it('child reductions lower the employee share only (ps2025-0079: 4 children)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('4123.45'), childReductions: 3 }));
    expect(s(r.employee.care)).toBe('43.30');
    expect(s(r.employer.care)).toBe('74.22');
  });

  it('Saxony: employee 2.3 % less reductions, employer 1.3 % (ps2025-0088)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('4123.45'), saxony: true, childReductions: 1 }));
    expect(s(r.employee.care)).toBe('84.53');
    expect(s(r.employer.care)).toBe('53.60');
  });
});

describe('midijob (Übergangsbereich)', () => {
  it('reproduces the worked BE / BE_AN values of params-2025.md and params-2026.md (exact formula)', () => {
    const check = (year: 2025 | 2026, ae: string, be: string, beAn: string): void => {
      const params = paramsForYear(year);
      const bases = midijobBases(d(ae), midijobBand(params, 30), params.midijob.factorF);
      expect([s(bases.total), s(bases.employee)]).toEqual([be, beAn]);
    };
    check(2025, '556.01', '371.59', '0.01');
    check(2025, '800', '646.74', '337.95');
    check(2025, '1000', '872.28', '614.96');
    check(2025, '1500', '1436.14', '1307.48');
    check(2025, '2000', '2000.00', '2000.00');
    check(2026, '603.01', '399.14', '0.01');
    check(2026, '800', '624.88', '282.03');
    check(2026, '1000', '854.06', '568.36');
    check(2026, '1500', '1427.03', '1284.18');
    check(2026, '1999.99', '1999.99', '1999.99');
    // Where the published 9-decimal formula gives another cent, the exact one is used.
    check(2026, '794.79', '618.90', midijobBases(d('794.79'), midijobBand(p2026, 30), p2026.midijob.factorF).employee.toFixed(2));
  });

  it('splits each branch: total on BE, employee on BE_AN, employer the rest; surcharge on BE (ps2025-0103)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('1209.83'), employment: 'midijob', additionalRate: d('0.0219'), childlessSurcharge: true }));
    expect(r.appliedEmployment).toBe('midijob');
    expect(s(r.midijob!.total)).toBe('1108.91');
    expect(s(r.midijob!.employee)).toBe('905.58');
    expect([s(r.employee.health), s(r.employee.care), s(r.employee.pension), s(r.employee.unemployment)]).toEqual(['76.03', '22.95', '84.22', '11.77']);
    expect([s(r.employer.health), s(r.employer.care), s(r.employer.pension), s(r.employer.unemployment)]).toEqual(['110.15', '23.62', '122.04', '17.07']);
  });

  it('rounds the employee PV share once: BE_AN × 1.8 % + BE × 0.6 % (ps2026-0052)', () => {
    const r = calculateSocialInsurance(p2026, svInput({ currentWage: d('603.02'), employment: 'midijob', additionalRate: d('0.0269'), childlessSurcharge: true }));
    expect(s(r.employee.care)).toBe('2.40');
    expect(s(r.employee.health)).toBe('0.00');
  });

  it('Saxony with child reductions on BE_AN (ps2025-0097)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('1168.34'), employment: 'midijob', additionalRate: d('0.0378'), saxony: true, childReductions: 4 }));
    expect(s(r.employee.care)).toBe('11.03');
    expect(s(r.employer.care)).toBe('18.73');
  });

  it('levies U1/U2/U3 on BE', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('1080.78'), employment: 'midijob', u1Rate: d('0.024'), u2Rate: d('0.0022') }));
    expect(s(r.midijob!.total)).toBe('963.38');
    expect(s(r.employer.sickPay)).toBe('23.12');
    expect(s(r.employer.maternity)).toBe('2.12');
    expect(s(r.employer.insolvency)).toBe('1.45');
  });

  it('computes a flagged midijob outside the band as regular', () => {
    const r = calculateSocialInsurance(p2026, svInput({ currentWage: d('2000.01'), employment: 'midijob' }));
    expect(r.appliedEmployment).toBe('regular');
    expect(s(r.employee.pension)).toBe('186.00');
  });
});

describe('minijob', () => {
  const mini = (wage: string, over: Partial<Parameters<typeof svInput>[0]> = {}, details = { pensionExemption: false, flatTaxPaidByEmployee: false }) =>
    calculateSocialInsurance(p2025, svInput({ currentWage: d(wage), employment: 'minijob', u1Rate: d('0.011'), u2Rate: d('0.0022'), minijob: details, ...over }));

  it('employer flat rates and the 3.6 % employee top-up (ps2025-0049)', () => {
    const r = mini('555.99');
    expect([s(r.employer.health), s(r.employer.pension), s(r.employee.pension)]).toEqual(['72.28', '83.40', '20.02']);
    expect([s(r.employer.sickPay), s(r.employer.maternity), s(r.employer.insolvency), s(r.employer.flatTax)]).toEqual(['6.12', '1.22', '0.83', '11.12']);
    expect(s(r.employee.health)).toBe('0.00');
  });

  it('175 € minimum base: employee pays 32.55 − the employer’s 15 % (ps2025-0169)', () => {
    const r = mini('30.49');
    expect(s(r.employer.pension)).toBe('4.57');
    expect(s(r.employee.pension)).toBe('27.98');
    expect(s(r.pensionBase)).toBe('175.00');
    expect(s(mini('175.01').employee.pension)).toBe('6.30');
  });

  it('no top-up with pension exemption; flat tax passed on to the employee (ps2025-0172)', () => {
    const r = mini('55.42', {}, { pensionExemption: true, flatTaxPaidByEmployee: true });
    expect(s(r.employee.pension)).toBe('0.00');
    expect(s(r.employer.flatTax)).toBe('0.00');
    expect(s(r.employeeFlatTax)).toBe('1.11');
    expect(s(r.employer.pension)).toBe('8.31');
  });

  it('no KV flat rate when privately insured; uses 2026 rates', () => {
    const r = mini('400', { statutoryHealth: false, privateHealthMonthly: d('300') });
    expect(s(r.employer.health)).toBe('0.00');
    expect(s(r.employer.privateHealthSubsidy)).toBe('0.00');
    const r2026 = calculateSocialInsurance(p2026, svInput({ currentWage: d('600'), employment: 'minijob', u1Rate: p2026.minijob.u1Rate, u2Rate: p2026.minijob.u2Rate }));
    expect(s(r2026.employer.sickPay)).toBe('4.80');
  });
});

describe('private insurance subsidy (§ 257 SGB V, § 61 SGB XI)', () => {
  it('half the premium, at most the employer share at the ceiling (ps2025-0184)', () => {
    const r = calculateSocialInsurance(p2025, svInput({ currentWage: d('9174.11'), statutoryHealth: false, privateHealthMonthly: d('1200'), privateCareMonthly: d('38.89') }));
    expect(s(r.employer.privateHealthSubsidy)).toBe('471.32');
    expect(s(r.employer.privateCareSubsidy)).toBe('19.45');
    expect(s(r.employee.health)).toBe('0.00');
    expect(s(r.employee.care)).toBe('0.00');
    expect(s(r.healthBase)).toBe('0.00');
  });

  it('2026 caps: 508.59 KV, 104.63 PV, 75.56 PV in Saxony', () => {
    const r = calculateSocialInsurance(p2026, svInput({ currentWage: d('9000'), statutoryHealth: false, privateHealthMonthly: d('1500'), privateCareMonthly: d('300') }));
    expect([s(r.employer.privateHealthSubsidy), s(r.employer.privateCareSubsidy)]).toEqual(['508.59', '104.63']);
    const sn = calculateSocialInsurance(p2026, svInput({ currentWage: d('9000'), statutoryHealth: false, privateHealthMonthly: d('1500'), privateCareMonthly: d('300'), saxony: true }));
    expect(s(sn.employer.privateCareSubsidy)).toBe('75.56');
  });

  it('caps on the wage below the ceiling', () => {
    const r = calculateSocialInsurance(p2026, svInput({ currentWage: d('3000'), statutoryHealth: false, privateHealthMonthly: d('1000'), privateCareMonthly: d('100') }));
    expect(s(r.employer.privateHealthSubsidy)).toBe('262.50'); // 3,000 × 8.75 %
    expect(s(r.employer.privateCareSubsidy)).toBe('50.00'); // half of 100 < 54.00
  });
});

describe('insurer table', () => {
  it('looks up the Zusatzbeitrag and levies by Betriebsnummer and year', () => {
    const tk = findInsurer('15027365')!;
    expect(tk.name).toContain('Techniker');
    expect(insurerRate(tk, 'additionalRate', 2025)!.toString()).toBe('0.0245');
    expect(insurerRate(tk, 'additionalRate', 2026)!.toString()).toBe('0.0269');
    expect(insurerRate(tk, 'u1', 2025)!.toString()).toBe('0.024');
    expect(insurerRate(tk, 'u1', 2026)).toBeUndefined();
    expect(findInsurer('01049203')!.name).toBe('IKK classic'); // leading zero kept
  });

  it('uses the insurer’s rate, warns and falls back to the average for an unknown code', () => {
    const known = calculatePayslip(item({ insurance: { additionalRatePercent: undefined, insurerCode: '15027365', u1RatePercent: undefined, u2RatePercent: undefined } }), { payCycle: 'Month', payDate: '2025-05-31' });
    expect(known.employee.insurance.healthInsuranceAdditionalRate.toFixed(2)).toBe('2.45');
    expect(known.warnings.map((w) => w.code)).toEqual([]);
    expect(known.employer.sickPayInsuranceContribution.toFixed(2)).toBe('72.00'); // TK 2025 U1 2.4 %

    const unknown = calculatePayslip(item({ insurance: { additionalRatePercent: undefined, insurerCode: '12345678' } }), { payCycle: 'Month', payDate: '2026-05-31' });
    expect(unknown.employee.insurance.healthInsuranceAdditionalRate.toFixed(2)).toBe('2.90');
    expect(unknown.warnings.map((w) => w.code)).toContain('INSURER_UNKNOWN');
    expect(unknown.employee.insurance.healthInsurance.toFixed(2)).toBe('262.50'); // 219.00 + 43.50

    const override = calculatePayslip(item({ insurance: { additionalRatePercent: d('3.1'), insurerCode: '15027365' } }), { payCycle: 'Month', payDate: '2026-05-31' });
    expect(override.employee.insurance.healthInsuranceAdditionalRate.toFixed(2)).toBe('3.10');
    expect(override.warnings).toEqual([]);
  });
});
