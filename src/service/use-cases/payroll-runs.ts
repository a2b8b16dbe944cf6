/**
 * GB payroll runs: endpoint 18 (`POST /gb/organizations/{organization_id}/payrolls`) and the run lifecycle
 * extensions, i.e. the country-neutral run lifecycle (service/runs) over the GB jurisdiction (runs/gb).
 */
import type { Page } from '../contracts/pagination.js';
import type { PayslipExplanation } from '../contracts/explanations.js';
import type { GbPayrollRunResult, PayrollRun } from '../contracts/payroll-runs.js';
import { requireScope, type ServiceContext } from '../context.js';
import { explainGbPayslip } from '../runs/gb/explain.js';
import { runLifecycle } from '../runs/index.js';
import { gbJurisdiction } from '../runs/gb/jurisdiction.js';

export { slotKey } from '../runs/prepare.js';

export interface RunPayrollOptions {
  /** X-Include-Execution-History: every payslip carries the steps taken. */
  includeExecutionHistory?: boolean;
  /** Local callers only: called as employees are calculated (the CLI's progress bar). */
  onProgress?: (done: number, total: number) => void;
}

export interface PayrollRunUseCases {
  /** Endpoint 18. Extension fields: pay_date or period_number + tax_year (neither: the pay group's next unrun period), corrects_run_id, irregular_payment. */
  runGbPayroll(orgId: string, body: unknown, options?: RunPayrollOptions): Promise<GbPayrollRunResult>;
  /** Extension: the run with its payslips (query include_payslips=false leaves them out). */
  getPayrollRun(orgId: string, runId: string, query?: Record<string, unknown>): Promise<PayrollRun>;
  /** Extension: page-style list; filters pay_group_id, status, tax_year. */
  listPayrollRuns(orgId: string, query: Record<string, unknown>): Promise<Page<PayrollRun>>;
  /** draft → approved: the figures become final and feed year to date. */
  approvePayrollRun(orgId: string, runId: string): Promise<PayrollRun>;
  /** approved → paid. */
  markPayrollRunPaid(orgId: string, runId: string): Promise<PayrollRun>;
  /** draft → discarded: frees the pay group and period for a new run. */
  discardPayrollRun(orgId: string, runId: string): Promise<PayrollRun>;
  /**
   * Extension (issue 18 point 7): one figure of an employee's payslip (employee id or payroll number) explained step
   * by step from the engine's trace stored with it (query figure=tax|ni|student_loan|postgraduate_loan|pension).
   */
  explainPayslip(orgId: string, runId: string, employee: string, query?: Record<string, unknown>): Promise<PayslipExplanation>;
}

export function payrollRunUseCases(ctx: ServiceContext): PayrollRunUseCases {
  const gb = runLifecycle(ctx, gbJurisdiction);
  return {
    runGbPayroll: (orgId, body, options) => gb.run(orgId, body, options),
    getPayrollRun: (orgId, runId, query) => gb.get(orgId, runId, query),
    listPayrollRuns: (orgId, query) => gb.list(orgId, query),
    approvePayrollRun: (orgId, runId) => gb.approve(orgId, runId),
    markPayrollRunPaid: (orgId, runId) => gb.markPaid(orgId, runId),
    discardPayrollRun: (orgId, runId) => gb.discard(orgId, runId),
    async explainPayslip(orgId, runId, employee, query) {
      requireScope(ctx, 'payroll:read');
      return explainGbPayslip(ctx, orgId, runId, employee, query);
    },
  };
}
