import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';

/**
 * GET /organizations/{id} embeds at most 100 records per collection, the first by id, and says whether the
 * paginated list has more (issue 20 F6: 2,402 contacts were embedded whole; docs/decisions.md API2).
 */
const contacts = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ name: `Contact ${String(from + i).padStart(3, '0')}`, email: `c${from + i}@example.com` }));

for (const backend of allBackends()) {
  describe(`organization embedded collections [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      orgId = (await service.createOrganization({ legal_name: 'Many Contacts Ltd', country: 'GB', work_sites: [{ name: 'Leeds', is_primary: true }] })).id;
    });
    afterEach(async () => dispose());

    it('embeds the first 100 contacts and says the list has more; at exactly 100 it says none are left', async () => {
      expect((await service.createContacts(orgId, contacts(1, 100))).succeeded).toBe(100);
      const full = await service.getOrganization(orgId);
      expect(full.contacts).toHaveLength(100);
      expect(full.embedded.contacts).toEqual({ has_more: false, list: `/organizations/${orgId}/contacts` });

      expect((await service.createContacts(orgId, contacts(101, 3))).succeeded).toBe(3);
      const org = await service.getOrganization(orgId);
      expect(org.contacts).toHaveLength(100);
      expect(org.embedded).toMatchObject({ limit: 100, contacts: { has_more: true }, work_sites: { has_more: false, list: `/organizations/${orgId}/worksites` }, bank_accounts: { has_more: false }, sepa_mandates: { has_more: false }, work_site_contacts: { has_more: false } });
      // The first by id: the embedded ones are the list's first page of 100 in its default (id) order.
      const page = await service.listContacts(orgId, { size: '100' });
      expect(page.meta.total).toBe(103);
      expect(org.contacts.map((c) => c.id)).toEqual(page.items.map((c) => c.id));
      // The organization list embeds the same way.
      const listed = await service.listOrganizations({});
      expect(listed.items.find((o) => o.id === orgId)?.contacts).toHaveLength(100);
    });
  });
}
