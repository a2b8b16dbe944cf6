/**
 * Duplicates are impossible at the database level (issue 7; docs/decisions.md S5): two
 * concurrent writers can both pass a use case's read-check, so the last line of defence is a unique
 * constraint. Each case writes the duplicate row directly, past every use case, and the engine
 * must refuse it; the refusal then reads as the domain conflict a clerk can act on.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { translateStoreError } from '../../src/store/constraint-errors.js';
import type { Store } from '../../src/store/database.js';
import { engines, type Target } from './engines.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyRow = Record<string, any>;

for (const engine of engines()) {
  describe(`unique constraints [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;
    let orgId: string;

    beforeEach(async () => {
      target = await engine.target();
      store = await target.open();
      service = target.service(store);
      orgId = (await service.createOrganization({ legal_name: 'Unique Ltd', country: 'GB' })).id;
    });

    afterEach(async () => {
      await store.close();
      await target.dispose();
    });

    const db = () => store.db as any;

    /** Inserts `row` straight into the table and returns the domain error its refusal maps to. */
    async function refusal(table: string, row: AnyRow): Promise<{ code: string; kind: string }> {
      try {
        await db().insertInto(table).values(row).execute();
      } catch (error) {
        const translated = translateStoreError(error) as { code: string; kind: string };
        return { code: translated.code, kind: translated.kind };
      }
      throw new Error(`the database accepted a duplicate ${table} row`);
    }

    async function copyOf(table: string, where: [string, string]): Promise<AnyRow> {
      return db().selectFrom(table).selectAll().where(where[0], '=', where[1]).executeTakeFirstOrThrow();
    }

    it('one contact per e-mail address in an organization (case-insensitive: stored lower case)', async () => {
      const result = await service.createContacts(orgId, [{ name: 'Ann', email: 'Ann@Example.test' }]);
      const row = await copyOf('contacts', ['id', result.data[0]!.id]);
      expect(await refusal('contacts', { ...row, id: 'contact-copy' })).toEqual({ kind: 'conflict', code: 'CONTACT.DUPLICATE_EMAIL' });
      // Another organization may use the same address.
      const other = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
      expect((await service.createContacts(other, [{ name: 'Ann', email: 'ann@example.test' }])).succeeded).toBe(1);
    });

    it('one payroll number per organization', async () => {
      const employee = await service.createEmployee(orgId, { first_name: 'Ann', last_name: 'Lee', payroll_number: 'P-7', date_of_birth: '1990-01-01', start_date: '2024-01-01', gb: {} });
      const row = await copyOf('employees', ['id', employee.id]);
      expect(await refusal('employees', { ...row, id: 'employee-copy' })).toEqual({ kind: 'conflict', code: 'EMPLOYEE.DUPLICATE_PAYROLL_NUMBER' });
    });

    it('one pay group membership per employee', async () => {
      const calendar = await service.createPayCalendar(orgId, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06' });
      const [a, b] = [await service.createPayGroup(orgId, { name: 'A', pay_calendar_id: calendar.id }), await service.createPayGroup(orgId, { name: 'B', pay_calendar_id: calendar.id })];
      const employee = await service.createEmployee(orgId, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-01-01', start_date: '2024-01-01', gb: {} });
      await service.assignEmployees(orgId, a!.id, { employee_ids: [employee.id] });
      const row = await copyOf('pay_group_members', ['employee_id', employee.id]);
      expect((await refusal('pay_group_members', { ...row, pay_group_id: b!.id })).kind).toBe('conflict');
    });

    it('one default pension scheme per organization', async () => {
      const scheme = (id: string) => ({ scheme_id: id, org_id: orgId, is_default: 1, created_at: '2025-04-06T00:00:00.000Z', created_by: null });
      await db().insertInto('gb_pension_schemes').values(scheme('scheme-1')).execute();
      expect(await refusal('gb_pension_schemes', scheme('scheme-2'))).toEqual({ kind: 'conflict', code: 'PENSION_SCHEME.DEFAULT_CHANGED' });
      // Any number of non-default schemes.
      await db().insertInto('gb_pension_schemes').values([{ ...scheme('scheme-3'), is_default: 0 }, { ...scheme('scheme-4'), is_default: 0 }]).execute();
    });

    it('one live payroll run per pay group and period (draft, approved or paid holds the slot)', async () => {
      const calendar = await service.createPayCalendar(orgId, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06' });
      const group = await service.createPayGroup(orgId, { name: 'A', pay_calendar_id: calendar.id });
      const run = (id: string, status: string, slot: string | null) => ({
        id,
        org_id: orgId,
        pay_group_id: group.id,
        pay_calendar_id: calendar.id,
        frequency: 'monthly',
        tax_year: '2025-26',
        period_number: 1,
        tax_period: 1,
        period_start: '2025-04-06',
        period_end: '2025-05-05',
        pay_date: '2025-04-30',
        status,
        slot_key: slot,
        task_id: `task-${id}`,
        employee_count: 0,
        include_execution_history: 0,
        created_at: '2025-04-30T00:00:00.000Z',
        updated_at: '2025-04-30T00:00:00.000Z',
      });
      const slot = `${group.id}/2025-26/1`;
      await db().insertInto('gb_payroll_runs').values(run('run-1', 'approved', slot)).execute();
      expect(await refusal('gb_payroll_runs', run('run-2', 'draft', slot))).toEqual({ kind: 'conflict', code: 'PAYROLL_RUN.DUPLICATE' });
      // Failed and discarded attempts hold no slot, so any number of them may exist.
      await db().insertInto('gb_payroll_runs').values([run('run-3', 'failed', null), run('run-4', 'discarded', null)]).execute();
    });
  });
}
