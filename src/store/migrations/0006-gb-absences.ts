import type { StoreDialect } from '../dialect.js';
import { type MigrationDb, moneyType } from './column-types.js';

/**
 * GB absences (issue 16 point 1): sickness and the family leaves the statutory payments are calculated from
 * (domain/gb/statutory). One row per absence of an employee; `last_day` null while it is open. The kind decides
 * which of the optional columns it carries (service/contracts/absences.ts): SSP's qualifying days and average
 * weekly earnings, the expected week of childbirth's due date, the adoption match / bereavement / neonatal care
 * event date, the weeks of pay. `row_version` lets an import tell a later edit (ending the absence) from an
 * older one.
 */
export async function up(db: MigrationDb, dialect: StoreDialect): Promise<void> {
  await db.schema
    .createTable('gb_absences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('first_day', 'text', (c) => c.notNull())
    .addColumn('last_day', 'text')
    .addColumn('qualifying_days_json', 'text')
    .addColumn('average_weekly_earnings', moneyType(dialect))
    .addColumn('due_date', 'text')
    .addColumn('event_date', 'text')
    .addColumn('weeks', 'integer')
    .addColumn('notes', 'text')
    .addColumn('row_version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // An employee's absences in date order (overlap check, list by employee).
  await db.schema.createIndex('gb_absences_employee').on('gb_absences').columns(['org_id', 'employee_id', 'first_day']).execute();
}

