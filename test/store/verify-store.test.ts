/**
 * `payroll verify --store` (issue 12, fault-injection acceptance): the store invariants the kill -9 test relies on.
 * A sound store passes; each deliberate corruption, the kind a half-finished write or an import that rewrites
 * history leaves behind, is reported by the check it breaks (so the check can fail).
 */
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultObjectRoot } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import type { Store } from '../../src/store/database.js';
import { checkStoreInvariants, type InvariantReport } from '../../src/tools/verify/store-invariants.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';
import { runCli } from '../support/cli.js';
import { engines, type Target } from './engines.js';

function failures(report: InvariantReport): string[] {
  return report.results.flatMap((r) => r.violations.map((v) => `${r.check} ${r.subject}: ${v}`));
}

for (const engine of engines()) {
  describe(`payroll verify --store [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;
    let setup: GbSetup;
    let p1: string;
    let p2: string;
    let documentId: string;
    const check = () => checkStoreInvariants(store.db, createFolderObjectStore(join(target.dir, 'objects')));

    beforeEach(async () => {
      target = await engine.target();
      store = await target.open();
      service = target.service(store);
      setup = await gbEmployer(service, { employees: 2 });
      p1 = (await service.runGbPayroll(setup.orgId, runBody(setup, 1, ['2500', '3100']))).payroll_status_id;
      await service.approvePayrollRun(setup.orgId, p1);
      await service.markPayrollRunPaid(setup.orgId, p1);
      p2 = (await service.runGbPayroll(setup.orgId, runBody(setup, 2, ['2600', '3100']))).payroll_status_id;
      await service.approvePayrollRun(setup.orgId, p2);
      const doc = await service.createDocument(setup.orgId, { document_type: 'contract', document_name: 'contract.pdf', mime_type: 'application/pdf', employee_id: setup.employeeIds[0] });
      await service.uploadDocumentContent(setup.orgId, doc.id, new TextEncoder().encode('%PDF-1.4 contract'));
      documentId = doc.id;
    });
    afterEach(async () => {
      await store.close();
      await target.dispose();
    });

    /** Runs `work` with foreign keys off: corruptions a crash or an import could leave only without them. */
    async function withoutForeignKeys(work: (db: Store['db']) => Promise<void>): Promise<void> {
      if (store.dialect === 'postgres') {
        await store.db.transaction().execute(async (trx) => {
          await sql`set local session_replication_role = replica`.execute(trx);
          await work(trx as unknown as Store['db']);
        });
      } else {
        await sql`pragma foreign_keys = off`.execute(store.db);
        try {
          await work(store.db);
        } finally {
          await sql`pragma foreign_keys = on`.execute(store.db);
        }
      }
    }

    it('passes a sound store: two runs, year to date of two employees, a document with its file', async () => {
      const report = await check();
      expect(failures(report)).toEqual([]);
      // 2 runs + 2 slots + payslip-run + 2 employees' year to date + 1 document + 4 payslip PDFs (recorded on approval)
      expect(report).toMatchObject({ passed: 12, failed: 0 });
    });

    /** The payslip documents approval recorded for run `runId`, with their bytes still to be rendered (decision RENDER1). */
    const pendingPayslips = (runId: string) => store.db.selectFrom('documents').select(['id', 'employee_id', 'object_store_path', 'sha256']).where('source_run_id', '=', runId).where('render_json', 'is not', null).orderBy('employee_id').execute();

    it('passes payslip documents still to be rendered, and checks each against its file once a read rendered it', async () => {
      const [first, second] = await pendingPayslips(p2);
      expect([first?.sha256, second?.sha256]).toEqual([null, null]);
      const employeeId = first?.employee_id as string;
      const pdf = await service.getPayslipPdf(setup.orgId, p2, employeeId);
      expect((await pendingPayslips(p2)).map((d) => d.id)).toEqual([second?.id]);
      const stored = await store.db.selectFrom('documents').select(['sha256', 'file_size_bytes']).where('id', '=', first?.id as string).executeTakeFirstOrThrow();
      expect(stored).toEqual({ sha256: pdf.sha256, file_size_bytes: pdf.bytes.byteLength });
      expect(await check()).toMatchObject({ passed: 12, failed: 0 });
      await createFolderObjectStore(join(target.dir, 'objects')).remove(first?.object_store_path as string);
      expect(failures(await check())).toEqual([expect.stringMatching(new RegExp(`^document-file document ${first?.id}: active document has no file at \\S+ \\(ENOENT\\)$`))]);
    });

    it('reports a payslip document still to be rendered that records a SHA-256, or names no payslip of an approved run', async () => {
      const [first, second] = await pendingPayslips(p2);
      await store.db.updateTable('documents').set({ sha256: 'ab'.repeat(32) }).where('id', '=', first?.id as string).execute();
      await store.db.updateTable('documents').set({ source_run_id: documentId }).where('id', '=', second?.id as string).execute();
      expect(failures(await check()).sort()).toEqual(
        [
          `document-file document ${first?.id}: its bytes are still to be rendered, yet it records a size or SHA-256`,
          `document-file document ${second?.id}: its bytes are still to be rendered from run ${documentId}, which is not an approved or paid run of this organization`,
        ].sort(),
      );
    });

    it('reports year to date that is not the sum of the approved payslips (gb_ytd edited)', async () => {
      const employee = setup.employeeIds[0] as string;
      const row = await store.db.selectFrom('gb_ytd').select('figures_json').where('employee_id', '=', employee).executeTakeFirstOrThrow();
      const json = JSON.parse(row.figures_json) as { figures: Record<string, string> };
      json.figures.tax = '1.00';
      await store.db.updateTable('gb_ytd').set({ figures_json: JSON.stringify(json) }).where('employee_id', '=', employee).execute();
      const report = await check();
      expect(report.failed).toBe(1);
      const ytd = report.results.find((r) => r.check === 'year-to-date' && r.subject === `employee ${employee} 2025-26`);
      expect(ytd?.violations.join('\n')).toMatch(/gb_ytd tax 1\.00 where the approved payslips give \d+\.\d\d/);
    });

    it('reports an approved payslip whose figures were changed after its year to date (net_pay edited)', async () => {
      const employee = setup.employeeIds[1] as string;
      await store.db.updateTable('gb_payslips').set({ net_pay: '9999.99' }).where('run_id', '=', p1).where('employee_id', '=', employee).execute();
      const report = await check();
      const text = failures(report).join('\n');
      expect(text).toMatch(new RegExp(`year-to-date employee ${employee} 2025-26: payslip \\S+ \\(period 1\\): year to date net_pay`));
      expect(text).toMatch(/run run \S+: totals net_pay \S+ where its payslips sum to/);
    });

    it('reports a second live run for the same period, counted twice in year to date', async () => {
      const run = await store.db.selectFrom('gb_payroll_runs').selectAll().where('id', '=', p2).executeTakeFirstOrThrow();
      const copyId = `${p2.slice(0, -4)}ffff`;
      await store.db.insertInto('gb_payroll_runs').values({ ...run, id: copyId, slot_key: null }).execute();
      const payslips = await store.db.selectFrom('gb_payslips').selectAll().where('run_id', '=', p2).execute();
      await store.db.insertInto('gb_payslips').values(payslips.map((p) => ({ ...p, id: `${p.id.slice(0, -4)}eeee`, run_id: copyId }))).execute();
      const text = failures(await check()).join('\n');
      expect(text).toContain(`run-slot slot ${setup.groupId}|2025-26|2: 2 live runs for the same pay group and period`);
      expect(text).toContain(`run run ${copyId}: approved run holds slot none instead of ${setup.groupId}|2025-26|2`);
      expect(text).toMatch(/year-to-date employee \S+ 2025-26: payslips \S+, \S+ all build on payslip \S+: the same period is counted more than once/);
    });

    it('reports a run stuck processing with payslips and its period held, and a draft missing payslips', async () => {
      const draft = (await service.runGbPayroll(setup.orgId, runBody(setup, 3, ['2600', '3100']))).payroll_status_id;
      await store.db.updateTable('gb_payroll_runs').set({ status: 'processing' }).where('id', '=', draft).execute();
      let text = failures(await check()).join('\n');
      expect(text).toContain(`run run ${draft}: processing run has 2 payslip(s)`);
      expect(text).toContain(`run run ${draft}: processing run holds its pay group's period (slot ${setup.groupId}|2025-26|3)`);
      await store.db.updateTable('gb_payroll_runs').set({ status: 'draft' }).where('id', '=', draft).execute();
      await store.db.deleteFrom('gb_payslips').where('run_id', '=', draft).where('employee_id', '=', setup.employeeIds[0] as string).execute();
      text = failures(await check()).join('\n');
      expect(text).toContain(`run run ${draft}: draft run counts 2 employee(s) but has 1 payslip(s)`);
    });

    it('reports approved payslips not counted in year to date (run approved without its gb_ytd write)', async () => {
      const p3 = (await service.runGbPayroll(setup.orgId, runBody(setup, 3, ['2600', '3100']))).payroll_status_id;
      await store.db.updateTable('gb_payroll_runs').set({ status: 'approved' }).where('id', '=', p3).execute();
      const report = await check();
      expect(report.failed).toBe(2);
      expect(failures(report).join('\n')).toMatch(/gb_ytd names payslip \S+, but a later approved payslip builds on it/);
      expect(failures(report).join('\n')).toMatch(/approved payslip\(s\) \S+ are not counted in the year to date/);
    });

    it('reports payslips of a run that does not exist', async () => {
      await withoutForeignKeys(async (db) => {
        await db.deleteFrom('gb_payroll_runs').where('id', '=', p2).execute();
      });
      const text = failures(await check()).join('\n');
      expect(text).toContain(`payslip-run payslips: payslip`);
      expect(text).toContain(`belongs to run ${p2}, which does not exist`);
    });

    it('reports an active document whose file is missing', async () => {
      const doc = await store.db.selectFrom('documents').select('object_store_path').where('id', '=', documentId).executeTakeFirstOrThrow();
      await createFolderObjectStore(join(target.dir, 'objects')).remove(doc.object_store_path);
      const report = await check();
      expect(report).toMatchObject({ failed: 1 });
      expect(failures(report)).toEqual([expect.stringMatching(new RegExp(`^document-file document ${documentId}: active document has no file at \\S+ \\(ENOENT\\)$`))]);
    });

    if (engine.name === 'sqlite') {
      it('the CLI prints each violation and "N passed, M failed", exit 1; a sound store exits 0', async () => {
        await store.close();
        const env = { PATH: process.env.PATH, HOME: target.dir, XDG_DATA_HOME: join(target.dir, 'data'), XDG_CONFIG_HOME: join(target.dir, 'config'), CI: 'true', NO_COLOR: '1' };
        // The CLI looks for document files beside the database file.
        const db = join(target.dir, 'cli.db');
        copyFileSync(target.location, db);
        const objects = createFolderObjectStore(defaultObjectRoot(db, target.dir));
        const source = createFolderObjectStore(join(target.dir, 'objects'));
        const reopened = await target.open();
        const doc = await reopened.db.selectFrom('documents').select('object_store_path').where('id', '=', documentId).executeTakeFirstOrThrow();
        // Every document file (the payslip PDFs recorded on approval have none until first read, decision RENDER1).
        const all = await reopened.db.selectFrom('documents').select('object_store_path').where('render_json', 'is', null).execute();
        await reopened.close();
        for (const d of all) await objects.put(d.object_store_path, await source.get(d.object_store_path));
        const sound = await runCli(['verify', '--store', '--db', db], { env });
        expect(sound).toMatchObject({ code: 0, stdout: '12 passed, 0 failed\n' });
        await objects.remove(doc.object_store_path);
        const broken = await runCli(['verify', '--store', '--db', db], { env });
        expect(broken.code).toBe(1);
        expect(broken.stdout).toMatch(new RegExp(`^FAIL ${setup.orgId} document-file document ${documentId}: active document has no file at \\S+ \\(ENOENT\\)\\n11 passed, 1 failed\\n$`));
        const remote = await runCli(['verify', '--store', '--remote', 'https://payroll.example'], { env });
        expect(remote.code).toBe(2);
        expect(remote.stderr).toContain('verify --store checks a local store');
        rmSync(db, { force: true });
        store = await target.open();
      });
    }
  });
}
