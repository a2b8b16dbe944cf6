import { conflict, DomainError, notFound } from '../../domain/errors.js';
import type { Document, DocumentStatus, DocumentType } from '../contracts/document.js';
import type { DocumentTable } from '../../store/schema.js';
import type { Db } from '../context.js';
import { svgProblem } from './svg-check.js';
import { findDocument, moveDocumentStatus } from '../../store/repositories/documents.js';

/**
 * Document rows in the spec's Document shape, the status table (decision C8) and the checks an
 * upload's bytes must pass (decision C11).
 */

export function toDocument(row: DocumentTable): Document {
  return {
    id: row.id,
    employee_id: row.employee_id,
    org_id: row.org_id,
    document_type: row.document_type as DocumentType,
    document_name: row.document_name,
    object_store_bucket: row.object_store_bucket,
    object_store_path: row.object_store_path,
    mime_type: row.mime_type,
    status: row.status as DocumentStatus,
    created_at: row.created_at,
    file_size_bytes: row.file_size_bytes === null ? null : Number(row.file_size_bytes),
    document_date: row.document_date,
    template_id: row.template_id,
    created_by: row.created_by,
    updated_at: row.updated_at,
    sha256: row.sha256,
  };
}

export { findDocument };

/** Another organization's document is a 404 exactly like a missing one. */
export async function requireDocument(db: Db, orgId: string, documentId: string): Promise<DocumentTable> {
  const row = await findDocument(db, orgId, documentId);
  if (!row) throw notFound('document', documentId, 'DOCUMENT.NOT_FOUND');
  return row;
}

// ---- status transitions (decision C8) ----

export type DocumentAction = 'upload' | 'archive' | 'restore' | 'delete';

/** The only moves there are; anything else is a 409 naming the current status. `deleted` is terminal. */
export const DOCUMENT_TRANSITIONS: Readonly<Record<DocumentAction, { from: readonly DocumentStatus[]; to: DocumentStatus }>> = {
  upload: { from: ['pending_upload'], to: 'active' },
  archive: { from: ['active'], to: 'archived' },
  restore: { from: ['archived'], to: 'active' },
  delete: { from: ['pending_upload', 'active', 'archived'], to: 'deleted' },
};

const VERB: Readonly<Record<DocumentAction, string>> = { upload: 'upload content to', archive: 'archive', restore: 'restore', delete: 'delete' };

export function transitionRefused(documentId: string, status: string, action: DocumentAction): DomainError {
  const { from } = DOCUMENT_TRANSITIONS[action];
  const hint =
    status === 'deleted'
      ? 'a deleted document is final; create a new document instead'
      : action === 'upload'
        ? 'content is uploaded once; create a new document for a new file'
        : `only a document that is ${from.join(' or ')} can be ${action === 'restore' ? 'restored' : `${action}d`}`;
  return conflict('DOCUMENT.INVALID_TRANSITION', `cannot ${VERB[action]} document ${documentId}: it is ${status}; ${hint}`, { current_status: status, allowed_from: [...from] });
}

/**
 * Moves the document's status with one guarded UPDATE (status IN allowed-from), so two concurrent
 * clerks cannot both make the same move; the loser gets the 409 with the status the winner left.
 */
export async function moveStatus(db: Db, orgId: string, documentId: string, action: DocumentAction, now: string, extra: Partial<DocumentTable> = {}): Promise<void> {
  const { from, to } = DOCUMENT_TRANSITIONS[action];
  if (await moveDocumentStatus(db, orgId, documentId, from, to, now, extra)) return;
  const row = await requireDocument(db, orgId, documentId);
  throw transitionRefused(documentId, row.status, action);
}

// ---- content checks (decision C11; SVG: the allow-list of svg-check.ts) ----

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}


/** Why the bytes do not match the declared type, or null when they do (only types we can recognise are checked). */
export function contentMismatch(mimeType: string, bytes: Uint8Array): string | null {
  const base = mimeType.split(';')[0]?.trim() ?? '';
  switch (base) {
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ? null : 'is not a PNG image although mime_type says image/png';
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]) ? null : 'is not a JPEG image although mime_type says image/jpeg';
    case 'application/pdf':
      return startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]) ? null : 'is not a PDF although mime_type says application/pdf';
    case 'image/svg+xml': {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
      } catch {
        return 'is not an SVG image although mime_type says image/svg+xml (not UTF-8 text)';
      }
      // An allow-list parse, not a pattern search: see svg-check.ts.
      return svgProblem(text);
    }
    default:
      return null;
  }
}
