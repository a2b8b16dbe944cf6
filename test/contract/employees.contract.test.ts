import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

const gbEmployee = (gb: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  start_date: '2025-04-06',
  gb: { ni_number: 'AB123456C', tax_code: '1257L', ni_category: 'A', ...gb },
  ...extra,
});

const deEmployee = (de: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  first_name: 'Erika',
  last_name: 'Mustermann',
  date_of_birth: '1985-03-01',
  start_date: '2025-01-01',
  de: { tax_id: '86095742719', tax_class: 1, federal_state: 'Berlin', health_insurer_agency_code: '15027365', ...de },
  ...extra,
});

for (const backend of allBackends()) {
  describe(`employees [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let gbOrg: string;
    let deOrg: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      gbOrg = (await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB' })).id;
      deOrg = (await service.createOrganization({ legal_name: 'Muster GmbH', country: 'DE' })).id;
    });
    afterEach(async () => dispose());

    it('creates a GB employee and reads it back with pay group and bank accounts', async () => {
      const created = await service.createEmployee(gbOrg, gbEmployee({ ni_number: 'ab 12 34 56 c', student_loan_plans: ['2'] }, { payroll_number: 'P001', email: 'Ada@Example.com' }));
      expect(created).toMatchObject({
        org_id: gbOrg,
        country: 'GB',
        status: 'active',
        leave_date: null,
        pay_group_id: null,
        email: 'ada@example.com',
        de: null,
        row_version: 0,
        bank_accounts: [],
      });
      expect(created.gb).toMatchObject({ ni_number: 'AB123456C', tax_code: '1257L', week1_month1: false, ni_category: 'A', student_loan_plans: ['2'] });
      expect(await service.getEmployee(gbOrg, created.id)).toEqual(created);
    });

    it('creates a DE employee with the de block', async () => {
      const created = await service.createEmployee(deOrg, deEmployee({ tax_class: 4, factor: '0.912' }, { pay: { basis: 'salary', annual_salary: '54000.00' } }));
      expect(created.de).toMatchObject({ tax_id: '86095742719', tax_class: 4, factor: '0.912', federal_state: 'Berlin', child_allowances: '0' });
      expect(created.gb).toBeNull();
      expect(created.pay).toEqual({ basis: 'salary', annual_salary: '54000.00', currency: 'EUR' });
    });

    it('requires the statutory block of the organization’s country, naming body.gb / body.de', async () => {
      const { gb: _gb, ...noBlock } = gbEmployee();
      const missingGb = await expectDomainError(service.createEmployee(gbOrg, noBlock), 'validation');
      expect(missingGb.issues.map((i) => i.loc.join('.'))).toEqual(['body.gb']);
      expect(missingGb.issues[0]?.msg).toMatch(/NI number/);
      const { de: _de, ...noDe } = deEmployee();
      const missingDe = await expectDomainError(service.createEmployee(deOrg, noDe), 'validation');
      expect(missingDe.issues.map((i) => i.loc.join('.'))).toEqual(['body.de']);
      const wrong = await expectDomainError(service.createEmployee(gbOrg, { ...noDe, de: deEmployee().de }), 'validation');
      expect(wrong.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([
        ['body.gb', 'required'],
        ['body.de', 'country_mismatch'],
      ]);
    });

    it('refuses pay in the other country’s currency', async () => {
      const error = await expectDomainError(service.createEmployee(gbOrg, gbEmployee({}, { pay: { basis: 'salary', annual_salary: '30000', currency: 'EUR' } })), 'validation');
      expect(error.issues[0]?.loc).toEqual(['body', 'pay', 'currency']);
    });

    describe('GB statutory rules', () => {
      it.each(['AB123456C', 'ce 00 00 00 a', 'JM987654D'])('accepts NI number %s', async (ni) => {
        const created = await service.createEmployee(gbOrg, gbEmployee({ ni_number: ni }));
        expect(created.gb?.ni_number).toBe(ni.replace(/\s/g, '').toUpperCase());
      });

      it.each([
        ['QQ123456C', 'Q is never a first letter'],
        ['AO123456C', 'O is never a second letter'],
        ['GB123456A', 'GB is never issued'],
        ['TN123456A', 'TN is a temporary number'],
        ['AB123456E', 'suffix beyond D'],
        ['AB12345C', 'five digits'],
      ])('refuses NI number %s (%s)', async (ni) => {
        const error = await expectDomainError(service.createEmployee(gbOrg, gbEmployee({ ni_number: ni })), 'validation');
        expect(error.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.gb.ni_number', 'ni_number_format']]);
      });

      it.each([
        ['1257L', '1257L', false],
        ['s1257l', 'S1257L', false],
        ['C1257L', 'C1257L', false],
        ['1257M', '1257M', false],
        ['1257N', '1257N', false],
        ['1257T', '1257T', false],
        ['0T', '0T', false],
        ['K475', 'K475', false],
        ['SK475', 'SK475', false],
        ['BR', 'BR', false],
        ['CBR', 'CBR', false],
        ['D0', 'D0', false],
        ['D1', 'D1', false],
        ['SD0', 'SD0', false],
        ['SD3', 'SD3', false],
        ['CD1', 'CD1', false],
        ['NT', 'NT', false],
        ['1257L W1', '1257L', true],
        ['1257LM1', '1257L', true],
        ['1257L X', '1257L', true],
        ['BR M1', 'BR', true],
      ])('accepts tax code %s as %s (week1_month1 %s)', async (raw, code, w1m1) => {
        const created = await service.createEmployee(gbOrg, gbEmployee({ tax_code: raw }));
        expect(created.gb).toMatchObject({ tax_code: code, week1_month1: w1m1 });
      });

      it.each(['1257', 'L1257', '1257P', 'D2', 'CD2', 'SD4', 'K0', 'XYZ', ''])('refuses tax code "%s"', async (raw) => {
        const error = await expectDomainError(service.createEmployee(gbOrg, gbEmployee({ tax_code: raw })), 'validation');
        expect(error.issues.map((i) => i.loc.join('.'))).toEqual(['body.gb.tax_code']);
      });

      it.each([[['1']], [['2']], [['4']], [['5']], [['1', '2']], [[]]])('accepts student loan plans %j', async (plans) => {
        const created = await service.createEmployee(gbOrg, gbEmployee({ student_loan_plans: plans, postgraduate_loan: true }));
        expect(created.gb).toMatchObject({ student_loan_plans: plans, postgraduate_loan: true });
      });

      it.each([[['3']], [['1', '1']], [[1]], [['1', '2', '4', '5']]])('refuses student loan plans %j', async (plans) => {
        const error = await expectDomainError(service.createEmployee(gbOrg, gbEmployee({ student_loan_plans: plans })), 'validation');
        expect(error.issues[0]?.loc.slice(0, 3)).toEqual(['body', 'gb', 'student_loan_plans']);
      });

      it('accepts each NI category letter and refuses an unknown one', async () => {
        expect((await service.createEmployee(gbOrg, gbEmployee({ ni_category: 'H' }))).gb?.ni_category).toBe('H');
        const error = await expectDomainError(service.createEmployee(gbOrg, gbEmployee({ ni_category: 'G' })), 'validation');
        expect(error.issues[0]?.loc).toEqual(['body', 'gb', 'ni_category']);
      });
    });

    describe('DE statutory rules', () => {
      it('accepts the valid tax ID 86095742719 and refuses 86095742718 (check digit)', async () => {
        expect((await service.createEmployee(deOrg, deEmployee())).de?.tax_id).toBe('86095742719');
        const error = await expectDomainError(service.createEmployee(deOrg, deEmployee({ tax_id: '86095742718' })), 'validation');
        expect(error.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.de.tax_id', 'tax_id_checksum']]);
      });

      it.each(['8609574271', '860957427190', '0609574271X'])('refuses the tax ID %s (not 11 digits)', async (taxId) => {
        const error = await expectDomainError(service.createEmployee(deOrg, deEmployee({ tax_id: taxId })), 'validation');
        expect(error.issues[0]?.loc).toEqual(['body', 'de', 'tax_id']);
      });

      it.each([1, 2, 3, 4, 5, 6])('accepts tax class %i', async (taxClass) => {
        expect((await service.createEmployee(deOrg, deEmployee({ tax_class: taxClass }))).de?.tax_class).toBe(taxClass);
      });

      it.each([0, 7, 2.5, '1'])('refuses tax class %j', async (taxClass) => {
        const error = await expectDomainError(service.createEmployee(deOrg, deEmployee({ tax_class: taxClass })), 'validation');
        expect(error.issues[0]?.loc).toEqual(['body', 'de', 'tax_class']);
      });

      it('takes a factor in tax class 4 only (§ 39f EStG)', async () => {
        expect((await service.createEmployee(deOrg, deEmployee({ tax_class: 4, factor: '0.95' }))).de?.factor).toBe('0.95');
        const error = await expectDomainError(service.createEmployee(deOrg, deEmployee({ tax_class: 3, factor: '0.95' })), 'validation');
        expect(error.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([['body.de.factor', 'factor_class']]);
        const notBelowOne = await expectDomainError(service.createEmployee(deOrg, deEmployee({ tax_class: 4, factor: '1.05' })), 'validation');
        expect(notBelowOne.issues[0]?.loc).toEqual(['body', 'de', 'factor']);
      });

      it('requires a known federal state', async () => {
        const error = await expectDomainError(service.createEmployee(deOrg, deEmployee({ federal_state: 'Bavaria' })), 'validation');
        expect(error.issues[0]?.loc).toEqual(['body', 'de', 'federal_state']);
      });
    });

    it('lists employees in pages with sort, search and the status filter', async () => {
      const names = ['Zoe', 'Adam', 'Mia', 'Ben', 'Lea'];
      const ids: string[] = [];
      for (const [i, name] of names.entries()) ids.push((await service.createEmployee(gbOrg, gbEmployee({}, { last_name: name, payroll_number: `P${i}` }))).id);
      await service.createEmployee(deOrg, deEmployee());
      const first = await service.listEmployees(gbOrg, { size: 2, sort_by: 'last_name' });
      expect(first.items.map((e) => e.last_name)).toEqual(['Adam', 'Ben']);
      expect(first.meta).toEqual({ total: 5, page: 1, size: 2, pages: 3, has_next: true, has_prev: false });
      const third = await service.listEmployees(gbOrg, { size: 2, page: 3, sort_by: 'last_name' });
      expect(third.items.map((e) => e.last_name)).toEqual(['Zoe']);
      const desc = await service.listEmployees(gbOrg, { sort_by: 'payroll_number', sort_order: 'desc' });
      expect(desc.items.map((e) => e.payroll_number)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
      const search = await service.listEmployees(gbOrg, { search: 'MI', search_fields: 'last_name' });
      expect(search.items.map((e) => e.last_name)).toEqual(['Mia']);
      await service.leaveEmployee(gbOrg, ids[0] as string, { leave_date: '2025-09-30' });
      expect((await service.listEmployees(gbOrg, { status: 'left' })).items.map((e) => e.id)).toEqual([ids[0]]);
      expect((await service.listEmployees(gbOrg, { status: 'active' })).meta.total).toBe(4);
      const withAccounts = await service.listEmployees(gbOrg, { include: 'bank_accounts', size: 1 });
      expect(withAccounts.items[0]?.bank_accounts).toEqual([]);
      expect((await service.listEmployees(gbOrg, {})).items[0]?.bank_accounts).toBeUndefined();
    });

    it.each([
      [{ size: 101 }, 'pagination', 'size'],
      [{ sort_order: 'sideways' }, 'pagination', 'sort_order'],
      [{ sort_by: 'salary' }, 'pagination', 'sort_by'],
      [{ search_fields: 'ni_number' }, 'pagination', 'search_fields'],
      [{ include: 'payslips' }, 'pagination', 'include'],
    ] as const)('refuses list query %j', async (query, kind, field) => {
      const error = await expectDomainError(service.listEmployees(gbOrg, query), kind);
      expect(error.details).toMatchObject({ field });
    });

    it('refuses an unknown status filter naming query.status', async () => {
      const error = await expectDomainError(service.listEmployees(gbOrg, { status: 'gone' }), 'validation');
      expect(error.issues[0]?.loc).toEqual(['query', 'status']);
    });

    it('updates with optimistic concurrency and merges the statutory block', async () => {
      const employee = await service.createEmployee(gbOrg, gbEmployee({ tax_code: '1257L W1', student_loan_plans: ['1'] }));
      expect(employee.gb?.week1_month1).toBe(true);
      const updated = await service.updateEmployee(gbOrg, employee.id, { gb: { tax_code: 'K100' }, last_name: 'Byron', row_version: 0 });
      expect(updated.last_name).toBe('Byron');
      expect(updated.row_version).toBe(1);
      // ni_number and loans survive; the new code comes with its own (cumulative) basis.
      expect(updated.gb).toMatchObject({ tax_code: 'K100', week1_month1: false, ni_number: 'AB123456C', student_loan_plans: ['1'] });
      const stale = await expectDomainError(service.updateEmployee(gbOrg, employee.id, { last_name: 'Stale', row_version: 0 }), 'conflict');
      expect(stale.code).toBe('EMPLOYEE.STALE_VERSION');
      expect((await service.getEmployee(gbOrg, employee.id)).last_name).toBe('Byron');
      const badMerge = await expectDomainError(service.updateEmployee(gbOrg, employee.id, { gb: { ni_number: 'XX' } }), 'validation');
      expect(badMerge.issues[0]?.loc).toEqual(['body', 'gb', 'ni_number']);
      const wrongBlock = await expectDomainError(service.updateEmployee(gbOrg, employee.id, { de: { tax_class: 1 } }), 'validation');
      expect(wrongBlock.issues[0]?.loc).toEqual(['body', 'de']);
    });

    it('applies concurrent edits without a row_version one after the other; of concurrent edits of one version exactly one wins', async () => {
      // Finding F1: on Postgres unversioned edits at the same moment were refused with STALE_VERSION.
      const employee = await service.createEmployee(gbOrg, gbEmployee());
      const names = ['Ann', 'Bea', 'Cai', 'Dot'];
      const edits = await Promise.allSettled(names.map((name) => service.updateEmployee(gbOrg, employee.id, { first_name: name })));
      expect(edits.map((e) => e.status)).toEqual(names.map(() => 'fulfilled'));
      const after = await service.getEmployee(gbOrg, employee.id);
      expect(after.row_version).toBe(employee.row_version + names.length);
      expect(names).toContain(after.first_name);
      const versioned = await Promise.allSettled(names.map((name) => service.updateEmployee(gbOrg, employee.id, { last_name: name, row_version: after.row_version })));
      expect(versioned.filter((e) => e.status === 'fulfilled')).toHaveLength(1);
      for (const refused of versioned.filter((e) => e.status === 'rejected')) expect(refused.reason).toMatchObject({ kind: 'conflict', code: 'EMPLOYEE.STALE_VERSION' });
      expect((await service.getEmployee(gbOrg, employee.id)).row_version).toBe(after.row_version + 1);
    });

    it('merges a DE patch and still enforces the factor rule on the result', async () => {
      const employee = await service.createEmployee(deOrg, deEmployee({ tax_class: 4, factor: '0.9' }));
      const error = await expectDomainError(service.updateEmployee(deOrg, employee.id, { de: { tax_class: 1 } }), 'validation');
      expect(error.issues[0]?.loc).toEqual(['body', 'de', 'factor']);
      const updated = await service.updateEmployee(deOrg, employee.id, { de: { tax_class: 1, factor: null } });
      expect(updated.de).toMatchObject({ tax_class: 1, factor: null, tax_id: '86095742719' });
    });

    it('leaves once, not before the start date', async () => {
      const employee = await service.createEmployee(gbOrg, gbEmployee());
      const early = await expectDomainError(service.leaveEmployee(gbOrg, employee.id, { leave_date: '2025-04-05' }), 'validation');
      expect(early.issues[0]?.loc).toEqual(['body', 'leave_date']);
      const left = await service.leaveEmployee(gbOrg, employee.id, { leave_date: '2025-04-06' });
      expect(left).toMatchObject({ status: 'left', leave_date: '2025-04-06' });
      const twice = await expectDomainError(service.leaveEmployee(gbOrg, employee.id, { leave_date: '2025-05-01' }), 'conflict');
      expect(twice.code).toBe('EMPLOYEE.ALREADY_LEFT');
      const startAfterLeave = await expectDomainError(service.updateEmployee(gbOrg, employee.id, { start_date: '2025-05-01' }), 'validation');
      expect(startAfterLeave.issues[0]?.loc).toEqual(['body', 'start_date']);
    });

    it('refuses a duplicate payroll number in the organization (conflict), allows it in another', async () => {
      await service.createEmployee(gbOrg, gbEmployee({}, { payroll_number: 'P1' }));
      const error = await expectDomainError(service.createEmployee(gbOrg, gbEmployee({}, { payroll_number: 'P1' })), 'conflict');
      expect(error.code).toBe('EMPLOYEE.DUPLICATE_PAYROLL_NUMBER');
      await service.createEmployee(deOrg, deEmployee({}, { payroll_number: 'P1' }));
    });

    it('answers another organization’s employee exactly like a missing one (404)', async () => {
      const employee = await service.createEmployee(gbOrg, gbEmployee());
      for (const call of [
        () => service.getEmployee(deOrg, employee.id),
        () => service.updateEmployee(deOrg, employee.id, { last_name: 'X' }),
        () => service.leaveEmployee(deOrg, employee.id, { leave_date: '2025-12-31' }),
        () => service.getEmployee(gbOrg, 'no-such-employee'),
      ]) {
        const error = await expectDomainError(call(), 'not_found');
        expect(error.code).toBe('EMPLOYEE.NOT_FOUND');
      }
      expect((await service.listEmployees(deOrg, {})).meta.total).toBe(0);
      await expectDomainError(service.listEmployees('no-such-org', {}), 'not_found');
    });
  });
}
