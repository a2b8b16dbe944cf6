import { z } from 'zod';
import { fieldError } from '../../domain/errors.js';
import { WAGE_TYPE_CATEGORIES, WAGE_TYPE_STATUSES, type WageTypeCategory, type WageTypeStatus } from '../../domain/gb/wage-types/types.js';
import { cursorEnvelope, type CursorQuery, parseCursorQuery } from './pagination.js';

/**
 * Endpoint 19, `GET /gb/wage-types` (spec "Resources › Wage type (GB)"), and the extension
 * `GET /gb/wage-types/{wage_type_code}`. The spec does not name the query parameters
 * (docs/decisions.md R1): `valid_on`, `status`, `category`, `include_deprecated`, `size`,
 * `cursor`, `sort_order`; the answer is the cursor envelope of endpoint 12.
 */

export const wageTypeResponse = z
  .object({
    id: z.number().int(),
    wage_type_code: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(WAGE_TYPE_CATEGORIES as [WageTypeCategory, ...WageTypeCategory[]]),
    status: z.enum(WAGE_TYPE_STATUSES as [WageTypeStatus, ...WageTypeStatus[]]),
    rti_payment_type: z.string(),
    is_taxable: z.boolean().describe('extension: subject to PAYE income tax'),
    ni_employee_applies: z.boolean().describe('Class 1 NI earnings (and student-loan earnings)'),
    is_class_1a_applicable: z.boolean(),
    is_ae_qualifying: z.boolean(),
    uses_ae_bands: z.boolean(),
    is_pensionable: z.boolean().describe('extension: part of pensionable pay (PENSIONABLE_PAY schemes)'),
    is_holiday_pay_included: z.boolean(),
    is_salary_sacrifice_allowed: z.boolean(),
    uses_official_interest_rate: z.boolean(),
    valid_from: z.string(),
    valid_to: z.string().nullable().describe('exclusive end of this version; null: open-ended'),
    calculation_variants: z.array(z.string()),
    thresholds: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    regularity_window_weeks: z.number().int().nullable(),
    regularity_threshold_periods: z.number().int().nullable(),
    legislative_source: z.string(),
    owner: z.string(),
    reviewer: z.string(),
    last_reviewed_at: z.string(),
    is_gross_up: z.boolean(),
    is_notional: z.boolean(),
    deduction_tax_treatment: z.string().nullable(),
    request_section: z.enum(['earnings', 'benefits', 'deductions', 'reimbursements', 'none']).describe('extension: which pay_details array of a run request takes it'),
  })
  .meta({ id: 'WageType' });

export const wageTypePage = cursorEnvelope(wageTypeResponse).meta({ id: 'WageTypePage' });

export type WageTypeWire = z.infer<typeof wageTypeResponse>;

export interface WageTypeQuery extends CursorQuery {
  validOn: string | null;
  status: WageTypeStatus | null;
  category: WageTypeCategory | null;
  includeDeprecated: boolean;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function text(raw: unknown): string | null {
  return raw === undefined || raw === null || raw === '' ? null : String(raw).trim();
}

/** Parses the list query: filters are validation errors on ["query", name]; paging errors use the spec's pagination shape. */
export function parseWageTypeQuery(query: Record<string, unknown>): WageTypeQuery {
  const paging = parseCursorQuery(query);
  const validOn = text(query.valid_on);
  if (validOn !== null && !isRealDate(validOn)) throw fieldError(['query', 'valid_on'], 'must be a date in the form YYYY-MM-DD', 'invalid_date');
  const status = text(query.status);
  if (status !== null && !(WAGE_TYPE_STATUSES as readonly string[]).includes(status)) throw fieldError(['query', 'status'], `must be one of ${WAGE_TYPE_STATUSES.join(', ')}`, 'enum');
  const category = text(query.category);
  if (category !== null && !(WAGE_TYPE_CATEGORIES as readonly string[]).includes(category)) throw fieldError(['query', 'category'], `must be one of ${WAGE_TYPE_CATEGORIES.join(', ')}`, 'enum');
  const include = text(query.include_deprecated);
  let includeDeprecated = false;
  if (include !== null) {
    if (include === 'true' || include === '1') includeDeprecated = true;
    else if (include !== 'false' && include !== '0') throw fieldError(['query', 'include_deprecated'], 'must be true or false', 'bool_parsing');
  }
  return { ...paging, validOn, status: status as WageTypeStatus | null, category: category as WageTypeCategory | null, includeDeprecated };
}

/** Extension `GET /gb/wage-types/{wage_type_code}?valid_on=`: the version in force on the date. */
export function parseValidOn(query: Record<string, unknown> | undefined): string | null {
  const validOn = text(query?.valid_on);
  if (validOn !== null && !isRealDate(validOn)) throw fieldError(['query', 'valid_on'], 'must be a date in the form YYYY-MM-DD', 'invalid_date');
  return validOn;
}
