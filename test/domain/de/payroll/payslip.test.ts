/** The payslip: request mapping, pay cycles, one-off payments, benefits, totals, warnings, history, gross-up. */
import { describe, expect, it } from 'vitest';
import { calculatePayslip, convertToCycle, paymentPeriod, type PayslipItem } from '../../../../src/domain/de/payslip.js';
import { calculateLohnsteuer } from '../../../../src/domain/de/lohnsteuer/index.js';
import { calculateGermanPayroll } from '../../../../src/service/use-cases/germany-payroll.js';
import { body, d, item } from './helpers.js';

const month = (payDate = '2026-03-31') => ({ payCycle: 'Month' as const, payDate });
const codes = (p: { warnings: { code: string }[] }): string[] => p.warnings.map((w) => w.code);

describe('request mapping', () => {
  it('defaults a missing tax class to I with a warning', () => {
    const withClass = calculatePayslip(item(), month());
    const without = calculatePayslip(item({ tax: { taxClass: undefined } }), month());
    expect(codes(without)).toContain('TAX_CLASS_DEFAULTED');
    expect(codes(withClass)).not.toContain('TAX_CLASS_DEFAULTED');
    expect(without.employee.taxes.incomeTax.toFixed(2)).toBe(withClass.employee.taxes.incomeTax.toFixed(2));
  });

  it('feeds the PAP exactly as request-mapping.md says (monthly, class III, 1.5 children, church, Saxony)', () => {
    const slip = calculatePayslip(
      item({ tax: { taxClass: 3, childAllowances: d('1.5'), isChurchMember: true, state: 'SN' }, insurance: { children: 2, isParent: true, additionalRatePercent: d('3.1') } }),
      month('2026-06-30'),
    );
    const pap = calculateLohnsteuer(2026, { LZZ: 2, STKL: 3, RE4: 300000, ZKF: 1.5, R: 1, KVZ: 3.1, PVS: 1, PVZ: 0, PVA: 1 });
    expect(slip.employee.taxes.incomeTax.toFixed(2)).toBe(pap.LSTLZZ.div(100).toFixed(2));
    expect(slip.employee.taxes.solidarityTax.toFixed(2)).toBe(pap.SOLZLZZ.div(100).toFixed(2));
    // Church tax: BK × 9 %, fractions of a cent dropped.
    expect(slip.employee.taxes.churchTax.toFixed(2)).toBe(pap.BK.mul('0.09').floor().div(100).toFixed(2));
    expect(slip.employee.taxes.solidarityTaxAssessmentBase.toFixed(2)).toBe(pap.BK.div(100).toFixed(2));
  });

  it('church tax is 8 % in Bayern and Baden-Württemberg and 9 % elsewhere, cut to the cent', () => {
    const by = calculatePayslip(item({ tax: { isChurchMember: true, state: 'BY' } }), month());
    const nw = calculatePayslip(item({ tax: { isChurchMember: true, state: 'NW' } }), month());
    const bk = by.employee.taxes.solidarityTaxAssessmentBase;
    expect(by.employee.taxes.churchTax.toFixed(2)).toBe(bk.mul('0.08').toDecimalPlaces(2, 1).toFixed(2));
    expect(nw.employee.taxes.churchTax.toFixed(2)).toBe(bk.mul('0.09').toDecimalPlaces(2, 1).toFixed(2));
    expect(calculatePayslip(item({ tax: { isChurchMember: false, state: 'BY' } }), month()).employee.taxes.churchTax.toFixed(2)).toBe('0.00');
  });

  it('ignores child allowances in tax class V with a warning', () => {
    const slip = calculatePayslip(item({ tax: { taxClass: 5, childAllowances: d(2) } }), month());
    const plain = calculatePayslip(item({ tax: { taxClass: 5 } }), month());
    expect(codes(slip)).toContain('CHILD_ALLOWANCES_IGNORED');
    expect(slip.employee.taxes.solidarityTaxAssessmentBase.eq(plain.employee.taxes.solidarityTaxAssessmentBase)).toBe(true);
  });

  it('ALTER1: born 1 January 1961 completed 64 before 2025, born 2 January 1961 did not', () => {
    const wage = { pay: { earnings: [{ type: 'salary', amount: d('4000'), frequency: 'Month' as const, isLumpsum: false, doGrossup: false }] } };
    const jan1 = calculatePayslip(item({ employee: { dateOfBirth: '1961-01-01', yearOfBirth: 1961 }, ...wage }), month('2025-05-31'));
    const jan2 = calculatePayslip(item({ employee: { dateOfBirth: '1961-01-02', yearOfBirth: 1961 }, ...wage }), month('2025-05-31'));
    expect(jan1.employee.taxes.incomeTax.lt(jan2.employee.taxes.incomeTax)).toBe(true);
    const pap = calculateLohnsteuer(2025, { LZZ: 2, STKL: 1, RE4: 400000, KVZ: 2.5, R: 1, PVZ: 1, ALTER1: 1, AJAHR: 2025 });
    expect(jan1.employee.taxes.incomeTax.toFixed(2)).toBe(pap.LSTLZZ.div(100).toFixed(2));
  });

  it('childless surcharge from the month of completing 23 (born on the 1st: from the birthday month), not if born before 1940', () => {
    const care = (dateOfBirth: string, payDate: string): string =>
      calculatePayslip(item({ employee: { dateOfBirth, yearOfBirth: Number(dateOfBirth.slice(0, 4)) } }), month(payDate)).employee.insurance.careInsurance.toFixed(2);
    expect(care('2002-09-01', '2025-09-30')).toBe('72.00'); // 2.4 %
    expect(care('2002-09-02', '2025-09-30')).toBe('54.00'); // 1.8 %
    expect(care('2002-09-02', '2025-10-31')).toBe('72.00');
    expect(care('1939-12-31', '2025-09-30')).toBe('54.00');
  });

  it('a parent whose children are all 25 or older pays no surcharge and has no reductions', () => {
    const slip = calculatePayslip(item({ insurance: { children: 0, isParent: true } }), month());
    expect(slip.employee.insurance.careInsurance.toFixed(2)).toBe('54.00');
  });

  it('assumes 31 December with only a year of birth, with a warning', () => {
    const slip = calculatePayslip(item({ employee: { dateOfBirth: undefined, yearOfBirth: 2002 } }), month('2025-12-31'));
    expect(codes(slip)).toContain('BIRTH_DATE_ASSUMED');
    expect(slip.employee.insurance.careInsurance.toFixed(2)).toBe('54.00'); // 22 on 1 Dec 2025 if born 31 Dec 2002
  });
});

describe('pay cycles', () => {
  it('converts amounts by SV days, half up to the cent', () => {
    expect(convertToCycle(d('3000'), 'Month', 'Week').toFixed(2)).toBe('700.00');
    expect(convertToCycle(d('1000'), 'Month', 'Week').toFixed(2)).toBe('233.33');
    expect(convertToCycle(d('36000'), 'Year', 'Month').toFixed(2)).toBe('3000.00');
    expect(convertToCycle(d('100'), 'Day', 'Month').toFixed(2)).toBe('3000.00');
  });

  it('names the payment period per cycle', () => {
    expect(paymentPeriod('Month', '2026-03-31', 2026)).toBe('2026-03');
    expect(paymentPeriod('Year', '2026-03-31', 2026)).toBe('2026');
    expect(paymentPeriod('Day', '2026-03-31', 2026)).toBe('2026-03-31');
    expect(paymentPeriod('Week', '2026-03-31', 2026)).toBe('2026-W14');
    expect(paymentPeriod('Week', '2027-01-01', 2027)).toBe('2026-W53');
    expect(paymentPeriod('Month', undefined, 2025)).toBe('2025');
  });

  it('computes a weekly payslip with LZZ 3 and weekly ceilings', () => {
    const slip = calculatePayslip(item(), { payCycle: 'Week', payDate: '2026-03-27' });
    expect(slip.employee.totals.totalGrossWages.toFixed(2)).toBe('700.00');
    const pap = calculateLohnsteuer(2026, { LZZ: 3, STKL: 1, RE4: 70000, KVZ: 2.5, R: 1, PVZ: 1 });
    expect(slip.employee.taxes.incomeTax.toFixed(2)).toBe(pap.LSTLZZ.div(100).toFixed(2));
    expect(slip.employee.insurance.pensionInsurance.toFixed(2)).toBe('65.10');
    const high = calculatePayslip(item({ pay: { earnings: [{ type: 'salary', amount: d('3000'), frequency: 'Week', isLumpsum: false, doGrossup: false }] } }), { payCycle: 'Week', payDate: '2026-03-27' });
    expect(high.employee.insurance.insuranceAssessmentBase.toFixed(2)).toBe('1356.25');
  });

  it('computes a yearly payslip with annual ceilings', () => {
    const slip = calculatePayslip(item({ pay: { earnings: [{ type: 'salary', amount: d('120000'), frequency: 'Year', isLumpsum: false, doGrossup: false }] } }), { payCycle: 'Year', payDate: '2026-12-31' });
    expect(slip.employee.insurance.pensionAssessmentBase.toFixed(2)).toBe('101400.00');
    expect(slip.employee.insurance.insuranceAssessmentBase.toFixed(2)).toBe('69750.00');
  });
});

describe('one-off payments, benefits, deductions, reimbursements', () => {
  const salary = { type: 'salary', amount: d('3000'), frequency: 'Month' as const, isLumpsum: false, doGrossup: false };

  it('taxes a bonus as sonstiger Bezug (SONSTB with JRE4 = 12 × RE4) and adds it to the SV base', () => {
    const slip = calculatePayslip(item({ pay: { earnings: [salary, { type: 'bonus', amount: d('2000'), frequency: 'Month', isLumpsum: true, doGrossup: false }] } }), month());
    const pap = calculateLohnsteuer(2026, { LZZ: 2, STKL: 1, RE4: 300000, SONSTB: 200000, JRE4: 3600000, KVZ: 2.5, R: 1, PVZ: 1 });
    expect(slip.employee.taxes.incomeTax.toFixed(2)).toBe(pap.LSTLZZ.plus(pap.STS).div(100).toFixed(2));
    expect(pap.STS.gt(0)).toBe(true);
    expect(slip.employee.totals.totalGrossWages.toFixed(2)).toBe('5000.00');
    expect(slip.employee.insurance.pensionAssessmentBase.toFixed(2)).toBe('5000.00');
    expect(codes(slip)).toContain('ONE_OFF_WITHOUT_YEAR_TO_DATE');
  });

  it('frees severance pay from SV and reports it as compensation (SONSTENT)', () => {
    const slip = calculatePayslip(item({ pay: { earnings: [salary, { type: 'severance', amount: d('20000'), frequency: 'Month', isLumpsum: true, doGrossup: false }] } }), month());
    expect(slip.employee.insurance.pensionAssessmentBase.toFixed(2)).toBe('3000.00');
    const pap = calculateLohnsteuer(2026, { LZZ: 2, STKL: 1, RE4: 300000, SONSTB: 2000000, SONSTENT: 2000000, JRE4: 3600000, KVZ: 2.5, R: 1, PVZ: 1 });
    expect(slip.employee.taxes.incomeTax.toFixed(2)).toBe(pap.LSTLZZ.plus(pap.STS).div(100).toFixed(2));
  });

  it('benefits are taxable and contributory but not paid out; deductions come off, reimbursements on top', () => {
    const base = calculatePayslip(item({ pay: { earnings: [{ ...salary, amount: d('3300') }] } }), month());
    const slip = calculatePayslip(
      item({
        pay: {
          earnings: [salary],
          benefits: [{ name: 'car', value: d('350'), additionalPayments: d('100'), privateTrip: d('50') }],
          deductions: [{ name: 'loan', amount: d('120') }],
          reimbursements: [{ name: 'travel', amount: d('45.50') }],
        },
      }),
      month(),
    );
    // 3,000 + (350 − 100 + 50) = 3,300: the same taxes and contributions as a 3,300 salary.
    expect(slip.employee.totals.totalGrossWages.toFixed(2)).toBe('3300.00');
    expect(slip.employee.taxes.incomeTax.eq(base.employee.taxes.incomeTax)).toBe(true);
    expect(slip.employee.insurance.totalInsurance.eq(base.employee.insurance.totalInsurance)).toBe(true);
    expect(slip.employee.totals.netWages.eq(base.employee.totals.netWages)).toBe(true);
    expect(slip.employee.totals.netPay.toFixed(2)).toBe(base.employee.totals.netWages.minus(300).minus(120).plus('45.50').toFixed(2));
    expect(slip.employee.totals.totalDeductions.toFixed(2)).toBe('120.00');
    expect(slip.employee.totals.totalReimbursements.toFixed(2)).toBe('45.50');
  });

  it('pays the private-insurance subsidy out with the net pay and counts it in the employer burden', () => {
    const slip = calculatePayslip(item({ insurance: { privateHealthMonthly: d('600'), privateCareMonthly: d('60') }, pay: { earnings: [{ ...salary, amount: d('7000') }] } }), month());
    expect(slip.employee.privateInsuranceSubsidy.toFixed(2)).toBe('330.00');
    expect(slip.employee.totals.netPay.minus(slip.employee.totals.netWages).toFixed(2)).toBe('330.00');
    expect(slip.employer.totalBurden.minus(slip.employer.privateInsuranceSubsidy).toFixed(2)).toBe(
      slip.employer.pensionContribution.plus(slip.employer.unemploymentInsuranceContribution).plus(slip.employer.insolvencyInsuranceContribution).toFixed(2),
    );
  });

  it('minijob: no PAP, flat tax deducted from net when passed on', () => {
    const slip = calculatePayslip(
      item({ employee: { isMiniJob: true, flatRatePaidByEmployee: true, pensionExemption: true }, pay: { earnings: [{ ...salary, amount: d('500') }] } }),
      month(),
    );
    expect(slip.employee.taxes.incomeTax.toFixed(2)).toBe('0.00');
    expect(slip.employee.taxes.totalTax.toFixed(2)).toBe('10.00');
    expect(slip.employee.totals.netWages.toFixed(2)).toBe('490.00');
    expect(slip.employer.flatRateTaxMiniJob.toFixed(2)).toBe('0.00');
    expect(slip.employment).toBe('minijob');
  });

  it('warns when the flags and the wage disagree', () => {
    const midiHigh = calculatePayslip(item({ insurance: { isMidiJob: true } }), month());
    expect(codes(midiHigh)).toContain('MIDIJOB_OUTSIDE_BAND');
    expect(midiHigh.employment).toBe('regular');
    const regularInBand = calculatePayslip(item({ pay: { earnings: [{ ...salary, amount: d('1200') }] } }), month());
    expect(codes(regularInBand)).toContain('MIDIJOB_NOT_FLAGGED');
    const miniHigh = calculatePayslip(item({ employee: { isMiniJob: true } }), month());
    expect(codes(miniHigh)).toContain('MINIJOB_ABOVE_LIMIT');
  });

  it('warns below the minimum wage when hours are given', () => {
    const low = calculatePayslip(item({ employee: { isMiniJob: true, agreedWorkHoursPerWeek: d('12') }, pay: { earnings: [{ ...salary, amount: d('600') }] } }), month());
    expect(codes(low)).toContain('BELOW_MINIMUM_WAGE'); // 600 / (12 × 30/7) = 11.67 € < 13.90 €
    const ok = calculatePayslip(item({ employee: { isMiniJob: true, agreedWorkHoursPerWeek: d('10') }, pay: { earnings: [{ ...salary, amount: d('600') }] } }), month());
    expect(codes(ok)).not.toContain('BELOW_MINIMUM_WAGE');
  });
});

describe('execution history', () => {
  it('lists the SV and PAP steps taken, only when asked', () => {
    const without = calculatePayslip(item(), month());
    expect(without.executionHistory).toBeUndefined();
    const slip = calculatePayslip(item({ tax: { isChurchMember: true } }), { ...month(), includeExecutionHistory: true });
    const steps = slip.executionHistory!.map((s) => `${s.flow}:${s.node}`);
    expect(steps).toContain('SV:KV');
    expect(steps).toContain('SV:PV_CHILDLESS_SURCHARGE');
    expect(steps).toContain('Lohnsteuer2026:MPARA');
    expect(steps).toContain('Lohnsteuer2026:MSOLZ');
    expect(steps).toContain('PAYSLIP:CHURCH_TAX');
    const mini = calculatePayslip(item({ employee: { isMiniJob: true }, pay: { earnings: [{ type: 'salary', amount: d('300'), frequency: 'Month', isLumpsum: false, doGrossup: false }] } }), { ...month(), includeExecutionHistory: true });
    const miniSteps = mini.executionHistory!.map((s) => `${s.flow}:${s.node}`);
    expect(miniSteps).toContain('SV:MINIJOB_RV_TOP_UP');
    expect(miniSteps.some((s) => s.startsWith('Lohnsteuer'))).toBe(false);
  });

  it('is returned on the wire when the header asks for it', () => {
    const response = calculateGermanPayroll(body(), { includeExecutionHistory: true });
    expect(response.payslips[0]!.execution_history!.length).toBeGreaterThan(10);
    expect(calculateGermanPayroll(body(), {}).payslips[0]!.execution_history).toBeUndefined();
  });
});

describe('net-to-gross', () => {
  const grossup = (target: string, extra: PayslipItem['pay']['earnings'] = [], over: Parameters<typeof item>[0] = {}) =>
    calculatePayslip(item({ ...over, pay: { earnings: [...extra, { type: 'salary', amount: d(target), frequency: 'Month', isLumpsum: false, doGrossup: true }] } }), month());

  it('finds the gross whose net wages equal the target to the cent', () => {
    for (const target of ['1500.00', '2000.00', '2345.67', '4000.01', '7000.00']) {
      const slip = grossup(target);
      if (!codes(slip).includes('GROSSUP_NET_UNREACHABLE')) expect(slip.employee.totals.netWages.toFixed(2)).toBe(target);
      // One cent less gross gives less net.
      const less = calculatePayslip(item({ pay: { earnings: [{ type: 'salary', amount: slip.employee.totals.totalGrossWages.minus('0.01'), frequency: 'Month', isLumpsum: false, doGrossup: false }] } }), month());
      expect(less.employee.totals.netWages.lt(target)).toBe(true);
    }
  });

  it('adds exactly the target on top of the fixed pay (net bonus)', () => {
    const fixed = { type: 'salary', amount: d('3000'), frequency: 'Month' as const, isLumpsum: false, doGrossup: false };
    const base = calculatePayslip(item(), month());
    const slip = grossup('500', [fixed]);
    expect(slip.employee.totals.netWages.minus(base.employee.totals.netWages).toFixed(2)).toBe('500.00');
  });

  it('grosses up a one-off payment on top of the current wage', () => {
    const fixed = { type: 'salary', amount: d('3000'), frequency: 'Month' as const, isLumpsum: false, doGrossup: false };
    const base = calculatePayslip(item(), month());
    const slip = calculatePayslip(item({ pay: { earnings: [fixed, { type: 'bonus', amount: d('1000'), frequency: 'Month', isLumpsum: true, doGrossup: true }] } }), month());
    expect(slip.employee.totals.netWages.minus(base.employee.totals.netWages).toFixed(2)).toBe('1000.00');
  });

  it('works for a minijob and a midijob', () => {
    expect(grossup('400', [], { employee: { isMiniJob: true } }).employee.totals.netWages.toFixed(2)).toBe('400.00');
    const midi = grossup('1000', [], { insurance: { isMidiJob: true } });
    expect(midi.employment).toBe('midijob');
    expect(midi.employee.totals.netWages.toFixed(2)).toBe('1000.00');
  });
});
