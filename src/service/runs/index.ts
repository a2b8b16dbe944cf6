/**
 * The payroll run lifecycle, country-neutral (issue 13 point 4, issue 14): a country's run and the run extensions
 * composed from the steps (the country's prepare; claim, calculate, commit; approve; mark paid, discard; read, list)
 * over its Jurisdiction.
 *
 * Atomicity (decision R7): the run is first recorded as `processing` without holding its slot (a GB pay group's
 * period, a German organization's month); then ONE transaction calculates and writes the payslips a batch at a time
 * (issue 19: memory holds one batch, whatever the size) and turns the run into a `draft` that holds the slot
 * (`slot_key`, unique). A process killed before that commit
 * leaves no payslip and only an inert `processing` row (marked `failed` by the next attempt), so nothing blocks the
 * rerun; of two concurrent attempts for the same slot the unique key lets exactly one commit.
 * Approved runs are immutable; their payslips' year-to-date figures become the next run's starting point, and
 * what the run decided (GB: automatic enrolments) is applied when it is approved.
 */
import { isDomainError } from '../../domain/errors.js';
import { findSlotHolder } from '../../store/repositories/payroll-runs.js';
import { requireScope, type ServiceContext } from '../context.js';
import type { Page } from '../contracts/pagination.js';
import { approve } from './approve.js';
import type { CalculateOptions } from './calculate.js';
import { claim } from './claim.js';
import { commit } from './commit.js';
import type { AnyJurisdiction, CalculatedPayslip, Jurisdiction, RunItem } from './jurisdiction.js';
import { fail, forgetLostAttempt, transition } from './lifecycle.js';
import { duplicateRun } from './prepare.js';
import { readRun } from './read.js';
import { type RunThreads, startRunThreads } from './threads/run-threads.js';

export type RunOptions = CalculateOptions;

export interface RunLifecycle<RunWire> {
  /** Calculates and stores a run as a draft: its id and task id. */
  run(orgId: string, body: unknown, options?: RunOptions): Promise<{ task_id: string; status: 'draft'; payroll_status_id: string }>;
  get(orgId: string, runId: string, query?: Record<string, unknown>): Promise<RunWire>;
  list(orgId: string, query: Record<string, unknown>): Promise<Page<RunWire>>;
  approve(orgId: string, runId: string): Promise<RunWire>;
  markPaid(orgId: string, runId: string): Promise<RunWire>;
  discard(orgId: string, runId: string): Promise<RunWire>;
}

export function runLifecycle<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip, RunWire>(ctx: ServiceContext, jurisdiction: Jurisdiction<Request, Item, Pay, Inputs, Slip, RunWire>): RunLifecycle<RunWire> {
  const country = jurisdiction as AnyJurisdiction;
  const t = jurisdiction.tables;
  /** Steps 1 to 4 of a parsed request: prepare, claim, then calculate and commit (in `threads` when given). */
  async function runRequest(orgId: string, request: Request, options: RunOptions, threads: RunThreads | null): Promise<{ task_id: string; status: 'draft'; payroll_status_id: string }> {
    const prepared = await jurisdiction.prepare(ctx, orgId, request);
    const run = await claim(ctx, country, orgId, prepared, options);
    try {
      await commit(ctx, jurisdiction, orgId, prepared, run, options, threads);
    } catch (error) {
      if (isDomainError(error) && error.code === 'PAYROLL_RUN.DUPLICATE') {
        const holder = await findSlotHolder(ctx.store.db, t, prepared.slot);
        if (holder) {
          await forgetLostAttempt(ctx, t, run.id);
          throw duplicateRun(holder.id, holder.status, prepared.slotLabel);
        }
        await fail(ctx, t, run.id, error.message);
        throw error;
      }
      await fail(ctx, t, run.id, error instanceof Error ? error.message : String(error));
      throw error;
    }
    return { task_id: run.task_id, status: 'draft', payroll_status_id: run.id };
  }

  return {
    async run(orgId, body, options = {}) {
      requireScope(ctx, 'payroll:write');
      const request = jurisdiction.parseRequest(body);
      // A large SQLite run is calculated in threads (decision SQLRUN-3); they start loading while the run is prepared.
      const threads = jurisdiction.threads ? startRunThreads(ctx, country, jurisdiction.threads.employees(request)) : null;
      try {
        return await runRequest(orgId, request, options, threads);
      } finally {
        await threads?.close();
      }
    },

    async get(orgId, runId, query) {
      requireScope(ctx, 'payroll:read');
      await jurisdiction.requireOrg(ctx, ctx.store.db, orgId);
      const include = query?.include_payslips;
      const withPayslips = !(include === false || include === 'false' || include === '0');
      return readRun<RunWire>(ctx, country, orgId, runId, withPayslips);
    },

    async list(orgId, query) {
      requireScope(ctx, 'payroll:read');
      return jurisdiction.listRuns(ctx, orgId, query);
    },

    async approve(orgId, runId) {
      await approve(ctx, country, orgId, runId);
      return readRun<RunWire>(ctx, country, orgId, runId, false);
    },

    async markPaid(orgId, runId) {
      await transition(ctx, country, orgId, runId, 'mark as paid', 'approved', 'paid');
      return readRun<RunWire>(ctx, country, orgId, runId, false);
    },

    async discard(orgId, runId) {
      await transition(ctx, country, orgId, runId, 'discard', 'draft', 'discarded');
      return readRun<RunWire>(ctx, country, orgId, runId, false);
    },
  };
}
