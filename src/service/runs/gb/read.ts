/** GB runs as the wire shows them (contracts/payroll-runs.ts) and the page-style list with its filters. */
import type { GbPayrollRunTable, PayrollRunRow } from '../../../store/schema.js';
import { listRunPayslips, runsListQuery } from '../../../store/repositories/payroll-runs.js';
import type { Db, ServiceContext } from '../../context.js';
import { type Page, parsePageQuery } from '../../contracts/pagination.js';
import type { PayrollRun } from '../../contracts/payroll-runs.js';
import { pagePaginate } from '../../paging.js';
import { filterOf, lifecycleWire, statusFilter } from '../read.js';
import { payslipWire } from './figures.js';

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
    ...lifecycleWire(row),
  };
}

export async function gbRunWire(db: Db, row: PayrollRunRow, withPayslips: boolean): Promise<PayrollRun> {
  const run = runWire(row as GbPayrollRunTable);
  if (withPayslips) run.payslips = (await listRunPayslips(db, row.id)).map(payslipWire);
  return run;
}

export async function listGbRuns(ctx: ServiceContext, orgId: string, query: Record<string, unknown>, requireOrg: (db: Db) => Promise<unknown>): Promise<Page<PayrollRun>> {
  const pageQuery = parsePageQuery(query, { sortable: RUN_SORTABLE, searchable: ['external_ref'] });
  const db = ctx.store.db;
  await requireOrg(db);
  const status = statusFilter(query);
  const payGroupId = filterOf(query, 'pay_group_id');
  const taxYear = filterOf(query, 'tax_year');
  return pagePaginate<GbPayrollRunTable, PayrollRun>(
    () => runsListQuery(db, orgId, { status, payGroupId, taxYear }),
    pageQuery,
    { defaultSort: 'id', sortColumns: { created_at: 'created_at', pay_date: 'pay_date', period_number: 'period_number' }, searchColumns: { external_ref: 'external_ref' } },
    runWire,
  );
}
