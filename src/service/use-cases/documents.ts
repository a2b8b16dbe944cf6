import { createHash } from 'node:crypto';
import { conflict, DomainError, fieldError, type FieldIssue, validationError } from '../../domain/errors.js';
import { type Document, type DocumentContent, DOCUMENT_STATUSES, DOCUMENT_TYPES, documentInput, LOGO_MIME_TYPES, logoConfirmInput } from '../contracts/document.js';
import { preferencesInput } from '../contracts/organization.js';
import { type CursorPage, parseCursorQuery } from '../contracts/pagination.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, inTransaction, nowIso, parseJson, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { cursorPaginate } from '../paging.js';
import { completeRender, completeRenders } from '../outputs/deferred-payslips.js';
import { lockOrganization } from '../records/org-lock.js';
import { contentMismatch, MAX_DOCUMENT_BYTES, MAX_LOGO_BYTES, moveStatus, requireDocument, toDocument, transitionRefused } from '../records/documents.js';
import type { DocumentTable } from '../../store/schema.js';
import * as repo from '../../store/repositories/documents.js';

export interface DocumentUseCases {
  /** Extension: registers a document (status pending_upload); its bytes follow with uploadDocumentContent. */
  createDocument(orgId: string, body: unknown): Promise<Document>;
  /** Extension: the file's bytes (raw request body); pending_upload → active with file_size_bytes and sha256. */
  uploadDocumentContent(orgId: string, documentId: string, bytes: Uint8Array): Promise<Document>;
  getDocument(orgId: string, documentId: string): Promise<Document>;
  /**
   * The bytes of an active or archived document, checked against their SHA-256, with the name and media
   * type a download needs (over HTTP: the body, Content-Type and Content-Disposition; decision C13).
   */
  getDocumentContent(orgId: string, documentId: string): Promise<DocumentContent>;
  /** Endpoint 13. Query: document_type, status (default active; comma lists allowed), size 1–100, cursor, sort_order. */
  listEmployeeDocuments(orgId: string, employeeId: string, query: Record<string, unknown>): Promise<CursorPage<Document>>;
  /** Extension: every document of the organization; the same query plus employee_id. */
  listOrganizationDocuments(orgId: string, query: Record<string, unknown>): Promise<CursorPage<Document>>;
  /** active → archived. */
  archiveDocument(orgId: string, documentId: string): Promise<Document>;
  /** archived → active. */
  restoreDocument(orgId: string, documentId: string): Promise<Document>;
  /** pending_upload | active | archived → deleted (final; the bytes are removed). */
  deleteDocument(orgId: string, documentId: string): Promise<Document>;
  /** Endpoint 14: makes an active org_logo image the organization's logo (preferences.logo_id). */
  confirmLogo(orgId: string, body: unknown): Promise<Document>;
}

interface DocumentFilters {
  types: string[];
  statuses: string[];
  employeeId: string | null;
}

/** One value or a comma-separated list, each from `allowed`; errors name the query parameter (decision C10). */
function enumList(raw: unknown, field: string, allowed: readonly string[], fallback: string[], issues: FieldIssue[]): string[] {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const values = (Array.isArray(raw) ? raw.map(String) : String(raw).split(',')).map((v) => v.trim()).filter((v) => v !== '');
  const bad = values.filter((v) => !allowed.includes(v));
  if (bad.length > 0) issues.push({ loc: ['query', field], msg: `${bad.map((b) => `"${b}"`).join(', ')} is not one of ${allowed.join(', ')}`, type: 'enum' });
  return [...new Set(values)];
}

function parseFilters(query: Record<string, unknown>, allowEmployee: boolean): DocumentFilters {
  // A parameter the list does not take is refused before this, for every route alike (decision H31, query-rule.ts).
  const issues: FieldIssue[] = [];
  const types = enumList(query.document_type, 'document_type', DOCUMENT_TYPES, [], issues);
  const statuses = enumList(query.status, 'status', DOCUMENT_STATUSES, ['active'], issues);
  if (issues.length > 0) throw validationError(issues);
  const employeeId = allowEmployee && typeof query.employee_id === 'string' && query.employee_id !== '' ? query.employee_id : null;
  return { types, statuses, employeeId };
}

function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function documentUseCases(ctx: ServiceContext): DocumentUseCases {
  // A payslip recorded by an approval has its bytes rendered when first read (decision RENDER1): every read below
  // completes it first, so a document is never shown active without its size and SHA-256.
  async function read(orgId: string, documentId: string): Promise<Document> {
    return toDocument(await completeRender(ctx, await requireDocument(ctx.store.db, orgId, documentId)));
  }

  async function list(orgId: string, query: Record<string, unknown>, filters: DocumentFilters): Promise<CursorPage<Document>> {
    const cursorQuery = parseCursorQuery(query);
    const page = await cursorPaginate<DocumentTable, DocumentTable>(() => repo.documentsQuery(ctx.store.db, orgId, filters), 'id', cursorQuery, (row) => row);
    return { ...page, items: (await completeRenders(ctx, page.items)).map(toDocument) };
  }

  /** Archiving or deleting the current logo leaves the organization without one: a payslip must never point at a retired file. */
  async function releaseLogo(trx: Db, orgId: string, documentId: string, now: string): Promise<void> {
    // Read-then-write of the organization row: serialize with other writers of it (no lost update).
    await lockOrganization(ctx, trx, orgId);
    const org = await requireOrg(ctx, trx, orgId);
    const preferences = parseJson<Record<string, unknown>>(org.preferences_json);
    if (preferences?.logo_id !== documentId) return;
    await repo.writeOrganizationPreferences(trx, orgId, JSON.stringify({ ...preferences, logo_id: null }), org.row_version + 1, now);
  }

  /**
   * After a failed upload transaction: the bytes are removed when the document is still
   * pending_upload (it rolled back). When that cannot be read (the connection is gone, and a commit
   * may have succeeded unseen) the file stays: an orphan file is harmless and the next upload
   * overwrites it, while removing the file of an active document would lose it.
   */
  async function removeUnclaimedContent(orgId: string, documentId: string, path: string): Promise<void> {
    try {
      await inTransaction(ctx, async (trx) => {
        // Under the row's lock, as an upload claims it: a concurrent upload that has written the
        // same path is either committed (active: nothing to remove) or waits until we are done.
        if (await repo.lockPendingUpload(trx, orgId, documentId)) await ctx.objects.remove(path);
      });
    } catch {
      // Keep the file (see above); the upload's own error is the one to report.
    }
  }

  async function transition(orgId: string, documentId: string, action: 'archive' | 'restore' | 'delete'): Promise<Document> {
    requireScope(ctx, 'payroll:write');
    const row = await inTransaction(ctx, async (trx) => {
      await requireOrg(ctx, trx, orgId);
      const now = nowIso(ctx);
      await moveStatus(trx, orgId, documentId, action, now);
      if (action !== 'restore') await releaseLogo(trx, orgId, documentId, now);
      const moved = await requireDocument(trx, orgId, documentId);
      await audit(ctx, trx, { orgId, resourceType: 'document', resourceId: documentId, action, after: { status: moved.status } });
      return moved;
    });
    // After the commit: were the removal inside the transaction and the commit failed, an active record would lose its file.
    if (action === 'delete') {
      await ctx.objects.remove(row.object_store_path);
      return toDocument(row);
    }
    return toDocument(await completeRender(ctx, row));
  }

  return {
    async createDocument(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(documentInput, body);
      const row = await inTransaction(ctx, async (trx) => {
        await requireOrg(ctx, trx, orgId);
        if (input.employee_id) {
          if (!(await repo.employeeExists(trx, orgId, input.employee_id))) throw fieldError(['body', 'employee_id'], `employee ${input.employee_id} was not found in this organization`, 'not_found');
        }
        const id = uuidv7();
        const record: DocumentTable = {
          id,
          org_id: orgId,
          employee_id: input.employee_id ?? null,
          document_type: input.document_type,
          document_name: input.document_name,
          object_store_bucket: ctx.objects.bucket,
          // Ids only: names may hold any character and could collide; the path never changes once given out.
          object_store_path: `organizations/${orgId}/documents/${id}`,
          mime_type: input.mime_type,
          status: 'pending_upload',
          file_size_bytes: null,
          sha256: null,
          document_date: input.document_date ?? null,
          template_id: input.template_id ?? null,
          created_by: ctx.actor.subject,
          created_at: nowIso(ctx),
          updated_at: null,
        };
        await repo.insertDocument(trx, record);
        await audit(ctx, trx, { orgId, resourceType: 'document', resourceId: id, action: 'create', detail: { document_type: record.document_type } });
        return record;
      });
      return toDocument(row);
    },

    async uploadDocumentContent(orgId, documentId, bytes) {
      requireScope(ctx, 'payroll:write');
      if (!(bytes instanceof Uint8Array)) throw fieldError(['body'], 'must be the file’s bytes', 'bytes_expected');
      await requireOrg(ctx, ctx.store.db, orgId);
      const document = await requireDocument(ctx.store.db, orgId, documentId);
      if (document.status !== 'pending_upload') throw transitionRefused(documentId, document.status, 'upload');
      const limit = document.document_type === 'org_logo' ? MAX_LOGO_BYTES : MAX_DOCUMENT_BYTES;
      if (bytes.byteLength === 0) throw validationError([{ loc: ['body'], msg: 'the file is empty', type: 'file_empty' }], 'DOCUMENT.EMPTY');
      if (bytes.byteLength > limit) {
        throw validationError([{ loc: ['body'], msg: `the file has ${bytes.byteLength} bytes; ${document.document_type === 'org_logo' ? 'a logo' : 'a document'} may have at most ${limit} (${limit / 1024 / 1024} MiB)`, type: 'body_too_large' }], 'DOCUMENT.TOO_LARGE');
      }
      const mismatch = contentMismatch(document.mime_type, bytes);
      if (mismatch) throw validationError([{ loc: ['body'], msg: `the file ${mismatch}`, type: 'content_mismatch' }], 'DOCUMENT.CONTENT_MISMATCH');
      let wrote = false;
      let row: DocumentTable;
      try {
        row = await inTransaction(ctx, async (trx) => {
          const now = nowIso(ctx);
          // Claim the row first: on Postgres this UPDATE holds the row lock, so a concurrent upload waits and then finds it active.
          if (!(await repo.claimPendingUpload(trx, orgId, documentId, now))) throw transitionRefused(documentId, (await requireDocument(trx, orgId, documentId)).status, 'upload');
          // The bytes land before the commit that makes the document active: an interrupted upload can
          // leave a file without an active record (removed below), never an active record without its file.
          wrote = true;
          const stored = await ctx.objects.put(document.object_store_path, bytes);
          await moveStatus(trx, orgId, documentId, 'upload', now, { file_size_bytes: stored.size, sha256: stored.sha256 });
          await audit(ctx, trx, { orgId, resourceType: 'document', resourceId: documentId, action: 'upload', detail: { file_size_bytes: stored.size, sha256: stored.sha256 } });
          return requireDocument(trx, orgId, documentId);
        });
      } catch (error) {
        if (wrote) await removeUnclaimedContent(orgId, documentId, document.object_store_path);
        throw error;
      }
      return toDocument(row);
    },

    async getDocument(orgId, documentId) {
      requireScope(ctx, 'payroll:read');
      await requireOrg(ctx, ctx.store.db, orgId);
      return read(orgId, documentId);
    },

    async getDocumentContent(orgId, documentId) {
      requireScope(ctx, 'payroll:read');
      await requireOrg(ctx, ctx.store.db, orgId);
      const row = await completeRender(ctx, await requireDocument(ctx.store.db, orgId, documentId));
      if (row.status === 'pending_upload') throw conflict('DOCUMENT.NO_CONTENT', `document ${documentId} is pending_upload: its content has not been uploaded yet`, { current_status: row.status });
      if (row.status === 'deleted') throw conflict('DOCUMENT.NO_CONTENT', `document ${documentId} is deleted: its content was removed`, { current_status: row.status });
      let bytes: Uint8Array;
      try {
        bytes = await ctx.objects.get(row.object_store_path);
      } catch (error) {
        throw new DomainError('internal', 'DOCUMENT.CONTENT_MISSING', `the content of document ${documentId} is missing from the object store (${(error as NodeJS.ErrnoException).code ?? 'read failed'})`);
      }
      if (row.sha256 !== null && sha256Of(bytes) !== row.sha256) {
        throw new DomainError('internal', 'DOCUMENT.CONTENT_CORRUPT', `the stored content of document ${documentId} does not match its SHA-256; restore it from a backup`);
      }
      return { document_id: row.id, document_name: row.document_name, mime_type: row.mime_type, sha256: row.sha256, bytes };
    },

    async listEmployeeDocuments(orgId, employeeId, query) {
      requireScope(ctx, 'payroll:read');
      const filters = parseFilters(query, false);
      await requireOrg(ctx, ctx.store.db, orgId);
      if (!(await repo.employeeExists(ctx.store.db, orgId, employeeId))) throw new DomainError('not_found', 'EMPLOYEE.NOT_FOUND', `employee ${employeeId} was not found`, { details: { id: employeeId } });
      return list(orgId, query, { ...filters, employeeId });
    },

    async listOrganizationDocuments(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const filters = parseFilters(query, true);
      await requireOrg(ctx, ctx.store.db, orgId);
      return list(orgId, query, filters);
    },

    archiveDocument: (orgId, documentId) => transition(orgId, documentId, 'archive'),
    restoreDocument: (orgId, documentId) => transition(orgId, documentId, 'restore'),
    deleteDocument: (orgId, documentId) => transition(orgId, documentId, 'delete'),

    async confirmLogo(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(logoConfirmInput, body);
      const row = await inTransaction(ctx, async (trx) => {
        await lockOrganization(ctx, trx, orgId);
        const org = await requireOrg(ctx, trx, orgId);
        const document = await repo.findDocument(trx, orgId, input.document_id);
        const loc = ['body', 'document_id'];
        if (!document) throw fieldError(loc, `document ${input.document_id} was not found in this organization; upload the logo first (document_type org_logo)`, 'not_found');
        if (document.document_type !== 'org_logo') throw fieldError(loc, `document ${input.document_id} is a ${document.document_type}; only an org_logo document can be the logo`, 'document_type_mismatch');
        const base = document.mime_type.split(';')[0]?.trim() ?? '';
        if (!(LOGO_MIME_TYPES as readonly string[]).includes(base)) throw fieldError(loc, `document ${input.document_id} is ${document.mime_type}; a logo must be ${LOGO_MIME_TYPES.join(', ')}`, 'mime_type_not_image');
        if (document.status !== 'active') {
          throw conflict('DOCUMENT.NOT_ACTIVE', `document ${input.document_id} is ${document.status}; only an active document can be the logo${document.status === 'pending_upload' ? ' (upload its content first)' : document.status === 'archived' ? ' (restore it first)' : ''}`, { current_status: document.status });
        }
        const now = nowIso(ctx);
        const current = parseJson<Record<string, unknown>>(org.preferences_json);
        // Preferences created here get the same defaults as preferences given on create (organization contract).
        const preferences = { ...(current ?? { id: 1, ...preferencesInput.parse({}) }), logo_id: document.id };
        const updated = await repo.writeOrganizationPreferences(trx, orgId, JSON.stringify(preferences), org.row_version + 1, now, org.row_version);
        if (!updated) throw conflict('ORGANIZATION.STALE_VERSION', `organization ${orgId} was changed by someone else meanwhile; confirm the logo again`);
        await audit(ctx, trx, { orgId, resourceType: 'organization', resourceId: orgId, action: 'confirm_logo', before: { logo_id: current?.logo_id ?? null }, after: { logo_id: document.id } });
        return document;
      });
      return toDocument(row);
    },
  };
}
