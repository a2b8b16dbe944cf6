/**
 * The month engine's rules on the worked examples of fixtures/reference/de/run-rules.md §9 and §2/§3, with the
 * figures the rules publish (not read from the vectors), and its refusals.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { calculateDeMonth } from '../../../../src/domain/de/run/month.js';
import type { DeEmployment, DeMonthRecord } from '../../../../src/domain/de/run/month-types.js';
import { parseDeMonthRecord } from '../../../../src/domain/de/run/record.js';
import { calculatePayslip, type PayslipItem } from '../../../../src/domain/de/payslip.js';
import { DomainError } from '../../../../src/domain/errors.js';
import { asDeRunVector, deRunMonthInput } from '../../../../src/tools/verify/de-run-input.js';
import type { Vector } from '../../../../src/tools/verify/types.js';
import { referencePath } from '../../../support/reference.js';
import { d, item } from '../payroll/helpers.js';

const employed = (entryDate: string, over: Partial<DeEmployment> = {}): DeEmployment => ({
  entryDate,
  exitDate: null,
  previousEmploymentPay: d('0.00'),
  previousEmploymentMonths: 0,
  ...over,
});

function pay(regular: string, oneOff?: string): PayslipItem['pay'] {
  return {
    earnings: [
      { type: 'salary', amount: d(regular), frequency: 'Month', isLumpsum: false, doGrossup: false },
      ...(oneOff ? [{ type: 'bonus', amount: d(oneOff), frequency: 'Month' as const, isLumpsum: true, doGrossup: false }] : []),
    ],
    benefits: [],
    deductions: [],
    reimbursements: [],
  };
}

const months = (year: number, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${year}-${String(from + i).padStart(2, '0')}`);

/** Runs the months in order, each with the records so far; returns every record. */
function run(employment: DeEmployment, steps: { month: string; item: PayslipItem }[], history: DeMonthRecord[] = []): DeMonthRecord[] {
  const records = [...history];
  for (const step of steps) records.push(calculateDeMonth({ month: step.month, employment, item: step.item, history: records }).record);
  return records;
}

describe('run-rules.md §9 (a): pro-rated annual ceiling, § 23a Abs. 3 SGB IV', () => {
  // 2026: 5,000 €/month, class I, Zusatzbeitrag 2.9 %, childless, 3,000 € in November.
  const person = (oneOff?: string): PayslipItem =>
    item({ tax: { taxClass: 1, state: 'NW' }, insurance: { additionalRatePercent: d('2.9'), children: 0, isParent: false, u1RatePercent: d('1.6'), u2RatePercent: d('0.44') }, pay: pay('5000.00', oneOff) });
  const records = run(employed('2020-01-01'), [...months(2026, 1, 10).map((month) => ({ month, item: person() })), { month: '2026-11', item: person('3000.00') }]);
  const november = records[records.length - 1]?.figures ?? {};

  it('charges the whole one-off: KV/PV base 8,000 above the monthly ceiling, AN KV 700.00, AN PV 192.00', () => {
    expect(november['employee.insurance.insurance_assessment_base']).toBe('8000.00');
    expect(november['one_off.kv_pv_base']).toBe('3000.00');
    expect(november['one_off.rv_av_base']).toBe('3000.00');
    expect(november['employee.insurance.health_insurance']).toBe('700.00');
    expect(november['employee.insurance.care_insurance']).toBe('192.00');
    expect(november['one_off.allocated_to']).toBe('2026-11');
  });

  it('taxes it by STS with JRE4 60,000.00 (pay so far + expected rest, § 39b Abs. 3 EStG)', () => {
    expect(november['one_off.annual_wage_jre4']).toBe('60000.00');
    expect(november['one_off.income_tax']).toBe('823.00');
  });

  it('keeps U1/U2 on the regular base and takes U3 on the one-off too', () => {
    const october = records[9]?.figures ?? {};
    expect(november['employer.sick_pay_insurance_contribution']).toBe(october['employer.sick_pay_insurance_contribution']);
    expect(november['employer.insolvency_insurance_contribution']).toBe('12.00'); // 8,000 × 0.15 %
  });
});

describe('run-rules.md §9 (b): the Märzklausel, § 23a Abs. 4 SGB IV', () => {
  // 2026: 5,500 €/month, 4,000 € in March, employed since 2025.
  const person = (oneOff?: string): PayslipItem =>
    item({ tax: { taxClass: 1, state: 'NW' }, insurance: { additionalRatePercent: d('2.5'), children: 1, isParent: true, u1RatePercent: d('1.6'), u2RatePercent: d('0.44') }, pay: pay('5500.00', oneOff) });
  const employment = employed('2025-01-01');
  const year2025 = run(employment, months(2025, 1, 12).map((month) => ({ month, item: person() })));
  const records = run(employment, [...months(2026, 1, 2).map((month) => ({ month, item: person() })), { month: '2026-03', item: person('4000.00') }], year2025);
  const march = records[records.length - 1]?.figures ?? {};

  it('moves the one-off to December 2025: KV headroom Jan–Mar 937.50 < 4,000', () => {
    expect(march['one_off.allocated_to']).toBe('2025-12');
  });

  it('charges it under the 2025 headroom: KV/PV 150.00 (66,150 − 66,000), RV/AV 4,000.00', () => {
    expect(march['one_off.kv_pv_base']).toBe('150.00');
    expect(march['one_off.rv_av_base']).toBe('4000.00');
  });

  it("keeps this year's bases and year to date free of it, and deducts the 2025 contributions now", () => {
    expect(march['employee.insurance.insurance_assessment_base']).toBe('5500.00');
    expect(march['ytd.sv_base.kv']).toBe('16500.00');
    expect(march['ytd.sv_base.rv']).toBe('16500.00');
    // 2025 rates, rounded on their own: KV 150 × (7.3 % + 1.25 %) = 12.83; RV 4,000 × 9.3 % = 372.00.
    const february = records[records.length - 2]?.figures ?? {};
    const added = (key: string): string => d(String(march[key])).minus(d(String(february[key]))).toFixed(2);
    expect(added('employee.insurance.health_insurance')).toBe('12.83');
    expect(added('employee.insurance.pension_insurance')).toBe('372.00');
  });

  it('refuses when December of the previous year has not been calculated', () => {
    const withoutDecember = year2025.slice(0, 11);
    const early = run(employment, months(2026, 1, 2).map((month) => ({ month, item: person() })), withoutDecember);
    expect(() => calculateDeMonth({ month: '2026-03', employment, item: person('4000.00'), history: early })).toThrow(/2025-12/);
  });
});

describe('run-rules.md §2: partial entry month (derun2026-0139)', () => {
  const line = readFileSync(referencePath('de', 'run2026-vectors.jsonl'), 'utf8')
    .split('\n')
    .find((l) => l.includes('"derun2026-0139"'));
  if (!line) throw new Error('derun2026-0139 missing');
  const vector = asDeRunVector(JSON.parse(line) as Vector);
  const june = calculateDeMonth(deRunMonthInput(vector, 0, [])).record.figures;

  it('reads the day table with RE4 = 3,515.39 / 15 cut to 234.35 and multiplies by 15 days: LSt 651.30', () => {
    expect(june['tax.partial_period_days']).toBe(15);
    expect(june['tax.daily_wage']).toBe('234.35');
    expect(june['employee.taxes.income_tax']).toBe('651.30');
  });

  it('counts 15 SV-Tage and pro-rates the monthly ceilings to them', () => {
    expect(june['sv_days']).toBe(15);
    // 3,515.39 is above KV 5,812.50 × 15/30 = 2,906.25: the base is the pro-rated ceiling.
    expect(june['employee.insurance.insurance_assessment_base']).toBe('2906.25');
    expect(june['employee.insurance.pension_assessment_base']).toBe('3515.39'); // below RV 8,450 × 15/30 = 4,225.00
  });

  it('refuses a one-off in the partial entry month', () => {
    const input = deRunMonthInput(vector, 0, []);
    input.item.pay.earnings.push({ type: 'bonus', amount: d('1000'), frequency: 'Month', isLumpsum: true, doGrossup: false });
    expect(() => calculateDeMonth(input)).toThrow(/entry month 2026-06/);
  });
});

describe('run-rules.md §3: JRE4 with earlier pay not presented (§ 39b Abs. 3 S. 2 EStG)', () => {
  // haufe: 2,000 € a month, January–March with an earlier employer, pay not presented → 3 × 2,000 = 6,000.
  const employment = employed('2026-04-01', { previousEmploymentPay: null, previousEmploymentMonths: 3 });
  const person = (oneOff?: string): PayslipItem => item({ insurance: { u1RatePercent: d('1.6'), u2RatePercent: d('0.44') }, pay: pay('2000.00', oneOff) });
  const records = run(employment, [...months(2026, 4, 5).map((month) => ({ month, item: person() })), { month: '2026-06', item: person('1500.00') }]);

  it('extrapolates the earlier employer: 6,000 + April–June 6,000 + July–December 12,000 = 24,000.00', () => {
    expect(records[2]?.figures['one_off.annual_wage_jre4']).toBe('24000.00');
  });

  it('takes a known earlier pay as it is', () => {
    const known = employed('2026-04-01', { previousEmploymentPay: d('7123.45'), previousEmploymentMonths: 3 });
    const r = run(known, [...months(2026, 4, 5).map((month) => ({ month, item: person() })), { month: '2026-06', item: person('1500.00') }]);
    expect(r[2]?.figures['one_off.annual_wage_jre4']).toBe('25123.45');
  });

  it('prorates a known exit month by calendar days and counts nothing after it', () => {
    // Exit 15.11.2026: November 2,000 × 15/30 = 1,000.00, December nothing → 6,000 + 6,000 + 4 × 2,000 + 1,000 = 21,000.00.
    const leaving = { ...employment, exitDate: '2026-11-15' };
    const r = run(leaving, [...months(2026, 4, 5).map((month) => ({ month, item: person() })), { month: '2026-06', item: person('1500.00') }]);
    expect(r[2]?.figures['one_off.annual_wage_jre4']).toBe('21000.00');
  });
});

describe('refusals and records', () => {
  it('refuses an unknown U1/U2 rate in a stored month, naming the employee, the insurer and the field; endpoint 20 keeps 0 % with a warning', () => {
    const unknown = item({ employee: { employeeId: 'E-17' }, insurance: { insurerCode: '42938966', u1RatePercent: undefined, u2RatePercent: d('0.44') } });
    let error: unknown;
    try {
      calculateDeMonth({ month: '2026-03', employment: employed('2020-01-01'), item: unknown, history: [] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    const domain = error as DomainError;
    expect(domain.kind).toBe('validation');
    expect(domain.issues[0]?.loc).toEqual(['employees', 'E-17', 'de', 'u1_rate']);
    expect(domain.message).toMatch(/E-17/);
    expect(domain.message).toMatch(/BARMER \(42938966\)/);
    expect(domain.message).toMatch(/de\.u1_rate/);
    const stateless = calculatePayslip(unknown, { payCycle: 'Month', payDate: '2026-03-31' });
    expect(stateless.employer.sickPayInsuranceContribution.toFixed(2)).toBe('0.00');
    expect(stateless.warnings.map((w) => w.code)).toContain('U1_RATE_UNKNOWN');
  });

  it('refuses a one-off of a midijob', () => {
    const midi = item({ insurance: { isMidiJob: true, u1RatePercent: d('1.6'), u2RatePercent: d('0.44') }, pay: pay('1500.00', '500.00') });
    expect(() => calculateDeMonth({ month: '2026-01', employment: employed('2020-01-01'), item: midi, history: [] })).toThrow(/midijob/);
  });

  it('computes a regular midijob month as endpoint 20 does', () => {
    const midi = item({ insurance: { isMidiJob: true, u1RatePercent: d('1.6'), u2RatePercent: d('0.44') }, pay: pay('1500.00') });
    const month = calculateDeMonth({ month: '2026-01', employment: employed('2020-01-01'), item: midi, history: [] });
    const stateless = calculatePayslip(midi, { payCycle: 'Month', payDate: '2026-01-31' });
    expect(month.record.figures['employee.insurance.total_insurance']).toBe(stateless.employee.insurance.totalInsurance.toFixed(2));
    expect(month.record.figures['employee.taxes.income_tax']).toBe(stateless.employee.taxes.incomeTax.toFixed(2));
  });

  it('refuses a record of another version', () => {
    const { record } = calculateDeMonth({ month: '2026-01', employment: employed('2020-01-01'), item: item({ insurance: { u1RatePercent: d('1.6'), u2RatePercent: d('0.44') } }), history: [] });
    expect(parseDeMonthRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect(() => parseDeMonthRecord({ ...record, version: 2 }, 'employee E1, 2026-01')).toThrow(/employee E1, 2026-01: German month record version 2/);
    expect(() => parseDeMonthRecord({ ...record, state: { ...record.state, regularPay: 12 } })).toThrow(/state\.regularPay/);
  });

  it('starts the year to date afresh in January', () => {
    const person = item({ insurance: { u1RatePercent: d('1.6'), u2RatePercent: d('0.44') }, pay: pay('3000.00') });
    const records = run(employed('2020-01-01'), [...months(2025, 11, 12), '2026-01'].map((month) => ({ month, item: person })));
    expect(records[1]?.figures['ytd.employee.totals.total_gross_wages']).toBe('6000.00');
    expect(records[2]?.figures['ytd.employee.totals.total_gross_wages']).toBe('3000.00');
    expect(records[2]?.figures['ytd.sv_days']).toBe(30);
  });
});
