/**
 * Germany behind the run lifecycle's country seam (runs/jurisdiction.ts, issue 14): one run per organization and
 * month (prepare.ts), each employee's month from the month engine (domain/de/run/month.ts) over this employment's
 * approved months of this and the previous calendar year (history.ts), stored as the payslip's figures document
 * and the payroll account's month record; approval checks that history is still the one the month was calculated
 * on. Germany keeps no year-to-date table: the approved months are the history.
 */
import { conflict, isDomainError, validationError } from '../../../domain/errors.js';
import { type Decimal, money, ZERO } from '../../../domain/money.js';
import type { Payslip } from '../../../domain/de/payslip.js';
import { calculateDeMonth } from '../../../domain/de/run/month.js';
import type { DeMonthRecord } from '../../../domain/de/run/month-types.js';
import { DE_PAYSLIP_FIGURES_VERSION, dePayslipFigures } from '../../../store/de-payslip-figures.js';
import { listDePayslipsForApproval } from '../../../store/repositories/de-payroll-runs.js';
import { loadEmployees } from '../../../store/repositories/payroll-run-inputs.js';
import { DE_RUN_TABLES } from '../../../store/repositories/payroll-runs.js';
import type { DePayrollRunTable, DePayslipTable } from '../../../store/schema.js';
import { type GermanPayrollRun, germanPayrollRunRequest, type GermanPayrollRunRequest } from '../../contracts/germany-payroll-runs.js';
import { parseOrThrow } from '../../contracts/zod-issues.js';
import type { CalculatedPayslip, Jurisdiction } from '../jurisdiction.js';
import type { EmployeeMonth } from './employment.js';
import { EMPTY_HISTORY_KEY, type EmployeeHistory, loadHistories } from './history.js';
import { type DeRunItem, prepareGermanRun } from './prepare.js';
import { germanRunWire, listGermanRuns } from './read.js';
import { requireDeOrg } from './org.js';
import { recordPayslipDocuments } from '../../outputs/deferred-payslips.js';

export interface DeInputs {
  histories: Map<string, EmployeeHistory>;
}

export interface DeCalculatedPayslip extends CalculatedPayslip {
  payslip: Payslip;
  record: DeMonthRecord;
  historyKey: string;
}

const TOTAL_FIELDS = ['gross_pay', 'taxable_pay', 'income_tax', 'solidarity_tax', 'church_tax', 'employee_insurance', 'employer_burden', 'net_pay'] as const;
type TotalField = (typeof TOTAL_FIELDS)[number];

/** The figures of a payslip that the run's totals and the store's columns add up. */
function columnsOf(p: Payslip): Record<TotalField, Decimal> {
  return {
    gross_pay: p.employee.totals.totalGrossWages,
    taxable_pay: p.employee.totals.taxableGrossWages,
    income_tax: p.employee.taxes.incomeTax,
    solidarity_tax: p.employee.taxes.solidarityTax,
    church_tax: p.employee.taxes.churchTax,
    employee_insurance: p.employee.insurance.totalInsurance,
    employer_burden: p.employer.totalBurden,
    net_pay: p.employee.totals.netPay,
  };
}

function totalsOf(payslips: readonly DeCalculatedPayslip[]): Record<string, string> {
  const sums = Object.fromEntries(TOTAL_FIELDS.map((f) => [f, ZERO])) as Record<TotalField, Decimal>;
  for (const { payslip } of payslips) {
    const c = columnsOf(payslip);
    for (const f of TOTAL_FIELDS) sums[f] = sums[f].plus(c[f]);
  }
  const out: Record<string, string> = {};
  for (const f of TOTAL_FIELDS) out[f] = money(sums[f]);
  out.employer_cost = money(sums.gross_pay.plus(sums.employer_burden));
  return out;
}

export const deJurisdiction: Jurisdiction<GermanPayrollRunRequest, DeRunItem, EmployeeMonth, DeInputs, DeCalculatedPayslip, GermanPayrollRun> = {
  country: 'DE',

  tables: DE_RUN_TABLES,

  uncomputableCode: 'DE.PAYROLL.UNCOMPUTABLE',

  parseRequest: (body) => parseOrThrow(germanPayrollRunRequest, body),

  requireOrg: requireDeOrg,

  prepare: prepareGermanRun,

  async loadInputs(db, scope, prepared, batch) {
    const entries = new Map(batch.items.map((item) => [item.employee_id, batch.employees.get(item.employee_id)?.start_date ?? '']));
    return { histories: await loadHistories(db, scope.orgId, entries, prepared.request.period) };
  },

  calculate({ scope, item, pay, inputs, trace }) {
    const month = `${scope.period.tax_year}-${String(scope.period.period_number).padStart(2, '0')}`;
    const history = inputs.histories.get(item.employee_id);
    let result;
    try {
      result = calculateDeMonth({ month, payDate: scope.period.pay_date, employment: pay.employment, item: pay.item, history: history?.records ?? [], explain: true, ...(trace ? { includeExecutionHistory: true } : {}) });
    } catch (error) {
      // The engine's refusals name the employee (e.g. a one-off in a partial month of entry, run-rules.md §3). An
      // unknown U1/U2 rate (issue 14 point 5: never charged as 0 %) comes located at the employee's field to set.
      if (isDomainError(error) && error.kind === 'validation') {
        const located = (loc: readonly (string | number)[]) => loc[0] === 'employees' && loc[1] === item.employee_id;
        const issues = error.issues.map((issue) => (located(issue.loc) ? issue : { ...issue, loc: ['employees', item.employee_id, ...issue.loc], msg: `employee ${item.employee_id}: ${issue.msg}` }));
        const levyOnly = issues.length > 0 && issues.every((issue) => issue.type === 'levy_rate_unknown');
        throw validationError(issues, levyOnly ? 'DE.PAYROLL.LEVY_RATE_UNKNOWN' : 'DE.PAYROLL.UNCOMPUTABLE');
      }
      if (error instanceof RangeError) throw validationError([{ loc: ['employees', item.employee_id], msg: `employee ${item.employee_id}: ${error.message}`, type: 'value_error' }], 'DE.PAYROLL.UNCOMPUTABLE');
      throw error;
    }
    const key = history?.key ?? EMPTY_HISTORY_KEY;
    return {
      payslip: { employeeId: item.employee_id, warnings: result.payslip.warnings.map((w) => w.message), payslip: result.payslip, record: result.record, historyKey: key },
      ytdBase: key,
    };
  },

  payslipRow({ id, run, calculation, now }): DePayslipTable {
    const { payslip, record, historyKey } = calculation.payslip;
    const c = columnsOf(payslip);
    return {
      id,
      run_id: run.id,
      org_id: run.org_id,
      employee_id: calculation.payslip.employeeId,
      month: (run as DePayrollRunTable).month,
      tax_year: run.tax_year,
      period_number: run.period_number,
      pay_date: run.pay_date,
      gross_pay: money(c.gross_pay),
      taxable_pay: money(c.taxable_pay),
      income_tax: money(c.income_tax),
      solidarity_tax: money(c.solidarity_tax),
      church_tax: money(c.church_tax),
      employee_insurance: money(c.employee_insurance),
      employer_burden: money(c.employer_burden),
      net_pay: money(c.net_pay),
      figures_json: JSON.stringify(dePayslipFigures(payslip)),
      figures_version: DE_PAYSLIP_FIGURES_VERSION,
      record_json: JSON.stringify(record),
      record_version: record.version,
      history_key: historyKey,
      created_at: now,
    };
  },

  totals: totalsOf,

  async approve(_ctx, trx, _org, run) {
    // The months were calculated on their history; a correction of an earlier month approved since then changes
    // it, and approving would make final figures that build on replaced months.
    const month = (run as DePayrollRunTable).month;
    const payslips = await listDePayslipsForApproval(trx, run.id);
    const employees = await loadEmployees(trx, run.org_id, payslips.map((p) => p.employee_id));
    const entries = new Map(payslips.map((p) => [p.employee_id, employees.get(p.employee_id)?.start_date ?? '']));
    const histories = await loadHistories(trx, run.org_id, entries, month, false);
    for (const p of payslips) {
      if ((histories.get(p.employee_id)?.key ?? EMPTY_HISTORY_KEY) !== p.history_key) {
        throw conflict('PAYROLL_RUN.STALE_HISTORY', `run ${run.id} was calculated on approved months of employee ${p.employee_id} that changed since (a correction was approved); discard it and run ${month} again`, { run_id: run.id, employee_id: p.employee_id });
      }
    }
    return 0; // its documents are recorded by recordDocuments
  },

  runWire: germanRunWire,

  listRuns: listGermanRuns,

  // Issue 15: the Entgeltbescheinigung of every employee (§ 108 Abs. 3 GewO, EntgBV), issued on approval.
  // Recorded by the approval, rendered on first read (decision RENDER1).
  recordDocuments: (ctx, trx, org, run, issuedAt) => recordPayslipDocuments(ctx, trx, org, run, 'DE', issuedAt),
};

