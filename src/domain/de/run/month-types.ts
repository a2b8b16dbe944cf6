/**
 * The German payroll account's month (Lohnkonto, § 41 EStG, § 4 LStDV): what one stored monthly run calculates
 * for one employee, from the employee's attributes, the month's pay lines and this employment's earlier months.
 *
 * The contract between the month engine (domain/de/run) and the stored German runs (service/runs/de): the
 * service passes the employment, the month's item and every earlier month's record of this employment (this
 * calendar year and the previous one: the Märzklausel, § 23a Abs. 4 SGB IV, reaches back to December); the
 * engine returns the payslip and the record the store keeps for the following months and the payroll account.
 */
import type { Decimal } from '../../money.js';
import type { Payslip, PayslipItem } from '../payslip.js';

/** The employment a run pays: its dates (partial months) and earlier employers' pay (§ 39b Abs. 3 EStG). */
export interface DeEmployment {
  /** ISO date of entry into this employment. */
  entryDate: string;
  /** ISO date of leaving, when known (known exits shorten the expected annual wage). */
  exitDate: string | null;
  /** Pay from earlier employers this calendar year; null = not presented (§ 39b Abs. 3 S. 2 EStG: extrapolated). */
  previousEmploymentPay: Decimal | null;
  /** Months with earlier employers this calendar year (used only when previousEmploymentPay is null). */
  previousEmploymentMonths: number;
}

/** Flat month and year-to-date figures by the `de-run` vectors' keys: money as decimal strings, days as integers. */
export type DeMonthFigures = Readonly<Record<string, string | number | null>>;

/**
 * What a calculated month leaves behind, as the store keeps it (a versioned JSON document): the flat figures the
 * payroll account prints and `verify` compares (`employee.taxes.income_tax`, `sv_days`, `one_off.*`, `ytd.*`),
 * and the engine's own state the following months read (bases charged, one-offs, regular pay). JSON-safe.
 */
export interface DeMonthRecord {
  /** Version of this document's shape (the store migrates older versions forward). */
  version: number;
  /** 'YYYY-MM'. */
  month: string;
  figures: DeMonthFigures;
  /** Engine-owned, JSON-safe (decimal strings); read only by the month engine. */
  state: DeMonthState;
  /**
   * What the employer filings read beyond the flat figures (issue 17). Written by every calculation since; absent
   * in records calculated before, which the filings refuse to guess (they name the month to correct).
   */
  filing?: DeMonthFiling;
}

/** Employee and employer amounts of one month (decimal strings). */
export type DeContributionParts = { health: string; additional: string; care: string; pension: string; unemployment: string };

/**
 * The month's contributions where the payslip only has their sums, and where they go: the Beitragsnachweis reports the
 * Zusatzbeitrag apart (BW02 ZBP) and a Märzklausel one-off's contributions at the rates they were charged at; the
 * Lohnsteuerbescheinigung certifies the § 257 SGB V / § 61 SGB XI subsidies (lines 24b/24c). JSON-safe.
 */
export type DeMonthFiling = {
  /** The health insurer's Betriebsnummer the month was calculated with (the employee's health_insurer_agency_code), or null. */
  insurer: string | null;
  /** The Zusatzbeitrag (§ 242 SGB V) part of the employee's and employer's health contributions, allocated one-off included. */
  additional: { employee: string; employer: string };
  /** A minijob exempt from RV (§ 6 Abs. 1b SGB VI: flat rate only) or with the top-up; null outside a minijob. */
  minijobPensionExempt: boolean | null;
  /** The minijob's 2 % flat tax passed on to the employee (§ 40a Abs. 2 EStG); "0.00" otherwise. */
  employeeFlatTax: string;
  /** The employer's subsidies to private health and care insurance (§ 257 SGB V, § 61 SGB XI). */
  subsidy: { health: string; care: string };
  /**
   * PAP editions up to 2025: the private basic KV/PV contributions the wage tax took into account (VKVLZZ + VKVSONST,
   * Lohnsteuerbescheinigung line 28); null from 2026 (the line is dropped) and for a minijob (no PAP run).
   */
  privateVorsorge: string | null;
  /**
   * A one-off allocated to the previous year (§ 23a Abs. 4 SGB IV): its contributions, contained in this month's
   * figures, computed with the previous year's rates and December's Zusatzbeitrag (in percent).
   */
  allocated: { additionalRatePercent: string; employee: DeContributionParts; employer: DeContributionParts & { insolvency: string } } | null;
};

/**
 * What the following months read of a calculated month (engine-owned; JSON-safe: money as decimal strings).
 * A type literal, not an interface, so it stays assignable to a plain JSON record.
 */
export type DeMonthState = {
  /** SV-Tage of the month (30 for a full month, the calendar days employed in a partial one; run-rules.md §2). */
  svDays: number;
  /** Teillohnzahlungszeitraum: calendar days employed, or null for a full month. */
  taxDays: number | null;
  /** The month's regular (current) pay, benefits in kind included: § 39b Abs. 3 EStG pay so far. */
  regularPay: string;
  /** The one-offs paid in the month (sonstige Bezüge): earlier one-offs of the year for JRE4. */
  oneOffPay: string;
  /**
   * The month's contributory bases charged to this calendar year (capped regular base + the one-off's contributory
   * part unless it went to the previous year): KV/PV ("0.00" when privately insured) and RV/AV. Their sum over the
   * year is what § 23a Abs. 3 SGB IV counts as already charged.
   */
  bases: { kv: string; rv: string };
  /** A one-off allocated to an earlier month (§ 23a Abs. 4 SGB IV, Märzklausel): that month and its bases there. */
  allocated: { to: string; kv: string; rv: string } | null;
  /** The attributes the month was computed with; a Märzklausel one-off uses December's (§ 23a Abs. 4 SGB IV). */
  attributes: {
    statutoryHealth: boolean;
    /** Zusatzbeitrag in percent (2.45 = 2.45 %). */
    additionalRatePercent: string;
    saxony: boolean;
    childlessSurcharge: boolean;
    childReductions: number;
    employment: 'regular' | 'midijob' | 'minijob';
  };
};

export interface DeMonthInput {
  /** 'YYYY-MM': the month paid (pay cycle Month). */
  month: string;
  /** ISO pay date within the month (chooses the year's figures; default the month's last day). */
  payDate?: string;
  employment: DeEmployment;
  /** The employee's attributes and this month's pay lines (one-offs marked isLumpsum), as endpoint 20's engine takes them. */
  item: PayslipItem;
  /** This employment's earlier months, oldest first: every approved month of this calendar year and of the previous one. */
  history: readonly DeMonthRecord[];
  includeExecutionHistory?: boolean;
  /** Keep the engine's steps with their figures on the payslip (Payslip.trace), stored so the run can explain them. */
  explain?: boolean;
}

export interface DeMonthResult {
  /** The month's payslip (taxes include the one-off's STS/SOLZS/church tax). */
  payslip: Payslip;
  record: DeMonthRecord;
}
