/**
 * Documents (rows of `documents`) and the organization's logo reference: every query of the aggregate (issue 13,
 * "Repositories"). Each one is scoped to the organization.
 */
import type { Db } from '../db.js';
import type { DocumentTable } from '../schema.js';
import { writeInChunks } from './bulk-insert.js';

export function findDocument(db: Db, orgId: string, documentId: string): Promise<DocumentTable | undefined> {
  return db.selectFrom('documents').selectAll().where('org_id', '=', orgId).where('id', '=', documentId).executeTakeFirst();
}

export async function insertDocument(db: Db, row: DocumentTable): Promise<void> {
  await db.insertInto('documents').values(row).execute();
}

/** Whether the organization has the employee (a document may belong to one). */
export async function employeeExists(db: Db, orgId: string, employeeId: string): Promise<boolean> {
  const row = await db.selectFrom('employees').select('id').where('org_id', '=', orgId).where('id', '=', employeeId).executeTakeFirst();
  return row !== undefined;
}

export interface DocumentListFilter {
  statuses: readonly string[];
  /** Empty: every type. */
  types: readonly string[];
  employeeId: string | null;
}

/** The filtered query behind a document list, for the cursor helper to count and slice (cursor column `id`). */
export function documentsQuery(db: Db, orgId: string, filter: DocumentListFilter) {
  let q = db.selectFrom('documents').selectAll().where('org_id', '=', orgId).where('status', 'in', [...filter.statuses]);
  if (filter.types.length > 0) q = q.where('document_type', 'in', [...filter.types]);
  if (filter.employeeId !== null) q = q.where('employee_id', '=', filter.employeeId);
  return q;
}

/**
 * Touches a pending_upload document and answers whether it still was one. On Postgres the UPDATE holds the row
 * lock, so a concurrent upload waits and then finds it no longer pending.
 */
export async function claimPendingUpload(db: Db, orgId: string, documentId: string, now: string): Promise<boolean> {
  const claim = await db.updateTable('documents').set({ updated_at: now }).where('org_id', '=', orgId).where('id', '=', documentId).where('status', '=', 'pending_upload').executeTakeFirst();
  return Number(claim.numUpdatedRows) === 1;
}

/**
 * Locks the document's row while it is still pending_upload, without changing it (an UPDATE of updated_at to
 * itself takes the row lock on Postgres). Answers whether it is still pending, i.e. whether a failed upload's
 * bytes belong to no active document.
 */
export async function lockPendingUpload(db: Db, orgId: string, documentId: string): Promise<boolean> {
  const held = await db.updateTable('documents').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('org_id', '=', orgId).where('id', '=', documentId).where('status', '=', 'pending_upload').executeTakeFirst();
  return Number(held.numUpdatedRows) === 1;
}

/**
 * Sets the status (and `extra` columns) of the document only if its status is one of `from`: one guarded UPDATE,
 * so two concurrent moves cannot both succeed. Answers whether it moved.
 */
export async function moveDocumentStatus(db: Db, orgId: string, documentId: string, from: readonly string[], to: string, now: string, extra: Partial<DocumentTable> = {}): Promise<boolean> {
  const result = await db
    .updateTable('documents')
    .set({ ...extra, status: to, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', documentId)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Writes the organization's preferences (where the logo document is named) with the next row version. With
 * `expectedRowVersion` the write happens only if nobody changed the organization meanwhile; answers whether it wrote.
 */
export async function writeOrganizationPreferences(db: Db, orgId: string, preferencesJson: string, rowVersion: number, now: string, expectedRowVersion?: number): Promise<boolean> {
  let q = db.updateTable('organizations').set({ preferences_json: preferencesJson, row_version: rowVersion, updated_at: now }).where('id', '=', orgId);
  if (expectedRowVersion !== undefined) q = q.where('row_version', '=', expectedRowVersion);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inserts generated documents (a run's payslips) in batches, inside the caller's transaction. */
export async function insertDocuments(db: Db, rows: readonly DocumentTable[]): Promise<void> {
  await writeInChunks(db, 'insert documents', rows, 200, (part) => db.insertInto('documents').values(part));
}

/**
 * The documents a payroll run generated (payslips, payment files) that still hold their file (active or
 * archived), oldest first; optionally of one type and one employee.
 */
export function listRunDocuments(db: Db, orgId: string, runId: string, filter: { type?: string; employeeId?: string } = {}): Promise<DocumentTable[]> {
  let q = db.selectFrom('documents').selectAll().where('org_id', '=', orgId).where('source_run_id', '=', runId).where('status', 'in', ['active', 'archived']);
  if (filter.type !== undefined) q = q.where('document_type', '=', filter.type);
  if (filter.employeeId !== undefined) q = q.where('employee_id', '=', filter.employeeId);
  return q.orderBy('id').execute();
}

/**
 * Records that a document's bytes, rendered on first read (decision RENDER1), are stored: size and SHA-256 set,
 * `render_json` cleared. Only while it is still pending and holds content (active or archived): a concurrent
 * completion or a delete makes this change nothing, and it answers whether it changed the row.
 */
export async function completeDocumentRender(db: Db, orgId: string, documentId: string, size: number, sha256: string): Promise<boolean> {
  const result = await db
    .updateTable('documents')
    .set({ file_size_bytes: size, sha256, render_json: null })
    .where('org_id', '=', orgId)
    .where('id', '=', documentId)
    .where('render_json', 'is not', null)
    .where('status', 'in', ['active', 'archived'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
