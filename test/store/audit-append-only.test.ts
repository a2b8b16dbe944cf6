/**
 * Issue 20 point 1: the audit trail is append-only in the database itself (migration 0010-audit-trail): an UPDATE,
 * DELETE (and on PostgreSQL a TRUNCATE) of audit_events is refused by a trigger, whoever sends it; and an import
 * cannot reach the table (it is in no export, and a file naming it is refused).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import type { Store } from '../../src/store/database.js';
import { expectDomainError } from '../support/expect-error.js';
import { engines, type Target } from './engines.js';

for (const engine of engines()) {
  describe(`audit trail is append-only [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;
    beforeEach(async () => {
      target = await engine.target();
      store = await target.open();
      service = target.service(store);
    });
    afterEach(async () => {
      await store.close();
      await target.dispose();
    });

    const rows = () => store.db.selectFrom('audit_events').selectAll().orderBy('id').execute();

    it('refuses UPDATE and DELETE of audit rows (and TRUNCATE on PostgreSQL); the rows stay as written', async () => {
      const org = await service.createOrganization({ legal_name: 'Trail Ltd', country: 'GB' });
      await service.updateOrganization(org.id, { legal_name: 'Trail Limited' });
      const written = await rows();
      expect(written.map((r) => [r.resource_type, r.action, r.actor])).toEqual([
        ['organization', 'create', 'local:store-test'],
        ['organization', 'update', 'local:store-test'],
      ]);
      await expect(store.db.updateTable('audit_events').set({ action: 'forged' }).execute()).rejects.toThrow(/append-only/);
      await expect(store.db.updateTable('audit_events').set({ actor: 'someone else' }).where('action', '=', 'update').execute()).rejects.toThrow(/append-only/);
      await expect(store.db.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
      await expect(store.db.deleteFrom('audit_events').where('action', '=', 'update').execute()).rejects.toThrow(/append-only/);
      if (engine.name === 'postgres') await expect(sql`truncate audit_events`.execute(store.db)).rejects.toThrow(/append-only/);
      expect(await rows()).toEqual(written);
      // Appending still works: the next write is audited as usual.
      await service.updateOrganization(org.id, { legal_name: 'Trail Ltd' });
      expect((await rows()).length).toBe(3);
    });

    it('an import neither carries nor touches audit rows: the export has none, a file naming the table is refused, a re-import appends its own row', async () => {
      const org = await service.createOrganization({ legal_name: 'Export Ltd', country: 'GB' });
      await service.createEmployee(org.id, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-01-01', start_date: '2020-01-01', gb: {} });
      const exported = await service.exportOrganization(org.id);
      expect(Object.keys(exported.tables)).not.toContain('audit_events');
      const before = await rows();
      const forged = { ...exported, tables: { ...exported.tables, audit_events: [{ id: before[0]?.id, org_id: org.id, occurred_at: '2020-01-01T00:00:00.000Z', actor: 'nobody', resource_type: 'organization', resource_id: org.id, action: 'forged', before_json: null, after_json: null, detail_json: null }] } };
      const refused = await expectDomainError(service.importOrganization(forged), 'validation');
      expect(refused.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.tables.audit_events', 'unknown_table']]);
      expect(await rows()).toEqual(before);
      await service.importOrganization(exported);
      const after = await rows();
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.slice(before.length).map((r) => [r.resource_type, r.action, r.resource_id])).toEqual([['organization', 'import', org.id]]);
    });
  });
}
