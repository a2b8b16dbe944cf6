/**
 * Import never rewrites history and never stores what create/update would refuse (issue 12, points 1, 2 and the
 * import half of 5), on every backend.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../src/service/contracts/transfer.js';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';

type Rows = Record<string, string | number | boolean | null>[];

function withoutTimestamp(document: ExportDocument) {
  const { exported_at: _ignored, ...rest } = document;
  return rest;
}

const rows = (document: ExportDocument, table: string): Rows => document.tables[table] as Rows;

for (const backend of allBackends()) {
  describe(`import keeps history [${backend.name}]`, () => {
    let source: { service: PayrollService; dispose(): Promise<void> };
    let target: { service: PayrollService; dispose(): Promise<void> };
    let setup: GbSetup;
    beforeEach(async () => {
      source = await backend.create();
      target = await backend.create();
      setup = await gbEmployer(source.service);
    });
    afterEach(async () => {
      await source.dispose();
      await target.dispose();
    });

    async function runAndPay(period: number, amount: string): Promise<string> {
      const { payroll_status_id: runId } = await source.service.runGbPayroll(setup.orgId, runBody(setup, period, amount));
      await source.service.approvePayrollRun(setup.orgId, runId);
      await source.service.markPayrollRunPaid(setup.orgId, runId);
      return runId;
    }

    it('an old export re-imported after later runs were approved and paid changes nothing and says so', async () => {
      const { payroll_status_id: p1 } = await source.service.runGbPayroll(setup.orgId, runBody(setup, 1, '2500.00'));
      const whileDraft = await source.service.exportOrganization(setup.orgId);
      expect(rows(whileDraft, 'gb_payroll_runs')[0]?.status).toBe('draft');
      await source.service.approvePayrollRun(setup.orgId, p1);
      await source.service.markPayrollRunPaid(setup.orgId, p1);
      const afterPeriod1 = await source.service.exportOrganization(setup.orgId);
      await runAndPay(2, '2600.00');
      const before = await source.service.exportOrganization(setup.orgId);

      const fromDraft = await source.service.importOrganization(whileDraft);
      expect(fromDraft.changed).toBe(false);
      expect(fromDraft.objects_written).toBe(0);
      // The run the file holds as a draft is paid here: kept, never turned back into a draft.
      expect(fromDraft.tables.gb_payroll_runs).toEqual({ inserted: 0, updated: 0, unchanged: 0, kept: 1 });
      expect(fromDraft.tables.gb_payslips).toEqual({ inserted: 0, updated: 0, unchanged: 1, kept: 0 });

      const fromPeriod1 = await source.service.importOrganization(afterPeriod1);
      expect(fromPeriod1.changed).toBe(false);
      // Year to date moved on with period 2's approval: the file's period-1 figures are kept out.
      expect(fromPeriod1.tables.gb_ytd).toEqual({ inserted: 0, updated: 0, unchanged: 0, kept: 1 });
      expect(fromPeriod1.tables.gb_payroll_runs).toEqual({ inserted: 0, updated: 0, unchanged: 1, kept: 0 });

      expect((await source.service.getPayrollRun(setup.orgId, p1)).status).toBe('paid');
      await expectDomainError(source.service.discardPayrollRun(setup.orgId, p1), 'conflict');
      expect(withoutTimestamp(await source.service.exportOrganization(setup.orgId))).toEqual(withoutTimestamp(before));
    });

    it('importing the same export twice is a no-op the second time', async () => {
      await runAndPay(1, '2500.00');
      const exported = await source.service.exportOrganization(setup.orgId);
      const first = await target.service.importOrganization(exported);
      expect(first.changed).toBe(true);
      expect(first.tables.gb_payslips).toEqual({ inserted: 1, updated: 0, unchanged: 0, kept: 0 });
      const second = await target.service.importOrganization(exported);
      expect(second.changed).toBe(false);
      for (const [name, counts] of Object.entries(second.tables)) {
        expect(counts, name).toEqual({ inserted: 0, updated: 0, unchanged: exported.tables[name]?.length ?? 0, kept: 0 });
      }
      expect(withoutTimestamp(await target.service.exportOrganization(setup.orgId))).toEqual(withoutTimestamp(exported));
    });

    it('refuses a hand-edited net_pay of a paid payslip, naming the record, and changes nothing', async () => {
      const runId = await runAndPay(1, '2500.00');
      const exported = await source.service.exportOrganization(setup.orgId);
      const slip = rows(exported, 'gb_payslips')[0]!;
      const netPay = String(slip.net_pay);

      // Only the column edited: the payslip disagrees with its own detail, whatever the store holds.
      const columnOnly = structuredClone(exported);
      rows(columnOnly, 'gb_payslips')[0]!.net_pay = '9999.99';
      for (const service of [source.service, target.service]) {
        const invalid = await expectDomainError(service.importOrganization(columnOnly), 'validation');
        expect(invalid.issues).toContainEqual(expect.objectContaining({ loc: ['body', 'tables', 'gb_payslips', '1', 'net_pay'], type: 'payslip_inconsistent' }));
      }
      expect((await target.service.listOrganizations({})).pagination.total).toBe(0);

      // Column and detail edited alike: the stored payslip is fixed, so the import is a conflict naming it.
      const both = structuredClone(exported);
      const edited = rows(both, 'gb_payslips')[0]!;
      edited.net_pay = '9999.99';
      edited.figures_json = JSON.stringify({ ...(JSON.parse(String(edited.figures_json)) as object), netPay: '9999.99' });
      const refused = await expectDomainError(source.service.importOrganization(both), 'conflict');
      expect(refused.code).toBe('IMPORT.CONFLICT');
      expect(refused.message).toContain(`gb_payslips ${String(slip.id)}`);
      expect(refused.message).toContain('net_pay');
      expect(refused.details).toMatchObject({ table: 'gb_payslips', key: slip.id, field: 'figures_json', record: 1 });
      const run = await source.service.getPayrollRun(setup.orgId, runId);
      expect(run.status).toBe('paid');
      expect(run.payslips?.[0]?.net_pay).toBe(netPay);
      expect(withoutTimestamp(await source.service.exportOrganization(setup.orgId))).toEqual(withoutTimestamp(exported));
    });

    it('refuses to turn a paid run back into a draft or to add a payslip to it', async () => {
      const runId = await runAndPay(1, '2500.00');
      const exported = await source.service.exportOrganization(setup.orgId);
      const asDraft = structuredClone(exported);
      Object.assign(rows(asDraft, 'gb_payroll_runs')[0]!, { status: 'draft', tax_period: 2 });
      const changedPeriod = await expectDomainError(source.service.importOrganization(asDraft), 'conflict');
      expect(changedPeriod.details).toMatchObject({ table: 'gb_payroll_runs', key: runId, field: 'tax_period' });

      const extra = structuredClone(exported);
      const second = await source.service.createEmployee(setup.orgId, { first_name: 'Late', last_name: 'Comer', date_of_birth: '1990-01-01', start_date: '2021-01-01', gb: { ni_number: 'AB123456C' } });
      const withSecond = await source.service.exportOrganization(setup.orgId);
      extra.tables.employees = withSecond.tables.employees!;
      const slip = rows(extra, 'gb_payslips')[0]!;
      rows(extra, 'gb_payslips').push({ ...slip, id: `${String(slip.id)}-x`, employee_id: second.id });
      const added = await expectDomainError(source.service.importOrganization(extra), 'conflict');
      expect(added.details).toMatchObject({ table: 'gb_payslips', field: 'run_id', record: 2 });
      expect((await source.service.getPayrollRun(setup.orgId, runId)).payslips).toHaveLength(1);
    });

    it('refuses an export whose employee is older than a later edit (stale row_version), keeping the edit', async () => {
      const employeeId = setup.employeeIds[0]!;
      const exported = await source.service.exportOrganization(setup.orgId);
      await source.service.updateEmployee(setup.orgId, employeeId, { last_name: 'Renamed', row_version: 0 });
      const stale = await expectDomainError(source.service.importOrganization(exported), 'conflict');
      expect(stale.code).toBe('IMPORT.STALE_VERSION');
      expect(stale.message).toContain(`employees ${employeeId} (record 1 of employees)`);
      expect(stale.message).toContain('row_version 0');
      expect(stale.details).toMatchObject({ table: 'employees', key: employeeId, field: 'last_name' });
      const employee = await source.service.getEmployee(setup.orgId, employeeId);
      expect(employee).toMatchObject({ last_name: 'Renamed', row_version: 1 });

      // The current version edited in the file applies, and moves the record past it.
      const current = await source.service.exportOrganization(setup.orgId);
      rows(current, 'employees')[0]!.first_name = 'Edited';
      const applied = await source.service.importOrganization(current);
      expect(applied.tables.employees).toEqual({ inserted: 0, updated: 1, unchanged: 0, kept: 0 });
      expect(await source.service.getEmployee(setup.orgId, employeeId)).toMatchObject({ first_name: 'Edited', last_name: 'Renamed', row_version: 2 });
    });

    it('refuses any content create/update would refuse, naming table, record from 1 and field, writing nothing', async () => {
      await runAndPay(1, '2500.00');
      const exported = await source.service.exportOrganization(setup.orgId);
      const gbBlock = (row: Rows[number]) => JSON.parse(String(row.statutory_json)) as Record<string, unknown>;
      const cases: { name: string; edit(d: ExportDocument): void; loc: (string | number)[]; type?: string }[] = [
        { name: 'duplicate id', edit: (d) => rows(d, 'employees').push({ ...rows(d, 'employees')[0]! }), loc: ['employees', '2', 'id'], type: 'duplicate_key' },
        { name: 'invalid UTF-8 (replacement character)', edit: (d) => void (rows(d, 'employees')[0]!.first_name = 'J\uFFFDrg'), loc: ['employees', '1', 'first_name'], type: 'invalid_text' },
        { name: 'lone surrogate', edit: (d) => void (rows(d, 'employees')[0]!.last_name = 'Test\uD800'), loc: ['employees', '1', 'last_name'], type: 'invalid_text' },
        { name: 'tax code ZZZ', edit: (d) => void (rows(d, 'employees')[0]!.statutory_json = JSON.stringify({ ...gbBlock(rows(d, 'employees')[0]!), tax_code: 'ZZZ' })), loc: ['employees', '1', 'statutory_json', 'tax_code'], type: 'tax_code_format' },
        { name: 'invalid NI number', edit: (d) => void (rows(d, 'employees')[0]!.statutory_json = JSON.stringify({ ...gbBlock(rows(d, 'employees')[0]!), ni_number: 'QQ123456Z' })), loc: ['employees', '1', 'statutory_json', 'ni_number'], type: 'ni_number_format' },
        { name: 'country Atlantis', edit: (d) => void (rows(d, 'organizations')[0]!.country = 'Atlantis'), loc: ['organizations', '1', 'country'] },
        { name: 'impossible date', edit: (d) => void (rows(d, 'employees')[0]!.start_date = '2026-02-30'), loc: ['employees', '1', 'start_date'] },
        { name: 'unknown run status', edit: (d) => void (rows(d, 'gb_payroll_runs')[0]!.status = 'finalised'), loc: ['gb_payroll_runs', '1', 'status'] },
        { name: 'unknown employee status', edit: (d) => void (rows(d, 'employees')[0]!.status = 'retired'), loc: ['employees', '1', 'status'] },
        { name: 'unreadable payslip figures', edit: (d) => void (rows(d, 'gb_payslips')[0]!.figures_json = '{"net":1}'), loc: ['gb_payslips', '1', 'figures_json', 'taxCode'] },
        { name: 'unreadable year to date', edit: (d) => void (rows(d, 'gb_ytd')[0]!.figures_json = '{"figures":{"tax":"x"}}'), loc: ['gb_ytd', '1', 'figures_json', 'figures', 'tax'] },
        { name: 'payslip JSON that is not JSON', edit: (d) => void (rows(d, 'gb_payslips')[0]!.ytd_json = '{'), loc: ['gb_payslips', '1', 'ytd_json'], type: 'json_invalid' },
      ];
      for (const c of cases) {
        const tampered = structuredClone(exported);
        c.edit(tampered);
        const error = await expectDomainError(target.service.importOrganization(tampered), 'validation');
        const issue = error.issues.find((i) => JSON.stringify(i.loc) === JSON.stringify(['body', 'tables', ...c.loc]));
        expect(issue, `${c.name}: ${JSON.stringify(error.issues)}`).toBeDefined();
        expect(issue?.msg, c.name).toContain(`record ${c.loc[1]} of ${c.loc[0]}`);
        if (c.type) expect(issue?.type, c.name).toBe(c.type);
        expect((await target.service.listOrganizations({})).pagination.total, c.name).toBe(0);
      }
    });

    it('refuses tax_class 9 in a German employee, writing nothing', async () => {
      const org = await source.service.createOrganization({ legal_name: 'Export GmbH', country: 'DE' });
      const employee = await source.service.createEmployee(org.id, { first_name: 'Erika', last_name: 'Muster', date_of_birth: '1980-01-01', start_date: '2020-01-01', de: { tax_id: '86095742719', tax_class: 1, federal_state: 'Berlin' } });
      const exported = await source.service.exportOrganization(org.id);
      const row = rows(exported, 'employees')[0]!;
      expect(row.id).toBe(employee.id);
      row.statutory_json = JSON.stringify({ ...(JSON.parse(String(row.statutory_json)) as object), tax_class: 9 });
      const error = await expectDomainError(target.service.importOrganization(exported), 'validation');
      expect(error.issues).toContainEqual({ loc: ['body', 'tables', 'employees', '1', 'statutory_json', 'tax_class'], msg: 'record 1 of employees: must be 1 to 6', type: 'greater_than_maximum' });
      expect((await target.service.listOrganizations({})).pagination.total).toBe(0);
    });
  });
}
