/**
 * Documents the service makes itself (payslip PDFs of an approved run, payment files): their bytes go to the
 * object store first, under ids fixed beforehand, and their records are inserted by the transaction that makes
 * them count. A failed transaction leaves files without records, which are removed (the same order as an upload,
 * use-cases/documents.ts: never an active record without its file).
 */
import type { DocumentTable } from '../../store/schema.js';
import type { DocumentType } from '../contracts/document.js';
import type { ServiceContext } from '../context.js';
import { findDocument } from '../../store/repositories/documents.js';

/** template_id of generated documents (the spec: "set if generated"): which renderer made them, in which version. */
export const TEMPLATE_IDS = {
  gbPayslip: 1,
  deEntgeltbescheinigung: 2,
  gbP45: 3,
  bacs18: 11,
  bacsCsv: 12,
  sepaPain001: 13,
} as const;

export interface GeneratedDocument {
  employeeId: string | null;
  documentType: DocumentType;
  name: string;
  mimeType: string;
  documentDate: string | null;
  templateId: number;
  bytes: Uint8Array;
}

/** Writes generated files one by one and keeps the records to insert (status active, with size and SHA-256). */
export interface GeneratedFiles {
  add(document: GeneratedDocument): Promise<void>;
  readonly rows: readonly DocumentTable[];
  /** Removes every file written (their records were not committed). */
  discard(): Promise<void>;
}

export function generatedFiles(ctx: ServiceContext, orgId: string, runId: string, createdAt: string): GeneratedFiles {
  const rows: DocumentTable[] = [];
  return {
    rows,
    async add(d) {
      const id = ctx.ids.next();
      const path = `organizations/${orgId}/documents/${id}`;
      const stored = await ctx.objects.put(path, d.bytes);
      rows.push({
        id,
        org_id: orgId,
        employee_id: d.employeeId,
        document_type: d.documentType,
        document_name: d.name,
        object_store_bucket: ctx.objects.bucket,
        object_store_path: path,
        mime_type: d.mimeType,
        status: 'active',
        file_size_bytes: stored.size,
        sha256: stored.sha256,
        document_date: d.documentDate,
        template_id: d.templateId,
        created_by: ctx.actor.subject,
        created_at: createdAt,
        updated_at: null,
        source_run_id: runId,
      });
    },
    async discard() {
      // Best effort: a file left behind has no record and its path (a fresh id) is never used again.
      for (const row of rows) {
        try {
          await ctx.objects.remove(row.object_store_path);
        } catch {
          // see above
        }
      }
    },
  };
}

/**
 * After a transaction that was to insert `rows` failed: were they committed after all (the connection broke after
 * the commit)? Then the files stay; otherwise they go. When even that cannot be read, the files stay (an orphan
 * file is harmless; an active record without its file is not).
 */
export async function discardUnlessCommitted(ctx: ServiceContext, orgId: string, files: GeneratedFiles): Promise<void> {
  const first = files.rows[0];
  if (!first) return;
  let committed: boolean;
  try {
    committed = (await findDocument(ctx.store.db, orgId, first.id)) !== undefined;
  } catch {
    return;
  }
  if (!committed) await files.discard();
}
