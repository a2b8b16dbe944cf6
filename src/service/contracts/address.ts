import { z } from 'zod';
import { id } from './common.js';

/**
 * Address (spec "Resources › Address"). The request carries the free text and its German content
 * classification; the response adds the components parsed from the text.
 */
/** German address types (the spec's sample HAUSANSCHRIFT and its siblings in DEÜV/DSBD usage). */
export const DE_ADDRESS_TYPES = ['HAUSANSCHRIFT', 'POSTFACH', 'GROSSEMPFAENGER', 'LIEFERANSCHRIFT', 'RECHNUNGSANSCHRIFT'] as const;
/** British address types: an extension for GB organizations (docs/decisions.md D2). */
export const GB_ADDRESS_TYPES = ['REGISTERED_OFFICE', 'TRADING_ADDRESS', 'POSTAL_ADDRESS'] as const;
export const ADDRESS_TYPES = [...DE_ADDRESS_TYPES, ...GB_ADDRESS_TYPES] as const;

export const addressContentInput = z
  .object({
    country_code: z.enum(['DE', 'GB'], { error: 'must be DE (or GB for a British organization)' }),
    address_type: z.enum(ADDRESS_TYPES, { error: `must be one of ${ADDRESS_TYPES.join(', ')}` }),
  })
  .strict()
  .superRefine((value, ctx) => {
    const allowed: readonly string[] = value.country_code === 'DE' ? DE_ADDRESS_TYPES : GB_ADDRESS_TYPES;
    if (!allowed.includes(value.address_type)) {
      ctx.addIssue({ code: 'custom', path: ['address_type'], message: `must be one of ${allowed.join(', ')} for country_code ${value.country_code}`, params: { type: 'address_type_country' } });
    }
  });

export const addressInput = z
  .object({
    address: z.string().trim().min(3, { error: 'must hold the address text' }).max(500, { error: 'must be at most 500 characters' }),
    content: addressContentInput,
  })
  .strict()
  .meta({ id: 'AddressRequest' });

export const addressComponents = z.object({
  formatted_address: z.string(),
  street_number: z.string(),
  road: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
  postal_code_suffix: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

export const addressResponse = z
  .object({
    id,
    address: z.string(),
    components: addressComponents,
    content: z.object({ normalized_address: z.string(), country_code: z.string(), address_type: z.string() }),
  })
  .meta({ id: 'Address' });

export type AddressInput = z.infer<typeof addressInput>;
export type Address = z.infer<typeof addressResponse>;
