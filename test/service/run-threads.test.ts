/**
 * Decision SQLRUN-3 (issue 19 point 2): a large GB run on a SQLite file is calculated in threads beside its writes.
 * It must store exactly what the same run calculated in one thread stores, keep the payslip ids in the run's order,
 * report progress, fail as a run in one thread fails (located, nothing stored), and leave no thread or reader behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { RUN_BATCH } from '../../src/service/runs/calculate.js';
import { gbJurisdiction } from '../../src/service/runs/gb/jurisdiction.js';
import { receivedError, sendableError } from '../../src/service/runs/threads/messages.js';
import { defaultRunThreads, idsFrom, startRunThreads, THREADED_RUN_MIN } from '../../src/service/runs/threads/run-threads.js';
import type { ServiceContext } from '../../src/service/context.js';
import { openStore, type Store } from '../../src/store/database.js';
import { runRequest, type SeededGroup, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';

// Nine batches: with two threads (a cycle of five: the run's own thread, then thread 1, 2, 1, 2) every owner
// calculates at least one, and the last batch is short.
const EMPLOYEES = RUN_BATCH.sqlite * 8 + 17;
const THREADED = { PAYROLL_RUN_THREADS: '2', PAYROLL_RUN_THREADS_MIN: '1' };

async function withEnv<T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** A payslip row without what names the run or is made anew by each run (ids, time), keyed by employee. */
function comparable(row: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, run_id: _run, created_at: _at, membership_id: membership, auto_enrolment_json: enrolment, ...rest } = row;
  const decision = enrolment === null ? null : (JSON.parse(String(enrolment)) as Record<string, unknown>);
  // A new membership's id is the run's to make; an existing one's is the store's and must be the same.
  return { ...rest, membership_id: decision ? 'new' : membership, auto_enrolment: decision ? { ...decision, membershipId: 'new' } : null };
}

describe(`a GB run of ${EMPLOYEES} employees calculated in threads (decision SQLRUN-3)`, () => {
  let dir: string;
  let store: Store;
  let service: PayrollService;
  let seed: SeededGroup;
  let twin: SeededGroup;

  const payslips = (runId: string) => store.db.selectFrom('gb_payslips').selectAll().where('run_id', '=', runId).orderBy('id').execute();
  const runRow = (runId: string) => store.db.selectFrom('gb_payroll_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();

  /** What approval wrote for a seeded organization: year to date, the run's enrolments and payslip documents. */
  async function approvalOf(group: SeededGroup) {
    const ytd = await store.db.selectFrom('gb_ytd').select(['employee_id', 'payslip_id', 'employment_start', 'figures_json']).where('org_id', '=', group.orgId).execute();
    const memberships = await store.db.selectFrom('gb_pension_memberships').selectAll().where('org_id', '=', group.orgId).where('source_run_id', 'is not', null).execute();
    const documents = await store.db.selectFrom('documents').selectAll().where('org_id', '=', group.orgId).where('document_type', '=', 'payslip').orderBy('id').execute();
    return { ytd, memberships, documents };
  }
  const byKey = (a: { employee_id: unknown }, b: { employee_id: unknown }) => String(a.employee_id).localeCompare(String(b.employee_id));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-run-threads-'));
    // A file: the threads open it with readers of their own.
    store = await openStore(join(dir, 'store.db'));
    service = createLocalService(store, { actor: localActor('threads'), objects: createFolderObjectStore(dir) });
    seed = await seedLargePayGroup(service, store, EMPLOYEES);
    // The same organization again, paid and approved in one thread, to compare approvals with.
    twin = await seedLargePayGroup(service, store, EMPLOYEES);
  }, 300_000);

  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores exactly the payslips, totals and warnings of the same run calculated in one thread, ids in the run order, and approves them as one thread does', async () => {
    const single = await withEnv({ PAYROLL_RUN_THREADS: '0' }, () => service.runGbPayroll(seed.orgId, runRequest(seed, 1)));
    const singleRows = await payslips(single.payroll_status_id);
    const singleRun = await runRow(single.payroll_status_id);
    await service.discardPayrollRun(seed.orgId, single.payroll_status_id);

    const progress: [number, number][] = [];
    const threaded = await withEnv(THREADED, () => service.runGbPayroll(seed.orgId, runRequest(seed, 1), { onProgress: (done, total) => progress.push([done, total]) }));
    const threadedRows = await payslips(threaded.payroll_status_id);
    const threadedRun = await runRow(threaded.payroll_status_id);

    expect(threadedRows).toHaveLength(EMPLOYEES);
    // Ordered by payslip id, the payslips follow the request: the ids were made in the run's order.
    expect(threadedRows.map((row) => row.employee_id)).toEqual(seed.employeeIds);
    expect(singleRows.map((row) => row.employee_id)).toEqual(seed.employeeIds);
    expect(threadedRows.map(comparable)).toEqual(singleRows.map(comparable));
    // Automatic enrolments happen in this run (the seed enrols a tenth only): the new memberships' ids are unique.
    const enrolled = threadedRows.filter((row) => row.auto_enrolment_json !== null);
    expect(enrolled.length).toBeGreaterThan(EMPLOYEES / 2);
    expect(new Set(enrolled.map((row) => row.membership_id)).size).toBe(enrolled.length);
    expect(enrolled.every((row) => (JSON.parse(String(row.auto_enrolment_json)) as { membershipId: string }).membershipId === row.membership_id)).toBe(true);
    expect(threadedRun.totals_json).toBe(singleRun.totals_json);
    expect(threadedRun.warnings_json).toBe(singleRun.warnings_json);
    expect(JSON.parse(threadedRun.totals_json as string).net_pay).toMatch(/^\d+\.\d\d$/);
    // Progress per batch, in order, ending at the run's size.
    expect(progress).toHaveLength(Math.ceil(EMPLOYEES / RUN_BATCH.sqlite));
    expect(progress.map(([done]) => done)).toEqual(progress.map((_, b) => Math.min((b + 1) * RUN_BATCH.sqlite, EMPLOYEES)));
    expect(progress.every(([, total]) => total === EMPLOYEES)).toBe(true);

    // Approval in threads: every employee's year to date, payslip document and enrolment, as an approval in one
    // thread makes them (the same run of an identical organization, approved in one thread, employee by employee).
    const approved = await withEnv(THREADED, () => service.approvePayrollRun(seed.orgId, threaded.payroll_status_id));
    expect(approved.status).toBe('approved');
    const twinRun = await withEnv({ PAYROLL_RUN_THREADS: '0' }, () => service.runGbPayroll(twin.orgId, runRequest(twin, 1)));
    await withEnv({ PAYROLL_RUN_THREADS: '0' }, () => service.approvePayrollRun(twin.orgId, twinRun.payroll_status_id));
    const [mine, theirs] = [await approvalOf(seed), await approvalOf(twin)];
    const byEmployee = new Map(threadedRows.map((row) => [row.employee_id, row]));
    expect(mine.ytd).toHaveLength(EMPLOYEES);
    for (const row of mine.ytd) {
      expect(row.payslip_id).toBe(byEmployee.get(row.employee_id)?.id);
      expect(row.figures_json).toBe(byEmployee.get(row.employee_id)?.ytd_json);
    }
    expect(new Set(mine.memberships.map((m) => m.id))).toEqual(new Set(enrolled.map((row) => row.membership_id)));
    expect(mine.documents).toHaveLength(EMPLOYEES);
    // The twin's rows, its ids read as this organization's, are these rows.
    const asMine = (text: string) => twin.employeeIds.reduce((out, id, i) => out.replaceAll(id, seed.employeeIds[i] as string), text.replaceAll(twin.orgId, seed.orgId));
    const comparableYtd = (r: { employee_id: string; employment_start: string; figures_json: string }) => ({ employee_id: r.employee_id, employment_start: r.employment_start, figures_json: r.figures_json });
    expect(theirs.ytd.map((r) => comparableYtd({ ...r, employee_id: asMine(r.employee_id) })).sort(byKey)).toEqual(mine.ytd.map(comparableYtd).sort(byKey));
    const comparableMembership = (m: Record<string, unknown>) => ({ employee_id: m.employee_id, version: m.version, status: m.status, worker_category: m.worker_category, entry_route: m.entry_route, enrolment_date: m.enrolment_date, valid_from: m.valid_from });
    expect(theirs.memberships.map((m) => comparableMembership({ ...m, employee_id: asMine(m.employee_id) })).sort(byKey)).toEqual(mine.memberships.map(comparableMembership).sort(byKey));
    const comparableDocument = (d: Record<string, unknown>) => ({ employee_id: d.employee_id, document_name: d.document_name, document_date: d.document_date, status: d.status, render: d.render_json === null ? null : JSON.parse(String(d.render_json)).employee });
    expect(theirs.documents.map((d) => comparableDocument({ ...d, employee_id: asMine(String(d.employee_id)), document_name: asMine(String(d.document_name)), render_json: d.render_json === null ? null : asMine(String(d.render_json)) })).sort(byKey)).toEqual(mine.documents.map(comparableDocument).sort(byKey));
    // Document ids follow the pages' order, as in one thread: sorted by id, the documents are in employee id order.
    expect(mine.documents.map((d) => d.employee_id)).toEqual([...mine.documents.map((d) => d.employee_id)].sort());
  }, 300_000);

  it('fails as a run in one thread fails when a thread cannot read its batch: the employee named, nothing stored', async () => {
    const ctx = { store, clock: { now: () => new Date() }, ids: { next: () => crypto.randomUUID() }, actor: { subject: 'local:threads', organizations: 'all', scopes: new Set(['payroll:read', 'payroll:write']) }, objects: createFolderObjectStore(dir) } as ServiceContext;
    const { claim } = await import('../../src/service/runs/claim.js');
    const { commit } = await import('../../src/service/runs/commit.js');
    const request = gbJurisdiction.parseRequest(runRequest(seed, 2));
    const prepared = await gbJurisdiction.prepare(ctx, seed.orgId, request);
    const run = await claim(ctx, gbJurisdiction as never, seed.orgId, prepared, {});
    // Removed after the run was checked, as a concurrent delete would: batch 2 belongs to the first thread.
    const gone = '01900000-0000-7000-8000-0000000000aa';
    const at = RUN_BATCH.sqlite + 7;
    (prepared.items as unknown as { employee_id: string }[])[at] = { ...(prepared.items[at] as object), employee_id: gone } as { employee_id: string };
    const threads = await withEnv(THREADED, async () => startRunThreads(ctx, gbJurisdiction as never, prepared.items.length));
    expect(threads).not.toBeNull();
    const failure = await commit(ctx, gbJurisdiction, seed.orgId, prepared, run, {}, threads).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ kind: 'conflict', code: 'PAYROLL_RUN.CHANGED', details: { employee_id: gone } });
    expect((failure as Error).message).toContain(`employee ${gone} was removed while the run was being calculated`);
    const stored = await store.db.selectFrom('gb_payslips').select('id').where('run_id', '=', run.id).execute();
    expect(stored).toEqual([]);
    expect((await runRow(run.id)).status).toBe('processing');
    // The threads are gone and their readers closed: the store takes a write and a checkpoint at once.
    await threads?.close();
    const checkpoint = await sql<{ busy: number }>`pragma wal_checkpoint(truncate)`.execute(store.db);
    expect(checkpoint.rows[0]?.busy).toBe(0);
  }, 300_000);
});

describe('when a run is calculated in threads', () => {
  const sqliteFile = { store: { dialect: 'sqlite', file: 'payroll.db' } } as unknown as ServiceContext;
  const only = (env: Record<string, string>) => ({ PAYROLL_RUN_THREADS: '1', ...env });

  it('only for a SQLite file, a country that has threads, and a run of at least the minimum', () => {
    expect(startRunThreads({ store: { dialect: 'sqlite', file: null } } as unknown as ServiceContext, gbJurisdiction as never, 50_000, only({}))).toBeNull();
    expect(startRunThreads({ store: { dialect: 'postgres', file: null } } as unknown as ServiceContext, gbJurisdiction as never, 50_000, only({}))).toBeNull();
    expect(startRunThreads(sqliteFile, { ...gbJurisdiction, threads: undefined } as never, 50_000, only({}))).toBeNull();
    expect(startRunThreads(sqliteFile, gbJurisdiction as never, THREADED_RUN_MIN - 1, only({}))).toBeNull();
    expect(startRunThreads(sqliteFile, gbJurisdiction as never, 50_000, { PAYROLL_RUN_THREADS: '0' })).toBeNull();
  });

  it('refuses a thread count or minimum that is not a whole number, naming the variable', () => {
    expect(() => startRunThreads(sqliteFile, gbJurisdiction as never, 50_000, { PAYROLL_RUN_THREADS: 'two' })).toThrow(/PAYROLL_RUN_THREADS must be a whole number from 0 to 16 \(got "two"\)/);
    expect(() => startRunThreads(sqliteFile, gbJurisdiction as never, 50_000, { PAYROLL_RUN_THREADS_MIN: '-5' })).toThrow(/PAYROLL_RUN_THREADS_MIN must be a whole number/);
  });

  it('uses a thread per core besides the run’s own, three at most, none on one core', () => {
    expect([1, 2, 4, 8].map((cores) => defaultRunThreads(cores))).toEqual([0, 1, 3, 3]);
  });

  it('hands out the ids made for a batch in order, then fresh ones', () => {
    let fresh = 0;
    const ids = idsFrom(['a', 'b'], { next: () => `fresh-${(fresh += 1)}` });
    expect([ids.next(), ids.next(), ids.next()]).toEqual(['a', 'b', 'fresh-1']);
  });

  it('carries a domain error across threads with its kind, code, issues and details', () => {
    const sent = new DomainError('validation', 'GB.PAYROLL.VALIDATION', 'Validation failed: body.payroll_group.3.employee_id: no', { issues: [{ loc: ['body', 'payroll_group', 3, 'employee_id'], msg: 'no', type: 'reference_missing' }], details: { at: 3 } });
    const back = receivedError(structuredClone(sendableError(sent)));
    expect(back).toBeInstanceOf(DomainError);
    expect(back).toMatchObject({ kind: 'validation', code: 'GB.PAYROLL.VALIDATION', message: sent.message, issues: [{ loc: ['body', 'payroll_group', '3', 'employee_id'], msg: 'no', type: 'reference_missing' }], details: { at: 3 } });
    const plain = receivedError(structuredClone(sendableError(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))));
    expect(plain).not.toBeInstanceOf(DomainError);
    expect(plain).toMatchObject({ message: 'database is locked', code: 'SQLITE_BUSY' });
  });
});
