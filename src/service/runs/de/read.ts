/** German runs as the wire shows them (contracts/germany-payroll-runs.ts) and the page-style list with its filters. */
import { fieldError } from '../../../domain/errors.js';
import { deRunsListQuery, listDeRunPayslips } from '../../../store/repositories/de-payroll-runs.js';
import type { DePayrollRunTable, PayrollRunRow } from '../../../store/schema.js';
import type { Db, ServiceContext } from '../../context.js';
import type { GermanPayrollRun } from '../../contracts/germany-payroll-runs.js';
import { type Page, parsePageQuery } from '../../contracts/pagination.js';
import type { RunStatus } from '../../contracts/payroll-runs.js';
import { pagePaginate } from '../../paging.js';
import { filterOf, statusFilter } from '../read.js';
import { dePayslipWire } from './figures.js';
import { requireDeOrg } from './org.js';

export const DE_RUN_SORTABLE = ['created_at', 'pay_date', 'month'] as const;

export function deRunWire(row: DePayrollRunTable): GermanPayrollRun {
  return {
    id: row.id,
    org_id: row.org_id,
    month: row.month,
    tax_year: row.tax_year,
    period_number: Number(row.period_number),
    period_start: row.period_start,
    period_end: row.period_end,
    pay_date: row.pay_date,
    status: row.status as RunStatus,
    corrects_run_id: row.corrects_run_id,
    external_ref: row.external_ref,
    task_id: row.task_id,
    employee_count: Number(row.employee_count),
    totals: row.totals_json ? (JSON.parse(row.totals_json) as Record<string, string>) : null,
    warnings: row.warnings_json ? (JSON.parse(row.warnings_json) as GermanPayrollRun['warnings']) : [],
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

export async function germanRunWire(db: Db, row: PayrollRunRow, withPayslips: boolean): Promise<GermanPayrollRun> {
  const run = deRunWire(row as DePayrollRunTable);
  if (withPayslips) run.payslips = (await listDeRunPayslips(db, row.id)).map(dePayslipWire);
  return run;
}

export async function listGermanRuns(ctx: ServiceContext, orgId: string, query: Record<string, unknown>): Promise<Page<GermanPayrollRun>> {
  const pageQuery = parsePageQuery(query, { sortable: DE_RUN_SORTABLE, searchable: ['external_ref'] });
  const db = ctx.store.db;
  await requireDeOrg(ctx, db, orgId);
  const status = statusFilter(query);
  const taxYear = filterOf(query, 'tax_year');
  if (taxYear !== null && !/^\d{4}$/.test(taxYear)) throw fieldError(['query', 'tax_year'], 'must be a calendar year such as 2026', 'pattern');
  const month = filterOf(query, 'month');
  if (month !== null && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw fieldError(['query', 'month'], 'must be a month in the form YYYY-MM', 'pattern');
  return pagePaginate<DePayrollRunTable, GermanPayrollRun>(
    () => deRunsListQuery(db, orgId, { status, taxYear, month }),
    pageQuery,
    { defaultSort: 'id', sortColumns: { created_at: 'created_at', pay_date: 'pay_date', month: 'month' }, searchColumns: { external_ref: 'external_ref' } },
    deRunWire,
  );
}
