import { z } from 'zod';
import { isoDate } from './common.js';

/**
 * RTI documents (issue 16 point 3; extension routes): the Full Payment Submission of a settled GB run and the
 * Employer Payment Summary of a tax month, each a complete GovTalk message with its IRmark, answered as XML bytes.
 * The query options say what the message is for; the figures come from the store.
 */

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false);

export const fpsQuery = z
  .object({
    /** GatewayTest 1: a Test-in-Live message (HMRC checks it and throws it away). */
    gateway_test: flag,
    /** The last FPS of the tax year (FinalSubmission/ForYear). */
    final_submission: flag,
    /** The PAYE scheme ceased on this date: the final submission because the scheme ceased. */
    scheme_ceased_on: isoDate.optional(),
  })
  .strict()
  .meta({ id: 'FpsQuery' });

export const epsQuery = z
  .object({
    tax_year: z.string({ error: 'is required: the tax year, e.g. 2025-26' }).regex(/^\d{4}-\d{2}$/, { error: 'must be a tax year such as 2025-26' }),
    month: z.union([z.number(), z.string().regex(/^\d+$/, { error: 'must be a tax month 1 to 12' }).transform(Number)]).pipe(z.number().int().min(1, { error: 'a tax month is 1 to 12' }).max(12, { error: 'a tax month is 1 to 12' })),
    gateway_test: flag,
    final_submission: flag,
    scheme_ceased_on: isoDate.optional(),
  })
  .strict()
  .meta({ id: 'EpsQuery' });

/** What an RTI route answers: the message bytes (binary route; the other fields travel in a header). */
export interface RtiDocument {
  bytes: Uint8Array;
  mime_type: 'application/xml';
  file_name: string;
  /** base64, as in the message's IRmark element. */
  irmark: string;
  /** base32, as HMRC's receipts quote it. */
  irmark_base32: string;
}
