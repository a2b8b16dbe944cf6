/**
 * `gb-run` vectors (fixtures/reference/README.md): one employment followed through consecutive pay periods, replayed
 * through a temporary in-memory store and REAL payroll runs of the service: a GB organization, a pay calendar of the
 * case's frequency, a pay group and the employee with the starter data; then, period by period, the event is
 * applied as a clerk would (code notices, NI category, SL1/SL2/PGL1 notices, leaving, pension enrolment or opt-out),
 * the run is made, compared and approved. Year-to-date figures therefore come from the store, not from the vector.
 */
import { addDays, addMonths } from '../../../domain/gb/run/dates.js';
import { Decimal } from '../../../domain/money.js';
import type { PayrollService } from '../../../service/ports.js';
import type { Payslip } from '../../../service/contracts/payroll-runs.js';
import { compareExpected } from '../compare.js';
import type { Mismatch, Vector, VectorRunner } from '../types.js';
import { replayThroughStore } from '../store-replay.js';

type Frequency = 'weekly' | 'fortnightly' | 'four_weekly' | 'monthly';

interface WirePension {
  method: 'net_pay' | 'relief_at_source' | 'salary_sacrifice';
  basis: 'qualifying_earnings' | 'full_pay' | 'pensionable_pay';
  employee_rate: string;
  employer_rate: string;
  employee_cap?: string | null;
  employer_cap?: string | null;
}

interface RunEvent {
  type: string;
  declaration?: string;
  notice?: string;
  p6_previous_pay?: string | null;
  p6_previous_tax?: string | null;
  irregular?: boolean;
  plan?: string;
  [key: string]: unknown;
}

interface RunPeriodVector {
  period: number;
  tax_period?: number;
  tax_code: string;
  cumulative: boolean;
  gross_pay: string;
  payrolled_benefits?: string;
  ni_category: string;
  student_loan_plans?: string[];
  postgraduate_loan?: boolean;
  pension?: WirePension | null;
  event?: RunEvent | null;
  expected: Record<string, unknown>;
}

interface GbRunVector extends Vector {
  tax_year: string;
  frequency: Frequency;
  starter: { declaration: string; p45: { tax_code: string; week1_month1: boolean; previous_taxable_pay: string; previous_tax_paid: string; leaving_tax_period: number } | null } | null;
  director: { method: 'standard_annual_earnings_period' | 'alternative'; weeks_in_earnings_period: number } | null;
  periods: RunPeriodVector[];
  expected_p45?: Record<string, unknown>;
  expected_year_to_date?: Record<string, unknown>;
}

const STANDARD: Record<Frequency, number> = { weekly: 52, fortnightly: 26, four_weekly: 13, monthly: 12 };
const PERIOD_DAYS: Record<Exclude<Frequency, 'monthly'>, number> = { weekly: 7, fortnightly: 14, four_weekly: 28 };
const TREATMENT: Record<WirePension['method'], string> = { net_pay: 'NET_PAY', relief_at_source: 'RELIEF_AT_SOURCE', salary_sacrifice: 'SALARY_SACRIFICE' };
const CODE: Record<WirePension['method'], string> = { net_pay: 'UK-P-001', relief_at_source: 'UK-P-002', salary_sacrifice: 'UK-P-003' };

/**
 * A calendar whose period n is paid in tax week n (weekly), 2n (fortnightly), 4n (four-weekly) or tax month n,
 * paid on the period's last day with no weekend move. A case with an extra payment (week 53/54/56) is paid so
 * that the first payday is 6 April, which gives the year its extra payday.
 */
function calendarFor(v: GbRunVector): Record<string, unknown> {
  const start = Number(v.tax_year.slice(0, 4));
  const yearStart = `${start}-04-06`;
  const rule = { type: 'last_working_day', weekend_adjustment: 'none' };
  if (v.frequency === 'monthly') return { name: 'Monthly', frequency: 'monthly', first_period_start: yearStart, pay_day_rule: rule };
  const days = PERIOD_DAYS[v.frequency];
  const extra = v.periods.some((p) => p.period > STANDARD[v.frequency]);
  // Last day of period 1: the end of tax week 1, 2 or 4, or 6 April itself for a year with an extra payday.
  const firstPayday = extra ? yearStart : addDays(yearStart, 7 * (days / 7) - 1);
  return { name: v.frequency, frequency: v.frequency, first_period_start: addDays(firstPayday, 1 - days), pay_day_rule: rule };
}

function dateOfBirthFor(niCategory: string): string {
  if (niCategory === 'C' || niCategory === 'S' || niCategory === 'K') return '1955-01-01'; // over State Pension age
  if (niCategory === 'M' || niCategory === 'Z') return '2007-01-01'; // under 21
  if (niCategory === 'H') return '2003-01-01'; // apprentice under 25
  return '1985-06-15';
}

/** End of tax week / month `n` of the tax year (a P45 leaving date). */
function endOfTaxPeriod(v: GbRunVector, n: number): string {
  const lastDayBefore = `${v.tax_year.slice(0, 4)}-04-05`;
  return v.frequency === 'monthly' ? addMonths(lastDayBefore, n) : addDays(lastDayBefore, 7 * n * (v.frequency === 'weekly' ? 1 : 1));
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());
}

function samePension(a: WirePension | null | undefined, b: WirePension | null | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

class Replay {
  orgId = '';
  calendarId = '';
  groupId = '';
  employeeId = '';
  schemeId: string | null = null;
  schemeTerms: WirePension | null = null;
  leaverPayslip: Payslip | null = null;
  lastPayslip: Payslip | null = null;
  periods: { period_number: number; start_date: string; end_date: string; pay_date: string; tax_period: number }[] = [];
  code = '';
  cumulative = true;
  niCategory = 'A';
  plans: string[] = [];
  pgl = false;
  pension: WirePension | null = null;
  left = false;

  constructor(
    readonly service: PayrollService,
    readonly v: GbRunVector,
  ) {}

  period(n: number) {
    const found = this.periods.find((p) => p.period_number === n);
    if (!found) throw new Error(`the calendar has no period ${n} in ${this.v.tax_year}`);
    return found;
  }

  async setUp(): Promise<void> {
    const v = this.v;
    const s = this.service;
    const first = v.periods[0] as RunPeriodVector;
    this.orgId = (await s.createOrganization({ legal_name: `verify ${v.id}`, country: 'GB' })).id;
    this.calendarId = (await s.createPayCalendar(this.orgId, calendarFor(v))).id;
    this.periods = (await s.getPayCalendarPeriods(this.orgId, this.calendarId, { tax_year: v.tax_year })).periods;
    this.groupId = (await s.createPayGroup(this.orgId, { name: 'verify', pay_calendar_id: this.calendarId })).id;

    const starts = first.event?.type === 'starter' || v.starter !== null;
    const weeks = v.director?.weeks_in_earnings_period ?? 52;
    const appointment = weeks >= 52 ? '2020-01-06' : addDays(`${v.tax_year.slice(0, 4)}-04-06`, 7 * (52 - weeks));
    const startDate = starts ? this.period(first.period).start_date : v.director && weeks < 52 ? appointment : '2020-01-06';
    const p45 = v.starter?.p45 ?? null;
    this.code = first.tax_code;
    this.cumulative = first.cumulative;
    this.niCategory = first.ni_category;
    this.plans = first.student_loan_plans ?? [];
    this.pgl = first.postgraduate_loan === true;
    const declaration = v.starter?.declaration;
    const gb: Record<string, unknown> = {
      tax_code: first.tax_code,
      week1_month1: !first.cumulative,
      ni_category: first.ni_category,
      student_loan_plans: this.plans,
      postgraduate_loan: this.pgl,
      starter_declaration: declaration === 'A' || declaration === 'B' || declaration === 'C' ? declaration : null,
      p45: p45
        ? { leaving_date: endOfTaxPeriod(v, p45.leaving_tax_period), tax_code: p45.tax_code, week1_month1: p45.week1_month1, pay_to_date: p45.previous_taxable_pay, tax_to_date: p45.previous_tax_paid }
        : null,
      ...(v.director ? { is_director: true, director_appointment_date: appointment, director_ni_method: v.director.method } : {}),
    };
    const employee = await s.createEmployee(this.orgId, {
      first_name: 'Vector',
      last_name: v.id,
      date_of_birth: dateOfBirthFor(first.ni_category),
      start_date: startDate,
      gb,
    });
    this.employeeId = employee.id;
    await s.assignEmployees(this.orgId, this.groupId, { employee_ids: [this.employeeId] });
  }

  async updateGb(patch: Record<string, unknown>): Promise<void> {
    await this.service.updateEmployee(this.orgId, this.employeeId, { gb: patch });
  }

  /** What a clerk does before the period's run: notices, leaving, pension changes. */
  async applyChanges(p: RunPeriodVector, index: number): Promise<void> {
    const event = p.event ?? null;
    const afterLeaving = event?.type === 'payment-after-leaving' || this.left;
    if (!afterLeaving && (p.tax_code !== this.code || p.cumulative !== this.cumulative)) {
      await this.updateGb({ tax_code: p.tax_code, week1_month1: !p.cumulative });
      this.code = p.tax_code;
      this.cumulative = p.cumulative;
    }
    if (event?.type === 'code-change' && event.p6_previous_pay && event.p6_previous_tax) {
      // A P6 with previous pay and tax: those figures are the previous employment's from now on.
      const existing = this.v.starter?.p45;
      await this.updateGb({
        p45: {
          leaving_date: existing ? endOfTaxPeriod(this.v, existing.leaving_tax_period) : addDays(this.period(p.period).start_date, -1),
          tax_code: existing?.tax_code ?? p.tax_code,
          week1_month1: false,
          pay_to_date: event.p6_previous_pay,
          tax_to_date: event.p6_previous_tax,
        },
      });
    }
    if (p.ni_category !== this.niCategory) {
      await this.updateGb({ ni_category: p.ni_category });
      this.niCategory = p.ni_category;
    }
    if (!sameList(p.student_loan_plans, this.plans) || (p.postgraduate_loan === true) !== this.pgl) {
      this.plans = p.student_loan_plans ?? [];
      this.pgl = p.postgraduate_loan === true;
      await this.updateGb({ student_loan_plans: this.plans, postgraduate_loan: this.pgl });
    }
    const dates = this.period(p.period);
    if (!samePension(p.pension, this.pension)) {
      if (p.pension && this.pension === null) {
        await this.ensureScheme(p.pension, dates.start_date);
        if (event?.type !== 'auto-enrolment') await this.enrol(p, dates);
      } else if (!p.pension && this.pension) {
        await this.service.optOutEmployee(this.orgId, this.employeeId, { opt_out_date: dates.start_date });
      } else if (p.pension) {
        await this.ensureScheme(p.pension, dates.start_date);
      }
      this.pension = p.pension ?? null;
    }
    if (event?.type === 'leaver') {
      await this.service.leaveEmployee(this.orgId, this.employeeId, { leave_date: dates.pay_date < dates.end_date ? dates.pay_date : dates.end_date });
      this.left = true;
    }
    void index;
  }

  async ensureScheme(pension: WirePension, from: string): Promise<void> {
    if (this.schemeId !== null && samePension(pension, this.schemeTerms)) return;
    const body = {
      valid_from: this.schemeId === null ? `${this.v.tax_year.slice(0, 4)}-04-06` : from,
      scheme_name: 'Workplace pension',
      provider: 'OTHER',
      tax_treatment: TREATMENT[pension.method],
      pensionable_earnings_definition: pension.basis === 'qualifying_earnings' ? 'QUALIFYING_EARNINGS' : 'PENSIONABLE_PAY',
      // The scheme's statutory floor; lower vector rates become membership overrides.
      employee_rate: new Decimal(pension.employee_rate).gte('0.05') ? pension.employee_rate : '0.05',
      employer_rate: new Decimal(pension.employer_rate).gte('0.03') ? pension.employer_rate : '0.03',
      employee_cap: pension.employee_cap ?? null,
      employer_cap: pension.employer_cap ?? null,
      wage_type_code: CODE[pension.method],
      entitled_worker_employer_contributes: true,
    };
    this.schemeId = this.schemeId === null ? (await this.service.createPensionScheme(this.orgId, body)).scheme_id : (await this.service.createPensionSchemeVersion(this.orgId, this.schemeId, body)).scheme_id;
    this.schemeTerms = pension;
  }

  async enrol(p: RunPeriodVector, dates: { start_date: string; pay_date: string }): Promise<void> {
    const pension = p.pension as WirePension;
    const date = dates.start_date < dates.pay_date ? dates.start_date : dates.pay_date;
    const employee = await this.service.getEmployee(this.orgId, this.employeeId);
    const enrolmentDate = date < employee.start_date ? employee.start_date : date;
    const join = p.event?.type === 'pension-join';
    const overSpa = p.ni_category === 'C';
    await this.service.enrolEmployee(this.orgId, this.employeeId, {
      enrolment_date: enrolmentDate,
      entry_route: join ? 'JOINED' : overSpa ? 'OPTED_IN' : 'AUTO_ENROLLED',
      worker_category: join ? 'ENTITLED_WORKER' : overSpa ? 'NON_ELIGIBLE_JOBHOLDER' : 'ELIGIBLE_JOBHOLDER',
      enrolment_communication_date: enrolmentDate,
      ...(new Decimal(pension.employee_rate).lt('0.05') ? { employee_rate: pension.employee_rate } : {}),
      ...(new Decimal(pension.employer_rate).lt('0.03') ? { employer_rate: pension.employer_rate } : {}),
    });
  }

  async run(p: RunPeriodVector): Promise<Payslip> {
    const event = p.event ?? null;
    const irregular = event?.type === 'payment-after-leaving' ? event.irregular === true : null;
    const benefits = p.payrolled_benefits && Number(p.payrolled_benefits) > 0 ? [{ wage_type_code: 'UK-B-007', amount: p.payrolled_benefits }] : [];
    const body = {
      payroll_group: [
        {
          employee_id: this.employeeId,
          pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: p.gross_pay, is_lumpsum: irregular === true }], benefits, deductions: [], reimbursements: [] },
          ...(irregular !== null ? { irregular_payment: irregular } : {}),
        },
      ],
      pay_group_id: this.groupId,
      pay_calendar_id: this.calendarId,
      period_number: p.period,
      tax_year: this.v.tax_year,
    };
    const result = await this.service.runGbPayroll(this.orgId, body);
    let run = await this.service.getPayrollRun(this.orgId, result.payroll_status_id);
    let payslip = run.payslips?.[0] as Payslip;
    if (event?.type === 'auto-enrolment' && p.pension && !payslip.pension) {
      // The run did not enrol (this replay's date of birth or earnings made the worker not eligible): enrol as the
      // clerk would and run the period again.
      await this.service.discardPayrollRun(this.orgId, run.id);
      await this.enrol(p, this.period(p.period));
      run = await this.service.getPayrollRun(this.orgId, (await this.service.runGbPayroll(this.orgId, body)).payroll_status_id);
      payslip = run.payslips?.[0] as Payslip;
    }
    await this.service.approvePayrollRun(this.orgId, run.id);
    const pension = payslip.pension as { auto_enrolled?: boolean } | null | undefined;
    if (pension?.auto_enrolled) {
      // The clerk sends the enrolment information with this payslip and records the date.
      await this.service.recordEnrolmentCommunication(this.orgId, this.employeeId, { enrolment_communication_date: payslip.pay_date });
    }
    if (payslip.is_leaver) this.leaverPayslip = payslip;
    this.lastPayslip = payslip;
    return payslip;
  }
}

export const runner: VectorRunner = async (vector: Vector): Promise<Mismatch[]> => {
  const v = vector as GbRunVector;
  return replayThroughStore(v.id, async (service, progress) => {
    const mismatches = progress.mismatches;
    const replay = new Replay(service, v);
    await replay.setUp();
    for (let i = 0; i < v.periods.length; i += 1) {
      const p = v.periods[i] as RunPeriodVector;
      progress.step = `periods.${i} (period ${p.period})`;
      await replay.applyChanges(p, i);
      const payslip = await replay.run(p);
      mismatches.push(...compareExpected(v.id, p.expected, payslip, `periods.${i}.expected`));
    }
    if (v.expected_p45) {
      if (!replay.leaverPayslip) mismatches.push({ id: v.id, field: 'expected_p45', expected: v.expected_p45, got: null });
      else mismatches.push(...compareExpected(v.id, v.expected_p45, replay.leaverPayslip.p45 ?? {}, 'expected_p45'));
    }
    if (v.expected_year_to_date && replay.lastPayslip) {
      mismatches.push(...compareExpected(v.id, v.expected_year_to_date, replay.lastPayslip.ytd_this_employment, 'expected_year_to_date'));
    }
  });
};
