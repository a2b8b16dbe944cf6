/**
 * Year-to-date figures of one employment in one tax year (FPS "year to date" items; P45 "pay and tax in this
 * employment"): the sum of every approved payslip of the employment, carried forward payslip by payslip.
 * Previous employments' figures (P45) are not in here; they join the PAYE figures separately (employment.ts).
 * Held in whole pence (pence-text.ts): exact, and cheap for runs of tens of thousands of employees.
 */
import { Decimal } from '../../money.js';
import { fromPence } from '../pence.js';
import type { RunPayslipResult } from './payslip.js';
import { decimalPence, penceText, textPence } from './pence-text.js';
import { STATUTORY_PAYMENT_TYPES, type StatutoryPaymentType } from '../statutory/employer-liabilities.js';

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

/**
 * Statutory payments paid in this employment and tax year, per payment (FPS year-to-date items SMPYTD, SPPYTD,
 * SAPYTD, ShPPYTD, SPBPYTD, SNCPYTD; SSP for the payslip and the employer's records).
 */
export const YTD_STATUTORY_FIELDS = ['statutory_ssp', 'statutory_smp', 'statutory_spp', 'statutory_shpp', 'statutory_sap', 'statutory_spbp', 'statutory_sncp'] as const;
export type YtdStatutoryField = (typeof YTD_STATUTORY_FIELDS)[number];

/** The year-to-date field of a statutory payment. */
export function statutoryYtdField(type: StatutoryPaymentType): YtdStatutoryField {
  return `statutory_${type}`;
}

/** Kept beside them for the run's own rules (not part of the vectors' block). */
export const YTD_EXTRA_FIELDS = ['ni_earnings_above_uel', 'pension_refund_employee', 'pension_refund_employer', ...YTD_STATUTORY_FIELDS] as const;

export type YtdField = (typeof YTD_FIELDS)[number] | (typeof YTD_EXTRA_FIELDS)[number];
/** Whole pence per field. */
export type YtdFigures = Record<YtdField, number>;

/** NI as a director (annual earnings period): only the periods paid as a director; whole pence. */
export interface DirectorYtd {
  niablePay: number;
  employeeNi: number;
  employerNi: number;
  atLel: number;
  lelToPt: number;
  ptToUel: number;
  aboveUel: number;
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

const ALL_FIELDS: readonly YtdField[] = [...YTD_FIELDS, ...YTD_EXTRA_FIELDS];
const DIRECTOR_FIELDS: readonly (keyof DirectorYtd)[] = ['niablePay', 'employeeNi', 'employerNi', 'atLel', 'lelToPt', 'ptToUel', 'aboveUel'];

export function zeroYtd(): YtdState {
  const figures = {} as YtdFigures;
  for (const field of ALL_FIELDS) figures[field] = 0;
  return { figures, director: { niablePay: 0, employeeNi: 0, employerNi: 0, atLel: 0, lelToPt: 0, ptToUel: 0, aboveUel: 0 }, leaver: null };
}

/** A figure as a Decimal (for the engines). */
export function ytdDecimal(ytd: YtdState, field: YtdField): Decimal {
  return fromPence(ytd.figures[field]);
}

const p = (value: Decimal | null): number => (value === null ? 0 : decimalPence(value));

/** Statutory payments of one payslip, per payment (absent: none). */
export type StatutoryAmounts = Partial<Readonly<Record<StatutoryPaymentType, Decimal>>>;

/** The figures after adding one payslip (a director's NI also to the director block; its statutory payments to theirs). */
export function addPayslip(ytd: YtdState, r: RunPayslipResult, options: { director: boolean; leaver: LeaverMark | null; statutory?: StatutoryAmounts }): YtdState {
  const f = ytd.figures;
  const figures: YtdFigures = {
    gross_pay: f.gross_pay + p(r.grossPay),
    payrolled_benefits: f.payrolled_benefits + p(r.payrolledBenefits),
    taxable_pay: f.taxable_pay + p(r.taxablePay),
    tax: f.tax + p(r.tax),
    niable_pay: f.niable_pay + p(r.niablePay),
    employee_ni: f.employee_ni + p(r.employeeNi),
    employer_ni: f.employer_ni + p(r.employerNi),
    ni_earnings_at_lel: f.ni_earnings_at_lel + p(r.niBands.atLel),
    ni_earnings_lel_to_pt: f.ni_earnings_lel_to_pt + p(r.niBands.lelToPt),
    ni_earnings_pt_to_uel: f.ni_earnings_pt_to_uel + p(r.niBands.ptToUel),
    student_loan: f.student_loan + p(r.studentLoan),
    postgraduate_loan: f.postgraduate_loan + p(r.postgraduateLoan),
    pension_employee_gross: f.pension_employee_gross + p(r.pensionEmployeeGross),
    pension_employee_deduction: f.pension_employee_deduction + p(r.pensionEmployeeDeduction),
    pension_employer: f.pension_employer + p(r.pensionEmployer),
    salary_sacrifice: f.salary_sacrifice + p(r.salarySacrifice),
    net_pay: f.net_pay + p(r.netPay),
    ni_earnings_above_uel: f.ni_earnings_above_uel + p(r.niBands.aboveUel),
    pension_refund_employee: f.pension_refund_employee + p(r.refundToEmployee),
    pension_refund_employer: f.pension_refund_employer + p(r.refundToEmployer),
    statutory_ssp: f.statutory_ssp,
    statutory_smp: f.statutory_smp,
    statutory_spp: f.statutory_spp,
    statutory_shpp: f.statutory_shpp,
    statutory_sap: f.statutory_sap,
    statutory_spbp: f.statutory_spbp,
    statutory_sncp: f.statutory_sncp,
  };
  for (const type of STATUTORY_PAYMENT_TYPES) {
    const amount = options.statutory?.[type];
    if (amount !== undefined) figures[statutoryYtdField(type)] += p(amount);
  }
  const d = ytd.director;
  const bands = r.directorBandsToDate;
  const director: DirectorYtd = options.director
    ? {
        niablePay: d.niablePay + p(r.niablePay),
        employeeNi: d.employeeNi + p(r.employeeNi),
        employerNi: d.employerNi + p(r.employerNi),
        atLel: bands ? p(bands.atLel) : d.atLel,
        lelToPt: bands ? p(bands.lelToPt) : d.lelToPt,
        ptToUel: bands ? p(bands.ptToUel) : d.ptToUel,
        aboveUel: bands ? p(bands.aboveUel) : d.aboveUel,
      }
    : d;
  return { figures, director, leaver: options.leaver ?? ytd.leaver };
}

/** The statutory payments to date, per payment, as decimal strings. */
export function statutoryYtdToWire(ytd: YtdState): Record<StatutoryPaymentType, string> {
  const out = {} as Record<StatutoryPaymentType, string>;
  for (const type of STATUTORY_PAYMENT_TYPES) out[type] = penceText(ytd.figures[statutoryYtdField(type)]);
  return out;
}

/** The vectors' `ytd_this_employment` block. */
export function ytdToWire(ytd: YtdState): Record<(typeof YTD_FIELDS)[number], string> {
  const out = {} as Record<(typeof YTD_FIELDS)[number], string>;
  for (const field of YTD_FIELDS) out[field] = penceText(ytd.figures[field]);
  return out;
}

/** Stored form: every amount a decimal string (as every money column), the leaver mark as it is. */
interface YtdJson {
  figures: Record<string, string>;
  director: Record<string, string>;
  leaver: LeaverMark | null;
}

export function ytdToJson(ytd: YtdState): string {
  const figures: Record<string, string> = {};
  for (const field of ALL_FIELDS) figures[field] = penceText(ytd.figures[field]);
  const director: Record<string, string> = {};
  for (const field of DIRECTOR_FIELDS) director[field] = penceText(ytd.director[field]);
  const json: YtdJson = { figures, director, leaver: ytd.leaver };
  return JSON.stringify(json);
}

export function ytdFromJson(text: string): YtdState {
  const json = JSON.parse(text) as YtdJson;
  const state = zeroYtd();
  for (const field of ALL_FIELDS) {
    const value = json.figures[field];
    if (value !== undefined) state.figures[field] = textPence(value);
  }
  for (const field of DIRECTOR_FIELDS) {
    const value = json.director?.[field];
    if (value !== undefined) state.director[field] = textPence(value);
  }
  state.leaver = json.leaver ?? null;
  return state;
}
