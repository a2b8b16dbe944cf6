/**
 * draft → approved: the figures become final. The country makes its year-to-date figures final and applies what
 * the run decided (GB: automatic enrolments); then the run is approved, all in one transaction.
 */
import { lockOrganization } from '../records/org-lock.js';
import { moveRun } from '../../store/repositories/payroll-runs.js';
import { inTransaction, nowIso, requireScope, type ServiceContext } from '../context.js';
import type { AnyJurisdiction } from './jurisdiction.js';
import { changedMeanwhile, refuseTransition, requireRun } from './lifecycle.js';

export async function approve(ctx: ServiceContext, jurisdiction: AnyJurisdiction, orgId: string, runId: string): Promise<void> {
  requireScope(ctx, 'payroll:write');
  const t = jurisdiction.tables;
  await inTransaction(ctx, async (trx) => {
    await jurisdiction.requireOrg(ctx, trx, orgId);
    // "Is the year-to-date base still the one this run was calculated on, then write year to date" is read-then-write
    // across runs (finding F2, docs/decisions.md S2/S3): two approvals for the same employee in
    // different pay groups both passed the check on Postgres and gb_ytd kept only one. The organization lock,
    // taken before anything is read, queues approvals: the second reads the first's year to date and is STALE_YTD.
    await lockOrganization(ctx, trx, orgId);
    const run = await requireRun(trx, t, orgId, runId);
    if (run.status !== 'draft') throw refuseTransition(run, 'approve');
    const stamp = nowIso(ctx);
    await jurisdiction.approve(ctx, trx, run, stamp);
    if (!(await moveRun(trx, t, runId, 'draft', { status: 'approved', approved_at: stamp, approved_by: ctx.actor.subject, updated_at: stamp }))) throw changedMeanwhile(runId);
  });
}
