import { sql } from 'kysely';
import type { StoreDialect } from '../dialect.js';
import { type MigrationDb, moneyType } from './column-types.js';

/**
 * GB pensions and payroll runs (issue 5): pension scheme handles and their versions, membership history,
 * payroll runs, payslips and the year-to-date figures of approved runs. Versioned records are append-only
 * (valid_from inclusive, valid_to exclusive); approved runs and their payslips are never updated.
 * Every constraint here is portable: unique indexes (one of them partial, which SQLite and Postgres both
 * support) and foreign keys, no triggers.
 */
export async function up(db: MigrationDb, dialect: StoreDialect): Promise<void> {
  const money = moneyType(dialect);

  // The stable handle of a scheme (scheme_id) and whether it is the organization's default.
  await db.schema
    .createTable('gb_pension_schemes')
    .addColumn('scheme_id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('gb_pension_schemes_org').on('gb_pension_schemes').column('org_id').execute();
  // At most one default per organization, whatever two clerks do at the same moment; "at least one" is kept by
  // the use cases (the first scheme becomes the default; set-default moves it in one transaction).
  await db.schema.createIndex('gb_pension_schemes_one_default').on('gb_pension_schemes').column('org_id').unique().where(sql.ref('is_default'), '=', sql.lit(1)).execute();

  await db.schema
    .createTable('gb_pension_scheme_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scheme_id', 'text', (c) => c.notNull().references('gb_pension_schemes.scheme_id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text')
    .addColumn('scheme_name', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('tax_treatment', 'text', (c) => c.notNull())
    .addColumn('pensionable_earnings_definition', 'text', (c) => c.notNull())
    .addColumn('employee_rate', money, (c) => c.notNull())
    .addColumn('employer_rate', money, (c) => c.notNull())
    .addColumn('employee_cap', money)
    .addColumn('employer_cap', money)
    .addColumn('postponement_period_months', 'integer', (c) => c.notNull())
    .addColumn('entitled_worker_employer_contributes', 'integer', (c) => c.notNull())
    .addColumn('re_enrolment_date', 'text')
    .addColumn('re_enrolment_window_start', 'text')
    .addColumn('re_enrolment_window_end', 'text')
    .addColumn('wage_type_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  // Two clerks adding a version at once both read version n; only one n + 1 can be stored.
  await db.schema.createIndex('gb_pension_scheme_versions_version').on('gb_pension_scheme_versions').columns(['scheme_id', 'version']).unique().execute();
  await db.schema.createIndex('gb_pension_scheme_versions_org').on('gb_pension_scheme_versions').column('org_id').execute();

  await db.schema
    .createTable('gb_pension_memberships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('worker_category', 'text')
    .addColumn('entry_route', 'text')
    .addColumn('enrolment_date', 'text')
    .addColumn('opt_out_date', 'text')
    .addColumn('enrolment_communication_date', 'text')
    .addColumn('scheme_id', 'text', (c) => c.references('gb_pension_schemes.scheme_id'))
    .addColumn('employee_rate', money)
    .addColumn('employer_rate', money)
    .addColumn('employee_cap', money)
    .addColumn('employer_cap', money)
    .addColumn('tax_treatment', 'text')
    .addColumn('wage_type_code', 'text')
    .addColumn('source_run_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('gb_pension_memberships_version').on('gb_pension_memberships').columns(['employee_id', 'version']).unique().execute();
  await db.schema.createIndex('gb_pension_memberships_org').on('gb_pension_memberships').column('org_id').execute();

  await db.schema
    .createTable('gb_payroll_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('pay_group_id', 'text', (c) => c.notNull().references('pay_groups.id'))
    .addColumn('pay_calendar_id', 'text', (c) => c.notNull().references('pay_calendars.id'))
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('tax_year', 'text', (c) => c.notNull())
    .addColumn('period_number', 'integer', (c) => c.notNull())
    .addColumn('tax_period', 'integer', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('pay_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Set while the run holds its pay group and period (draft, approved, paid); null when processing, failed or
    // discarded. Unique: of two attempts for the same pay group and period exactly one can hold it.
    .addColumn('slot_key', 'text')
    .addColumn('corrects_run_id', 'text')
    .addColumn('external_ref', 'text')
    .addColumn('task_id', 'text', (c) => c.notNull())
    .addColumn('employee_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totals_json', 'text')
    .addColumn('warnings_json', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('worker', 'text')
    .addColumn('include_execution_history', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('calculated_at', 'text')
    .addColumn('approved_at', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('paid_by', 'text')
    .addColumn('discarded_at', 'text')
    .addColumn('discarded_by', 'text')
    .execute();
  await db.schema.createIndex('gb_payroll_runs_slot').on('gb_payroll_runs').column('slot_key').unique().execute();
  await db.schema.createIndex('gb_payroll_runs_group_period').on('gb_payroll_runs').columns(['org_id', 'pay_group_id', 'tax_year', 'period_number']).execute();

  await db.schema
    .createTable('gb_payslips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'text', (c) => c.notNull().references('gb_payroll_runs.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('tax_year', 'text', (c) => c.notNull())
    .addColumn('period_number', 'integer', (c) => c.notNull())
    .addColumn('pay_date', 'text', (c) => c.notNull())
    .addColumn('membership_id', 'text')
    .addColumn('refund_membership_id', 'text')
    .addColumn('ytd_base_payslip_id', 'text')
    .addColumn('gross_pay', money, (c) => c.notNull())
    .addColumn('taxable_pay', money, (c) => c.notNull())
    .addColumn('tax', money, (c) => c.notNull())
    .addColumn('employee_ni', money, (c) => c.notNull())
    .addColumn('employer_ni', money, (c) => c.notNull())
    .addColumn('net_pay', money, (c) => c.notNull())
    .addColumn('is_leaver', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_after_leaving', 'integer', (c) => c.notNull().defaultTo(0))
    // The payslip as answered (figures, lines, YTD block, P45, warnings, execution history).
    .addColumn('detail_json', 'text', (c) => c.notNull())
    // What approval applies: the YTD state after this payslip, an automatic enrolment, the contribution taken.
    .addColumn('ytd_json', 'text', (c) => c.notNull())
    .addColumn('auto_enrolment_json', 'text')
    .addColumn('contribution_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gb_payslips_run_employee').on('gb_payslips').columns(['run_id', 'employee_id']).unique().execute();
  await db.schema.createIndex('gb_payslips_employee_year').on('gb_payslips').columns(['org_id', 'employee_id', 'tax_year']).execute();
  await db.schema.createIndex('gb_payslips_membership').on('gb_payslips').column('membership_id').execute();
  await db.schema.createIndex('gb_payslips_refund').on('gb_payslips').column('refund_membership_id').execute();

  // Year-to-date figures of this employment after the latest approved payslip (a cache of approved results,
  // written only when a run is approved; approved payslips themselves are never changed).
  await db.schema
    .createTable('gb_ytd')
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('tax_year', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('employment_start', 'text', (c) => c.notNull())
    .addColumn('payslip_id', 'text', (c) => c.notNull())
    .addColumn('figures_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gb_ytd_pk', ['employee_id', 'tax_year'])
    .execute();
  await db.schema.createIndex('gb_ytd_org_year').on('gb_ytd').columns(['org_id', 'tax_year']).execute();
}

