/**
 * Steps 3 and 4 of a run, streamed (issue 19): ONE transaction reads, calculates and writes the payslips batch by
 * batch (RUN_BATCH[dialect] employees at a time, so memory stays flat whatever the size) and then turns the run into a
 * `draft` holding its slot (the pay group's period, the German organization's month; slot_key, unique). Of two
 * attempts for the same slot the unique key lets exactly one commit; a process killed at any point leaves no
 * payslip (decision R7: the transaction never committed).
 */
import { conflict } from '../../domain/errors.js';
import { Decimal, money } from '../../domain/money.js';
import type { PayrollRunRow, PayslipRow } from '../../store/schema.js';
import { insertPayslips, moveRun, runStatus } from '../../store/repositories/payroll-runs.js';
import { inTransaction, nowIso, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import type { CalculatedPayslip, Jurisdiction, Prepared, RunItem, RunScope } from './jurisdiction.js';
import { calculateBatch, type CalculateOptions, type ReadBatch, readBatch, runBatchOf, scopeOf } from './calculate.js';
import type { RunThreads } from './threads/run-threads.js';
import { inBatches, OVERLAP } from './pipeline.js';

/** Field-wise sum of two runs' totals (every field is a sum of payslip figures in pence, so batches add exactly). */
export function addTotals(into: Record<string, string> | null, more: Record<string, string>): Record<string, string> {
  if (into === null) return { ...more };
  const out: Record<string, string> = { ...into };
  for (const [field, value] of Object.entries(more)) out[field] = money(new Decimal(out[field] ?? 0).plus(value));
  return out;
}

/** A warning of the run: the employee it is about (null: the run's own) and its text. */
export interface RunWarning {
  employee_id: string | null;
  message: string;
}

/** What a batch adds to the run: its payslip rows, the totals of its payslips and their warnings. */
export interface BatchOutcome<Row = PayslipRow> {
  rows: Row[];
  totals: Record<string, string> | null;
  warnings: RunWarning[];
}

/**
 * The rows, totals and warnings of one batch read by readBatch: node's work alone. Every few payslips become their
 * rows and their share of the totals at once (calculate.ts, SETTLE_EVERY). The same in this thread and in a run's
 * calculation threads (runs/threads), so both write the same rows.
 */
export async function calculateRows<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip>(
  ctx: Pick<ServiceContext, 'ids'>,
  jurisdiction: Jurisdiction<Request, Item, Pay, Inputs, Slip>,
  scope: RunScope,
  prepared: Prepared<Request, Item, Pay>,
  batch: ReadBatch<Item, Pay, Inputs>,
  run: PayrollRunRow,
  now: string,
  options: CalculateOptions,
): Promise<BatchOutcome> {
  let totals: Record<string, string> | null = null;
  const warnings: RunWarning[] = [];
  const newId = () => ctx.ids.next();
  const { kept } = await calculateBatch(ctx, jurisdiction, scope, prepared, batch, options, (calculations, ids, inputs) => {
    totals = addTotals(totals, jurisdiction.totals(calculations.map((c) => c.payslip)));
    return calculations.map((calculation, i) => {
      for (const message of calculation.payslip.warnings) warnings.push({ employee_id: calculation.payslip.employeeId, message });
      return jurisdiction.payslipRow({ id: ids[i] as string, run, calculation, inputs, newId, now });
    });
  });
  return { rows: kept, totals, warnings };
}

export async function commit<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip>(
  ctx: ServiceContext,
  jurisdiction: Jurisdiction<Request, Item, Pay, Inputs, Slip>,
  orgId: string,
  prepared: Prepared<Request, Item, Pay>,
  run: PayrollRunRow,
  options: CalculateOptions,
  threads: RunThreads | null = null,
): Promise<void> {
  const t = jurisdiction.tables;
  const scope = scopeOf(orgId, prepared);
  await inTransaction(ctx, async (trx) => {
    const now = nowIso(ctx);
    const current = await runStatus(trx, t, run.id);
    if (current !== 'processing') throw conflict('PAYROLL_RUN.ABANDONED', `run ${run.id} was marked ${current ?? 'missing'} while it was being calculated; run the period again`);
    // Warnings are few (a line per unusual payslip) and kept for the run row; everything else of a batch goes
    // once the batch is written.
    const warnings: RunWarning[] = [];
    // A warning often repeats word for word (period 1 of a new pay group: "automatically enrolled …" for nine
    // employees in ten): each distinct text is kept once, so 90,000 warnings hold one string, not 90,000 copies.
    const texts = new Map<string, string>();
    const interned = (message: string) => texts.get(message) ?? (texts.set(message, message), message);
    let totals: Record<string, string> | null = null;
    const keep = (outcome: BatchOutcome): PayslipRow[] => {
      if (outcome.totals) totals = addTotals(totals, outcome.totals);
      for (const w of outcome.warnings) warnings.push({ employee_id: w.employee_id, message: interned(w.message) });
      return outcome.rows;
    };
    const size = runBatchOf(ctx);
    const total = prepared.items.length;
    if (threads) {
      // Calculated in threads and here beside this thread's writes (decision SQLRUN-3, threads/run-threads.ts); this
      // thread calculates its share without progress (reported per batch as it is written).
      const from = (b: number) => b * size;
      const count = (b: number) => Math.min(size, total - from(b));
      await threads.work<BatchOutcome>({
        begin: { type: 'begin', job: 'run', plan: (jurisdiction.threads as NonNullable<typeof jurisdiction.threads>).plan(orgId, prepared), run, now, trace: options.includeExecutionHistory === true },
        pieces: Math.ceil(total / size),
        // A share like each thread's: the threads take two batches in turn for every one calculated here.
        hereEvery: 2 * threads.count + 1,
        // A payslip id and, when the payslip enrols the employee, the membership's: two per payslip at most.
        idsFor: (b) => 2 * count(b),
        message: (b, ids) => ({ type: 'batch', seq: b, from: from(b), items: prepared.items.slice(from(b), from(b) + count(b)), ids }),
        here: async (b, ids) => calculateRows({ ids }, jurisdiction, scope, prepared, await readBatch(trx, jurisdiction, scope, prepared, from(b), count(b)), run, now, { includeExecutionHistory: options.includeExecutionHistory === true }),
        write: async (outcome, b) => {
          await insertPayslips(trx, t, keep(outcome));
          options.onProgress?.(from(b) + count(b), total);
        },
      });
    } else {
      const read = (from: number) => (from < total ? readBatch(trx, jurisdiction, scope, prepared, from, Math.min(size, total - from)) : null);
      // On PostgreSQL the server reads the next batch and inserts the previous one while this one is calculated
      // (decision PGRUN-2, pipeline.ts); on SQLite one batch after another, as before.
      await inBatches(OVERLAP[ctx.store.dialect], {
        first: async () => read(0),
        next: (previous) => read(previous.batch.from + size),
        work: async (batch) => keep(await calculateRows(ctx, jurisdiction, scope, prepared, batch, run, now, options)),
        write: (rows) => insertPayslips(trx, t, rows),
      });
    }
    // The check above is only an early exit: another attempt for this period may take the run for abandoned and
    // mark it failed while the payslips are written (finding F4). The status condition makes the update and the
    // check one statement; when it changes nothing, throwing rolls the payslips back with it, so a run reported
    // failed ("nothing of it was saved") never comes back as a draft holding the period.
    const done = await moveRun(trx, t, run.id, 'processing', { status: 'draft', slot_key: prepared.slot, totals_json: JSON.stringify(totals ?? jurisdiction.totals([])), warnings_json: JSON.stringify(warnings), calculated_at: now, updated_at: now });
    if (!done) {
      const marked = await runStatus(trx, t, run.id);
      throw conflict('PAYROLL_RUN.ABANDONED', `run ${run.id} was marked ${marked ?? 'missing'} while its payslips were being written (another attempt took it for abandoned); none of its payslips were saved; run the period again`, { run_id: run.id, status: marked });
    }
    // One row per run, not per payslip (decision AU4): the run becomes a draft here, with its counts.
    await audit(ctx, trx, { orgId: run.org_id, resourceType: 'payroll_run', resourceId: run.id, action: run.corrects_run_id ? 'correct' : 'create', detail: { country: t.runs === 'de_payroll_runs' ? 'DE' : 'GB', tax_year: run.tax_year, period_number: run.period_number, payslips: prepared.items.length, warnings: warnings.length, corrects_run_id: run.corrects_run_id } });
  });
}
