/**
 * German payroll runs (issue 14): the stored monthly run of a German organization and its lifecycle extensions,
 * i.e. the country-neutral run lifecycle (service/runs) over the German jurisdiction (runs/de), and the payroll
 * account of one employee and year.
 */
import type { PayslipExplanation } from '../contracts/explanations.js';
import type { Page } from '../contracts/pagination.js';
import type { GermanPayrollRun, GermanPayrollRunResult, PayrollAccount } from '../contracts/germany-payroll-runs.js';
import { requireScope, type ServiceContext } from '../context.js';
import { runLifecycle } from '../runs/index.js';
import { payrollAccount } from '../runs/de/account.js';
import { explainGermanPayslip } from '../runs/de/explain.js';
import { deJurisdiction } from '../runs/de/jurisdiction.js';
import type { RunPayrollOptions } from './payroll-runs.js';

export interface GermanPayrollRunUseCases {
  /** Extension: calculates and stores a German organization's month as a draft run (period YYYY-MM; items: monthly inputs; corrects_run_id: a correction). */
  createGermanPayrollRun(orgId: string, body: unknown, options?: RunPayrollOptions): Promise<GermanPayrollRunResult>;
  /** Extension: the run with its payslips (query include_payslips=false leaves them out). */
  getGermanPayrollRun(orgId: string, runId: string, query?: Record<string, unknown>): Promise<GermanPayrollRun>;
  /** Extension: page-style list; filters status, tax_year (2026), month (2026-11). */
  listGermanPayrollRuns(orgId: string, query: Record<string, unknown>): Promise<Page<GermanPayrollRun>>;
  /** draft → approved: the months become final and the history of the months after. */
  approveGermanPayrollRun(orgId: string, runId: string): Promise<GermanPayrollRun>;
  /** approved → paid. */
  markGermanPayrollRunPaid(orgId: string, runId: string): Promise<GermanPayrollRun>;
  /** draft → discarded: frees the month for a new run. */
  discardGermanPayrollRun(orgId: string, runId: string): Promise<GermanPayrollRun>;
  /** The payroll account (Lohnkonto) of one employee and calendar year (query year=2026). */
  getGermanPayrollAccount(orgId: string, employeeId: string, query: Record<string, unknown>): Promise<PayrollAccount>;
  /**
   * Extension (issue 18 point 7): one figure of an employee's payslip (employee id or payroll number) explained step
   * by step: the PAP's variables by their BMF names, the SV bases, ceilings and rates, from the trace stored with it
   * (query figure=wage_tax|soli|church_tax|kv|pv|rv|av|levies).
   */
  explainGermanPayslip(orgId: string, runId: string, employee: string, query?: Record<string, unknown>): Promise<PayslipExplanation>;
}

export function germanPayrollRunUseCases(ctx: ServiceContext): GermanPayrollRunUseCases {
  const de = runLifecycle(ctx, deJurisdiction);
  return {
    createGermanPayrollRun: (orgId, body, options) => de.run(orgId, body, options),
    getGermanPayrollRun: (orgId, runId, query) => de.get(orgId, runId, query),
    listGermanPayrollRuns: (orgId, query) => de.list(orgId, query),
    approveGermanPayrollRun: (orgId, runId) => de.approve(orgId, runId),
    markGermanPayrollRunPaid: (orgId, runId) => de.markPaid(orgId, runId),
    discardGermanPayrollRun: (orgId, runId) => de.discard(orgId, runId),
    async getGermanPayrollAccount(orgId, employeeId, query) {
      requireScope(ctx, 'payroll:read');
      return payrollAccount(ctx, orgId, employeeId, query);
    },
    async explainGermanPayslip(orgId, runId, employee, query) {
      requireScope(ctx, 'payroll:read');
      return explainGermanPayslip(ctx, orgId, runId, employee, query);
    },
  };
}
