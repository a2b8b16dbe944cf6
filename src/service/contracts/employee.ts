import { z } from 'zod';
import { STATE_OFFICIAL_NAMES } from '../../domain/de/params/states.js';
import { isValidGermanTaxId } from '../../domain/identifiers/de-tax-id.js';
import { socialInsuranceNumberProblem } from '../../domain/identifiers/de-social-insurance-number.js';
import { beitragsgruppeProblem, CHURCH_DENOMINATIONS, personengruppeProblem, taetigkeitsschluesselProblem } from '../../domain/de/filings/keys.js';
import { Decimal } from '../../domain/money.js';
import { isValidNiNumber, normalizeNiNumber } from '../../domain/identifiers/gb-ni-number.js';
import { parseTaxCode } from '../../domain/gb/tax-code.js';
import { bankAccountResponse } from './bank-account.js';
import { pageEnvelope } from './pagination.js';
import { decimalString, email, id, isoDate, isoDateTime, nullableDate } from './common.js';

/**
 * Employee (the spec shows only the identifier; docs/decisions.md D6): personal data plus the
 * statutory data each country's payroll reads, in a `gb` or `de` block matching the organization's country.
 */

export const PAY_FREQUENCIES = ['weekly', 'fortnightly', 'four_weekly', 'monthly'] as const;
export const NI_CATEGORIES = ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'S', 'V', 'X', 'Z'] as const;
export const STUDENT_LOAN_PLANS = ['1', '2', '4', '5'] as const;

/**
 * Every HMRC tax code form (issue 4) is checked by the same parser the PAYE engine runs
 * (domain/gb/tax-code.ts), so an employee can never be stored with a code a payroll run would
 * refuse: optional S/C prefix; <n>L|M|N|T; 0T; K<n>; BR; D0/D1 (SD0–SD3 in Scotland); NT; with an
 * optional W1, M1 or X marker, which is turned into `week1_month1`.
 */
export function splitTaxCode(raw: string): { code: string; emergency: boolean } {
  const parsed = parseTaxCode(raw);
  return { code: parsed.code, emergency: parsed.week1Month1 };
}

/** The parser's own message (it says why: withdrawn suffix, no D2 rate in Wales, ...), or null when valid. */
function taxCodeProblem(raw: string): string | null {
  try {
    parseTaxCode(raw);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'is not an HMRC tax code';
  }
}

const money = decimalString.refine((v) => !v.startsWith('-'), { error: 'must not be negative', params: { type: 'negative_amount' } });

export const p45Input = z
  .object({
    leaving_date: isoDate,
    tax_code: z.string().min(2).max(12),
    week1_month1: z.boolean().default(false),
    pay_to_date: money,
    tax_to_date: decimalString,
  })
  .strict();

export const gbStatutoryInput = z
  .object({
    ni_number: z
      .string()
      .transform(normalizeNiNumber)
      .refine(isValidNiNumber, { error: 'is not a valid National Insurance number (e.g. AB123456C: two prefix letters, six digits, suffix A–D)', params: { type: 'ni_number_format' } })
      .nullable()
      .optional(),
    /**
     * HMRC's code (P45, P6, P9). Absent for a starter without a P45 who gave a starter declaration: the declaration
     * decides the code each run (A: emergency code, B: emergency code week 1/month 1, C: BR week 1/month 1; decision
     * STARTER-CODE). Absent otherwise: 1257L.
     */
    tax_code: z.string().optional(),
    week1_month1: z.boolean().default(false),
    ni_category: z.enum(NI_CATEGORIES, { error: `must be one of ${NI_CATEGORIES.join(' ')}` }).default('A'),
    student_loan_plans: z
      .array(z.enum(STUDENT_LOAN_PLANS, { error: 'must be "1", "2", "4" or "5"' }))
      .max(3)
      .refine((plans) => new Set(plans).size === plans.length, { error: 'must not repeat a plan', params: { type: 'duplicate_plan' } })
      .meta({ uniqueItems: true })
      .default([]),
    postgraduate_loan: z.boolean().default(false),
    is_director: z.boolean().default(false),
    director_appointment_date: nullableDate.optional(),
    director_ni_method: z.enum(['standard_annual_earnings_period', 'alternative']).nullable().optional(),
    starter_declaration: z.enum(['A', 'B', 'C'], { error: 'must be A, B or C' }).nullable().optional(),
    p45: p45Input.nullable().optional(),
    /** As HMRC records it (FPS data item Gender, M or F; required on every FPS). */
    gender: z.enum(['M', 'F'], { error: 'must be M or F (the gender HMRC holds for the NI number)' }).nullable().optional(),
    /** Postcode of the employee's workplace (FPS EmployeeWorkplacePostcode; needed for the Freeport and Investment Zone NI letters). */
    workplace_postcode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]([0-9]|[0-9]{2}|([A-HJ-Y][0-9]{1,2})|([0-9][A-Z])|([A-HJ-Y][0-9]?[A-Z])) [0-9][ABD-HJLNP-UW-Z]{2}$/, { error: 'must be a UK postcode with its space, e.g. SW1A 2AA' })
      .nullable()
      .optional(),
    /** Paid at irregular intervals, so HMRC does not treat a gap in payments as leaving (FPS IrrEmp). */
    irregular_payment_pattern: z.boolean().optional(),
  })
  .strict()
  .transform((value, ctx) => {
    if (value.tax_code === undefined) {
      // The declaration of a starter without a P45 decides the code; it is not stored as a code (STARTER-CODE).
      if (value.starter_declaration && !value.p45) return { ...value, tax_code: undefined };
      value = { ...value, tax_code: '1257L' };
    }
    const taxCode = value.tax_code as string;
    const problem = taxCodeProblem(taxCode);
    if (problem) {
      ctx.addIssue({ code: 'custom', path: ['tax_code'], message: problem, params: { type: 'tax_code_format' } });
      return z.NEVER;
    }
    if (value.p45) {
      const p45Problem = taxCodeProblem(value.p45.tax_code);
      if (p45Problem) {
        ctx.addIssue({ code: 'custom', path: ['p45', 'tax_code'], message: p45Problem, params: { type: 'tax_code_format' } });
        return z.NEVER;
      }
    }
    const { code, emergency } = splitTaxCode(taxCode);
    return { ...value, tax_code: code, week1_month1: value.week1_month1 || emergency };
  })
  .superRefine((value, ctx) => {
    if (value.is_director && !value.director_appointment_date) {
      ctx.addIssue({ code: 'custom', path: ['director_appointment_date'], message: 'is required for a director (NI uses an annual earnings period from the appointment)', params: { type: 'required' } });
    }
    if (!value.is_director && (value.director_appointment_date || value.director_ni_method)) {
      ctx.addIssue({ code: 'custom', path: ['is_director'], message: 'must be true when director fields are given', params: { type: 'director_fields' } });
    }
    if (value.starter_declaration && value.p45) {
      ctx.addIssue({ code: 'custom', path: ['starter_declaration'], message: 'give either a starter declaration or P45 figures, not both', params: { type: 'starter_conflict' } });
    }
  });

export const deStatutoryInput = z
  .object({
    tax_id: z
      .string()
      .regex(/^\d{11}$/, { error: 'must be 11 digits' })
      .refine(isValidGermanTaxId, { error: 'is not a valid tax ID (check digit or digit pattern wrong)', params: { type: 'tax_id_checksum' } })
      .nullable()
      .optional(),
    social_insurance_number: z
      .string()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .superRefine((v, ctx) => {
        const problem = socialInsuranceNumberProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { type: /check digit/.test(problem) ? 'social_insurance_number_checksum' : 'social_insurance_number_format' } });
      })
      .nullable()
      .optional(),
    // DEÜV keys of the notifications (§ 28a SGB IV, DEÜV § 5): checked against the contributions the payroll charges.
    personengruppe: z.string().nullable().optional(),
    beitragsgruppe: z.string().nullable().optional(),
    taetigkeitsschluessel: z.string().nullable().optional(),
    // ELStAM Kirchensteuermerkmal (ev, rk, …): the Lohnsteuer-Anmeldung declares church tax per denomination.
    church_denomination: z.string().nullable().optional(),
    tax_class: z.number().int().min(1, { error: 'must be 1 to 6' }).max(6, { error: 'must be 1 to 6' }),
    factor: z
      .string()
      .regex(/^0\.\d{1,3}$/, { error: 'must be a decimal string below 1 with at most 3 places, e.g. "0.912"' })
      .nullable()
      .optional(),
    child_allowances: decimalString
      .refine((v) => Number.isInteger(Number(v) * 2) && Number(v) >= 0 && Number(v) <= 99, { error: 'must be 0 or more in steps of 0.5', params: { type: 'half_steps' } })
      .default('0'),
    is_church_member: z.boolean().default(false),
    federal_state: z.enum(STATE_OFFICIAL_NAMES, { error: `must be a federal state: ${STATE_OFFICIAL_NAMES.join(', ')}` }),
    health_insurer_agency_code: z.string().regex(/^\d{8}$/, { error: 'must be the 8-digit Betriebsnummer of the health insurer' }).nullable().optional(),
    health_insurance_additional_rate: decimalString.nullable().optional(),
    private_insurance_monthly: money.nullable().optional(),
    private_care_insurance_monthly: money.nullable().optional(),
    is_parent: z.boolean().default(false),
    care_insurance_children: z.number().int().min(0).max(20).default(0),
    is_mini_job: z.boolean().default(false),
    mini_job_details: z.object({ pension_exemption: z.boolean().default(false), flat_rate_paid_by_employee: z.boolean().default(false) }).strict().nullable().optional(),
    is_midi_job: z.boolean().default(false),
    agreed_work_hours_per_week: decimalString.nullable().optional(),
    // U1/U2 levy rates (percent) of the employee's health insurer at the employer's chosen U1 refund
    // level (endpoint 7): the bundled insurer table does not know every insurer's current rates.
    u1_rate: decimalString.nullable().optional(),
    u2_rate: decimalString.nullable().optional(),
    // Pay from earlier employers this calendar year (§ 39b Abs. 3 EStG: part of the expected annual wage a one-off
    // is taxed on). Absent: none; null: the employee did not present it, so it is extrapolated from this month's
    // regular pay over previous_employment_months (§ 39b Abs. 3 S. 2 EStG).
    previous_employment_pay: money.nullable().optional(),
    previous_employment_months: z.number().int().min(0, { error: 'must be 0 to 11' }).max(11, { error: 'must be 0 to 11' }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.factor && value.tax_class !== 4) ctx.addIssue({ code: 'custom', path: ['factor'], message: 'applies only to tax class 4 (Faktorverfahren, § 39f EStG)', params: { type: 'factor_class' } });
    if (value.is_mini_job && value.is_midi_job) ctx.addIssue({ code: 'custom', path: ['is_midi_job'], message: 'a job cannot be both a minijob and a midijob', params: { type: 'job_kind_conflict' } });
    if (value.care_insurance_children > 0 && !value.is_parent) ctx.addIssue({ code: 'custom', path: ['is_parent'], message: 'must be true when care_insurance_children is above 0', params: { type: 'parent_status' } });
    deFilingKeyIssues(value, ctx);
  });

/** The filings' keys checked against what the payroll charges for this employee (domain/de/filings/keys.ts). */
function deFilingKeyIssues(
  value: { is_mini_job: boolean; private_insurance_monthly?: string | null | undefined; mini_job_details?: { pension_exemption: boolean } | null | undefined; personengruppe?: string | null | undefined; beitragsgruppe?: string | null | undefined; taetigkeitsschluessel?: string | null | undefined; church_denomination?: string | null | undefined; is_church_member: boolean },
  ctx: z.RefinementCtx,
): void {
  const facts = {
    miniJob: value.is_mini_job,
    privateHealth: value.private_insurance_monthly ? new Decimal(value.private_insurance_monthly).gt(0) : false,
    pensionExemption: value.mini_job_details?.pension_exemption ?? false,
  };
  const issue = (path: string, message: string | null, type: string): void => {
    if (message) ctx.addIssue({ code: 'custom', path: [path], message, params: { type } });
  };
  if (value.personengruppe != null) issue('personengruppe', personengruppeProblem(value.personengruppe, facts), 'personengruppe');
  if (value.beitragsgruppe != null) issue('beitragsgruppe', beitragsgruppeProblem(value.beitragsgruppe, facts), 'beitragsgruppe');
  if (value.taetigkeitsschluessel != null) issue('taetigkeitsschluessel', taetigkeitsschluesselProblem(value.taetigkeitsschluessel), 'taetigkeitsschluessel');
  if (value.church_denomination != null) {
    if (!(value.church_denomination in CHURCH_DENOMINATIONS)) issue('church_denomination', `must be an ELStAM church-tax denomination: ${Object.keys(CHURCH_DENOMINATIONS).join(', ')}`, 'church_denomination');
    else if (!value.is_church_member) issue('church_denomination', 'is only for a church member (is_church_member)', 'church_denomination');
  }
}

export const payInput = z
  .object({
    basis: z.enum(['salary', 'hourly']),
    annual_salary: money.nullable().optional(),
    hourly_rate: money.nullable().optional(),
    hours_per_week: decimalString.nullable().optional(),
    currency: z.enum(['GBP', 'EUR']).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.basis === 'salary' && !value.annual_salary) ctx.addIssue({ code: 'custom', path: ['annual_salary'], message: 'is required for salaried pay', params: { type: 'required' } });
    if (value.basis === 'hourly' && (!value.hourly_rate || !value.hours_per_week)) ctx.addIssue({ code: 'custom', path: ['hourly_rate'], message: 'hourly pay needs hourly_rate and hours_per_week', params: { type: 'required' } });
  });

export const employeeFields = {
  payroll_number: z.string().trim().min(1).max(35).nullable().optional(),
  first_name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(100),
  last_name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(100),
  email: email.nullable().optional(),
  date_of_birth: isoDate,
  start_date: isoDate,
  address: z.string().max(500).nullable().optional(),
  pay: payInput.nullable().optional(),
  gb: gbStatutoryInput.nullable().optional(),
  de: deStatutoryInput.nullable().optional(),
};

export const employeeInput = z
  .object(employeeFields)
  .strict()
  .superRefine((value, ctx) => {
    if (value.start_date < value.date_of_birth) ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'must be after date_of_birth', params: { type: 'date_order' } });
    if (value.gb && value.de) ctx.addIssue({ code: 'custom', path: ['de'], message: 'give the statutory block of the organization’s country only', params: { type: 'country_mismatch' } });
  })
  .meta({ id: 'EmployeeRequest' });

/** A partial statutory block: field → new value, null clears an optional field. */
const statutoryPatch = z.record(z.string(), z.unknown(), { error: 'must be an object of statutory fields to change' }).optional();

export const employeePatch = z
  .object({
    payroll_number: employeeFields.payroll_number,
    first_name: employeeFields.first_name.optional(),
    last_name: employeeFields.last_name.optional(),
    email: employeeFields.email,
    date_of_birth: isoDate.optional(),
    start_date: isoDate.optional(),
    address: employeeFields.address,
    pay: employeeFields.pay,
    // The statutory block is merged field by field over the stored one and the result is checked
    // whole with gbStatutoryInput / deStatutoryInput (docs/decisions.md E3), so a
    // clerk can change one tax code without restating the NI number.
    gb: statutoryPatch,
    de: statutoryPatch,
    row_version: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).filter((k) => k !== 'row_version').length > 0, { error: 'give at least one field to change', params: { type: 'empty_patch' } })
  .meta({ id: 'EmployeePatch' });

export const employeeLeaveInput = z.object({ leave_date: isoDate }).strict().meta({ id: 'EmployeeLeaveRequest' });

export const employeeResponse = z
  .object({
    id,
    org_id: z.string(),
    country: z.string(),
    payroll_number: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    start_date: z.string(),
    leave_date: z.string().nullable(),
    status: z.enum(['active', 'left']),
    address: z.string().nullable(),
    pay: z.record(z.string(), z.unknown()).nullable(),
    gb: z.record(z.string(), z.unknown()).nullable(),
    de: z.record(z.string(), z.unknown()).nullable(),
    pay_group_id: z.string().nullable(),
    /** Only with `include=bank_accounts` on the list, and always on a single read. */
    bank_accounts: z.array(bankAccountResponse).optional(),
    row_version: z.number().int(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Employee' });

export type EmployeeInput = z.input<typeof employeeInput>;
export type EmployeePatch = z.input<typeof employeePatch>;
export type Employee = z.infer<typeof employeeResponse>;
export type GbStatutory = z.output<typeof gbStatutoryInput>;
export type DeStatutory = z.output<typeof deStatutoryInput>;

/** The employee list (page style; see pagination.ts). */
export const employeePage = pageEnvelope(employeeResponse).meta({ id: 'EmployeePage' });
