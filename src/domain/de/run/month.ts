/**
 * The German payroll account's month engine: one month of one employment, given its earlier months.
 *
 * A month without a one-off and without entry/exit is exactly endpoint 20's single-month payslip
 * (calculatePayslip). This engine adds what needs the year so far (fixtures/reference/de/run-rules.md):
 * - partial months (entry/exit within the month): the Teillohnzahlungszeitraum (day table, LZZ 4), the SV-Tage and
 *   the month's ceiling pro-rated to them (§2);
 * - one-offs: wage tax by PAP SONSTB with the expected annual wage JRE4 of § 39b Abs. 3 EStG (§3, jre4.ts); SV under
 *   the pro-rated annual ceiling of § 23a Abs. 3 SGB IV and the Märzklausel of § 23a Abs. 4 (§4, one-off.ts);
 * - the year to date of this employment, resetting in January (§5);
 * - the record the following months read (record.ts, DeMonthState).
 *
 * Refused with a clear error: a one-off in a partial entry month (§3: the current monthly pay for the rest of the year
 * is undefined), a one-off of a midijob or minijob (§1: § 20 Abs. 2a SGB IV and the flat rates are out of scope),
 * gross-up lines and severance (not modelled for stored months), an unknown U1/U2 rate (issue point U1/U2).
 * Pure: no I/O, no clock.
 */
import { Decimal, ZERO, money } from '../../money.js';
import { DomainError, fieldError } from '../../errors.js';
import { isSupportedYear, paramsForYear } from '../params/index.js';
import { calculatePayslipWith, type PayslipCalculation, type PayslipContext, type PayslipOverrides } from '../payslip.js';
import { periodCeiling } from '../social-insurance.js';
import { checkDate, lastDay, monthCoverage, monthLabel, parseMonth, type MonthCoverage, type MonthRef } from './calendar.js';
import { expectedAnnualWage } from './jre4.js';
import { oneOffSv, requireMonths, type Allocation, type OneOffSv } from './one-off.js';
import { DE_MONTH_KEYS, DE_MONTH_RECORD_VERSION, DE_YTD_SOURCES, type DeMonthKey } from './record.js';
import type { DeMonthFigures, DeMonthFiling, DeMonthInput, DeMonthRecord, DeMonthResult, DeMonthState } from './month-types.js';

export { DE_MONTH_RECORD_VERSION, DE_FIGURE_KEYS, parseDeMonthRecord } from './record.js';

export function calculateDeMonth(input: DeMonthInput): DeMonthResult {
  const ref = parseMonth(input.month);
  if (!isSupportedYear(ref.year)) throw fieldError(['month'], `no German payroll figures for ${ref.year}`, 'year');
  const payDate = checkDate(input.payDate ?? lastDay(ref), ['pay_date']);
  // The pay date dates the figures and the ages (PV status on the 1st of the payroll month): it must lie in the month.
  if (payDate.slice(0, 7) !== ref.label) throw fieldError(['pay_date'], `${payDate} is not in the month paid, ${ref.label}`, 'pay_date_month');

  const employment = input.employment;
  checkDate(employment.entryDate, ['employment', 'entry_date']);
  if (employment.exitDate !== null) {
    checkDate(employment.exitDate, ['employment', 'exit_date']);
    if (employment.exitDate < employment.entryDate) throw fieldError(['employment', 'exit_date'], `the exit ${employment.exitDate} is before the entry ${employment.entryDate}`, 'exit_before_entry');
  }
  if (!Number.isInteger(employment.previousEmploymentMonths) || employment.previousEmploymentMonths < 0 || employment.previousEmploymentMonths > 12) {
    throw fieldError(['employment', 'previous_employment_months'], 'must be a whole number of months from 0 to 12', 'months');
  }
  const coverage = monthCoverage(ref, employment.entryDate, employment.exitDate);
  if (coverage.employed === 0) {
    throw fieldError(['month'], `the employment (${employment.entryDate} to ${employment.exitDate ?? 'open'}) does not cover ${ref.label}`, 'not_employed');
  }

  const history = orderedHistory(input.history, ref);
  const yearHistory = history.filter((record) => record.month.startsWith(`${ref.year}-`));
  const previousYearHistory = history.filter((record) => record.month.startsWith(`${ref.year - 1}-`));

  const context: PayslipContext = { payCycle: 'Month', payDate, includeExecutionHistory: input.includeExecutionHistory === true, ...(input.explain ? { explain: true } : {}) };
  const overrides: PayslipOverrides = {
    requireLevyRates: true,
    ...(coverage.partial ? { partialMonth: { taxDays: coverage.employed, svDays: coverage.svDays } } : {}),
  };
  let calculation = calculatePayslipWith(input.item, context, overrides);
  const applied = calculation.applied;
  if (applied.grossup) throw fieldError(['item', 'pay', 'earnings'], 'net-to-gross (do_grossup) lines are not supported in a stored German month', 'grossup_unsupported');
  if (applied.severance.gt(0)) {
    throw fieldError(['item', 'pay', 'earnings'], 'severance (Abfindung, § 24 Nr. 1 / § 34 EStG) is not supported in a stored German month', 'severance_unsupported');
  }

  let oneOff: { sv: OneOffSv; jre4: Decimal } | undefined;
  if (applied.lumpsum.gt(0)) {
    checkOneOffAllowed(input, ref, coverage, calculation);
    requireMonths(yearHistory, yearStart(ref, employment.entryDate), previousMonth(ref), `the one-off of ${ref.label} (§ 23a Abs. 3 SGB IV, § 39b Abs. 3 EStG)`);
    const params = paramsForYear(ref.year);
    const regularBases = {
      kv: applied.statutoryHealth ? Decimal.min(applied.currentWage, periodCeiling(params.ceilings.healthCareAnnual, coverage.svDays)) : ZERO,
      rv: Decimal.min(applied.currentWage, periodCeiling(params.ceilings.pensionUnemploymentAnnual, coverage.svDays)),
    };
    const sv = oneOffSv({
      ref,
      params,
      employment,
      svDays: coverage.svDays,
      regularBases,
      oneOff: applied.lumpsum,
      statutoryHealth: applied.statutoryHealth,
      yearHistory,
      previousYearHistory,
    });
    const jre4 = expectedAnnualWage({ ref, employment, currentWage: applied.currentWage, yearHistory });
    oneOff = { sv, jre4 };
    calculation = calculatePayslipWith(input.item, context, {
      ...overrides,
      oneOffBases: { healthCare: sv.kv, pensionUnemployment: sv.rv },
      jre4,
      ...(sv.allocation ? { allocatedContributions: { employee: sv.allocation.employee, employer: sv.allocation.employer, additional: sv.allocation.additional } } : {}),
    });
  }

  const state = stateOf(calculation, coverage, oneOff);
  const figures = figuresOf(ref, calculation, coverage, oneOff, state, yearHistory);
  const filing = filingOf(input, calculation, oneOff?.sv.allocation);
  const record: DeMonthRecord = { version: DE_MONTH_RECORD_VERSION, month: ref.label, figures, state, filing };
  return { payslip: calculation.payslip, record };
}

/** Earlier months only, each once, oldest first. */
function orderedHistory(history: readonly DeMonthRecord[], ref: MonthRef): DeMonthRecord[] {
  const seen = new Set<string>();
  for (const [index, record] of history.entries()) {
    if (record.version !== DE_MONTH_RECORD_VERSION) {
      throw new DomainError('internal', 'DE.RUN.RECORD_VERSION', `history[${index}] (${record.month}) is a version ${record.version} record; this engine reads version ${DE_MONTH_RECORD_VERSION}`);
    }
    if (record.month >= ref.label) throw fieldError(['history', index, 'month'], `${record.month} is not earlier than the month calculated, ${ref.label}`, 'history_order');
    if (seen.has(record.month)) throw fieldError(['history', index, 'month'], `${record.month} appears twice in the history`, 'history_duplicate');
    seen.add(record.month);
  }
  return [...history].sort((a, b) => (a.month < b.month ? -1 : 1));
}

function yearStart(ref: MonthRef, entryDate: string): MonthRef {
  const entry = parseMonth(entryDate.slice(0, 7));
  return entry.year === ref.year ? entry : { year: ref.year, month: 1, label: monthLabel(ref.year, 1) };
}

function previousMonth(ref: MonthRef): MonthRef {
  // January: nothing earlier in the year (monthsBetween of a later start is empty).
  return ref.month === 1 ? { year: ref.year, month: 0, label: `${ref.year}-00` } : { year: ref.year, month: ref.month - 1, label: monthLabel(ref.year, ref.month - 1) };
}

function checkOneOffAllowed(input: DeMonthInput, ref: MonthRef, coverage: MonthCoverage, calculation: PayslipCalculation): void {
  const loc = ['item', 'pay', 'earnings'];
  const employment = calculation.payslip.employment;
  if (input.item.employee.isMiniJob || input.item.insurance.isMidiJob || employment !== 'regular') {
    // run-rules.md §1: the one-off rules of the Übergangsbereich (§ 20 Abs. 2a SGB IV) and the minijob flat rates differ.
    throw fieldError(loc, `employee ${input.item.employee.employeeId}: a one-off payment in a ${employment === 'regular' ? (input.item.employee.isMiniJob ? 'minijob' : 'midijob') : employment} month is not supported (§ 20 Abs. 2a SGB IV / flat rates: out of the month engine's scope)`, 'one_off_midi_mini');
  }
  if (coverage.partialEntry) {
    // run-rules.md §3: in a partial entry month the current monthly pay for the rest of the year (JRE4) is undefined.
    throw fieldError(
      loc,
      `employee ${input.item.employee.employeeId}: a one-off payment in the entry month ${ref.label} (employed from ${input.employment.entryDate}, ${coverage.employed} of ${coverage.calendarDays} days) is refused: the expected annual wage (§ 39b Abs. 3 EStG) needs a full month's regular pay; pay it with a later month`,
      'one_off_in_entry_month',
    );
  }
}

function stateOf(calculation: PayslipCalculation, coverage: MonthCoverage, oneOff: { sv: OneOffSv } | undefined): DeMonthState {
  const { payslip, applied } = calculation;
  const insurance = payslip.employee.insurance;
  const allocation = oneOff?.sv.allocation;
  return {
    svDays: coverage.svDays,
    taxDays: coverage.partial ? coverage.employed : null,
    regularPay: money(applied.currentWage),
    oneOffPay: money(applied.lumpsum),
    // The payslip's bases are this year's: regular (capped) plus the one-off's part unless allocated elsewhere.
    bases: { kv: money(applied.statutoryHealth ? insurance.insuranceAssessmentBase : ZERO), rv: money(insurance.pensionAssessmentBase) },
    allocated: allocation ? { to: allocation.to, kv: money(allocation.kv), rv: money(allocation.rv) } : null,
    attributes: {
      statutoryHealth: applied.statutoryHealth,
      additionalRatePercent: applied.additionalRate.mul(100).toString(),
      saxony: applied.saxony,
      childlessSurcharge: applied.childlessSurcharge,
      childReductions: applied.childReductions,
      employment: payslip.employment,
    },
  };
}

/** What the employer filings read of the month beyond its figures (month-types.ts DeMonthFiling). */
function filingOf(input: DeMonthInput, calculation: PayslipCalculation, allocation: Allocation | undefined): DeMonthFiling {
  const { sv, payslip } = calculation;
  const parts = (side: { health: Decimal; care: Decimal; pension: Decimal; unemployment: Decimal }, additional: Decimal) => ({
    health: money(side.health),
    additional: money(additional),
    care: money(side.care),
    pension: money(side.pension),
    unemployment: money(side.unemployment),
  });
  const insurance = input.item.insurance;
  const minijob = payslip.employment === 'minijob';
  return {
    insurer: insurance.insurerCode ?? null,
    additional: { employee: money(sv.additional.employee), employer: money(sv.additional.employer) },
    minijobPensionExempt: minijob ? input.item.employee.pensionExemption : null,
    employeeFlatTax: money(sv.employeeFlatTax),
    subsidy: { health: money(sv.employer.privateHealthSubsidy), care: money(sv.employer.privateCareSubsidy) },
    privateVorsorge: calculation.privateVorsorge === null ? null : money(calculation.privateVorsorge),
    allocated: allocation
      ? {
          additionalRatePercent: allocation.additionalRatePercent,
          employee: parts(allocation.employee, allocation.additional.employee),
          employer: { ...parts(allocation.employer, allocation.additional.employer), insolvency: money(allocation.employer.insolvency) },
        }
      : null,
  };
}

function figuresOf(
  ref: MonthRef,
  calculation: PayslipCalculation,
  coverage: MonthCoverage,
  oneOff: { sv: OneOffSv; jre4: Decimal } | undefined,
  state: DeMonthState,
  yearHistory: readonly DeMonthRecord[],
): DeMonthFigures {
  const { payslip, applied } = calculation;
  const { totals, taxes, insurance } = payslip.employee;
  const employer = payslip.employer;
  const allocation = oneOff?.sv.allocation;
  const month: Record<DeMonthKey, string | number | null> = {
    'employee.totals.total_gross_wages': money(totals.totalGrossWages),
    'employee.totals.taxable_gross_wages': money(totals.taxableGrossWages),
    'employee.taxes.income_tax': money(taxes.incomeTax),
    'employee.taxes.solidarity_tax': money(taxes.solidarityTax),
    'employee.taxes.church_tax': money(taxes.churchTax),
    'employee.insurance.health_insurance': money(insurance.healthInsurance),
    'employee.insurance.care_insurance': money(insurance.careInsurance),
    'employee.insurance.pension_insurance': money(insurance.pensionInsurance),
    'employee.insurance.unemployment_insurance': money(insurance.unemploymentInsurance),
    'employee.insurance.total_insurance': money(insurance.totalInsurance),
    // KV/PV base of the month charged to this year; none when privately insured (run-rules.md §6).
    'employee.insurance.insurance_assessment_base': applied.statutoryHealth ? money(insurance.insuranceAssessmentBase) : null,
    'employee.insurance.pension_assessment_base': money(insurance.pensionAssessmentBase),
    'employee.totals.net_wages': money(totals.netWages),
    'employee.totals.net_pay': money(totals.netPay),
    'employer.pension_contribution': money(employer.pensionContribution),
    'employer.health_insurance_contribution': money(employer.healthInsuranceContribution),
    'employer.care_insurance_contribution': money(employer.careInsuranceContribution),
    'employer.unemployment_insurance_contribution': money(employer.unemploymentInsuranceContribution),
    'employer.sick_pay_insurance_contribution': money(employer.sickPayInsuranceContribution),
    'employer.maternity_pay_insurance_contribution': money(employer.maternityPayInsuranceContribution),
    'employer.insolvency_insurance_contribution': money(employer.insolvencyInsuranceContribution),
    'employer.flat_rate_tax_mini_job': money(employer.flatRateTaxMiniJob),
    'employer.total_burden': money(employer.totalBurden),
    sv_days: coverage.svDays,
    'tax.partial_period_days': coverage.partial ? coverage.employed : null,
    'tax.daily_wage': calculation.dailyWage ? money(calculation.dailyWage) : null,
    'one_off.kv_pv_base': oneOff && applied.statutoryHealth ? money(allocation ? allocation.kv : oneOff.sv.kv) : null,
    'one_off.rv_av_base': oneOff ? money(allocation ? allocation.rv : oneOff.sv.rv) : null,
    'one_off.allocated_to': oneOff ? (allocation ? allocation.to : ref.label) : null,
    'one_off.annual_wage_jre4': oneOff ? money(oneOff.jre4) : null,
    'one_off.income_tax': oneOff ? money(calculation.oneOffTax.incomeTax) : null,
    'one_off.solidarity_tax': oneOff ? money(calculation.oneOffTax.solidarity) : null,
    'one_off.church_tax': oneOff ? money(calculation.oneOffTax.church) : null,
  };
  const figures: Record<string, string | number | null> = {};
  for (const key of DE_MONTH_KEYS) figures[key] = month[key];
  // Year to date (run-rules.md §5): this employment's months of this calendar year, this one included.
  const months = [...yearHistory.map((record) => ({ figures: record.figures, state: record.state })), { figures, state }];
  for (const [key, source] of Object.entries(DE_YTD_SOURCES)) {
    if (source === 'sv_days') {
      figures[key] = months.reduce((days, m) => days + m.state.svDays, 0);
      continue;
    }
    let total = ZERO;
    for (const m of months) {
      const value = source === 'state.bases.kv' ? m.state.bases.kv : source === 'state.bases.rv' ? m.state.bases.rv : m.figures[source];
      if (typeof value === 'string') total = total.plus(value);
    }
    figures[key] = money(total);
  }
  return figures;
}
