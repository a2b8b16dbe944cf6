/**
 * The country seam of the payroll run lifecycle (issue 13 point 4). The lifecycle itself (service/runs: prepare,
 * claim, calculate, commit, approve, lifecycle, read) knows pay groups, calendars, periods, the run's status
 * machine and its atomicity (decision R7); everything statutory sits behind this interface: which requests a
 * country takes, its tax years, how one employee's pay lines are checked, what a run reads besides the employees,
 * how one payslip is calculated, how it is stored and shown, and what approval makes final (year to date and any
 * side effects). GB implements it today (runs/gb/jurisdiction.ts); Germany plugs in the same way.
 */
import type { FieldIssue } from '../../domain/errors.js';
import type { PayCountry, PayFrequency, PayPeriod } from '../../domain/pay-periods.js';
import type { EmployeeTable, GbPayrollRunTable, GbPayslipTable, OrganizationTable } from '../../store/schema.js';
import type { Db, ServiceContext } from '../context.js';
import type { GeneratedDocument } from '../outputs/generated-documents.js';

/** What every country's run request names: the pay group, its calendar, the period and the employees paid. */
export interface RunRequest<Item extends { employee_id: string } = { employee_id: string }> {
  pay_group_id: string;
  pay_calendar_id: string;
  external_ref?: string | null | undefined;
  pay_date?: string | undefined;
  period_number?: number | undefined;
  tax_year?: string | undefined;
  corrects_run_id?: string | null | undefined;
  payroll_group: readonly Item[];
}

export type RunItem<R extends RunRequest> = R['payroll_group'][number];

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
}

/** The run being calculated: organization, pay group and period. */
export interface RunScope {
  orgId: string;
  payGroupId: string;
  period: RunPeriod;
  correction: RunCorrection | null;
}

/** One calculated payslip as the lifecycle sees it: whose it is and what it warns about. */
export interface CalculatedPayslip {
  employeeId: string;
  warnings: readonly string[];
}

/** What the store keeps of one payslip (row) and the id of the year-to-date figures it started from. */
export interface PayslipCalculation<Slip extends CalculatedPayslip> {
  payslip: Slip;
  /** The payslip whose year-to-date figures this one started from (approval checks it is still the latest). */
  ytdBase: string | null;
}

export interface Jurisdiction<Request extends RunRequest, Pay, Inputs, Slip extends CalculatedPayslip> {
  readonly country: PayCountry;
  /** The request body against the country's wire contract. */
  parseRequest(body: unknown): Request;
  /** The organization, which must be one of this country's. */
  requireOrg(ctx: ServiceContext, db: Db, orgId: string): Promise<OrganizationTable>;
  /** The tax year a date falls in, and the one after a tax year (labels as the calendar uses them). */
  taxYearOf(date: string): string;
  nextTaxYear(taxYear: string): string;
  /** Whether the service has this tax year's statutory figures; `supportedTaxYears` names those it has. */
  calculates(taxYear: string): boolean;
  readonly supportedTaxYears: string;
  /** One employee's pay lines checked and sorted for the period (issues located inside the item). */
  classify(item: RunItem<Request>, period: RunPeriod): { pay: Pay; issues: FieldIssue[] };
  /** Everything besides the employees the calculation reads from the store, in batched reads. */
  loadInputs(db: Db, scope: RunScope, request: Request): Promise<Inputs>;
  /** One employee's payslip (pure; validation errors are located inside the item by the caller). */
  calculate(args: { payslipId: string; scope: RunScope; item: RunItem<Request>; employee: EmployeeTable; pay: Pay; inputs: Inputs; trace: boolean }): PayslipCalculation<Slip>;
  /** The stored form of a calculated payslip; `newId` names anything the payslip creates on approval. */
  payslipRow(args: { id: string; run: GbPayrollRunTable; calculation: PayslipCalculation<Slip>; inputs: Inputs; newId: () => string; now: string }): GbPayslipTable;
  /** The run's totals (decimal strings by wire field name). */
  totals(payslips: readonly Slip[]): Record<string, string>;
  /** What approval makes final besides the status: year to date and any side effect the run decided. */
  approve(ctx: ServiceContext, trx: Db, run: GbPayrollRunTable, now: string): Promise<void>;
  /** A stored payslip as the wire shows it. */
  payslipWire(row: GbPayslipTable): unknown;
  /**
   * The documents approval issues (GB: one payslip PDF per employee), each handed to `add` as it is made, dated
   * `issuedAt` (the approval's time). Called before the approval's transaction; the lifecycle stores the files and
   * inserts their records in that transaction (approve.ts).
   */
  issueDocuments?(ctx: ServiceContext, db: Db, org: OrganizationTable, run: GbPayrollRunTable, issuedAt: string, add: (document: GeneratedDocument) => Promise<void>): Promise<void>;
}
