/**
 * Issue 13 point 4: a payroll run takes its ids and its time from the context's ports (ServiceContext.ids and
 * .clock), never from a generator or clock of its own, so a caller (a test, a replay) decides both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore, type Store } from '../../src/store/database.js';
import { gbEmployer, runBody } from '../domain/gb/run/fixtures.js';

describe('payroll run ports', () => {
  let store: Store | null = null;
  let dir: string | null = null;
  afterEach(async () => {
    await store?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('names the run, its task and its payslips with ids from ctx.ids and stamps them with ctx.clock', async () => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-run-ports-'));
    store = await openStore(':memory:');
    let n = 0;
    const ids = { next: () => `00000000-0000-7000-8000-${String((n += 1)).padStart(12, '0')}` };
    const clock = { now: () => new Date('2025-05-01T08:00:00Z') };
    const service = createLocalService(store, { actor: localActor('ports'), clock, ids, objects: createFolderObjectStore(dir) });
    const setup = await gbEmployer(service, { employees: 2 });
    const before = n;
    const result = await service.runGbPayroll(setup.orgId, runBody(setup, 1, '2500.00'));
    const mine = (id: string) => Number(id.slice(-12)) > before && id.startsWith('00000000-0000-7000-8000-');
    expect(mine(result.payroll_status_id)).toBe(true);
    expect(mine(result.task_id)).toBe(true);
    const run = await service.getPayrollRun(setup.orgId, result.payroll_status_id);
    expect(run.created_at).toBe('2025-05-01T08:00:00.000Z');
    expect(run.calculated_at).toBe('2025-05-01T08:00:00.000Z');
    expect(run.payslips).toHaveLength(2);
    for (const slip of run.payslips ?? []) expect(mine(slip.id)).toBe(true);
  });
});
