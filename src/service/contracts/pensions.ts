import { z } from 'zod';
import { Decimal } from '../../domain/money.js';
import { wageTypeVersions } from '../../domain/gb/wage-types/lookup.js';
import { addMonths } from '../../domain/gb/run/dates.js';
import { AMOUNT_BOUND_MESSAGE, decimalString, id, isoDate, isoDateTime, numberToDecimalString, specDecimalPattern } from './common.js';
import { pageEnvelope } from './pagination.js';

/**
 * GB pension schemes (endpoint 15) and memberships (endpoints 16, 17), spec "Resources › Pension scheme (GB)",
 * "Pension membership (GB)", "States and transitions", "Versioned records"; decisions in
 * docs/decisions.md (A1–A7).
 */

import { ENTRY_ROUTES, PENSION_CODE_FOR, PROVIDERS, TAX_TREATMENTS, WORKER_CATEGORIES, type TaxTreatment } from './choices.js';

export { ENTRY_ROUTES, PENSION_CODE_FOR, PROVIDERS, TAX_TREATMENTS, WORKER_CATEGORIES, type TaxTreatment };
export const EARNINGS_DEFINITIONS = ['QUALIFYING_EARNINGS', 'PENSIONABLE_PAY'] as const;
export const MEMBERSHIP_STATUSES = ['ACTIVE', 'OPTED_OUT', 'NOT_ENROLLED'] as const;

export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export type WorkerCategoryWire = (typeof WORKER_CATEGORIES)[number];
export type EntryRoute = (typeof ENTRY_ROUTES)[number];

/**
 * The deduction line's wage type for each tax treatment (decision A1): each treatment needs its own code, because
 * the code decides where the contribution is reported on the FPS (net pay: EmpeePenContribnsPaid; relief at
 * source: EmpeePenContribnsNotPaid) and how the run treats it (before tax / from net pay / sacrifice).
 */

/** A rate as a JSON number or a decimal string; stored and returned as a normalized decimal string ("0.05"). */
function rate(min: number, max: number) {
  return z
    .union([z.number({ error: 'must be a number or a decimal string' }).finite(), decimalString], { error: 'must be a number or a decimal string, e.g. 0.05' })
    .transform((value) => new Decimal(typeof value === 'number' ? numberToDecimalString(value) : value))
    .refine((value) => value.gte(min) && value.lte(max), { error: `must be between ${min} and ${max}`, params: { type: 'out_of_range' } })
    .transform((value) => value.toString());
}

/** A per-period cap: an amount of money, 0 or more, at most 2 decimal places; returned with 2 places. */
const cap = z
  .union([z.number({ error: 'must be a number or a decimal string' }).finite(), decimalString], { error: 'must be a number or a decimal string, e.g. 250.00' })
  .transform((value) => new Decimal(typeof value === 'number' ? numberToDecimalString(value) : value))
  .refine((value) => !value.isNegative(), { error: 'must be 0 or more', params: { type: 'out_of_range' } })
  .refine((value) => value.abs().lt(1e12), { error: AMOUNT_BOUND_MESSAGE, params: { type: 'decimal_max_digits' } })
  .refine((value) => value.decimalPlaces() <= 2, { error: 'must be an amount in pounds and pence (at most 2 decimal places)', params: { type: 'decimal_places' } })
  .transform((value) => value.toFixed(2));

function checkWageType(code: string, treatment: TaxTreatment | null, ctx: z.RefinementCtx, path: (string | number)[]): void {
  const versions = wageTypeVersions(code);
  if (versions.length === 0) {
    ctx.addIssue({ code: 'custom', path, message: `"${code}" is not a wage type in the catalogue (GET /gb/wage-types?category=pension)`, params: { type: 'wage_type_unknown' } });
    return;
  }
  if (!versions.some((w) => w.category === 'pension')) {
    ctx.addIssue({ code: 'custom', path, message: `"${code}" is a ${versions[0]?.category} wage type; the pension deduction line needs a wage type of category pension`, params: { type: 'wage_type_category' } });
    return;
  }
  if (treatment !== null && code.trim().toUpperCase() !== PENSION_CODE_FOR[treatment]) {
    ctx.addIssue({
      code: 'custom',
      path,
      message:
        treatment === 'SALARY_SACRIFICE'
          ? `SALARY_SACRIFICE requires wage type UK-P-003 (got ${code})`
          : `${treatment} uses wage type ${PENSION_CODE_FOR[treatment]} (UK-P-001 net pay, UK-P-002 relief at source; got ${code})`,
      params: { type: 'wage_type_mismatch' },
    });
  }
}

export const pensionSchemeInput = z
  .object({
    valid_from: isoDate,
    scheme_name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' }),
    provider: z.enum(PROVIDERS, { error: `must be one of ${PROVIDERS.join(', ')}` }),
    tax_treatment: z.enum(TAX_TREATMENTS, { error: `must be one of ${TAX_TREATMENTS.join(', ')}` }),
    pensionable_earnings_definition: z.enum(EARNINGS_DEFINITIONS, { error: `must be one of ${EARNINGS_DEFINITIONS.join(', ')}` }),
    employee_rate: rate(0.05, 1),
    employer_rate: rate(0.03, 1),
    wage_type_code: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).transform((v) => v.toUpperCase()),
    employee_cap: cap.nullable().optional(),
    employer_cap: cap.nullable().optional(),
    postponement_period_months: z.number({ error: 'must be a whole number of months, 0 to 3' }).int({ error: 'must be a whole number of months, 0 to 3' }).min(0, { error: 'must be 0 to 3' }).max(3, { error: 'must be 0 to 3' }).default(0),
    entitled_worker_employer_contributes: z.boolean({ error: 'must be true or false' }).default(false),
    re_enrolment_date: isoDate.nullable().optional(),
    re_enrolment_window_start: isoDate.nullable().optional(),
    re_enrolment_window_end: isoDate.nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    checkWageType(value.wage_type_code, value.tax_treatment, ctx, ['wage_type_code']);
    // The re-enrolment window is fixed by law: 3 months either side of the re-enrolment date
    // (Pensions Act 2008 s5; Automatic Enrolment Regulations 2010 reg 12). Given window dates must be exactly those.
    const date = value.re_enrolment_date ?? null;
    if (date === null) {
      for (const field of ['re_enrolment_window_start', 're_enrolment_window_end'] as const) {
        if (value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'needs re_enrolment_date: the window is 3 months either side of it', params: { type: 'requires_re_enrolment_date' } });
      }
      return;
    }
    const start = addMonths(date, -3);
    const end = addMonths(date, 3);
    if (value.re_enrolment_window_start && value.re_enrolment_window_start !== start) {
      ctx.addIssue({ code: 'custom', path: ['re_enrolment_window_start'], message: `must be ${start}, 3 months before re_enrolment_date ${date} (or leave it out)`, params: { type: 're_enrolment_window' } });
    }
    if (value.re_enrolment_window_end && value.re_enrolment_window_end !== end) {
      ctx.addIssue({ code: 'custom', path: ['re_enrolment_window_end'], message: `must be ${end}, 3 months after re_enrolment_date ${date} (or leave it out)`, params: { type: 're_enrolment_window' } });
    }
  })
  .meta({ id: 'PensionSchemeRequest' });

const rateText = z.string().regex(specDecimalPattern);

export const pensionSchemeResponse = z
  .object({
    scheme_id: id.describe('stable handle, unchanged across versions'),
    version: z.number().int().describe('extension: 0 for the first configuration, +1 per new version'),
    is_default: z.boolean(),
    valid_from: z.string(),
    valid_to: z.string().nullable().optional().describe('exclusive end; null = current version'),
    scheme_name: z.string(),
    provider: z.enum(PROVIDERS),
    tax_treatment: z.enum(TAX_TREATMENTS),
    pensionable_earnings_definition: z.enum(EARNINGS_DEFINITIONS),
    employee_rate: rateText,
    employer_rate: rateText,
    employee_cap: rateText.nullable(),
    employer_cap: rateText.nullable(),
    postponement_period_months: z.number().int().max(3),
    entitled_worker_employer_contributes: z.boolean(),
    re_enrolment_date: z.string().nullable(),
    re_enrolment_window_start: z.string().nullable(),
    re_enrolment_window_end: z.string().nullable(),
    wage_type_code: z.string(),
    created_at: isoDateTime,
    created_by: z.string().nullable().optional(),
  })
  .meta({ id: 'PensionScheme' });

export const pensionSchemePage = pageEnvelope(pensionSchemeResponse).meta({ id: 'PensionSchemePage' });
export const pensionSchemeHistory = z.array(pensionSchemeResponse).meta({ id: 'PensionSchemeHistory' });

// ---- memberships ----

export const enrolInput = z
  .object({
    enrolment_date: isoDate,
    entry_route: z.enum(ENTRY_ROUTES, { error: `must be one of ${ENTRY_ROUTES.join(', ')}` }),
    worker_category: z.enum(WORKER_CATEGORIES, { error: `must be one of ${WORKER_CATEGORIES.join(', ')}` }),
    enrolment_communication_date: isoDate.nullable().optional(),
    scheme_id: id.nullable().optional(),
    employee_rate: rate(0, 1).nullable().optional(),
    employer_rate: rate(0, 1).nullable().optional(),
    employee_cap: cap.nullable().optional(),
    employer_cap: cap.nullable().optional(),
    tax_treatment: z.enum(TAX_TREATMENTS, { error: `must be one of ${TAX_TREATMENTS.join(', ')}` }).nullable().optional(),
    wage_type_code: z.string().trim().min(1).transform((v) => v.toUpperCase()).nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.tax_treatment && !value.wage_type_code) {
      ctx.addIssue({ code: 'custom', path: ['wage_type_code'], message: `is required when tax_treatment is set (${PENSION_CODE_FOR[value.tax_treatment]} for ${value.tax_treatment})`, params: { type: 'required' } });
    }
    if (value.wage_type_code) checkWageType(value.wage_type_code, value.tax_treatment ?? null, ctx, ['wage_type_code']);
  })
  .meta({ id: 'PensionEnrolRequest' });

export const optOutInput = z.object({ opt_out_date: isoDate }).strict().meta({ id: 'PensionOptOutRequest' });

/** Extension: the date the statutory enrolment information was given, when it was not known at enrolment. */
export const communicationInput = z.object({ enrolment_communication_date: isoDate }).strict().meta({ id: 'PensionCommunicationRequest' });

export const pensionMembershipResponse = z
  .object({
    id: z.string().describe('extension: id of this history record'),
    employee_id: z.string().describe('extension'),
    valid_from: z.string(),
    valid_to: z.string().nullable(),
    status: z.enum(MEMBERSHIP_STATUSES),
    version: z.number().int(),
    worker_category: z.enum(WORKER_CATEGORIES).nullable(),
    entry_route: z.enum(ENTRY_ROUTES).nullable(),
    enrolment_date: z.string().nullable(),
    opt_out_date: z.string().nullable(),
    enrolment_communication_date: z.string().nullable(),
    scheme_id: z.string().nullable(),
    employee_rate: rateText.nullable(),
    employer_rate: rateText.nullable(),
    employee_cap: rateText.nullable(),
    employer_cap: rateText.nullable(),
    tax_treatment: z.enum(TAX_TREATMENTS).nullable(),
    wage_type_code: z.string().nullable(),
    /** Extension: opt-out inside the one-month window, so every contribution taken is refunded by the next run. */
    refund_due: z.boolean(),
    created_at: isoDateTime,
    created_by: z.string().nullable(),
  })
  .meta({ id: 'PensionMembership' });

export const pensionStatusResponse = z
  .object({
    employee_id: z.string(),
    status: z.enum(MEMBERSHIP_STATUSES),
    current: pensionMembershipResponse.nullable().describe('the latest (highest version) record; null when never enrolled'),
    history: z.array(pensionMembershipResponse).describe('every version, oldest first'),
    /** Last day an opt-out still gets every contribution refunded (one month from the later of enrolment and the enrolment letter). */
    opt_out_window_end: z.string().nullable(),
  })
  .meta({ id: 'PensionStatus' });

export type PensionSchemeInput = z.output<typeof pensionSchemeInput>;
export type PensionScheme = z.infer<typeof pensionSchemeResponse>;
export type EnrolInput = z.output<typeof enrolInput>;
export type PensionMembership = z.infer<typeof pensionMembershipResponse>;
export type PensionStatus = z.infer<typeof pensionStatusResponse>;
