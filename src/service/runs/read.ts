/** Reading runs: the run as the wire shows it, its payslips rendered by the country, and the page-style list. */
import { fieldError } from '../../domain/errors.js';
import type { GbPayrollRunTable } from '../../store/schema.js';
import { listRunPayslips, runsListQuery } from '../../store/repositories/payroll-runs.js';
import type { ServiceContext } from '../context.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import { type PayrollRun, type Payslip, RUN_STATUSES, type RunStatus } from '../contracts/payroll-runs.js';
import { pagePaginate } from '../paging.js';
import type { Jurisdiction, RunRequest } from './jurisdiction.js';
import { requireRun } from './lifecycle.js';

export const RUN_SORTABLE = ['created_at', 'pay_date', 'period_number'] as const;

export function runWire(row: GbPayrollRunTable): PayrollRun {
  return {
    id: row.id,
    org_id: row.org_id,
    pay_group_id: row.pay_group_id,
    pay_calendar_id: row.pay_calendar_id,
    frequency: row.frequency,
    tax_year: row.tax_year,
    period_number: Number(row.period_number),
    tax_period: Number(row.tax_period),
    period_start: row.period_start,
    period_end: row.period_end,
    pay_date: row.pay_date,
    status: row.status as RunStatus,
    corrects_run_id: row.corrects_run_id,
    external_ref: row.external_ref,
    task_id: row.task_id,
    employee_count: Number(row.employee_count),
    totals: row.totals_json ? (JSON.parse(row.totals_json) as Record<string, string>) : null,
    warnings: row.warnings_json ? (JSON.parse(row.warnings_json) as PayrollRun['warnings']) : [],
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

export async function readRun(ctx: ServiceContext, jurisdiction: Jurisdiction<RunRequest, unknown, unknown, never>, orgId: string, runId: string, withPayslips: boolean): Promise<PayrollRun> {
  const db = ctx.store.db;
  const row = await requireRun(db, orgId, runId);
  const run = runWire(row);
  if (withPayslips) run.payslips = (await listRunPayslips(db, runId)).map((p) => jurisdiction.payslipWire(p) as Payslip);
  return run;
}

export async function listRuns(ctx: ServiceContext, jurisdiction: Jurisdiction<RunRequest, unknown, unknown, never>, orgId: string, query: Record<string, unknown>): Promise<Page<PayrollRun>> {
  const pageQuery = parsePageQuery(query, { sortable: RUN_SORTABLE, searchable: ['external_ref'] });
  const db = ctx.store.db;
  await jurisdiction.requireOrg(ctx, db, orgId);
  const status = query.status === undefined || query.status === '' ? null : String(query.status);
  if (status !== null && !(RUN_STATUSES as readonly string[]).includes(status)) throw fieldError(['query', 'status'], `must be one of ${RUN_STATUSES.join(', ')}`, 'enum');
  const payGroupId = query.pay_group_id === undefined || query.pay_group_id === '' ? null : String(query.pay_group_id);
  const taxYear = query.tax_year === undefined || query.tax_year === '' ? null : String(query.tax_year);
  return pagePaginate<GbPayrollRunTable, PayrollRun>(
    () => runsListQuery(db, orgId, { status, payGroupId, taxYear }),
    pageQuery,
    { defaultSort: 'id', sortColumns: { created_at: 'created_at', pay_date: 'pay_date', period_number: 'period_number' }, searchColumns: { external_ref: 'external_ref' } },
    runWire,
  );
}
