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
  it('records the steps it takes, with the figures of those that work with figures (issue 18 point 7)', () => {
    const steps: string[] = [];
    const values = new Map<string, Readonly<Record<string, string>>>();
    calculateGbPeriod(
      { ...base, taxCode: 'K100', studentLoanPlans: ['1', '2'], postgraduateLoan: true, pension: { method: 'net_pay', basis: 'qualifying_earnings', employeeRate: d('0.05'), employerRate: d('0.03') } },
      (flow, node, figures) => {
        steps.push(`${flow}:${node}`);
        if (figures) values.set(`${flow}:${node}`, figures);
      },
    );
    expect(steps).toEqual([
      'params:2025-26',
      'pension:basis:qualifying_earnings',
      'pension:earnings',
      'pension:shares',
      'pension:method:net_pay',
      'pension:contributions',
      'paye:taxable-pay',
      'paye:code:K',
      'paye:basis:cumulative',
      'paye:pay',
      'paye:additional-pay',
      'paye:band',
      'paye:bands:cumulative',
      'paye:tax-due',
      'paye:overriding-limit',
      'paye:tax',
      'ni:niable-pay',
      'ni:category:A',
      'ni:thresholds',
      'ni:rates',
      'ni:earnings',
      'ni:contributions',
      'student_loan:lowest-threshold-plan',
      'student_loan:plan:1',
      'student_loan:deduction',
      'postgraduate_loan:deducted',
      'postgraduate_loan:deduction',
      'net_pay:gross-less-deductions',
    ]);
    // K100, month 1: additional pay (10 × 100 + 9) / 12 = 84.09 on 4,816.55 → 4,900 whole pounds, in the higher
    // band above 37,700 / 12 = 3,141.6666: 628.3333 + (4,900 − 3,141.6666) × 40 % = 1,331.66.
    expect(values.get('paye:additional-pay')).toEqual({ code_number: '100', period_one_value: '84.09', additional_pay: '84.09', taxable_pay_rounded: '4900' });
    expect(values.get('paye:band')).toEqual({ band: '2', rate: '0.4', band_starts_above: '3141.6666', band_limit: '10428.3333', tax_on_lower_bands: '628.3333', tax_due: '1331.66' });
    expect(values.get('ni:thresholds')).toMatchObject({ LEL: '542.00', PT: '1048.00', UEL: '4189.00' });
    expect(values.get('student_loan:deduction')).toEqual({ earnings_for_nics: '5000.00', annual_threshold: '26065.00', period_threshold: '2172.08', earnings_above_threshold: '2827.92', rate: '0.09', deduction: '254.00' });
    expect(values.get('pension:earnings')).toEqual({ earnings: '5000.00', lower_qualifying_earnings: '520.00', upper_qualifying_earnings: '4189.00', qualifying_earnings: '3669.00' });
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
