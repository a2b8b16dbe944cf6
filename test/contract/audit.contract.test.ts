/**
 * Issue 20 point 1: the audit trail on every backend (SQLite, PostgreSQL, remote over HTTPS). Every write route of
 * the route table (service/contracts/routes.ts, scope payroll:write) is called once, successfully, and must leave
 * exactly its documented audit rows (decision AU4: one per write, one per record of a list that creates several, one
 * per run transition with counts, one per import) and nothing else; reads and failed writes leave none; identifiers
 * are masked in before/after; the trail reads back in write order, paged, filtered by resource type and time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../../src/service/contracts/routes.js';
import type { AuditEvent, PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { deEmployer } from '../domain/de/run/fixtures.js';

const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));
const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'));
const SCHEME = { valid_from: '2025-04-06', scheme_name: 'Workplace pension', provider: 'NAMED_PROVIDER', tax_treatment: 'NET_PAY', pensionable_earnings_definition: 'QUALIFYING_EARNINGS', employee_rate: '0.05', employer_rate: '0.03', wage_type_code: 'UK-P-001' };
const CREDITOR = 'DE98ZZZ09999999999';

/** Every method the route table marks as a write: the test below must call each one. */
const WRITE_METHODS = Object.entries(routes)
  .filter(([, route]) => route.scope === 'payroll:write')
  .map(([name]) => name)
  .sort();

async function trail(service: PayrollService, orgId: string, query: Record<string, unknown> = {}): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await service.listAuditEvents(orgId, { size: '100', ...query, ...(cursor ? { cursor } : {}) });
    events.push(...page.items);
    if (!page.pagination.has_next) return events;
    cursor = page.pagination.next_cursor;
  }
}

type Expected = [resourceType: string, action: string, resourceId?: string];

for (const backend of allBackends()) {
  describe(`audit trail [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
    });
    afterEach(async () => dispose());

    it('every write route appends exactly its documented rows in its own order, reads and failed writes none', async () => {
      const called = new Set<string>();
      const seen = new Map<string, AuditEvent[]>();
      /** Calls one write and checks what it appended to `orgId`'s trail: the earlier rows unchanged, then `expected`. */
      async function write<T>(method: string, orgId: string | (() => string), call: () => Promise<T>, expected: Expected[] | ((result: T) => Expected[])): Promise<T> {
        called.add(method);
        const result = await call();
        const org = typeof orgId === 'function' ? orgId() : orgId;
        const before = seen.get(org) ?? [];
        const now = await trail(service, org);
        expect(now.slice(0, before.length), `${method}: earlier rows unchanged`).toEqual(before);
        const added = now.slice(before.length);
        const want = typeof expected === 'function' ? expected(result) : expected;
        expect(added.map((e) => [e.resource_type, e.action, ...(want.find((w) => w[2] !== undefined) ? [e.resource_id] : [])]), `${method}: rows appended`).toEqual(want.map((w) => (want.find((x) => x[2] !== undefined) ? [w[0], w[1], w[2]] : [w[0], w[1]])));
        for (const event of added) {
          expect(event.organization_id).toBe(org);
          if (backend.name !== 'remote') expect(event.actor).toBe('local:contract-test');
          else expect(event.actor).toEqual(expect.any(String));
          expect(Date.parse(event.occurred_at)).not.toBeNaN();
        }
        seen.set(org, now);
        return result;
      }

      // ---- a British employer ----
      let gb = '';
      const org = await write('createOrganization', () => gb, async () => {
        const created = await service.createOrganization({
          legal_name: 'Audit Ltd',
          country: 'GB',
          address: { address: '12 Wharf Street, Leeds LS2 7EE', content: { country_code: 'GB', address_type: 'REGISTERED_OFFICE' } },
          tax_identifiers: { tax_data: { country: 'GB', tax_number: '120/BA45678' } },
          bank_accounts: [{ financial_institution_name: 'Lloyds', sort_code: '30-99-50', account_number: '55779911', is_primary: true }],
          gb: { bacs_service_user_number: '123456' },
        });
        gb = created.id;
        return created;
      }, (o) => [['organization', 'create', o.id]]);
      const updated = await write('updateOrganization', gb, () => service.updateOrganization(gb, { legal_name: 'Audit Limited', tax_identifiers: { tax_data: { country: 'GB', tax_number: '120/ZZ99999' } } }), [['organization', 'update', gb]]);
      expect(updated.legal_name).toBe('Audit Limited');
      await write('replaceOrganizationAddress', gb, () => service.replaceOrganizationAddress(gb, org.address?.id as string, { address: '1 Park Row, Leeds LS1 5HD', content: { country_code: 'GB', address_type: 'REGISTERED_OFFICE' } }), [['address', 'replace', org.address?.id as string]]);
      const ann = await write('createEmployee', gb, () => service.createEmployee(gb, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1986-02-11', start_date: '2018-05-01', gb: { ni_number: 'AB123456C', tax_code: '1257L', ni_category: 'A' } }), (e) => [['employee', 'create', e.id]]);
      const bob = await write('createEmployee', gb, () => service.createEmployee(gb, { first_name: 'Bob', last_name: 'Ng', date_of_birth: '1990-03-01', start_date: '2019-01-07', gb: { ni_number: 'JG103759A', tax_code: '1257L', ni_category: 'A' } }), (e) => [['employee', 'create', e.id]]);
      await write('updateEmployee', gb, () => service.updateEmployee(gb, ann.id, { last_name: 'Lee-Smith', gb: { ni_number: 'CE123456A' } }), [['employee', 'update', ann.id]]);
      const single = await write('createEmployeeBankAccount', gb, () => service.createEmployeeBankAccount(gb, ann.id, { financial_institution_name: 'Monzo', sort_code: '040004', account_number: '12345678', is_primary: true }), (a) => [['bank_account', 'create', a.id]]);
      expect(single.id).toEqual(expect.any(String));
      await write('createEmployeeBankAccounts', gb, () => service.createEmployeeBankAccounts(gb, bob.id, [{ financial_institution_name: 'Barclays', iban: 'GB33BUKB20201555555555', is_primary: true }, { financial_institution_name: 'HSBC', iban: 'GB94BARC10201530093459' }]), (list) => list.map((a) => ['bank_account', 'create', a.id] as Expected));
      await write('createOrganizationBankAccounts', gb, () => service.createOrganizationBankAccounts(gb, [{ financial_institution_name: 'NatWest', sort_code: '60-16-13', account_number: '31926819' }]), (list) => list.map((a) => ['bank_account', 'create', a.id] as Expected));
      const contacts = await write('createContacts', gb, () => service.createContacts(gb, [{ name: 'Payroll desk', email: 'payroll@example.com' }, { name: 'HR', email: 'hr@example.com' }]), (r) => r.data.map((c) => ['contact', 'create', c.id] as Expected));
      expect(contacts.succeeded).toBe(2);
      const contactId = contacts.data[0]?.id as string;
      await write('updateContact', gb, () => service.updateContact(contactId, { name: 'Payroll team' }), [['contact', 'update', contactId]]);
      const leeds = await write('createWorksite', gb, () => service.createWorksite(gb, { name: 'Leeds' }), (w) => [['worksite', 'create', w.id]]);
      expect(leeds.name).toBe('Leeds');
      const calendar = await write('createPayCalendar', gb, () => service.createPayCalendar(gb, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } }), (c) => [['pay_calendar', 'create', c.id]]);
      const group = await write('createPayGroup', gb, () => service.createPayGroup(gb, { name: 'Staff', pay_calendar_id: calendar.id }), (g) => [['pay_group', 'create', g.id]]);
      await write('assignEmployees', gb, () => service.assignEmployees(gb, group.id, { employee_ids: [ann.id, bob.id] }), [['pay_group', 'assign_employees', group.id]]);
      const scheme = await write('createPensionScheme', gb, () => service.createPensionScheme(gb, SCHEME), (s) => [['pension_scheme', 'create', s.scheme_id]]);
      await write('createPensionSchemeVersion', gb, () => service.createPensionSchemeVersion(gb, scheme.scheme_id, { ...SCHEME, valid_from: '2026-04-06', employee_rate: '0.06' }), [['pension_scheme', 'create_version', scheme.scheme_id]]);
      const second = await service.createPensionScheme(gb, { ...SCHEME, scheme_name: 'Second' });
      seen.set(gb, await trail(service, gb));
      await write('setDefaultPensionScheme', gb, () => service.setDefaultPensionScheme(gb, second.scheme_id), [['pension_scheme', 'set_default', second.scheme_id]]);
      await write('enrolEmployee', gb, () => service.enrolEmployee(gb, bob.id, { enrolment_date: '2025-05-01', entry_route: 'AUTO_ENROLLED', worker_category: 'ELIGIBLE_JOBHOLDER' }), (m) => [['pension_membership', 'enrol', m.id]]);
      await write('recordEnrolmentCommunication', gb, () => service.recordEnrolmentCommunication(gb, bob.id, { enrolment_communication_date: '2025-05-10' }), (m) => [['pension_membership', 'record_communication', m.id]]);
      await write('optOutEmployee', gb, () => service.optOutEmployee(gb, bob.id, { opt_out_date: '2025-05-20' }), (m) => [['pension_membership', 'opt_out', m.id]]);
      const absence = await write('createAbsence', gb, () => service.createAbsence(gb, ann.id, { kind: 'sickness', first_day: '2025-06-02', average_weekly_earnings: '300.00' }), (a) => [['absence', 'create', a.id]]);
      await write('endAbsence', gb, () => service.endAbsence(gb, absence.id, { last_day: '2025-06-13' }), [['absence', 'end', absence.id]]);

      const body = (period: number) => ({
        pay_group_id: group.id,
        pay_calendar_id: calendar.id,
        tax_year: '2025-26',
        period_number: period,
        payroll_group: [
          { employee_id: ann.id, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: '3250.00' }] } },
          { employee_id: bob.id, pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: '2100.00' }] } },
        ],
      });
      const draft = await write('runGbPayroll', gb, () => service.runGbPayroll(gb, body(1)), (r) => [['payroll_run', 'create', r.payroll_status_id]]);
      await write('discardPayrollRun', gb, () => service.discardPayrollRun(gb, draft.payroll_status_id), [['payroll_run', 'discard', draft.payroll_status_id]]);
      const run = await service.runGbPayroll(gb, body(1));
      seen.set(gb, await trail(service, gb));
      await write('approvePayrollRun', gb, () => service.approvePayrollRun(gb, run.payroll_status_id), [['payroll_run', 'approve', run.payroll_status_id]]);
      const file = await write('createPaymentFile', gb, () => service.createPaymentFile(gb, run.payroll_status_id, { format: 'bacs' }), (f) => [['document', 'create_payment_file', f.document_id as string]]);
      // The same file again is the stored one: nothing is written, nothing audited.
      await write('createPaymentFile', gb, () => service.createPaymentFile(gb, run.payroll_status_id, { format: 'bacs' }), []);
      expect(file.document_id).toEqual(expect.any(String));
      await write('markPayrollRunPaid', gb, () => service.markPayrollRunPaid(gb, run.payroll_status_id), [['payroll_run', 'pay', run.payroll_status_id]]);
      const runEvents = (await trail(service, gb, { resource_type: 'payroll_run' })).filter((e) => e.resource_id === run.payroll_status_id);
      expect(runEvents.map((e) => e.action)).toEqual(['create', 'approve', 'pay']);
      // One row per run, with the counts (AU4), not one per payslip.
      expect(runEvents[0]?.detail).toMatchObject({ country: 'GB', tax_year: '2025-26', period_number: 1, payslips: 2 });
      expect(runEvents[1]).toMatchObject({ before: { status: 'draft' }, after: { status: 'approved' }, detail: { payslips: 2, documents: 2 } });

      const doc = await write('createDocument', gb, () => service.createDocument(gb, { document_type: 'contract', document_name: 'contract.pdf', mime_type: 'application/pdf', employee_id: ann.id }), (d) => [['document', 'create', d.id]]);
      await write('uploadDocumentContent', gb, () => service.uploadDocumentContent(gb, doc.id, PDF), [['document', 'upload', doc.id]]);
      await write('archiveDocument', gb, () => service.archiveDocument(gb, doc.id), [['document', 'archive', doc.id]]);
      await write('restoreDocument', gb, () => service.restoreDocument(gb, doc.id), [['document', 'restore', doc.id]]);
      await write('deleteDocument', gb, () => service.deleteDocument(gb, doc.id), [['document', 'delete', doc.id]]);
      const logo = await service.createDocument(gb, { document_type: 'org_logo', document_name: 'logo', mime_type: 'image/png' });
      await service.uploadDocumentContent(gb, logo.id, PNG);
      seen.set(gb, await trail(service, gb));
      await write('confirmLogo', gb, () => service.confirmLogo(gb, { document_id: logo.id }), [['organization', 'confirm_logo', gb]]);
      await write('leaveEmployee', gb, () => service.leaveEmployee(gb, bob.id, { leave_date: '2026-03-31' }), [['employee', 'leave', bob.id]]);

      // ---- a German employer ----
      let de = '';
      const setup = await write('createOrganization', () => de, async () => {
        const s = await deEmployer(service);
        de = s.orgId;
        return s;
      }, (s) => [['organization', 'create', s.orgId], ['employee', 'create', s.employeeIds[0] as string]]);
      const berlin = await service.createWorksite(de, { name: 'Berlin' });
      seen.set(de, await trail(service, de));
      const details = await write('createWorksiteInsuranceDetails', de, () => service.createWorksiteInsuranceDetails(de, berlin.id, { valid_from: '2025-01-01', worksite_location_number: '12345678', accident_insurance_pin: '01234' }), (d) => [['worksite_insurance_details', 'create', String(d.id)]]);
      await write('updateWorksiteInsuranceDetails', de, () => service.updateWorksiteInsuranceDetails(de, berlin.id, String(details.id), { valid_to: '2025-12-31', accident_insurance_pin: '98765' }), [['worksite_insurance_details', 'update', String(details.id)]]);
      const choice = await write('setInsuranceLevelChoice', de, () => service.setInsuranceLevelChoice(de, '15027365', { compensation_levy_id: 2 }), (c) => [['insurance_level_choice', 'set', c.id]]);
      expect(choice.agency_id).toBe('15027365');
      const deOrg = await service.getOrganization(de);
      const [deAccount] = await service.createOrganizationBankAccounts(de, [{ financial_institution_name: 'Commerzbank', iban: 'DE89370400440532013000' }]);
      seen.set(de, await trail(service, de));
      expect(deOrg.id).toBe(de);
      const mandate = await write('createSepaMandate', de, () => service.createSepaMandate(de, { creditor_id: CREDITOR, bank_account_id: deAccount?.id }), (m) => [['sepa_mandate', 'create', m.id]]);
      await write('updateSepaMandate', de, () => service.updateSepaMandate(de, mandate.id, { mandate_reference: 'M-1' }), [['sepa_mandate', 'update', mandate.id]]);
      const january = await write('createGermanPayrollRun', de, () => service.createGermanPayrollRun(de, { period: '2026-01' }), (r) => [['payroll_run', 'create', r.payroll_status_id]]);
      await write('approveGermanPayrollRun', de, () => service.approveGermanPayrollRun(de, january.payroll_status_id), [['payroll_run', 'approve', january.payroll_status_id]]);
      const correction = await write('createGermanPayrollRun', de, () => service.createGermanPayrollRun(de, { period: '2026-01', corrects_run_id: january.payroll_status_id }), (r) => [['payroll_run', 'correct', r.payroll_status_id]]);
      await write('discardGermanPayrollRun', de, () => service.discardGermanPayrollRun(de, correction.payroll_status_id), [['payroll_run', 'discard', correction.payroll_status_id]]);
      await write('markGermanPayrollRunPaid', de, () => service.markGermanPayrollRunPaid(de, january.payroll_status_id), [['payroll_run', 'pay', january.payroll_status_id]]);

      // ---- import: the German organization's export read back into the same store (idempotent) ----
      const exported = await service.exportOrganization(de);
      expect(Object.keys(exported.tables)).not.toContain('audit_events');
      const before = await trail(service, de);
      await write('importOrganization', de, () => service.importOrganization(exported), [['organization', 'import', de]]);
      // The import kept every earlier row as it was (checked by write()) and a dry run adds none.
      await service.importOrganization(exported, { dry_run: true });
      expect((await trail(service, de)).length).toBe(before.length + 1);

      expect([...called].sort()).toEqual(WRITE_METHODS);

      // ---- reads and failed writes append nothing ----
      const counts = async () => [(await trail(service, gb)).length, (await trail(service, de)).length];
      const settled = await counts();
      await service.getOrganization(gb);
      await service.listEmployees(gb, {});
      await service.getPayrollRun(gb, run.payroll_status_id);
      await service.exportOrganization(gb);
      await service.getRunJournal(gb, run.payroll_status_id, {});
      await service.calculateGermanPayroll({ payroll_group: [] }).catch(() => undefined);
      await expectDomainError(service.updateEmployee(gb, ann.id, { row_version: 0, first_name: 'Stale' }), 'conflict');
      await expectDomainError(service.approvePayrollRun(gb, run.payroll_status_id), 'conflict');
      await expectDomainError(service.createEmployee(gb, { first_name: 'No', last_name: 'Block', date_of_birth: '1990-01-01', start_date: '2020-01-01' }), 'validation');
      expect(await counts()).toEqual(settled);
    });

    it('records the changed fields of an edit before and after, with tax identifiers, IBANs, account numbers and PINs masked', async () => {
      const org = await service.createOrganization({ legal_name: 'Mask Ltd', country: 'GB', tax_identifiers: { tax_data: { country: 'GB', tax_number: '120/BA45678' } } });
      const employee = await service.createEmployee(org.id, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1986-02-11', start_date: '2018-05-01', gb: { ni_number: 'AB123456C', tax_code: '1257L', ni_category: 'A' } });
      await service.createEmployeeBankAccount(org.id, employee.id, { financial_institution_name: 'Barclays', iban: 'GB33BUKB20201555555555' });
      await service.updateEmployee(org.id, employee.id, { last_name: 'Lee-Smith', gb: { ni_number: 'CE123456A' } });
      await service.updateOrganization(org.id, { tax_identifiers: { tax_data: { country: 'GB', tax_number: '120/ZZ99999' } } });
      const events = await trail(service, org.id);
      const edit = events.find((e) => e.resource_type === 'employee' && e.action === 'update') as AuditEvent;
      // Only what changed; the statutory block read as the document it is, its NI number masked.
      expect(Object.keys(edit.before ?? {}).sort()).toEqual(['last_name', 'statutory_json']);
      expect(edit.before).toMatchObject({ last_name: 'Lee', statutory_json: { ni_number: '******56C', tax_code: '1257L' } });
      expect(edit.after).toMatchObject({ last_name: 'Lee-Smith', statutory_json: { ni_number: '******56A' } });
      const orgEdit = events.find((e) => e.resource_type === 'organization' && e.action === 'update') as AuditEvent;
      expect(Object.keys(orgEdit.before ?? {})).toEqual(['tax_identifiers_json']);
      expect(orgEdit.before).toMatchObject({ tax_identifiers_json: { id: 1, tax_data: { country: 'GB', tax_number: '********678' } } });
      expect(orgEdit.after).toMatchObject({ tax_identifiers_json: { id: 1, tax_data: { country: 'GB', tax_number: '********999' } } });
      const text = JSON.stringify(events);
      for (const secret of ['AB123456C', 'CE123456A', '120/BA45678', '120/ZZ99999', 'GB33BUKB20201555555555']) expect(text).not.toContain(secret);

      const de = await deEmployer(service);
      const site = await service.createWorksite(de.orgId, { name: 'Köln' });
      const details = await service.createWorksiteInsuranceDetails(de.orgId, site.id, { accident_insurance_pin: '01234' });
      await service.updateWorksiteInsuranceDetails(de.orgId, site.id, String(details.id), { accident_insurance_pin: '98765' });
      const pinEdit = (await trail(service, de.orgId, { resource_type: 'worksite_insurance_details' })).find((e) => e.action === 'update') as AuditEvent;
      expect(pinEdit.before).toEqual({ accident_insurance_pin: '[redacted]' });
      expect(pinEdit.after).toEqual({ accident_insurance_pin: '[redacted]' });
    });

    it('reads back in write order, in cursor pages, filtered by resource type and time; one organization never sees another’s', async () => {
      let tick = Date.parse('2026-01-05T09:00:00Z');
      ({ service, dispose } = await (async () => {
        await dispose();
        return backend.create({ clock: { now: () => new Date((tick += 60_000)) } });
      })());
      const org = await service.createOrganization({ legal_name: 'Order Ltd', country: 'GB' });
      const other = await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' });
      const ids: string[] = [];
      for (let i = 0; i < 12; i += 1) ids.push((await service.createEmployee(org.id, { first_name: `E${i}`, last_name: 'X', date_of_birth: '1990-01-01', start_date: '2020-01-01', gb: {} })).id);
      await service.createEmployee(other.id, { first_name: 'Else', last_name: 'Where', date_of_birth: '1990-01-01', start_date: '2020-01-01', gb: {} });
      const first = await service.listAuditEvents(org.id, { size: '5' });
      expect(first.items.map((e) => e.action)).toEqual(['create', 'create', 'create', 'create', 'create']);
      expect(first.items[0]).toMatchObject({ resource_type: 'organization', resource_id: org.id, before: null, after: null });
      expect(first.pagination).toMatchObject({ limit: 5, has_next: true, has_prev: false, total: 13 });
      const all = await trail(service, org.id);
      expect(all.map((e) => e.resource_id)).toEqual([org.id, ...ids]);
      const times = all.map((e) => e.occurred_at);
      expect([...times].sort()).toEqual(times);
      expect(all.every((e) => e.organization_id === org.id)).toBe(true);
      expect((await trail(service, org.id, { resource_type: 'employee' })).map((e) => e.resource_id)).toEqual(ids);
      const since = all[10]?.occurred_at as string;
      expect((await trail(service, org.id, { since })).map((e) => e.resource_id)).toEqual(ids.slice(9));
      const newest = await service.listAuditEvents(org.id, { size: '1', sort_order: 'desc' });
      expect(newest.items[0]?.resource_id).toBe(ids[11]);

      const bad = await expectDomainError(service.listAuditEvents(org.id, { since: 'yesterday' }), 'validation');
      expect(bad.issues.map((i) => i.loc.join('.'))).toEqual(['query.since']);
      const badType = await expectDomainError(service.listAuditEvents(org.id, { resource_type: 'payslip' }), 'validation');
      expect(badType.issues.map((i) => i.loc.join('.'))).toEqual(['query.resource_type']);
      expect((await expectDomainError(service.listAuditEvents(org.id, { size: '0' }), 'pagination')).message).toMatch(/size/);
      expect((await expectDomainError(service.listAuditEvents('no-such-org', {}), 'not_found')).code).toBe('ORGANIZATION.NOT_FOUND');
    });
  });
}
