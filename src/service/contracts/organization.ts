import { z } from 'zod';
import { addressInput, addressResponse } from './address.js';
import { bankAccountInput, bankAccountResponse } from './bank-account.js';
import { countryCode, decimalString, id, isoDate, isoDateTime, nullableDate } from './common.js';
import { GB_EDITIONS, GB_TAX_YEARS } from '../../domain/gb/editions.js';
import { contactInput, contactResponse } from './contact.js';
import { sepaMandateResponse } from './sepa-mandate.js';
import { pageEnvelope } from './pagination.js';

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

// ---- GB employer settings (issue 16: the P32 view and the EPS) ----

/** The largest annual apprenticeship levy allowance of the registered tax years (a share cannot exceed it). */
const LEVY_ALLOWANCE_MAX = GB_TAX_YEARS.map((year) => GB_EDITIONS[year].statutoryPayments.apprenticeshipLevy.annualAllowance).reduce((a, b) => (a.gt(b) ? a : b));

/**
 * A British employer's settings for what it owes HMRC each tax month (extension block `gb` of the organization):
 * - `employment_allowance_claimed`: the employer claims the Employment Allowance (NICs Act 2014 s.1) against its
 *   secondary Class 1 NICs, from tax month `employment_allowance_from_month` (default 1);
 * - `small_employers_relief`: it qualifies for small employers' relief (Class 1 NICs of the last complete tax year at
 *   most the threshold): statutory payments are recovered in full plus compensation instead of 92 %;
 * - `levy_connected`: it is connected to other companies or charities for the apprenticeship levy (Finance Act 2016
 *   s.102) and `levy_allowance_share` is the part of the annual levy allowance it uses (required then; otherwise the
 *   whole allowance is its own).
 */
export const gbOrganizationSettings = z
  .object({
    employment_allowance_claimed: z.boolean({ error: 'must be true or false' }).default(false),
    employment_allowance_from_month: z.number().int({ error: 'must be a tax month 1 to 12' }).min(1, { error: 'must be a tax month 1 to 12' }).max(12, { error: 'must be a tax month 1 to 12' }).optional(),
    small_employers_relief: z.boolean({ error: 'must be true or false' }).default(false),
    levy_connected: z.boolean({ error: 'must be true or false' }).default(false),
    levy_allowance_share: decimalString.nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string, type: string): void => void ctx.addIssue({ code: 'custom', path: [path], message, params: { type } });
    if (value.employment_allowance_from_month !== undefined && !value.employment_allowance_claimed) issue('employment_allowance_from_month', 'is only for an employer that claims the Employment Allowance (employment_allowance_claimed true)', 'field_not_applicable');
    const share = value.levy_allowance_share ?? null;
    if (value.levy_connected && share === null) issue('levy_allowance_share', 'is required for a connected employer: the part of the annual apprenticeship levy allowance it uses (Finance Act 2016 s.102)', 'required');
    if (!value.levy_connected && share !== null) issue('levy_allowance_share', 'is only for an employer connected to others for the levy (levy_connected true); otherwise the whole allowance is its own', 'field_not_applicable');
    if (share !== null) {
      if (share.startsWith('-')) issue('levy_allowance_share', 'must not be negative', 'negative_amount');
      else if (/\.\d{3,}$/.test(share)) issue('levy_allowance_share', 'must be an amount in pounds and pence (at most 2 decimal places)', 'decimal_places');
      else if (LEVY_ALLOWANCE_MAX.lt(share)) issue('levy_allowance_share', `must not exceed the annual levy allowance ${LEVY_ALLOWANCE_MAX.toFixed(2)}`, 'too_big');
    }
  })
  .meta({ id: 'GbOrganizationSettings' });

export type GbOrganizationSettings = z.output<typeof gbOrganizationSettings>;

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
  gb: gbOrganizationSettings.nullable().optional().describe('GB organizations: Employment Allowance, small employers\' relief and apprenticeship levy connection (extension)'),
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
    if (value.country !== 'GB' && value.gb) ctx.addIssue({ code: 'custom', path: ['gb'], message: 'is for British organizations only', params: { type: 'country_mismatch' } });
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
    /** GB organizations: the employer settings (null when never set). */
    gb: z.record(z.string(), z.unknown()).nullable().optional(),
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
