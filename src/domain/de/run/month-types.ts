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
}

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
}

export interface DeMonthResult {
  /** The month's payslip (taxes include the one-off's STS/SOLZS/church tax). */
  payslip: Payslip;
  record: DeMonthRecord;
}
