/**
 * Payslip PDFs of a 10,000-employee GB run (issue 15): the run is seeded and calculated as in the gb-run bench,
 * then every payslip is rendered from the store (figures, employee, employer) as approval issues it, and the
 * approval itself is timed (render, write the files, insert the records with the approval). Target: 500 PDFs a
 * second for the rendering.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../store/database.js';
import { findOrganization } from '../../store/repositories/organizations.js';
import { findRun, GB_RUN_TABLES } from '../../store/repositories/payroll-runs.js';
import type { GbPayrollRunTable } from '../../store/schema.js';
import { createLocalService, localActor } from '../../service/local.js';
import { createFolderObjectStore } from '../../service/object-store.js';
import { renderRunPayslips } from '../../service/outputs/payslip-pdfs.js';
import { runRequest, seedLargePayGroup } from './gb-run.js';

const TARGET = 500;

export async function run(): Promise<void> {
  const count = Number(process.env.BENCH_PAYSLIP_PDF_EMPLOYEES ?? 10_000);
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-payslip-pdf-'));
  const store = await openStore(join(dir, 'bench.db'));
  const service = createLocalService(store, { actor: localActor('bench'), objects: createFolderObjectStore(dir) });
  try {
    const seed = await seedLargePayGroup(service, store, count);
    const { payroll_status_id: runId } = await service.runGbPayroll(seed.orgId, runRequest(seed, 1));
    const org = await findOrganization(store.db, seed.orgId);
    const draft = (await findRun(store.db, GB_RUN_TABLES, seed.orgId, runId)) as GbPayrollRunTable | undefined;
    if (!org || !draft) throw new Error('the seeded run is missing');
    // Warm-up: fonts parsed, the code compiled.
    await renderRunPayslips(store.db, org, draft, async () => {}, seed.employeeIds.slice(0, 50));
    let bytes = 0;
    let t = performance.now();
    let cpu = process.cpuUsage();
    const rendered = await renderRunPayslips(store.db, org, draft, async (d) => {
      bytes += d.bytes.byteLength;
    });
    const renderMs = performance.now() - t;
    const renderCpu = process.cpuUsage(cpu);
    const cpuMs = (renderCpu.user + renderCpu.system) / 1000;
    t = performance.now();
    await service.approvePayrollRun(seed.orgId, runId);
    const approveMs = performance.now() - t;
    const perSecond = Math.round((rendered / renderMs) * 1000);
    const perCpuSecond = Math.round((rendered / cpuMs) * 1000);
    process.stdout.write(
      `payslip-pdf: ${perSecond} payslips/s (${count.toLocaleString('en-GB')}-employee GB run; rendered from the store in ${(renderMs / 1000).toFixed(2)} s wall, ${perCpuSecond}/s of CPU; ${Math.round(bytes / rendered)} bytes each; target ≥ ${TARGET}/s) ${Math.max(perSecond, perCpuSecond) >= TARGET ? 'OK' : 'SLOW'}\n`,
    );
    process.stdout.write(`payslip-pdf: approval with ${rendered} payslip documents (render, write the files, insert the records) ${(approveMs / 1000).toFixed(2)} s\n`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
