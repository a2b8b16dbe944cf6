import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { isSortCode, isUkAccountNumber, normalizeSortCode } from '../../domain/identifiers/gb-bank-account.js';
import { id, isoDateTime } from './common.js';
import { pageEnvelope } from './pagination.js';

/** Bank account (spec "Resources › Bank account"), with every rule of its table plus checksum checks. */

const SWIFT_PATTERN = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}(:?[A-Z0-9]{3})?$/;

/** IBANs are accepted with spaces and in lower case (as printed on cards) and stored in electronic form. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export const bankAccountInput = z
  .object({
    financial_institution_name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(140, { error: 'must be at most 140 characters' }),
    account_number: z.string().trim().min(1).max(34, { error: 'must be at most 34 characters' }).nullable().optional(),
    routing_number: z
      .string()
      .length(9, { error: 'must be exactly 9 characters' })
      .regex(/^\d{9}$/, { error: 'must be 9 digits' })
      .nullable()
      .optional(),
    iban: z
      .string()
      .max(34, { error: 'must be at most 34 characters' })
      .transform(normalizeIban)
      .refine((value) => value.length <= 34, { error: 'must be at most 34 characters' })
      .refine((value) => isValidIBAN(value), { error: 'is not a valid IBAN (country format or check digits wrong)', params: { type: 'iban_checksum' } })
      .nullable()
      .optional(),
    swift_code: z
      .string()
      .min(8, { error: 'must be 8 to 11 characters' })
      .max(11, { error: 'must be 8 to 11 characters' })
      .regex(SWIFT_PATTERN, { error: 'must match [A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})? (upper case)' })
      .refine((value) => isValidBIC(value), { error: 'is not a valid BIC (unknown country code)', params: { type: 'bic_invalid' } })
      .nullable()
      .optional(),
    /** Extension (issue 15): UK sort code, 6 digits ("12-34-56" accepted), with an 8-digit UK account_number. */
    sort_code: z
      .string()
      .transform(normalizeSortCode)
      .refine(isSortCode, { error: 'must be a UK sort code of 6 digits, e.g. 12-34-56', params: { type: 'sort_code_format' } })
      .nullable()
      .optional(),
    account_details: z.record(z.string(), z.unknown()).nullable().optional(),
    is_active: z.boolean().default(true),
    is_primary: z.boolean().default(false),
  })
  .strict()
  .superRefine((value, ctx) => {
    // Payments need somewhere to go: an IBAN or a domestic account number.
    if (!value.iban && !value.account_number) {
      ctx.addIssue({ code: 'custom', path: ['iban'], message: 'give an iban or an account_number', params: { type: 'account_identifier_missing' } });
    }
    // A UK account is a sort code and an 8-digit account number (Bacs Standard 18 positions 1–14).
    if (value.sort_code && !(value.account_number && isUkAccountNumber(value.account_number))) {
      ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'must be the 8-digit UK account number that goes with sort_code', params: { type: 'uk_account_number_format' } });
    }
    // A BIC's country (characters 5–6) must match the IBAN's country.
    if (value.iban && value.swift_code && value.iban.slice(0, 2) !== value.swift_code.slice(4, 6)) {
      ctx.addIssue({ code: 'custom', path: ['swift_code'], message: `country ${value.swift_code.slice(4, 6)} of the BIC does not match country ${value.iban.slice(0, 2)} of the IBAN`, params: { type: 'bic_country_mismatch' } });
    }
  })
  .meta({ id: 'BankAccountRequest' });

export const bankAccountListInput = z
  .array(bankAccountInput)
  .min(1, { error: 'must hold at least one bank account' })
  .max(100, { error: 'must hold at most 100 bank accounts per request' })
  .superRefine((accounts, ctx) => {
    const primaries = accounts.filter((a) => a.is_primary).length;
    if (primaries > 1) ctx.addIssue({ code: 'custom', path: [], message: 'at most one account in a request may be primary', params: { type: 'multiple_primary' } });
  });

export const bankAccountResponse = z
  .object({
    id,
    financial_institution_name: z.string(),
    account_number: z.string().nullable(),
    routing_number: z.string().length(9).nullable(),
    iban: z.string().nullable(),
    swift_code: z.string().nullable(),
    sort_code: z.string().nullable(),
    account_details: z.record(z.string(), z.unknown()).nullable(),
    is_active: z.boolean(),
    is_primary: z.boolean(),
    employee_id: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'BankAccount' });

export type BankAccountInput = z.input<typeof bankAccountInput>;
export type BankAccount = z.infer<typeof bankAccountResponse>;

/** Endpoints 2 and 3 answer the created accounts in request order. */
export const bankAccountListResponse = z.array(bankAccountResponse).meta({ id: 'BankAccountList' });
export const bankAccountPage = pageEnvelope(bankAccountResponse).meta({ id: 'BankAccountPage' });
