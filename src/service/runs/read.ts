/** Reading runs: a run as its country's wire shows it (with its payslips when asked), and the list's shared checks. */
import { fieldError } from '../../domain/errors.js';
import type { ServiceContext } from '../context.js';
import { RUN_STATUSES, type RunStatus } from '../contracts/payroll-runs.js';
import type { PayrollRunRow } from '../../store/schema.js';
import type { AnyJurisdiction } from './jurisdiction.js';
import { requireRun } from './lifecycle.js';

export async function readRun<RunWire>(ctx: ServiceContext, jurisdiction: AnyJurisdiction, orgId: string, runId: string, withPayslips: boolean): Promise<RunWire> {
  const db = ctx.store.db;
  const row = await requireRun(db, jurisdiction.tables, orgId, runId);
  return (await jurisdiction.runWire(db, row, withPayslips)) as RunWire;
}

/** A list query's text filter: null when absent or empty. */
export function filterOf(query: Record<string, unknown>, name: string): string | null {
  const value = query[name];
  return value === undefined || value === '' ? null : String(value);
}

/** The list's `status` filter, one of the run statuses. */
export function statusFilter(query: Record<string, unknown>): string | null {
  const status = filterOf(query, 'status');
  if (status !== null && !(RUN_STATUSES as readonly string[]).includes(status)) throw fieldError(['query', 'status'], `must be one of ${RUN_STATUSES.join(', ')}`, 'enum');
  return status;
}

/** What every country's run shows of its lifecycle, after its own period fields (wire order kept per country). */
export function lifecycleWire(row: PayrollRunRow) {
  return {
    period_start: row.period_start,
    period_end: row.period_end,
    pay_date: row.pay_date,
    status: row.status as RunStatus,
    corrects_run_id: row.corrects_run_id,
    external_ref: row.external_ref,
    task_id: row.task_id,
    employee_count: Number(row.employee_count),
    totals: row.totals_json ? (JSON.parse(row.totals_json) as Record<string, string>) : null,
    warnings: row.warnings_json ? (JSON.parse(row.warnings_json) as { employee_id: string | null; message: string }[]) : [],
    failure_reason: row.failure_reason,
    created_at: row.created_at,
    created_by: row.created_by,
    calculated_at: row.calculated_at,
    approved_at: row.approved_at,
    approved_by: row.approved_by,
    paid_at: row.paid_at,
    paid_by: row.paid_by,
    discarded_at: row.discarded_at,
    discarded_by: row.discarded_by,
  };
}
