/**
 * The stored month record of the German payroll account (DeMonthRecord): its version, the figure keys it carries
 * and the check the store runs on a record read back before the month engine sees it.
 *
 * Figures carry every key of DE_MONTH_FIGURE_KEYS in every month (the `de-run` vectors' expected keys,
 * fixtures/reference/README.md): a key that does not apply to the month is null (the one-off keys without a
 * one-off, `tax.*` in a full month, the KV/PV bases when privately insured), so the store can print and compare
 * any month alike.
 */
import { z } from 'zod';
import { DomainError } from '../../errors.js';
import type { DeMonthRecord } from './month-types.js';

/** The shape version of DeMonthRecord written by this engine. */
export const DE_MONTH_RECORD_VERSION = 1;

/** The month's own figures, by the `de-run` vectors' keys (payslip keys relative to one payslip). */
export const DE_MONTH_KEYS = [
  'employee.totals.total_gross_wages',
  'employee.totals.taxable_gross_wages',
  'employee.taxes.income_tax',
  'employee.taxes.solidarity_tax',
  'employee.taxes.church_tax',
  'employee.insurance.health_insurance',
  'employee.insurance.care_insurance',
  'employee.insurance.pension_insurance',
  'employee.insurance.unemployment_insurance',
  'employee.insurance.total_insurance',
  'employee.insurance.insurance_assessment_base',
  'employee.insurance.pension_assessment_base',
  'employee.totals.net_wages',
  'employee.totals.net_pay',
  'employer.pension_contribution',
  'employer.health_insurance_contribution',
  'employer.care_insurance_contribution',
  'employer.unemployment_insurance_contribution',
  'employer.sick_pay_insurance_contribution',
  'employer.maternity_pay_insurance_contribution',
  'employer.insolvency_insurance_contribution',
  'employer.flat_rate_tax_mini_job',
  'employer.total_burden',
  'sv_days',
  'tax.partial_period_days',
  'tax.daily_wage',
  'one_off.kv_pv_base',
  'one_off.rv_av_base',
  'one_off.allocated_to',
  'one_off.annual_wage_jre4',
  'one_off.income_tax',
  'one_off.solidarity_tax',
  'one_off.church_tax',
] as const;

/**
 * Year-to-date keys and the month key each sums (run-rules.md §5: this employment, this calendar year). The SV
 * bases sum the state's bases charged to this year (convention `ytd_contributions_as_deducted_bases_by_contribution_year`).
 */
export const DE_YTD_SOURCES = {
  'ytd.sv_days': 'sv_days',
  'ytd.employee.totals.total_gross_wages': 'employee.totals.total_gross_wages',
  'ytd.employee.totals.taxable_gross_wages': 'employee.totals.taxable_gross_wages',
  'ytd.employee.taxes.income_tax': 'employee.taxes.income_tax',
  'ytd.employee.taxes.solidarity_tax': 'employee.taxes.solidarity_tax',
  'ytd.employee.taxes.church_tax': 'employee.taxes.church_tax',
  'ytd.sv_base.kv': 'state.bases.kv',
  'ytd.sv_base.pv': 'state.bases.kv',
  'ytd.sv_base.rv': 'state.bases.rv',
  'ytd.sv_base.av': 'state.bases.rv',
  'ytd.employee.insurance.health_insurance': 'employee.insurance.health_insurance',
  'ytd.employee.insurance.care_insurance': 'employee.insurance.care_insurance',
  'ytd.employee.insurance.pension_insurance': 'employee.insurance.pension_insurance',
  'ytd.employee.insurance.unemployment_insurance': 'employee.insurance.unemployment_insurance',
  'ytd.employer.health_insurance_contribution': 'employer.health_insurance_contribution',
  'ytd.employer.care_insurance_contribution': 'employer.care_insurance_contribution',
  'ytd.employer.pension_contribution': 'employer.pension_contribution',
  'ytd.employer.unemployment_insurance_contribution': 'employer.unemployment_insurance_contribution',
  'ytd.employer.sick_pay_insurance_contribution': 'employer.sick_pay_insurance_contribution',
  'ytd.employer.maternity_pay_insurance_contribution': 'employer.maternity_pay_insurance_contribution',
  'ytd.employer.insolvency_insurance_contribution': 'employer.insolvency_insurance_contribution',
  'ytd.employer.total_burden': 'employer.total_burden',
  'ytd.employee.totals.net_wages': 'employee.totals.net_wages',
  'ytd.employee.totals.net_pay': 'employee.totals.net_pay',
} as const;

export type DeMonthKey = (typeof DE_MONTH_KEYS)[number];
export type DeYtdKey = keyof typeof DE_YTD_SOURCES;

/** Every figure key of a record, month keys first. */
export const DE_FIGURE_KEYS: readonly (DeMonthKey | DeYtdKey)[] = [...DE_MONTH_KEYS, ...(Object.keys(DE_YTD_SOURCES) as DeYtdKey[])];

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const money = z.string().regex(/^-?\d+\.\d{2}$/);
const percent = z.string().regex(/^\d+(\.\d+)?$/);

const stateSchema = z
  .object({
    svDays: z.number().int().min(0).max(30),
    taxDays: z.number().int().min(1).max(31).nullable(),
    regularPay: money,
    oneOffPay: money,
    bases: z.object({ kv: money, rv: money }).strict(),
    allocated: z.object({ to: z.string().regex(MONTH), kv: money, rv: money }).strict().nullable(),
    attributes: z
      .object({
        statutoryHealth: z.boolean(),
        additionalRatePercent: percent,
        saxony: z.boolean(),
        childlessSurcharge: z.boolean(),
        childReductions: z.number().int().min(0).max(4),
        employment: z.enum(['regular', 'midijob', 'minijob']),
      })
      .strict(),
  })
  .strict();

const figureValue = z.union([z.string(), z.number(), z.null()]);

const parts = { health: money, additional: money, care: money, pension: money, unemployment: money };
const filingSchema = z
  .object({
    insurer: z.string().regex(/^\d{8}$/).nullable(),
    additional: z.object({ employee: money, employer: money }).strict(),
    minijobPensionExempt: z.boolean().nullable(),
    employeeFlatTax: money,
    subsidy: z.object({ health: money, care: money }).strict(),
    privateVorsorge: money.nullable(),
    allocated: z
      .object({ additionalRatePercent: percent, employee: z.object(parts).strict(), employer: z.object({ ...parts, insolvency: money }).strict() })
      .strict()
      .nullable(),
  })
  .strict();

const recordSchema = z
  .object({
    version: z.number().int(),
    month: z.string().regex(MONTH),
    figures: z.record(z.string(), figureValue),
    state: stateSchema,
    // Since issue 17 (employer filings); records calculated before have none.
    filing: filingSchema.optional(),
  })
  .strict();

/**
 * Checks a stored month record (e.g. JSON read back by the store) and returns it typed. A record of another
 * version is refused (DE.RUN.RECORD_VERSION) rather than misread; a malformed one names the first faulty field
 * (DE.RUN.RECORD_INVALID). `where` names the record in the message (e.g. "employee E1, 2026-03").
 */
export function parseDeMonthRecord(value: unknown, where = 'stored month'): DeMonthRecord {
  const version = value !== null && typeof value === 'object' ? (value as { version?: unknown }).version : undefined;
  if (version !== DE_MONTH_RECORD_VERSION) {
    throw new DomainError(
      'internal',
      'DE.RUN.RECORD_VERSION',
      `${where}: German month record version ${String(version)} cannot be read by this engine (it reads version ${DE_MONTH_RECORD_VERSION})`,
      { details: { version, expected: DE_MONTH_RECORD_VERSION } },
    );
  }
  const parsed = recordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.map(String).join('.') : '';
    throw new DomainError('internal', 'DE.RUN.RECORD_INVALID', `${where}: German month record is malformed at ${path || 'the top'}: ${issue?.message ?? 'invalid'}`, {
      details: { path },
    });
  }
  for (const key of DE_FIGURE_KEYS) {
    if (!(key in parsed.data.figures)) {
      throw new DomainError('internal', 'DE.RUN.RECORD_INVALID', `${where}: German month record lacks the figure ${key}`, { details: { path: `figures.${key}` } });
    }
  }
  return parsed.data as DeMonthRecord;
}
