/**
 * `de-run` vectors (fixtures/reference/README.md, de/run-rules.md): one employment followed through consecutive
 * months, replayed through a temporary in-memory store and REAL approved monthly runs of the service, as `gb-run`
 * is: a fresh German organization and the employee with the vector's attributes (entry and a known exit date,
 * earlier employers' pay, tax and insurance attributes, the employer's U1/U2 rates); then, month by month and the
 * previous year's months first, what a clerk would change (the standing pay when the salary changes, the insurer's
 * Zusatzbeitrag at a new year), the month's one-offs as the run's inputs, the run, its approval, and every expected
 * figure compared with the stored month record (`ytd.*` included). History therefore comes from the store.
 */
import { Decimal } from '../../../domain/money.js';
import type { PayrollService } from '../../../service/ports.js';
import { compareExpected } from '../compare.js';
import type { Mismatch, Vector, VectorRunner } from '../types.js';
import { replayThroughStore } from '../store-replay.js';

interface DeRunEarning {
  earning_type: string;
  amount: string;
  earning_frequency?: string;
  is_lumpsum: boolean;
}

interface DeRunMonth {
  month: string;
  earnings: DeRunEarning[];
  expected: Record<string, unknown>;
}

interface DeRunVector extends Vector {
  year: number;
  employer: { state: string; u1_rate: string; u2_rate: string };
  employee: {
    date_of_birth: string;
    entry_date: string;
    exit_date: string | null;
    previous_employment_pay: string | null;
    previous_employment_months: number;
    tax_attributes: { tax_class: number; is_factor?: boolean; factor?: string | null; child_allowances: string | number; is_church_member: boolean; tax_state: string };
    insurance_details: {
      health_insurer_agency_code?: string | null;
      health_insurance_additional_rate?: string | null;
      health_insurance_additional_rate_by_year?: Record<string, string>;
      private_insurance_monthly?: string;
      private_care_insurance_monthly?: string;
      care_insurance_children?: number;
      is_parent?: boolean;
      is_midi_job?: boolean;
    };
    employee_details?: { is_mini_job?: boolean };
  };
  months: DeRunMonth[];
}

function lastDayOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** Employed for the whole month (the standing pay is then the month's regular pay itself). */
function fullMonth(v: DeRunVector, month: string): boolean {
  return v.employee.entry_date <= `${month}-01` && (v.employee.exit_date === null || v.employee.exit_date >= lastDayOfMonth(month));
}

const regularOf = (m: DeRunMonth): DeRunEarning[] => m.earnings.filter((e) => !e.is_lumpsum);

/**
 * The full month's salary a month is paid from: its own regular pay when employed all month; in a month of entry
 * the next full month's, in a month of exit the last full month's (the store pays the partial month pro rata by
 * calendar days, as the vectors' generator does).
 */
function fullSalaryFor(v: DeRunVector, index: number): string {
  const own = regularOf(v.months[index] as DeRunMonth)[0];
  if (fullMonth(v, (v.months[index] as DeRunMonth).month) && own) return own.amount;
  const order = [...v.months.keys()].filter((i) => i !== index);
  const entering = (v.months[index] as DeRunMonth).month === v.employee.entry_date.slice(0, 7);
  order.sort((a, b) => (entering ? a - b : b - a));
  for (const i of order) {
    const m = v.months[i] as DeRunMonth;
    if ((entering ? i > index : i < index) && fullMonth(v, m.month) && regularOf(m)[0]) return (regularOf(m)[0] as DeRunEarning).amount;
  }
  for (const i of order) {
    const m = v.months[i] as DeRunMonth;
    if (fullMonth(v, m.month) && regularOf(m)[0]) return (regularOf(m)[0] as DeRunEarning).amount;
  }
  throw new Error(`no full month in ${v.id} to take the monthly salary of ${(v.months[index] as DeRunMonth).month} from`);
}

/** Flat figure keys (`employee.taxes.income_tax`) as nested objects, so compareExpected can walk them. */
function nested(figures: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(figures)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = value;
  }
  return out;
}

class Replay {
  orgId = '';
  employeeId = '';
  salary = '';
  additionalRate: string | null = null;

  constructor(
    readonly service: PayrollService,
    readonly v: DeRunVector,
  ) {}

  rateFor(month: string): string | null {
    const i = this.v.employee.insurance_details;
    return i.health_insurance_additional_rate_by_year?.[month.slice(0, 4)] ?? i.health_insurance_additional_rate ?? null;
  }

  async setUp(): Promise<void> {
    const { v, service } = this;
    const e = v.employee;
    const t = e.tax_attributes;
    const i = e.insurance_details;
    const first = (v.months[0] as DeRunMonth).month;
    this.orgId = (await service.createOrganization({ legal_name: `verify ${v.id}`, country: 'DE' })).id;
    this.salary = fullSalaryFor(v, 0);
    this.additionalRate = this.rateFor(first);
    const de: Record<string, unknown> = {
      tax_class: t.tax_class,
      child_allowances: String(t.child_allowances),
      is_church_member: t.is_church_member,
      federal_state: t.tax_state,
      ...(t.factor ? { factor: t.factor } : {}),
      ...(i.health_insurer_agency_code ? { health_insurer_agency_code: i.health_insurer_agency_code } : {}),
      ...(this.additionalRate !== null ? { health_insurance_additional_rate: this.additionalRate } : {}),
      private_insurance_monthly: i.private_insurance_monthly ?? '0.00',
      private_care_insurance_monthly: i.private_care_insurance_monthly ?? '0.00',
      care_insurance_children: i.care_insurance_children ?? 0,
      is_parent: i.is_parent === true || (i.care_insurance_children ?? 0) > 0,
      is_midi_job: i.is_midi_job === true,
      is_mini_job: e.employee_details?.is_mini_job === true,
      // The employer's levy rates at its insurer (the vector's employer block).
      u1_rate: v.employer.u1_rate,
      u2_rate: v.employer.u2_rate,
      previous_employment_pay: e.previous_employment_pay,
      previous_employment_months: e.previous_employment_months,
    };
    const employee = await service.createEmployee(this.orgId, {
      first_name: 'Vector',
      last_name: v.id,
      date_of_birth: e.date_of_birth,
      start_date: e.entry_date,
      pay: { basis: 'salary', annual_salary: new Decimal(this.salary).times(12).toFixed(2), currency: 'EUR' },
      de,
    });
    this.employeeId = employee.id;
    // A known exit date is recorded from the start (it shortens the expected annual wage, run-rules.md §3).
    if (e.exit_date) await service.leaveEmployee(this.orgId, this.employeeId, { leave_date: e.exit_date });
  }

  /** What a clerk changes before the month's run: a new salary, the insurer's new Zusatzbeitrag. */
  async applyChanges(index: number): Promise<void> {
    const m = this.v.months[index] as DeRunMonth;
    const salary = fullSalaryFor(this.v, index);
    const rate = this.rateFor(m.month);
    const patch: Record<string, unknown> = {};
    if (salary !== this.salary) {
      patch.pay = { basis: 'salary', annual_salary: new Decimal(salary).times(12).toFixed(2), currency: 'EUR' };
      this.salary = salary;
    }
    if (rate !== this.additionalRate && rate !== null) {
      patch.de = { health_insurance_additional_rate: rate };
      this.additionalRate = rate;
    }
    if (Object.keys(patch).length > 0) await this.service.updateEmployee(this.orgId, this.employeeId, patch);
  }

  async run(index: number): Promise<Record<string, unknown>> {
    const m = this.v.months[index] as DeRunMonth;
    // The month's regular pay is the standing pay; everything else is the run's input for the employee.
    const [, ...extraRegular] = regularOf(m);
    const extra = [...extraRegular, ...m.earnings.filter((e) => e.is_lumpsum)].map((e) => ({ earning_type: e.earning_type, amount: e.amount, is_lumpsum: e.is_lumpsum }));
    const body = { period: m.month, items: extra.length > 0 ? [{ employee_id: this.employeeId, earnings: extra }] : [] };
    const result = await this.service.createGermanPayrollRun(this.orgId, body);
    const run = await this.service.getGermanPayrollRun(this.orgId, result.payroll_status_id);
    await this.service.approveGermanPayrollRun(this.orgId, run.id);
    const payslip = (run.payslips ?? []).find((p) => p.employee_id === this.employeeId);
    if (!payslip) throw new Error(`the run of ${m.month} has no payslip for the employee`);
    return payslip.figures;
  }
}

export const runner: VectorRunner = async (vector: Vector): Promise<Mismatch[]> => {
  const v = vector as DeRunVector;
  return replayThroughStore(v.id, async (service, progress) => {
    const mismatches = progress.mismatches;
    const replay = new Replay(service, v);
    await replay.setUp();
    for (let i = 0; i < v.months.length; i += 1) {
      const m = v.months[i] as DeRunMonth;
      progress.step = `months.${i} (${m.month})`;
      await replay.applyChanges(i);
      const figures = await replay.run(i);
      mismatches.push(...compareExpected(v.id, m.expected, nested(figures), `months.${i}.expected`));
    }
  });
};
