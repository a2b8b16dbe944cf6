import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Organization } from '../../src/service/contracts/organization.js';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

const de = (text: string, type = 'HAUSANSCHRIFT') => ({ address: text, content: { country_code: 'DE', address_type: type } });

for (const backend of allBackends()) {
  describe(`addresses PUT (endpoint 11) [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let org: Organization;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      org = await service.createOrganization({
        legal_name: 'Muster GmbH',
        country: 'DE',
        address: de('Musterstraße 12a, 10115 Berlin'),
        correspondence_address: de('Postfach 1234, 10001 Berlin', 'POSTFACH'),
        work_sites: [{ name: 'Hamburg', address: de('Jungfernstieg 1, 20095 Hamburg') }],
      });
    });
    afterEach(async () => dispose());

    it('replaces the organization’s own address: new text, content and freshly parsed components, same id', async () => {
      const id = org.address?.id as string;
      const replaced = await service.replaceOrganizationAddress(org.id, id, de('Unter den Linden 5, 10117 Berlin', 'LIEFERANSCHRIFT'));
      expect(replaced.id).toBe(id);
      expect(replaced.address).toBe('Unter den Linden 5, 10117 Berlin');
      expect(replaced.components).toMatchObject({ road: 'Unter den Linden', street_number: '5', postal_code: '10117', city: 'Berlin' });
      expect(replaced.content).toMatchObject({ country_code: 'DE', address_type: 'LIEFERANSCHRIFT' });
      expect(replaced.content.normalized_address).toContain('10117');
      expect((await service.getOrganization(org.id)).address).toEqual(replaced);
    });

    it('replaces the correspondence address and a worksite’s address', async () => {
      const correspondence = await service.replaceOrganizationAddress(org.id, org.correspondence_address?.id as string, de('Postfach 9999, 10002 Berlin', 'POSTFACH'));
      const site = await service.replaceOrganizationAddress(org.id, org.work_sites[0]?.address?.id as string, de('Mönckebergstraße 7, 20095 Hamburg'));
      const read = await service.getOrganization(org.id);
      expect(read.correspondence_address).toEqual(correspondence);
      expect(read.work_sites[0]?.address).toEqual(site);
      expect(read.address).toEqual(org.address);
    });

    it('validates the body: address text required, content with country_code and a matching address_type', async () => {
      const id = org.address?.id as string;
      const locs = async (body: unknown) => (await expectDomainError(service.replaceOrganizationAddress(org.id, id, body), 'validation')).issues.map((i) => i.loc.join('.'));
      expect(await locs({ content: { country_code: 'DE', address_type: 'HAUSANSCHRIFT' } })).toEqual(['body.address']);
      expect(await locs({ address: 'Musterstraße 1, 10115 Berlin' })).toEqual(['body.content']);
      expect(await locs(de('Musterstraße 1, 10115 Berlin', 'VILLA'))).toEqual(['body.content.address_type']);
      expect(await locs({ address: 'x', content: { country_code: 'FR', address_type: 'HAUSANSCHRIFT' } })).toEqual(['body.address', 'body.content.country_code']);
      expect(await locs({ address: '10 Downing Street, London SW1A 2AA', content: { country_code: 'DE', address_type: 'REGISTERED_OFFICE' } })).toEqual(['body.content.address_type']);
      expect((await service.getOrganization(org.id)).address).toEqual(org.address);
    });

    it('never creates: an unknown id, or another organization’s address, is a 404', async () => {
      expect((await expectDomainError(service.replaceOrganizationAddress(org.id, 'no-such-address', de('Musterstraße 1, 10115 Berlin')), 'not_found')).code).toBe('ADDRESS.NOT_FOUND');
      const other = await service.createOrganization({ legal_name: 'Andere GmbH', country: 'DE' });
      expect((await expectDomainError(service.replaceOrganizationAddress(other.id, org.address?.id as string, de('Musterstraße 1, 10115 Berlin')), 'not_found')).code).toBe('ADDRESS.NOT_FOUND');
      expect((await service.getOrganization(org.id)).address).toEqual(org.address);
      expect((await expectDomainError(service.replaceOrganizationAddress('no-such-org', org.address?.id as string, de('Musterstraße 1, 10115 Berlin')), 'not_found')).code).toBe('ORGANIZATION.NOT_FOUND');
    });

    it('accepts a British address for a GB organization', async () => {
      const gb = await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB', address: { address: '1 High Street, Leeds LS1 1AA', content: { country_code: 'GB', address_type: 'REGISTERED_OFFICE' } } });
      const replaced = await service.replaceOrganizationAddress(gb.id, gb.address?.id as string, { address: '10 Downing Street, London SW1A 2AA', content: { country_code: 'GB', address_type: 'TRADING_ADDRESS' } });
      expect(replaced.components).toMatchObject({ postal_code: 'SW1A 2AA', street_number: '10' });
    });
  });
}
