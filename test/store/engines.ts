/**
 * Store-level tests run against real engines: a SQLite FILE (several processes can open it, unlike
 * the contract suite's :memory:) and, when PAYROLL_TEST_PG_URL is set, a fresh Postgres schema.
 * Without the URL the Postgres cases are skipped with a printed NOTICE, never silently
 * (same rule as test/support/backends.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/database.js';
import { afterEach, beforeEach } from 'vitest';
import { postgresUrl, withAdmin } from '../support/backends.js';

export interface Target {
  engine: 'sqlite' | 'postgres';
  /** What `openStore` and the worker processes are given. */
  location: string;
  schema: string | null;
  /** A folder for document bytes and the like. */
  dir: string;
  open(options?: StoreOptions): Promise<Store>;
  service(store: Store): PayrollService;
  dispose(): Promise<void>;
}

export interface Engine {
  name: 'sqlite' | 'postgres';
  target(): Promise<Target>;
}

const sqliteEngine: Engine = {
  name: 'sqlite',
  async target() {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-store-'));
    const location = join(dir, 'payroll.db');
    return {
      engine: 'sqlite',
      location,
      schema: null,
      dir,
      open: (options = {}) => openStore(location, options),
      service: (store) => createLocalService(store, { actor: localActor('store-test'), objects: createFolderObjectStore(join(dir, 'objects')) }),
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const admin = withAdmin;

const postgresEngine: Engine = {
  name: 'postgres',
  async target() {
    const url = postgresUrl;
    if (!url) throw new Error('PAYROLL_TEST_PG_URL is not set');
    const schema = `s_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`create schema ${schema}`));
    const dir = mkdtempSync(join(tmpdir(), 'payroll-store-'));
    return {
      engine: 'postgres',
      location: url,
      schema,
      dir,
      open: (options = {}) => openStore(url, { schema, poolSize: 4, ...options }),
      service: (store) => createLocalService(store, { actor: localActor('store-test'), objects: createFolderObjectStore(join(dir, 'objects')) }),
      async dispose() {
        await admin((client) => client.query(`drop schema if exists ${schema} cascade`));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

let noticePrinted = false;

export function engines(): Engine[] {
  if (postgresUrl) return [sqliteEngine, postgresEngine];
  if (!noticePrinted) {
    noticePrinted = true;
    process.stderr.write('NOTICE: PAYROLL_TEST_PG_URL is not set: the store tests (concurrency, migrations, pooling) are NOT run against PostgreSQL.\n');
  }
  return [sqliteEngine];
}

export { postgresUrl };

// ---- writer processes ----

const WORKER = fileURLToPath(new URL('./workers/store-worker.mjs', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/store/database.js', import.meta.url));

export interface WorkerOutcome<T> {
  code: number | null;
  signal: NodeJS.Signals | null;
  result: T | null;
  stderr: string;
}

/**
 * Starts one process per job, waits until every one has opened the store, then lets them all go at
 * once and collects what each reports. A process that does not end on its own within `timeoutMs`
 * after its work is killed and reported with a null code: the test then fails on it.
 */
export async function runWorkers<T>(jobs: Record<string, unknown>[], timeoutMs = 60_000): Promise<WorkerOutcome<T>[]> {
  if (!existsSync(DIST)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const children = jobs.map((job) => {
    const child = spawn(process.execPath, [WORKER, JSON.stringify(job)], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalReady: () => void = () => {};
    const ready = new Promise<void>((resolve) => (signalReady = resolve));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.startsWith('ready\n')) signalReady();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const done = new Promise<WorkerOutcome<T>>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        signalReady(); // a worker that died before `ready` must not block the others
        const last = stdout.trim().split('\n').at(-1) ?? '';
        let result: T | null = null;
        try {
          result = last && last !== 'ready' ? (JSON.parse(last) as T) : null;
        } catch {
          result = null;
        }
        resolve({ code, signal, result, stderr });
      });
    });
    return { child, ready, done };
  });
  await Promise.all(children.map((c) => c.ready));
  for (const { child } of children) child.stdin.end('go\n');
  return Promise.all(children.map((c) => c.done));
}

/** A fresh store of `engine` for each test of the calling describe block, closed and removed after it. */
export function storePerTest(engine: Engine): { target: () => Target; store: () => Store } {
  let target: Target;
  let store: Store;
  beforeEach(async () => {
    target = await engine.target();
    store = await target.open();
  });
  afterEach(async () => {
    await store.close();
    await target.dispose();
  });
  return { target: () => target, store: () => store };
}
