import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { gbEmployer, NET_PAY_SCHEME } from '../domain/gb/run/fixtures.js';

const enrolBody = { enrolment_date: '2025-05-01', entry_route: 'AUTO_ENROLLED', worker_category: 'ELIGIBLE_JOBHOLDER', enrolment_communication_date: '2025-05-01' };

for (const backend of allBackends()) {
  describe(`GB pension schemes [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      orgId = (await service.createOrganization({ legal_name: 'Pension Ltd', country: 'GB' })).id;
    });
    afterEach(async () => dispose());

    it('creates a scheme: rates as decimal strings, the first one the default, created_by the caller', async () => {
      const scheme = await service.createPensionScheme(orgId, { ...NET_PAY_SCHEME, employee_rate: 0.05, employer_rate: '0.030', employee_cap: 250, employer_cap: '100.5' });
      expect(scheme).toMatchObject({ version: 0, is_default: true, employee_rate: '0.05', employer_rate: '0.03', employee_cap: '250.00', employer_cap: '100.50', postponement_period_months: 0, entitled_worker_employer_contributes: false, valid_to: null, created_by: 'local:contract-test' });
      const second = await service.createPensionScheme(orgId, { ...NET_PAY_SCHEME, scheme_name: 'Second' });
      expect(second.is_default).toBe(false);
      expect(second.scheme_id).not.toBe(scheme.scheme_id);
    });

    it.each([
      ['employee_rate 0.05 (lowest)', { employee_rate: 0.05 }, true],
      ['employee_rate 0.049', { employee_rate: 0.049 }, false],
      ['employee_rate 1', { employee_rate: '1' }, true],
      ['employee_rate 1.01', { employee_rate: 1.01 }, false],
      ['employer_rate 0.03 (lowest)', { employer_rate: '0.03' }, true],
      ['employer_rate 0.029', { employer_rate: '0.029' }, false],
      ['employer_rate 1.5', { employer_rate: 1.5 }, false],
      ['employee_rate not a number', { employee_rate: 'five' }, false],
      ['postponement 0', { postponement_period_months: 0 }, true],
      ['postponement 3', { postponement_period_months: 3 }, true],
      ['postponement 4', { postponement_period_months: 4 }, false],
      ['postponement -1', { postponement_period_months: -1 }, false],
      ['postponement 1.5', { postponement_period_months: 1.5 }, false],
      ['caps 0', { employee_cap: 0, employer_cap: '0' }, true],
      ['employee_cap -1', { employee_cap: -1 }, false],
      ['employer_cap -0.01', { employer_cap: '-0.01' }, false],
      ['NET_PAY with UK-P-001', { tax_treatment: 'NET_PAY', wage_type_code: 'UK-P-001' }, true],
      ['NET_PAY with UK-P-002 (each treatment its own code)', { tax_treatment: 'NET_PAY', wage_type_code: 'UK-P-002' }, false],
      ['RELIEF_AT_SOURCE with UK-P-002', { tax_treatment: 'RELIEF_AT_SOURCE', wage_type_code: 'UK-P-002' }, true],
      ['RELIEF_AT_SOURCE with UK-P-001', { tax_treatment: 'RELIEF_AT_SOURCE', wage_type_code: 'UK-P-001' }, false],
      ['SALARY_SACRIFICE with UK-P-003', { tax_treatment: 'SALARY_SACRIFICE', wage_type_code: 'UK-P-003' }, true],
      ['SALARY_SACRIFICE with UK-P-001', { tax_treatment: 'SALARY_SACRIFICE', wage_type_code: 'UK-P-001' }, false],
      ['wage type not in the catalogue', { wage_type_code: 'UK-P-999' }, false],
      ['wage type of another category', { wage_type_code: 'UK-E-001' }, false],
      ['re-enrolment date alone (window derived)', { re_enrolment_date: '2028-05-31' }, true],
      ['re-enrolment window given exactly', { re_enrolment_date: '2028-05-31', re_enrolment_window_start: '2028-02-29', re_enrolment_window_end: '2028-08-31' }, true],
      ['re-enrolment window start wrong', { re_enrolment_date: '2028-05-31', re_enrolment_window_start: '2028-03-01' }, false],
      ['re-enrolment window end wrong', { re_enrolment_date: '2028-05-31', re_enrolment_window_end: '2028-09-01' }, false],
      ['window without re-enrolment date', { re_enrolment_window_start: '2028-03-01' }, false],
      ['provider unknown', { provider: 'ACME' }, false],
      ['valid_from missing', { valid_from: undefined }, false],
      ['unknown field', { colour: 'blue' }, false],
    ] as const)('rule: %s', async (_name, change, ok) => {
      const body: Record<string, unknown> = { ...NET_PAY_SCHEME, ...change };
      for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
      if (ok) {
        const scheme = await service.createPensionScheme(orgId, body);
        if ('re_enrolment_date' in change) expect(scheme).toMatchObject({ re_enrolment_window_start: '2028-02-29', re_enrolment_window_end: '2028-08-31' });
      } else {
        const error = await expectDomainError(service.createPensionScheme(orgId, body), 'validation');
        expect(error.issues[0]?.loc[0]).toBe('body');
      }
    });

    it('is for GB organizations only, and another organization’s scheme is not found', async () => {
      const de = await service.createOrganization({ legal_name: 'DE GmbH', country: 'DE' });
      const error = await expectDomainError(service.createPensionScheme(de.id, NET_PAY_SCHEME), 'validation');
      expect(error.issues[0]).toMatchObject({ loc: ['path', 'organization_id'], type: 'country_mismatch' });
      const scheme = await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      const other = await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' });
      await expectDomainError(service.getPensionSchemeHistory(other.id, scheme.scheme_id), 'not_found');
      await expectDomainError(service.createPensionScheme('no-such-org', NET_PAY_SCHEME), 'not_found');
    });

    it('versions: a new version closes the previous one, keeps the scheme_id, and must start later', async () => {
      const v0 = await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      const v1 = await service.createPensionSchemeVersion(orgId, v0.scheme_id, { ...NET_PAY_SCHEME, valid_from: '2026-04-06', employee_rate: '0.06' });
      expect(v1).toMatchObject({ scheme_id: v0.scheme_id, version: 1, employee_rate: '0.06', valid_to: null, is_default: true });
      const history = await service.getPensionSchemeHistory(orgId, v0.scheme_id);
      expect(history.map((v) => [v.version, v.valid_from, v.valid_to, v.employee_rate])).toEqual([
        [0, '2025-04-06', '2026-04-06', '0.05'],
        [1, '2026-04-06', null, '0.06'],
      ]);
      expect((await service.getPensionScheme(orgId, v0.scheme_id, { valid_on: '2026-01-01' })).employee_rate).toBe('0.05');
      expect((await service.getPensionScheme(orgId, v0.scheme_id)).employee_rate).toBe('0.06');
      for (const date of ['2026-04-06', '2025-12-01']) {
        const error = await expectDomainError(service.createPensionSchemeVersion(orgId, v0.scheme_id, { ...NET_PAY_SCHEME, valid_from: date }), 'validation');
        expect(error.issues[0]?.loc).toEqual(['body', 'valid_from']);
      }
      expect(await service.getPensionSchemeHistory(orgId, v0.scheme_id)).toHaveLength(2);
      await expectDomainError(service.createPensionSchemeVersion(orgId, 'no-such-scheme', NET_PAY_SCHEME), 'not_found');
    });

    it('keeps exactly one default: set-default moves it', async () => {
      const a = await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      const b = await service.createPensionScheme(orgId, { ...NET_PAY_SCHEME, scheme_name: 'B' });
      expect((await service.setDefaultPensionScheme(orgId, b.scheme_id)).is_default).toBe(true);
      const list = await service.listPensionSchemes(orgId, {});
      expect(list.items.filter((s) => s.is_default).map((s) => s.scheme_id)).toEqual([b.scheme_id]);
      expect((await service.setDefaultPensionScheme(orgId, b.scheme_id)).is_default).toBe(true);
      await service.setDefaultPensionScheme(orgId, a.scheme_id);
      expect((await service.listPensionSchemes(orgId, {})).items.filter((s) => s.is_default).map((s) => s.scheme_id)).toEqual([a.scheme_id]);
      await expectDomainError(service.setDefaultPensionScheme(orgId, 'nope'), 'not_found');
    });

    it('concurrent creates and set-defaults all succeed and leave exactly one default (finding F3)', async () => {
      // Both used to read "no scheme yet" / the old default at the same moment on Postgres: the unique index kept
      // one default, but a legitimate second request got a needless 409 PENSION_SCHEME.DEFAULT_CHANGED.
      const names = ['A', 'B', 'C', 'D'];
      const created = await Promise.allSettled(names.map((name) => service.createPensionScheme(orgId, { ...NET_PAY_SCHEME, scheme_name: name })));
      expect(created.map((c) => c.status)).toEqual(names.map(() => 'fulfilled'));
      const ids = created.map((c) => (c as PromiseFulfilledResult<{ scheme_id: string }>).value.scheme_id);
      const defaults = async () => (await service.listPensionSchemes(orgId, {})).items.filter((s) => s.is_default).map((s) => s.scheme_id);
      const first = await defaults();
      expect(first).toHaveLength(1);
      const others = ids.filter((id) => id !== first[0]);
      const moved = await Promise.allSettled(others.map((id) => service.setDefaultPensionScheme(orgId, id)));
      expect(moved.map((m) => m.status)).toEqual(others.map(() => 'fulfilled'));
      const after = await defaults();
      expect(after).toHaveLength(1);
      expect(others).toContain(after[0]);
    });

    it('lists schemes page style (current version each)', async () => {
      const a = await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      await service.createPensionSchemeVersion(orgId, a.scheme_id, { ...NET_PAY_SCHEME, valid_from: '2026-04-06' });
      await service.createPensionScheme(orgId, { ...NET_PAY_SCHEME, scheme_name: 'Zeta' });
      const list = await service.listPensionSchemes(orgId, { sort_by: 'scheme_name', sort_order: 'desc' });
      expect(list.items.map((s) => [s.scheme_name, s.version])).toEqual([['Zeta', 0], ['Workplace pension', 1]]);
      expect(list.meta).toMatchObject({ total: 2, page: 1, size: 10 });
    });
  });

  describe(`GB pension memberships [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    let employeeId: string;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      const setup = await gbEmployer(service);
      orgId = setup.orgId;
      employeeId = setup.employeeIds[0] as string;
    });
    afterEach(async () => dispose());

    it('needs a scheme in the organization before enrolling', async () => {
      const error = await expectDomainError(service.enrolEmployee(orgId, employeeId, enrolBody), 'conflict');
      expect(error.code).toBe('PENSION.NO_SCHEME');
    });

    it('NOT_ENROLLED → ACTIVE → OPTED_OUT → ACTIVE (re-join), each a new version closing the previous one', async () => {
      const scheme = await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      expect((await service.getPensionStatus(orgId, employeeId))).toMatchObject({ status: 'NOT_ENROLLED', current: null, history: [] });
      const enrolled = await service.enrolEmployee(orgId, employeeId, enrolBody);
      expect(enrolled).toMatchObject({ version: 0, status: 'ACTIVE', valid_from: '2025-05-01', valid_to: null, scheme_id: null, entry_route: 'AUTO_ENROLLED', worker_category: 'ELIGIBLE_JOBHOLDER', created_by: 'local:contract-test', refund_due: false });
      const out = await service.optOutEmployee(orgId, employeeId, { opt_out_date: '2025-05-20' });
      expect(out).toMatchObject({ version: 1, status: 'OPTED_OUT', opt_out_date: '2025-05-20', valid_from: '2025-05-20', enrolment_date: '2025-05-01', refund_due: true });
      const back = await service.enrolEmployee(orgId, employeeId, { ...enrolBody, enrolment_date: '2025-09-01', entry_route: 'OPTED_IN', scheme_id: scheme.scheme_id, employee_rate: '0.08' });
      expect(back).toMatchObject({ version: 2, status: 'ACTIVE', entry_route: 'OPTED_IN', scheme_id: scheme.scheme_id, employee_rate: '0.08' });
      const status = await service.getPensionStatus(orgId, employeeId);
      expect(status.status).toBe('ACTIVE');
      expect(status.history.map((m) => [m.version, m.status, m.valid_from, m.valid_to])).toEqual([
        [0, 'ACTIVE', '2025-05-01', '2025-05-20'],
        [1, 'OPTED_OUT', '2025-05-20', '2025-09-01'],
        [2, 'ACTIVE', '2025-09-01', null],
      ]);
    });

    it('refuses every other move with a 409 a clerk can act on', async () => {
      await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      expect((await expectDomainError(service.optOutEmployee(orgId, employeeId, { opt_out_date: '2025-06-01' }), 'conflict')).code).toBe('PENSION.NOT_ENROLLED');
      await service.enrolEmployee(orgId, employeeId, enrolBody);
      const again = await expectDomainError(service.enrolEmployee(orgId, employeeId, enrolBody), 'conflict');
      expect(again.code).toBe('PENSION.ALREADY_ACTIVE');
      expect(again.message).toMatch(/opt them out first/);
      const early = await expectDomainError(service.optOutEmployee(orgId, employeeId, { opt_out_date: '2025-04-30' }), 'conflict');
      expect(early.code).toBe('PENSION.OPT_OUT_BEFORE_ENROLMENT');
      await service.optOutEmployee(orgId, employeeId, { opt_out_date: '2025-07-01' });
      expect((await expectDomainError(service.optOutEmployee(orgId, employeeId, { opt_out_date: '2025-07-02' }), 'conflict')).code).toBe('PENSION.ALREADY_OPTED_OUT');
      expect((await expectDomainError(service.enrolEmployee(orgId, employeeId, { ...enrolBody, enrolment_date: '2025-06-01' }), 'conflict')).code).toBe('PENSION.DATE_BEFORE_HISTORY');
      expect((await service.getPensionStatus(orgId, employeeId)).history).toHaveLength(2);
    });

    it('refunds only inside one month of the later of enrolment and the enrolment letter', async () => {
      await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      await service.enrolEmployee(orgId, employeeId, { ...enrolBody, enrolment_communication_date: '2025-05-10' });
      expect((await service.getPensionStatus(orgId, employeeId)).opt_out_window_end).toBe('2025-06-10');
      expect((await service.optOutEmployee(orgId, employeeId, { opt_out_date: '2025-06-10' })).refund_due).toBe(true);
      const other = (await service.createEmployee(orgId, { first_name: 'Late', last_name: 'Leaver', date_of_birth: '1980-01-01', start_date: '2020-01-06', gb: { tax_code: '1257L' } })).id;
      await service.enrolEmployee(orgId, other, { ...enrolBody, enrolment_communication_date: '2025-05-10' });
      expect((await service.optOutEmployee(orgId, other, { opt_out_date: '2025-06-11' })).refund_due).toBe(false);
    });

    it.each([
      ['employee_rate override 0', { employee_rate: 0 }, true],
      ['employee_rate override 1.01', { employee_rate: 1.01 }, false],
      ['employer_rate override -0.1', { employer_rate: '-0.1' }, false],
      ['employee_cap 0', { employee_cap: 0 }, true],
      ['employer_cap -5', { employer_cap: -5 }, false],
      ['tax_treatment without wage_type_code', { tax_treatment: 'RELIEF_AT_SOURCE' }, false],
      ['tax_treatment with its wage type', { tax_treatment: 'RELIEF_AT_SOURCE', wage_type_code: 'UK-P-002' }, true],
      ['tax_treatment with another treatment’s wage type', { tax_treatment: 'SALARY_SACRIFICE', wage_type_code: 'UK-P-001' }, false],
      ['entry_route unknown', { entry_route: 'VOLUNTEERED' }, false],
      ['worker_category missing', { worker_category: undefined }, false],
      ['enrolment before the employee starts', { enrolment_date: '2019-01-01' }, false],
      ['unknown scheme', { scheme_id: 'no-such-scheme' }, false],
    ] as const)('enrolment rule: %s', async (_name, change, ok) => {
      await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      const body: Record<string, unknown> = { ...enrolBody, ...change };
      for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
      if (ok) expect((await service.enrolEmployee(orgId, employeeId, body)).status).toBe('ACTIVE');
      else await expectDomainError(service.enrolEmployee(orgId, employeeId, body), 'validation');
    });

    it('records the enrolment letter once, as a new version of the active membership', async () => {
      await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      expect((await expectDomainError(service.recordEnrolmentCommunication(orgId, employeeId, { enrolment_communication_date: '2025-05-10' }), 'conflict')).code).toBe('PENSION.NOT_ENROLLED');
      await service.enrolEmployee(orgId, employeeId, { ...enrolBody, enrolment_communication_date: null });
      expect((await service.getPensionStatus(orgId, employeeId)).opt_out_window_end).toBeNull();
      const letter = await service.recordEnrolmentCommunication(orgId, employeeId, { enrolment_communication_date: '2025-05-10' });
      expect(letter).toMatchObject({ version: 1, status: 'ACTIVE', valid_from: '2025-05-10', enrolment_date: '2025-05-01', enrolment_communication_date: '2025-05-10' });
      expect((await service.getPensionStatus(orgId, employeeId)).opt_out_window_end).toBe('2025-06-10');
      expect((await expectDomainError(service.recordEnrolmentCommunication(orgId, employeeId, { enrolment_communication_date: '2025-05-11' }), 'conflict')).code).toBe('PENSION.COMMUNICATION_RECORDED');
      await expectDomainError(service.recordEnrolmentCommunication(orgId, employeeId, { enrolment_communication_date: 'soon' }), 'validation');
    });

    it('answers another organization’s employee like a missing one', async () => {
      await service.createPensionScheme(orgId, NET_PAY_SCHEME);
      const other = await gbEmployer(service);
      await expectDomainError(service.enrolEmployee(orgId, other.employeeIds[0] as string, enrolBody), 'not_found');
      await expectDomainError(service.getPensionStatus(orgId, 'nobody'), 'not_found');
    });
  });
}
