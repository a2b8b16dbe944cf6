import { z } from 'zod';
import { id, isoDateTime, nullableDate } from './common.js';
import { pageEnvelope } from './pagination.js';

/**
 * SEPA mandate (spec "Resources › SEPA mandate"). The creditor identifier is checked as the EPC
 * defines it: country, two check digits (ISO 7064 MOD 97-10 over the national identifier, the
 * country and "00"; the 3-character business code is excluded), business code, national identifier.
 */
export function isValidCreditorId(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(compact);
  if (!match) return false;
  const [, country, check, , national] = match as unknown as [string, string, string, string, string];
  const digits = `${national}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return 98 - remainder === Number(check);
}

/** SEPA's Latin character set for references: letters, digits and / - ? : ( ) . , ' + space; 35 characters. */
const MANDATE_REFERENCE = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

const creditorId = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine(isValidCreditorId, { error: 'is not a valid SEPA creditor identifier (e.g. DE98ZZZ09999999999: country, check digits, business code, national id)', params: { type: 'creditor_id_invalid' } });

const mandateReference = z.string().regex(MANDATE_REFERENCE, { error: "must be 1–35 characters of A–Z a–z 0–9 / - ? : ( ) . , ' + and space" });

function checkWindow(value: { valid_from?: string | null | undefined; valid_to?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (value.valid_from && value.valid_to && value.valid_to < value.valid_from) {
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'must not be before valid_from', params: { type: 'date_order' } });
  }
}

export const sepaMandateInput = z
  .object({
    creditor_id: creditorId,
    bank_account_id: id,
    valid_from: nullableDate.optional(),
    valid_to: nullableDate.optional(),
    mandate_reference: mandateReference.nullable().optional(),
    is_recurring: z.boolean().default(true),
  })
  .strict()
  .superRefine(checkWindow)
  .meta({ id: 'SepaMandateRequest' });

export const sepaMandatePatch = z
  .object({
    valid_from: nullableDate.optional(),
    valid_to: nullableDate.optional(),
    mandate_reference: mandateReference.nullable().optional(),
    creditor_id: creditorId.nullable().optional(),
    bank_account_id: id.optional(),
    is_recurring: z.boolean().nullable().optional(),
  })
  .strict()
  .superRefine(checkWindow)
  .meta({ id: 'SepaMandatePatch' });

export const sepaMandateResponse = z
  .object({
    id,
    creditor_id: z.string(),
    bank_account_id: z.string(),
    is_recurring: z.boolean(),
    created_by: z.string(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    mandate_reference: z.string().nullable(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'SepaMandate' });

export type SepaMandateInput = z.input<typeof sepaMandateInput>;
export type SepaMandate = z.infer<typeof sepaMandateResponse>;

export const sepaMandatePage = pageEnvelope(sepaMandateResponse).meta({ id: 'SepaMandatePage' });
