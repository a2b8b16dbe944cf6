/**
 * What the audit trail costs a large run (issue 20 acceptance: "npm run bench prints the audit overhead on a
 * 10,000-employee run", target < 10 %). A run is audited per transition, not per payslip (decision AU4), so a
 * 10,000-employee run + approval appends two rows. The bench runs and approves such a run as shipped (audit on), reads
 * back the rows it appended (proving there are exactly two), then measures what appending those same two rows costs
 * inside an open transaction on the same store, over many repetitions: the marginal cost the audit adds to the run's
 * own transactions (masking, JSON, the insert and its index entries). Overhead = that cost / (run + approve − it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audit, type AuditEntry } from '../../service/audit.js';
import type { ServiceContext } from '../../service/context.js';
import { systemClock } from '../../service/context.js';
import { pooledUuidv7 } from '../../service/ids.js';
import { createLocalService, localActor } from '../../service/local.js';
import { createFolderObjectStore } from '../../service/object-store.js';
import { openStore } from '../../store/database.js';
import { runTransaction } from '../../store/transaction.js';
import { runRequest, seedLargePayGroup } from './gb-run.js';

const REPEATS = 200;

export async function run(): Promise<void> {
  const count = Number(process.env.BENCH_AUDIT_EMPLOYEES ?? 10_000);
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-audit-'));
  const store = await openStore(join(dir, 'bench.db'));
  const objects = createFolderObjectStore(dir);
  const actor = localActor('bench');
  const service = createLocalService(store, { actor, objects });
  try {
    const seed = await seedLargePayGroup(service, store, count);
    let t = performance.now();
    const result = await service.runGbPayroll(seed.orgId, runRequest(seed, 1));
    await service.approvePayrollRun(seed.orgId, result.payroll_status_id);
    const totalMs = performance.now() - t;

    const rows = await store.db.selectFrom('audit_events').selectAll().where('org_id', '=', seed.orgId).where('resource_id', '=', result.payroll_status_id).orderBy('id').execute();
    const actions = rows.map((r) => r.action);
    if (actions.join(',') !== 'create,approve') throw new Error(`a run + approval should append the rows create, approve; found ${actions.join(', ') || 'none'}`);
    const entries: AuditEntry[] = rows.map((r) => ({
      orgId: r.org_id,
      resourceType: r.resource_type,
      resourceId: r.resource_id,
      action: r.action,
      before: r.before_json ? (JSON.parse(r.before_json) as object) : null,
      after: r.after_json ? (JSON.parse(r.after_json) as object) : null,
      detail: r.detail_json ? (JSON.parse(r.detail_json) as Record<string, unknown>) : null,
    }));
    const ctx: ServiceContext = { store, clock: systemClock, ids: pooledUuidv7, actor, objects };
    let auditMs = 0;
    for (let i = 0; i < REPEATS; i += 1) {
      await runTransaction(store, async (trx) => {
        t = performance.now();
        for (const entry of entries) await audit(ctx, trx, entry);
        auditMs += performance.now() - t;
      });
    }
    const perRunMs = auditMs / REPEATS;
    const overhead = (perRunMs / (totalMs - perRunMs)) * 100;
    process.stdout.write(
      `audit-overhead: ${overhead.toFixed(3)} % on a ${count.toLocaleString('en-GB')}-employee GB run + approve (${rows.length} audit rows: ${actions.join(', ')}; ${perRunMs.toFixed(2)} ms of ${(totalMs / 1000).toFixed(2)} s; target < 10 %) ${overhead < 10 ? 'OK' : 'SLOW'}\n`,
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
