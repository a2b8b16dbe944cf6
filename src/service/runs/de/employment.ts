/**
 * A stored German employee as the month engine's input: the employee's attributes (the `de` block, validated by
 * the employee contract when written) and this month's pay lines (standing pay, pro rata in the month of entry or
 * exit, plus the run's monthly inputs), and the employment (entry, exit, earlier employers' pay).
 */
import { type FieldIssue } from '../../../domain/errors.js';
import { Decimal, ZERO } from '../../../domain/money.js';
import { stateCodeOf } from '../../../domain/de/params/index.js';
import type { PayslipEarning, PayslipItem, TaxClass } from '../../../domain/de/payslip.js';
import type { DeEmployment } from '../../../domain/de/run/month-types.js';
import type { EmployeeTable } from '../../../store/schema.js';
import type { DeStatutory } from '../../contracts/employee.js';
import type { GermanPayrollRunItem } from '../../contracts/germany-payroll-runs.js';
import { decimalText } from '../../contracts/germany-payroll.js';
import { parseJson } from '../../context.js';

interface StoredPay {
  basis: 'salary' | 'hourly';
  annual_salary?: string | null;
  hourly_rate?: string | null;
  hours_per_week?: string | null;
}

/** 13 weeks per quarter / 3 months: the usual factor turning a weekly wage into a monthly one. */
const WEEKS_PER_MONTH = new Decimal(13).div(3);

export function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The month's regular pay from the stored standing pay: a twelfth of the annual salary, or hourly rate × weekly
 * hours × 13/3; rounded half up to the cent. An employee who starts or leaves within the month is paid for the
 * calendar days employed (Kalendertagemethode): monthly pay × days employed / days of the month.
 */
export function monthlyPay(pay: StoredPay, month: string, startDate: string, leaveDate: string | null): Decimal {
  const full = pay.basis === 'salary' ? new Decimal(pay.annual_salary ?? '0').div(12) : new Decimal(pay.hourly_rate ?? '0').times(pay.hours_per_week ?? '0').times(WEEKS_PER_MONTH);
  const monthStart = `${month}-01`;
  const monthEnd = lastDayOfMonth(month);
  const from = startDate > monthStart ? startDate : monthStart;
  const to = leaveDate && leaveDate < monthEnd ? leaveDate : monthEnd;
  const employedDays = daysBetween(from, to);
  const monthDays = daysBetween(monthStart, monthEnd);
  const due = employedDays >= monthDays ? full : full.times(employedDays).div(monthDays);
  return due.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/**
 * The month's regular pay: the standing pay (monthlyPay), or what the run's item says instead for this month
 * (decision K9, issue 18): `regular_pay` as it is, or `hours` × the hourly rate (the item's, else the stored one),
 * half up to the cent; the clerk's figure is the month's, so no pro rata applies to it.
 */
function regularPay(employee: EmployeeTable, pay: StoredPay, month: string, extra: GermanPayrollRunItem | undefined, issues: FieldIssue[]): Decimal | null {
  if (extra?.regular_pay !== undefined && extra.regular_pay !== null) return new Decimal(decimalText(extra.regular_pay));
  if (extra?.hours !== undefined && extra.hours !== null) {
    const rate = extra.hourly_rate ?? pay.hourly_rate;
    if (rate === undefined || rate === null || rate === '') {
      issues.push({ loc: ['employees', employee.id, 'pay', 'hourly_rate'], msg: `employee ${employee.id} has no stored hourly_rate: give hourly_rate with hours`, type: 'required' });
      return null;
    }
    return new Decimal(decimalText(extra.hours)).times(decimalText(rate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  }
  return monthlyPay(pay, month, employee.start_date, employee.leave_date);
}

export interface EmployeeMonth {
  item: PayslipItem;
  employment: DeEmployment;
}

const dec = (value: string | number | null | undefined): Decimal | undefined => (value === null || value === undefined || value === '' ? undefined : new Decimal(decimalText(value)));

/**
 * The engine's input for one employee and month, or the issues that keep the employee from being paid (located at
 * the employee: `employees.<id>.de…`, `employees.<id>.pay`).
 */
export function employeeMonth(employee: EmployeeTable, month: string, extra: GermanPayrollRunItem | undefined): { month: EmployeeMonth | null; issues: FieldIssue[] } {
  const at = ['employees', employee.id];
  const de = parseJson<DeStatutory>(employee.statutory_json);
  const pay = parseJson<StoredPay>(employee.pay_json);
  const issues: FieldIssue[] = [];
  if (!de || !('tax_class' in de)) issues.push({ loc: [...at, 'de'], msg: `employee ${employee.id} has no German statutory data (de: tax class, federal state, insurance); set it with employees update`, type: 'statutory_missing' });
  if (!pay) issues.push({ loc: [...at, 'pay'], msg: `employee ${employee.id} has no standing pay (pay.basis with annual_salary or hourly_rate); set it with employees update`, type: 'pay_missing' });
  if (!de || !pay || issues.length > 0) return { month: null, issues };
  const state = stateCodeOf(de.federal_state);
  const regular = regularPay(employee, pay, month, extra, issues);
  if (!regular) return { month: null, issues };
  const earnings: PayslipEarning[] = [{ type: 'salary', amount: regular, frequency: 'Month', isLumpsum: false, doGrossup: false }];
  for (const e of extra?.earnings ?? []) earnings.push({ type: e.earning_type, amount: new Decimal(decimalText(e.amount)), frequency: 'Month', isLumpsum: e.is_lumpsum, doGrossup: false });
  const birth = employee.date_of_birth;
  const item: PayslipItem = {
    employee: {
      employeeId: employee.id,
      ...(birth ? { yearOfBirth: Number(birth.slice(0, 4)), dateOfBirth: birth } : {}),
      isMiniJob: de.is_mini_job,
      pensionExemption: de.mini_job_details?.pension_exemption ?? false,
      flatRatePaidByEmployee: de.mini_job_details?.flat_rate_paid_by_employee ?? false,
      ...(dec(de.agreed_work_hours_per_week) ? { agreedWorkHoursPerWeek: dec(de.agreed_work_hours_per_week) as Decimal } : {}),
    },
    tax: {
      taxClass: de.tax_class as TaxClass,
      isFactor: Boolean(de.factor),
      ...(de.factor ? { factor: new Decimal(de.factor) } : {}),
      childAllowances: new Decimal(de.child_allowances),
      isChurchMember: de.is_church_member,
      ...(state ? { state } : {}),
    },
    insurance: {
      ...(de.health_insurer_agency_code ? { insurerCode: de.health_insurer_agency_code } : {}),
      ...(dec(de.health_insurance_additional_rate) ? { additionalRatePercent: dec(de.health_insurance_additional_rate) as Decimal } : {}),
      privateHealthMonthly: dec(de.private_insurance_monthly) ?? ZERO,
      privateCareMonthly: dec(de.private_care_insurance_monthly) ?? ZERO,
      children: de.care_insurance_children,
      isParent: de.is_parent,
      isMidiJob: de.is_midi_job,
      ...(dec(de.u1_rate) ? { u1RatePercent: dec(de.u1_rate) as Decimal } : {}),
      ...(dec(de.u2_rate) ? { u2RatePercent: dec(de.u2_rate) as Decimal } : {}),
    },
    pay: {
      earnings,
      benefits: (extra?.benefits ?? []).map((b) => ({ name: b.name, value: new Decimal(decimalText(b.value)), additionalPayments: dec(b.additional_payments ?? undefined) ?? ZERO, privateTrip: dec(b.private_trip ?? undefined) ?? ZERO })),
      deductions: (extra?.deductions ?? []).map((d) => ({ name: d.name, amount: new Decimal(decimalText(d.amount)) })),
      reimbursements: (extra?.reimbursements ?? []).map((r) => ({ name: r.name, amount: new Decimal(decimalText(r.amount)) })),
    },
  };
  // Absent: no earlier employer this year; null: not presented (§ 39b Abs. 3 S. 2 EStG extrapolates it).
  const previous = de.previous_employment_pay === undefined ? ZERO : de.previous_employment_pay === null ? null : new Decimal(de.previous_employment_pay);
  const employment: DeEmployment = {
    entryDate: employee.start_date,
    exitDate: employee.leave_date,
    previousEmploymentPay: previous,
    previousEmploymentMonths: de.previous_employment_months ?? 0,
  };
  return { month: { item, employment }, issues };
}
