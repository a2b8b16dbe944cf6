/**
 * draft → approved: the figures become final. The country makes its year-to-date figures final and applies what
 * the run decided (GB: automatic enrolments); then the run is approved, all in one transaction.
 *
 * The documents approval issues exist exactly when the run is approved. Payslips (one per employee, issue 15) are
 * recorded by that transaction and rendered when first read (decision RENDER1: at 100,000 employees rendering
 * inside the approval alone took over a minute). The few documents rendered at approval (GB: a leaver's P45) are
 * rendered and their files written before that transaction, under ids fixed beforehand, and the transaction
 * inserts their records; a refused or failed approval removes the files and leaves no record (decision OUT1).
 */
import { lockOrganization } from '../records/org-lock.js';
import { insertDocuments } from '../../store/repositories/documents.js';
import { moveRun } from '../../store/repositories/payroll-runs.js';
import { inTransaction, nowIso, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { discardUnlessCommitted, generatedFiles } from '../outputs/generated-documents.js';
import type { OrganizationTable, PayrollRunHead } from '../../store/schema.js';
import type { AnyJurisdiction } from './jurisdiction.js';
import { type RunThreads, startRunThreads } from './threads/run-threads.js';
import { changedMeanwhile, refuseTransition, requireRunHead } from './lifecycle.js';

export async function approve(ctx: ServiceContext, jurisdiction: AnyJurisdiction, orgId: string, runId: string): Promise<void> {
  requireScope(ctx, 'payroll:write');
  const org = await jurisdiction.requireOrg(ctx, ctx.store.db, orgId);
  const t = jurisdiction.tables;
  const draft = await requireRunHead(ctx.store.db, t, orgId, runId);
  if (draft.status !== 'draft') throw refuseTransition(draft, 'approve');
  const stamp = nowIso(ctx);
  // A large SQLite approval reads and checks its pages in threads too (decision SQLRUN-3); they start loading now.
  const threads = jurisdiction.threads?.approvalPage ? startRunThreads(ctx, jurisdiction, Number(draft.employee_count)) : null;
  try {
    await approveWith(ctx, jurisdiction, org, orgId, draft, runId, stamp, threads);
  } finally {
    await threads?.close();
  }
}

async function approveWith(ctx: ServiceContext, jurisdiction: AnyJurisdiction, org: OrganizationTable, orgId: string, draft: PayrollRunHead, runId: string, stamp: string, threads: RunThreads | null): Promise<void> {
  const t = jurisdiction.tables;
  const files = generatedFiles(ctx, orgId, runId, stamp);
  try {
    if (jurisdiction.issueDocuments) await jurisdiction.issueDocuments(ctx, ctx.store.db, org, draft, stamp, (d) => files.add(d));
  } catch (error) {
    await files.discard();
    throw error;
  }
  try {
    await inTransaction(ctx, async (trx) => {
      const current = await jurisdiction.requireOrg(ctx, trx, orgId);
      // "Is the year-to-date base still the one this run was calculated on, then write year to date" is read-then-write
      // across runs (finding F2, docs/decisions.md S2/S3): two approvals for the same employee in
      // different pay groups both passed the check on Postgres and gb_ytd kept only one. The organization lock,
      // taken before anything is read, queues approvals: the second reads the first's year to date and is STALE_YTD.
      await lockOrganization(ctx, trx, orgId);
      const run = await requireRunHead(trx, t, orgId, runId);
      if (run.status !== 'draft') throw refuseTransition(run, 'approve');
      let recorded = await jurisdiction.approve(ctx, trx, current, run, stamp, threads);
      if (!(await moveRun(trx, t, runId, 'draft', { status: 'approved', approved_at: stamp, approved_by: ctx.actor.subject, updated_at: stamp }))) throw changedMeanwhile(runId);
      await insertDocuments(trx, files.rows);
      if (jurisdiction.recordDocuments) recorded += await jurisdiction.recordDocuments(ctx, trx, current, run, stamp);
      await audit(ctx, trx, { orgId, resourceType: 'payroll_run', resourceId: runId, action: 'approve', before: { status: 'draft' }, after: { status: 'approved' }, detail: { payslips: run.employee_count, documents: files.rows.length + recorded } });
    });
  } catch (error) {
    await discardUnlessCommitted(ctx, orgId, files);
    throw error;
  }
}
