/**
 * Payslip documents rendered on first read (decision RENDER1, superseding the rendering part of OUT1; issue 19).
 *
 * Approving a run records one payslip document per employee inside the approval's transaction: the row (status
 * active, name, date, template, created_by the approver, source_run_id the run) and, in `render_json`, the facts
 * the PDF prints besides the approved payslip: the employee's and the employer's as they stand at approval. No file
 * is written then and the row has no size or SHA-256 yet. The first read of the document (its record, a listing,
 * its content, `payroll payslips`) renders the PDF from the approved run, its immutable payslip and that
 * snapshot, stores the file and then records its size and SHA-256 (clearing `render_json`). The PDF writer is
 * deterministic (formats/pdf/document.ts) and a payslip's dates are its pay date's, so the bytes are the very ones
 * approval would have rendered, however often or late this happens; two concurrent first reads write the same bytes.
 *
 * Crash safety: the approval writes rows only (one transaction, nothing or everything); a first read writes the
 * file before recording it, so a kill in between leaves a pending row whose file exists, which the next read
 * renders again to the same bytes. Never is a document recorded with a size and SHA-256 but without its file.
 */
import { DomainError } from '../../domain/errors.js';
import { findAddress } from '../../store/repositories/addresses.js';
import { completeDocumentRender, findDocument, insertDocuments } from '../../store/repositories/documents.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import { DE_RUN_TABLES, findRunHead, findRunPayslipsOf, GB_RUN_TABLES, listRunEmployeeIdsPage, type RunTables } from '../../store/repositories/payroll-runs.js';
import type { DePayrollRunTable, DePayslipTable, DocumentTable, EmployeeTable, GbPayrollRunTable, GbPayslipTable, OrganizationTable, PayrollRunHead } from '../../store/schema.js';
import { type Actor, type Db, type IdGenerator, inTransaction, type ServiceContext } from '../context.js';
import type { ObjectStore } from '../object-store.js';
import { dePayslipEmployer, dePayslipFileName, dePayslipDocument } from './de-payslip-pdfs.js';
import type { DePayslipEmployer } from './de-payslip-view.js';
import { type PayslipEmployee, type PayslipEmployer, payslipEmployer } from './gb-payslip-view.js';
import { TEMPLATE_IDS } from './generated-documents.js';
import { approvalPageOf } from '../runs/calculate.js';
import { inBatches, OVERLAP } from '../runs/pipeline.js';
import { gbPayslipDocument, payslipFileName } from './payslip-pdfs.js';

/** What a pending payslip document's rendering needs besides its run and payslip rows (`documents.render_json`). */
interface RenderSource {
  version: 1;
  employee: PayslipEmployee;
  employer: PayslipEmployer | DePayslipEmployer;
}

function tablesOf(templateId: number | null): { country: 'GB' | 'DE'; t: RunTables } {
  if (templateId === TEMPLATE_IDS.gbPayslip) return { country: 'GB', t: GB_RUN_TABLES };
  if (templateId === TEMPLATE_IDS.deEntgeltbescheinigung) return { country: 'DE', t: DE_RUN_TABLES };
  throw new DomainError('internal', 'DOCUMENT.RENDER_UNKNOWN', `template ${String(templateId)} is not rendered on first read`);
}

/** The employee facts a payslip prints, copied from the employee row (nothing else of it is kept). */
function employeeFacts(e: PayslipEmployee): PayslipEmployee {
  return { id: e.id, payroll_number: e.payroll_number, first_name: e.first_name, last_name: e.last_name, date_of_birth: e.date_of_birth, start_date: e.start_date, leave_date: e.leave_date, address: e.address, statutory_json: e.statutory_json };
}

/** Who issues a run's payslip documents, as they print it: the organization and its address at approval. */
export async function payslipIssuer(trx: Db, org: OrganizationTable, country: 'GB' | 'DE'): Promise<PayslipEmployer | DePayslipEmployer> {
  const address = org.address_id ? ((await findAddress(trx, org.id, org.address_id))?.address ?? null) : null;
  return country === 'GB' ? payslipEmployer(org, address) : dePayslipEmployer(org, address);
}

/**
 * What payslip document rows take from the caller: their ids, the bucket their files go to and who records them
 * (a calculation thread has these, not a whole service context).
 */
export interface DocumentIds {
  ids: IdGenerator;
  objects: Pick<ObjectStore, 'bucket'>;
  actor: Pick<Actor, 'subject'>;
}

/**
 * The payslip document rows of `employeeIds` in `run` (pending: rendered on first read), made in node from the
 * employees read with them; nothing is read or written here.
 */
export function payslipDocumentRows(ctx: DocumentIds, org: OrganizationTable, run: PayrollRunHead, country: 'GB' | 'DE', employer: PayslipEmployer | DePayslipEmployer, employeeIds: readonly string[], employees: ReadonlyMap<string, EmployeeTable>, createdAt: string): DocumentTable[] {
  return employeeIds.map((employeeId): DocumentTable => {
    const employee = employees.get(employeeId);
    if (!employee) throw new Error(`employee ${employeeId} of run ${run.id} is missing from the store`);
    const id = ctx.ids.next();
    const source: RenderSource = { version: 1, employee: employeeFacts(employee), employer };
    return {
      id,
      org_id: org.id,
      employee_id: employeeId,
      document_type: 'payslip',
      // As gbPayslipDocument / dePayslipDocument name it (the rendering uses the same facts).
      document_name: country === 'GB' ? payslipFileName(run as GbPayrollRunTable, employee.payroll_number, employee.id) : dePayslipFileName((run as DePayrollRunTable).month, employee.payroll_number, employee.id),
      object_store_bucket: ctx.objects.bucket,
      object_store_path: `organizations/${org.id}/documents/${id}`,
      mime_type: 'application/pdf',
      status: 'active',
      file_size_bytes: null,
      sha256: null,
      document_date: run.period_end,
      template_id: country === 'GB' ? TEMPLATE_IDS.gbPayslip : TEMPLATE_IDS.deEntgeltbescheinigung,
      created_by: ctx.actor.subject,
      created_at: createdAt,
      updated_at: null,
      source_run_id: run.id,
      render_json: JSON.stringify(source),
    };
  });
}

/**
 * Inside the approval's transaction: records the payslip document of every employee of `run` (the payslip pages of
 * the run in employee order, one page in memory at a time). Answers how many it recorded. (GB records them in its
 * approval's own pages instead, which read the employees anyway: gb/jurisdiction.ts.)
 */
export async function recordPayslipDocuments(ctx: ServiceContext, trx: Db, org: OrganizationTable, run: PayrollRunHead, country: 'GB' | 'DE', createdAt: string): Promise<number> {
  const employer = await payslipIssuer(trx, org, country);
  const t = country === 'GB' ? GB_RUN_TABLES : DE_RUN_TABLES;
  // Rows recorded per round: a page of employees in memory (an approval's page on this store, calculate.ts). On
  // PostgreSQL the next page is read and the previous one inserted while this one is made (decision PGRUN-2).
  const pageSize = approvalPageOf(ctx);
  const readPage = async (after: string | null) => {
    const ids = await listRunEmployeeIdsPage(trx, t, run.id, after, pageSize);
    return ids.length === 0 ? null : { ids, employees: await loadEmployees(trx, org.id, ids) };
  };
  let count = 0;
  await inBatches(OVERLAP[ctx.store.dialect], {
    first: () => readPage(null),
    next: ({ ids }) => (ids.length < pageSize ? null : readPage(ids[ids.length - 1] as string)),
    work: ({ ids, employees }) => payslipDocumentRows(ctx, org, run, country, employer, ids, employees, createdAt),
    write: async (rows) => {
      await insertDocuments(trx, rows);
      count += rows.length;
    },
  });
  return count;
}

/** A pending document's run and payslip, read once per run for a page of documents. */
interface RenderInputs {
  run: PayrollRunHead | undefined;
  payslips: Map<string, unknown>;
}

/** The runs and payslips `rows` (pending documents) are rendered from: one run read and one payslip read per run. */
async function readInputs(db: Db, rows: readonly DocumentTable[]): Promise<Map<string, RenderInputs>> {
  const byRun = new Map<string, { t: RunTables; orgId: string; employees: string[] }>();
  for (const row of rows) {
    const key = `${String(row.template_id)}|${String(row.source_run_id)}`;
    const entry = byRun.get(key) ?? { t: tablesOf(row.template_id).t, orgId: row.org_id, employees: [] };
    entry.employees.push(row.employee_id as string);
    byRun.set(key, entry);
  }
  const out = new Map<string, RenderInputs>();
  for (const [key, { t, orgId, employees }] of byRun) {
    const runId = key.slice(key.indexOf('|') + 1);
    const run = await findRunHead(db, t, orgId, runId);
    const payslips = run ? await findRunPayslipsOf(db, t, run.id, employees) : [];
    out.set(key, { run, payslips: new Map(payslips.map((p) => [p.employee_id, p])) });
  }
  return out;
}

/** The bytes of a pending document, made from its run, its payslip and the snapshot approval recorded. */
async function render(row: DocumentTable, inputs: RenderInputs | undefined): Promise<Uint8Array> {
  const { country } = tablesOf(row.template_id);
  const source = JSON.parse(row.render_json as string) as RenderSource;
  const missing = (what: string) => new DomainError('internal', 'DOCUMENT.CONTENT_MISSING', `the payslip document ${row.id} cannot be rendered: ${what}`);
  if (source.version !== 1) throw missing(`its render record has version ${String(source.version)}`);
  const run = inputs?.run;
  if (!run) throw missing(`its run ${String(row.source_run_id)} is not in the store`);
  const payslip = inputs.payslips.get(row.employee_id as string);
  if (!payslip) throw missing(`run ${run.id} has no payslip of employee ${String(row.employee_id)}`);
  const document =
    country === 'GB'
      ? await gbPayslipDocument(run as GbPayrollRunTable, payslip as GbPayslipTable, source.employee, source.employer as PayslipEmployer)
      : await dePayslipDocument(run as DePayrollRunTable, payslip as DePayslipTable, source.employee, source.employer as DePayslipEmployer);
  return document.bytes;
}

const isPending = (row: DocumentTable) => row.render_json !== null && row.render_json !== undefined && (row.status === 'active' || row.status === 'archived');

/** First reads in progress in this process, by document id: a second reader waits for the first (one file write at a time per path). */
const inFlight = new Map<string, Promise<DocumentTable>>();

/**
 * Renders `rows` (pending, none in flight) and writes their files, then records them all in one transaction (the
 * order of an upload: a kill in between leaves pending rows, rendered again to the same bytes). A row that was
 * completed meanwhile by another process (the same bytes) or deleted meanwhile changes nothing; the file written
 * for a deleted one is removed again (its delete removed the one it knew of before this one was written).
 */
async function renderAndStore(ctx: ServiceContext, rows: readonly DocumentTable[]): Promise<Map<string, DocumentTable>> {
  const inputs = await readInputs(ctx.store.db, rows);
  const written: { row: DocumentTable; size: number; sha256: string }[] = [];
  for (const row of rows) {
    const bytes = await render(row, inputs.get(`${String(row.template_id)}|${String(row.source_run_id)}`));
    const stored = await ctx.objects.put(row.object_store_path, bytes);
    written.push({ row, size: stored.size, sha256: stored.sha256 });
  }
  const recorded = await inTransaction(ctx, async (trx) => {
    const done = new Set<string>();
    for (const w of written) if (await completeDocumentRender(trx, w.row.org_id, w.row.id, w.size, w.sha256)) done.add(w.row.id);
    return done;
  });
  const out = new Map<string, DocumentTable>();
  for (const { row, size, sha256 } of written) {
    if (recorded.has(row.id)) {
      out.set(row.id, { ...row, file_size_bytes: size, sha256, render_json: null });
      continue;
    }
    const now = await findDocument(ctx.store.db, row.org_id, row.id);
    if (!now || now.status === 'deleted') await ctx.objects.remove(row.object_store_path).catch(() => undefined);
    out.set(row.id, now ?? row);
  }
  return out;
}

/**
 * Each of `rows` with its bytes stored, in the same order: the pending ones (render_json set, active or archived)
 * are rendered, their files written and then their sizes and SHA-256 recorded (renderAndStore); any other is
 * returned as it is.
 */
export async function completeRenders(ctx: ServiceContext, rows: readonly DocumentTable[]): Promise<DocumentTable[]> {
  const mine = rows.filter((row) => isPending(row) && !inFlight.has(row.id));
  // This call's own renders, kept here as well as in inFlight: inFlight forgets a row as soon as the batch is done,
  // and the loop below would then have rendered every row after the first a second time, one at a time.
  const own = new Map<string, Promise<DocumentTable>>();
  if (mine.length > 0) {
    const work = renderAndStore(ctx, mine);
    for (const row of mine) {
      const one = work.then((done) => done.get(row.id) as DocumentTable);
      inFlight.set(row.id, one);
      own.set(row.id, one);
      void one.finally(() => inFlight.delete(row.id)).catch(() => undefined);
    }
  }
  const out: DocumentTable[] = [];
  for (const row of rows) {
    if (!isPending(row)) {
      out.push(row);
      continue;
    }
    const pending = own.get(row.id) ?? inFlight.get(row.id);
    // A pending row whose first read, in flight when this one began, has finished since: rendered again (same bytes).
    out.push(pending ? await pending : ((await renderAndStore(ctx, [row])).get(row.id) as DocumentTable));
  }
  return out;
}

/** The document with its bytes stored (see completeRenders). */
export async function completeRender(ctx: ServiceContext, row: DocumentTable): Promise<DocumentTable> {
  return (await completeRenders(ctx, [row]))[0] as DocumentTable;
}
