import { z } from 'zod';

/**
 * What an approved run produces besides its figures (issue 15): payslip PDFs, payment files and the accounting
 * journal. Each answer is a file (binaryResponse route): the bytes, their name and media type, and the document
 * that holds them when the service stores it.
 */

import { JOURNAL_DETAILS, JOURNAL_FORMATS, PAYMENT_FORMATS } from './choices.js';

export { JOURNAL_DETAILS, JOURNAL_FORMATS, PAYMENT_FORMATS };
export type PaymentFormat = (typeof PAYMENT_FORMATS)[number];

export const paymentFileInput = z
  .object({
    format: z.enum(PAYMENT_FORMATS, { error: `must be one of ${PAYMENT_FORMATS.join(', ')}` }),
  })
  .strict()
  .meta({ id: 'PaymentFileRequest' });


export const journalQuery = z
  .object({
    format: z.enum(JOURNAL_FORMATS, { error: `must be one of ${JOURNAL_FORMATS.join(', ')}` }).default('csv'),
    detail: z.enum(JOURNAL_DETAILS, { error: `must be one of ${JOURNAL_DETAILS.join(', ')}` }).default('summary'),
  })
  .strict();

/** A generated file: the bytes travel as the body; the other fields in the Payroll-Binary-Fields header. */
export interface GeneratedFile {
  /** The stored document holding these bytes, or null when the file is not stored (the journal). */
  document_id: string | null;
  file_name: string;
  mime_type: string;
  sha256: string;
  bytes: Uint8Array;
}
