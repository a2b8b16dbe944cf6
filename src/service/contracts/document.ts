import { z } from 'zod';
import { id, isoDate, isoDateTime } from './common.js';
import { cursorEnvelope } from './pagination.js';

/**
 * Document (spec "Resources › Document", endpoints 13 and 14). The bytes live in the object store
 * (service/object-store.ts) under object_store_bucket / object_store_path; the record carries the
 * metadata and the status (lifecycle: docs/decisions.md C8).
 */

import { DOCUMENT_TYPES } from './choices.js';

export { DOCUMENT_TYPES };
export const DOCUMENT_STATUSES = ['active', 'archived', 'deleted', 'pending_upload'] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Image types a logo may have: they print on payslips and letters (decision C11). */
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/** RFC 6838 type/subtype (parameters such as "; charset=utf-8" allowed), lower-cased on input. */
// A quoted parameter value holds only what an HTTP header may carry (RFC 9110 §5.6.4 qdtext: tab, space and visible
// characters but `"` and `\`): the media type is sent back as the download's Content-Type, and a control character
// there could not be sent at all (found by the property-based API test). For the same reason the space around `;` is
// HTTP's optional whitespace (space and tab), not any \s (which admits line breaks and Unicode spaces).
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}([ \t]*;[ \t]*[a-z0-9!#$&^_.+-]+=("[\t\x20\x21\x23-\x5b\x5d-\x7e]*"|[a-z0-9!#$&^_.+-]+))*$/;

const documentType = z.enum(DOCUMENT_TYPES, { error: `must be one of ${DOCUMENT_TYPES.join(', ')}` });

export const documentInput = z
  .object({
    document_type: documentType,
    document_name: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(255, { error: 'must be at most 255 characters' })
      // Names end up in download file names and Content-Disposition headers.
      .refine((v) => !/[\u0000-\u001f\u007f/\\]/.test(v), { error: 'must not contain control characters or slashes', params: { type: 'document_name_invalid' } }),
    mime_type: z
      .string({ error: 'is required' })
      .trim()
      .toLowerCase()
      .max(255)
      .refine((v) => MIME_TYPE.test(v), { error: 'must be a media type such as application/pdf or image/png', params: { type: 'mime_type_invalid' } })
      // MIME_TYPE as the sender may write it (any case; trimmed before the check).
      .meta({ pattern: `^[ \\t]*${MIME_TYPE.source.slice(1, -1).replace(/a-z/g, 'A-Za-z')}[ \\t]*$` }),
    employee_id: id.nullable().optional(),
    document_date: isoDate.nullable().optional(),
    template_id: z.number().int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' }).nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.document_type === 'org_logo') {
      if (value.employee_id) ctx.addIssue({ code: 'custom', path: ['employee_id'], message: 'must be empty for an org_logo: the logo belongs to the organization', params: { type: 'logo_employee' } });
      const base = value.mime_type.split(';')[0]?.trim() ?? '';
      if (!(LOGO_MIME_TYPES as readonly string[]).includes(base)) {
        ctx.addIssue({ code: 'custom', path: ['mime_type'], message: `an org_logo must be ${LOGO_MIME_TYPES.join(', ')}`, params: { type: 'mime_type_not_allowed' } });
      }
    }
  })
  .meta({ id: 'DocumentRequest' });

export const documentResponse = z
  .object({
    id,
    employee_id: z.string().nullable(),
    org_id: z.string(),
    document_type: documentType,
    document_name: z.string(),
    object_store_bucket: z.string(),
    object_store_path: z.string(),
    mime_type: z.string(),
    status: z.enum(DOCUMENT_STATUSES),
    created_at: isoDateTime,
    file_size_bytes: z.number().int().nullable(),
    document_date: z.string().nullable(),
    template_id: z.number().int().nullable(),
    created_by: z.string().nullable(),
    updated_at: isoDateTime.nullable(),
    /** Extension: hex SHA-256 of the uploaded bytes (null until uploaded), so a download can be checked. */
    sha256: z.string().nullable(),
  })
  .meta({ id: 'Document' });

export const documentCursorPage = cursorEnvelope(documentResponse).meta({ id: 'DocumentPage' });

export const logoConfirmInput = z
  .object({ document_id: id })
  .strict()
  .meta({ id: 'LogoConfirmRequest' });

/** Filters of endpoint 13 and of the organization-wide list (decision C10); paging fields are read by parseCursorQuery. */
export const documentListFilters = z
  .object({
    document_type: z.string().optional(),
    status: z.string().optional(),
    employee_id: z.string().optional(),
    size: z.unknown().optional(),
    cursor: z.unknown().optional(),
    sort_order: z.unknown().optional(),
  })
  .strict();

/** What a download answers: the bytes and what a file needs (binaryResponse route; the other fields travel in a header). */
export interface DocumentContent {
  document_id: string;
  document_name: string;
  mime_type: string;
  sha256: string | null;
  bytes: Uint8Array;
}

export type DocumentInput = z.input<typeof documentInput>;
export type Document = z.infer<typeof documentResponse>;
