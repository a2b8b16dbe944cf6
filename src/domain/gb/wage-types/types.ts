/**
 * The GB wage type (spec "Resources › Wage type (GB)"): one kind of payslip line with the statutory treatment the
 * payroll run applies to it. Field names are the wire names. Besides the spec's fields, each type carries
 * `category`, `status` and the flags the run obeys (`is_taxable`, `is_pensionable`, `request_section`);
 * NIable is the spec's `ni_employee_applies`.
 */

export type WageTypeCategory = 'earnings' | 'deductions' | 'benefits' | 'statutory' | 'pension' | 'contributions' | 'adjustments' | 'reimbursements';
export type WageTypeStatus = 'draft' | 'approved' | 'deprecated';

export const WAGE_TYPE_CATEGORIES: readonly WageTypeCategory[] = ['earnings', 'deductions', 'benefits', 'statutory', 'pension', 'contributions', 'adjustments', 'reimbursements'];
export const WAGE_TYPE_STATUSES: readonly WageTypeStatus[] = ['draft', 'approved', 'deprecated'];

/**
 * How a deduction is treated for tax and NI:
 * - `post_tax`: taken from net pay (attachments of earnings, union fees, loan repayments);
 * - `pre_tax`: taken before income tax but not before NI (payroll giving, ITEPA 2003 s713; net-pay pension);
 * - `salary_sacrifice`: pay given up before tax, NI and student loans (contractual sacrifice, incl. pension).
 */
export type DeductionTaxTreatment = 'post_tax' | 'pre_tax' | 'salary_sacrifice';

/**
 * Which array of the run request's `pay_details` takes the type (extension field): `none` for lines the run
 * writes itself (pension contributions and refunds, employer contributions).
 */
export type RequestSection = 'earnings' | 'benefits' | 'deductions' | 'reimbursements' | 'none';

/** Per-type figures: decimal strings for money and rates, integers for counts, strings for labels. */
export type WageTypeThresholds = Readonly<Record<string, string | number | boolean | null>>;

export interface WageType {
  /** Integer id of this version (a code valid in two tax years with different figures has two versions). */
  readonly id: number;
  readonly wage_type_code: string;
  readonly name: string;
  readonly description: string;
  readonly category: WageTypeCategory;
  readonly status: WageTypeStatus;
  /** The RTI Full Payment Submission data item the amount is reported in (`none` when it is not reported). */
  readonly rti_payment_type: string;
  /** Subject to income tax through PAYE (extension flag the run obeys). */
  readonly is_taxable: boolean;
  /** Class 1 NI earnings (employee and employer); also the student-loan earnings. */
  readonly ni_employee_applies: boolean;
  readonly is_class_1a_applicable: boolean;
  /** Counts as qualifying earnings for automatic enrolment (Pensions Act 2008 s13). */
  readonly is_ae_qualifying: boolean;
  /** Contributions on it are measured within the qualifying-earnings band (the lower and upper levels). */
  readonly uses_ae_bands: boolean;
  /** Part of pensionable pay for schemes on the PENSIONABLE_PAY definition (extension flag the run obeys). */
  readonly is_pensionable: boolean;
  /** Counts towards the 52-week holiday pay reference (Employment Rights Act 1996 s224, as amended 2020). */
  readonly is_holiday_pay_included: boolean;
  readonly is_salary_sacrifice_allowed: boolean;
  /** The taxable value uses HMRC's official rate of interest (beneficial loans, ITEPA 2003 s181). */
  readonly uses_official_interest_rate: boolean;
  readonly valid_from: string;
  /** End of validity, exclusive (as every versioned record of the spec): the next version's valid_from; null: open-ended. */
  readonly valid_to: string | null;
  readonly calculation_variants: readonly string[];
  readonly thresholds: WageTypeThresholds;
  readonly regularity_window_weeks: number | null;
  readonly regularity_threshold_periods: number | null;
  readonly legislative_source: string;
  readonly owner: string;
  readonly reviewer: string;
  readonly last_reviewed_at: string;
  readonly is_gross_up: boolean;
  /** Not paid in cash: it only changes the tax (payrolled benefits) or is an employer cost. */
  readonly is_notional: boolean;
  readonly deduction_tax_treatment: DeductionTaxTreatment | null;
  readonly request_section: RequestSection;
}
