import type { StoreDialect } from '../dialect.js';
import { type MigrationDb, moneyType } from './column-types.js';

/**
 * German payroll runs (issue 14): a German organization's monthly runs with the same lifecycle as GB runs
 * (processing → draft → approved → paid; discarded, failed; corrections as new runs) and their payslips. A German
 * payslip keeps the payslip's figures document and the month record of the payroll account (Lohnkonto, § 41 EStG,
 * § 4 LStDV) that later months read as their history (year to date, one-offs, the Märzklausel's December), both as
 * versioned JSON documents, beside the figures the run's totals are summed from. There is no year-to-date table:
 * the history is the approved payslips themselves, read in one batch per run.
 */
export async function up(db: MigrationDb, dialect: StoreDialect): Promise<void> {
  const money = moneyType(dialect);

  await db.schema
    .createTable('de_payroll_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('tax_year', 'text', (c) => c.notNull())
    .addColumn('period_number', 'integer', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('pay_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Held while the run is live (draft, approved, paid): one regular run per organization and month, one correction
    // per corrected run. Null when processing, failed or discarded. Unique, so of two attempts exactly one commits.
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
  await db.schema.createIndex('de_payroll_runs_slot').on('de_payroll_runs').column('slot_key').unique().execute();
  await db.schema.createIndex('de_payroll_runs_org_month').on('de_payroll_runs').columns(['org_id', 'tax_year', 'period_number']).execute();

  await db.schema
    .createTable('de_payslips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('run_id', 'text', (c) => c.notNull().references('de_payroll_runs.id').onDelete('cascade'))
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('tax_year', 'text', (c) => c.notNull())
    .addColumn('period_number', 'integer', (c) => c.notNull())
    .addColumn('pay_date', 'text', (c) => c.notNull())
    .addColumn('gross_pay', money, (c) => c.notNull())
    .addColumn('taxable_pay', money, (c) => c.notNull())
    .addColumn('income_tax', money, (c) => c.notNull())
    .addColumn('solidarity_tax', money, (c) => c.notNull())
    .addColumn('church_tax', money, (c) => c.notNull())
    .addColumn('employee_insurance', money, (c) => c.notNull())
    .addColumn('employer_burden', money, (c) => c.notNull())
    .addColumn('net_pay', money, (c) => c.notNull())
    .addColumn('figures_json', 'text', (c) => c.notNull())
    .addColumn('figures_version', 'integer', (c) => c.notNull())
    .addColumn('record_json', 'text', (c) => c.notNull())
    .addColumn('record_version', 'integer', (c) => c.notNull())
    .addColumn('history_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('de_payslips_run_employee').on('de_payslips').columns(['run_id', 'employee_id']).unique().execute();
  // The history read: one organization's payslips of some employees in a range of months.
  await db.schema.createIndex('de_payslips_employee_month').on('de_payslips').columns(['org_id', 'employee_id', 'month']).execute();
}

