import { z } from 'zod';
import { addressInput, addressResponse } from './address.js';
import { bankAccountInput, bankAccountResponse } from './bank-account.js';
import { countryCode, decimalString, id, isoDate, isoDateTime, nullableDate } from './common.js';
import { contactInput, contactResponse } from './contact.js';
import { sepaMandateResponse } from './sepa-mandate.js';
import { pageEnvelope } from './pagination.js';
import { EMBEDDED_LIMIT } from './embedded-limit.js';
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
    // The pattern documents both notations (DE Steuernummer: 10–13 digits, a space or slash between them; GB PAYE
    // reference 123/AB45678); which one applies follows from country (checked below).
    tax_number: z.string().trim().min(1).max(20).meta({ pattern: '^(?:(?:[0-9][ /]?){9,12}[0-9]|[0-9]{3}/[A-Z0-9]{1,10})$' }),
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


// ---- GB employer settings for RTI and the P32 (issue 16 point 3) ----

/**
 * The check of a ten-digit Unique Taxpayer Reference (SA UTR or Corporation Tax reference): HMRC's RTI rule 7882
 * ("must be valid against the UTR algorithm", FPS/EPS Schematron): weights 6 7 8 9 10 5 4 3 2 on digits 2–10,
 * 11 − (sum mod 11), less 9 when above 9, is the first digit.
 */
export function isValidUtr(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const weights = [6, 7, 8, 9, 10, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i + 1]), 0);
  let check = 11 - (sum % 11);
  if (check > 9) check -= 9;
  return Number(value[0]) === check;
}

const utr = (what: string) =>
  z.string().trim().refine(isValidUtr, { error: `must be a ten-digit ${what} whose first digit is its check digit (HMRC's UTR algorithm)`, params: { type: 'utr_checksum' } });

const gbTaxYear = z.string().regex(/^\d{4}-\d{2}$/, { error: 'must be a tax year such as 2025-26' }).refine((v) => Number(v.slice(5, 7)) === (Number(v.slice(0, 4)) + 1) % 100, { error: 'must be a tax year such as 2025-26 (consecutive years)' });
const taxMonth = z.number().int({ error: 'must be a whole tax month' }).min(1, { error: 'a tax month is 1 to 12' }).max(12, { error: 'a tax month is 1 to 12' });

export const RTI_SENDERS = ['Employer', 'Company', 'Agent', 'Bureau', 'Partnership', 'Trust', 'Individual', 'Government', 'Acting in Capacity', 'Other'] as const;
export const STATE_AID_SECTORS = ['agriculture', 'fisheries_aquaculture', 'road_transport', 'industrial', 'not_applicable'] as const;

/** Per tax year, so that a later year's choice never rewrites what an earlier year's EPS said. */
const yearly = <T extends z.ZodRawShape>(shape: T, what: string) =>
  z
    .array(z.object({ tax_year: gbTaxYear, ...shape }).strict())
    .max(50)
    .default([])
    .refine((rows) => new Set(rows.map((r) => (r as { tax_year: string }).tax_year)).size === rows.length, { error: `one ${what} per tax year`, params: { type: 'duplicate_tax_year' } });

export const gbEmployerInput = z
  .object({
    /** Accounts Office reference from HMRC's letter (RTI data item 3), e.g. 123PA00045678. */
    accounts_office_reference: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^\d{3}P[A-Z]\d{7}[\dX]$/, { error: 'must be an Accounts Office reference: 3 digits, P, a letter, 7 digits and a digit or X (e.g. 123PA00045678)' })
      .nullable()
      .optional(),
    /** Self Assessment UTR (sole traders, partnerships); the FPS carries it only without a Corporation Tax reference. */
    sa_utr: utr('Self Assessment UTR').nullable().optional(),
    /** Corporation Tax UTR (companies). */
    corporation_tax_reference: utr('Corporation Tax reference').nullable().optional(),
    /** Who sends (IRheader Sender); an employer filing its own returns is "Employer". */
    rti_sender: z.enum(RTI_SENDERS, { error: `must be one of ${RTI_SENDERS.join(', ')}` }).default('Employer'),
    /** Employment Allowance claimed for a tax year from a tax month (NICs Act 2014 s.1; EPS EmpAllceInd). */
    employment_allowance_claims: yearly(
      {
        from_month: taxMonth.default(1),
        /** 2025-26 EPS: the de minimis State aid sector a claim names (rule 7940); not asked from 2026-27. */
        state_aid_sector: z.enum(STATE_AID_SECTORS, { error: `must be one of ${STATE_AID_SECTORS.join(', ')}` }).nullable().optional(),
      },
      'Employment Allowance claim',
    ),
    /** Tax years in which the employer qualifies for small employers' relief (recovery of SMP etc. at 108.5 %). */
    small_employers_relief_years: z.array(gbTaxYear).max(50).default([]),
    /** The employer's share of the Apprenticeship Levy allowance when connected employers split it (ALM09200). */
    levy_allowance_shares: yearly({ annual_allowance: decimalString.refine((v) => !v.startsWith('-'), { error: 'must not be negative' }) }, 'levy allowance share'),
    /** Bacs service user number (SUN) the payment files are submitted under (issue 15). */
    bacs_service_user_number: z.string().regex(/^\d{6}$/, { error: 'must be the 6-digit Bacs service user number (SUN)' }).nullable().optional(),
    /** The organization's own bank account the Bacs file pays from (issue 15). */
    bacs_originating_account_id: id.nullable().optional(),
  })
  .strict()
  .meta({ id: 'GbEmployerSettings' });

export type GbEmployerSettings = z.output<typeof gbEmployerInput>;

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
  /** GB employers: RTI references and the P32 settings (extension). */
  gb: gbEmployerInput.nullable().optional(),
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

export { EMBEDDED_LIMIT };

const embeddedCollection = z.object({
  has_more: z.boolean().describe(`true when the collection holds more than the ${EMBEDDED_LIMIT} embedded records`),
  list: z.string().describe('the paginated list endpoint that has every record (relative to the base URL)'),
});

const embeddedCollections = z
  .object({
    limit: z.number().int().describe('the most records embedded per collection'),
    work_sites: embeddedCollection,
    work_site_contacts: embeddedCollection.describe('true when any embedded work site has more contacts than the limit'),
    bank_accounts: embeddedCollection,
    contacts: embeddedCollection,
    sepa_mandates: embeddedCollection,
  })
  .meta({ id: 'OrganizationEmbedded', description: `Extension (issue 20 F6): each embedded collection holds at most ${EMBEDDED_LIMIT} records, the first by id; has_more says whether the list endpoint has more.` });

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
    gb: gbEmployerInput.nullable(),
    accounting: z.record(z.string(), z.unknown()).nullable(),
    sepa_mandates: z.array(sepaMandateResponse),
    embedded: embeddedCollections,
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
