import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

/** The Bundesbank's published test creditor identifier. */
const CREDITOR = 'DE98ZZZ09999999999';

/** A creditor identifier with correct check digits (EPC: MOD 97-10 over national id + country + "00"). */
function creditorId(country: string, business: string, national: string): string {
  const digits = `${national}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${business}${national}`;
}

for (const backend of allBackends()) {
  describe(`SEPA mandates [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    let accountId: string;
    let secondAccountId: string;
    let employeeAccountId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      const org = await service.createOrganization({
        legal_name: 'Muster GmbH',
        country: 'DE',
        bank_accounts: [
          { financial_institution_name: 'Commerzbank', iban: 'DE89370400440532013000', is_primary: true },
          { financial_institution_name: 'Sparkasse', iban: 'DE41370400440000000001' },
        ],
      });
      orgId = org.id;
      [accountId, secondAccountId] = org.bank_accounts.map((a) => a.id) as [string, string];
      const employee = await service.createEmployee(orgId, { first_name: 'E', last_name: 'M', date_of_birth: '1990-01-01', start_date: '2025-01-01', de: { tax_class: 1, federal_state: 'Hessen' } });
      employeeAccountId = (await service.createEmployeeBankAccount(orgId, employee.id, { financial_institution_name: 'ING', iban: 'DE02500105170137075030' })).id;
    });
    afterEach(async () => dispose());

    const create = (fields: Record<string, unknown>) => service.createSepaMandate(orgId, { creditor_id: CREDITOR, bank_account_id: accountId, ...fields });
    const locs = (error: { issues: { loc: (string | number)[] }[] }) => error.issues.map((i) => i.loc.join('.'));

    it('creates a mandate: is_recurring defaults to true, created_by is the caller, dates and reference optional', async () => {
      const mandate = await create({});
      expect(mandate).toEqual({
        id: expect.any(String),
        creditor_id: CREDITOR,
        bank_account_id: accountId,
        is_recurring: true,
        created_by: expect.stringMatching(/^(local:contract-test|.+)$/),
        valid_from: null,
        valid_to: null,
        mandate_reference: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      if (backend.name !== 'remote') expect(mandate.created_by).toBe('local:contract-test');
      expect((await service.getOrganization(orgId)).sepa_mandates).toEqual([mandate]);
    });

    it('creditor_id: required, with valid check digits; spaces and case are normalised', async () => {
      const other = creditorId('AT', 'ZZZ', '00000012345');
      expect((await create({ creditor_id: other })).creditor_id).toBe(other);
      expect((await create({ creditor_id: 'de98 zzz0 9999 9999 99' })).creditor_id).toBe(CREDITOR);
      expect(locs(await expectDomainError(service.createSepaMandate(orgId, { bank_account_id: accountId }), 'validation'))).toEqual(['body.creditor_id']);
      const checksum = await expectDomainError(create({ creditor_id: 'DE97ZZZ09999999999' }), 'validation');
      expect(checksum.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.creditor_id', 'creditor_id_invalid']]);
    });

    it('bank_account_id: required, one of the organization’s own active accounts with an IBAN', async () => {
      expect((await create({ bank_account_id: secondAccountId })).bank_account_id).toBe(secondAccountId);
      expect(locs(await expectDomainError(service.createSepaMandate(orgId, { creditor_id: CREDITOR }), 'validation'))).toEqual(['body.bank_account_id']);
      const unknown = await expectDomainError(create({ bank_account_id: 'no-such-account' }), 'validation');
      expect(unknown.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.bank_account_id', 'reference_missing']]);
      const employees = await expectDomainError(create({ bank_account_id: employeeAccountId }), 'validation');
      expect(employees.issues[0]?.type).toBe('reference_wrong_owner');
      const [inactive] = await service.createOrganizationBankAccounts(orgId, [{ financial_institution_name: 'Old', iban: 'GB82WEST12345698765432', is_active: false }]);
      expect((await expectDomainError(create({ bank_account_id: inactive?.id }), 'validation')).issues[0]?.type).toBe('bank_account_inactive');
      const [domestic] = await service.createOrganizationBankAccounts(orgId, [{ financial_institution_name: 'US', account_number: '123456', routing_number: '021000021' }]);
      expect((await expectDomainError(create({ bank_account_id: domestic?.id }), 'validation')).issues[0]?.type).toBe('iban_missing');
    });

    it('is_recurring: boolean, default true', async () => {
      expect((await create({ is_recurring: false })).is_recurring).toBe(false);
      expect(locs(await expectDomainError(create({ is_recurring: 'no' }), 'validation'))).toEqual(['body.is_recurring']);
    });

    it('valid_from / valid_to: dates or null, valid_to not before valid_from', async () => {
      expect(await create({ valid_from: '2025-01-01', valid_to: null })).toMatchObject({ valid_from: '2025-01-01', valid_to: null });
      expect(locs(await expectDomainError(create({ valid_from: '2025-13-01' }), 'validation'))).toEqual(['body.valid_from']);
      expect(locs(await expectDomainError(create({ valid_from: '2025-02-01', valid_to: '2025-01-31' }), 'validation'))).toEqual(['body.valid_to']);
    });

    it('mandate_reference: string or null in the SEPA character set, at most 35, unique per creditor', async () => {
      expect((await create({ mandate_reference: 'MUSTER-2025/001' })).mandate_reference).toBe('MUSTER-2025/001');
      expect((await create({ mandate_reference: null })).mandate_reference).toBeNull();
      for (const bad of ['Ümlaut', 'x'.repeat(36), '']) {
        expect(locs(await expectDomainError(create({ mandate_reference: bad }), 'validation'))).toEqual(['body.mandate_reference']);
      }
      expect((await expectDomainError(create({ mandate_reference: 'MUSTER-2025/001' }), 'conflict')).code).toBe('SEPA_MANDATE.DUPLICATE_REFERENCE');
      const otherCreditor = creditorId('DE', 'ZZZ', '01234567890');
      expect((await create({ creditor_id: otherCreditor, mandate_reference: 'MUSTER-2025/001' })).mandate_reference).toBe('MUSTER-2025/001');
    });

    it('refuses unknown fields', async () => {
      expect(locs(await expectDomainError(create({ debtor_name: 'X' }), 'validation'))).toEqual(['body']);
    });

    it('PATCH (endpoint 10): all fields optional; null clears dates and reference, leaves creditor_id and is_recurring', async () => {
      const mandate = await create({ valid_from: '2025-01-01', valid_to: '2025-12-31', mandate_reference: 'REF-1', is_recurring: false });
      const patched = await service.updateSepaMandate(orgId, mandate.id, { valid_to: null, mandate_reference: null, creditor_id: null, is_recurring: null });
      expect(patched).toMatchObject({ valid_from: '2025-01-01', valid_to: null, mandate_reference: null, creditor_id: CREDITOR, is_recurring: false, created_by: mandate.created_by });
      const moved = await service.updateSepaMandate(orgId, mandate.id, { bank_account_id: secondAccountId, is_recurring: true, mandate_reference: 'REF-2' });
      expect(moved).toMatchObject({ bank_account_id: secondAccountId, is_recurring: true, mandate_reference: 'REF-2' });
      expect((await service.listSepaMandates(orgId, {})).items).toEqual([moved]);
      expect((await expectDomainError(service.updateSepaMandate(orgId, mandate.id, { bank_account_id: employeeAccountId }), 'validation')).issues[0]?.type).toBe('reference_wrong_owner');
      expect(locs(await expectDomainError(service.updateSepaMandate(orgId, mandate.id, { valid_to: '2024-12-31' }), 'validation'))).toEqual(['body.valid_to']);
      expect(locs(await expectDomainError(service.updateSepaMandate(orgId, mandate.id, { creditor_id: 'DE00ZZZ00000000000' }), 'validation'))).toEqual(['body.creditor_id']);
      const other = await create({ mandate_reference: 'REF-3' });
      expect((await expectDomainError(service.updateSepaMandate(orgId, other.id, { mandate_reference: 'REF-2' }), 'conflict')).code).toBe('SEPA_MANDATE.DUPLICATE_REFERENCE');
    });

    it('lists mandates in pages with search and sort', async () => {
      await create({ mandate_reference: 'B-2', valid_from: '2025-03-01' });
      await create({ mandate_reference: 'A-1', valid_from: '2025-01-01' });
      expect((await service.listSepaMandates(orgId, { sort_by: 'valid_from' })).items.map((m) => m.mandate_reference)).toEqual(['A-1', 'B-2']);
      expect((await service.listSepaMandates(orgId, { search: 'b-', search_fields: 'mandate_reference' })).items.map((m) => m.mandate_reference)).toEqual(['B-2']);
      expect((await expectDomainError(service.listSepaMandates(orgId, { size: 0 }), 'pagination')).details).toMatchObject({ field: 'size' });
    });

    it('answers another organization’s mandate, or an unknown one, with 404; another organization’s account is not usable', async () => {
      const mandate = await create({});
      const other = await service.createOrganization({ legal_name: 'Andere GmbH', country: 'DE', bank_accounts: [{ financial_institution_name: 'X', iban: 'GB82WEST12345698765432' }] });
      expect((await expectDomainError(service.updateSepaMandate(other.id, mandate.id, { mandate_reference: 'X' }), 'not_found')).code).toBe('SEPA_MANDATE.NOT_FOUND');
      expect((await expectDomainError(service.updateSepaMandate(orgId, 'no-such-mandate', { mandate_reference: 'X' }), 'not_found')).code).toBe('SEPA_MANDATE.NOT_FOUND');
      expect((await expectDomainError(service.createSepaMandate(other.id, { creditor_id: CREDITOR, bank_account_id: accountId }), 'validation')).issues[0]?.type).toBe('reference_missing');
      expect((await service.listSepaMandates(other.id, {})).meta.total).toBe(0);
    });
  });
}
