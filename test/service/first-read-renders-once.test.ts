/**
 * Decision RENDER1: a payslip document is rendered on its first read. The first page of a listing renders its
 * pending documents together, once each: the loop that hands them back used to find every row after the first
 * already gone from the in-flight table and render it a second time, one by one (at 100,000 employees the first
 * page took 2.5 s instead of 0.4 s; same bytes, so only the object store's writes show it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore, type ObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore, type Store } from '../../src/store/database.js';
import { runRequest, type SeededGroup, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';

const EMPLOYEES = 7;

describe('the first page of pending payslip documents', () => {
  let dir: string;
  let store: Store;
  let service: PayrollService;
  let seed: SeededGroup;
  const puts: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-render-once-'));
    store = await openStore(':memory:');
    const folder = createFolderObjectStore(dir);
    const counting: ObjectStore = { ...folder, put: (path, bytes) => (puts.push(path), folder.put(path, bytes)) };
    service = createLocalService(store, { actor: localActor('render-once'), objects: counting });
    seed = await seedLargePayGroup(service, store, EMPLOYEES);
  }, 120_000);

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders and stores each document exactly once, and every one comes back with its size and SHA-256', async () => {
    const run = await service.runGbPayroll(seed.orgId, runRequest(seed, 1));
    await service.approvePayrollRun(seed.orgId, run.payroll_status_id);
    expect(puts).toHaveLength(0); // approval records, the first read renders
    const listed = await service.listOrganizationDocuments(seed.orgId, { document_type: 'payslip', size: 100 });
    expect(listed.items).toHaveLength(EMPLOYEES);
    expect(listed.items.every((d) => typeof d.sha256 === 'string' && d.sha256.length === 64 && Number(d.file_size_bytes) > 1000)).toBe(true);
    expect(puts).toHaveLength(EMPLOYEES);
    expect(new Set(puts).size).toBe(EMPLOYEES);
    // A second listing finds them rendered: nothing is written again.
    await service.listOrganizationDocuments(seed.orgId, { document_type: 'payslip', size: 100 });
    expect(puts).toHaveLength(EMPLOYEES);
  }, 120_000);
});
