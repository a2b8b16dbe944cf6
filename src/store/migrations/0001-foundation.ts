import type { StoreDialect } from '../dialect.js';
import { autoIdType, type MigrationDb } from './column-types.js';

/** Organization administration (issue 2): every resource of the spec's Resources section except GB pensions and runs. */
export async function up(db: MigrationDb, dialect: StoreDialect): Promise<void> {

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('legal_name', 'text', (c) => c.notNull())
    .addColumn('dba_name', 'text')
    .addColumn('incorporation_date', 'text')
    .addColumn('website', 'text')
    .addColumn('external_ref', 'text')
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('shutdown_date', 'text')
    .addColumn('address_id', 'text')
    .addColumn('correspondence_address_id', 'text')
    .addColumn('tax_identifiers_json', 'text')
    .addColumn('insurance_data_json', 'text')
    .addColumn('preferences_json', 'text')
    .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('components_json', 'text', (c) => c.notNull())
    .addColumn('content_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_org').on('addresses').column('org_id').execute();

  await db.schema
    .createTable('worksites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_id', 'text')
    .addColumn('correspondence_address_id', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('tax_identifiers_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('worksites_org').on('worksites').column('org_id').execute();

  await db.schema
    .createTable('worksite_insurance_details')
    .addColumn('id', autoIdType(dialect), (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('worksite_id', 'text', (c) => c.notNull().references('worksites.id').onDelete('cascade'))
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('insurance_country', 'text')
    .addColumn('worksite_location_number', 'text')
    .addColumn('accident_insurance_company_number', 'text')
    .addColumn('accident_insurance_pin', 'text')
    .addColumn('payroll_service_provider_number', 'text')
    .addColumn('payroll_processing_location_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('worksite_insurance_details_worksite').on('worksite_insurance_details').column('worksite_id').execute();

  await db.schema
    .createTable('insurance_level_choices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('agency_id', 'text', (c) => c.notNull())
    .addColumn('compensation_levy_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('insurance_level_choices_org_agency', ['org_id', 'agency_id'])
    .execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('worksite_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('roles_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_org').on('contacts').column('org_id').execute();
  // One contact per e-mail address inside an organization: a second one is almost always a duplicate entry.
  await db.schema.createIndex('contacts_org_email').on('contacts').columns(['org_id', 'email']).unique().execute();

  await db.schema
    .createTable('employees')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('payroll_number', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('leave_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('pay_json', 'text')
    .addColumn('statutory_json', 'text', (c) => c.notNull())
    .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('employees_org').on('employees').column('org_id').execute();
  await db.schema.createIndex('employees_org_payroll_number').on('employees').columns(['org_id', 'payroll_number']).unique().execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.references('employees.id').onDelete('cascade'))
    .addColumn('financial_institution_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text')
    .addColumn('routing_number', 'text')
    .addColumn('iban', 'text')
    .addColumn('swift_code', 'text')
    .addColumn('account_details_json', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bank_accounts_owner').on('bank_accounts').columns(['org_id', 'employee_id']).execute();

  await db.schema
    .createTable('sepa_mandates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('creditor_id', 'text', (c) => c.notNull())
    .addColumn('bank_account_id', 'text', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('is_recurring', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_to', 'text')
    .addColumn('mandate_reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sepa_mandates_org').on('sepa_mandates').column('org_id').execute();

  await db.schema
    .createTable('pay_calendars')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('pay_day_rule_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('pay_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pay_calendar_id', 'text', (c) => c.notNull().references('pay_calendars.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pay_groups_org_name', ['org_id', 'name'])
    .execute();

  await db.schema
    .createTable('pay_group_members')
    .addColumn('pay_group_id', 'text', (c) => c.notNull().references('pay_groups.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    // An employee is paid through exactly one pay group: assigning moves them (docs/decisions.md C6).
    .addPrimaryKeyConstraint('pay_group_members_pk', ['employee_id'])
    .execute();
  await db.schema.createIndex('pay_group_members_group').on('pay_group_members').column('pay_group_id').execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('employee_id', 'text')
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('object_store_bucket', 'text', (c) => c.notNull())
    .addColumn('object_store_path', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_size_bytes', 'bigint')
    .addColumn('sha256', 'text')
    .addColumn('document_date', 'text')
    .addColumn('template_id', 'integer')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text')
    .execute();
  await db.schema.createIndex('documents_owner').on('documents').columns(['org_id', 'employee_id', 'status']).execute();
}
