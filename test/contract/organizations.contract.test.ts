import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

for (const backend of allBackends()) {
  describe(`organizations [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
    });
    afterEach(async () => dispose());

    it('creates an organization with nested parts and reads it back', async () => {
      const created = await service.createOrganization({
        legal_name: 'Muster GmbH',
        country: 'DE',
        address: { address: 'Musterstraße 12a, 10115 Berlin', content: { country_code: 'DE', address_type: 'HAUSANSCHRIFT' } },
        work_sites: [{ name: 'Berlin HQ', is_primary: true, insurance_data: { worksite_location_number: '12345678', accident_insurance_pin: '12345' } }],
        contacts: [{ name: 'Erika Mustermann', email: 'Erika@Example.de', roles: ['payroll'] }],
        bank_accounts: [{ financial_institution_name: 'Testbank', iban: 'DE89 3704 0044 0532 0130 00', swift_code: 'COBADEFFXXX', is_primary: true }],
        tax_identifiers: { tax_data: { country: 'DE', tax_number: '2181508150' } },
        insurance_data: { company_number: '87654321', u1_selected: true },
        preferences: { extra_paid_leave_days: 2 },
      });
      expect(created.legal_name).toBe('Muster GmbH');
      expect(created.address?.components.postal_code).toBe('10115');
      expect(created.address?.components.street_number).toBe('12a');
      expect(created.work_sites[0]?.insurance_data?.worksite_location_number).toBe('12345678');
      expect(created.contacts[0]?.email).toBe('erika@example.de');
      expect(created.bank_accounts[0]?.iban).toBe('DE89370400440532013000');
      expect(created.tax_identifiers).toMatchObject({ id: 1, tax_data: { tax_number: '2181508150', is_employee_flat_tax: false } });
      expect(created.insurance_data).toMatchObject({ id: 1, company_number: '87654321', u1_selected: true, u2_selected: true });
      const read = await service.getOrganization(created.id);
      expect(read).toEqual(created);
    });

    it('refuses an organization without legal name, naming the field', async () => {
      const error = await expectDomainError(service.createOrganization({ country: 'GB' }), 'validation');
      expect(error.issues.map((i) => i.loc.join('.'))).toContain('body.legal_name');
    });

    it('refuses German-only insurance data on a British organization', async () => {
      const error = await expectDomainError(service.createOrganization({ legal_name: 'UK Ltd', country: 'GB', insurance_data: { company_number: '12345678' } }), 'validation');
      expect(error.issues[0]?.type).toBe('country_mismatch');
    });

    it('a failed create leaves nothing behind', async () => {
      await expectDomainError(
        service.createOrganization({ legal_name: 'Dup Ltd', country: 'GB', contacts: [{ name: 'A', email: 'same@example.com' }, { name: 'B', email: 'same@example.com' }] }),
      );
      const list = await service.listOrganizations({});
      expect(list.pagination.total).toBe(0);
    });

    it('lists organizations in cursor pages both ways', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await service.createOrganization({ legal_name: `Org ${i}`, country: 'GB' })).id);
      const first = await service.listOrganizations({ size: 2 });
      expect(first.items.map((o) => o.id)).toEqual(ids.slice(0, 2));
      expect(first.pagination).toMatchObject({ limit: 2, has_next: true, has_prev: false, total: 5, prev_cursor: null });
      const second = await service.listOrganizations({ size: '2', cursor: first.pagination.next_cursor });
      expect(second.items.map((o) => o.id)).toEqual(ids.slice(2, 4));
      expect(second.pagination).toMatchObject({ has_next: true, has_prev: true });
      const back = await service.listOrganizations({ size: 2, cursor: second.pagination.prev_cursor });
      expect(back.items.map((o) => o.id)).toEqual(ids.slice(0, 2));
      const last = await service.listOrganizations({ size: 2, cursor: second.pagination.next_cursor });
      expect(last.items.map((o) => o.id)).toEqual(ids.slice(4));
      expect(last.pagination).toMatchObject({ has_next: false, next_cursor: null, has_prev: true });
      const descending = await service.listOrganizations({ size: 3, sort_order: 'desc' });
      expect(descending.items.map((o) => o.id)).toEqual([...ids].reverse().slice(0, 3));
    });

    it.each([
      [{ size: 0 }, 'size'],
      [{ size: 101 }, 'size'],
      [{ size: 'ten' }, 'size'],
      [{ sort_order: 'up' }, 'sort_order'],
      [{ cursor: 'garbage' }, 'cursor'],
    ])('refuses pagination %j with the spec’s error naming %s', async (query, field) => {
      const error = await expectDomainError(service.listOrganizations(query), 'pagination');
      expect(error.details).toMatchObject({ field });
    });

    it('accepts the page size bounds 1 and 100', async () => {
      await service.createOrganization({ legal_name: 'One', country: 'GB' });
      expect((await service.listOrganizations({ size: 1 })).pagination.limit).toBe(1);
      expect((await service.listOrganizations({ size: 100 })).pagination.limit).toBe(100);
      expect((await service.listOrganizations({})).pagination.limit).toBe(10);
    });

    it('updates with optimistic versioning: a stale row_version is a conflict', async () => {
      const org = await service.createOrganization({ legal_name: 'Before', country: 'DE' });
      const updated = await service.updateOrganization(org.id, { legal_name: 'After', row_version: 0 });
      expect(updated.legal_name).toBe('After');
      expect(updated.row_version).toBe(1);
      await expectDomainError(service.updateOrganization(org.id, { legal_name: 'Stale', row_version: 0 }), 'conflict');
      expect((await service.getOrganization(org.id)).legal_name).toBe('After');
    });

    it('applies concurrent edits without a row_version one after the other; of concurrent edits of one version exactly one wins', async () => {
      // Finding F1: on Postgres unversioned edits at the same moment were refused with STALE_VERSION.
      const org = await service.createOrganization({ legal_name: 'Busy', country: 'GB' });
      const names = ['A', 'B', 'C', 'D'];
      const edits = await Promise.allSettled(names.map((name) => service.updateOrganization(org.id, { dba_name: name })));
      expect(edits.map((e) => e.status)).toEqual(names.map(() => 'fulfilled'));
      const after = await service.getOrganization(org.id);
      expect(after.row_version).toBe(org.row_version + names.length);
      expect(names).toContain(after.dba_name);
      const versioned = await Promise.allSettled(names.map((name) => service.updateOrganization(org.id, { legal_name: name, row_version: after.row_version })));
      expect(versioned.filter((e) => e.status === 'fulfilled')).toHaveLength(1);
      for (const refused of versioned.filter((e) => e.status === 'rejected')) expect(refused.reason).toMatchObject({ kind: 'conflict', code: 'ORGANIZATION.STALE_VERSION' });
      expect((await service.getOrganization(org.id)).row_version).toBe(after.row_version + 1);
    });
  });
}

for (const backend of allBackends()) {
  describe(`organization preferences.logo_id [${backend.name}]`, () => {
    it('refuses a logo_id that is not an active org_logo document of the organization', async () => {
      const { service, dispose } = await backend.create();
      try {
        const org = await service.createOrganization({ legal_name: 'Logo GmbH', country: 'DE', preferences: { extra_paid_leave_days: 1 } });
        const error = await expectDomainError(service.updateOrganization(org.id, { preferences: { logo_id: 'not-a-document' } }), 'validation');
        expect(error.issues[0]).toMatchObject({ loc: ['body', 'preferences', 'logo_id'], type: 'logo_unknown' });
        const kept = await service.updateOrganization(org.id, { preferences: { extra_paid_leave_days: 5 } });
        expect(kept.preferences).toMatchObject({ extra_paid_leave_days: 5, logo_id: null });
      } finally {
        await dispose();
      }
    });
  });
}
