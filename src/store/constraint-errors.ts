import { conflict, DomainError } from '../domain/errors.js';
import { unavailableError } from './availability.js';
import { isRetryableAbort } from './transaction.js';

/**
 * Turns the database's constraint violations into domain errors a clerk can act on. Unique
 * constraints are the last line of defence against duplicates that two concurrent writers could
 * both pass a read-check for; both engines report them, under different names.
 */
interface UniqueRule {
  /** Postgres constraint/index name. */
  name: string;
  /** SQLite's "table.col, table.col" list. */
  columns: string;
  code: string;
  message: string;
}

const uniqueRules: UniqueRule[] = [];

/** Each migration that adds a unique constraint registers what its violation means. */
export function registerUniqueRule(rule: UniqueRule): void {
  uniqueRules.push(rule);
}

registerUniqueRule({ name: 'contacts_org_email', columns: 'contacts.org_id, contacts.email', code: 'CONTACT.DUPLICATE_EMAIL', message: 'a contact with this e-mail address already exists in the organization' });
registerUniqueRule({ name: 'employees_org_payroll_number', columns: 'employees.org_id, employees.payroll_number', code: 'EMPLOYEE.DUPLICATE_PAYROLL_NUMBER', message: 'an employee with this payroll number already exists in the organization' });
registerUniqueRule({ name: 'pay_groups_org_name', columns: 'pay_groups.org_id, pay_groups.name', code: 'PAY_GROUP.DUPLICATE_NAME', message: 'a pay group with this name already exists in the organization' });
registerUniqueRule({ name: 'pay_calendars_org_name', columns: 'pay_calendars.org_id, pay_calendars.name', code: 'PAY_CALENDAR.DUPLICATE_NAME', message: 'a pay calendar with this name already exists in the organization' });
registerUniqueRule({ name: 'insurance_level_choices_org_agency', columns: 'insurance_level_choices.org_id, insurance_level_choices.agency_id', code: 'INSURANCE_LEVEL.DUPLICATE', message: 'this agency already has an insurance level choice' });
registerUniqueRule({ name: 'gb_pension_schemes_one_default', columns: 'gb_pension_schemes.org_id', code: 'PENSION_SCHEME.DEFAULT_CHANGED', message: 'another pension scheme became the default at the same moment; read the schemes again and retry' });
registerUniqueRule({ name: 'gb_pension_scheme_versions_version', columns: 'gb_pension_scheme_versions.scheme_id, gb_pension_scheme_versions.version', code: 'PENSION_SCHEME.VERSION_CONFLICT', message: 'someone added a version of this pension scheme at the same moment; read its history again and retry' });
registerUniqueRule({ name: 'gb_pension_memberships_version', columns: 'gb_pension_memberships.employee_id, gb_pension_memberships.version', code: 'PENSION_MEMBERSHIP.VERSION_CONFLICT', message: "someone changed this employee's pension membership at the same moment; read its status again and retry" });
registerUniqueRule({ name: 'gb_payroll_runs_slot', columns: 'gb_payroll_runs.slot_key', code: 'PAYROLL_RUN.DUPLICATE', message: 'a payroll run for this pay group and period already exists' });
registerUniqueRule({ name: 'gb_payslips_run_employee', columns: 'gb_payslips.run_id, gb_payslips.employee_id', code: 'PAYROLL_RUN.DUPLICATE_EMPLOYEE', message: 'an employee appears twice in the payroll run' });
registerUniqueRule({ name: 'gb_ytd_pk', columns: 'gb_ytd.employee_id, gb_ytd.tax_year', code: 'PAYROLL_RUN.YTD_CONFLICT', message: 'year-to-date figures changed at the same moment; retry' });
registerUniqueRule({ name: 'de_payroll_runs_slot', columns: 'de_payroll_runs.slot_key', code: 'PAYROLL_RUN.DUPLICATE', message: 'a payroll run for this organization and month already exists' });
registerUniqueRule({ name: 'de_payslips_run_employee', columns: 'de_payslips.run_id, de_payslips.employee_id', code: 'PAYROLL_RUN.DUPLICATE_EMPLOYEE', message: 'an employee appears twice in the payroll run' });

export function translateStoreError(error: unknown): unknown {
  if (error instanceof DomainError || !(error instanceof Error)) return error;
  const code = (error as { code?: string }).code;
  const message = error.message;
  const isUnique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (isUnique) {
    const constraint = (error as { constraint?: string }).constraint;
    const rule = uniqueRules.find((r) => (constraint !== undefined && r.name === constraint) || message.includes(r.columns));
    if (rule) return conflict(rule.code, rule.message);
    return conflict('STORE.DUPLICATE', `this record already exists (${constraint ?? message.replace(/^.*failed: /, '')})`);
  }
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
    return new DomainError('validation', 'STORE.REFERENCE_MISSING', 'the record refers to something that does not exist in this organization', {
      issues: [{ loc: ['body'], msg: 'refers to a record that does not exist', type: 'reference_missing' }],
    });
  }
  // Postgres kept aborting the transaction for concurrent writers even after transaction.ts's retries.
  if (isRetryableAbort(error)) {
    return conflict('STORE.CONCURRENT_WRITE', 'other clerks kept changing the same data at the same moment, so this change was not saved; read the data again and retry');
  }
  // Normally translated where the driver raised it (guarded-dialect.ts); this catches errors a use case rethrew raw.
  return unavailableError(error, '') ?? error;
}
