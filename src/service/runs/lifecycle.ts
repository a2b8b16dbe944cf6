/**
 * The run's status machine (spec "Payroll run status": processing → draft → approved → paid; extensions discard
 * and failed): the refusals that say what can be done instead, the plain moves (mark paid, discard) and marking a
 * failed attempt.
 */
import { conflict, type DomainError, notFound } from '../../domain/errors.js';
import type { PayrollRunHead, PayrollRunRow } from '../../store/schema.js';
import { deleteUnsavedAttempt, findRun, findRunHead, moveRun, type RunTables } from '../../store/repositories/payroll-runs.js';
import { type Db, inTransaction, nowIso, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import type { RunStatus } from '../contracts/payroll-runs.js';
import type { AnyJurisdiction } from './jurisdiction.js';

export type RunAction = 'approve' | 'mark as paid' | 'discard';

/** Any move the lifecycle does not allow is a 409 that says what can be done instead. */
export function refuseTransition(row: PayrollRunHead, action: RunAction): DomainError {
  const hint: Record<string, string> = {
    processing: 'it is still being calculated (if that process ended, run the period again)',
    draft: action === 'mark as paid' ? 'approve it first' : '',
    approved: action === 'discard' ? 'approved runs are final: correct them with a new run that names it in corrects_run_id' : action === 'approve' ? 'nothing to do' : '',
    paid: 'paid runs are final: correct them with a new run that names it in corrects_run_id',
    failed: 'its calculation did not finish; run the period again',
    discarded: 'run the period again',
  };
  return conflict('PAYROLL_RUN.INVALID_TRANSITION', `cannot ${action} payroll run ${row.id}: it is ${row.status}${hint[row.status] ? `; ${hint[row.status]}` : ''}`, { run_id: row.id, status: row.status });
}

function found<Row>(row: Row | undefined, runId: string): Row {
  if (!row) throw notFound('payroll run', runId, 'PAYROLL_RUN.NOT_FOUND');
  return row;
}

export async function requireRun(db: Db, t: RunTables, orgId: string, runId: string): Promise<PayrollRunRow> {
  return found(await findRun(db, t, orgId, runId), runId);
}

/** The run to check and move, without its warnings (PayrollRunHead); not found as requireRun. */
export async function requireRunHead(db: Db, t: RunTables, orgId: string, runId: string): Promise<PayrollRunHead> {
  return found(await findRunHead(db, t, orgId, runId), runId);
}

export function changedMeanwhile(runId: string): DomainError {
  return conflict('PAYROLL_RUN.CHANGED', `payroll run ${runId} changed meanwhile; read it again`);
}

/** approved → paid, or draft → discarded (which frees the slot, the pay group's period or the month, for a new run). */
export async function transition(ctx: ServiceContext, jurisdiction: AnyJurisdiction, orgId: string, runId: string, action: 'mark as paid' | 'discard', from: RunStatus, to: 'paid' | 'discarded'): Promise<void> {
  requireScope(ctx, 'payroll:write');
  await inTransaction(ctx, async (trx) => {
    await jurisdiction.requireOrg(ctx, trx, orgId);
    const row = await requireRunHead(trx, jurisdiction.tables, orgId, runId);
    if (row.status !== from) throw refuseTransition(row, action);
    const now = nowIso(ctx);
    const set: Partial<PayrollRunRow> = to === 'paid' ? { status: 'paid', paid_at: now, paid_by: ctx.actor.subject, updated_at: now } : { status: 'discarded', slot_key: null, discarded_at: now, discarded_by: ctx.actor.subject, updated_at: now };
    if (!(await moveRun(trx, jurisdiction.tables, runId, from, set))) throw changedMeanwhile(runId);
    await audit(ctx, trx, { orgId, resourceType: 'payroll_run', resourceId: runId, action: to === 'paid' ? 'pay' : 'discard', before: { status: from }, after: { status: to } });
  });
}

/** processing → failed with the reason (best effort: an unreachable store leaves a processing row, which the next attempt marks failed). */
/**
 * An attempt that lost the race for its slot to a concurrent one leaves no row (issue 20 F4): it saved nothing,
 * and the clerk's answer (409 naming the winner) is the whole story; a `failed` row per lost race only cluttered
 * the run list. Best effort like `fail`: a processing row left behind is marked failed by the next attempt.
 */
export async function forgetLostAttempt(ctx: ServiceContext, t: RunTables, runId: string): Promise<void> {
  try {
    await deleteUnsavedAttempt(ctx.store.db, t, runId);
  } catch {
    // see fail
  }
}

export async function fail(ctx: ServiceContext, t: RunTables, runId: string, reason: string): Promise<void> {
  try {
    await moveRun(ctx.store.db, t, runId, 'processing', { status: 'failed', failure_reason: reason.slice(0, 2000), updated_at: nowIso(ctx) });
  } catch {
    // see above
  }
}
