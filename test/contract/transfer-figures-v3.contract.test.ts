/**
 * Figures version 3 through export and import (decision FIG3-4), on every backend: a store's version 3 payslips
 * import as they are and read the same; an export whose payslips are version 2 (written before version 3) imports
 * as version 2 and reads the same; a version 3 document that cannot be read is refused, naming its record.
 */
import { describe, expect, it } from 'vitest';
import { readGbPayslipFigures } from '../../src/store/gb-payslip-figures.js';
import { allBackends, sourceAndTargetPerTest } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';
import { gbEmployer, runBody } from '../domain/gb/run/fixtures.js';

type Row = Record<string, unknown>;

for (const backend of allBackends()) {
  describe(`GB payslip figures version 3 through export and import [${backend.name}]`, () => {
    const services = sourceAndTargetPerTest(backend);

    async function approvedRun() {
      const setup = await gbEmployer(services.source, { employees: 2, gb: { tax_code: 'K475' } });
      const run = await services.source.runGbPayroll(setup.orgId, runBody(setup, 1, ['2100.00', '4800.00']));
      await services.source.approvePayrollRun(setup.orgId, run.payroll_status_id);
      const exported = await services.source.exportOrganization(setup.orgId);
      return { setup, runId: run.payroll_status_id, exported };
    }

    async function sameReads(setup: { orgId: string; employeeIds: string[] }, runId: string): Promise<void> {
      const employee = setup.employeeIds[1] as string;
      expect(await services.target.getPayrollRun(setup.orgId, runId)).toEqual(await services.source.getPayrollRun(setup.orgId, runId));
      const explained = await services.target.explainPayslip(setup.orgId, runId, employee);
      expect(explained.explained).toBe(true);
      expect(explained).toEqual(await services.source.explainPayslip(setup.orgId, runId, employee));
    }

    it('version 3 rows import as they are and read the same', async () => {
      const { setup, runId, exported } = await approvedRun();
      const payslips = exported.tables.gb_payslips as Row[];
      expect(payslips.map((r) => Number(r.figures_version))).toEqual([3, 3]);
      await services.target.importOrganization(exported);
      await sameReads(setup, runId);
      const again = await services.target.exportOrganization(setup.orgId);
      expect(again.tables.gb_payslips).toEqual(exported.tables.gb_payslips);
    });

    it('an export of version 2 payslips imports as version 2 and reads the same', async () => {
      const { setup, runId, exported } = await approvedRun();
      for (const row of exported.tables.gb_payslips as Row[]) {
        row.figures_json = JSON.stringify(readGbPayslipFigures(String(row.figures_json), Number(row.figures_version)));
        row.figures_version = 2;
      }
      await services.target.importOrganization(exported);
      const stored = (await services.target.exportOrganization(setup.orgId)).tables.gb_payslips as Row[];
      expect(stored.map((r) => Number(r.figures_version))).toEqual([2, 2]);
      expect(stored.every((r) => String(r.figures_json).includes('"flow":"paye"'))).toBe(true);
      await sameReads(setup, runId);
    });

    it('a version 3 document that cannot be read is refused, naming the record, and nothing is written', async () => {
      const { setup, exported } = await approvedRun();
      const row = (exported.tables.gb_payslips as Row[])[0] as Row;
      const figures = JSON.parse(String(row.figures_json)) as { trace: unknown[] };
      figures.trace.push(['paye:no-such-step', '1']);
      row.figures_json = JSON.stringify(figures);
      const error = await expectDomainError(services.target.importOrganization(exported), 'validation');
      expect(error.issues).toEqual([expect.objectContaining({ loc: ['body', 'tables', 'gb_payslips', '1', 'figures_json'], type: 'figures_unreadable', msg: expect.stringContaining(`"paye:no-such-step" is not in this build's figures version 3 dictionary`) })]);
      await expectDomainError(services.target.getOrganization(setup.orgId), 'not_found');
    });
  });
}
