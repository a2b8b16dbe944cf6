/** The per-period calculation: trace, directors' NI, the NI earnings period of an irregular payment, validation. */
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../../src/domain/money.js';
import { DomainError } from '../../../../src/domain/errors.js';
import { calculateGbPeriod, gbPeriodResultToWire, type GbPeriodInput } from '../../../support/gb-period.js';

const d = (value: string | number): Decimal => new Decimal(value);
const base: GbPeriodInput = {
  taxYear: '2025-26',
  frequency: 'monthly',
  period: 1,
  taxCode: '1257L',
  grossPay: d('5000.00'),
  taxablePayToDatePrevious: d(0),
  taxPaidToDatePrevious: d(0),
  niCategory: 'A',
};

describe('calculateGbPeriod', () => {
  it('records the steps it takes', () => {
    const steps: string[] = [];
    calculateGbPeriod(
      { ...base, taxCode: 'K100', studentLoanPlans: ['1', '2'], postgraduateLoan: true, pension: { method: 'net_pay', basis: 'qualifying_earnings', employeeRate: d('0.05'), employerRate: d('0.03') } },
      (flow, node) => steps.push(`${flow}:${node}`),
    );
    expect(steps).toEqual([
      'params:2025-26',
      'pension:basis:qualifying_earnings',
      'pension:method:net_pay',
      'paye:code:K',
      'paye:basis:cumulative',
      'paye:additional-pay',
      'paye:bands:cumulative',
      'ni:category:A',
      'student_loan:lowest-threshold-plan',
      'student_loan:plan:1',
      'postgraduate_loan:deducted',
      'net_pay:gross-less-deductions',
    ]);
  });

  it('gives null pension figures without a pension, and every vector field', () => {
    const wire = gbPeriodResultToWire(calculateGbPeriod(base));
    expect(Object.keys(wire).sort()).toEqual(
      [
        'taxable_pay', 'taxable_pay_to_date', 'tax', 'tax_paid_to_date', 'regulatory_limit_applied', 'niable_pay', 'employee_ni', 'employer_ni',
        'ni_earnings_at_lel', 'ni_earnings_lel_to_pt', 'ni_earnings_pt_to_uel', 'student_loan', 'postgraduate_loan', 'pensionable_earnings',
        'pension_employee_gross', 'pension_employee_deduction', 'pension_employer', 'salary_sacrifice', 'net_pay', 'student_loan_plan_applied', 'tax_basis',
      ].sort(),
    );
    expect([wire.pensionable_earnings, wire.pension_employer, wire.salary_sacrifice, wire.student_loan_plan_applied]).toEqual([null, null, null, null]);
  });

  it('directors: NI on the annual earnings period from the year to date (gb2526-run-097, category M, £5,000 a month)', () => {
    const director = (month: number, niToDate: string, bands: [string, string, string]) =>
      gbPeriodResultToWire(
        calculateGbPeriod({
          ...base,
          period: month,
          niCategory: 'M',
          taxablePayToDatePrevious: d(5000 * (month - 1)),
          taxPaidToDatePrevious: d(0), // tax is not the point here
          director: {
            method: 'standard_annual_earnings_period',
            weeksInEarningsPeriod: 52,
            niablePayToDatePrevious: d(5000 * (month - 1)),
            employeeNiToDatePrevious: d(niToDate),
            employerNiToDatePrevious: d(0),
            earningsAtLelToDatePrevious: d(bands[0]),
            earningsLelToPtToDatePrevious: d(bands[1]),
            earningsPtToUelToDatePrevious: d(bands[2]),
          },
        }),
      );
    const m2 = director(2, '0', ['0', '0', '0']);
    expect([m2.employee_ni, m2.ni_earnings_at_lel, m2.ni_earnings_lel_to_pt, m2.ni_earnings_pt_to_uel]).toEqual(['0.00', '6500.00', '3500.00', '0.00']);
    const m3 = director(3, '0', ['6500', '3500', '0']);
    expect([m3.employee_ni, m3.ni_earnings_at_lel, m3.ni_earnings_lel_to_pt, m3.ni_earnings_pt_to_uel]).toEqual(['194.40', '0.00', '2570.00', '2430.00']);
    const m4 = director(4, '194.40', ['6500', '6070', '2430']);
    expect([m4.employee_ni, m4.ni_earnings_pt_to_uel]).toEqual(['400.00', '5000.00']);
  });

  it('an irregular payment after leaving: tax on month 1, NI and loans on a weekly earnings period (gb2526-run-082)', () => {
    const wire = gbPeriodResultToWire(
      calculateGbPeriod({
        ...base,
        period: 10,
        taxCode: 'S0T',
        week1Month1: true,
        grossPay: d('3600.01'),
        taxablePayToDatePrevious: d('33781.43'),
        taxPaidToDatePrevious: d('9803.33'),
        studentLoanPlans: ['1'],
        niEarningsPeriod: 'weekly',
      }),
    );
    expect([wire.tax, wire.employee_ni, wire.employer_ni, wire.ni_earnings_at_lel, wire.student_loan, wire.net_pay, wire.tax_basis]).toEqual([
      '953.09', '110.66', '525.60', '125.00', '278.00', '2258.26', 'week1month1',
    ]);
  });

  it('validates its input', () => {
    expect(() => calculateGbPeriod({ ...base, grossPay: d(-1) })).toThrow(DomainError);
    expect(() => calculateGbPeriod({ ...base, grossPay: d('-0.005') })).toThrow(DomainError);
    expect(() => calculateGbPeriod({ ...base, payrolledBenefits: d(-5) })).toThrow(/payrolled_benefits/);
    expect(() => calculateGbPeriod({ ...base, period: 0 })).toThrow(/period/);
    expect(() => calculateGbPeriod({ ...base, taxCode: '1257X1' })).toThrow(/tax_code/);
    expect(() => calculateGbPeriod({ ...base, taxYear: '2024-25' as never })).toThrow(/tax_year/);
    expect(() => calculateGbPeriod({ ...base, grossPay: '100' as never })).toThrow(DomainError);
  });
});
