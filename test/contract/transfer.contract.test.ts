import { describe, expect, it } from 'vitest';
import { allBackends, sourceAndTargetPerTest } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

const fullOrganization = {
  legal_name: 'Export GmbH',
  country: 'DE',
  address: { address: 'Exportweg 1, 20095 Hamburg', content: { country_code: 'DE', address_type: 'HAUSANSCHRIFT' } },
  work_sites: [{ name: 'Hamburg', is_primary: true, insurance_data: { worksite_location_number: '11111111' } }],
  contacts: [{ name: 'Lohnbüro', email: 'lohn@example.de', phone: { phone_number: '+49 40 123456' }, roles: ['payroll'] }],
  bank_accounts: [{ financial_institution_name: 'Hausbank', iban: 'DE89370400440532013000', is_primary: true }],
  tax_identifiers: { tax_data: { country: 'DE', tax_number: '2181508150' } },
  insurance_data: { company_number: '87654321' },
  preferences: { extra_paid_leave_days: 3 },
};

function withoutTimestamp(document: { exported_at: string }) {
  const { exported_at: _ignored, ...rest } = document;
  return rest;
}

for (const backend of allBackends()) {
  describe(`export and import [${backend.name}]`, () => {
    const services = sourceAndTargetPerTest(backend);

    it('import → export → import gives identical data, and importing again changes nothing', async () => {
      const org = await services.source.createOrganization(fullOrganization);
      const exported = await services.source.exportOrganization(org.id);
      expect(exported.format_version).toBe(1);
      expect(exported.tables.organizations).toHaveLength(1);
      expect(exported.tables.contacts).toHaveLength(1);

      const dry = await services.target.importOrganization(exported, { dry_run: true });
      expect(dry.dry_run).toBe(true);
      expect(dry.tables.organizations).toEqual({ inserted: 1, updated: 0, unchanged: 0, kept: 0 });
      expect(dry.tables.bank_accounts).toEqual({ inserted: 1, updated: 0, unchanged: 0, kept: 0 });
      await expectDomainError(services.target.getOrganization(org.id), 'not_found');

      const first = await services.target.importOrganization(exported);
      expect(first.changed).toBe(true);
      expect(await services.target.getOrganization(org.id)).toEqual(await services.source.getOrganization(org.id));
      const reexported = await services.target.exportOrganization(org.id);
      expect(withoutTimestamp(reexported)).toEqual(withoutTimestamp(exported));

      const again = await services.target.importOrganization(reexported);
      expect(again.changed).toBe(false);
      expect(again.tables.organizations).toEqual({ inserted: 0, updated: 0, unchanged: 1, kept: 0 });
    });

    it('a key another organization holds is refused without saying whose it is (issue 20 F1)', async () => {
      // The target store's own organization holds worksite insurance details (serial ids, numbered per store).
      const resident = await services.target.createOrganization({ ...fullOrganization, legal_name: 'Resident GmbH' });
      const held = (await services.target.exportOrganization(resident.id)).tables.worksite_insurance_details?.[0] as Record<string, unknown>;
      const org = await services.source.createOrganization(fullOrganization);
      const exported = await services.source.exportOrganization(org.id);
      const rows = exported.tables.worksite_insurance_details ?? [];
      expect(rows.length).toBeGreaterThan(0);
      (rows[0] as Record<string, unknown>).id = held.id;
      for (const dryRun of [true, false]) {
        const error = await expectDomainError(services.target.importOrganization(exported, { dry_run: dryRun }), 'conflict');
        expect(error.code).toBe('IMPORT.KEY_TAKEN');
        expect(error.message).toContain('cannot be imported into this organization');
        expect(error.message).not.toMatch(/another organization|Resident|belongs/);
        expect(error.message).not.toContain(resident.id);
      }
      await expectDomainError(services.target.getOrganization(org.id), 'not_found');
    });

    it('dry run reports an update without writing it', async () => {
      const org = await services.source.createOrganization(fullOrganization);
      const exported = await services.source.exportOrganization(org.id);
      await services.target.importOrganization(exported);
      await services.source.updateOrganization(org.id, { legal_name: 'Renamed GmbH' });
      const changed = await services.source.exportOrganization(org.id);
      const dry = await services.target.importOrganization(changed, { dry_run: true });
      expect(dry.tables.organizations).toEqual({ inserted: 0, updated: 1, unchanged: 0, kept: 0 });
      expect((await services.target.getOrganization(org.id)).legal_name).toBe('Export GmbH');
      await services.target.importOrganization(changed);
      expect((await services.target.getOrganization(org.id)).legal_name).toBe('Renamed GmbH');
    });

    it('refuses a document of another format or with foreign rows, writing nothing', async () => {
      const org = await services.source.createOrganization(fullOrganization);
      const exported = await services.source.exportOrganization(org.id);
      await expectDomainError(services.target.importOrganization({ ...exported, format_version: 2 }), 'validation');
      const tampered = structuredClone(exported);
      (tampered.tables.contacts as Record<string, unknown>[])[0]!.org_id = 'someone-else';
      const error = await expectDomainError(services.target.importOrganization(tampered), 'validation');
      expect(error.issues[0]?.loc).toEqual(['body', 'tables', 'contacts', '1', 'org_id']);
      expect((await services.target.listOrganizations({})).pagination.total).toBe(0);
    });
  });
}
