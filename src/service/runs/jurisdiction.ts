/**
 * The country seam of the payroll run lifecycle (issue 13 point 4, issue 14). The lifecycle itself (service/runs:
 * claim, calculate, commit, approve, lifecycle, read) knows the run's status machine, its atomicity (decision R7) and
 * the columns every country's run and payslip tables share; everything else sits behind this interface: which
 * requests a country takes and how they are checked against the store (its period, the slot a live run holds, the
 * employees paid: `prepare`), what a run reads besides the employees, how one payslip is calculated, stored and
 * shown, and what approval makes final. GB implements it in runs/gb/ (pay groups and calendars, runs/prepare.ts),
 * Germany in runs/de/ (one run per organization and month).
 */
import type { PayCountry, PayFrequency, PayPeriod } from '../../domain/pay-periods.js';
import type { RunTables } from '../../store/repositories/payroll-runs.js';
import type { EmployeeTable, OrganizationTable, PayrollRunHead, PayrollRunRow, PayslipRow } from '../../store/schema.js';
import type { Page } from '../contracts/pagination.js';
import type { Db, IdGenerator, ServiceContext } from '../context.js';
import type { RunThreads } from './threads/run-threads.js';
import type { GeneratedDocument } from '../outputs/generated-documents.js';

/** What every country's run request names: the employees paid (one item each). */
export interface RunItem {
  employee_id: string;
}

export interface RunPeriod extends PayPeriod {
  frequency: PayFrequency;
}

/**
 * Where a correction of an earlier period is paid: the period whose cumulative figures the tax uses and the tax
 * period it is reported in (GB: see CorrectionPlacement in domain/gb/run/employee-payslip.ts).
 */
export interface RunCorrection {
  correctsRunId: string;
  paidInPeriodNumber: number;
  paidInTaxPeriod: number;
  /** The pay date of that period (GB: the payment date the FPS reports the correction with). */
  paidInPayDate?: string;
}

/** The run being calculated: organization and period. */
export interface RunScope {
  orgId: string;
  period: RunPeriod;
  correction: RunCorrection | null;
}

/** Step 1 of a run, done by the country: everything checked that does not need the calculation. */
export interface Prepared<Request, Item extends RunItem, Pay> {
  request: Request;
  /** One item per employee paid, in the order the payslips are calculated. */
  items: readonly Item[];
  period: RunPeriod;
  /**
   * Items `from` to `from + count` (exclusive) with their employees and pay (checked and sorted), read through `db`
   * when the batch is calculated: a run holds one batch of employees at a time, never all (issue 19).
   */
  batch(db: Db, from: number, count: number): Promise<RunBatch<Item, Pay>>;
  correctsRunId: string | null;
  /** A correction: the period it is paid, taxed and reported in. */
  correction: RunCorrection | null;
  /** The key a live run holds (unique per country table): one live run per slot. */
  slot: string;
  /** What the slot stands for, in words ("this pay group and 2025-26 period 3", "this organization and 2026-11"). */
  slotLabel: string;
  externalRef: string | null;
  /** The country's own columns of the run row (GB: pay group, calendar, frequency, tax period; DE: month). */
  runColumns: Readonly<Record<string, string | number | null>>;
  /** Where item `index` sits in the request, for errors located inside it (empty: the calculation locates its issues itself). */
  locOf(index: number): (string | number)[];
}

/**
 * A prepared run as a calculation thread receives it (Jurisdiction.threads): its plain fields, the request without
 * its items, and the organization; structured-cloneable data only.
 */
export interface ThreadPlan extends Pick<Prepared<unknown, RunItem, unknown>, 'period' | 'correctsRunId' | 'correction' | 'slot' | 'slotLabel' | 'externalRef' | 'runColumns'> {
  orgId: string;
  request: Record<string, unknown>;
}

/** A batch of a run's items, as calculated and written together (calculate.ts). */
export interface RunBatch<Item extends RunItem, Pay> {
  /** Index of the first item in the run (Prepared.items, Prepared.locOf). */
  from: number;
  items: readonly Item[];
  employees: ReadonlyMap<string, EmployeeTable>;
  /** Per item of the batch: its pay, checked and sorted. */
  pay: readonly Pay[];
}

/** One calculated payslip as the lifecycle sees it: whose it is and what it warns about. */
export interface CalculatedPayslip {
  employeeId: string;
  warnings: readonly string[];
}

/** What the store keeps of one payslip (row) and the id of the year-to-date figures it started from. */
export interface PayslipCalculation<Slip extends CalculatedPayslip> {
  payslip: Slip;
  /** What the payslip's year to date started from (GB: a payslip id; DE: a fingerprint of the history read). */
  ytdBase: string | null;
}

export interface Jurisdiction<Request, Item extends RunItem, Pay, Inputs, Slip extends CalculatedPayslip, RunWire = unknown> {
  readonly country: PayCountry;
  /** The country's run and payslip tables. */
  readonly tables: RunTables;
  /** Error code of a payslip the statute cannot compute. */
  readonly uncomputableCode: string;
  /** The request body against the country's wire contract. */
  parseRequest(body: unknown): Request;
  /** The organization, which must be one of this country's. */
  requireOrg(ctx: ServiceContext, db: Db, orgId: string): Promise<OrganizationTable>;
  /** Step 1: period, correction, slot and the employees paid, checked against the store; writes nothing. */
  prepare(ctx: ServiceContext, orgId: string, request: Request): Promise<Prepared<Request, Item, Pay>>;
  /**
   * Calculation in threads beside the run's writes (runs/threads, decision SQLRUN-3): `plan` is what a thread needs
   * of the prepared run, as plain data without the items (each batch brings its own); `prepared` rebuilds Prepared
   * from it in the thread, over `items`, the items the thread has been given (a sparse list indexed as the run's).
   * Absent: the country calculates in the run's own thread.
   */
  readonly threads?: {
    /** How many employees the request pays (before it is prepared: the threads start while it is). */
    employees(request: Request): number;
    plan(orgId: string, prepared: Prepared<Request, Item, Pay>): ThreadPlan;
    prepared(plan: ThreadPlan, items: Item[]): Prepared<Request, Item, Pay>;
    /**
     * An approval's page worked on in a thread: the `count` payslips after employee `after` read through `db` and
     * turned into what the approval writes (which the country's approve, given threads, writes); `plan` is what the
     * country's approve sent, `ids` the ids the page takes. Absent: approvals run in their own thread.
     */
    approvalPage?(db: Db, plan: unknown, after: string | null, count: number, ids: IdGenerator): Promise<unknown>;
  };
  /** Everything besides the employees the calculation of one batch reads from the store, in batched reads. */
  loadInputs(db: Db, scope: RunScope, prepared: Prepared<Request, Item, Pay>, batch: RunBatch<Item, Pay>): Promise<Inputs>;
  /** One employee's payslip (pure; validation errors are located inside the item by the caller). */
  calculate(args: { payslipId: string; scope: RunScope; item: Item; employee: EmployeeTable; pay: Pay; inputs: Inputs; trace: boolean }): PayslipCalculation<Slip>;
  /** The stored form of a calculated payslip; `newId` names anything the payslip creates on approval. */
  payslipRow(args: { id: string; run: PayrollRunRow; calculation: PayslipCalculation<Slip>; inputs: Inputs; newId: () => string; now: string }): PayslipRow;
  /** The totals of some of the run's payslips (decimal strings by wire field name; each a sum, so batches add up). */
  totals(payslips: readonly Slip[]): Record<string, string>;
  /**
   * What approval makes final besides the status: year to date and any side effect the run decided. A country
   * whose approval reads every employee anyway may record the payslip documents with it (GB, decision PGRUN-3)
   * instead of in recordDocuments: answers how many documents it recorded.
   */
  approve(ctx: ServiceContext, trx: Db, org: OrganizationTable, run: PayrollRunHead, now: string, threads?: RunThreads | null): Promise<number>;
  /** A stored run as the wire shows it, with its payslips when asked. */
  runWire(db: Db, row: PayrollRunRow, withPayslips: boolean): Promise<RunWire>;
  /** The organization's runs, page style, with the country's filters. */
  listRuns(ctx: ServiceContext, orgId: string, query: Record<string, unknown>): Promise<Page<RunWire>>;
  /**
   * The documents approval renders before its transaction (GB: a P45 per leaver), each handed to `add` as it is made, dated
   * `issuedAt` (the approval's time). Called before the approval's transaction; the lifecycle stores the files and
   * inserts their records in that transaction (approve.ts).
   */
  issueDocuments?(ctx: ServiceContext, db: Db, org: OrganizationTable, run: PayrollRunHead, issuedAt: string, add: (document: GeneratedDocument) => Promise<void>): Promise<void>;
  /**
   * The documents approval records without rendering them (payslips: one per employee, rendered on first read,
   * decision RENDER1), inserted by the approval's transaction `trx` with `issuedAt` as their creation time; answers
   * how many.
   */
  recordDocuments?(ctx: ServiceContext, trx: Db, org: OrganizationTable, run: PayrollRunHead, issuedAt: string): Promise<number>;
}

/** Any jurisdiction, as the lifecycle's country-neutral steps take it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJurisdiction = Jurisdiction<any, RunItem, any, any, any, any>;
