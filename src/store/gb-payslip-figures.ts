/**
 * A GB payslip as the store keeps it (issue 13 point 2): a versioned figures document owned by the store, with
 * names of its own, so that renaming a field of the API's payslip (service/contracts) changes the rendering
 * (service/runs/gb/figures.ts) and never the stored data. A new shape is a new version plus a migration that
 * converts the stored documents; readers refuse a version they do not know.
 *
 * Version 2 (issue 16, migration 0007): the statutory payments of the payslip (calculated by the run or typed) and
 * their year to date (the FPS items SMPYTD … SNCPYTD), and the payment date a correction is reported with.
 *
 * Version 3 (issue 19, decision FIG3-1; gb-payslip-figures-v3.ts): the same content, its trace and lines written
 * compactly. Runs write it; version 2 documents are read as they are (not migrated: both read to the same shape).
 */
import type { EmployeePayslipWire } from '../domain/gb/run/employee-payslip.js';
import { penceText, textPence } from '../domain/gb/run/pence-text.js';
import { statutoryYtdField, ytdFromJson, ytdToJson } from '../domain/gb/run/ytd.js';
import { STATUTORY_PAYMENT_TYPES, type StatutoryPaymentType } from '../domain/gb/statutory/employer-liabilities.js';
import { statutoryPaymentOf } from '../domain/gb/wage-types/statutory.js';
import { decodeFiguresV3, encodeFiguresV3 } from './gb-payslip-figures-v3.js';

/**
 * Version 2: what the conversion of a version 1 document writes (upgradeFiguresV1: migration 0009, which names this
 * constant, and import of an export written before it). Frozen at 2: those documents are version 2 whatever a
 * run writes now (GB_PAYSLIP_FIGURES_WRITTEN).
 */
export const GB_PAYSLIP_FIGURES_V2 = 2;

/** The version a run writes: 3, version 2 with its trace and lines written compactly (gb-payslip-figures-v3.ts, decision FIG3-1). */
export const GB_PAYSLIP_FIGURES_WRITTEN = 3;

/** The versions this build reads (version 1 was converted by migration 0009 and is converted on import). */
export const GB_PAYSLIP_FIGURES_READ: readonly number[] = [2, 3];

export interface GbPayslipFiguresV1 {
  taxPeriod: number;
  taxCode: string;
  week1Month1: boolean;
  niCategory: string;
  grossPay: string;
  payrolledBenefits: string;
  taxablePay: string;
  taxablePayToDate: string;
  tax: string;
  taxPaidToDate: string;
  regulatoryLimitApplied: boolean;
  niablePay: string;
  employeeNi: string;
  employerNi: string;
  niEarningsAtLel: string;
  niEarningsLelToPt: string;
  niEarningsPtToUel: string;
  studentLoan: string;
  postgraduateLoan: string;
  pensionableEarnings: string | null;
  pensionEmployeeGross: string | null;
  pensionEmployeeDeduction: string | null;
  pensionEmployer: string | null;
  salarySacrifice: string | null;
  netPay: string;
  studentLoanPlanApplied: string | null;
  taxBasis: string;
  /** Year to date of this employment after the payslip, by the domain's year-to-date figure names. */
  ytdThisEmployment: Record<string, string>;
  previousEmploymentPayUsed: string;
  previousEmploymentTaxUsed: string;
  isLeaver: boolean;
  isAfterLeaving: boolean;
  irregularPayment: boolean;
  correction: { correctsRunId: string; correctedPeriodNumber: number; paidInPeriodNumber: number; reportedInTaxPeriod: number } | null;
  pension: { schemeId: string; membershipId: string | null; method: string; wageTypeCode: string; autoEnrolled: boolean } | null;
  pensionRefund: { membershipId: string; employee: string; employer: string } | null;
  employerCosts: { employerNi: string; employerPension: string; total: string };
  /** `hours` and `rate` only on pay for time worked (added in version 1 as optional fields: absent on older payslips). */
  lines: { section: string; wageTypeCode: string | null; name: string; amount: string; hours?: string; rate?: string }[];
  p45: {
    taxCode: string;
    week1Month1: boolean;
    frequency: string;
    leavingDate: string | null;
    leavingTaxPeriod: number;
    totalPayToDate: string | null;
    totalTaxToDate: string | null;
    payThisEmployment: string;
    taxThisEmployment: string;
    studentLoanDeductionsContinue: boolean;
    postgraduateLoanDeductionsContinue: boolean;
  } | null;
  warnings: string[];
  /** Only when the run was asked for its execution history. */
  executionHistory: { flow: string; node: string }[] | null;
}

/** The engine's payslip as it was when version 1 was current (what migration 0004 read from `detail_json`). */
export type EmployeePayslipWireV1 = Omit<EmployeePayslipWire, 'statutory_payments' | 'statutory_year_to_date' | 'correction'> & {
  correction: { corrects_run_id: string; corrected_period_number: number; paid_in_period_number: number; reported_in_tax_period: number } | null;
};

/**
 * The version 1 figures of an engine payslip of that time: migration 0004 converts the payslips stored before it
 * (the engine's payslip as JSON, `detail_json`) with this mapping, frozen with version 1.
 */
export function gbPayslipFiguresV1(p: EmployeePayslipWireV1): GbPayslipFiguresV1 {
  return {
    taxPeriod: p.tax_period,
    taxCode: p.tax_code,
    week1Month1: p.week1_month1,
    niCategory: p.ni_category,
    grossPay: p.gross_pay,
    payrolledBenefits: p.payrolled_benefits,
    taxablePay: p.taxable_pay,
    taxablePayToDate: p.taxable_pay_to_date,
    tax: p.tax,
    taxPaidToDate: p.tax_paid_to_date,
    regulatoryLimitApplied: p.regulatory_limit_applied,
    niablePay: p.niable_pay,
    employeeNi: p.employee_ni,
    employerNi: p.employer_ni,
    niEarningsAtLel: p.ni_earnings_at_lel,
    niEarningsLelToPt: p.ni_earnings_lel_to_pt,
    niEarningsPtToUel: p.ni_earnings_pt_to_uel,
    studentLoan: p.student_loan,
    postgraduateLoan: p.postgraduate_loan,
    pensionableEarnings: p.pensionable_earnings,
    pensionEmployeeGross: p.pension_employee_gross,
    pensionEmployeeDeduction: p.pension_employee_deduction,
    pensionEmployer: p.pension_employer,
    salarySacrifice: p.salary_sacrifice,
    netPay: p.net_pay,
    studentLoanPlanApplied: p.student_loan_plan_applied,
    taxBasis: p.tax_basis,
    ytdThisEmployment: { ...p.ytd_this_employment },
    previousEmploymentPayUsed: p.previous_employment_pay_used,
    previousEmploymentTaxUsed: p.previous_employment_tax_used,
    isLeaver: p.is_leaver,
    isAfterLeaving: p.is_after_leaving,
    irregularPayment: p.irregular_payment,
    correction: p.correction
      ? { correctsRunId: p.correction.corrects_run_id, correctedPeriodNumber: p.correction.corrected_period_number, paidInPeriodNumber: p.correction.paid_in_period_number, reportedInTaxPeriod: p.correction.reported_in_tax_period }
      : null,
    pension: p.pension ? { schemeId: p.pension.scheme_id, membershipId: p.pension.membership_id, method: p.pension.method, wageTypeCode: p.pension.wage_type_code, autoEnrolled: p.pension.auto_enrolled } : null,
    pensionRefund: p.pension_refund ? { membershipId: p.pension_refund.membership_id, employee: p.pension_refund.employee, employer: p.pension_refund.employer } : null,
    employerCosts: { employerNi: p.employer_costs.employer_ni, employerPension: p.employer_costs.employer_pension, total: p.employer_costs.total },
    lines: p.lines.map((l) => ({ section: l.section, wageTypeCode: l.wage_type_code, name: l.name, amount: l.amount, ...(l.hours !== undefined ? { hours: l.hours } : {}), ...(l.rate !== undefined ? { rate: l.rate } : {}) })),
    p45: p.p45
      ? {
          taxCode: p.p45.tax_code,
          week1Month1: p.p45.week1_month1,
          frequency: p.p45.frequency,
          leavingDate: p.p45.leaving_date,
          leavingTaxPeriod: p.p45.leaving_tax_period,
          totalPayToDate: p.p45.total_pay_to_date,
          totalTaxToDate: p.p45.total_tax_to_date,
          payThisEmployment: p.p45.pay_this_employment,
          taxThisEmployment: p.p45.tax_this_employment,
          studentLoanDeductionsContinue: p.p45.student_loan_deductions_continue,
          postgraduateLoanDeductionsContinue: p.p45.postgraduate_loan_deductions_continue,
        }
      : null,
    warnings: [...p.warnings],
    executionHistory: p.execution_history ? p.execution_history.map((h) => ({ flow: h.flow, node: h.node })) : null,
  };
}

/** A statutory payment of a payslip, as the store keeps it. */
export interface StoredStatutoryPayment {
  /** ssp, smp, spp, shpp, sap, spbp or sncp. */
  type: string;
  amount: string;
  source: 'run' | 'typed';
  absenceIds: string[];
  daysPaid: number | null;
  waitingDays: number | null;
}

/**
 * One step of the engine's trace as stored: the flow and node it took and the figures it worked with, by HMRC's
 * names (decimal strings). Added to version 2 as an optional field (issue 18 point 7, decision EX1): documents
 * written before it have none, and an explanation of such a payslip says so instead of recalculating it.
 */
export interface StoredTraceStep {
  flow: string;
  node: string;
  values?: Record<string, string>;
}

export interface GbPayslipFiguresV2 extends Omit<GbPayslipFiguresV1, 'correction'> {
  correction: { correctsRunId: string; correctedPeriodNumber: number; paidInPeriodNumber: number; reportedInTaxPeriod: number; reportedPaymentDate: string } | null;
  statutoryPayments: StoredStatutoryPayment[];
  /** Year to date of this employment per statutory payment (ssp … sncp), after the payslip. */
  statutoryYtd: Record<string, string>;
  /** The engine's steps with their figures, as calculated; absent on payslips calculated before it was stored. */
  trace?: StoredTraceStep[];
}

/** The current figures document. */
export type GbPayslipFigures = GbPayslipFiguresV2;

/**
 * The figures of the engine's payslip (domain/gb/run/employee-payslip.ts), in the current version: version 1's
 * fields in their order (gbPayslipFiguresV1, whose correction moves after them), then version 2's.
 *
 * Written out field by field rather than as gbPayslipFiguresV1 plus spreads (issue 19): a run builds one per
 * payslip, and the copies of the whole engine payslip were a measurable share of a 100,000-employee run. The
 * document is serialised at once (payslipRow), so the engine's own objects of the same shape (year to date,
 * warnings, statutory year to date, trace steps) are referenced, not copied. The JSON is the same, key for key.
 */
export function gbPayslipFigures(p: EmployeePayslipWire, trace?: readonly StoredTraceStep[]): GbPayslipFiguresV2 {
  const figures: GbPayslipFiguresV2 = {
    taxPeriod: p.tax_period,
    taxCode: p.tax_code,
    week1Month1: p.week1_month1,
    niCategory: p.ni_category,
    grossPay: p.gross_pay,
    payrolledBenefits: p.payrolled_benefits,
    taxablePay: p.taxable_pay,
    taxablePayToDate: p.taxable_pay_to_date,
    tax: p.tax,
    taxPaidToDate: p.tax_paid_to_date,
    regulatoryLimitApplied: p.regulatory_limit_applied,
    niablePay: p.niable_pay,
    employeeNi: p.employee_ni,
    employerNi: p.employer_ni,
    niEarningsAtLel: p.ni_earnings_at_lel,
    niEarningsLelToPt: p.ni_earnings_lel_to_pt,
    niEarningsPtToUel: p.ni_earnings_pt_to_uel,
    studentLoan: p.student_loan,
    postgraduateLoan: p.postgraduate_loan,
    pensionableEarnings: p.pensionable_earnings,
    pensionEmployeeGross: p.pension_employee_gross,
    pensionEmployeeDeduction: p.pension_employee_deduction,
    pensionEmployer: p.pension_employer,
    salarySacrifice: p.salary_sacrifice,
    netPay: p.net_pay,
    studentLoanPlanApplied: p.student_loan_plan_applied,
    taxBasis: p.tax_basis,
    ytdThisEmployment: p.ytd_this_employment,
    previousEmploymentPayUsed: p.previous_employment_pay_used,
    previousEmploymentTaxUsed: p.previous_employment_tax_used,
    isLeaver: p.is_leaver,
    isAfterLeaving: p.is_after_leaving,
    irregularPayment: p.irregular_payment,
    pension: p.pension ? { schemeId: p.pension.scheme_id, membershipId: p.pension.membership_id, method: p.pension.method, wageTypeCode: p.pension.wage_type_code, autoEnrolled: p.pension.auto_enrolled } : null,
    pensionRefund: p.pension_refund ? { membershipId: p.pension_refund.membership_id, employee: p.pension_refund.employee, employer: p.pension_refund.employer } : null,
    employerCosts: { employerNi: p.employer_costs.employer_ni, employerPension: p.employer_costs.employer_pension, total: p.employer_costs.total },
    lines: p.lines.map((l) => {
      const line: GbPayslipFiguresV2['lines'][number] = { section: l.section, wageTypeCode: l.wage_type_code, name: l.name, amount: l.amount };
      if (l.hours !== undefined) line.hours = l.hours;
      if (l.rate !== undefined) line.rate = l.rate;
      return line;
    }),
    p45: p.p45
      ? {
          taxCode: p.p45.tax_code,
          week1Month1: p.p45.week1_month1,
          frequency: p.p45.frequency,
          leavingDate: p.p45.leaving_date,
          leavingTaxPeriod: p.p45.leaving_tax_period,
          totalPayToDate: p.p45.total_pay_to_date,
          totalTaxToDate: p.p45.total_tax_to_date,
          payThisEmployment: p.p45.pay_this_employment,
          taxThisEmployment: p.p45.tax_this_employment,
          studentLoanDeductionsContinue: p.p45.student_loan_deductions_continue,
          postgraduateLoanDeductionsContinue: p.p45.postgraduate_loan_deductions_continue,
        }
      : null,
    warnings: p.warnings,
    executionHistory: p.execution_history ? p.execution_history.map((h) => ({ flow: h.flow, node: h.node })) : null,
    correction: p.correction
      ? { correctsRunId: p.correction.corrects_run_id, correctedPeriodNumber: p.correction.corrected_period_number, paidInPeriodNumber: p.correction.paid_in_period_number, reportedInTaxPeriod: p.correction.reported_in_tax_period, reportedPaymentDate: p.correction.reported_payment_date }
      : null,
    statutoryPayments: p.statutory_payments.map((s) => ({ type: s.type, amount: s.amount, source: s.source, absenceIds: s.absence_ids, daysPaid: s.days_paid, waitingDays: s.waiting_days })),
    statutoryYtd: p.statutory_year_to_date,
  };
  if (trace) figures.trace = trace as StoredTraceStep[];
  return figures;
}

/**
 * The stored text of a run's payslip (payslipRow): the figures in the version it writes (GB_PAYSLIP_FIGURES_WRITTEN),
 * version 3, whose trace and lines take about half the bytes of version 2's (decision FIG3-1).
 */
export function gbPayslipFiguresJson(p: EmployeePayslipWire, trace?: readonly StoredTraceStep[]): string {
  return JSON.stringify(encodeFiguresV3(gbPayslipFigures(p, trace)));
}

/**
 * The stored document, checked for its version, as version 2 (the shape every reader takes): version 3 is decoded to
 * exactly the version 2 document it was written from.
 */
export function readGbPayslipFigures(json: string, version: number): GbPayslipFiguresV2 {
  return figuresAsV2(JSON.parse(json), version) as GbPayslipFiguresV2;
}

/**
 * A parsed stored document of `version` as the version 2 document it reads as (version 3 decoded, version 2 as it
 * is); unchecked beyond what decoding needs (import checks the result: service/contracts/transfer-rows.ts).
 */
export function figuresAsV2(document: unknown, version: number): unknown {
  const v = Number(version);
  if (v === 2) return document;
  if (v === 3) return decodeFiguresV3(document);
  throw new Error(`payslip figures version ${version} is not known to this build (it reads versions ${GB_PAYSLIP_FIGURES_READ.join(' and ')}); upgrade payroll`);
}

// ---------------------------------------------------------------------------------------------------------------
// Version 1 → 2 (migration 0007; an export written before it is upgraded the same way on import).

/** A statutory payment's whole pence per type. */
export type StatutoryPence = Record<StatutoryPaymentType, number>;

const zeroPence = (): StatutoryPence => ({ ssp: 0, smp: 0, spp: 0, shpp: 0, sap: 0, spbp: 0, sncp: 0 });

/** The statutory payments a version 1 payslip paid: its earnings lines of statutory wage types (typed by the clerk). */
export function typedStatutoryOf(v1: Pick<GbPayslipFiguresV1, 'lines'>): StatutoryPence {
  const pence = zeroPence();
  for (const line of v1.lines) {
    const type = line.section === 'earnings' ? statutoryPaymentOf(line.wageTypeCode) : null;
    if (type) pence[type] += textPence(line.amount);
  }
  return pence;
}

/** One payslip in the chain of year-to-date figures (ytd_base_payslip_id: the payslip its year to date started from). */
export interface YtdChainNode {
  base: string | null;
  /** This payslip's statutory payments. */
  period: StatutoryPence;
  /** Its gross pay and the gross pay to date after it: a year to date that did not continue the base's started afresh (a new employment). */
  grossPence: number;
  ytdGrossPence: number;
}

/** The statutory payments to date after each payslip, following each payslip's year-to-date base. */
export function resolveStatutoryYtd(nodes: ReadonlyMap<string, YtdChainNode>): Map<string, StatutoryPence> {
  const done = new Map<string, StatutoryPence>();
  const resolve = (id: string): StatutoryPence => {
    const known = done.get(id);
    if (known) return known;
    const node = nodes.get(id) as YtdChainNode;
    // Iterate up the chain rather than recurse (a year can hold 56 weekly payslips per employee).
    const path: string[] = [];
    let cursor: string | null = id;
    while (cursor !== null && !done.has(cursor) && nodes.has(cursor)) {
      path.push(cursor);
      cursor = (nodes.get(cursor) as YtdChainNode).base;
    }
    for (const step of path.reverse()) {
      const n = nodes.get(step) as YtdChainNode;
      const base = n.base !== null ? (done.get(n.base) ?? null) : null;
      const baseGross = n.base !== null ? (nodes.get(n.base)?.ytdGrossPence ?? null) : null;
      const continues = base !== null && baseGross !== null && baseGross + n.grossPence === n.ytdGrossPence;
      const total = zeroPence();
      for (const type of STATUTORY_PAYMENT_TYPES) total[type] = (continues ? base[type] : 0) + n.period[type];
      done.set(step, total);
    }
    return done.get(id) ?? (node ? node.period : zeroPence());
  };
  for (const id of nodes.keys()) resolve(id);
  return done;
}

/** A version 1 document as version 2: the typed statutory lines, their year to date, and a correction's payment date. */
export function upgradeFiguresV1(v1: GbPayslipFiguresV1, statutoryYtd: StatutoryPence, reportedPaymentDate: string): GbPayslipFiguresV2 {
  const { correction, ...rest } = v1;
  const statutoryPayments: StoredStatutoryPayment[] = [];
  for (const line of v1.lines) {
    const type = line.section === 'earnings' ? statutoryPaymentOf(line.wageTypeCode) : null;
    if (type) statutoryPayments.push({ type, amount: line.amount, source: 'typed', absenceIds: [], daysPaid: null, waitingDays: null });
  }
  const ytd: Record<string, string> = {};
  for (const type of STATUTORY_PAYMENT_TYPES) ytd[type] = penceText(statutoryYtd[type]);
  return { ...rest, correction: correction ? { ...correction, reportedPaymentDate } : null, statutoryPayments, statutoryYtd: ytd };
}

/** A stored year-to-date state (gb_payslips.ytd_json, gb_ytd.figures_json) written before the statutory figures. */
export function ytdNeedsStatutory(json: string): boolean {
  return !json.includes('"statutory_ssp"');
}

/** The year-to-date state with its statutory figures set. */
export function withStatutoryYtd(json: string, statutoryYtd: StatutoryPence): string {
  const state = ytdFromJson(json);
  for (const type of STATUTORY_PAYMENT_TYPES) state.figures[statutoryYtdField(type)] = statutoryYtd[type];
  return ytdToJson(state);
}

/** The runs a correction's payment date is looked up in. */
export interface RunDates {
  id: string;
  pay_group_id: string;
  tax_year: string;
  period_number: number;
  pay_date: string;
  status: string;
  corrects_run_id: string | null;
}

/**
 * The payment date of a version 1 correction: the pay date of the period it was paid in (the pay group's regular
 * settled run of that period), else the corrected run's own pay date.
 */
export function correctionPaymentDate(runs: ReadonlyMap<string, RunDates>, byPeriod: ReadonlyMap<string, string>, runId: string, paidInPeriodNumber: number): string | null {
  const run = runs.get(runId);
  if (!run) return null;
  return byPeriod.get(`${run.pay_group_id}|${run.tax_year}|${paidInPeriodNumber}`) ?? run.pay_date;
}

/** Pay dates of the regular settled runs, by pay group, tax year and period. */
export function regularPayDates(runs: Iterable<RunDates>): Map<string, string> {
  const map = new Map<string, string>();
  for (const run of runs) {
    if (run.corrects_run_id === null && (run.status === 'approved' || run.status === 'paid')) map.set(`${run.pay_group_id}|${run.tax_year}|${Number(run.period_number)}`, run.pay_date);
  }
  return map;
}

type TableRow = Record<string, unknown>;

/**
 * An exported organization's GB payslips and year-to-date rows brought to the current versions in place (import of an
 * export written before migration 0007): the same conversion the migration makes.
 */
export function upgradeExportedGbTables(tables: Record<string, TableRow[]>): void {
  const payslips = tables.gb_payslips ?? [];
  const old = payslips.filter((row) => Number(row.figures_version) === 1 || (typeof row.ytd_json === 'string' && ytdNeedsStatutory(row.ytd_json)));
  const ytdRows = (tables.gb_ytd ?? []).filter((row) => typeof row.figures_json === 'string' && ytdNeedsStatutory(row.figures_json));
  if (old.length === 0 && ytdRows.length === 0) return;
  const nodes = new Map<string, YtdChainNode>();
  for (const row of payslips) {
    const figures = JSON.parse(String(row.figures_json)) as GbPayslipFiguresV1 | GbPayslipFiguresV2;
    const period = Number(row.figures_version) === 1 ? typedStatutoryOf(figures) : statutoryOfV2(figures as GbPayslipFiguresV2);
    const ytd = ytdFromJson(String(row.ytd_json));
    nodes.set(String(row.id), { base: row.ytd_base_payslip_id === null || row.ytd_base_payslip_id === undefined ? null : String(row.ytd_base_payslip_id), period, grossPence: textPence(figures.grossPay), ytdGrossPence: ytd.figures.gross_pay });
  }
  const resolved = resolveStatutoryYtd(nodes);
  const runs = new Map((tables.gb_payroll_runs ?? []).map((r) => [String(r.id), r as unknown as RunDates]));
  const byPeriod = regularPayDates(runs.values());
  const upgradedYtd = new Map<string, string>();
  for (const row of old) {
    const ytd = resolved.get(String(row.id)) ?? zeroPence();
    if (Number(row.figures_version) === 1) {
      const v1 = JSON.parse(String(row.figures_json)) as GbPayslipFiguresV1;
      const date = v1.correction ? (correctionPaymentDate(runs, byPeriod, String(row.run_id), v1.correction.paidInPeriodNumber) ?? String(row.pay_date)) : String(row.pay_date);
      row.figures_json = JSON.stringify(upgradeFiguresV1(v1, ytd, date));
      row.figures_version = GB_PAYSLIP_FIGURES_V2;
    }
    if (typeof row.ytd_json === 'string' && ytdNeedsStatutory(row.ytd_json)) row.ytd_json = withStatutoryYtd(row.ytd_json, ytd);
    upgradedYtd.set(String(row.id), String(row.ytd_json));
  }
  for (const row of ytdRows) {
    const id = String(row.payslip_id);
    row.figures_json = upgradedYtd.get(id) ?? withStatutoryYtd(String(row.figures_json), resolved.get(id) ?? zeroPence());
  }
}

/** The statutory payments a version 2 document holds, per type. */
export function statutoryOfV2(figures: Pick<GbPayslipFiguresV2, 'statutoryPayments'>): StatutoryPence {
  const pence = zeroPence();
  for (const p of figures.statutoryPayments) if ((STATUTORY_PAYMENT_TYPES as readonly string[]).includes(p.type)) pence[p.type as StatutoryPaymentType] += textPence(p.amount);
  return pence;
}
