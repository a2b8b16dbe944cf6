/**
 * Small typed reads of GB payroll runs that the run use case needs to place a run in the pay group's sequence:
 * the latest settled period (where a correction of an earlier period is paid and taxed) and the latest regular
 * run (after which endpoint 18 defaults the period).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Statuses whose figures are final and feed year to date. */
const SETTLED = ['approved', 'paid'];
/** Statuses that hold a pay group's period. */
const LIVE = ['draft', 'approved', 'paid'];

/**
 * The highest period number of the pay group's approved or paid runs (corrections included) in a tax year, or
 * null when none is settled yet.
 */
export async function latestSettledPeriod(db: Db, orgId: string, payGroupId: string, taxYear: string): Promise<number | null> {
  const row = await db
    .selectFrom('gb_payroll_runs')
    .select('period_number')
    .where('org_id', '=', orgId)
    .where('pay_group_id', '=', payGroupId)
    .where('tax_year', '=', taxYear)
    .where('status', 'in', SETTLED)
    .orderBy('period_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.period_number) : null;
}

/** The pay group's latest regular run (not a correction) that holds its period: draft, approved or paid. */
export async function latestLiveRegularRun(db: Db, orgId: string, payGroupId: string): Promise<{ taxYear: string; periodNumber: number } | null> {
  const row = await db
    .selectFrom('gb_payroll_runs')
    .select(['tax_year', 'period_number'])
    .where('org_id', '=', orgId)
    .where('pay_group_id', '=', payGroupId)
    .where('status', 'in', LIVE)
    .where('corrects_run_id', 'is', null)
    .orderBy('tax_year', 'desc')
    .orderBy('period_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { taxYear: row.tax_year, periodNumber: Number(row.period_number) } : null;
}
