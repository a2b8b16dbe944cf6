import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dec } from '../../../../src/domain/money.js';
import { calculateGbPeriod, gbPeriodResultToWire } from '../../../../src/domain/gb/period.js';
import { calculateRunPayslip, singleEarning } from '../../../../src/domain/gb/run/payslip.js';
import { payslipFiguresToWire } from '../../../../src/domain/gb/run/wire.js';
import { parseTaxCode } from '../../../../src/domain/gb/tax-code.js';
import { inputOf } from '../../../../src/tools/verify/runners/gb-period.js';
import { referencePath } from '../../../support/reference.js';

const FILES = ['paye2526-vectors.jsonl', 'paye2627-vectors.jsonl'].map((f) => referencePath('gb', f));

/** The run's payslip with one ordinary earning must be exactly the bare period calculation (every gb-period vector). */
describe('run payslip = period calculation for one ordinary earning', () => {
  for (const file of FILES) {
    it(file.split('/').pop() as string, () => {
      const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '');
      let checked = 0;
      for (const line of lines) {
        const vector = JSON.parse(line) as Parameters<typeof inputOf>[0];
        const input = inputOf(vector);
        const period = gbPeriodResultToWire(calculateGbPeriod(input));
        const run = payslipFiguresToWire(
          calculateRunPayslip({
            taxYear: input.taxYear,
            frequency: input.frequency,
            period: input.period,
            taxCode: typeof input.taxCode === 'string' ? parseTaxCode(input.taxCode) : input.taxCode,
            week1Month1: input.week1Month1 === true,
            taxablePayToDatePrevious: input.taxablePayToDatePrevious,
            taxPaidToDatePrevious: input.taxPaidToDatePrevious,
            niCategory: input.niCategory,
            studentLoanPlans: input.studentLoanPlans ?? [],
            postgraduateLoan: input.postgraduateLoan === true,
            pension: input.pension ?? null,
            amounts: singleEarning(input.grossPay, input.payrolledBenefits ?? dec(0), input.pensionablePay),
          }),
        );
        const { gross_pay: _g, payrolled_benefits: _b, ...figures } = run;
        expect(figures, vector.id).toEqual(period);
        checked += 1;
      }
      expect(checked).toBeGreaterThan(500);
    });
  }
});
