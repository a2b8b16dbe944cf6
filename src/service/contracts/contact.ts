import { z } from 'zod';
import { email, id, isoDateTime } from './common.js';
import { pageEnvelope } from './pagination.js';

/**
 * Contact (spec "Resources › Contact"). The spec leaves required fields and role values open
 * (docs/decisions.md D3): `name` is required, `email` and `phone` optional but checked, and
 * roles come from a fixed list so reports and permissions can rely on them.
 */
export const CONTACT_ROLES = ['primary', 'payroll', 'hr', 'finance', 'accounting', 'billing', 'signatory', 'technical', 'data_protection'] as const;

/** E.164-style numbers as people write them: leading +, digits, spaces, dashes, parentheses; 7–15 digits. */
const PHONE_PATTERN = /^\+?[0-9 ()\-/]{6,24}$/;

export const phoneInput = z
  .object({
    phone_number: z
      .string()
      .trim()
      .regex(PHONE_PATTERN, { error: 'must be a phone number such as +49 30 1234567' })
      .refine((value) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= 7 && digits <= 15;
      }, { error: 'must have 7 to 15 digits', params: { type: 'phone_digits' } }),
  })
  .strict();

const roleList = z
  .array(z.enum(CONTACT_ROLES, { error: `must be one of ${CONTACT_ROLES.join(', ')}` }))
  .max(CONTACT_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { error: 'must not repeat a role', params: { type: 'duplicate_role' } })
  .meta({ uniqueItems: true });

export const contactInput = z
  .object({
    name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'must be at most 200 characters' }),
    email: email.nullable().optional(),
    phone: phoneInput.nullable().optional(),
    roles: roleList.default([]),
  })
  .strict()
  .meta({ id: 'ContactRequest' });

/** PATCH /contacts/{id} (endpoint 5): any subset of the create fields; null clears an optional field. */
export const contactPatch = z
  .object({
    name: contactInput.shape.name.optional(),
    email: email.nullable().optional(),
    phone: phoneInput.nullable().optional(),
    // No default here: zod 4 applies defaults inside optional(), which would reset the roles on every PATCH.
    roles: roleList.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'give at least one field to change', params: { type: 'empty_patch' } })
  .meta({ id: 'ContactPatch' });

/** The most records one bulk request may carry (spec: "not shown"; docs/decisions.md D4). */
import { BULK_MAX_ITEMS } from './choices.js';

export { BULK_MAX_ITEMS };

export const contactListInput = z
  .array(z.unknown())
  .min(1, { error: 'must hold at least one contact' })
  .max(BULK_MAX_ITEMS, { error: `must hold at most ${BULK_MAX_ITEMS} contacts per request` });

export const contactResponse = z
  .object({
    id,
    name: z.string(),
    email: z.string().nullable(),
    phone: z.object({ phone_number: z.string() }).nullable(),
    roles: z.array(z.string()),
    org_id: z.string(),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  })
  .meta({ id: 'Contact' });

export const bulkErrorEntry = z.object({
  input_index: z.number().int(),
  errors: z.array(z.object({ message: z.string(), field: z.string(), params: z.record(z.string(), z.unknown()) })),
});

export const contactBulkResponse = z
  .object({
    total: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    unprocessed: z.number().int(),
    data: z.array(contactResponse),
    errors: z.array(bulkErrorEntry),
  })
  .meta({ id: 'ContactBulkResult' });

export type ContactInput = z.input<typeof contactInput>;
export type Contact = z.infer<typeof contactResponse>;
export type ContactBulkResult = z.infer<typeof contactBulkResponse>;

export const contactPage = pageEnvelope(contactResponse).meta({ id: 'ContactPage' });
