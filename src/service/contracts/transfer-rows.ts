import { z } from 'zod';
import type { FieldIssue } from '../../domain/errors.js';
import { YTD_EXTRA_FIELDS, YTD_FIELDS, ytdFromJson } from '../../domain/gb/run/ytd.js';
import { STATUTORY_PAYMENT_TYPES } from '../../domain/gb/statutory/employer-liabilities.js';
import { figuresAsV2, GB_PAYSLIP_FIGURES_READ } from '../../store/gb-payslip-figures.js';
import { bankAccountInput } from './bank-account.js';
import { countryCode, decimalString, isoDate, isoDateTime } from './common.js';
import { contactInput } from './contact.js';
import { DOCUMENT_STATUSES, DOCUMENT_TYPES } from './document.js';
import { employeeInput, PAY_FREQUENCIES } from './employee.js';
import { organizationInput } from './organization.js';
import { ENTRY_ROUTES, MEMBERSHIP_STATUSES, TAX_TREATMENTS, WORKER_CATEGORIES } from './pensions.js';
import { payrollRunResponse, RUN_STATUSES } from './payroll-runs.js';
import { zodIssuesToFieldIssues } from './zod-issues.js';

/**
 * The rules a stored row of an organization export must pass before import writes it (issue 12, point 2): the
 * same zod contracts and domain validators that create/update apply, mapped from the stored column layout back to
 * the request shape, plus the readers' own schemas for what only the engine writes (runs, payslips, year to date).
 * Anything a later command could not read is refused here, so a store never holds what its own reader rejects.
 */

type Row = Record<string, string | number | boolean | null>;
/** An issue inside one row: `loc` starts at the column name. */
export type RowIssue = FieldIssue;

// Lone UTF-16 surrogates (JSON allows "\ud800") and U+FFFD, which is what invalid UTF-8 bytes become when the
// file or request body is decoded: neither is text a person wrote, and Postgres refuses lone surrogates outright.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(value: string): string | null {
  if (value.includes('\uFFFD')) return 'holds U+FFFD, the mark of bytes that were not valid UTF-8; fix the encoding of the file';
  if (LONE_SURROGATE.test(value)) return 'holds a lone UTF-16 surrogate, which is not a character';
  return null;
}

/** Every string inside a (parsed) value, with its path. */
function textIssues(value: unknown, loc: (string | number)[], out: RowIssue[]): void {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) out.push({ loc, msg: problem, type: 'invalid_text' });
  } else if (Array.isArray(value)) value.forEach((v, i) => textIssues(v, [...loc, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) textIssues(v, [...loc, k], out);
}

const DATE_COLUMNS = /(^|_)(date|valid_from|valid_to|period_start|period_end|date_of_birth|employment_start)$/;
const TIMESTAMP_COLUMNS = /_at$/;

/** A `*_json` column parsed, or an issue. */
function parseJsonColumn(row: Row, column: string, out: RowIssue[]): unknown {
  const text = row[column];
  if (text === null || text === undefined) return null;
  if (typeof text !== 'string') {
    out.push({ loc: [column], msg: 'must be JSON text', type: 'json_text' });
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    out.push({ loc: [column], msg: 'is not valid JSON', type: 'json_invalid' });
    return undefined;
  }
}

/** Runs `schema` on `value` and files its issues under `column` (or under the request field's column). */
function check(schema: z.ZodType, value: unknown, out: RowIssue[], columnOf: (field: string | number | undefined) => (string | number)[] = () => []): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of zodIssuesToFieldIssues(result.error, [])) {
    const [first, ...rest] = issue.loc;
    out.push({ ...issue, loc: [...columnOf(first), ...rest] });
  }
}

const enumOf = (values: readonly string[]) => z.enum(values as [string, ...string[]], { error: `must be one of ${values.join(', ')}` });
const flag = z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1' });
const wholeNumber = z.number({ error: 'must be a whole number' }).int({ error: 'must be a whole number' }).min(0, { error: 'must be 0 or more' });

/** Without the `id: 1` the organization use case puts into each stored block (it is not part of the request). */
function withoutId(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const { id: _id, ...rest } = value as Record<string, unknown>;
  return rest;
}

const mapped = (map: Record<string, string>) => (field: string | number | undefined) => (field === undefined ? [] : [map[String(field)] ?? field]);

/** The stored year-to-date figures as the engine reads them back (ytd.ts): decimal strings per known field. */
const ytdJson = z
  .object({
    figures: z.object(Object.fromEntries([...YTD_FIELDS, ...YTD_EXTRA_FIELDS].map((f) => [f, decimalString]))).strict(),
    director: z.record(z.string(), decimalString),
    leaver: z.object({ payslipId: z.string(), payDate: isoDate }).strict().nullable(),
  })
  .strict();

function ytdIssues(row: Row, column: string, out: RowIssue[]): void {
  const parsed = parseJsonColumn(row, column, out);
  if (parsed === undefined || parsed === null) return;
  const before = out.length;
  check(ytdJson, parsed, out, (f) => (f === undefined ? [column] : [column, f]));
  if (out.length > before) return;
  try {
    ytdFromJson(String(row[column]));
  } catch (error) {
    out.push({ loc: [column], msg: `cannot be read by the payroll engine: ${error instanceof Error ? error.message : String(error)}`, type: 'ytd_unreadable' });
  }
}

/** Columns of a payslip that repeat a figure of its detail: both must say the same amount. */
const PAYSLIP_FIGURES = ['gross_pay', 'taxable_pay', 'tax', 'employee_ni', 'employer_ni', 'net_pay'] as const;
/** Which figure of the stored document each payslip money column repeats. */
const FIGURE_OF_COLUMN: Record<(typeof PAYSLIP_FIGURES)[number], string> = { gross_pay: 'grossPay', taxable_pay: 'taxablePay', tax: 'tax', employee_ni: 'employeeNi', employer_ni: 'employerNi', net_pay: 'netPay' };


/** The payslip figures versions this build reads (store/gb-payslip-figures.ts): 2, and 3 which runs write (decision FIG3-1). */
export const PAYSLIP_FIGURES_VERSIONS = GB_PAYSLIP_FIGURES_READ;
const payslipFiguresVersion = z.union(
  PAYSLIP_FIGURES_VERSIONS.map((v) => z.literal(v)),
  { error: `must be ${PAYSLIP_FIGURES_VERSIONS.join(' or ')} (the payslip figures versions this build reads; an export with version 1 is upgraded on import)` },
);

/** The engine's trace stored with a payslip (store/gb-payslip-figures.ts StoredTraceStep; issue 18 point 7). */
const storedTrace = z.array(z.object({ flow: z.string(), node: z.string(), values: z.record(z.string(), z.string()).optional() }).strict());

/**
 * The store's payslip figures document, version 2 (store/gb-payslip-figures.ts: GbPayslipFiguresV2; import upgrades
 * version 1 first). A version 3 document is checked as the version 2 document it decodes to (decision FIG3-1).
 */
const figureMoney = decimalString;
const storedPayslipFigures = z
  .object({
    taxPeriod: wholeNumber,
    taxCode: z.string(),
    week1Month1: z.boolean(),
    niCategory: z.string(),
    grossPay: figureMoney,
    payrolledBenefits: figureMoney,
    taxablePay: figureMoney,
    taxablePayToDate: figureMoney,
    tax: figureMoney,
    taxPaidToDate: figureMoney,
    regulatoryLimitApplied: z.boolean(),
    niablePay: figureMoney,
    employeeNi: figureMoney,
    employerNi: figureMoney,
    niEarningsAtLel: figureMoney,
    niEarningsLelToPt: figureMoney,
    niEarningsPtToUel: figureMoney,
    studentLoan: figureMoney,
    postgraduateLoan: figureMoney,
    pensionableEarnings: figureMoney.nullable(),
    pensionEmployeeGross: figureMoney.nullable(),
    pensionEmployeeDeduction: figureMoney.nullable(),
    pensionEmployer: figureMoney.nullable(),
    salarySacrifice: figureMoney.nullable(),
    netPay: figureMoney,
    studentLoanPlanApplied: z.string().nullable(),
    taxBasis: z.string(),
    ytdThisEmployment: z.record(z.string(), figureMoney),
    previousEmploymentPayUsed: figureMoney,
    previousEmploymentTaxUsed: figureMoney,
    isLeaver: z.boolean(),
    isAfterLeaving: z.boolean(),
    irregularPayment: z.boolean(),
    correction: z.object({ correctsRunId: z.string(), correctedPeriodNumber: wholeNumber, paidInPeriodNumber: wholeNumber, reportedInTaxPeriod: wholeNumber, reportedPaymentDate: isoDate }).strict().nullable(),
    pension: z.object({ schemeId: z.string(), membershipId: z.string().nullable(), method: z.string(), wageTypeCode: z.string(), autoEnrolled: z.boolean() }).strict().nullable(),
    pensionRefund: z.object({ membershipId: z.string(), employee: figureMoney, employer: figureMoney }).strict().nullable(),
    employerCosts: z.object({ employerNi: figureMoney, employerPension: figureMoney, total: figureMoney }).strict(),
    lines: z.array(z.object({ section: z.string(), wageTypeCode: z.string().nullable(), name: z.string(), amount: figureMoney, hours: z.string().regex(/^\d+\.\d{2}$/).optional(), rate: z.string().regex(/^-?\d+\.\d{2,}$/).optional() }).strict()),
    p45: z
      .object({
        taxCode: z.string(),
        week1Month1: z.boolean(),
        frequency: z.string(),
        leavingDate: isoDate.nullable(),
        leavingTaxPeriod: wholeNumber,
        totalPayToDate: figureMoney.nullable(),
        totalTaxToDate: figureMoney.nullable(),
        payThisEmployment: figureMoney,
        taxThisEmployment: figureMoney,
        studentLoanDeductionsContinue: z.boolean(),
        postgraduateLoanDeductionsContinue: z.boolean(),
      })
      .strict()
      .nullable(),
    warnings: z.array(z.string()),
    executionHistory: z.array(z.object({ flow: z.string(), node: z.string() }).strict()).nullable(),
    statutoryPayments: z.array(
      z
        .object({ type: enumOf(STATUTORY_PAYMENT_TYPES), amount: figureMoney, source: enumOf(['run', 'typed']), absenceIds: z.array(z.string()), daysPaid: wholeNumber.nullable(), waitingDays: wholeNumber.nullable() })
        .strict(),
    ),
    statutoryYtd: z.object(Object.fromEntries(STATUTORY_PAYMENT_TYPES.map((t) => [t, figureMoney]))).strict(),
    trace: storedTrace.optional(),
  })
  .strict();

type TableRule = (row: Row, out: RowIssue[], context: { country: string | null }) => void;

/** German payslip money columns and the figure of the stored document each repeats (store/de-payslip-figures.ts). */
const DE_PAYSLIP_FIGURES: Record<string, (f: Record<string, unknown>) => unknown> = {
  gross_pay: (f) => f.grossWages,
  taxable_pay: (f) => f.taxableWages,
  income_tax: (f) => f.incomeTax,
  solidarity_tax: (f) => f.solidarityTax,
  church_tax: (f) => f.churchTax,
  employee_insurance: (f) => f.totalInsurance,
  employer_burden: (f) => (f.employer as Record<string, unknown> | undefined)?.totalBurden,
  net_pay: (f) => f.netPay,
};

const deNamedAmounts = z.array(z.object({ name: z.string(), amount: figureMoney }).strict());
/** The store's German payslip figures document, version 1 (store/de-payslip-figures.ts: DePayslipFiguresV1). */
const storedDePayslipFigures = z
  .object({
    paymentPeriod: z.string(),
    year: wholeNumber,
    edition: z.string(),
    employment: enumOf(['regular', 'midijob', 'minijob']),
    grossWages: figureMoney,
    taxableWages: figureMoney,
    netWages: figureMoney,
    totalDeductions: figureMoney,
    totalReimbursements: figureMoney,
    netPay: figureMoney,
    benefitsInKind: figureMoney,
    privateInsuranceSubsidy: figureMoney,
    incomeTaxBase: figureMoney,
    solidarityTaxBase: figureMoney,
    incomeTax: figureMoney,
    churchTax: figureMoney,
    solidarityTax: figureMoney,
    employeeFlatTax: figureMoney,
    totalTax: figureMoney,
    healthBase: figureMoney,
    pensionBase: figureMoney,
    healthAdditionalRatePercent: decimalString,
    pensionInsurance: figureMoney,
    unemploymentInsurance: figureMoney,
    healthInsurance: figureMoney,
    careInsurance: figureMoney,
    totalInsurance: figureMoney,
    deductions: deNamedAmounts,
    reimbursements: deNamedAmounts,
    employer: z
      .object({ pension: figureMoney, health: figureMoney, care: figureMoney, unemployment: figureMoney, sickPay: figureMoney, maternity: figureMoney, insolvency: figureMoney, flatTax: figureMoney, privateInsuranceSubsidy: figureMoney, totalBurden: figureMoney })
      .strict(),
    warnings: z.array(z.object({ code: z.string(), message: z.string() }).strict()),
    executionHistory: z.array(z.object({ flow: z.string(), node: z.string() }).strict()).nullable(),
    trace: storedTrace.optional(),
  })
  .strict();

/** The payroll account's month record (domain/de/run/month-types.ts DeMonthRecord): its envelope; `state` is the engine's. */
const storedDeMonthRecord = z
  .object({
    version: wholeNumber,
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month YYYY-MM' }),
    figures: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    state: z.record(z.string(), z.unknown()),
    // The employer filings' figures of the month (issue 17), absent in records calculated before.
    filing: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const TABLE_RULES: Record<string, TableRule> = {
  organizations(row, out) {
    const request = {
      legal_name: row.legal_name,
      country: row.country,
      dba_name: row.dba_name,
      incorporation_date: row.incorporation_date,
      website: row.website,
      external_ref: row.external_ref,
      valid_from: row.valid_from,
      valid_to: row.valid_to,
      shutdown_date: row.shutdown_date,
      tax_identifiers: withoutId(parseJsonColumn(row, 'tax_identifiers_json', out)),
      insurance_data: withoutId(parseJsonColumn(row, 'insurance_data_json', out)),
      preferences: withoutId(parseJsonColumn(row, 'preferences_json', out)),
      gb: parseJsonColumn(row, 'gb_json', out),
      accounting: row.accounting_json === undefined ? undefined : parseJsonColumn(row, 'accounting_json', out),
    };
    check(organizationInput, request, out, mapped({ tax_identifiers: 'tax_identifiers_json', insurance_data: 'insurance_data_json', preferences: 'preferences_json', gb: 'gb_json', accounting: 'accounting_json' }));
    check(wholeNumber, row.row_version, out, () => ['row_version']);
  },
  employees(row, out, { country }) {
    const block = row.country === 'DE' ? 'de' : 'gb';
    const request = {
      payroll_number: row.payroll_number,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      date_of_birth: row.date_of_birth,
      start_date: row.start_date,
      address: row.address,
      pay: parseJsonColumn(row, 'pay_json', out),
      [block]: parseJsonColumn(row, 'statutory_json', out),
    };
    check(employeeInput, request, out, mapped({ pay: 'pay_json', gb: 'statutory_json', de: 'statutory_json' }));
    check(countryCode, row.country, out, () => ['country']);
    if (country && row.country !== country) out.push({ loc: ['country'], msg: `must be the organization's country ${country}`, type: 'country_mismatch' });
    check(enumOf(['active', 'left']), row.status, out, () => ['status']);
    if (row.status === 'left' && !row.leave_date) out.push({ loc: ['leave_date'], msg: 'is required for an employee who left', type: 'required' });
    if (typeof row.leave_date === 'string' && typeof row.start_date === 'string' && row.leave_date < row.start_date) out.push({ loc: ['leave_date'], msg: 'must not be before start_date', type: 'date_order' });
    check(wholeNumber, row.row_version, out, () => ['row_version']);
  },
  contacts(row, out) {
    const roles = parseJsonColumn(row, 'roles_json', out);
    check(contactInput, { name: row.name, email: row.email, phone: row.phone_number ? { phone_number: row.phone_number } : null, roles: roles ?? [] }, out, mapped({ phone: 'phone_number', roles: 'roles_json' }));
  },
  bank_accounts(row, out) {
    const request = {
      financial_institution_name: row.financial_institution_name,
      account_number: row.account_number,
      routing_number: row.routing_number,
      iban: row.iban,
      swift_code: row.swift_code,
      sort_code: row.sort_code ?? null,
      account_details: parseJsonColumn(row, 'account_details_json', out),
      is_active: row.is_active === 1,
      is_primary: row.is_primary === 1,
    };
    check(bankAccountInput, request, out, mapped({ account_details: 'account_details_json' }));
    check(flag, row.is_active, out, () => ['is_active']);
    check(flag, row.is_primary, out, () => ['is_primary']);
  },
  pay_calendars(row, out) {
    check(enumOf(PAY_FREQUENCIES), row.frequency, out, () => ['frequency']);
    parseJsonColumn(row, 'pay_day_rule_json', out);
  },
  documents(row, out) {
    check(enumOf(DOCUMENT_STATUSES), row.status, out, () => ['status']);
    check(enumOf(DOCUMENT_TYPES), row.document_type, out, () => ['document_type']);
  },
  gb_pension_scheme_versions(row, out) {
    check(enumOf(TAX_TREATMENTS), row.tax_treatment, out, () => ['tax_treatment']);
    for (const column of ['employee_rate', 'employer_rate']) check(decimalString, row[column], out, () => [column]);
    for (const column of ['employee_cap', 'employer_cap']) check(decimalString.nullable(), row[column], out, () => [column]);
  },
  gb_pension_memberships(row, out) {
    check(enumOf(MEMBERSHIP_STATUSES), row.status, out, () => ['status']);
    check(enumOf(WORKER_CATEGORIES).nullable(), row.worker_category, out, () => ['worker_category']);
    check(enumOf(ENTRY_ROUTES).nullable(), row.entry_route, out, () => ['entry_route']);
    check(enumOf(TAX_TREATMENTS).nullable(), row.tax_treatment, out, () => ['tax_treatment']);
    for (const column of ['employee_rate', 'employer_rate', 'employee_cap', 'employer_cap']) check(decimalString.nullable(), row[column], out, () => [column]);
  },
  gb_payroll_runs(row, out) {
    check(enumOf(RUN_STATUSES), row.status, out, () => ['status']);
    check(enumOf(PAY_FREQUENCIES), row.frequency, out, () => ['frequency']);
    check(z.string().regex(/^\d{4}-\d{2}$/, { error: 'must be a tax year such as 2025-26' }), row.tax_year, out, () => ['tax_year']);
    for (const column of ['period_number', 'tax_period', 'employee_count']) check(wholeNumber, row[column], out, () => [column]);
    check(payrollRunResponse.shape.totals, parseJsonColumn(row, 'totals_json', out) ?? null, out, (f) => (f === undefined ? ['totals_json'] : ['totals_json', f]));
    check(payrollRunResponse.shape.warnings, parseJsonColumn(row, 'warnings_json', out) ?? [], out, (f) => (f === undefined ? ['warnings_json'] : ['warnings_json', f]));
  },
  gb_payslips(row, out) {
    for (const column of PAYSLIP_FIGURES) check(decimalString, row[column], out, () => [column]);
    // The payslip as the store keeps it: the figures document (store/gb-payslip-figures.ts), from which every reader
    // renders the API's payslip; its columns repeat figures of the document and must agree with it.
    check(payslipFiguresVersion, row.figures_version, out, () => ['figures_version']);
    let figures = parseJsonColumn(row, 'figures_json', out);
    // Version 3 writes the trace and lines compactly: checked as what it reads as, and refused if it cannot be read.
    if (figures !== undefined && typeof row.figures_version === 'number' && PAYSLIP_FIGURES_VERSIONS.includes(row.figures_version)) {
      try {
        figures = figuresAsV2(figures, row.figures_version);
      } catch (error) {
        out.push({ loc: ['figures_json'], msg: `cannot be read as payslip figures version ${row.figures_version}: ${error instanceof Error ? error.message : String(error)}`, type: 'figures_unreadable' });
        figures = undefined;
      }
    }
    if (figures !== undefined) {
      const before = out.length;
      check(storedPayslipFigures, figures, out, (f) => (f === undefined ? ['figures_json'] : ['figures_json', f]));
      if (out.length === before) {
        const stored = figures as Record<string, unknown>;
        for (const column of PAYSLIP_FIGURES) {
          const key = FIGURE_OF_COLUMN[column];
          if (typeof row[column] === 'string' && stored[key] !== row[column]) out.push({ loc: [column], msg: `disagrees with the payslip's own figures (figures_json.${key}); a payslip is the engine's output and is never edited`, type: 'payslip_inconsistent' });
        }
      }
    }
    ytdIssues(row, 'ytd_json', out);
    parseJsonColumn(row, 'auto_enrolment_json', out);
    parseJsonColumn(row, 'contribution_json', out);
    check(flag, row.is_leaver, out, () => ['is_leaver']);
    check(flag, row.is_after_leaving, out, () => ['is_after_leaving']);
  },
  gb_ytd(row, out) {
    ytdIssues(row, 'figures_json', out);
  },
  de_payroll_runs(row, out) {
    check(enumOf(RUN_STATUSES), row.status, out, () => ['status']);
    check(z.string().regex(/^\d{4}$/, { error: 'must be a calendar year such as 2026' }), row.tax_year, out, () => ['tax_year']);
    check(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'must be a month YYYY-MM' }), row.month, out, () => ['month']);
    for (const column of ['period_number', 'employee_count']) check(wholeNumber, row[column], out, () => [column]);
    if (typeof row.month === 'string' && (row.tax_year !== row.month.slice(0, 4) || Number(row.period_number) !== Number(row.month.slice(5, 7)))) out.push({ loc: ['month'], msg: 'must agree with tax_year and period_number', type: 'month_inconsistent' });
    check(payrollRunResponse.shape.totals, parseJsonColumn(row, 'totals_json', out) ?? null, out, (f) => (f === undefined ? ['totals_json'] : ['totals_json', f]));
    check(payrollRunResponse.shape.warnings, parseJsonColumn(row, 'warnings_json', out) ?? [], out, (f) => (f === undefined ? ['warnings_json'] : ['warnings_json', f]));
  },
  de_payslips(row, out) {
    for (const column of Object.keys(DE_PAYSLIP_FIGURES)) check(decimalString, row[column], out, () => [column]);
    check(z.literal(1, { error: 'must be 1 (the German payslip figures version this build reads)' }), row.figures_version, out, () => ['figures_version']);
    const figures = parseJsonColumn(row, 'figures_json', out);
    if (figures !== undefined) {
      const before = out.length;
      check(storedDePayslipFigures, figures, out, (f) => (f === undefined ? ['figures_json'] : ['figures_json', f]));
      if (out.length === before) {
        for (const [column, figureOf] of Object.entries(DE_PAYSLIP_FIGURES)) {
          if (typeof row[column] === 'string' && figureOf(figures as Record<string, unknown>) !== row[column]) out.push({ loc: [column], msg: "disagrees with the payslip's own figures (figures_json); a payslip is the engine's output and is never edited", type: 'payslip_inconsistent' });
        }
      }
    }
    const record = parseJsonColumn(row, 'record_json', out);
    if (record !== undefined) {
      const before = out.length;
      check(storedDeMonthRecord, record, out, (f) => (f === undefined ? ['record_json'] : ['record_json', f]));
      if (out.length === before) {
        const r = record as { version: number; month: string };
        if (Number(row.record_version) !== r.version) out.push({ loc: ['record_version'], msg: 'must be the version of record_json', type: 'record_inconsistent' });
        if (row.month !== r.month) out.push({ loc: ['month'], msg: 'must be the month of record_json', type: 'record_inconsistent' });
      }
    }
    check(z.string().min(1, { error: 'must not be empty' }), row.history_key, out, () => ['history_key']);
  },
};

/**
 * Every issue of one stored row (locations start at the column). `country` is the exported organization's
 * country (employees must carry it, as createEmployee gives them).
 */
export function storedRowIssues(table: string, row: Row, context: { country: string | null }): RowIssue[] {
  const out: RowIssue[] = [];
  for (const [column, value] of Object.entries(row)) {
    if (typeof value !== 'string') continue;
    const problem = textProblem(value);
    if (problem) {
      out.push({ loc: [column], msg: problem, type: 'invalid_text' });
      continue;
    }
    if (column.endsWith('_json')) {
      try {
        textIssues(JSON.parse(value), [column], out);
      } catch {
        // reported by the table's rule or below
      }
    }
  }
  if (out.length > 0) return out;
  for (const [column, value] of Object.entries(row)) {
    if (value === null) continue;
    if (DATE_COLUMNS.test(column)) check(isoDate, value, out, () => [column]);
    else if (TIMESTAMP_COLUMNS.test(column)) check(isoDateTime, value, out, () => [column]);
    else if (column.endsWith('_json') && typeof value === 'string') {
      try {
        JSON.parse(value);
      } catch {
        out.push({ loc: [column], msg: 'is not valid JSON', type: 'json_invalid' });
      }
    }
  }
  TABLE_RULES[table]?.(row, out, context);
  // One column can fail the generic and the table's check with the same words: say it once.
  const seen = new Set<string>();
  return out.filter((issue) => {
    const key = `${issue.loc.join('.')}|${issue.msg}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
