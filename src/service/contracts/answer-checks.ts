import type { z } from 'zod';
import { isDomainError } from '../../domain/errors.js';
import { parseGbTaxYear } from '../../domain/pay-periods.js';
import { classifyPay } from '../../domain/gb/run/pay-items.js';
import type { PayFrequency } from '../../domain/pay-periods.js';
import { isoDate } from './common.js';
import { deStatutoryInput, employeeFields, gbStatutoryInput } from './employee.js';
import { earningItem } from './payroll-runs.js';
import { germanPayrollRunRequest, payrollAccountQuery } from './germany-payroll-runs.js';
import { organizationFields } from './organization.js';
import { epsQuery } from './rti.js';

/**
 * One answer of a prompt checked by the very schema the API parses that field with (issue 18 point 5: "validate each
 * answer with the same rules as the API"), so a terminal re-asks at once with the message the service would give
 * instead of failing after the last question. Each check takes the text as typed and returns the rule it breaks, or
 * null. Loaded lazily through service/ports.ts (`loadAnswerChecks`): building the schemas costs time every command
 * that never prompts should not pay.
 */

export type AnswerCheck = (answer: string) => string | null;

/**
 * An issue's message; a union (money is a JSON number or a decimal string) says only "Invalid input", so the branch the
 * typed text was for (the one not refused for its type) speaks instead.
 */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_union') {
    const branch = issue.errors.find((issues) => issues.length > 0 && issues[0]?.code !== 'invalid_type');
    if (branch?.[0]) return messageOf(branch[0]);
  }
  return issue.message;
}

/** The first issue of `schema` at `path` when `value` sits there in an otherwise valid object `base`. */
function issueAt(schema: z.ZodType, base: Record<string, unknown>, path: string, value: unknown): string | null {
  const result = schema.safeParse({ ...base, [path]: value });
  if (result.success) return null;
  const issue = result.error.issues.find((i) => i.path[0] === path);
  return issue ? messageOf(issue) : null;
}

function single(schema: z.ZodType): AnswerCheck {
  return (answer) => {
    const result = schema.safeParse(answer);
    return result.success ? null : result.error.issues[0] ? messageOf(result.error.issues[0]) : 'is not valid';
  };
}

/** A GB block that parses: the field under test is laid over it. */
const GB_BASE = { tax_code: '1257L', ni_category: 'A' };
/** A German block that parses (tax class 1, Berlin): the field under test is laid over it. */
const DE_BASE = { tax_class: 1, federal_state: 'Berlin' };

/** A calendar date as the contracts take it: YYYY-MM-DD and a real day (1990-02-31 is refused). */
export const date: AnswerCheck = single(isoDate);

/** Names as employees store them (employee contract: required, at most 100 characters). */
export const personName: AnswerCheck = single(employeeFields.first_name);

/** An organization's legal name (organization contract: required, at most 200 characters). */
export const legalName: AnswerCheck = single(organizationFields.legal_name);

/** National Insurance number (employee gb.ni_number: normalised, prefix/suffix rules). */
export const niNumber: AnswerCheck = (answer) => issueAt(gbStatutoryInput, GB_BASE, 'ni_number', answer);

/** HMRC tax code (employee gb.tax_code: the PAYE engine's own parser, so the run never refuses it later). */
export const taxCode: AnswerCheck = (answer) => issueAt(gbStatutoryInput, GB_BASE, 'tax_code', answer);

/** German Steuer-ID (employee de.tax_id: 11 digits with its check digit). */
export const germanTaxId: AnswerCheck = (answer) => issueAt(deStatutoryInput, DE_BASE, 'tax_id', answer);

/** Health insurer Betriebsnummer (employee de.health_insurer_agency_code: 8 digits). */
export const healthInsurerCode: AnswerCheck = (answer) => issueAt(deStatutoryInput, DE_BASE, 'health_insurer_agency_code', answer);

/** A GB tax year label (the pay calendar's rule: YYYY-YY with consecutive years, e.g. 2026-27). */
export const gbTaxYear: AnswerCheck = (answer) => {
  try {
    parseGbTaxYear(answer);
    return null;
  } catch (error) {
    if (isDomainError(error) && error.issues[0]) return error.issues[0].msg;
    throw error;
  }
};

/** The month of a German run (German run request `period`: YYYY-MM). */
export const germanMonth: AnswerCheck = (answer) => issueAt(germanPayrollRunRequest, {}, 'period', answer);

/** A tax month 1 to 12 (the EPS query's `month`). */
export const taxMonth: AnswerCheck = (answer) => issueAt(epsQuery, { tax_year: '2026-27' }, 'month', answer);

/** A calendar year (the Lohnkonto query's `year`). */
export const calendarYear: AnswerCheck = (answer) => issueAt(payrollAccountQuery, {}, 'year', answer);

/**
 * An amount of GB pay typed for one earning: the run request's amount (a decimal, bounded, at most 2 places), then the
 * engine's own check of that wage type on the pay date (pay-items.ts: sign, catalogue), so "-5" for basic pay is
 * refused with the rule the run would give.
 */
export function gbEarningAmount(wageTypeCode: string, payDate: string, frequency: PayFrequency): AnswerCheck {
  return (answer) => {
    const problem = issueAt(earningItem, { wage_type_code: wageTypeCode }, 'amount', answer);
    if (problem) {
      const message = problem;
      // The wire's wording ("written as a string") is for JSON; a clerk typed digits, so the rule is said in pounds and pence.
      return /written as a string/.test(message) ? 'must be an amount in pounds and pence, e.g. 2083.33 (digits, at most 2 decimal places)' : message;
    }
    const issue = classifyPay({ earnings: [{ wage_type_code: wageTypeCode, amount: answer, earning_type: 'AMOUNT', is_lumpsum: false }], benefits: [], deductions: [], reimbursements: [] }, payDate, frequency).issues[0];
    return issue ? issue.msg : null;
  };
}
