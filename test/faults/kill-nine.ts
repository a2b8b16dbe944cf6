/**
 * Fault injection (issue 12, acceptance; issue 14): `kill -9` at random moments of `payroll import`, `payroll run-gb`,
 * `payroll runs approve`, `payroll runs pay` and `payroll run-de --org` (a German month), each spawned as a clerk would run it, on a SQLite file and on
 * PostgreSQL (PAYROLL_TEST_PG_URL; skipped with a printed notice when unset). After every kill the store must be
 * exactly the state before the command or exactly the state after it (never between), and its invariants must hold
 * (`payroll verify --store`: year to date equals the sum of approved payslips, no half-written run, no active
 * document without its file).
 *
 * Issue 20: the audit trail is part of that state. Each command appends exactly one audit row in its write's
 * transaction (import, run create, approve, pay), so a kill leaves neither the write nor its row, or both.
 *
 * "Exactly" is a canonical dump of every organization table, the audit trail and the files of active documents, with what differs
 * between two runs of the same command taken out: timestamps, the worker name and ids the command minted itself.
 * A run attempt killed before its one commit leaves an inert `processing` row by design (decision R7: it holds no
 * payslips and no period, and the next attempt marks it failed); the dump leaves `processing`/`failed` attempts
 * out and the invariant check proves they hold nothing.
 *
 * Random kill delays come from a seeded generator: the seed is printed and PAYROLL_FAULT_SEED repeats a failure.
 * PAYROLL_FAULT_TRIALS sets the trials per backend (default 100, a quarter per command).
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/tools/bench/random.js';
import { runRequest, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';
import { germanRunRequest, seedGermanEmployer } from '../../src/tools/bench/de-run.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { checkStoreInvariants } from '../../src/tools/verify/store-invariants.js';
import { openStore, type Store } from '../../src/store/database.js';
import { ORG_TABLES } from '../../src/store/org-tables.js';
import { BIN, runCli } from '../support/cli.js';
import { postgresUrl, withPgClient } from '../support/backends.js';

/** Every this many trials each scenario is timed again (see the trial loop). */
const RECALIBRATE_EVERY = 40;
const TRIALS = Number(process.env.PAYROLL_FAULT_TRIALS ?? 100);
const SEED = Number(process.env.PAYROLL_FAULT_SEED ?? randomBytes(4).readUInt32LE(0));
const EMPLOYEES = 120;
const DOCUMENTS = 40;
const DOCUMENT_BYTES = 100_000;
/** Every tenth trial (and the last) also runs the real `payroll verify --store`; the others call its check in process. */
const CLI_VERIFY_EVERY = 25;


// ---- where a backend keeps the store, and how it is reset between trials ----

interface Snapshot {
  /** sqlite: a folder holding the database file and its objects; postgres: every table's rows and the objects. */
  dir: string;
  rows?: Map<string, Record<string, unknown>[]>;
}

interface FaultBackend {
  name: 'sqlite' | 'postgres';
  /** What the CLI gets as --db. */
  dbArg: string;
  /** Where the CLI keeps document files for that --db (service/local.ts defaultObjectRoot). */
  objectRoot: string;
  env: NodeJS.ProcessEnv;
  open(): Promise<Store>;
  snapshot(name: string): Promise<Snapshot>;
  restore(snapshot: Snapshot): Promise<void>;
  dispose(): Promise<void>;
}

function sandboxEnv(dir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config'), CI: 'true', NO_COLOR: '1' };
}

function copyObjects(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  if (existsSync(from)) cpSync(from, to, { recursive: true });
}

function sqliteBackend(dir: string): FaultBackend {
  const dbArg = join(dir, 'work', 'payroll.db');
  mkdirSync(join(dir, 'work'), { recursive: true });
  const objectRoot = `${dbArg}.objects`;
  const clearWork = () => {
    // A killed writer leaves its -wal/-shm beside the file: they must go with it, or they would replay into the copy.
    for (const name of readdirSync(join(dir, 'work'))) rmSync(join(dir, 'work', name), { recursive: true, force: true });
  };
  return {
    name: 'sqlite',
    dbArg,
    objectRoot,
    env: sandboxEnv(dir),
    open: () => openStore(dbArg),
    async snapshot(name) {
      const to = join(dir, 'snapshots', name);
      rmSync(to, { recursive: true, force: true });
      mkdirSync(to, { recursive: true });
      for (const file of readdirSync(join(dir, 'work'))) cpSync(join(dir, 'work', file), join(to, file), { recursive: true });
      return { dir: to };
    },
    async restore(snapshot) {
      clearWork();
      for (const file of readdirSync(snapshot.dir)) cpSync(join(snapshot.dir, file), join(dir, 'work', file), { recursive: true });
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database of its own (the CLI always uses the public schema of the database in its URL), reset by rows. */
async function postgresBackend(dir: string, adminUrl: string): Promise<FaultBackend> {
  const database = `payroll_kill_${randomBytes(5).toString('hex')}`;
  await withPgClient(adminUrl, (c) => c.query(`create database ${database}`));
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dbArg = url.toString();
  const env = sandboxEnv(dir);
  const objectRoot = join(env.XDG_DATA_HOME as string, 'payroll', 'objects');
  // The audit trail too; the reset below runs as replica, which also silences its append-only triggers (a test reset, not a write path).
  const tables = () => [...ORG_TABLES.map((t) => t.name), 'audit_events'];
  return {
    name: 'postgres',
    dbArg,
    objectRoot,
    env,
    open: () => openStore(dbArg, { poolSize: 2 }),
    async snapshot(name) {
      const to = join(dir, 'snapshots', name);
      copyObjects(objectRoot, join(to, 'objects'));
      const rows = new Map<string, Record<string, unknown>[]>();
      await withPgClient(dbArg, async (c) => {
        for (const table of tables()) rows.set(table, (await c.query(`select * from ${table}`)).rows as Record<string, unknown>[]);
      });
      return { dir: to, rows };
    },
    async restore(snapshot) {
      copyObjects(join(snapshot.dir, 'objects'), objectRoot);
      await withPgClient(dbArg, async (c) => {
        // A killed client's server process may still be finishing its statement: end it, so the reset never waits.
        await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        await c.query('begin');
        await c.query('set local session_replication_role = replica');
        await c.query(`truncate ${tables().join(', ')} restart identity`);
        for (const [table, rows] of snapshot.rows ?? []) {
          for (const row of rows) {
            const columns = Object.keys(row);
            await c.query(`insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, columns.map((k) => row[k]));
          }
        }
        const serials = await c.query<{ table_name: string; column_name: string }>("select table_name, column_name from information_schema.columns where table_schema = 'public' and column_default like 'nextval%'");
        for (const s of serials.rows) {
          await c.query(`select setval(pg_get_serial_sequence('${s.table_name}', '${s.column_name}'), greatest((select max(${s.column_name}) from ${s.table_name}), 1))`);
        }
        await c.query('commit');
      });
    },
    async dispose() {
      await withPgClient(adminUrl, (c) => c.query(`drop database if exists ${database} with (force)`));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- the canonical dump ----

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every table's rows plus the bytes of each active/archived document's file, as plain data. */
async function rawDump(backend: FaultBackend): Promise<Record<string, Record<string, unknown>[]>> {
  const store = await backend.open();
  try {
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const t of ORG_TABLES) out[t.name] = (await store.db.selectFrom(t.name as 'organizations').selectAll().execute()) as Record<string, unknown>[];
    out.audit_events = (await store.db.selectFrom('audit_events').selectAll().orderBy('id').execute()) as Record<string, unknown>[];
    out.files = (out.documents ?? [])
      .filter((d) => d.status === 'active' || d.status === 'archived')
      .map((d) => {
        const path = join(backend.objectRoot, String(d.object_store_bucket), String(d.object_store_path));
        return { path: String(d.object_store_path), sha256: existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'missing' };
      });
    return out;
  } finally {
    await store.close();
  }
}

function idsIn(dump: Record<string, Record<string, unknown>[]>): Set<string> {
  return new Set(JSON.stringify(dump).match(UUID) ?? []);
}

/**
 * Rows as sorted JSON lines per table: timestamps and the worker name blanked, ids not in `known` (minted by the
 * command, different on every run) replaced by a marker, run attempts that hold nothing (processing, failed) left out.
 */
function canonical(dump: Record<string, Record<string, unknown>[]>, known: Set<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [table, rows] of Object.entries(dump)) {
    out[table] = rows
      .filter((row) => !((table === 'gb_payroll_runs' || table === 'de_payroll_runs') && (row.status === 'processing' || row.status === 'failed')))
      .map((row) => {
        const clean: Record<string, unknown> = {};
        for (const key of Object.keys(row).sort()) {
          let value = row[key];
          if ((key.endsWith('_at') || key === 'worker') && value !== null) value = '<volatile>';
          else if (typeof value === 'string') value = value.replace(UUID, (id) => (known.has(id) ? id : '<new id>'));
          clean[key] = value;
        }
        return JSON.stringify(clean);
      })
      .sort();
  }
  return out;
}

/** The tables (and row counts) where two canonical dumps differ: the failure message. */
function difference(a: Record<string, string[]>, b: Record<string, string[]>): string {
  return Object.keys(a)
    .filter((t) => JSON.stringify(a[t]) !== JSON.stringify(b[t]))
    .map((t) => `${t} (${a[t]?.length ?? 0} vs ${b[t]?.length ?? 0} rows)`)
    .join(', ');
}

// ---- the commands and their states ----

interface Scenario {
  name: 'import' | 'run-gb' | 'approve' | 'pay' | 'run-de';
  args: string[];
  before: Snapshot;
  after: Snapshot;
  /** The canonical before/after dumps and the ids the before state knows. */
  known: Set<string>;
  beforeDump: Record<string, string[]>;
  afterDump: Record<string, string[]>;
  /** How long the command took uninterrupted, in ms: kills fall anywhere in it. */
  durationMs: number;
  /** Audit rows before and after the command: the command appends exactly one. */
  auditBefore: number;
  auditAfter: number;
}

interface Spawned {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** From spawn to the process's end (its own or the kill's). */
  elapsedMs: number;
}

function spawnCli(backend: FaultBackend, args: string[], killAfterMs: number | null): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--db', backend.dbArg, ...args], { env: backend.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const started = performance.now();
    const timer = killAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stderr, elapsedMs: performance.now() - started });
    });
  });
}

async function runToEnd(backend: FaultBackend, args: string[]): Promise<number> {
  const result = await spawnCli(backend, args, null);
  if (result.code !== 0) throw new Error(`payroll ${args.join(' ')} failed (${result.code}): ${result.stderr}`);
  return result.elapsedMs;
}

async function scalar(backend: FaultBackend, read: (store: Store) => Promise<string>): Promise<string> {
  const store = await backend.open();
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/**
 * The states, each made by the real command from the one before: a GB employer with period 1 paid and a document
 * and 40 document files (seeded through the service) → run-gb period 2 → approve → pay; and an empty store → import of the paid state's
 * `payroll export`.
 */
async function prepareScenarios(backend: FaultBackend, dir: string): Promise<Scenario[]> {
  let store = await backend.open(); // creates and migrates the empty store
  await store.close();
  const empty = await backend.snapshot('empty');
  store = await backend.open();
  const service = createLocalService(store, { actor: localActor('fault-test'), objects: createFolderObjectStore(backend.objectRoot) });
  const seed = await seedLargePayGroup(service, store, EMPLOYEES);
  const first = await service.runGbPayroll(seed.orgId, runRequest(seed, 1));
  await service.approvePayrollRun(seed.orgId, first.payroll_status_id);
  await service.markPayrollRunPaid(seed.orgId, first.payroll_status_id);
  // A German employer with its first month approved: the run-de scenario runs its second month on it as history.
  const german = await seedGermanEmployer(service, store, EMPLOYEES);
  const january = await service.createGermanPayrollRun(german.orgId, germanRunRequest(german, '2026-01'));
  await service.approveGermanPayrollRun(german.orgId, january.payroll_status_id);
  // Enough document files that writing them takes a while: an import writing them after its commit is caught.
  for (let i = 0; i < DOCUMENTS; i += 1) {
    const doc = await service.createDocument(seed.orgId, { document_type: 'contract', document_name: `contract-${i}.pdf`, mime_type: 'application/pdf', employee_id: seed.employeeIds[i % seed.employeeIds.length] });
    await service.uploadDocumentContent(seed.orgId, doc.id, Buffer.concat([Buffer.from(`%PDF-1.4 employment contract ${i}\n`), randomBytes(DOCUMENT_BYTES)]));
  }
  await store.close();
  const beforeRun = await backend.snapshot('before-run');

  const request = join(dir, 'period-2.json');
  writeFileSync(request, JSON.stringify(runRequest(seed, 2)));
  const runArgs = ['run-gb', '--org', seed.orgId, '--input', request];
  const runMs = await runToEnd(backend, runArgs);
  const runId = await scalar(backend, async (s) => (await s.db.selectFrom('gb_payroll_runs').select('id').where('period_number', '=', 2).where('status', '=', 'draft').executeTakeFirstOrThrow()).id);
  const beforeApprove = await backend.snapshot('before-approve');
  const approveArgs = ['runs', 'approve', runId, '--org', seed.orgId, '--yes'];
  const approveMs = await runToEnd(backend, approveArgs);
  const beforePay = await backend.snapshot('before-pay');
  const payArgs = ['runs', 'pay', runId, '--org', seed.orgId, '--yes'];
  const payMs = await runToEnd(backend, payArgs);
  const paid = await backend.snapshot('paid');

  const items = join(dir, 'de-items.json');
  writeFileSync(items, JSON.stringify({ items: (germanRunRequest(german, '2026-02') as { items: unknown[] }).items }));
  const runDeArgs = ['run-de', '--org', german.orgId, '--period', '2026-02', '--input', items];
  const runDeMs = await runToEnd(backend, runDeArgs);
  const deRun = await backend.snapshot('de-run');
  await backend.restore(paid);

  const exportFile = join(dir, 'export.json');
  const exported = await runCli(['--db', backend.dbArg, 'export', '--org', seed.orgId, '--file', exportFile], { env: backend.env });
  if (exported.code !== 0) throw new Error(`payroll export failed: ${exported.stderr}`);
  await backend.restore(empty);
  const importArgs = ['import', exportFile];
  const importMs = await runToEnd(backend, importArgs);
  const imported = await backend.snapshot('imported');

  const dumps = new Map<Snapshot, Record<string, Record<string, unknown>[]>>();
  for (const snapshot of [empty, beforeRun, beforeApprove, beforePay, paid, deRun, imported]) {
    await backend.restore(snapshot);
    dumps.set(snapshot, await rawDump(backend));
    store = await backend.open();
    const report = await checkStoreInvariants(store.db, createFolderObjectStore(backend.objectRoot));
    await store.close();
    // The reference states themselves are sound (else a trial could match a broken state).
    expect(report.failed, JSON.stringify(report.results.filter((r) => r.violations.length > 0))).toBe(0);
  }
  const make = (name: Scenario['name'], args: string[], before: Snapshot, after: Snapshot, durationMs: number, auditAction: string): Scenario => {
    const known = idsIn(dumps.get(before) as Record<string, Record<string, unknown>[]>);
    const auditBefore = dumps.get(before)?.audit_events ?? [];
    const auditAfter = dumps.get(after)?.audit_events ?? [];
    // The command's own audit row, and nothing else: one row appended, the earlier ones as they were.
    expect(auditAfter.slice(0, auditBefore.length)).toEqual(auditBefore);
    expect(auditAfter.slice(auditBefore.length).map((r) => r.action)).toEqual([auditAction]);
    const beforeDump = canonical(dumps.get(before) as Record<string, Record<string, unknown>[]>, known);
    const afterDump = canonical(dumps.get(after) as Record<string, Record<string, unknown>[]>, known);
    // A command that changed nothing could not tell before from after.
    expect(JSON.stringify(beforeDump)).not.toBe(JSON.stringify(afterDump));
    return { name, args, before, after, known, beforeDump, afterDump, durationMs, auditBefore: auditBefore.length, auditAfter: auditAfter.length };
  };
  return [
    make('import', importArgs, empty, imported, importMs, 'import'),
    make('run-gb', runArgs, beforeRun, beforeApprove, runMs, 'create'),
    make('approve', approveArgs, beforeApprove, beforePay, approveMs, 'approve'),
    make('pay', payArgs, beforePay, paid, payMs, 'pay'),
    make('run-de', runDeArgs, paid, deRun, runDeMs, 'create'),
  ];
}

// ---- the trials ----

/**
 * The trials of one backend. Each backend has its own test file (kill-nine.sqlite.test.ts, kill-nine.postgres.test.ts)
 * so the two run in parallel workers instead of one after the other in a single file.
 */
export function defineKillNineTrials(name: 'sqlite' | 'postgres'): void {
  if (name === 'postgres' && !postgresUrl) {
    process.stderr.write('NOTICE: PAYROLL_TEST_PG_URL is not set: the kill -9 fault-injection trials are NOT run against PostgreSQL.\n');
    describe.skip('kill -9 during import, run-gb, approve, pay and run-de [postgres]', () => {
      it('needs PAYROLL_TEST_PG_URL', () => {});
    });
    return;
  }
  const make = (dir: string): Promise<FaultBackend> => (name === 'sqlite' ? Promise.resolve(sqliteBackend(dir)) : postgresBackend(dir, postgresUrl as string));
  describe(`kill -9 during import, run-gb, approve, pay and run-de [${name}]`, () => {
    let backend: FaultBackend;
    let scenarios: Scenario[];
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), `payroll-kill-${name}-`));
      backend = await make(dir);
      scenarios = await prepareScenarios(backend, dir);
    }, 600_000);
    afterAll(async () => backend?.dispose());

    it(`${TRIALS} trials leave the store before or after, never between, and its invariants hold`, async () => {
      const seed = (SEED + (name === 'postgres' ? 1 : 0)) >>> 0;
      process.stderr.write(`fault-injection [${name}]: seed ${seed} (repeat with PAYROLL_FAULT_SEED=${SEED}), ${TRIALS} trials\n`);
      const random = mulberry32(seed);
      const outcomes: Record<string, Record<'before' | 'after' | 'finished', number>> = {};
      for (let trial = 0; trial < TRIALS; trial += 1) {
        const scenario = scenarios[trial % scenarios.length] as Scenario;
        if (trial % RECALIBRATE_EVERY < scenarios.length) {
          // The command's duration drifts with the machine's load; a delay drawn from a stale duration lands every
          // kill in Node's start-up, or (measured while the whole suite was starting) after every command's end.
          // Measure it again, un-killed, from the same before state, in the first round too: prepareScenarios ran
          // each command when every test worker was starting at once, and on CI's two cores that measure was up to
          // several times what the trials then saw, so every kill came after the command had finished.
          await backend.restore(scenario.before);
          scenario.durationMs = await runToEnd(backend, scenario.args);
        }
        // Most of a command's time is start-up; the writes come at the end. Draw the kill over the whole run but
        // weighted to its second half, and a little past it, so kills land before, inside and after the commit.
        const draw = random();
        // The last round gives each command three times its measured duration, so every run also sees the
        // commands' own ends (finished or killed after the commit) whatever the machine's load did to the draws.
        const delay = Math.round(scenario.durationMs * (trial >= TRIALS - scenarios.length ? 3 : 0.2 + 0.95 * draw));
        await backend.restore(scenario.before);
        const result = await spawnCli(backend, scenario.args, delay);
        const where = `trial ${trial} (${scenario.name}, kill after ${delay} ms, seed ${SEED})`;
        const killed = result.signal === 'SIGKILL';
        if (!killed) expect(result.code, `${where}: ended on its own with ${result.code}: ${result.stderr}`).toBe(0);
        // A command that ended before its kill has just been timed under the machine's present load: the next draws
        // for it use that duration.
        if (!killed) scenario.durationMs = result.elapsedMs;

        const raw = await rawDump(backend);
        const dump = canonical(raw, scenario.known);
        const state = JSON.stringify(dump) === JSON.stringify(scenario.beforeDump) ? 'before' : JSON.stringify(dump) === JSON.stringify(scenario.afterDump) ? 'after' : null;
        expect(state, `${where}: the store is neither before nor after; differs from before in ${difference(dump, scenario.beforeDump)}; from after in ${difference(dump, scenario.afterDump)}`).not.toBeNull();
        if (!killed) expect(state, `${where}: finished but the store is not the after state`).toBe('after');
        // Spelled out (the dump comparison above includes the trail): the write and its audit row together or neither.
        expect(raw.audit_events?.length, `${where}: audit rows`).toBe(state === 'after' ? scenario.auditAfter : scenario.auditBefore);

        const store = await backend.open();
        const report = await checkStoreInvariants(store.db, createFolderObjectStore(backend.objectRoot));
        await store.close();
        expect(report.results.filter((r) => r.violations.length > 0), `${where}: store invariants`).toEqual([]);
        if (trial % CLI_VERIFY_EVERY === CLI_VERIFY_EVERY - 1 || trial === TRIALS - 1) {
          const verify = await runCli(['--db', backend.dbArg, 'verify', '--store'], { env: backend.env });
          expect({ code: verify.code, stdout: verify.stdout }, `${where}: payroll verify --store`).toEqual({ code: 0, stdout: `${report.passed} passed, 0 failed\n` });
        }
        const tally = (outcomes[scenario.name] ??= { before: 0, after: 0, finished: 0 });
        tally[killed ? (state as 'before' | 'after') : 'finished'] += 1;
        if (trial % 10 === 9) process.stderr.write(`fault-injection [${name}]: ${trial + 1} trials done: ${JSON.stringify(outcomes)}\n`);
      }
      process.stderr.write(`fault-injection [${name}]: ${JSON.stringify(outcomes)} (killed → before/after; finished = ended before the kill)\n`);
      const all = Object.values(outcomes);
      // The kills must have landed on both sides of the commits, or the trials tested nothing.
      expect(all.reduce((n, o) => n + o.before, 0)).toBeGreaterThan(0);
      expect(all.reduce((n, o) => n + o.after + o.finished, 0)).toBeGreaterThan(0);
    }, 3_600_000);
  });
}
