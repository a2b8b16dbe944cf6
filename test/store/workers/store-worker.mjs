/**
 * One writer process of the store concurrency tests (test/store/concurrency.test.ts). It opens the
 * store exactly as `payroll` does (the built dist/), prints `ready`, waits for `go` on stdin so all
 * writers start together, does its job through the PayrollService, prints one JSON line with what
 * happened, closes the store and ends on its own: a pool or handle left open would keep it alive
 * and the test would see it hang.
 *
 * Usage: node store-worker.mjs '{"op":"contacts","db":"...","schema":null,"objects":"<folder>","worker":3,...}'
 */
import { createInterface } from 'node:readline';
import { createLocalService, localActor } from '../../../dist/service/local.js';
import { createFolderObjectStore } from '../../../dist/service/object-store.js';
import { openStore } from '../../../dist/store/database.js';

const job = JSON.parse(process.argv[2]);

function failure(error) {
  return { code: error?.code ?? 'UNEXPECTED', kind: error?.kind ?? 'internal', message: String(error?.message ?? error) };
}

async function attempt(step) {
  try {
    return { ok: true, value: await step() };
  } catch (error) {
    return { ok: false, error: failure(error) };
  }
}

const ops = {
  /** Nothing but the open itself (which migrated the store if needed): what it finds applied. */
  async opened() {
    const rows = await store.db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
    return { migrations: rows.map((r) => r.name) };
  },

  /** One contact per call (one transaction each): its own addresses, plus the shared ones every worker tries. */
  async contacts(service) {
    const out = { created: [], duplicates: [], errors: [] };
    for (let i = 0; i < job.count; i += 1) {
      const emails = [`w${job.worker}-${i}@example.test`, ...(i < job.shared ? [`shared-${i}@example.test`] : [])];
      for (const email of emails) {
        const result = await attempt(() => service.createContacts(job.orgId, [{ name: `Worker ${job.worker} #${i}`, email, roles: ['payroll'] }]));
        if (!result.ok) out.errors.push(result.error);
        else if (result.value.succeeded === 1) out.created.push(email);
        else if (result.value.errors[0]?.errors[0]?.params?.code === 'CONTACT.DUPLICATE_EMAIL') out.duplicates.push(email);
        else out.errors.push({ code: 'BULK', message: JSON.stringify(result.value.errors) });
      }
    }
    return out;
  },

  /** Read-modify-write of the same organization without a row_version (last writer wins, nothing lost). */
  async touchOrg(service) {
    const out = { updated: 0, stale: 0, errors: [] };
    for (let i = 0; i < job.count; i += 1) {
      const result = await attempt(() => service.updateOrganization(job.orgId, { dba_name: `w${job.worker}-${i}` }));
      if (result.ok) out.updated += 1;
      else if (result.error.code === 'ORGANIZATION.STALE_VERSION') out.stale += 1;
      else out.errors.push(result.error);
    }
    return out;
  },

  /** The same for one employee: edits without a row_version apply one after the other. */
  async touchEmployee(service) {
    const out = { updated: 0, stale: 0, errors: [] };
    for (let i = 0; i < job.count; i += 1) {
      const result = await attempt(() => service.updateEmployee(job.orgId, job.employeeId, { first_name: `w${job.worker}-${i}` }));
      if (result.ok) out.updated += 1;
      else if (result.error.code === 'EMPLOYEE.STALE_VERSION') out.stale += 1;
      else out.errors.push(result.error);
    }
    return out;
  },

  /** A clerk saving an edit made on the version they read. */
  async clerk(service) {
    const result = await attempt(() => service.updateOrganization(job.orgId, { row_version: job.rowVersion, legal_name: job.legalName }));
    return result.ok ? { ok: true, row_version: result.value.row_version, legal_name: result.value.legal_name } : { ok: false, error: result.error };
  },

  /** A GB payroll run for one pay group and period. */
  async gbRun(service) {
    const result = await attempt(() => service.runGbPayroll(job.orgId, job.body));
    if (!result.ok) return { ok: false, error: result.error };
    if (job.approve) {
      const approved = await attempt(() => service.approvePayrollRun(job.orgId, result.value.payroll_status_id));
      if (!approved.ok) return { ok: false, run: result.value, error: approved.error };
    }
    return { ok: true, run: result.value };
  },
};

const store = await openStore(job.db, { ...(job.schema ? { schema: job.schema } : {}), poolSize: 2 });
const service = createLocalService(store, { actor: localActor(`worker-${job.worker}`), objects: createFolderObjectStore(job.objects), ownsStore: true });
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once('line', resolve));
lines.close();
let result;
try {
  result = await ops[job.op](service);
} finally {
  await service.close();
}
process.stdout.write(`${JSON.stringify(result)}\n`);
