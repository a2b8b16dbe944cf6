/**
 * Year-to-date figures of one employment in one tax year (FPS "year to date" items; P45 "pay and tax in this
 * employment"): the sum of every approved payslip of the employment, carried forward payslip by payslip.
 * Previous employments' figures (P45) are not in here; they join the PAYE figures separately (starter.ts).
 */
import { Decimal, money } from '../../money.js';
import type { RunPayslipResult } from './payslip.js';

/** The fields the gb-run vectors call `ytd_this_employment`, in their order. */
export const YTD_FIELDS = [
  'gross_pay',
  'payrolled_benefits',
  'taxable_pay',
  'tax',
  'niable_pay',
  'employee_ni',
  'employer_ni',
  'ni_earnings_at_lel',
  'ni_earnings_lel_to_pt',
  'ni_earnings_pt_to_uel',
  'student_loan',
  'postgraduate_loan',
  'pension_employee_gross',
  'pension_employee_deduction',
  'pension_employer',
  'salary_sacrifice',
  'net_pay',
] as const;

/** Kept beside them for the run's own rules (not part of the vectors' block). */
export const YTD_EXTRA_FIELDS = ['ni_earnings_above_uel', 'pension_refund_employee', 'pension_refund_employer'] as const;

export type YtdField = (typeof YTD_FIELDS)[number] | (typeof YTD_EXTRA_FIELDS)[number];
export type YtdFigures = Record<YtdField, Decimal>;

/** NI as a director (annual earnings period): only the periods paid as a director. */
export interface DirectorYtd {
  niablePay: Decimal;
  employeeNi: Decimal;
  employerNi: Decimal;
  atLel: Decimal;
  lelToPt: Decimal;
  ptToUel: Decimal;
  aboveUel: Decimal;
}

/** The payslip that paid the employee's final pay (a P45 was issued with it). */
export interface LeaverMark {
  payslipId: string;
  payDate: string;
}

export interface YtdState {
  figures: YtdFigures;
  director: DirectorYtd;
  leaver: LeaverMark | null;
}

const ZERO = new Decimal(0);
const ALL_FIELDS: readonly YtdField[] = [...YTD_FIELDS, ...YTD_EXTRA_FIELDS];

export function zeroYtd(): YtdState {
  const figures = {} as YtdFigures;
  for (const field of ALL_FIELDS) figures[field] = ZERO;
  return { figures, director: { niablePay: ZERO, employeeNi: ZERO, employerNi: ZERO, atLel: ZERO, lelToPt: ZERO, ptToUel: ZERO, aboveUel: ZERO }, leaver: null };
}

const or0 = (value: Decimal | null): Decimal => value ?? ZERO;

/** The figures after adding one payslip (a director's NI also to the director block). */
export function addPayslip(ytd: YtdState, r: RunPayslipResult, options: { director: boolean; leaver: LeaverMark | null }): YtdState {
  const f = ytd.figures;
  const add: Record<YtdField, Decimal> = {
    gross_pay: r.grossPay,
    payrolled_benefits: r.payrolledBenefits,
    taxable_pay: r.taxablePay,
    tax: r.tax,
    niable_pay: r.niablePay,
    employee_ni: r.employeeNi,
    employer_ni: r.employerNi,
    ni_earnings_at_lel: r.niBands.atLel,
    ni_earnings_lel_to_pt: r.niBands.lelToPt,
    ni_earnings_pt_to_uel: r.niBands.ptToUel,
    student_loan: r.studentLoan,
    postgraduate_loan: r.postgraduateLoan,
    pension_employee_gross: or0(r.pensionEmployeeGross),
    pension_employee_deduction: or0(r.pensionEmployeeDeduction),
    pension_employer: or0(r.pensionEmployer),
    salary_sacrifice: or0(r.salarySacrifice),
    net_pay: r.netPay,
    ni_earnings_above_uel: r.niBands.aboveUel,
    pension_refund_employee: r.refundToEmployee,
    pension_refund_employer: r.refundToEmployer,
  };
  const figures = {} as YtdFigures;
  for (const field of ALL_FIELDS) figures[field] = f[field].plus(add[field]);
  const d = ytd.director;
  const director = options.director
    ? {
        niablePay: d.niablePay.plus(r.niablePay),
        employeeNi: d.employeeNi.plus(r.employeeNi),
        employerNi: d.employerNi.plus(r.employerNi),
        atLel: r.directorBandsToDate?.atLel ?? d.atLel,
        lelToPt: r.directorBandsToDate?.lelToPt ?? d.lelToPt,
        ptToUel: r.directorBandsToDate?.ptToUel ?? d.ptToUel,
        aboveUel: r.directorBandsToDate?.aboveUel ?? d.aboveUel,
      }
    : d;
  return { figures, director, leaver: options.leaver ?? ytd.leaver };
}

/** The vectors' `ytd_this_employment` block. */
export function ytdToWire(ytd: YtdState): Record<(typeof YTD_FIELDS)[number], string> {
  const out = {} as Record<(typeof YTD_FIELDS)[number], string>;
  for (const field of YTD_FIELDS) out[field] = money(ytd.figures[field]);
  return out;
}

interface YtdJson {
  figures: Record<string, string>;
  director: Record<keyof DirectorYtd, string>;
  leaver: LeaverMark | null;
}

export function ytdToJson(ytd: YtdState): string {
  const figures: Record<string, string> = {};
  for (const field of ALL_FIELDS) figures[field] = ytd.figures[field].toFixed();
  const d = ytd.director;
  const json: YtdJson = {
    figures,
    director: { niablePay: d.niablePay.toFixed(), employeeNi: d.employeeNi.toFixed(), employerNi: d.employerNi.toFixed(), atLel: d.atLel.toFixed(), lelToPt: d.lelToPt.toFixed(), ptToUel: d.ptToUel.toFixed(), aboveUel: d.aboveUel.toFixed() },
    leaver: ytd.leaver,
  };
  return JSON.stringify(json);
}

export function ytdFromJson(text: string): YtdState {
  const json = JSON.parse(text) as YtdJson;
  const state = zeroYtd();
  for (const field of ALL_FIELDS) {
    const value = json.figures[field];
    if (value !== undefined) state.figures[field] = new Decimal(value);
  }
  const d = json.director;
  if (d) {
    state.director = {
      niablePay: new Decimal(d.niablePay),
      employeeNi: new Decimal(d.employeeNi),
      employerNi: new Decimal(d.employerNi),
      atLel: new Decimal(d.atLel),
      lelToPt: new Decimal(d.lelToPt),
      ptToUel: new Decimal(d.ptToUel),
      aboveUel: new Decimal(d.aboveUel),
    };
  }
  state.leaver = json.leaver ?? null;
  return state;
}
