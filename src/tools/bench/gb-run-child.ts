/**
 * One step of `npm run bench -- gb-run-scale` in a process of its own, so that the peak RSS the parent reads
 * (process.resourceUsage().maxRSS, printed here at the end) belongs to that step alone:
 *
 *   node dist/tools/bench/gb-run-child.js seed LOCATION SIZE SEED_FILE   seeds a GB pay group of SIZE employees
 *   node dist/tools/bench/gb-run-child.js run LOCATION SEED_FILE         runs period 1 of it and approves the run
 *
 * LOCATION is a SQLite file or `postgres://…#schema` (the schema is made by the parent). The answer is one JSON
 * line on stdout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openStore, type Store } from '../../store/database.js';
import { createLocalService, localActor } from '../../service/local.js';
import { createFolderObjectStore } from '../../service/object-store.js';
import { runRequest, type SeededGroup, seedLargePayGroup } from './gb-run.js';

async function open(location: string): Promise<{ store: Store; objects: string }> {
  const [url, schema] = location.split('#');
  if (schema) return { store: await openStore(url as string, { schema, poolSize: 4, statementTimeoutMs: 0 }), objects: join(process.env.BENCH_OBJECT_DIR ?? '/tmp', `${schema}-objects`) };
  return { store: await openStore(location), objects: join(dirname(location), 'objects') };
}

const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

async function main(argv: string[]): Promise<void> {
  const [step, location] = argv;
  if (!location || (step !== 'seed' && step !== 'run')) throw new Error('usage: gb-run-child.js seed LOCATION SIZE SEED_FILE | run LOCATION SEED_FILE');
  const { store, objects } = await open(location);
  const service = createLocalService(store, { actor: localActor('bench'), objects: createFolderObjectStore(objects) });
  const out: Record<string, unknown> = {};
  try {
    if (step === 'seed') {
      const size = Number(argv[2]);
      const t = performance.now();
      const seed = await seedLargePayGroup(service, store, size);
      out.seed_s = (performance.now() - t) / 1000;
      writeFileSync(argv[3] as string, JSON.stringify(seed));
    } else {
      const seed = JSON.parse(readFileSync(argv[2] as string, 'utf8')) as SeededGroup;
      let request: Record<string, unknown> | null = runRequest(seed, 1);
      (seed as { employeeIds: string[] }).employeeIds = [];
      let t = performance.now();
      let cpu = process.cpuUsage();
      const result = await service.runGbPayroll(seed.orgId, request);
      request = null;
      out.run_s = (performance.now() - t) / 1000;
      out.run_cpu_s = cpuSeconds(process.cpuUsage(cpu));
      process.stderr.write(`gb-run-child: ${seed.orgId.slice(0, 8)}… run ${(out.run_s as number).toFixed(2)} s wall, ${(out.run_cpu_s as number).toFixed(2)} s CPU, peak RSS so far ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; approving\n`);
      t = performance.now();
      cpu = process.cpuUsage();
      const approved = await service.approvePayrollRun(seed.orgId, result.payroll_status_id);
      out.approve_s = (performance.now() - t) / 1000;
      out.approve_cpu_s = cpuSeconds(process.cpuUsage(cpu));
      out.net_pay = approved.totals?.net_pay;
      out.employees = approved.employee_count;
      // Payslip PDFs are rendered on first read (decision RENDER1): the first page of a listing renders its 100.
      t = performance.now();
      cpu = process.cpuUsage();
      const listed = await service.listOrganizationDocuments(seed.orgId, { document_type: 'payslip', size: 100 });
      out.first_page_s = (performance.now() - t) / 1000;
      out.first_page_cpu_s = cpuSeconds(process.cpuUsage(cpu));
      out.documents = listed.pagination.total;
      if (listed.items.some((d) => d.sha256 === null)) throw new Error('a listed payslip document has no SHA-256: it was not rendered on first read');
    }
  } finally {
    await store.close();
  }
  // Linux reports maxRSS in kilobytes.
  out.max_rss_mb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main(process.argv.slice(2));
