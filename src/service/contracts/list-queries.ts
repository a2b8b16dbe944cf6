import { z } from 'zod';
import { ABSENCE_KINDS, DOCUMENT_TYPES } from './choices.js';
import { DOCUMENT_STATUSES } from './document.js';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PAGE_SIZE_MIN } from './pagination.js';
import { RUN_STATUSES } from './payroll-runs.js';

/**
 * The query parameters of every list and read operation that takes a query, one schema per operation, so the
 * OpenAPI document states each parameter by name, type and allowed values (issue 20 F8: it used to show one
 * catch-all `query` object). Query values travel as text; integers and booleans here are their text forms.
 * The use cases read these names (service/contracts/pagination.ts parsePageQuery / parseCursorQuery and each
 * list's filters); test/hosted/api-properties.test.ts sends every documented value and expects a 2xx, so a
 * name or value listed here that the service refuses fails the suite.
 */

const sortOrder = z.enum(['asc', 'desc']).default('asc').describe('spec Limits: asc or desc');
const size = z.int().min(PAGE_SIZE_MIN).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT).describe(`page size (spec Limits: ${PAGE_SIZE_MIN} to ${PAGE_SIZE_MAX})`);
const boolText = z.enum(['true', 'false']);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A comma-separated list of names from `allowed` (pagination guide: search_fields and include). */
function nameList(allowed: readonly string[], what: string) {
  const one = `(?:${allowed.join('|')})`;
  return z.string().regex(new RegExp(`^${one}(?:,${one})*$`)).describe(`${what}, comma separated: ${allowed.join(', ')}`);
}

/** The pagination guide's page-style query (spec Limits) with the list's sortable and searchable fields and filters. */
export function pageQuery(spec: { sortable: readonly string[]; searchable: readonly string[]; includable?: readonly string[]; filters?: z.ZodRawShape }) {
  return z
    .object({
      page: z.int().min(1).default(1),
      size,
      sort_by: z.enum(spec.sortable as [string, ...string[]]).optional(),
      sort_order: sortOrder,
      search: z.string().max(200).optional().describe(`text searched in ${spec.searchable.join(', ')}`),
      search_fields: nameList(spec.searchable, 'fields searched').optional(),
      ...(spec.includable ? { include: nameList(spec.includable, 'related records to include').optional() } : {}),
      ...(spec.filters ?? {}),
    })
    .strict();
}

/** The spec's cursor-style query (endpoints 12, 13, 19): size, cursor, sort_order and the list's filters. */
export function cursorQuery(filters: z.ZodRawShape = {}) {
  return z
    .object({ size, cursor: z.string().max(512).optional().describe('next_cursor or prev_cursor of a previous page'), sort_order: sortOrder, ...filters })
    .strict();
}

const enumList = (allowed: readonly string[]) => nameList(allowed, 'one value or several');

export const organizationListQuery = cursorQuery();
export const importQuery = z.object({ dry_run: boolText.default('false').describe('true: report what would change, write nothing') }).strict();
export const employeeListQuery = pageQuery({
  sortable: ['last_name', 'first_name', 'start_date', 'payroll_number', 'created_at'],
  searchable: ['first_name', 'last_name', 'email', 'payroll_number'],
  includable: ['bank_accounts'],
  filters: { status: z.enum(['active', 'left']).optional() },
});
export const bankAccountListQuery = pageQuery({ sortable: ['created_at', 'financial_institution_name'], searchable: ['financial_institution_name'], filters: { employee_id: z.string().optional().describe('an employee’s accounts instead of the organization’s') } });
export const contactListQuery = pageQuery({ sortable: ['name', 'email', 'created_at'], searchable: ['name', 'email'], filters: { worksite_id: z.string().optional().describe('a worksite’s contacts instead of the organization’s') } });
export const worksiteListQuery = pageQuery({ sortable: ['name', 'created_at'], searchable: ['name'] });
export const insuranceLevelChoiceListQuery = pageQuery({ sortable: ['agency_id', 'created_at'], searchable: ['agency_id'] });
export const sepaMandateListQuery = pageQuery({ sortable: ['created_at', 'valid_from'], searchable: ['mandate_reference', 'creditor_id'] });
export const payGroupListQuery = pageQuery({ sortable: ['name', 'created_at'], searchable: ['name'], filters: { pay_calendar_id: z.string().optional() } });
export const payCalendarPeriodsListQuery = z
  .object({
    tax_year: z.string().regex(/^\d{4}(?:-\d{2})?$/).optional().describe('GB: the tax year, e.g. 2025-26 (default: the current one); DE: a synonym of year'),
    year: z.string().regex(/^\d{4}$/).optional().describe('DE: the calendar year, e.g. 2025'),
  })
  .strict();
const documentFilters = { document_type: enumList(DOCUMENT_TYPES).optional(), status: enumList(DOCUMENT_STATUSES).default('active') };
export const employeeDocumentListQuery = cursorQuery(documentFilters);
export const organizationDocumentListQuery = cursorQuery({ ...documentFilters, employee_id: z.string().optional() });
const wageTypeStatuses = ['draft', 'approved', 'deprecated'] as const;
const wageTypeCategories = ['earnings', 'deductions', 'benefits', 'statutory', 'pension', 'contributions', 'adjustments', 'reimbursements'] as const;
export const wageTypeListQuery = cursorQuery({
  valid_on: date.optional().describe('the versions in force on this day (default today)'),
  status: z.enum(wageTypeStatuses).optional(),
  category: z.enum(wageTypeCategories).optional(),
  include_deprecated: boolText.default('false'),
});
export const validOnQuery = z.object({ valid_on: date.optional().describe('the version in force on this day') }).strict();
export const pensionSchemeListQuery = pageQuery({ sortable: ['scheme_name', 'valid_from', 'created_at'], searchable: ['scheme_name'] });
export const runReadQuery = z.object({ include_payslips: boolText.default('true').describe('false leaves the payslips out') }).strict();
export const gbRunListQuery = pageQuery({
  sortable: ['created_at', 'pay_date', 'period_number'],
  searchable: ['external_ref'],
  filters: { pay_group_id: z.string().optional(), status: z.enum(RUN_STATUSES).optional(), tax_year: z.string().regex(/^\d{4}-\d{2}$/).optional() },
});
export const absenceListQuery = pageQuery({ sortable: ['first_day', 'created_at'], searchable: ['notes'], filters: { employee_id: z.string().optional(), kind: z.enum(ABSENCE_KINDS).optional() } });
export const germanRunListQuery = pageQuery({
  sortable: ['created_at', 'pay_date', 'month'],
  searchable: ['external_ref'],
  filters: { status: z.enum(RUN_STATUSES).optional(), tax_year: z.string().regex(/^\d{4}$/).optional(), month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional() },
});

/** Path parameters that are not free text (issue 20 F8): the rest are opaque id strings. */
export const pathParameters: Record<string, z.ZodType> = {
  insurance_details_id: z.int().min(1).max(999_999_999).describe('the integer id of the insurance details (spec: insurance_data id integer)'),
  agency_id: z.string().regex(/^\d{8}$/).describe('the 8-digit Betriebsnummer of the agency (health insurer)'),
  kind: z.enum(['beitragsnachweis', 'lohnsteueranmeldung', 'meldungen', 'lohnsteuerbescheinigung']),
};
