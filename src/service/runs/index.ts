/**
 * The payroll run lifecycle, country-neutral (issue 13 point 4): endpoint 18 and the run extensions composed from
 * the steps (prepare, claim, calculate, commit; approve; mark paid, discard; read, list) over a country's
 * Jurisdiction.
 *
 * Atomicity (decision R7): the run is first recorded as `processing` without holding its pay group and period;
 * the calculation runs in memory; then ONE transaction writes every payslip and turns the run into a `draft` that
 * holds the period (`slot_key`, unique). A process killed before that commit leaves no payslip and only an inert
 * `processing` row (marked `failed` by the next attempt), so nothing blocks the rerun; of two concurrent attempts
 * for the same pay group and period the unique key lets exactly one commit.
 * Approved runs are immutable; their payslips' year-to-date figures become the next run's starting point, and
 * what the run decided (GB: automatic enrolments) is applied when it is approved.
 */
import { isDomainError } from '../../domain/errors.js';
import { findSlotHolder } from '../../store/repositories/payroll-runs.js';
import { requireScope, type ServiceContext } from '../context.js';
import type { Page } from '../contracts/pagination.js';
import type { PayrollRun } from '../contracts/payroll-runs.js';
import { approve } from './approve.js';
import { calculate, type CalculateOptions } from './calculate.js';
import { claim } from './claim.js';
import { commit } from './commit.js';
import type { CalculatedPayslip, Jurisdiction, RunRequest } from './jurisdiction.js';
import { fail, transition } from './lifecycle.js';
import { duplicateRun, prepare } from './prepare.js';
import { listRuns, readRun } from './read.js';

export type RunOptions = CalculateOptions;

export interface RunLifecycle {
  /** Calculates and stores a run as a draft: its id and task id. */
  run(orgId: string, body: unknown, options?: RunOptions): Promise<{ task_id: string; status: 'draft'; payroll_status_id: string }>;
  get(orgId: string, runId: string, query?: Record<string, unknown>): Promise<PayrollRun>;
  list(orgId: string, query: Record<string, unknown>): Promise<Page<PayrollRun>>;
  approve(orgId: string, runId: string): Promise<PayrollRun>;
  markPaid(orgId: string, runId: string): Promise<PayrollRun>;
  discard(orgId: string, runId: string): Promise<PayrollRun>;
}

export function runLifecycle<Request extends RunRequest, Pay, Inputs, Slip extends CalculatedPayslip>(ctx: ServiceContext, jurisdiction: Jurisdiction<Request, Pay, Inputs, Slip>): RunLifecycle {
  const country = jurisdiction as unknown as Jurisdiction<RunRequest, unknown, unknown, never>;
  return {
    async run(orgId, body, options = {}) {
      requireScope(ctx, 'payroll:write');
      const request = jurisdiction.parseRequest(body);
      const prepared = await prepare(ctx, jurisdiction, orgId, request);
      const run = await claim(ctx, orgId, prepared, options);
      try {
        const result = await calculate(ctx, jurisdiction, orgId, prepared, options);
        await commit(ctx, jurisdiction, prepared, run, result);
      } catch (error) {
        if (isDomainError(error) && error.code === 'PAYROLL_RUN.DUPLICATE') {
          const holder = await findSlotHolder(ctx.store.db, prepared.slot);
          await fail(ctx, run.id, holder ? `another run (${holder.id}) for this pay group and period was saved first` : error.message);
          if (holder) throw duplicateRun(holder.id, holder.status, prepared.period);
          throw error;
        }
        await fail(ctx, run.id, error instanceof Error ? error.message : String(error));
        throw error;
      }
      return { task_id: run.task_id, status: 'draft', payroll_status_id: run.id };
    },

    async get(orgId, runId, query) {
      requireScope(ctx, 'payroll:read');
      await jurisdiction.requireOrg(ctx, ctx.store.db, orgId);
      const include = query?.include_payslips;
      const withPayslips = !(include === false || include === 'false' || include === '0');
      return readRun(ctx, country, orgId, runId, withPayslips);
    },

    async list(orgId, query) {
      requireScope(ctx, 'payroll:read');
      return listRuns(ctx, country, orgId, query);
    },

    async approve(orgId, runId) {
      await approve(ctx, country, orgId, runId);
      return readRun(ctx, country, orgId, runId, false);
    },

    async markPaid(orgId, runId) {
      await transition(ctx, country, orgId, runId, 'mark as paid', 'approved', 'paid');
      return readRun(ctx, country, orgId, runId, false);
    },

    async discard(orgId, runId) {
      await transition(ctx, country, orgId, runId, 'discard', 'draft', 'discarded');
      return readRun(ctx, country, orgId, runId, false);
    },
  };
}
