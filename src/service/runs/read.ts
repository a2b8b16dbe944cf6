/** Reading runs: a run as its country's wire shows it (with its payslips when asked), and the list's shared checks. */
import { fieldError } from '../../domain/errors.js';
import type { ServiceContext } from '../context.js';
import { RUN_STATUSES } from '../contracts/payroll-runs.js';
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
