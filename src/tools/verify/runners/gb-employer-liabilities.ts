/**
 * `gb-employer-liabilities` vectors (fixtures/reference/gb/statutory-vectors.jsonl; rules:
 * statutory-payments-rules §5): a tax year's months of PAYE, NICs, loans, pay bill and statutory payments in;
 * Employment Allowance used, levy, recoveries and the amount due to HMRC per month out.
 */
import { fieldError } from '../../../domain/errors.js';
import { money } from '../../../domain/money.js';
import { isGbTaxYear } from '../../../domain/gb/editions.js';
import { RECOVERABLE_PAYMENT_TYPES, STATUTORY_PAYMENT_TYPES, calculateEmployerLiabilities, type LiabilityMonth, type StatutoryPaymentType } from '../../../domain/gb/statutory/index.js';
import { compareExpected } from '../compare.js';
import type { Vector, VectorRunner } from '../types.js';
import { optionalVectorBoolean, optionalVectorDecimal, optionalVectorInteger, vectorDecimal, vectorString } from './gb-ni.js';
import { recordInteger, vectorArray, vectorRecord } from './gb-statutory-fields.js';

export const runner: VectorRunner = (vector) => {
  const taxYear = vectorString(vector, 'tax_year');
  if (!isGbTaxYear(taxYear)) throw fieldError(['tax_year'], `tax year ${taxYear} has no figures`, 'tax_year_unsupported');
  const months = vectorArray(vector, 'months').map((value, index) => {
    const record = vectorRecord(value, ['months', index]) as Vector;
    const amount = (key: string) => vectorDecimal(record, key);
    return {
      month: recordInteger(record, 'month', ['months', index]),
      paye: amount('paye'),
      employeeNi: amount('employee_ni'),
      employerNi: amount('employer_ni'),
      studentLoans: amount('student_loans'),
      postgraduateLoans: amount('postgraduate_loans'),
      payBill: amount('pay_bill'),
      statutoryPaid: Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((type) => [type, amount(`${type}_paid`)])) as Record<StatutoryPaymentType, ReturnType<typeof amount>>,
    };
  });
  const result = calculateEmployerLiabilities({
    taxYear,
    smallEmployer: optionalVectorBoolean(vector, 'small_employer') ?? false,
    employmentAllowanceClaimed: optionalVectorBoolean(vector, 'ea_claimed') ?? false,
    employmentAllowanceFromMonth: optionalVectorInteger(vector, 'ea_claim_from_month') ?? 1,
    levyAnnualAllowance: optionalVectorDecimal(vector, 'levy_annual_allowance'),
    months,
  });
  return compareExpected(vector.id, vector.expected, { months: result.map(liabilityMonthFields) });
};

/** One month's liabilities as the vectors name its figures. */
export function liabilityMonthFields(month: LiabilityMonth): Record<string, string | number> {
  const fields: Record<string, string | number> = {
    month: month.month,
    ea_used: money(month.employmentAllowanceUsed),
    ea_used_ytd: money(month.employmentAllowanceUsedYtd),
    pay_bill_ytd: money(month.payBillYtd),
    levy_due_ytd: money(month.levyDueYtd),
    levy_due_month: money(month.levyDueMonth),
    recovered_ssp: money(month.recovered.ssp),
  };
  for (const type of RECOVERABLE_PAYMENT_TYPES) {
    fields[`recovered_${type}`] = money(month.recovered[type]);
    fields[`compensation_${type}`] = money(month.compensation[type]);
  }
  fields.recovered_total = money(month.recoveredTotal);
  fields.compensation_total = money(month.compensationTotal);
  fields.amount_due_to_hmrc = money(month.amountDue);
  fields.amount_due_ytd = money(month.amountDueYtd);
  return fields;
}
