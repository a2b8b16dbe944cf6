/**
 * Step 2 of a run: record the attempt as `processing` without holding its slot (the pay group's period, the German
 * organization's month; decision R7), and recover the period from abandoned attempts: a `processing` row whose process has ended (same host), or that has
 * not moved for half an hour, is marked `failed` (nothing of it was saved, so nothing else is undone).
 */
import { hostname } from 'node:os';
import type { PayrollRunRow } from '../../store/schema.js';
import { insertRun, listProcessingRuns, markRunsFailed } from '../../store/repositories/payroll-runs.js';
import { inTransaction, nowIso, type ServiceContext } from '../context.js';
import type { AnyJurisdiction, Prepared, RunItem } from './jurisdiction.js';

/** A processing row older than this is treated as abandoned even when its process cannot be checked. */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;
const WORKER = `${hostname()}:${process.pid}`;
const ABANDONED = 'abandoned: the process calculating it ended before the payslips were written; nothing of it was saved';

function processAlive(worker: string | null): boolean | null {
  if (!worker) return null;
  const [host, pidText] = worker.split(':');
  if (host !== hostname()) return null;
  try {
    process.kill(Number(pidText), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a `processing` attempt last touched at `updatedAt` by `worker` is abandoned at `now`. */
export function isAbandoned(attempt: { worker: string | null; updated_at: string }, now: string): boolean {
  return processAlive(attempt.worker) === false || Date.parse(now) - Date.parse(attempt.updated_at) > ABANDONED_AFTER_MS;
}

export async function claim(ctx: ServiceContext, jurisdiction: AnyJurisdiction, orgId: string, prepared: Prepared<unknown, RunItem, unknown>, options: { includeExecutionHistory?: boolean }): Promise<PayrollRunRow> {
  const now = nowIso(ctx);
  const { period } = prepared;
  const row: PayrollRunRow = {
    id: ctx.ids.next(),
    org_id: orgId,
    ...prepared.runColumns,
    tax_year: period.tax_year,
    period_number: period.period_number,
    period_start: period.start_date,
    period_end: period.end_date,
    pay_date: period.pay_date,
    status: 'processing',
    slot_key: null,
    corrects_run_id: prepared.correctsRunId,
    external_ref: prepared.externalRef,
    task_id: ctx.ids.next(),
    employee_count: prepared.items.length,
    totals_json: null,
    warnings_json: null,
    failure_reason: null,
    worker: WORKER,
    include_execution_history: options.includeExecutionHistory ? 1 : 0,
    created_at: now,
    created_by: ctx.actor.subject,
    updated_at: now,
    calculated_at: null,
    approved_at: null,
    approved_by: null,
    paid_at: null,
    paid_by: null,
    discarded_at: null,
    discarded_by: null,
  };
  const t = jurisdiction.tables;
  await inTransaction(ctx, async (trx) => {
    const stale = await listProcessingRuns(trx, t, orgId, row.tax_year, row.period_number);
    await markRunsFailed(trx, t, stale.filter((s) => isAbandoned(s, now)).map((s) => s.id), ABANDONED, now);
    await insertRun(trx, t, row);
  });
  return row;
}
