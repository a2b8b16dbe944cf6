/**
 * Kysely table types. Data rules (architecture.md): money is a decimal string (TEXT in SQLite,
 * NUMERIC in Postgres, read back as a string by both drivers); timestamps are ISO 8601 UTC strings;
 * flags are integers 0/1 in both engines so no driver ever sees a JS boolean; nested value objects
 * that are read and written whole (preferences, tax identifiers, statutory data) are JSON text.
 */
import type { Generated } from 'kysely';

export type Flag = number; // 0 | 1

export interface OrganizationTable {
  id: string;
  country: string; // 'GB' | 'DE': decides which statutory rules apply
  legal_name: string;
  dba_name: string | null;
  incorporation_date: string | null;
  website: string | null;
  external_ref: string | null;
  valid_from: string | null;
  valid_to: string | null;
  shutdown_date: string | null;
  address_id: string | null;
  correspondence_address_id: string | null;
  tax_identifiers_json: string | null;
  insurance_data_json: string | null;
  preferences_json: string | null;
  /** GB employer settings for RTI and the P32 (migration 0008; null for German and older organizations). */
  gb_json: string | null;
  /** Migration 0007: the `accounting` block (account mapping, DATEV numbers). */
  accounting_json?: string | null;
  row_version: number;
  created_at: string;
  updated_at: string;
}

export interface AddressTable {
  id: string;
  org_id: string;
  address: string;
  components_json: string;
  content_json: string;
  created_at: string;
  updated_at: string;
}

export interface WorksiteTable {
  id: string;
  org_id: string;
  name: string;
  address_id: string | null;
  correspondence_address_id: string | null;
  is_active: Flag;
  is_primary: Flag;
  valid_from: string | null;
  valid_to: string | null;
  tax_identifiers_json: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorksiteInsuranceDetailsTable {
  id: Generated<number>;
  org_id: string;
  worksite_id: string;
  valid_from: string | null;
  valid_to: string | null;
  insurance_country: string | null;
  worksite_location_number: string | null;
  accident_insurance_company_number: string | null;
  accident_insurance_pin: string | null;
  payroll_service_provider_number: string | null;
  payroll_processing_location_number: string | null;
  created_at: string;
  updated_at: string;
}

export interface InsuranceLevelChoiceTable {
  id: string;
  org_id: string;
  agency_id: string;
  compensation_levy_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ContactTable {
  id: string;
  org_id: string;
  worksite_id: string | null;
  name: string;
  email: string | null;
  phone_number: string | null;
  roles_json: string;
  created_at: string;
  updated_at: string;
}

export interface BankAccountTable {
  id: string;
  org_id: string;
  employee_id: string | null; // null: the organization's own account
  financial_institution_name: string;
  account_number: string | null;
  routing_number: string | null;
  iban: string | null;
  swift_code: string | null;
  /** Migration 0005: UK sort code (6 digits) beside a UK account_number (8 digits). */
  sort_code?: string | null;
  account_details_json: string | null;
  is_active: Flag;
  is_primary: Flag;
  created_at: string;
  updated_at: string;
}

export interface SepaMandateTable {
  id: string;
  org_id: string;
  creditor_id: string;
  bank_account_id: string;
  is_recurring: Flag;
  created_by: string;
  valid_from: string | null;
  valid_to: string | null;
  mandate_reference: string | null;
  created_at: string;
  updated_at: string;
}

export interface EmployeeTable {
  id: string;
  org_id: string;
  country: string;
  payroll_number: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  date_of_birth: string | null;
  start_date: string;
  leave_date: string | null;
  status: string; // 'active' | 'left'
  address: string | null;
  pay_json: string | null; // standing pay: salary/hourly rate and frequency
  statutory_json: string; // the country block (gb or de) validated by the contract
  row_version: number;
  created_at: string;
  updated_at: string;
}

export interface PayCalendarTable {
  id: string;
  org_id: string;
  name: string;
  frequency: string; // weekly | fortnightly | four_weekly | monthly
  pay_day_rule_json: string;
  first_period_start: string | null; // migration 0003: the anchor periods are counted from
  created_at: string;
  updated_at: string;
}

export interface PayGroupTable {
  id: string;
  org_id: string;
  name: string;
  pay_calendar_id: string;
  created_at: string;
  updated_at: string;
}

export interface PayGroupMemberTable {
  pay_group_id: string;
  employee_id: string;
  org_id: string;
  assigned_at: string;
}

export interface DocumentTable {
  id: string;
  org_id: string;
  employee_id: string | null;
  document_type: string;
  document_name: string;
  object_store_bucket: string;
  object_store_path: string;
  mime_type: string;
  status: string;
  file_size_bytes: number | null;
  sha256: string | null;
  document_date: string | null;
  template_id: number | null;
  created_by: string | null;
  created_at: string;
  updated_at: string | null;
  /** Migration 0005: the payroll run a generated document (payslip, payment file) came from. */
  source_run_id?: string | null;
  /**
   * Migration 0011 (decision RENDER1): set while a payslip document's bytes are still to be rendered on first read
   * (the employee's and employer's facts as at approval); null once its file is stored, and for every other document.
   */
  render_json?: string | null;
}

export interface Database {
  organizations: OrganizationTable;
  addresses: AddressTable;
  worksites: WorksiteTable;
  worksite_insurance_details: WorksiteInsuranceDetailsTable;
  insurance_level_choices: InsuranceLevelChoiceTable;
  contacts: ContactTable;
  bank_accounts: BankAccountTable;
  sepa_mandates: SepaMandateTable;
  employees: EmployeeTable;
  pay_calendars: PayCalendarTable;
  pay_groups: PayGroupTable;
  pay_group_members: PayGroupMemberTable;
  documents: DocumentTable;
  gb_pension_schemes: GbPensionSchemeTable;
  gb_pension_scheme_versions: GbPensionSchemeVersionTable;
  gb_pension_memberships: GbPensionMembershipTable;
  gb_payroll_runs: GbPayrollRunTable;
  gb_payslips: GbPayslipTable;
  gb_ytd: GbYtdTable;
  gb_absences: GbAbsenceTable;
  de_payroll_runs: DePayrollRunTable;
  de_payslips: DePayslipTable;
  audit_events: AuditEventTable;
}

/** One write of the audit trail (migration 0010, append-only: the database refuses UPDATE and DELETE). */
export interface AuditEventTable {
  id: string;
  org_id: string;
  occurred_at: string;
  actor: string | null;
  resource_type: string;
  resource_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
  detail_json: string | null;
}

// ---- GB pensions and payroll runs (migration 0002) ----

/** The stable handle of a pension scheme; its configuration lives in versions. */
export interface GbPensionSchemeTable {
  scheme_id: string;
  org_id: string;
  is_default: Flag;
  created_at: string;
  created_by: string | null;
}

export interface GbPensionSchemeVersionTable {
  id: string;
  scheme_id: string;
  org_id: string;
  version: number;
  valid_from: string;
  valid_to: string | null; // exclusive; null = current version
  scheme_name: string;
  provider: string;
  tax_treatment: string;
  pensionable_earnings_definition: string;
  employee_rate: string;
  employer_rate: string;
  employee_cap: string | null;
  employer_cap: string | null;
  postponement_period_months: number;
  entitled_worker_employer_contributes: Flag;
  re_enrolment_date: string | null;
  re_enrolment_window_start: string | null;
  re_enrolment_window_end: string | null;
  wage_type_code: string;
  created_at: string;
  created_by: string | null;
}

export interface GbPensionMembershipTable {
  id: string;
  org_id: string;
  employee_id: string;
  version: number;
  valid_from: string;
  valid_to: string | null;
  status: string; // ACTIVE | OPTED_OUT | NOT_ENROLLED
  worker_category: string | null;
  entry_route: string | null;
  enrolment_date: string | null;
  opt_out_date: string | null;
  enrolment_communication_date: string | null;
  scheme_id: string | null;
  employee_rate: string | null;
  employer_rate: string | null;
  employee_cap: string | null;
  employer_cap: string | null;
  tax_treatment: string | null;
  wage_type_code: string | null;
  source_run_id: string | null; // the payroll run whose approval auto-enrolled the worker
  created_at: string;
  created_by: string | null;
}

/**
 * The columns every country's payroll run table has: the run lifecycle (service/runs) reads and moves only these.
 * Each country's table adds its own (GB: pay group, calendar, frequency, tax period).
 */
export interface PayrollRunRow {
  id: string;
  org_id: string;
  tax_year: string;
  period_number: number;
  period_start: string;
  period_end: string;
  pay_date: string;
  status: string; // processing | draft | approved | paid | failed | discarded
  slot_key: string | null;
  corrects_run_id: string | null;
  external_ref: string | null;
  task_id: string;
  employee_count: number;
  totals_json: string | null;
  warnings_json: string | null;
  failure_reason: string | null;
  worker: string | null;
  include_execution_history: Flag;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  calculated_at: string | null;
  approved_at: string | null;
  approved_by: string | null;
  paid_at: string | null;
  paid_by: string | null;
  discarded_at: string | null;
  discarded_by: string | null;
}

/**
 * A run without its warnings: what the lifecycle reads to check and move a run (approve, pay, discard) and what the
 * documents of a run need. warnings_json holds a line per unusual payslip, several MB on a large run; only the run
 * as shown (read.ts) and an export read it.
 */
export type PayrollRunHead = Omit<PayrollRunRow, 'warnings_json'>;

export interface GbPayrollRunTable extends PayrollRunRow {
  pay_group_id: string;
  pay_calendar_id: string;
  frequency: string;
  tax_period: number;
}

/** The columns every country's payslip table has (the lifecycle writes and lists payslips by these). */
export interface PayslipRow {
  id: string;
  run_id: string;
  org_id: string;
  employee_id: string;
  tax_year: string;
  period_number: number;
  pay_date: string;
  created_at: string;
}

export interface GbPayslipTable extends PayslipRow {
  membership_id: string | null;
  refund_membership_id: string | null;
  ytd_base_payslip_id: string | null;
  gross_pay: string;
  taxable_pay: string;
  tax: string;
  employee_ni: string;
  employer_ni: string;
  net_pay: string;
  is_leaver: Flag;
  is_after_leaving: Flag;
  /** The payslip's figures document (gb-payslip-figures.ts) in the version named beside it. */
  figures_json: string;
  figures_version: number;
  ytd_json: string;
  auto_enrolment_json: string | null;
  contribution_json: string | null;
}

export interface GbYtdTable {
  employee_id: string;
  tax_year: string;
  org_id: string;
  employment_start: string;
  payslip_id: string;
  figures_json: string;
  updated_at: string;
}

// ---- GB absences (migration 0006) ----

/** An absence of a British employee: sickness or a family leave (service/contracts/absences.ts). */
export interface GbAbsenceTable {
  id: string;
  org_id: string;
  employee_id: string;
  kind: string; // sickness | maternity | paternity | shared_parental | adoption | parental_bereavement | neonatal_care
  first_day: string;
  last_day: string | null; // null while the absence is open
  qualifying_days_json: string | null; // sickness: the weekday names SSP is paid for
  average_weekly_earnings: string | null; // sickness: AWE for SSP when not derived from pay history
  due_date: string | null; // maternity, paternity, shared parental: the expected week of childbirth's due date
  event_date: string | null; // adoption: matching date; parental bereavement: date of death; neonatal care: first day in care
  weeks: number | null; // family leaves: weeks of statutory pay
  notes: string | null;
  row_version: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

// ---- German payroll runs (migration 0005) ----

/**
 * A German monthly run of one organization: `tax_year` is the calendar year ("2026"), `period_number` the month
 * (1–12), `month` the two together ("2026-11").
 */
export interface DePayrollRunTable extends PayrollRunRow {
  month: string;
}

/**
 * One employee's month of a German run: the payslip's figures document (store/de-payslip-figures.ts), the month
 * record of the payroll account (DeMonthRecord, domain/de/run/month-types.ts) that later months read as history,
 * and the figures the run's totals and the store check add up, as columns.
 */
export interface DePayslipTable extends PayslipRow {
  month: string;
  gross_pay: string;
  taxable_pay: string;
  income_tax: string;
  solidarity_tax: string;
  church_tax: string;
  employee_insurance: string;
  employer_burden: string;
  net_pay: string;
  figures_json: string;
  figures_version: number;
  record_json: string;
  record_version: number;
  /** Fingerprint of the history records the month was calculated on (approval checks it is still the history). */
  history_key: string;
}
