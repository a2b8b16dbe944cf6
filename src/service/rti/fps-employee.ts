/**
 * One employee of an FPS from what the store holds (HMRC RTI data items; formats/rti/fps.ts writes them): the
 * employee's details, starter and leaver information, the payment of this payslip, and the year to date of the
 * employment exactly as the payslip holds it (ytdThisEmployment). Where the FPS splits a figure the year to date
 * does not (statutory payments by kind, pension contributions by method, NI figures by NI letter when the letter
 * changed in the year), the employment's payslips in the tax year are added up; with one NI letter the payslip's
 * own year-to-date NI figures are used.
 */
import { fieldError } from '../../domain/errors.js';
import { Decimal, ZERO } from '../../domain/money.js';
import { wageTypeOn } from '../../domain/gb/wage-types/lookup.js';
import type { FpsEmployee, FpsNiLetter, FpsStatutoryYtd, HoursBand, PayFrequencyCode, StudentLoanPlanType } from '../../formats/rti/index.js';
import type { EmployeeTable } from '../../store/schema.js';
import type { StoredPayslip } from './payslip-history.js';

/** The employee's stored `gb` block, as far as the FPS reads it. */
interface StoredGb {
  ni_number?: string | null;
  ni_category?: string;
  student_loan_plans?: string[];
  postgraduate_loan?: boolean;
  is_director?: boolean;
  director_appointment_date?: string | null;
  director_ni_method?: 'standard_annual_earnings_period' | 'alternative' | null;
  starter_declaration?: 'A' | 'B' | 'C' | null;
  p45?: unknown;
  gender?: 'M' | 'F' | null;
  workplace_postcode?: string | null;
  irregular_payment_pattern?: boolean;
}

export interface FpsRunFacts {
  readonly taxYear: string;
  readonly frequency: string;
  readonly payDate: string;
}

const FREQUENCY: Record<string, PayFrequencyCode> = { weekly: 'W1', fortnightly: 'W2', four_weekly: 'W4', monthly: 'M1' };
const STATUTORY_ITEM: Record<string, keyof FpsStatutoryYtd> = { SMPYTD: 'smp', SPPYTD: 'spp', SAPYTD: 'sap', ShPPYTD: 'shpp', SPBPYTD: 'spbp', SNCPYTD: 'sncp' };
const UK_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i;

const dec = (value: string | null | undefined): Decimal => (value ? new Decimal(value) : ZERO);
const text = (value: Decimal): string => value.toFixed(2);
const sumOf = (chain: readonly StoredPayslip[], pick: (p: StoredPayslip) => Decimal): Decimal => chain.reduce((total, p) => total.plus(pick(p)), ZERO);

/** Data item 54: the normal weekly hours band, from the standing pay's hours a week; "E" (other) when not known. */
export function hoursBand(hoursPerWeek: string | null | undefined): HoursBand {
  if (!hoursPerWeek) return 'E';
  const hours = new Decimal(hoursPerWeek);
  if (hours.lt(16)) return 'A';
  if (hours.lt(24)) return 'B';
  if (hours.lt(30)) return 'C';
  return 'D';
}

/** The stored one-line address as FPS lines and a UK postcode (the last part when it is one). */
export function fpsAddress(address: string | null): FpsEmployee['address'] {
  if (!address) return null;
  const parts = address.split(/\s*[,\n]\s*/).map((p) => p.trim()).filter((p) => p !== '');
  const last = parts.at(-1) ?? '';
  // "London SW1A 2AA" as the last part: the town is a line, the postcode the postcode.
  const tail = /^(.*?)\s*\b([A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})$/i.exec(last);
  if (UK_POSTCODE.test(last)) return { lines: parts.slice(0, -1), ukPostcode: last.toUpperCase().replace(/\s*(\d[A-Z]{2})$/i, ' $1'), foreignCountry: null };
  if (tail) return { lines: [...parts.slice(0, -1), ...(tail[1] ? [tail[1]] : [])], ukPostcode: tail[2]!.toUpperCase().replace(/\s*(\d[A-Z]{2})$/i, ' $1'), foreignCountry: null };
  return { lines: parts, ukPostcode: null, foreignCountry: null };
}

/** Tax week (1–53) of a date in the tax year that starts on `firstDay` (6 April). */
function taxWeekOf(date: string, firstDay: string): number {
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / 86_400_000;
  return Math.floor(days / 7) + 1;
}

function statutoryLines(p: StoredPayslip): Record<keyof FpsStatutoryYtd, Decimal> {
  const out: Record<keyof FpsStatutoryYtd, Decimal> = { smp: ZERO, spp: ZERO, sap: ZERO, shpp: ZERO, spbp: ZERO, sncp: ZERO };
  for (const line of p.figures.lines) {
    if (!line.wageTypeCode || line.section !== 'earnings') continue;
    const item = STATUTORY_ITEM[wageTypeOn(line.wageTypeCode, p.row.pay_date)?.rti_payment_type ?? ''];
    if (item) out[item] = out[item].plus(line.amount);
  }
  return out;
}

/** Employee pension contributions of a payslip by where they are reported: net pay arrangement or not. */
function pensionOf(p: StoredPayslip): { netPay: Decimal; notNetPay: Decimal } {
  const deduction = dec(p.figures.pensionEmployeeDeduction);
  const method = p.figures.pension?.method;
  return { netPay: method === 'net_pay' ? deduction : ZERO, notNetPay: method === 'relief_at_source' ? deduction : ZERO };
}

/** Deductions taken from net pay (post-tax deduction types and relief-at-source pension) and payments not taxed or NIable. */
function netPayItems(p: StoredPayslip): { reimbursements: Decimal; deductionsFromNet: Decimal } {
  let reimbursements = ZERO;
  let deductions = pensionOf(p).notNetPay;
  for (const line of p.figures.lines) {
    if (line.section === 'reimbursements') reimbursements = reimbursements.plus(line.amount);
    if (line.section === 'deductions' && line.wageTypeCode && wageTypeOn(line.wageTypeCode, p.row.pay_date)?.deduction_tax_treatment === 'post_tax') deductions = deductions.plus(line.amount);
  }
  return { reimbursements, deductionsFromNet: deductions };
}

/** The NIlettersAndValues of a payslip's FPS (the P60 prints the last payslip's: the final FPS's year to date). */
export function niLetters(payslip: StoredPayslip, chain: readonly StoredPayslip[]): FpsNiLetter[] {
  const letters = [...new Set(chain.map((p) => p.figures.niCategory))];
  const f = payslip.figures;
  const ytd = f.ytdThisEmployment;
  if (letters.length === 1) {
    return [
      {
        letter: f.niCategory,
        grossEarningsInPeriod: f.niablePay,
        grossEarningsYtd: ytd.niable_pay ?? '0',
        atLelYtd: ytd.ni_earnings_at_lel ?? '0',
        lelToPtYtd: ytd.ni_earnings_lel_to_pt ?? '0',
        ptToUelYtd: ytd.ni_earnings_pt_to_uel ?? '0',
        employerNicInPeriod: f.employerNi,
        employerNicYtd: ytd.employer_ni ?? '0',
        employeeNicInPeriod: f.employeeNi,
        employeeNicYtd: ytd.employee_ni ?? '0',
      },
    ];
  }
  // The letter changed in the year: each letter's figures are its own periods' (RTI: one NIlettersAndValues per letter used).
  return letters.map((letter) => {
    const of = chain.filter((p) => p.figures.niCategory === letter);
    const here = f.niCategory === letter;
    const total = (pick: (g: StoredPayslip['figures']) => string) => text(sumOf(of, (p) => dec(pick(p.figures))));
    return {
      letter,
      grossEarningsInPeriod: here ? f.niablePay : '0',
      grossEarningsYtd: total((g) => g.niablePay),
      atLelYtd: total((g) => g.niEarningsAtLel),
      lelToPtYtd: total((g) => g.niEarningsLelToPt),
      ptToUelYtd: total((g) => g.niEarningsPtToUel),
      employerNicInPeriod: here ? f.employerNi : '0',
      employerNicYtd: total((g) => g.employerNi),
      employeeNicInPeriod: here ? f.employeeNi : '0',
      employeeNicYtd: total((g) => g.employeeNi),
    };
  });
}

/** SMPYTD … SNCPYTD of the FPS: the statutory payments of the employment's payslips in the tax year. */
export function statutoryYtdOf(chain: readonly StoredPayslip[]): FpsStatutoryYtd {
  const statutory = chain.map(statutoryLines);
  return Object.fromEntries((['smp', 'spp', 'sap', 'shpp', 'spbp', 'sncp'] as const).map((k) => [k, text(statutory.reduce((t, s) => t.plus(s[k]), ZERO))])) as unknown as FpsStatutoryYtd;
}

export function fpsEmployee(employee: EmployeeTable, payslip: StoredPayslip, chain: readonly StoredPayslip[], run: FpsRunFacts, isStarter: boolean, taxYearFirstDay: string): FpsEmployee {
  const path = ['employees', employee.id];
  const gb = (JSON.parse(employee.statutory_json) ?? {}) as StoredGb;
  const pay = employee.pay_json ? (JSON.parse(employee.pay_json) as { hours_per_week?: string | null }) : null;
  const f = payslip.figures;
  if (!gb.gender) throw fieldError([...path, 'gb', 'gender'], `the FPS needs the gender HMRC holds for ${employee.first_name} ${employee.last_name} (M or F): set it with payroll employees update`, 'required');
  const address = fpsAddress(employee.address);
  if (!gb.ni_number && (address?.lines.length ?? 0) < 2) {
    throw fieldError([...path, 'address'], 'an employee without an NI number goes on the FPS with an address of at least two lines (RTI rule: NINO or address)', 'required');
  }
  // Freeport and Investment Zone letters need the workplace postcode on the FPS (RTI rule 7954).
  const zoneLetters = new Set(['F', 'I', 'L', 'S', 'N', 'E', 'D', 'K']);
  if (chain.some((p) => zoneLetters.has(p.figures.niCategory)) && !gb.workplace_postcode) {
    throw fieldError([...path, 'gb', 'workplace_postcode'], `NI category ${f.niCategory} (Freeport or Investment Zone) goes on the FPS with the employee's workplace postcode (RTI rule 7954)`, 'required');
  }
  let starter: FpsEmployee['starter'] = null;
  if (isStarter) {
    // A P45 from the previous employer stands for the starter checklist; statement B ("this is now my only job")
    // is what it implies (decision RTI-P45-STARTDEC), since the FPS requires a declaration with a start date (rule 7881).
    const declaration = gb.starter_declaration ?? (gb.p45 ? 'B' : null);
    if (!declaration) throw fieldError([...path, 'gb', 'starter_declaration'], `${employee.first_name} ${employee.last_name} starts on this FPS: it needs the starter declaration (A, B or C) or the P45 (RTI rule 7881)`, 'required');
    starter = { startDate: employee.start_date, declaration, studentLoan: (gb.student_loan_plans ?? []).length > 0, postgraduateLoan: gb.postgraduate_loan === true };
  }
  const director = gb.is_director
    ? {
        nicBasis: gb.director_ni_method === 'alternative' ? ('AL' as const) : ('AN' as const),
        appointedInTaxWeek: gb.director_appointment_date && gb.director_appointment_date >= taxYearFirstDay ? taxWeekOf(gb.director_appointment_date, taxYearFirstDay) : null,
      }
    : null;
  const leaving = f.isLeaver || f.isAfterLeaving ? (employee.leave_date ?? f.p45?.leavingDate ?? null) : null;
  const frequency = FREQUENCY[run.frequency];
  if (!frequency) throw fieldError(['run', 'frequency'], `pay frequency ${run.frequency} has no FPS code`, 'rti_frequency');
  const ytd = f.ytdThisEmployment;
  const hasLoan = (gb.student_loan_plans ?? []).length > 0;
  const statutoryYtd = statutoryYtdOf(chain);
  const pension = pensionOf(payslip);
  const net = netPayItems(payslip);
  const plan = f.studentLoanPlanApplied ? (`0${f.studentLoanPlanApplied}` as StudentLoanPlanType) : null;
  const names = employee.first_name.split(/\s+/).filter((n) => n !== '');

  return {
    nino: gb.ni_number ?? null,
    forenames: names,
    surname: employee.last_name,
    address,
    birthDate: employee.date_of_birth,
    gender: gb.gender,
    director,
    starter,
    workplacePostcode: gb.workplace_postcode ?? null,
    payrollId: employee.payroll_number,
    irregularEmployment: gb.irregular_payment_pattern === true,
    leavingDate: leaving,
    ytd: {
      taxablePay: ytd.taxable_pay ?? '0',
      tax: ytd.tax ?? '0',
      studentLoans: hasLoan || !dec(ytd.student_loan).isZero() ? (ytd.student_loan ?? '0') : null,
      postgraduateLoans: gb.postgraduate_loan || !dec(ytd.postgraduate_loan).isZero() ? (ytd.postgraduate_loan ?? '0') : null,
      benefitsTaxedViaPayroll: ytd.payrolled_benefits ?? '0',
      pensionNetPay: text(sumOf(chain, (p) => pensionOf(p).netPay)),
      pensionNotNetPay: text(sumOf(chain, (p) => pensionOf(p).notNetPay)),
    },
    payment: {
      frequency,
      paymentDate: run.payDate,
      period: { kind: frequency === 'M1' ? 'month' : 'week', number: f.taxPeriod },
      periodsCovered: 1,
      afterLeaving: f.isAfterLeaving,
      hours: hoursBand(pay?.hours_per_week),
      taxCode: f.taxCode,
      week1Month1: f.week1Month1,
      taxablePay: f.taxablePay,
      nonTaxOrNicPayments: text(net.reimbursements),
      deductionsFromNetPay: text(net.deductionsFromNet),
      // Net pay = pay after statutory deductions + payments not taxed or NIable − deductions from net pay.
      payAfterStatutoryDeductions: text(dec(f.netPay).minus(net.reimbursements).plus(net.deductionsFromNet)),
      benefitsTaxedViaPayroll: f.payrolledBenefits,
      pensionNetPay: text(pension.netPay),
      pensionNotNetPay: text(pension.notNetPay),
      studentLoan: { plan, amount: f.studentLoan },
      postgraduateLoan: f.postgraduateLoan,
      taxDeductedOrRefunded: f.tax,
      statutoryYtd,
    },
    niLetters: niLetters(payslip, chain),
  };
}
