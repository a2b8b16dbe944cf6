import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

const EIGHT_DIGIT_FIELDS = ['worksite_location_number', 'accident_insurance_company_number', 'payroll_service_provider_number', 'payroll_processing_location_number'] as const;

for (const backend of allBackends()) {
  describe(`worksites and German insurance [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let deOrg: string;
    let gbOrg: string;
    let worksiteId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      deOrg = (await service.createOrganization({ legal_name: 'Muster GmbH', country: 'DE' })).id;
      gbOrg = (await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB' })).id;
      worksiteId = (await service.createWorksite(deOrg, { name: 'Berlin' })).id;
    });
    afterEach(async () => dispose());

    const addDetails = (body: Record<string, unknown>) => service.createWorksiteInsuranceDetails(deOrg, worksiteId, body);
    const locs = (error: { issues: { loc: (string | number)[] }[] }) => error.issues.map((i) => i.loc.join('.'));

    describe('worksites', () => {
      it('creates a worksite with address, contacts and insurance data and lists it', async () => {
        const created = await service.createWorksite(deOrg, {
          name: 'München',
          is_primary: true,
          address: { address: 'Marienplatz 8, 80331 München', content: { country_code: 'DE', address_type: 'HAUSANSCHRIFT' } },
          contacts: [{ name: 'Standortleitung', email: 'muc@example.de' }],
          insurance_data: { worksite_location_number: '12345678', accident_insurance_pin: '54321' },
        });
        expect(created).toMatchObject({ org_id: deOrg, name: 'München', is_active: true, is_primary: true, contacts: [{ name: 'Standortleitung' }], insurance_data: { worksite_location_number: '12345678', insurance_country: 'DE' } });
        expect(created.address?.components.postal_code).toBe('80331');
        const listed = await service.listWorksites(deOrg, { sort_by: 'name' });
        expect(listed.items.map((w) => w.name)).toEqual(['Berlin', 'München']);
        expect(listed.items[1]).toEqual(created);
        expect((await service.listWorksites(deOrg, { search: 'münch' })).meta.total).toBe(1);
        expect((await service.getOrganization(deOrg)).work_sites.map((w) => w.id)).toContain(created.id);
      });

      it('refuses German insurance data or a foreign tax country on a GB worksite', async () => {
        const insurance = await expectDomainError(service.createWorksite(gbOrg, { name: 'Leeds', insurance_data: { worksite_location_number: '12345678' } }), 'validation');
        expect(insurance.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.insurance_data', 'country_mismatch']]);
        const tax = await expectDomainError(service.createWorksite(gbOrg, { name: 'Leeds', tax_identifiers: { tax_data: { country: 'DE', tax_number: '2181508150' } } }), 'validation');
        expect(locs(tax)).toEqual(['body.tax_identifiers.tax_data.country']);
        expect((await service.createWorksite(gbOrg, { name: 'Leeds', tax_identifiers: { tax_data: { country: 'GB', tax_number: '123/AB45678' } } })).tax_identifiers).toMatchObject({ tax_data: { tax_number: '123/AB45678' } });
        expect(locs(await expectDomainError(service.createWorksite(gbOrg, {}), 'validation'))).toEqual(['body.name']);
      });
    });

    describe('worksite insurance details (spec table, endpoint 6)', () => {
      it('records details with an integer id and reads them back through the worksite', async () => {
        const details = await addDetails({ valid_from: '2025-01-01', valid_to: '2025-12-31', insurance_country: 'DE', worksite_location_number: '12345678', accident_insurance_company_number: '87654321', accident_insurance_pin: '01234', payroll_service_provider_number: '11111111', payroll_processing_location_number: '22222222' });
        expect(Number.isInteger(details.id)).toBe(true);
        expect(details).toMatchObject({ worksite_id: worksiteId, valid_from: '2025-01-01', valid_to: '2025-12-31', insurance_country: 'DE', accident_insurance_pin: '01234' });
        expect((await service.listWorksites(deOrg, {})).items[0]?.insurance_data).toEqual(details);
      });

      it.each(EIGHT_DIGIT_FIELDS)('%s: an 8-digit German company number (^\\d{8}$)', async (field) => {
        expect((await addDetails({ [field]: '01234567' }))[field]).toBe('01234567');
        for (const bad of ['1234567', '123456789', '1234567a', 12345678]) {
          expect(locs(await expectDomainError(addDetails({ [field]: bad }), 'validation'))).toEqual([`body.${field}`]);
        }
      });

      it('accident_insurance_pin: 5 digits (^\\d{5}$)', async () => {
        expect((await addDetails({ accident_insurance_pin: '00042' })).accident_insurance_pin).toBe('00042');
        for (const bad of ['1234', '123456', '12a45']) {
          expect(locs(await expectDomainError(addDetails({ accident_insurance_pin: bad }), 'validation'))).toEqual(['body.accident_insurance_pin']);
        }
      });

      it('insurance_country: DE only', async () => {
        expect((await addDetails({ insurance_country: 'DE' })).insurance_country).toBe('DE');
        expect(locs(await expectDomainError(addDetails({ insurance_country: 'GB' }), 'validation'))).toEqual(['body.insurance_country']);
      });

      it('valid_from / valid_to: dates, in order', async () => {
        expect((await addDetails({ valid_from: '2025-01-01', valid_to: '2025-01-01' })).valid_to).toBe('2025-01-01');
        expect(locs(await expectDomainError(addDetails({ valid_from: '01.01.2026' }), 'validation'))).toEqual(['body.valid_from']);
        expect(locs(await expectDomainError(addDetails({ valid_from: '2026-02-01', valid_to: '2026-01-31' }), 'validation'))).toEqual(['body.valid_to']);
      });

      it('refuses a validity that overlaps other details of the worksite (conflict)', async () => {
        await addDetails({ valid_from: '2025-01-01', valid_to: '2025-12-31' });
        const overlap = await expectDomainError(addDetails({ valid_from: '2025-12-31' }), 'conflict');
        expect(overlap.code).toBe('WORKSITE_INSURANCE.OVERLAP');
        const next = await addDetails({ valid_from: '2026-01-01' });
        expect(next.valid_from).toBe('2026-01-01');
      });

      it('PATCH changes the given fields only and keeps the rules', async () => {
        const details = await addDetails({ valid_from: '2025-01-01', worksite_location_number: '12345678', accident_insurance_pin: '12345' });
        const patched = await service.updateWorksiteInsuranceDetails(deOrg, worksiteId, String(details.id), { accident_insurance_pin: '54321', payroll_service_provider_number: '33333333' });
        expect(patched).toMatchObject({ id: details.id, worksite_location_number: '12345678', accident_insurance_pin: '54321', payroll_service_provider_number: '33333333' });
        const cleared = await service.updateWorksiteInsuranceDetails(deOrg, worksiteId, String(details.id), { worksite_location_number: null });
        expect(cleared.worksite_location_number).toBeNull();
        expect(locs(await expectDomainError(service.updateWorksiteInsuranceDetails(deOrg, worksiteId, String(details.id), { accident_insurance_pin: '1234' }), 'validation'))).toEqual(['body.accident_insurance_pin']);
        expect(locs(await expectDomainError(service.updateWorksiteInsuranceDetails(deOrg, worksiteId, String(details.id), { valid_to: '2024-12-31' }), 'validation'))).toEqual(['body.valid_to']);
        expect((await expectDomainError(service.updateWorksiteInsuranceDetails(deOrg, worksiteId, String(details.id), {}), 'validation')).issues[0]?.type).toBe('empty_patch');
      });

      it('the insurance details id in the path must be an integer', async () => {
        for (const bad of ['abc', '1.5', '-1', '0', '99999999999']) {
          const error = await expectDomainError(service.updateWorksiteInsuranceDetails(deOrg, worksiteId, bad, { accident_insurance_pin: '12345' }), 'validation');
          expect(locs(error)).toEqual(['path.insurance_details_id']);
        }
        expect((await expectDomainError(service.updateWorksiteInsuranceDetails(deOrg, worksiteId, '424242', { accident_insurance_pin: '12345' }), 'not_found')).code).toBe('WORKSITE_INSURANCE.NOT_FOUND');
      });

      it('is for German organizations only: a GB organization gets a validation error naming its country', async () => {
        const leeds = await service.createWorksite(gbOrg, { name: 'Leeds' });
        const error = await expectDomainError(service.createWorksiteInsuranceDetails(gbOrg, leeds.id, { accident_insurance_pin: '12345' }), 'validation');
        expect(error.code).toBe('WORKSITE_INSURANCE.GERMANY_ONLY');
        expect(error.issues[0]).toMatchObject({ loc: ['path', 'organization_id'], type: 'country_not_supported' });
        expect(error.issues[0]?.msg).toMatch(/GB organization/);
        const patch = await expectDomainError(service.updateWorksiteInsuranceDetails(gbOrg, leeds.id, '1', { accident_insurance_pin: '12345' }), 'validation');
        expect(patch.code).toBe('WORKSITE_INSURANCE.GERMANY_ONLY');
      });

      it('answers another organization’s worksite or details like missing ones (404)', async () => {
        const details = await addDetails({ accident_insurance_pin: '12345' });
        const otherDe = (await service.createOrganization({ legal_name: 'Andere GmbH', country: 'DE' })).id;
        const otherSite = (await service.createWorksite(otherDe, { name: 'Hamburg' })).id;
        expect((await expectDomainError(service.updateWorksiteInsuranceDetails(otherDe, worksiteId, String(details.id), { accident_insurance_pin: '11111' }), 'not_found')).code).toBe('WORKSITE.NOT_FOUND');
        expect((await expectDomainError(service.updateWorksiteInsuranceDetails(otherDe, otherSite, String(details.id), { accident_insurance_pin: '11111' }), 'not_found')).code).toBe('WORKSITE_INSURANCE.NOT_FOUND');
        expect((await expectDomainError(service.createWorksiteInsuranceDetails(otherDe, worksiteId, {}), 'not_found')).code).toBe('WORKSITE.NOT_FOUND');
        expect((await service.listWorksites(otherDe, {})).items.map((w) => w.name)).toEqual(['Hamburg']);
      });
    });

    describe('insurance level choice (spec table, endpoint 7)', () => {
      it('creates the choice on the first PATCH and updates it on the next (upsert)', async () => {
        const first = await service.setInsuranceLevelChoice(deOrg, '15027365', { compensation_levy_id: 2 });
        expect(first).toEqual({ id: expect.any(String), agency_id: '15027365', compensation_levy_id: 2, org_id: deOrg });
        const second = await service.setInsuranceLevelChoice(deOrg, '15027365', { compensation_levy_id: null });
        expect(second).toEqual({ ...first, compensation_levy_id: null });
        await service.setInsuranceLevelChoice(deOrg, '42938966', { compensation_levy_id: 0 });
        const listed = await service.listInsuranceLevelChoices(deOrg, { sort_by: 'agency_id' });
        expect(listed.items.map((c) => [c.agency_id, c.compensation_levy_id])).toEqual([
          ['15027365', null],
          ['42938966', 0],
        ]);
      });

      it('agency_id: an 8-digit Betriebsnummer in the path', async () => {
        for (const bad of ['1502736', '150273655', 'ABCDEFGH']) {
          const error = await expectDomainError(service.setInsuranceLevelChoice(deOrg, bad, { compensation_levy_id: 1 }), 'validation');
          expect(locs(error)).toEqual(['path.agency_id']);
        }
      });

      it('compensation_levy_id: an integer or null, and required', async () => {
        expect((await service.setInsuranceLevelChoice(deOrg, '15027365', { compensation_levy_id: 7 })).compensation_levy_id).toBe(7);
        for (const bad of [{ compensation_levy_id: 1.5 }, { compensation_levy_id: '1' }, { compensation_levy_id: -1 }, {}, { compensation_levy_id: 1, extra: true }]) {
          const error = await expectDomainError(service.setInsuranceLevelChoice(deOrg, '15027365', bad), 'validation');
          expect(error.issues[0]?.loc[0]).toBe('body');
        }
      });

      it('is for German organizations only: a GB organization gets a validation error naming its country', async () => {
        const error = await expectDomainError(service.setInsuranceLevelChoice(gbOrg, '15027365', { compensation_levy_id: 1 }), 'validation');
        expect(error.code).toBe('INSURANCE_LEVEL.GERMANY_ONLY');
        expect(error.issues[0]).toMatchObject({ loc: ['path', 'organization_id'], type: 'country_not_supported' });
        expect(error.issues[0]?.msg).toMatch(/is a GB organization/);
        expect((await service.listInsuranceLevelChoices(gbOrg, {})).meta.total).toBe(0);
      });

      it('answers an unknown organization with 404 before anything else', async () => {
        expect((await expectDomainError(service.setInsuranceLevelChoice('no-such-org', '15027365', { compensation_levy_id: 1 }), 'not_found')).code).toBe('ORGANIZATION.NOT_FOUND');
      });
    });
  });
}
