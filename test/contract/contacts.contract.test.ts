import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore, type Store } from '../../src/store/database.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

/** A batch with good and bad records: which fail, and on which field. */
const batch = [
  { name: 'Anna Admin', email: 'anna@example.com', roles: ['payroll'] },
  { email: 'no-name@example.com' },
  { name: 'Bob', email: 'not-an-email' },
  { name: 'Cara', phone: { phone_number: '+49 30 1234567' }, roles: ['hr', 'finance'] },
  { name: 'Anna again', email: 'ANNA@example.com' },
  { name: 'Eve', roles: ['boss'] },
  'just a string',
  { name: 'Finn', email: 'finn@example.com', phone: null },
];

for (const backend of allBackends()) {
  describe(`contacts [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      orgId = (await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB', contacts: [{ name: 'Existing', email: 'existing@example.com' }] })).id;
    });
    afterEach(async () => dispose());

    it('commits the good records of a mixed batch, reports each bad one by index, and always answers a result', async () => {
      const result = await service.createContacts(orgId, batch);
      expect({ total: result.total, succeeded: result.succeeded, failed: result.failed, unprocessed: result.unprocessed }).toEqual({ total: 8, succeeded: 3, failed: 5, unprocessed: 0 });
      expect(result.data.map((c) => c.name)).toEqual(['Anna Admin', 'Cara', 'Finn']);
      expect(result.data[1]).toMatchObject({ phone: { phone_number: '+49 30 1234567' }, roles: ['hr', 'finance'], email: null, org_id: orgId });
      expect(result.errors.map((e) => [e.input_index, e.errors.map((i) => i.field)])).toEqual([
        [1, ['name']],
        [2, ['email']],
        [4, ['email']],
        [5, ['roles.0']],
        [6, ['']],
      ]);
      expect(result.errors.find((e) => e.input_index === 4)?.errors[0]).toMatchObject({ params: { type: 'duplicate', code: 'CONTACT.DUPLICATE_EMAIL' } });
      for (const entry of result.errors) for (const issue of entry.errors) expect(issue.message.length).toBeGreaterThan(0);
      // Reading back shows exactly the good ones (plus the contact the organization was created with).
      const listed = await service.listContacts(orgId, { size: 100 });
      expect(listed.items.map((c) => c.name).sort()).toEqual(['Anna Admin', 'Cara', 'Existing', 'Finn']);
      expect(listed.items.filter((c) => c.name !== 'Existing').map((c) => c.id)).toEqual(result.data.map((c) => c.id));
    });

    it('fails a record whose e-mail the organization already has, case-insensitively', async () => {
      const result = await service.createContacts(orgId, [{ name: 'Dup', email: 'Existing@Example.com' }, { name: 'New', email: 'new@example.com' }]);
      expect(result).toMatchObject({ total: 2, succeeded: 1, failed: 1, unprocessed: 0 });
      expect(result.errors).toEqual([{ input_index: 0, errors: [expect.objectContaining({ field: 'email' })] }]);
    });

    it('a batch where every record fails is still a result, not an error', async () => {
      const result = await service.createContacts(orgId, [{}, { name: '' }]);
      expect(result).toMatchObject({ total: 2, succeeded: 0, failed: 2, unprocessed: 0, data: [] });
    });

    it('refuses the whole request when it is not an array of 1 to 100 records', async () => {
      const many = Array.from({ length: 101 }, (_, i) => ({ name: `C${i}` }));
      const tooMany = await expectDomainError(service.createContacts(orgId, many), 'validation');
      expect(tooMany.issues[0]?.loc).toEqual(['body']);
      expect(tooMany.issues[0]?.msg).toMatch(/at most 100/);
      await expectDomainError(service.createContacts(orgId, []), 'validation');
      await expectDomainError(service.createContacts(orgId, { name: 'not a list' }), 'validation');
      expect((await service.listContacts(orgId, {})).meta.total).toBe(1);
      const hundred = await service.createContacts(orgId, many.slice(0, 100));
      expect(hundred.succeeded).toBe(100);
    });

    it('answers an unknown organization with 404', async () => {
      expect((await expectDomainError(service.createContacts('no-such-org', [{ name: 'X' }]), 'not_found')).code).toBe('ORGANIZATION.NOT_FOUND');
    });

    it('updates a contact (endpoint 5): any subset of fields, null clears', async () => {
      const [contact] = (await service.createContacts(orgId, [{ name: 'Anna', email: 'anna@example.com', phone: { phone_number: '+44 20 7946 0000' }, roles: ['payroll'] }])).data;
      const id = contact?.id as string;
      const renamed = await service.updateContact(id, { name: 'Anna Smith', roles: ['payroll', 'signatory'] });
      expect(renamed).toMatchObject({ name: 'Anna Smith', email: 'anna@example.com', roles: ['payroll', 'signatory'], phone: { phone_number: '+44 20 7946 0000' } });
      const cleared = await service.updateContact(id, { email: null, phone: null });
      expect(cleared).toMatchObject({ email: null, phone: null, name: 'Anna Smith', roles: ['payroll', 'signatory'] });
      expect((await service.listContacts(orgId, { search: 'smith' })).items).toEqual([cleared]);
      const empty = await expectDomainError(service.updateContact(id, {}), 'validation');
      expect(empty.issues[0]?.type).toBe('empty_patch');
      const badPhone = await expectDomainError(service.updateContact(id, { phone: { phone_number: '12' } }), 'validation');
      expect(badPhone.issues[0]?.loc).toEqual(['body', 'phone', 'phone_number']);
      expect((await expectDomainError(service.updateContact(id, { email: 'EXISTING@example.com' }), 'conflict')).code).toBe('CONTACT.DUPLICATE_EMAIL');
      expect((await expectDomainError(service.updateContact('no-such-contact', { name: 'X' }), 'not_found')).code).toBe('CONTACT.NOT_FOUND');
    });

    it('lists contacts in pages, and a worksite’s contacts apart', async () => {
      await service.createContacts(orgId, [{ name: 'Zed' }, { name: 'Ada' }, { name: 'Mo' }]);
      const page = await service.listContacts(orgId, { sort_by: 'name', size: 2, page: 2 });
      expect(page.items.map((c) => c.name)).toEqual(['Mo', 'Zed']);
      expect(page.meta).toMatchObject({ total: 4, pages: 2, has_prev: true, has_next: false });
      const worksite = await service.createWorksite(orgId, { name: 'Leeds', contacts: [{ name: 'Site Lead', email: 'lead@example.com' }] });
      expect((await service.listContacts(orgId, { worksite_id: worksite.id })).items.map((c) => c.name)).toEqual(['Site Lead']);
      await expectDomainError(service.listContacts(orgId, { sort_by: 'phone' }), 'pagination');
      expect((await expectDomainError(service.listContacts(orgId, { worksite_id: 'nope' }), 'not_found')).code).toBe('WORKSITE.NOT_FOUND');
    });
  });
}

/** Store-level behaviour that needs a hand on the store itself: run on SQLite. */
describe('contacts [sqlite, store failures and restricted callers]', () => {
  let store: Store;
  let dir: string;
  beforeEach(async () => {
    store = await openStore(':memory:');
    dir = mkdtempSync(join(tmpdir(), 'payroll-contacts-'));
  });
  afterEach(async () => {
    await store.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Simulates the database connection dropping after `okInserts` contact inserts. */
  function dropConnectionAfter(okInserts: number): KyselyPlugin {
    let inserts = 0;
    return {
      transformQuery({ node }): RootOperationNode {
        if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'contacts') {
          inserts += 1;
          if (inserts > okInserts) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        }
        return node;
      },
      async transformResult({ result }) {
        return result;
      },
    };
  }

  it('stops at a store failure that is not the record’s fault: the rest are unprocessed and listed for resending', async () => {
    const setup = createLocalService(store, { actor: localActor('t'), objects: createFolderObjectStore(dir) });
    const orgId = (await setup.createOrganization({ legal_name: 'Acme Ltd', country: 'GB' })).id;
    const failing = createLocalService({ ...store, db: store.db.withPlugin(dropConnectionAfter(2)) }, { actor: localActor('t'), objects: createFolderObjectStore(dir) });
    const result = await failing.createContacts(orgId, [{ name: 'A' }, { name: '' }, { name: 'B' }, { name: 'C' }, { name: 'D' }, { name: 'E', email: 'bad' }]);
    expect({ total: result.total, succeeded: result.succeeded, failed: result.failed, unprocessed: result.unprocessed }).toEqual({ total: 6, succeeded: 2, failed: 2, unprocessed: 2 });
    expect(result.data.map((c) => c.name)).toEqual(['A', 'B']);
    expect(result.errors.map((e) => [e.input_index, e.errors[0]?.params.type])).toEqual([
      [1, 'less_than_minimum'],
      [3, 'unprocessed'],
      [4, 'unprocessed'],
      [5, 'invalid_email'],
    ]);
    expect((await setup.listContacts(orgId, {})).items.map((c) => c.name)).toEqual(['A', 'B']);
  });

  it('answers PATCH /contacts/{id} of an organization the caller may not access exactly like a missing contact', async () => {
    const admin = createLocalService(store, { actor: localActor('t'), objects: createFolderObjectStore(dir) });
    const mine = (await admin.createOrganization({ legal_name: 'Mine', country: 'GB' })).id;
    const theirs = (await admin.createOrganization({ legal_name: 'Theirs', country: 'GB' })).id;
    const [own] = (await admin.createContacts(mine, [{ name: 'Own' }])).data;
    const [foreign] = (await admin.createContacts(theirs, [{ name: 'Foreign' }])).data;
    const restricted = createLocalService(store, {
      actor: { subject: 'client:mine', organizations: new Set([mine]), scopes: new Set(['payroll:read', 'payroll:write']) },
      objects: createFolderObjectStore(dir),
    });
    expect((await restricted.updateContact(own?.id as string, { name: 'Own 2' })).name).toBe('Own 2');
    const error = await expectDomainError(restricted.updateContact(foreign?.id as string, { name: 'Hijack' }), 'not_found');
    expect(error.code).toBe('CONTACT.NOT_FOUND');
    expect((await admin.listContacts(theirs, {})).items[0]?.name).toBe('Foreign');
    await expectDomainError(restricted.createContacts(theirs, [{ name: 'X' }]), 'not_found');
    await expectDomainError(restricted.listContacts(theirs, {}), 'not_found');
  });
});
