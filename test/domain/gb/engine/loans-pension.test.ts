/** Student loans (two-plan rule, thresholds, rounding), pension methods, auto-enrolment categories, tax years. */
import { describe, expect, it } from 'vitest';
import { Decimal, money } from '../../../../src/domain/money.js';
import { DomainError } from '../../../../src/domain/errors.js';
import { calculateStudentLoans, calculateStudentLoansDecimal, periodThreshold, type StudentLoanInput } from '../../../../src/domain/gb/student-loans.js';
import { calculatePension, calculatePensionDecimal, type PensionArrangement, type PensionInput } from '../../../../src/domain/gb/pension.js';
import { assessWorker, employerMustContribute, statePensionAgeDate } from '../../../../src/domain/gb/auto-enrolment.js';
import { gbParams, taxYearForPayDate, taxYearLabelForDate } from '../../../../src/domain/gb/params/index.js';
import { calculateGbPeriod, gbPeriodResultToWire } from '../../../support/gb-period.js';
import type { PayFrequency } from '../../../../src/domain/gb/ni/index.js';

const d = (value: string | number): Decimal => new Decimal(value);

function loans(input: StudentLoanInput): ReturnType<typeof calculateStudentLoans> {
  const fast = calculateStudentLoans(input);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(calculateStudentLoansDecimal(input)));
  return fast;
}

describe('student loan thresholds per period (annual ÷ periods, truncated to 1p)', () => {
  const p25 = gbParams('2025-26');
  const p26 = gbParams('2026-27');
  it.each([
    [p25, '1', 'weekly', '501.25'],
    [p25, '1', 'monthly', '2172.08'],
    [p25, '1', 'fortnightly', '1002.50'],
    [p25, '1', 'four_weekly', '2005.00'],
    [p25, '2', 'fortnightly', '1095.00'],
    [p25, '2', 'four_weekly', '2190.00'],
    [p25, '4', 'weekly', '629.71'],
    [p25, '4', 'monthly', '2728.75'],
    [p25, '4', 'fortnightly', '1259.42'],
    [p25, '4', 'four_weekly', '2518.84'],
    [p26, '1', 'monthly', '2241.66'],
    [p26, '2', 'weekly', '565.09'],
    [p26, '4', 'four_weekly', '2599.61'],
    [p26, '5', 'weekly', '480.76'],
    [p26, '5', 'fortnightly', '961.53'],
    [p26, '5', 'monthly', '2083.33'],
  ] as const)('%#: plan %s %s → %s', (params, plan, frequency, expected) => {
    const scheme = params.studentLoans[plan];
    expect(scheme).toBeDefined();
    expect(money(periodThreshold(scheme!, frequency))).toBe(expected);
  });
  it.each([
    ['weekly', '403.84'],
    ['fortnightly', '807.69'],
    ['four_weekly', '1615.38'],
    ['monthly', '1750.00'],
  ] as const)('postgraduate %s → %s', (frequency, expected) => {
    expect(money(periodThreshold(p25.postgraduateLoan, frequency))).toBe(expected);
  });
});

describe('student loan deductions', () => {
  it('9 % above the threshold, rounded down to whole pounds; nothing at or below it', () => {
    // 2025-26 plan 2 monthly 2372.50: (3000 − 2372.50) × 9 % = 56.475 → 56
    expect(money(loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['2'], postgraduateLoan: false, earnings: d(3000) }).studentLoan)).toBe('56.00');
    expect(money(loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['2'], postgraduateLoan: false, earnings: d('2372.50') }).studentLoan)).toBe('0.00');
    expect(money(loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['2'], postgraduateLoan: false, earnings: d('2383.61') }).studentLoan)).toBe('0.00');
    expect(money(loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['2'], postgraduateLoan: false, earnings: d('2383.62') }).studentLoan)).toBe('1.00');
  });
  it('postgraduate loan at 6 % alongside an undergraduate plan', () => {
    const r = loans({ taxYear: '2026-27', frequency: 'monthly', plans: ['1'], postgraduateLoan: true, earnings: d(4000) });
    expect(money(r.studentLoan)).toBe('158.00'); // (4000 − 2241.66) × 9 % = 158.25
    expect(money(r.postgraduateLoan)).toBe('135.00'); // (4000 − 1750) × 6 % = 135
    expect(r.planApplied).toBe('1');
  });
  it('two undergraduate plans: one repayment, under the plan with the lowest threshold', () => {
    const earnings = d(4000);
    expect(loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['2', '1'], postgraduateLoan: false, earnings }).planApplied).toBe('1');
    expect(loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['4', '2'], postgraduateLoan: false, earnings }).planApplied).toBe('2');
    expect(loans({ taxYear: '2026-27', frequency: 'monthly', plans: ['1', '5'], postgraduateLoan: false, earnings }).planApplied).toBe('5');
    expect(loans({ taxYear: '2026-27', frequency: 'monthly', plans: ['4', '2'], postgraduateLoan: false, earnings }).planApplied).toBe('2');
    const both = loans({ taxYear: '2026-27', frequency: 'monthly', plans: ['1', '2', '4', '5'], postgraduateLoan: false, earnings });
    const plan5 = loans({ taxYear: '2026-27', frequency: 'monthly', plans: ['5'], postgraduateLoan: false, earnings });
    expect(both.planApplied).toBe('5');
    expect(money(both.studentLoan)).toBe(money(plan5.studentLoan)); // not the sum of several plans
    expect(money(both.studentLoan)).toBe('172.00'); // (4000 − 2083.33) × 9 % = 172.50
  });
  it('Plan 5 is not operated before 6 April 2026', () => {
    const r = loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['5'], postgraduateLoan: false, earnings: d(5000) });
    expect(r.planApplied).toBeNull();
    expect(money(r.studentLoan)).toBe('0.00');
    expect(loans({ taxYear: '2025-26', frequency: 'monthly', plans: ['5', '2'], postgraduateLoan: false, earnings: d(5000) }).planApplied).toBe('2');
  });
  it('rejects an unknown plan', () => {
    expect(() => calculateStudentLoans({ taxYear: '2025-26', frequency: 'monthly', plans: ['3' as never], postgraduateLoan: false, earnings: d(1) })).toThrow(DomainError);
  });
});

describe('pension contributions', () => {
  const arrangement = (partial: Partial<PensionArrangement>): PensionArrangement => ({
    method: 'net_pay',
    basis: 'qualifying_earnings',
    employeeRate: d('0.05'),
    employerRate: d('0.03'),
    ...partial,
  });
  function pension(input: PensionInput): ReturnType<typeof calculatePension> {
    const fast = calculatePension(input);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(calculatePensionDecimal(input)));
    return fast;
  }
  const wire = (r: ReturnType<typeof calculatePension>): string[] =>
    [r.pensionableEarnings, r.employeeGross, r.employeeDeduction, r.employer, r.salarySacrifice, r.taxablePayReduction, r.niablePayReduction].map((x) => money(x));

  it.each([
    ['monthly', '7130.83', '3669.00'], // capped at the upper level 4189 − 520
    ['monthly', '520.00', '0.00'], // at the lower level: nothing
    ['monthly', '551.51', '31.51'],
    ['weekly', '500.00', '380.00'],
    ['fortnightly', '2000.00', '1694.00'], // 1934 − 240
    ['four_weekly', '1000.00', '520.00'],
  ] as const)('qualifying earnings %s %s → %s', (frequency, gross, expected) => {
    expect(money(pension({ taxYear: '2025-26', frequency: frequency as PayFrequency, arrangement: arrangement({}), grossPay: d(gross) }).pensionableEarnings)).toBe(expected);
  });
  it('net pay: deducted before tax, not before NI', () => {
    const r = pension({ taxYear: '2025-26', frequency: 'monthly', arrangement: arrangement({ basis: 'pensionable_pay', employeeRate: d('0.08'), employerRate: d('0.06') }), grossPay: d('30489.90') });
    expect(wire(r)).toEqual(['30489.90', '2439.19', '2439.19', '1829.39', '0.00', '2439.19', '0.00']);
  });
  it('relief at source: the employee pays 80 % of the gross contribution (rounded half up) from net pay', () => {
    const r = pension({ taxYear: '2025-26', frequency: 'monthly', arrangement: arrangement({ method: 'relief_at_source', basis: 'pensionable_pay', employeeRate: d('0.08'), employerRate: d('0.04') }), grossPay: d('1317.73') });
    expect(wire(r)).toEqual(['1317.73', '105.42', '84.34', '52.71', '0.00', '0.00', '0.00']);
  });
  it('salary sacrifice: pay reduced before tax and NI; the employer pays the sacrificed amount on top', () => {
    const r = pension({ taxYear: '2025-26', frequency: 'monthly', arrangement: arrangement({ method: 'salary_sacrifice', employeeRate: d('0.05'), employerRate: d('0.05') }), grossPay: d('551.51') });
    expect(wire(r)).toEqual(['31.51', '0.00', '0.00', '3.16', '1.58', '1.58', '1.58']);
  });
  it('caps per period: employee (or sacrifice) and the employer’s own part', () => {
    const r = pension({ taxYear: '2025-26', frequency: 'monthly', arrangement: arrangement({ method: 'salary_sacrifice', basis: 'pensionable_pay', employeeRate: d('0.10'), employerRate: d('0.10'), employeeCap: d(100), employerCap: d(50) }), grossPay: d(5000) });
    expect(money(r.salarySacrifice)).toBe('100.00');
    expect(money(r.employer)).toBe('150.00');
  });
  it('sub-penny pensionable pay takes the Decimal path with the same rule', () => {
    const r = calculatePension({ taxYear: '2025-26', frequency: 'monthly', arrangement: arrangement({ basis: 'pensionable_pay' }), grossPay: d(1000), pensionablePay: d('999.995') });
    expect(money(r.employeeGross)).toBe('50.00');
  });
  it('rejects rates outside 0–1, negative caps, unknown methods', () => {
    const base = { taxYear: '2025-26' as const, frequency: 'monthly' as const, grossPay: d(1000) };
    expect(() => calculatePension({ ...base, arrangement: arrangement({ employeeRate: d('1.5') }) })).toThrow(DomainError);
    expect(() => calculatePension({ ...base, arrangement: arrangement({ employerRate: d('-0.01') }) })).toThrow(DomainError);
    expect(() => calculatePension({ ...base, arrangement: arrangement({ employeeCap: d(-1) }) })).toThrow(DomainError);
    expect(() => calculatePension({ ...base, arrangement: arrangement({ method: 'other' as never }) })).toThrow(DomainError);
  });
  it('in the period: net pay lowers taxable pay only, salary sacrifice lowers NIable pay and loans too', () => {
    const common = {
      taxYear: '2025-26' as const,
      frequency: 'monthly' as const,
      period: 1,
      taxCode: '1257L',
      grossPay: d(3000),
      taxablePayToDatePrevious: d(0),
      taxPaidToDatePrevious: d(0),
      niCategory: 'A' as const,
      studentLoanPlans: ['2' as const],
    };
    const net = gbPeriodResultToWire(calculateGbPeriod({ ...common, pension: arrangement({ basis: 'pensionable_pay' }) }));
    expect([net.taxable_pay, net.niable_pay, net.student_loan]).toEqual(['2850.00', '3000.00', '56.00']);
    const sacrifice = gbPeriodResultToWire(calculateGbPeriod({ ...common, pension: arrangement({ method: 'salary_sacrifice', basis: 'pensionable_pay' }) }));
    expect([sacrifice.taxable_pay, sacrifice.niable_pay, sacrifice.student_loan, sacrifice.salary_sacrifice]).toEqual(['2850.00', '2850.00', '42.00', '150.00']);
    const ras = gbPeriodResultToWire(calculateGbPeriod({ ...common, pension: arrangement({ method: 'relief_at_source', basis: 'pensionable_pay' }) }));
    expect([ras.taxable_pay, ras.niable_pay, ras.pension_employee_deduction]).toEqual(['3000.00', '3000.00', '120.00']);
  });
});

describe('auto-enrolment worker categories', () => {
  const assess = (dateOfBirth: string, earnings: string, frequency: PayFrequency = 'monthly', assessmentDate = '2025-06-30') =>
    assessWorker({ taxYear: '2025-26', frequency, dateOfBirth, assessmentDate, earnings: d(earnings) }).category;
  it('eligible jobholder: 22 to State Pension age, earnings above the trigger', () => {
    expect(assess('1990-01-01', '833.01')).toBe('ELIGIBLE_JOBHOLDER');
    expect(assess('1990-01-01', '833.00')).toBe('NON_ELIGIBLE_JOBHOLDER'); // "more than" the trigger
    expect(assess('1990-01-01', '192.01', 'weekly')).toBe('ELIGIBLE_JOBHOLDER');
  });
  it('age 22 is reached on the birthday', () => {
    expect(assess('2003-06-30', '2000')).toBe('ELIGIBLE_JOBHOLDER');
    expect(assess('2003-07-01', '2000')).toBe('NON_ELIGIBLE_JOBHOLDER');
  });
  it('non-eligible jobholder: above the lower level but under 22, or State Pension age to 74', () => {
    expect(assess('2005-01-01', '5000')).toBe('NON_ELIGIBLE_JOBHOLDER');
    expect(assess('1958-01-01', '5000')).toBe('NON_ELIGIBLE_JOBHOLDER'); // 67, past SPA 66
    expect(assess('1990-01-01', '600')).toBe('NON_ELIGIBLE_JOBHOLDER');
  });
  it('entitled worker: 16 to 74 earning at or below the lower level', () => {
    expect(assess('1990-01-01', '520.00')).toBe('ENTITLED_WORKER');
    expect(assess('2009-06-30', '100')).toBe('ENTITLED_WORKER'); // 16 today
  });
  it('excluded: under 16 or 75 and over', () => {
    expect(assess('2009-07-01', '5000')).toBe('EXCLUDED');
    expect(assess('1950-06-30', '5000')).toBe('EXCLUDED');
    expect(assess('1950-07-01', '5000')).toBe('NON_ELIGIBLE_JOBHOLDER'); // 74
  });
  it('State Pension age by date of birth', () => {
    expect(statePensionAgeDate('1959-05-20')).toBe('2025-05-20'); // 66
    expect(statePensionAgeDate('1960-04-06')).toBe('2026-05-06'); // 66 and 1 month
    expect(statePensionAgeDate('1960-05-31')).toBe('2026-07-31'); // 66 and 2 months
    expect(statePensionAgeDate('1961-01-31')).toBe('2027-11-30'); // 66 and 10 months: last day of the month
    expect(statePensionAgeDate('1961-03-06')).toBe('2028-03-06'); // 67
    expect(statePensionAgeDate('1964-02-29')).toBe('2031-03-01'); // 67th birthday of a 29 February birth
    expect(statePensionAgeDate('1954-09-10')).toBe('2020-09-06');
    expect(statePensionAgeDate('1977-04-06')).toBe('2044-05-06');
    expect(statePensionAgeDate('1978-03-31')).toBe('2046-03-06');
    expect(statePensionAgeDate('1978-04-06')).toBe('2046-04-06'); // 68
  });
  it('a worker reaching State Pension age during 2026 stops being eligible that day', () => {
    const on = (assessmentDate: string) => assessWorker({ taxYear: '2026-27', frequency: 'monthly', dateOfBirth: '1960-04-10', assessmentDate, earnings: d(3000) });
    expect(on('2026-05-09').category).toBe('ELIGIBLE_JOBHOLDER');
    expect(on('2026-05-10').category).toBe('NON_ELIGIBLE_JOBHOLDER');
    expect(on('2026-05-10').reachedStatePensionAge).toBe(true);
  });
  it('employer contributions by category', () => {
    expect(employerMustContribute('ELIGIBLE_JOBHOLDER')).toBe(true);
    expect(employerMustContribute('NON_ELIGIBLE_JOBHOLDER')).toBe(true);
    expect(employerMustContribute('ENTITLED_WORKER')).toBe(false);
    expect(employerMustContribute('ENTITLED_WORKER', true)).toBe(true);
    expect(employerMustContribute('EXCLUDED')).toBe(false);
  });
  it('rejects impossible dates', () => {
    expect(() => assess('1990-02-30', '1')).toThrow(DomainError);
    expect(() => assess('2030-01-01', '1')).toThrow(DomainError);
  });
});

describe('tax year of a pay date (6 April – 5 April)', () => {
  it.each([
    ['2025-04-05', '2024-25'],
    ['2025-04-06', '2025-26'],
    ['2026-04-05', '2025-26'],
    ['2026-04-06', '2026-27'],
    ['2027-04-05', '2026-27'],
    ['2099-12-31', '2099-00'],
  ])('%s → %s', (date, label) => expect(taxYearLabelForDate(date)).toBe(label));
  it('only supported years are returned', () => {
    expect(taxYearForPayDate('2025-04-06')).toBe('2025-26');
    expect(taxYearForPayDate('2027-04-05')).toBe('2026-27');
    expect(() => taxYearForPayDate('2025-04-05')).toThrow(/2024-25/);
    expect(() => taxYearForPayDate('2027-04-06')).toThrow(DomainError);
    expect(() => taxYearForPayDate('2025-13-01')).toThrow(DomainError);
  });
});
