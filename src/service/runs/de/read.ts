/** German runs as the wire shows them (contracts/germany-payroll-runs.ts) and the page-style list with its filters. */
import { fieldError } from '../../../domain/errors.js';
import { deRunsListQuery, listDeRunPayslips } from '../../../store/repositories/de-payroll-runs.js';
import type { DePayrollRunTable, PayrollRunRow } from '../../../store/schema.js';
import type { Db, ServiceContext } from '../../context.js';
import type { GermanPayrollRun } from '../../contracts/germany-payroll-runs.js';
import { type Page, parsePageQuery } from '../../contracts/pagination.js';
import { pagePaginate } from '../../paging.js';
import { filterOf, lifecycleWire, statusFilter } from '../read.js';
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
    ...lifecycleWire(row),
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
