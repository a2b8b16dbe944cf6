/**
 * Payroll runs and their payslips (`gb_payroll_runs`, `gb_payslips`, `gb_ytd`; `de_payroll_runs`, `de_payslips`):
 * every query the run lifecycle (service/runs) makes, as small typed functions; the lifecycle's own take the
 * country's tables (RunTables). Each keeps its organization scope; the run lifecycle
 * (processing → draft → approved → paid, discarded, failed) is guarded here by a status condition in the same
 * statement as the change, so a transition that lost a race changes nothing and says so (false).
 */
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db.js';
import type { DePayrollRunTable, GbPayrollRunTable, GbPayslipTable, GbPensionMembershipTable, PayrollRunHead, PayrollRunRow, PayslipRow } from '../schema.js';
import { writeInChunks } from './bulk-insert.js';
import { chunks } from './chunks.js';
import { placeholderStyle } from './placeholder-style.js';
import { scopeColumn } from './scope-filter.js';

/** Statuses whose figures are final and feed year to date. */
export const SETTLED_RUN_STATUSES = ['approved', 'paid'] as const;
/** Statuses that hold a pay group's period. */
export const LIVE_RUN_STATUSES = ['draft', 'approved', 'paid'] as const;

/** A country's run and payslip tables: the lifecycle's queries below work on either country's pair. */
export interface RunTables {
  runs: 'gb_payroll_runs' | 'de_payroll_runs';
  payslips: 'gb_payslips' | 'de_payslips';
}

export const GB_RUN_TABLES: RunTables = { runs: 'gb_payroll_runs', payslips: 'gb_payslips' };
export const DE_RUN_TABLES: RunTables = { runs: 'de_payroll_runs', payslips: 'de_payslips' };

/**
 * The store seen through the columns every country's run and payslip tables share (PayrollRunRow, PayslipRow).
 * The lifecycle's queries name only those columns, so one query serves both countries; the casts below pick the
 * table by name at run time, and the view types every such table with the shared columns only.
 */
type SharedView = Kysely<{ [K in RunTables['runs']]: PayrollRunRow } & { [K in RunTables['payslips']]: PayslipRow }>;
const shared = (db: Db): SharedView => db as unknown as SharedView;
const runsOf = (t: RunTables) => t.runs as 'gb_payroll_runs';
const payslipsOf = (t: RunTables) => t.payslips as 'gb_payslips';

export async function findRun(db: Db, t: RunTables, orgId: string, runId: string): Promise<PayrollRunRow | undefined> {
  return shared(db).selectFrom(runsOf(t)).selectAll().where('org_id', '=', orgId).where('id', '=', runId).executeTakeFirst();
}

const SHARED_RUN_HEAD_COLUMNS = [
  'id', 'org_id', 'tax_year', 'period_number', 'period_start', 'period_end', 'pay_date', 'status', 'slot_key', 'corrects_run_id', 'external_ref', 'task_id',
  'employee_count', 'totals_json', 'failure_reason', 'worker', 'include_execution_history', 'created_at', 'created_by', 'updated_at', 'calculated_at',
  'approved_at', 'approved_by', 'paid_at', 'paid_by', 'discarded_at', 'discarded_by',
] as const satisfies readonly (keyof PayrollRunHead)[];

/** Every column of each country's run table but warnings_json (test/store/run-head-columns.test.ts holds the lists to the tables). */
export const RUN_HEAD_COLUMNS = {
  gb_payroll_runs: [...SHARED_RUN_HEAD_COLUMNS, 'pay_group_id', 'pay_calendar_id', 'frequency', 'tax_period'] as const satisfies readonly (keyof Omit<GbPayrollRunTable, 'warnings_json'>)[],
  de_payroll_runs: [...SHARED_RUN_HEAD_COLUMNS, 'month'] as const satisfies readonly (keyof Omit<DePayrollRunTable, 'warnings_json'>)[],
} as const;

/**
 * A run as the lifecycle checks and moves it: every column of its country's table but its warnings (PayrollRunHead).
 * A 100,000-employee run's warnings_json is about 23 MB; approval read it twice and never looked at it.
 */
export async function findRunHead(db: Db, t: RunTables, orgId: string, runId: string): Promise<PayrollRunHead | undefined> {
  return (await db
    .selectFrom(t.runs as 'gb_payroll_runs')
    .select([...RUN_HEAD_COLUMNS[t.runs]] as (keyof GbPayrollRunTable)[])
    .where('org_id', '=', orgId)
    .where('id', '=', runId)
    .executeTakeFirst()) as PayrollRunHead | undefined;
}

/** A GB run with its pay group and calendar (prepare and the GB checks read them). */
export async function findGbRun(db: Db, orgId: string, runId: string): Promise<GbPayrollRunTable | undefined> {
  return db.selectFrom('gb_payroll_runs').selectAll().where('org_id', '=', orgId).where('id', '=', runId).executeTakeFirst();
}

/** The run holding a pay group's period (slot keys are unique across the store). */
export async function findSlotHolder(db: Db, t: RunTables, slotKey: string): Promise<{ id: string; status: string } | undefined> {
  return shared(db).selectFrom(runsOf(t)).select(['id', 'status']).where('slot_key', '=', slotKey).executeTakeFirst();
}

/** A draft of the pay group for an earlier period of the tax year (year to date builds on approved runs in order). */
export async function findEarlierDraft(db: Db, orgId: string, payGroupId: string, taxYear: string, periodNumber: number): Promise<{ id: string; period_number: number } | undefined> {
  return db
    .selectFrom('gb_payroll_runs')
    .select(['id', 'period_number'])
    .where('org_id', '=', orgId)
    .where('pay_group_id', '=', payGroupId)
    .where('tax_year', '=', taxYear)
    .where('status', '=', 'draft')
    .where('period_number', '<', periodNumber)
    .executeTakeFirst();
}

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
    .where('status', 'in', [...SETTLED_RUN_STATUSES])
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
    .where('status', 'in', [...LIVE_RUN_STATUSES])
    .where('corrects_run_id', 'is', null)
    .orderBy('tax_year', 'desc')
    .orderBy('period_number', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { taxYear: row.tax_year, periodNumber: Number(row.period_number) } : null;
}

/**
 * The organization's attempts for a tax year's period still marked `processing` (candidates for abandoned). Every
 * pay group's: an attempt whose process ended is abandoned whichever group it ran.
 */
export async function listProcessingRuns(db: Db, t: RunTables, orgId: string, taxYear: string, periodNumber: number): Promise<{ id: string; worker: string | null; updated_at: string }[]> {
  return shared(db)
    .selectFrom(runsOf(t))
    .select(['id', 'worker', 'updated_at'])
    .where('org_id', '=', orgId)
    .where('tax_year', '=', taxYear)
    .where('period_number', '=', periodNumber)
    .where('status', '=', 'processing')
    .execute();
}

/** processing → failed for the runs named (those still processing). */
export async function markRunsFailed(db: Db, t: RunTables, runIds: readonly string[], reason: string, now: string): Promise<void> {
  if (runIds.length === 0) return;
  await shared(db)
    .updateTable(runsOf(t))
    .set({ status: 'failed', failure_reason: reason, updated_at: now })
    .where('id', 'in', [...runIds])
    .where('status', '=', 'processing')
    .execute();
}

export async function insertRun(db: Db, t: RunTables, row: PayrollRunRow): Promise<void> {
  // The row carries its country's own columns too (GB: pay group, calendar); the insert writes all of them.
  await shared(db).insertInto(runsOf(t)).values(row).execute();
}

export async function runStatus(db: Db, t: RunTables, runId: string): Promise<string | null> {
  const row = await shared(db).selectFrom(runsOf(t)).select('status').where('id', '=', runId).executeTakeFirst();
  return row ? row.status : null;
}

export async function insertPayslips(db: Db, t: RunTables, rows: readonly PayslipRow[]): Promise<void> {
  await writeInChunks(db, `insert ${payslipsOf(t)}`, rows, 200, (part) => shared(db).insertInto(payslipsOf(t)).values(part));
}

/**
 * Moves a run from `from` to the given status fields; false when it was no longer `from` (another writer moved
 * it first). The status condition makes the check and the change one statement.
 */
/**
 * Removes an attempt that never saved anything: a `processing` row (its payslips were written in the same
 * transaction as its move to draft, so a processing row has none). True when a row was removed.
 */
export async function deleteUnsavedAttempt(db: Db, t: RunTables, runId: string): Promise<boolean> {
  const done = await shared(db).deleteFrom(runsOf(t)).where('id', '=', runId).where('status', '=', 'processing').executeTakeFirst();
  return Number(done.numDeletedRows) === 1;
}

export async function moveRun(db: Db, t: RunTables, runId: string, from: string, set: Partial<PayrollRunRow>): Promise<boolean> {
  const done = await shared(db).updateTable(runsOf(t)).set(set).where('id', '=', runId).where('status', '=', from).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export interface RunListFilters {
  status: string | null;
  payGroupId: string | null;
  taxYear: string | null;
}

/** The organization's GB runs with the list filters, for the pager (which adds search, sort and the page). */
export function runsListQuery(db: Db, orgId: string, filters: RunListFilters) {
  let q = db.selectFrom('gb_payroll_runs').selectAll().where('org_id', '=', orgId);
  if (filters.status !== null) q = q.where('status', '=', filters.status);
  if (filters.payGroupId !== null) q = q.where('pay_group_id', '=', filters.payGroupId);
  if (filters.taxYear !== null) q = q.where('tax_year', '=', filters.taxYear);
  return q;
}

/** A GB run's payslips in id (creation) order. */
export async function listRunPayslips(db: Db, runId: string): Promise<GbPayslipTable[]> {
  return db.selectFrom('gb_payslips').selectAll().where('run_id', '=', runId).orderBy('id').execute();
}

/**
 * A page of a GB run's payslips in employee order, after `afterEmployeeId` (null: from the start): what a run of any
 * size is read in (issue 19), keyed by the unique (run_id, employee_id) index so that each page costs the same.
 */
export async function listRunPayslipsPage(db: Db, runId: string, afterEmployeeId: string | null, limit: number): Promise<GbPayslipTable[]> {
  let q = db.selectFrom('gb_payslips').selectAll().where('run_id', '=', runId);
  if (afterEmployeeId !== null) q = q.where('employee_id', '>', afterEmployeeId);
  return q.orderBy('employee_id').limit(limit).execute();
}

/** A page of a GB run's leavers' payslips (is_leaver = 1, the only ones with a P45), in employee order as listRunPayslipsPage. */
export async function listRunLeaverPayslipsPage(db: Db, runId: string, afterEmployeeId: string | null, limit: number): Promise<GbPayslipTable[]> {
  let q = db.selectFrom('gb_payslips').selectAll().where('run_id', '=', runId).where('is_leaver', '=', 1);
  if (afterEmployeeId !== null) q = q.where('employee_id', '>', afterEmployeeId);
  return q.orderBy('employee_id').limit(limit).execute();
}

/**
 * A page of the employees paid by a run of either country (its payslips' employee ids), in employee order, by the
 * unique (run_id, employee_id) index; `limit` null: every one after `afterEmployeeId` (a GB approval in threads cuts
 * its pages from them).
 */
export async function listRunEmployeeIdsPage(db: Db, t: RunTables, runId: string, afterEmployeeId: string | null, limit: number | null): Promise<string[]> {
  let q = shared(db).selectFrom(payslipsOf(t)).select('employee_id').where('run_id', '=', runId);
  if (afterEmployeeId !== null) q = q.where('employee_id', '>', afterEmployeeId);
  q = q.orderBy('employee_id');
  const rows = await (limit === null ? q : q.limit(limit)).execute();
  return rows.map((r) => r.employee_id);
}

/** The payslips of a run of either country paid to `employeeIds` (by the unique (run_id, employee_id) index). */
export async function findRunPayslipsOf(db: Db, t: RunTables, runId: string, employeeIds: readonly string[]): Promise<PayslipRow[]> {
  if (employeeIds.length === 0) return [];
  return shared(db).selectFrom(payslipsOf(t)).selectAll().where('run_id', '=', runId).where('employee_id', 'in', [...employeeIds]).execute() as Promise<PayslipRow[]>;
}

/**
 * What approval needs of a run's payslips, a page at a time in employee order (as listRunPayslipsPage): the
 * year-to-date base and any automatic enrolment. Not the year-to-date figures: upsertYtdFromPayslips copies them
 * inside the store (decision PGRUN-6).
 */
export async function listPayslipsForApproval(db: Db, runId: string, afterEmployeeId: string | null, limit: number): Promise<ApprovalPayslipRow[]> {
  if (placeholderStyle(db) === '$') return fetchApprovalPage(db, runId, afterEmployeeId, limit);
  let q = approvalPayslipsInOrder(db, runId);
  if (afterEmployeeId !== null) q = q.where('employee_id', '>', afterEmployeeId);
  return q.limit(limit).execute();
}

type ApprovalPayslipRow = Pick<GbPayslipTable, 'id' | 'employee_id' | 'ytd_base_payslip_id' | 'auto_enrolment_json'>;

/** What approval reads of a run's payslips, in employee order: the keyset pages' query and the cursor's. */
function approvalPayslipsInOrder(db: Db, runId: string) {
  return db.selectFrom('gb_payslips').select(['id', 'employee_id', 'ytd_base_payslip_id', 'auto_enrolment_json']).where('run_id', '=', runId).orderBy('employee_id');
}

/**
 * PostgreSQL: the approval's pages read through one cursor over the run's payslips in employee order, declared with
 * the first page and fetched a page at a time (decision PGRUN-15). The keyset query (`employee_id > $2 order by
 * employee_id limit $3`) relied on the planner's statistics, which are those of before the run until autovacuum
 * analyses the table: right after a store's first run they said the run had about 26 payslips, the planner took a
 * bitmap scan of every payslip after the key and sorted them, and each page read the rest of the run again (10,000
 * employees: 25 pages, 125,000 rows read; 100,000: 250 pages, 12.5 million). A cursor is planned for its first rows
 * (cursor_tuple_fraction), so the (run_id, employee_id) index is walked once, in order, whatever the statistics say.
 * The cursor ends with the approval's transaction. The approval holds the organization lock and a draft run's
 * payslips do not change, so the pages are those the keyset query gives (test/service/run-pipeline.test.ts).
 */
async function fetchApprovalPage(db: Db, runId: string, afterEmployeeId: string | null, limit: number): Promise<ApprovalPayslipRow[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`approval page size ${limit} is not a positive whole number`);
  const cursor = sql.id(`approval_${runId.replace(/[^0-9a-z]/gi, '')}`);
  if (afterEmployeeId === null) {
    await sql`declare ${cursor} no scroll cursor for ${approvalPayslipsInOrder(db, runId)}`.execute(db);
  }
  // FETCH takes its count as a literal, not a parameter.
  return (await sql<ApprovalPayslipRow>`fetch forward ${sql.raw(String(limit))} from ${cursor}`.execute(db)).rows;
}

export interface StoredYtd {
  payslipId: string;
  employmentStart: string;
  figuresJson: string;
}

/** The employees' latest year-to-date figures of a tax year (from their last approved payslip). */
export async function loadYtd(db: Db, orgId: string, taxYear: string, ids: readonly string[]): Promise<Map<string, StoredYtd>> {
  const map = new Map<string, StoredYtd>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('gb_ytd').select(['employee_id', 'payslip_id', 'employment_start', 'figures_json']).where(scopeColumn('org_id'), '=', orgId).where('tax_year', '=', taxYear).where('employee_id', 'in', part).execute();
    for (const row of rows) map.set(row.employee_id, { payslipId: row.payslip_id, employmentStart: row.employment_start, figuresJson: row.figures_json });
  }
  return map;
}

/** The payslip each employee's year-to-date row of a tax year comes from (all approval checks; not the figures). */
export async function loadYtdBases(db: Db, orgId: string, taxYear: string, ids: readonly string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const part of chunks(ids)) {
    const rows = await db.selectFrom('gb_ytd').select(['employee_id', 'payslip_id']).where(scopeColumn('org_id'), '=', orgId).where('tax_year', '=', taxYear).where('employee_id', 'in', part).execute();
    for (const row of rows) map.set(row.employee_id, row.payslip_id);
  }
  return map;
}

/**
 * Makes run `runId`'s payslips of the employees after `page.after` up to and including `page.through` (in employee
 * id order: an approval page) their employees' year-to-date rows for the run's tax year, or replaces those rows. The
 * figures are copied by the store itself, in one statement, instead of being read out and sent back (decision
 * PGRUN-6), and the page is named by its bounds rather than by its 400 ids (decision PGRUN-12): the store walks the
 * run's (run_id, employee_id) index over one range instead of probing it once per id, and the statement text is
 * the same for every page. The employment start is the employee's start date (`fallbackStart` for an employee no
 * longer in the store); `stamp` is the approval's time.
 */
export async function upsertYtdFromPayslips(db: Db, runId: string, page: { after: string | null; through: string }, fallbackStart: string, stamp: string): Promise<void> {
  const { after, through } = page;
  await db
    .insertInto('gb_ytd')
    .columns(['employee_id', 'tax_year', 'org_id', 'employment_start', 'payslip_id', 'figures_json', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('gb_payslips')
        .leftJoin('employees', 'employees.id', 'gb_payslips.employee_id')
        .select((s) => [
          'gb_payslips.employee_id',
          'gb_payslips.tax_year',
          'gb_payslips.org_id',
          s.fn.coalesce('employees.start_date', sql<string>`${fallbackStart}`).as('employment_start'),
          'gb_payslips.id',
          'gb_payslips.ytd_json',
          sql<string>`${stamp}`.as('updated_at'),
        ])
        .where('gb_payslips.run_id', '=', runId)
        .$if(after !== null, (q) => q.where('gb_payslips.employee_id', '>', after as string))
        .where('gb_payslips.employee_id', '<=', through),
    )
    .onConflict((oc) =>
      oc.columns(['employee_id', 'tax_year']).doUpdateSet((u) => ({
        employment_start: u.ref('excluded.employment_start'),
        payslip_id: u.ref('excluded.payslip_id'),
        figures_json: u.ref('excluded.figures_json'),
        updated_at: u.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Closes an open membership record's window (re-enrolment after an opt-out); false when it was closed meanwhile. */
export async function closeMembershipWindow(db: Db, membershipId: string, validTo: string): Promise<boolean> {
  const closed = await db.updateTable('gb_pension_memberships').set({ valid_to: validTo }).where('id', '=', membershipId).where('valid_to', 'is', null).executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

export async function insertMemberships(db: Db, rows: readonly GbPensionMembershipTable[]): Promise<void> {
  await writeInChunks(db, 'insert gb_pension_memberships', rows, 200, (part) => db.insertInto('gb_pension_memberships').values(part));
}

/** Opt-out memberships (of those named) already refunded by an approved or paid run. */
export async function refundedMemberships(db: Db, orgId: string, optOutIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('gb_payslips')
    .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
    .select('gb_payslips.refund_membership_id')
    .where('gb_payslips.org_id', '=', orgId)
    .where('gb_payslips.refund_membership_id', 'in', [...optOutIds])
    .where('gb_payroll_runs.status', 'in', [...SETTLED_RUN_STATUSES])
    .execute();
  return new Set(rows.map((r) => r.refund_membership_id).filter((id): id is string => id !== null));
}

/** Contributions taken (approved and paid runs) under the memberships named, as the payslips recorded them. */
export async function contributionsTaken(db: Db, orgId: string, membershipIds: readonly string[]): Promise<{ membership_id: string | null; contribution_json: string | null }[]> {
  return db
    .selectFrom('gb_payslips')
    .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
    .select(['gb_payslips.membership_id', 'gb_payslips.contribution_json'])
    .where('gb_payslips.org_id', '=', orgId)
    .where('gb_payslips.membership_id', 'in', [...membershipIds])
    .where('gb_payroll_runs.status', 'in', [...SETTLED_RUN_STATUSES])
    .execute();
}

/** Payslips of the approved and paid runs of a pay group's period for the employees named (a supplementary run aggregates NI with them). */
export async function settledPayslipsOfPeriod(db: Db, orgId: string, payGroupId: string, taxYear: string, periodNumber: number, employeeIds: readonly string[]): Promise<Pick<GbPayslipTable, 'employee_id' | 'employee_ni' | 'employer_ni' | 'figures_json' | 'figures_version'>[]> {
  const rows: Pick<GbPayslipTable, 'employee_id' | 'employee_ni' | 'employer_ni' | 'figures_json' | 'figures_version'>[] = [];
  for (const part of chunks(employeeIds)) {
    rows.push(
      ...(await db
        .selectFrom('gb_payslips')
        .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
        .select(['gb_payslips.employee_id', 'gb_payslips.employee_ni', 'gb_payslips.employer_ni', 'gb_payslips.figures_json', 'gb_payslips.figures_version'])
        .where('gb_payroll_runs.org_id', '=', orgId)
        .where('gb_payroll_runs.pay_group_id', '=', payGroupId)
        .where('gb_payroll_runs.tax_year', '=', taxYear)
        .where('gb_payroll_runs.period_number', '=', periodNumber)
        .where('gb_payroll_runs.status', 'in', [...SETTLED_RUN_STATUSES])
        .where('gb_payslips.employee_id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

/** Payslips of approved and paid runs of the employees paid on or before `upTo` (their pay history). */
export async function settledPayslipsOfEmployees(db: Db, orgId: string, employeeIds: readonly string[], upTo: string): Promise<Pick<GbPayslipTable, 'employee_id' | 'pay_date' | 'figures_json' | 'figures_version'>[]> {
  const rows: Pick<GbPayslipTable, 'employee_id' | 'pay_date' | 'figures_json' | 'figures_version'>[] = [];
  for (const part of chunks(employeeIds)) {
    rows.push(
      ...(await db
        .selectFrom('gb_payslips')
        .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
        .select(['gb_payslips.employee_id', 'gb_payslips.pay_date', 'gb_payslips.figures_json', 'gb_payslips.figures_version'])
        .where('gb_payslips.org_id', '=', orgId)
        .where('gb_payslips.employee_id', 'in', part)
        .where('gb_payslips.pay_date', '<=', upTo)
        .where('gb_payroll_runs.status', 'in', [...SETTLED_RUN_STATUSES])
        .execute()),
    );
  }
  return rows;
}

/** Every payslip of the organization's approved and paid runs of a tax year (what it owes HMRC for the year). */
export async function settledPayslipsOfTaxYear(db: Db, orgId: string, taxYear: string): Promise<Pick<GbPayslipTable, 'pay_date' | 'tax' | 'employee_ni' | 'employer_ni' | 'figures_json' | 'figures_version'>[]> {
  return db
    .selectFrom('gb_payslips')
    .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
    .select(['gb_payslips.pay_date', 'gb_payslips.tax', 'gb_payslips.employee_ni', 'gb_payslips.employer_ni', 'gb_payslips.figures_json', 'gb_payslips.figures_version'])
    .where('gb_payroll_runs.org_id', '=', orgId)
    .where('gb_payroll_runs.tax_year', '=', taxYear)
    .where('gb_payroll_runs.status', 'in', [...SETTLED_RUN_STATUSES])
    .orderBy('gb_payslips.id')
    .execute();
}
