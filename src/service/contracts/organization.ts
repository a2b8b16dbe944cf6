import { z } from 'zod';
import { addressInput, addressResponse } from './address.js';
import { bankAccountInput, bankAccountResponse } from './bank-account.js';
import { countryCode, id, isoDate, isoDateTime, nullableDate } from './common.js';
import { contactInput, contactResponse } from './contact.js';
import { sepaMandateResponse } from './sepa-mandate.js';
import { pageEnvelope } from './pagination.js';
import { ACCOUNT_KEYS, CHARTS } from '../../formats/journal/accounts.js';

/** Organization and its parts (spec "Resources › Organization"). German numbers follow their statutory formats. */

const eightDigits = (what: string) => z.string().regex(/^\d{8}$/, { error: `must be an 8-digit ${what}` });
const fiveDigits = z.string().regex(/^\d{5}$/, { error: 'must be 5 digits' });

function dateWindow(value: { valid_from?: string | null | undefined; valid_to?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (value.valid_from && value.valid_to && value.valid_to < value.valid_from) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'must not be before valid_from', params: { type: 'date_order' } });
  }
}

// ---- worksite insurance details (Germany; endpoint 6) ----

export const worksiteInsuranceFields = {
  valid_from: isoDate.nullable().optional(),
  valid_to: isoDate.nullable().optional(),
  insurance_country: z.literal('DE', { error: 'must be DE' }).nullable().optional(),
  worksite_location_number: eightDigits('German company number (pattern ^\\d{8}$)').nullable().optional(),
  accident_insurance_company_number: eightDigits('German company number (pattern ^\\d{8}$)').nullable().optional(),
  payroll_service_provider_number: eightDigits('German company number (pattern ^\\d{8}$)').nullable().optional(),
  payroll_processing_location_number: eightDigits('German company number (pattern ^\\d{8}$)').nullable().optional(),
  accident_insurance_pin: fiveDigits.nullable().optional(),
};

export const worksiteInsuranceInput = z.object(worksiteInsuranceFields).strict().superRefine(dateWindow).meta({ id: 'WorksiteInsuranceDetailsRequest' });

export const worksiteInsurancePatch = z
  .object(worksiteInsuranceFields)
  .strict()
  .superRefine(dateWindow)
  .refine((value) => Object.keys(value).length > 0, { error: 'give at least one field to change', params: { type: 'empty_patch' } })
  .meta({ id: 'WorksiteInsuranceDetailsPatch' });

export const worksiteInsuranceResponse = z
  .object({
    id: z.number().int(),
    worksite_id: z.string(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    insurance_country: z.string().nullable(),
    worksite_location_number: z.string().nullable(),
    accident_insurance_company_number: z.string().nullable(),
    accident_insurance_pin: z.string().nullable(),
    payroll_service_provider_number: z.string().nullable(),
    payroll_processing_location_number: z.string().nullable(),
  })
  .meta({ id: 'WorksiteInsuranceDetails' });

// ---- insurance level choice (Germany; endpoint 7) ----

export const insuranceLevelChoicePatch = z
  .object({ compensation_levy_id: z.number().int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).nullable() })
  .strict()
  .meta({ id: 'InsuranceLevelChoicePatch' });

export const insuranceLevelChoiceResponse = z
  .object({ id, agency_id: z.string(), compensation_levy_id: z.number().int().nullable(), org_id: z.string() })
  .meta({ id: 'InsuranceLevelChoice' });

// ---- tax identifiers, insurance data, preferences ----

export const taxDataInput = z
  .object({
    country: countryCode,
    valid_from: nullableDate.optional(),
    valid_to: nullableDate.optional(),
    tax_number: z.string().trim().min(1).max(20),
    is_employee_flat_tax: z.boolean().default(false),
    is_employee_mini_job_flat_tax: z.boolean().default(false),
  })
  .strict()
  .superRefine((value, ctx) => {
    dateWindow(value, ctx);
    // DE: Steuernummer of the Betriebsstätte (10–13 digits in any of the states' notations);
    // GB: employer PAYE reference "123/AB45678" (HMRC office number / reference).
    const ok = value.country === 'DE' ? /^\d{10,13}$/.test(value.tax_number.replace(/[\s/]/g, '')) : /^\d{3}\/[A-Z0-9]{1,10}$/.test(value.tax_number);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['tax_number'],
        message: value.country === 'DE' ? 'must be a German Steuernummer (10 to 13 digits, separators allowed)' : 'must be an employer PAYE reference such as 123/AB45678',
        params: { type: 'tax_number_format' },
      });
    }
  });

export const taxIdentifiersInput = z
  .object({ valid_from: nullableDate.optional(), valid_to: nullableDate.optional(), tax_data: taxDataInput })
  .strict()
  .superRefine(dateWindow);

export const insuranceDataInput = z
  .object({
    valid_from: nullableDate.optional(),
    valid_to: nullableDate.optional(),
    insurance_country: z.literal('DE', { error: 'must be DE' }).nullable().optional(),
    company_number: eightDigits('Betriebsnummer').nullable().optional(),
    unrs: z.string().regex(/^\d{15}$/, { error: 'must be the 15-digit Unternehmensnummer (UNR) of the accident insurer' }).nullable().optional(),
    accident_insurance_company_number: eightDigits('company number').nullable().optional(),
    accident_insurance_pin: fiveDigits.nullable().optional(),
    payroll_service_provider_number: eightDigits('company number').nullable().optional(),
    payroll_processing_location_number: eightDigits('company number').nullable().optional(),
    u1_selected: z.boolean().default(false),
    u2_selected: z.boolean().default(true),
    u3_selected: z.boolean().default(true),
    agency_id: eightDigits('agency Betriebsnummer').nullable().optional(),
    alternate_agency_id: eightDigits('agency Betriebsnummer').nullable().optional(),
    contact_id: z.string().nullable().optional(),
  })
  .strict()
  .superRefine(dateWindow);

export const preferencesInput = z
  .object({
    valid_from: nullableDate.optional(),
    valid_to: nullableDate.optional(),
    is_insolvent: z.boolean().default(false),
    insolvency_start_date: nullableDate.optional(),
    insolvency_end_date: nullableDate.optional(),
    insolvency_company_number: z.string().regex(/^\d{8}$/, { error: 'must be an 8-digit company number' }).nullable().optional(),
    extra_paid_leave_days: z.number().int().min(0, { error: 'must be 0 or more' }).max(366, { error: 'must be at most 366' }).nullable().optional(),
    first_payroll_date: nullableDate.optional(),
    last_payroll_date: nullableDate.optional(),
    first_payroll_platform: nullableDate.optional(),
    logo_id: z.string().nullable().optional(),
    preferences_country: z.literal('DE', { error: 'must be DE' }).nullable().optional(),
    insurance_credit_preference: z.string().max(100).nullable().optional(),
    // § 5 (1) EFZG: a certificate is due after more than 3 days; the employer may ask earlier (1 = from day one).
    days_for_sickness_certificate: z.number().int().min(1, { error: 'must be 1 to 4' }).max(4, { error: 'must be 1 to 4' }).nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    dateWindow(value, ctx);
    if (value.insolvency_start_date && value.insolvency_end_date && value.insolvency_end_date < value.insolvency_start_date) {
      ctx.addIssue({ code: 'custom', path: ['insolvency_end_date'], message: 'must not be before insolvency_start_date', params: { type: 'date_order' } });
    }
    if (value.first_payroll_date && value.last_payroll_date && value.last_payroll_date < value.first_payroll_date) {
      ctx.addIssue({ code: 'custom', path: ['last_payroll_date'], message: 'must not be before first_payroll_date', params: { type: 'date_order' } });
    }
  });

// ---- payment files and journal (extension, issue 15) ----

/**
 * GB payroll settings: the Bacs service user number (SUN, 6 digits) the employer submits payment files under and
 * the organization's own bank account they are paid from (one with a sort code and 8-digit account number; default:
 * its primary active account).
 */
export const gbSettingsInput = z
  .object({
    bacs_service_user_number: z.string().regex(/^\d{6}$/, { error: 'must be the 6-digit Bacs service user number (SUN)' }).nullable().optional(),
    bacs_originating_account_id: id.nullable().optional(),
  })
  .strict()
  .meta({ id: 'OrganizationGbSettings' });

const accountOverride = z
  .object({
    number: z.string().regex(/^\d{1,9}$/, { error: 'must be an account number of 1 to 9 digits' }),
    name: z.string().trim().min(1).max(60).optional(),
  })
  .strict();

/**
 * How payroll runs are booked: the chart whose default accounts apply (SKR03 for German, GB_NOMINAL for British
 * organizations when not given), any account of it replaced, and what the DATEV export needs (Beraternummer,
 * Mandantennummer, first month of the financial year, account length).
 */
export const accountingInput = z
  .object({
    chart: z.enum(CHARTS, { error: `must be one of ${CHARTS.join(', ')}` }).optional(),
    accounts: z.partialRecord(z.enum(ACCOUNT_KEYS, { error: `must be one of ${ACCOUNT_KEYS.join(', ')}` }), accountOverride).optional(),
    datev_consultant_number: z.string().regex(/^\d{4,7}$/, { error: 'must be the DATEV Beraternummer (1001 to 9999999)' }).refine((v) => Number(v) >= 1001, { error: 'must be at least 1001' }).nullable().optional(),
    datev_client_number: z.string().regex(/^\d{1,5}$/, { error: 'must be the DATEV Mandantennummer (1 to 99999)' }).refine((v) => Number(v) >= 1, { error: 'must be at least 1' }).nullable().optional(),
    fiscal_year_start_month: z.number().int().min(1, { error: 'must be 1 to 12' }).max(12, { error: 'must be 1 to 12' }).optional(),
    account_length: z.number().int().min(4, { error: 'must be 4 to 8' }).max(8, { error: 'must be 4 to 8' }).optional(),
  })
  .strict()
  .meta({ id: 'OrganizationAccounting' });

export type GbSettings = z.output<typeof gbSettingsInput>;
export type AccountingSettings = z.output<typeof accountingInput>;

// ---- worksite ----

export const worksiteInput = z
  .object({
    name: z.string().trim().min(1, { error: 'is required' }).max(200),
    address: addressInput.nullable().optional(),
    correspondence_address: addressInput.nullable().optional(),
    is_active: z.boolean().default(true),
    is_primary: z.boolean().default(false),
    valid_from: nullableDate.optional(),
    valid_to: nullableDate.optional(),
    contacts: z.array(contactInput).max(100).default([]),
    tax_identifiers: taxIdentifiersInput.nullable().optional(),
    insurance_data: worksiteInsuranceInput.nullable().optional(),
  })
  .strict()
  .superRefine(dateWindow)
  .meta({ id: 'WorksiteRequest' });

// ---- organization ----

const website = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);

export const organizationFields = {
  legal_name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' }),
  country: countryCode.describe('GB or DE: decides which statutory rules apply (extension field)'),
  address: addressInput.nullable().optional(),
  correspondence_address: addressInput.nullable().optional(),
  dba_name: z.string().trim().max(200).nullable().optional(),
  incorporation_date: nullableDate.optional(),
  website: website.nullable().optional(),
  external_ref: z.string().max(100).nullable().optional(),
  valid_from: nullableDate.optional(),
  valid_to: nullableDate.optional(),
  shutdown_date: nullableDate.optional(),
  work_sites: z.array(worksiteInput).max(100).default([]),
  bank_accounts: z.array(bankAccountInput).max(100).default([]),
  contacts: z.array(contactInput).max(100).default([]),
  tax_identifiers: taxIdentifiersInput.nullable().optional(),
  insurance_data: insuranceDataInput.nullable().optional(),
  preferences: preferencesInput.nullable().optional(),
  /** Extension (issue 15): GB Bacs settings; British organizations only. */
  gb: gbSettingsInput.nullable().optional(),
  /** Extension (issue 15): how payroll runs are booked. */
  accounting: accountingInput.nullable().optional(),
};

export const organizationInput = z
  .object(organizationFields)
  .strict()
  .superRefine((value, ctx) => {
    dateWindow(value, ctx);
    if (value.country !== 'DE') {
      // German-only blocks make no sense for a British employer: refuse rather than store dead data.
      for (const field of ['insurance_data'] as const) {
        if (value[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'is for German organizations only', params: { type: 'country_mismatch' } });
      }
      if (value.preferences?.preferences_country) ctx.addIssue({ code: 'custom', path: ['preferences', 'preferences_country'], message: 'is for German organizations only', params: { type: 'country_mismatch' } });
    }
    if (value.country !== 'GB' && value.gb) {
      ctx.addIssue({ code: 'custom', path: ['gb'], message: 'is for British organizations only', params: { type: 'country_mismatch' } });
    }
    if (value.tax_identifiers && value.tax_identifiers.tax_data.country !== value.country) {
      ctx.addIssue({ code: 'custom', path: ['tax_identifiers', 'tax_data', 'country'], message: `must be the organization's country ${value.country}`, params: { type: 'country_mismatch' } });
    }
    if (value.work_sites.filter((w) => w.is_primary).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['work_sites'], message: 'at most one worksite may be primary', params: { type: 'multiple_primary' } });
    }
    if (value.bank_accounts.filter((b) => b.is_primary).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['bank_accounts'], message: 'at most one bank account may be primary', params: { type: 'multiple_primary' } });
    }
  })
  .meta({ id: 'OrganizationRequest' });

/** Update: any top-level field except the country (which decides the statutory rules and cannot change). */
export const organizationPatch = z
  .object({
    legal_name: organizationFields.legal_name.optional(),
    address: organizationFields.address,
    correspondence_address: organizationFields.correspondence_address,
    dba_name: organizationFields.dba_name,
    incorporation_date: organizationFields.incorporation_date,
    website: organizationFields.website,
    external_ref: organizationFields.external_ref,
    valid_from: organizationFields.valid_from,
    valid_to: organizationFields.valid_to,
    shutdown_date: organizationFields.shutdown_date,
    tax_identifiers: organizationFields.tax_identifiers,
    insurance_data: organizationFields.insurance_data,
    preferences: organizationFields.preferences,
    gb: organizationFields.gb,
    accounting: organizationFields.accounting,
    row_version: z.number().int().min(0).optional().describe('optimistic concurrency: the row_version you read; a stale one is a 409'),
  })
  .strict()
  .refine((value) => Object.keys(value).filter((k) => k !== 'row_version').length > 0, { error: 'give at least one field to change', params: { type: 'empty_patch' } })
  .meta({ id: 'OrganizationPatch' });

export const worksiteResponse = z
  .object({
    id,
    org_id: z.string(),
    name: z.string(),
    address: addressResponse.nullable(),
    correspondence_address: addressResponse.nullable(),
    is_active: z.boolean(),
    is_primary: z.boolean(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    contacts: z.array(contactResponse),
    tax_identifiers: z.record(z.string(), z.unknown()).nullable(),
    insurance_data: worksiteInsuranceResponse.nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Worksite' });

export const organizationResponse = z
  .object({
    id,
    country: z.string(),
    legal_name: z.string(),
    address: addressResponse.nullable(),
    correspondence_address: addressResponse.nullable(),
    dba_name: z.string().nullable(),
    incorporation_date: z.string().nullable(),
    website: z.string().nullable(),
    external_ref: z.string().nullable(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    shutdown_date: z.string().nullable(),
    work_sites: z.array(worksiteResponse),
    bank_accounts: z.array(bankAccountResponse),
    contacts: z.array(contactResponse),
    tax_identifiers: z.record(z.string(), z.unknown()).nullable(),
    insurance_data: z.record(z.string(), z.unknown()).nullable(),
    preferences: z.record(z.string(), z.unknown()).nullable(),
    gb: z.record(z.string(), z.unknown()).nullable(),
    accounting: z.record(z.string(), z.unknown()).nullable(),
    sepa_mandates: z.array(sepaMandateResponse),
    row_version: z.number().int(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Organization' });

export type OrganizationInput = z.input<typeof organizationInput>;
export type OrganizationPatch = z.input<typeof organizationPatch>;
export type Organization = z.infer<typeof organizationResponse>;
export type Worksite = z.infer<typeof worksiteResponse>;
export type WorksiteInput = z.input<typeof worksiteInput>;
export type WorksiteInsuranceDetails = z.infer<typeof worksiteInsuranceResponse>;
export type InsuranceLevelChoice = z.infer<typeof insuranceLevelChoiceResponse>;

export const worksitePage = pageEnvelope(worksiteResponse).meta({ id: 'WorksitePage' });
export const insuranceLevelChoicePage = pageEnvelope(insuranceLevelChoiceResponse).meta({ id: 'InsuranceLevelChoicePage' });
