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
}
