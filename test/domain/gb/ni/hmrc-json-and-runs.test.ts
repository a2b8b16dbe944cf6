/**
 * HMRC's own 2025-26 JSON test data (NIC test data v1.1 and Directors' NICs test data v1.0, read
 * directly rather than through the vector files) and the NI fields of every gb-run period.
 */
import { describe, expect, it } from 'vitest';
import { Decimal, ZERO, money } from '../../../../src/domain/money.js';
import { calculateDirectorNi, calculateNi, isNiCategory, type GbTaxYear, type NiCategory, type PayFrequency } from '../../../../src/domain/gb/ni/index.js';
import { loadJson, loadVectors } from '../vectors.js';

const HMRC_FREQUENCY: Record<string, PayFrequency> = { Weekly: 'weekly', Fortnightly: 'fortnightly', FourWeekly: 'four_weekly', Monthly: 'monthly' };
const d = (value: number): Decimal => new Decimal(String(value));
const m = (value: number): string => money(d(value));

function category(letter: string): NiCategory {
  if (!isNiCategory(letter)) throw new Error(`unknown category ${letter}`);
  return letter;
}

interface HmrcNiCase {
  TestIdentifier: string;
  PayFrequency: string;
  GrossPay: number;
  NiCategory: string;
  EmployeeNiContribution: number;
  EmployerNiContribution: number;
  TotalNiContribution: number;
  EarningsAtLEL_YTD: number;
  EarningsLELtoPT_YTD: number;
  EarningsPTtoUEL_YTD: number;
}

describe('HMRC NIC test data v1.1 (national_insurance_test_data_2025-2026.json)', () => {
  const cases = loadJson<HmrcNiCase[]>('hmrc-test-data/national_insurance_test_data_2025-2026.json');
  it('holds 896 cases', () => expect(cases.length).toBe(896));
  it.each(cases.map((c) => [`${c.TestIdentifier}:${c.PayFrequency}`, c] as const))('%s', (_id, c) => {
    const frequency = HMRC_FREQUENCY[c.PayFrequency];
    expect(frequency).toBeDefined();
    const r = calculateNi({ taxYear: '2025-26', frequency: frequency as PayFrequency, category: category(c.NiCategory), niablePay: d(c.GrossPay) });
    expect({
      employee: money(r.employeeNi),
      employer: money(r.employerNi),
      total: money(r.employeeNi.plus(r.employerNi)),
      atLel: money(r.earningsAtLel),
      lelToPt: money(r.earningsLelToPt),
      ptToUel: money(r.earningsPtToUel),
    }).toEqual({
      employee: m(c.EmployeeNiContribution),
      employer: m(c.EmployerNiContribution),
      total: m(c.TotalNiContribution),
      atLel: m(c.EarningsAtLEL_YTD),
      lelToPt: m(c.EarningsLELtoPT_YTD),
      ptToUel: m(c.EarningsPTtoUEL_YTD),
    });
  });
});

interface HmrcDirectorCase extends HmrcNiCase {
  Period: number;
  StatusMethod: 'AlternativeMethod' | 'StandardAnnualisedEarningsMethod';
  GrossPayYtd: number;
  EmployeeNiContributionYtd: number;
  EmployerNiContributionYtd: number;
  ProRataFactor?: number;
}

/**
 * HMRC erratum: "1_Dir_CatA_GBP1000pw/52" (alternative method, final-period recalculation) gives
 * employer NI 58.94 (the employee figure repeated; its TotalNiContribution is 58.94 too, so
 * employee + employer do not add up) and employer YTD 6,974.54. The annual recalculation on
 * £52,000 gives employer NI 15% × (52,000 − 5,000) = £7,050.00 — exactly HMRC's own case
 * "3_Dir_CatA_GBP52000_pa" for the same director pay on the annual method — so the final period
 * owes 7,050.00 − 6,915.60 = £134.40. The test holds this row to those figures.
 */
const HMRC_DIRECTOR_ERRATA: Record<string, { employer: string; employerYtd: string; total: string }> = {
  '2025-26 Directors NICs test data v1.0/1_Dir_CatA_GBP1000pw/52': { employer: '134.40', employerYtd: '7050.00', total: '193.34' },
};

describe("HMRC Directors' NICs test data v1.0 (directors_national_insurance_test_data_2025-2026.json)", () => {
  const cases = loadJson<HmrcDirectorCase[]>('hmrc-test-data/directors_national_insurance_test_data_2025-2026.json');
  const groups = new Map<string, HmrcDirectorCase[]>();
  for (const c of cases) {
    const key = c.TestIdentifier.slice(0, c.TestIdentifier.lastIndexOf('/'));
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  it('holds 106 cases', () => expect(cases.length).toBe(106));

  it.each([...groups.entries()])('%s', (_group, rows) => {
    rows.sort((a, b) => a.Period - b.Period);
    let employeeYtd = ZERO;
    let employerYtd = ZERO;
    let payYtd = ZERO;
    let bands = { atLel: ZERO, lelToPt: ZERO, ptToUel: ZERO, aboveUel: ZERO };
    for (const c of rows) {
      // ProRataFactor 0.923077 = 48/52: weeks from appointment (week 5) to the year end.
      const weeks = c.ProRataFactor === undefined ? 52 : Math.round(c.ProRataFactor * 52);
      const annual = c.StatusMethod === 'StandardAnnualisedEarningsMethod';
      payYtd = payYtd.plus(d(c.GrossPay));
      expect(money(payYtd)).toBe(m(c.GrossPayYtd));
      const r = calculateDirectorNi({
        taxYear: '2025-26',
        method: annual ? 'standard_annual_earnings_period' : 'alternative',
        category: category(c.NiCategory),
        weeksInEarningsPeriod: weeks,
        niablePayToDate: payYtd,
        employeeNiPaidToDatePrevious: employeeYtd,
        employerNiPaidToDatePrevious: employerYtd,
        frequency: annual ? undefined : HMRC_FREQUENCY[c.PayFrequency],
        periodNiablePay: d(c.GrossPay),
        finalPeriod: c.Period === 52,
        earningsAtLelYtdPrevious: bands.atLel,
        earningsLelToPtYtdPrevious: bands.lelToPt,
        earningsPtToUelYtdPrevious: bands.ptToUel,
        earningsAboveUelYtdPrevious: bands.aboveUel,
      });
      const erratum = HMRC_DIRECTOR_ERRATA[c.TestIdentifier];
      expect({
        id: c.TestIdentifier,
        employee: money(r.employeeNi),
        employer: money(r.employerNi),
        total: money(r.employeeNi.plus(r.employerNi)),
        employeeYtd: money(r.employeeNiToDate),
        employerYtd: money(r.employerNiToDate),
        atLel: money(r.earningsAtLelYtd),
        lelToPt: money(r.earningsLelToPtYtd),
        ptToUel: money(r.earningsPtToUelYtd),
      }).toEqual({
        id: c.TestIdentifier,
        employee: m(c.EmployeeNiContribution),
        employer: erratum?.employer ?? m(c.EmployerNiContribution),
        total: erratum?.total ?? m(c.TotalNiContribution),
        employeeYtd: m(c.EmployeeNiContributionYtd),
        employerYtd: erratum?.employerYtd ?? m(c.EmployerNiContributionYtd),
        atLel: m(c.EarningsAtLEL_YTD),
        lelToPt: m(c.EarningsLELtoPT_YTD),
        ptToUel: m(c.EarningsPTtoUEL_YTD),
      });
      employeeYtd = r.employeeNiToDate;
      employerYtd = r.employerNiToDate;
      bands = { atLel: r.earningsAtLelYtd, lelToPt: r.earningsLelToPtYtd, ptToUel: r.earningsPtToUelYtd, aboveUel: r.earningsAboveUelYtd };
    }
  });
});

interface RunPeriod {
  period: number;
  gross_pay: string;
  ni_category: string;
  pension: { method?: string } | null;
  event: { type: string; irregular?: boolean } | null;
  expected: Record<string, unknown> & { ytd_this_employment: Record<string, string> };
}

describe('run2526-vectors.jsonl NI fields (gb-run)', () => {
  const runs = loadVectors('run2526-vectors.jsonl');
  it.each(runs.map((run) => [run.id, run] as const))('%s', (_id, run) => {
    const director = run.director as { method: 'standard_annual_earnings_period' | 'alternative'; weeks_in_earnings_period: number } | null;
    let employeeYtd = ZERO;
    let employerYtd = ZERO;
    let payYtd = ZERO;
    let prevBands = { atLel: ZERO, lelToPt: ZERO, ptToUel: ZERO };
    for (const p of run.periods as RunPeriod[]) {
      const niable = new Decimal(p.expected.niable_pay as string);
      if (!p.pension || p.pension.method !== 'salary_sacrifice') expect(money(niable)).toBe(p.gross_pay);
      const expected = {
        period: p.period,
        employee_ni: p.expected.employee_ni,
        employer_ni: p.expected.employer_ni,
        ni_earnings_at_lel: p.expected.ni_earnings_at_lel,
        ni_earnings_lel_to_pt: p.expected.ni_earnings_lel_to_pt,
        ni_earnings_pt_to_uel: p.expected.ni_earnings_pt_to_uel,
        ytd_employee_ni: p.expected.ytd_this_employment.employee_ni,
        ytd_employer_ni: p.expected.ytd_this_employment.employer_ni,
      };
      payYtd = payYtd.plus(niable);
      if (director) {
        const r = calculateDirectorNi({
          taxYear: run.tax_year as GbTaxYear,
          method: director.method,
          category: category(p.ni_category),
          weeksInEarningsPeriod: director.weeks_in_earnings_period,
          niablePayToDate: payYtd,
          employeeNiPaidToDatePrevious: employeeYtd,
          employerNiPaidToDatePrevious: employerYtd,
          frequency: run.frequency as PayFrequency,
          periodNiablePay: niable,
        });
        expect({
          period: p.period,
          employee_ni: money(r.employeeNi),
          employer_ni: money(r.employerNi),
          // The FPS per-period bands of a director on the annual method: the change in the bands to date.
          ni_earnings_at_lel: money(r.earningsAtLelYtd.minus(prevBands.atLel)),
          ni_earnings_lel_to_pt: money(r.earningsLelToPtYtd.minus(prevBands.lelToPt)),
          ni_earnings_pt_to_uel: money(r.earningsPtToUelYtd.minus(prevBands.ptToUel)),
          ytd_employee_ni: money(r.employeeNiToDate),
          ytd_employer_ni: money(r.employerNiToDate),
        }).toEqual(expected);
        employeeYtd = r.employeeNiToDate;
        employerYtd = r.employerNiToDate;
        prevBands = { atLel: r.earningsAtLelYtd, lelToPt: r.earningsLelToPtYtd, ptToUel: r.earningsPtToUelYtd };
        continue;
      }
      // An irregular payment after a P45 is treated as a weekly payment (params-2025-26.md §7).
      const frequency = p.event?.type === 'payment-after-leaving' && p.event.irregular === true ? 'weekly' : (run.frequency as PayFrequency);
      const r = calculateNi({ taxYear: run.tax_year as GbTaxYear, frequency, category: category(p.ni_category), niablePay: niable });
      employeeYtd = employeeYtd.plus(r.employeeNi);
      employerYtd = employerYtd.plus(r.employerNi);
      expect({
        period: p.period,
        employee_ni: money(r.employeeNi),
        employer_ni: money(r.employerNi),
        ni_earnings_at_lel: money(r.earningsAtLel),
        ni_earnings_lel_to_pt: money(r.earningsLelToPt),
        ni_earnings_pt_to_uel: money(r.earningsPtToUel),
        ytd_employee_ni: money(employeeYtd),
        ytd_employer_ni: money(employerYtd),
      }).toEqual(expected);
    }
  });
});
