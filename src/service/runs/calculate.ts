/**
 * Step 3 of a run: the payslips of one batch of employees, through the country's calculation. Nothing is written
 * here (commit.ts writes each batch); a payslip the statute cannot compute is a validation error located at its item
 * of the request.
 */
import { isDomainError, validationError } from '../../domain/errors.js';
import type { StoreDialect } from '../../store/dialect.js';
import { type Db, type ServiceContext } from '../context.js';
import type { CalculatedPayslip, Jurisdiction, PayslipCalculation, Prepared, RunBatch, RunItem, RunScope } from './jurisdiction.js';

/**
 * Employees read, calculated and written together: memory holds one batch, whatever the run's size (issue 19).
 * Per store (decision SCALE3, superseding SCALE2's 250 for SQLite): on SQLite a statement is a function call, so a
 * small batch costs nothing in round trips, and 50 employees' payslips (figures, traces, rows) die in V8's young
 * generation instead of being promoted: a 100,000-employee run + approve went from 23.4 s and 818 MB peak RSS to
 * 15.5 s and 452 MB. On PostgreSQL every statement is a round trip to the server, and 50 per batch made a
 * 10,000-employee run + approve 5.1 s instead of 3.5 s. With the batches overlapped on PostgreSQL (decision PGRUN-2)
 * 400 took the least server CPU (1.41-1.45 s against 1.50-1.59 s at 250) and wall time (3.54-3.78 s against
 * 3.80-4.09 s); 1,000 cost more node CPU (decision PGRUN-5).
 */
export const RUN_BATCH: Readonly<Record<StoreDialect, number>> = { sqlite: 50, postgres: 400 };

/** The batch size of the store `ctx` works on (RUN_BATCH). */
export function runBatchOf(ctx: ServiceContext): number {
  return RUN_BATCH[ctx.store.dialect];
}

/**
 * Payslips an approval takes per page (its year-to-date rows, enrolments and payslip documents; decision PGRUN-16).
 * On SQLite the run's batch, for the same reason as RUN_BATCH. On PostgreSQL the approval is bound by the server,
 * and node sends a statement only once the one before has answered, so fewer statements mean less waiting. A page of
 * 800 reads its payslips, employees, year-to-date bases and memberships in one statement each (within CHUNK's 900
 * ids): half the reads of pages of 400. Its documents go in four full 200-row statements (PGRUN-4).
 */
export const APPROVAL_PAGE: Readonly<Record<StoreDialect, number>> = { sqlite: RUN_BATCH.sqlite, postgres: 800 };

/** The approval page size of the store `ctx` works on (APPROVAL_PAGE). */
export function approvalPageOf(ctx: ServiceContext): number {
  return APPROVAL_PAGE[ctx.store.dialect];
}

/** A batch of the run with the country's inputs for it: everything its calculation reads from the store. */
export interface ReadBatch<Item extends RunItem, Pay, Inputs> {
  batch: RunBatch<Item, Pay>;
  inputs: Inputs;
}

/**
 * Payslips calculated before they are settled into what the caller keeps (decision PGRUN-9). A calculation holds the
 * whole working of a payslip (every intermediate figure, the trace); what is kept of it (a row to insert, its share
 * of the totals) is a few strings. Settled every SETTLE_EVERY payslips, at most 50 workings of a PostgreSQL batch of
 * 400 are alive at once, as in a SQLite batch, so fewer survive each scavenge. Measured: the PostgreSQL run 0.15–0.35 s
 * faster at 10,000 employees. It did not bring the bytes promoted to the old generation down to SQLite's (about 90 MB
 * against 39 MB on the same run): most of what PostgreSQL promotes comes from elsewhere (see PGRUN-9).
 */
export const SETTLE_EVERY = 50;

export interface CalculatedBatch<Inputs, Kept> {
  inputs: Inputs;
  kept: Kept[];
}

export interface CalculateOptions {
  includeExecutionHistory?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export function scopeOf(orgId: string, prepared: Prepared<unknown, RunItem, unknown>): RunScope {
  return { orgId, period: prepared.period, correction: prepared.correction };
}

/** Reads items `from` to `from + count` (exclusive) of the run, with their inputs, through `db`. */
export async function readBatch<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip>(
  db: Db,
  jurisdiction: Jurisdiction<Request, Item, Pay, Inputs, Slip>,
  scope: RunScope,
  prepared: Prepared<Request, Item, Pay>,
  from: number,
  count: number,
): Promise<ReadBatch<Item, Pay, Inputs>> {
  const batch = await prepared.batch(db, from, count);
  return { batch, inputs: await jurisdiction.loadInputs(db, scope, prepared, batch) };
}

/**
 * The payslips of a batch read by readBatch: node's work alone, nothing read or written. Every SETTLE_EVERY payslips
 * (and at the end) `settle` turns the calculations so far, with their payslip ids, into what the caller keeps.
 */
export async function calculateBatch<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip, Kept>(
  ctx: Pick<ServiceContext, 'ids'>,
  jurisdiction: Jurisdiction<Request, Item, Pay, Inputs, Slip>,
  scope: RunScope,
  prepared: Prepared<Request, Item, Pay>,
  { batch, inputs }: ReadBatch<Item, Pay, Inputs>,
  options: CalculateOptions,
  settle: (calculations: PayslipCalculation<Slip>[], ids: string[], inputs: Inputs) => Kept[],
): Promise<CalculatedBatch<Inputs, Kept>> {
  const kept: Kept[] = [];
  let calculations: PayslipCalculation<Slip>[] = [];
  let ids: string[] = [];
  const settleSoFar = () => {
    for (const one of settle(calculations, ids, inputs)) kept.push(one);
    calculations = [];
    ids = [];
  };
  const total = prepared.items.length;
  for (let at = 0; at < batch.items.length; at += 1) {
    const item = batch.items[at] as Item;
    const index = batch.from + at;
    const employee = batch.employees.get(item.employee_id);
    if (!employee) throw new Error(`employee ${item.employee_id} of the run was not read from the store`);
    const payslipId = ctx.ids.next();
    try {
      calculations.push(jurisdiction.calculate({ payslipId, scope, item, employee, pay: batch.pay[at] as Pay, inputs, trace: options.includeExecutionHistory === true }));
    } catch (error) {
      // A country whose calculation locates its own issues (locOf gives no prefix) throws them as they are.
      if (isDomainError(error) && error.kind === 'validation' && prepared.locOf(index).length > 0) {
        throw validationError(
          error.issues.map((issue) => ({ ...issue, loc: [...prepared.locOf(index), ...issue.loc] })),
          jurisdiction.uncomputableCode,
        );
      }
      throw error;
    }
    ids.push(payslipId);
    if (calculations.length === SETTLE_EVERY) settleSoFar();
    if (options.onProgress && (index % 250 === 249 || index === total - 1)) {
      options.onProgress(index + 1, total);
      // Yield so a progress bar (and a kill signal) is served during a long calculation.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (calculations.length > 0) settleSoFar();
  return { inputs, kept };
}
