/**
 * Every table that holds an organization's data, in the order rows can be inserted (parents first).
 * Export, import and the organization's deletion read this list, so a new table joins them by
 * being added here (not by the migration that creates it: migrations load only when the migrator runs, issue 19
 * "instant start", so nothing may depend on their being loaded). Every table carries the organization in `org_id` (organizations: `id`).
 */
export interface OrgTable {
  name: string;
  /** Primary-key columns. */
  key: string[];
  /** The column that scopes a row to its organization. */
  orgColumn: string;
  /** An integer key the database assigns (Postgres sequences need resetting after an import). */
  serialKey?: string;
}

export const ORG_TABLES: OrgTable[] = [
  { name: 'organizations', key: ['id'], orgColumn: 'id' },
  { name: 'addresses', key: ['id'], orgColumn: 'org_id' },
  { name: 'worksites', key: ['id'], orgColumn: 'org_id' },
  { name: 'worksite_insurance_details', key: ['id'], orgColumn: 'org_id', serialKey: 'id' },
  { name: 'insurance_level_choices', key: ['id'], orgColumn: 'org_id' },
  { name: 'contacts', key: ['id'], orgColumn: 'org_id' },
  { name: 'employees', key: ['id'], orgColumn: 'org_id' },
  { name: 'bank_accounts', key: ['id'], orgColumn: 'org_id' },
  { name: 'sepa_mandates', key: ['id'], orgColumn: 'org_id' },
  { name: 'pay_calendars', key: ['id'], orgColumn: 'org_id' },
  { name: 'pay_groups', key: ['id'], orgColumn: 'org_id' },
  { name: 'pay_group_members', key: ['employee_id'], orgColumn: 'org_id' },
  { name: 'documents', key: ['id'], orgColumn: 'org_id' },
  // Migration 0002 (GB pensions and runs).
  { name: 'gb_pension_schemes', key: ['scheme_id'], orgColumn: 'org_id' },
  { name: 'gb_pension_scheme_versions', key: ['id'], orgColumn: 'org_id' },
  { name: 'gb_pension_memberships', key: ['id'], orgColumn: 'org_id' },
  { name: 'gb_payroll_runs', key: ['id'], orgColumn: 'org_id' },
  { name: 'gb_payslips', key: ['id'], orgColumn: 'org_id' },
  { name: 'gb_ytd', key: ['employee_id', 'tax_year'], orgColumn: 'org_id' },
  // Migration 0005 (German runs).
  { name: 'de_payroll_runs', key: ['id'], orgColumn: 'org_id' },
  { name: 'de_payslips', key: ['id'], orgColumn: 'org_id' },
  // Migration 0006: after the employees its rows refer to.
  { name: 'gb_absences', key: ['id'], orgColumn: 'org_id' },
];

export function registerOrgTable(table: OrgTable): void {
  if (!ORG_TABLES.some((t) => t.name === table.name)) ORG_TABLES.push(table);
}
