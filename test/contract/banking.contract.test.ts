import { composeIBAN } from 'ibantools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

/** Spec "Resources › Bank account": every row of the table, a passing and a failing case each. */
let serial = 0;
/** A fresh valid German IBAN each call (an owner may not hold the same IBAN twice). */
const nextIban = () => composeIBAN({ countryCode: 'DE', bban: `37040044${String((serial += 1)).padStart(10, '0')}` }) as string;
const account = (fields: Record<string, unknown> = {}) => ({ financial_institution_name: 'Commerzbank', iban: nextIban(), ...fields });

for (const backend of allBackends()) {
  describe(`bank accounts [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    let otherOrgId: string;
    let employeeId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      orgId = (await service.createOrganization({ legal_name: 'Muster GmbH', country: 'DE' })).id;
      otherOrgId = (await service.createOrganization({ legal_name: 'Other GmbH', country: 'DE' })).id;
      employeeId = (
        await service.createEmployee(orgId, {
          first_name: 'Erika',
          last_name: 'Mustermann',
          date_of_birth: '1985-03-01',
          start_date: '2025-01-01',
          de: { tax_id: '86095742719', tax_class: 1, federal_state: 'Berlin' },
        })
      ).id;
    });
    afterEach(async () => dispose());

    const create = (body: unknown) => service.createEmployeeBankAccount(orgId, employeeId, body);
    const locs = (error: { issues: { loc: (string | number)[] }[] }) => error.issues.map((i) => i.loc.join('.'));

    it('creates one account (endpoint 1) with id, timestamps and the defaults is_active true, is_primary false', async () => {
      const created = await create(account({ iban: 'DE89370400440532013000' }));
      expect(created).toMatchObject({ financial_institution_name: 'Commerzbank', iban: 'DE89370400440532013000', is_active: true, is_primary: false, employee_id: employeeId, account_number: null, routing_number: null, swift_code: null, account_details: null });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(created.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(created.updated_at).toBe(created.created_at);
      const explicit = await create(account({ iban: 'GB82WEST12345698765432', is_active: false, is_primary: true }));
      expect(explicit).toMatchObject({ is_active: false, is_primary: true });
    });

    it('financial_institution_name: required on create', async () => {
      expect((await create(account({ financial_institution_name: 'Sparkasse' }))).financial_institution_name).toBe('Sparkasse');
      expect(locs(await expectDomainError(create({ iban: 'DE89370400440532013000' }), 'validation'))).toEqual(['body.financial_institution_name']);
      expect(locs(await expectDomainError(create(account({ financial_institution_name: '  ' })), 'validation'))).toEqual(['body.financial_institution_name']);
    });

    it('account_number: string or null', async () => {
      expect((await create(account({ iban: null, account_number: '0532013000' }))).account_number).toBe('0532013000');
      expect((await create(account({ account_number: null }))).account_number).toBeNull();
      expect(locs(await expectDomainError(create(account({ account_number: 532013000 })), 'validation'))).toEqual(['body.account_number']);
    });

    it('routing_number: exactly 9 characters', async () => {
      expect((await create(account({ routing_number: '021000021' }))).routing_number).toBe('021000021');
      expect((await create(account({ routing_number: null }))).routing_number).toBeNull();
      for (const bad of ['02100002', '0210000210']) {
        const error = await expectDomainError(create(account({ routing_number: bad })), 'validation');
        expect(locs(error)).toContain('body.routing_number');
        expect(error.issues[0]?.msg).toMatch(/exactly 9/);
      }
    });

    it('iban: at most 34 characters, with a valid checksum; stored in electronic form', async () => {
      expect((await create(account({ iban: 'gb82 west 1234 5698 7654 32' }))).iban).toBe('GB82WEST12345698765432');
      expect((await create(account({ iban: 'LC55HEMM000100010012001200023015' }))).iban).toHaveLength(32);
      const tooLong = await expectDomainError(create(account({ iban: `DE89370400440532013000${'0'.repeat(13)}` })), 'validation');
      expect(tooLong.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.iban', 'greater_than_maximum']]);
      const checksum = await expectDomainError(create(account({ iban: 'DE89370400440532013001' })), 'validation');
      expect(checksum.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.iban', 'iban_checksum']]);
    });

    it('swift_code: 8 to 11 characters', async () => {
      expect((await create(account({ swift_code: 'COBADEFF' }))).swift_code).toBe('COBADEFF');
      expect((await create(account({ swift_code: 'COBADEFFXXX' }))).swift_code).toBe('COBADEFFXXX');
      for (const bad of ['COBADEF', 'COBADEFFXXXX']) {
        const error = await expectDomainError(create(account({ swift_code: bad })), 'validation');
        expect(error.issues.find((i) => i.loc.join('.') === 'body.swift_code')?.msg).toMatch(/8 to 11/);
      }
    });

    it('swift_code: pattern [A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})? and a real country', async () => {
      expect((await create(account({ swift_code: 'DEUTDEDB' }))).swift_code).toBe('DEUTDEDB');
      for (const bad of ['cobadeff', 'COBA1EFF', 'COBADEFFXX']) {
        const error = await expectDomainError(create(account({ swift_code: bad })), 'validation');
        expect(locs(error)).toContain('body.swift_code');
      }
      const country = await expectDomainError(create(account({ swift_code: 'COBAZZFF' })), 'validation');
      expect(country.issues.map((i) => i.type)).toContain('bic_invalid');
      const mismatch = await expectDomainError(create(account({ swift_code: 'NWBKGB2L' })), 'validation');
      expect(mismatch.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.swift_code', 'bic_country_mismatch']]);
    });

    it('account_details: an object or null', async () => {
      expect((await create(account({ account_details: { bank_code: '37040044', holder: 'Erika Mustermann' } }))).account_details).toEqual({ bank_code: '37040044', holder: 'Erika Mustermann' });
      expect((await create(account({ account_details: null }))).account_details).toBeNull();
      expect(locs(await expectDomainError(create(account({ account_details: 'text' })), 'validation'))).toEqual(['body.account_details']);
    });

    it('is_active and is_primary: booleans', async () => {
      expect((await create(account({ is_active: false }))).is_active).toBe(false);
      expect(locs(await expectDomainError(create(account({ is_active: 'yes' })), 'validation'))).toEqual(['body.is_active']);
      expect(locs(await expectDomainError(create(account({ is_primary: 1 })), 'validation'))).toEqual(['body.is_primary']);
    });

    it('needs somewhere to pay: an iban or an account_number', async () => {
      const error = await expectDomainError(create({ financial_institution_name: 'Bank' }), 'validation');
      expect(error.issues.map((i) => i.type)).toEqual(['account_identifier_missing']);
    });

    it('refuses unknown fields', async () => {
      expect(locs(await expectDomainError(create(account({ bic: 'COBADEFF' })), 'validation'))).toEqual(['body']);
    });

    it('creates several employee accounts all or none (endpoint 2), naming the bad item by index', async () => {
      const error = await expectDomainError(
        service.createEmployeeBankAccounts(orgId, employeeId, [account(), account({ iban: 'DE89370400440532013001' }), account({ iban: 'GB82WEST12345698765432', routing_number: '1' })]),
        'validation',
      );
      expect(error.issues.map((i) => i.loc)).toEqual([
        ['body', '1', 'iban'],
        ['body', '2', 'routing_number'],
        ['body', '2', 'routing_number'],
      ]);
      expect(error.issues[0]?.loc).toEqual(['body', '1', 'iban']);
      expect((await service.listBankAccounts(orgId, { employee_id: employeeId })).meta.total).toBe(0);
      const created = await service.createEmployeeBankAccounts(orgId, employeeId, [account({ iban: 'DE89370400440532013000', is_primary: true }), account({ iban: 'GB82WEST12345698765432' })]);
      expect(created.map((a) => a.iban)).toEqual(['DE89370400440532013000', 'GB82WEST12345698765432']);
      expect((await service.getEmployee(orgId, employeeId)).bank_accounts?.map((a) => a.id)).toEqual(created.map((a) => a.id));
    });

    it('refuses an empty list, two primaries, or more than 100 accounts', async () => {
      await expectDomainError(service.createEmployeeBankAccounts(orgId, employeeId, []), 'validation');
      const twoPrimaries = await expectDomainError(service.createOrganizationBankAccounts(orgId, [account({ is_primary: true }), account({ iban: 'GB82WEST12345698765432', is_primary: true })]), 'validation');
      expect(twoPrimaries.issues[0]?.type).toBe('multiple_primary');
      const tooMany = await expectDomainError(service.createOrganizationBankAccounts(orgId, Array.from({ length: 101 }, () => account())), 'validation');
      expect(tooMany.issues[0]?.loc).toEqual(['body']);
      await expectDomainError(service.createOrganizationBankAccounts(orgId, account()), 'validation');
    });

    it('creates organization accounts (endpoint 3): a new primary demotes the old one; lists stay apart', async () => {
      const [first] = await service.createOrganizationBankAccounts(orgId, [account({ is_primary: true })]);
      const [second] = await service.createOrganizationBankAccounts(orgId, [account({ iban: 'GB82WEST12345698765432', is_primary: true })]);
      const own = await service.listBankAccounts(orgId, {});
      expect(own.items.map((a) => [a.id, a.is_primary, a.employee_id])).toEqual([
        [first?.id, false, null],
        [second?.id, true, null],
      ]);
      await service.createEmployeeBankAccount(orgId, employeeId, account());
      expect((await service.listBankAccounts(orgId, { employee_id: employeeId })).meta.total).toBe(1);
      expect((await service.getOrganization(orgId)).bank_accounts).toHaveLength(2);
      const sorted = await service.listBankAccounts(orgId, { sort_by: 'created_at', sort_order: 'desc', size: 1 });
      expect(sorted.items.map((a) => a.id)).toEqual([second?.id]);
    });

    it('refuses the same IBAN twice for one owner (conflict), but allows it for another owner', async () => {
      const same = { iban: 'DE89370400440532013000' };
      await create(account(same));
      const again = await expectDomainError(create(account({ iban: 'de89 3704 0044 0532 0130 00' })), 'conflict');
      expect(again.code).toBe('BANK_ACCOUNT.DUPLICATE_IBAN');
      const inRequest = await expectDomainError(service.createOrganizationBankAccounts(orgId, [account(same), account(), account(same)]), 'conflict');
      expect(inRequest.details).toMatchObject({ input_index: 2 });
      expect((await service.createOrganizationBankAccounts(orgId, [account(same)])).length).toBe(1);
    });

    it('answers another organization’s employee, or an unknown one, with 404', async () => {
      for (const call of [
        () => service.createEmployeeBankAccount(otherOrgId, employeeId, account()),
        () => service.createEmployeeBankAccounts(otherOrgId, employeeId, [account()]),
        () => service.listBankAccounts(otherOrgId, { employee_id: employeeId }),
        () => service.createEmployeeBankAccount(orgId, 'nobody', account()),
      ]) {
        expect((await expectDomainError(call(), 'not_found')).code).toBe('EMPLOYEE.NOT_FOUND');
      }
      expect((await expectDomainError(service.createOrganizationBankAccounts('no-such-org', [account()]), 'not_found')).code).toBe('ORGANIZATION.NOT_FOUND');
      expect((await service.listBankAccounts(otherOrgId, {})).meta.total).toBe(0);
    });
  });
}
