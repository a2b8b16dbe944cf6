/**
 * Two `payroll serve` processes on one PostgreSQL database behave as one (issue 20 point 3; docs/operations.md
 * "More than one server"): both are real processes (bin/payroll.js) on their own loopback ports with the same
 * certificate, audience, issuer and document folder (--objects-dir), as behind a load balancer; a real OAuth 2 server issues the tokens; the
 * clients are the remote PayrollService, half of them on each server, all at once. Nothing may be lost,
 * duplicated or approved twice: of two identical creations or approvals sent to both servers at the same moment
 * exactly one succeeds and the other gets the documented 409.
 *
 * Needs PAYROLL_TEST_PG_URL (skipped with a notice otherwise) and `npm run build`. The database is one of its
 * own (created and dropped here), since both servers use its `public` schema.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpsFetch, type HttpsFetch } from '../../src/client/https-fetch.js';
import { createRemoteService } from '../../src/client/remote-service.js';
import { clientCredentialsTokenSource } from '../../src/client/token-source.js';
import { isDomainError, type PayrollService } from '../../src/service/ports.js';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';
import { BIN } from '../support/cli.js';
import { startTestIdp, type TestIdp } from './support/idp.js';

const baseUrl = process.env.PAYROLL_TEST_PG_URL;
if (!baseUrl) process.stderr.write('NOTICE: PAYROLL_TEST_PG_URL is not set: two `payroll serve` processes on one PostgreSQL database (test/hosted/scale-out.test.ts) are NOT tested.\n');

const CLIENT = { client_id: 'scale-out-client', client_secret: 'scale-out-secret-0123456789abcdefghij', scope: 'payroll:read payroll:write', orgs: ['*'] };
/** The one public name both servers answer to (the load balancer's), so a token is good on either. */
const AUDIENCE = 'https://payroll.scale-out.test';

interface Served {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stderr: () => string;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; kind: string; code: string };

async function outcome<T>(work: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ok: false, kind: error.kind, code: error.code };
  }
}

/** The same call on both servers at the same moment: exactly one wins, the other is the given 409. */
async function oneWins<T>(call: (s: PayrollService) => Promise<T>, a: PayrollService, b: PayrollService, conflictCodes: string[]): Promise<T> {
  const results = await Promise.all([outcome(call(a)), outcome(call(b))]);
  const won = results.filter((r): r is { ok: true; value: T } => r.ok);
  const lost = results.filter((r): r is { ok: false; kind: string; code: string } => !r.ok);
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  expect(lost[0]?.kind).toBe('conflict');
  expect(conflictCodes).toContain(lost[0]?.code);
  return (won[0] as { value: T }).value;
}

describe.skipIf(!baseUrl)('two payroll serve processes on one PostgreSQL database', () => {
  const database = `ops_scale_${randomBytes(5).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'payroll-scale-out-'));
  const servers: Served[] = [];
  let idp: TestIdp;
  let fetch: HttpsFetch;
  let a: PayrollService;
  let b: PayrollService;

  async function admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  function start(dbUrl: string, certFile: string, keyFile: string, name: string): Promise<Served> {
    const child = spawn(process.execPath, [BIN, 'serve', '--cert', certFile, '--key', keyFile, '--port', '0', '--issuer', idp.issuer, '--audience', AUDIENCE, '--db', dbUrl, '--objects-dir', join(dir, 'shared-objects'), '--log-level', 'warn'], {
      env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: join(dir, name, 'data'), XDG_CONFIG_HOME: join(dir, name, 'config'), NODE_EXTRA_CA_CERTS: certFile, PAYROLL_PG_POOL_SIZE: '4', CI: 'true' },
    });
    let stderr = '';
    return new Promise<Served>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`payroll serve (${name}) did not start:\n${stderr}`)), 90_000);
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (https:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve({ child, url: match[1] as string, stderr: () => stderr });
        }
      });
      child.stdout.resume();
      child.once('exit', (code) => reject(new Error(`payroll serve (${name}) exited with ${code}:\n${stderr}`)));
    });
  }

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const url = new URL(baseUrl as string);
    url.pathname = `/${database}`;
    const { cert, key } = generateDevCertificate();
    const certFile = join(dir, 'cert.pem');
    const keyFile = join(dir, 'key.pem');
    writeFileSync(certFile, cert);
    writeFileSync(keyFile, key, { mode: 0o600 });
    idp = await startTestIdp({ cert, key, clients: [CLIENT] });
    // Both start at once on a database never migrated: the migrator's advisory lock lets one migrate.
    servers.push(...(await Promise.all([start(url.toString(), certFile, keyFile, 'a'), start(url.toString(), certFile, keyFile, 'b')])));
    fetch = createHttpsFetch({ ca: cert });
    const tokens = clientCredentialsTokenSource({ authUrl: idp.issuer, clientId: CLIENT.client_id, clientSecret: CLIENT.client_secret, audience: AUDIENCE, fetch });
    const shared: HttpsFetch = Object.assign((u: string | URL, init?: Parameters<HttpsFetch>[1]) => fetch(u, init), { close() {} });
    a = createRemoteService({ baseUrl: servers[0]!.url, tokens, fetch: shared });
    b = createRemoteService({ baseUrl: servers[1]!.url, tokens, fetch: shared });
  }, 180_000);

  afterAll(async () => {
    for (const served of servers) {
      if (served.child.exitCode === null) {
        served.child.kill('SIGTERM');
        await new Promise((resolve) => served.child.once('exit', resolve));
      }
    }
    fetch?.close();
    await idp?.close();
    await admin(`drop database if exists ${database}`).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('listens on two ports, both healthy, one schema migrated once', async () => {
    expect(servers).toHaveLength(2);
    expect(new URL(servers[0]!.url).port).not.toBe(new URL(servers[1]!.url).port);
    for (const served of servers) expect((await fetch(`${served.url}/health`)).status).toBe(200);
  });

  it('concurrent creations through both servers: every one stored once, identical duplicates refused once', async () => {
    const setup: GbSetup = await gbEmployer(a, { employees: 2 });
    // 40 distinct employees, alternating servers, all in flight together.
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? a : b).createEmployee(setup.orgId, { first_name: `Scale${i}`, last_name: 'Out', date_of_birth: '1990-01-01', start_date: '2024-01-01', payroll_number: `S${String(i).padStart(3, '0')}`, gb: { tax_code: '1257L', ni_category: 'A' } }),
      ),
    );
    expect(new Set(created.map((e) => e.id)).size).toBe(40);
    // The same payroll number sent to both at once, ten times: one employee each time, the other a 409.
    for (let i = 0; i < 10; i += 1) {
      await oneWins((s) => s.createEmployee(setup.orgId, { first_name: `Twin${i}`, last_name: 'Out', date_of_birth: '1990-01-01', start_date: '2024-01-01', payroll_number: `T${i}`, gb: { tax_code: '1257L', ni_category: 'A' } }), a, b, ['EMPLOYEE.DUPLICATE_PAYROLL_NUMBER']);
    }
    // Both servers read the same 52 employees, each once.
    for (const s of [a, b]) {
      const ids: string[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await s.listEmployees(setup.orgId, { size: 100, page });
        ids.push(...answer.items.map((e) => e.id));
        if (!answer.meta.has_next) break;
      }
      expect(ids).toHaveLength(52);
      expect(new Set(ids).size).toBe(52);
    }
  }, 180_000);

  it('the same run created and approved from both sides at once: one run, approved once; the loser gets 409', async () => {
    const setup = await gbEmployer(b, { employees: 3 });
    for (let period = 1; period <= 3; period += 1) {
      const run = await oneWins((s) => s.runGbPayroll(setup.orgId, runBody(setup, period, '2500.00')), a, b, ['PAYROLL_RUN.DUPLICATE']);
      const approved = await oneWins((s) => s.approvePayrollRun(setup.orgId, run.payroll_status_id), a, b, ['PAYROLL_RUN.INVALID_TRANSITION', 'PAYROLL_RUN.CHANGED']);
      expect(approved.status).toBe('approved');
    }
    // Both servers see three approved runs, one per period, and the same year to date.
    const viewA = await a.exportOrganization(setup.orgId);
    const viewB = await b.exportOrganization(setup.orgId);
    const { exported_at: _a, ...restA } = viewA;
    const { exported_at: _b, ...restB } = viewB;
    expect(JSON.stringify(restB)).toBe(JSON.stringify(restA));
    const runs = (viewA.tables.gb_payroll_runs ?? []) as { status: string; period_number: number; approved_at: string | null }[];
    const live = runs.filter((r) => r.status !== 'failed');
    expect(live.map((r) => [r.period_number, r.status]).sort()).toEqual([[1, 'approved'], [2, 'approved'], [3, 'approved']]);
    expect(live.every((r) => r.approved_at !== null)).toBe(true);
    // Payslips: one per employee and period, no more (the loser of each creation left none).
    expect((viewA.tables.gb_payslips ?? []).length).toBe(9);
    // One payslip PDF per employee per approval, issued once.
    expect(((viewA.tables.documents ?? []) as { document_type?: string }[]).filter((d) => d.document_type === 'payslip')).toHaveLength(9);
  }, 300_000);

  it('a mixed load on both servers at once: creations, runs and approvals across organizations, nothing lost', async () => {
    const orgs = await Promise.all([gbEmployer(a, { employees: 2 }), gbEmployer(b, { employees: 2 }), gbEmployer(a, { employees: 2 }), gbEmployer(b, { employees: 2 })]);
    const work = orgs.flatMap((setup, n) => [
      (async () => {
        const first = n % 2 === 0 ? a : b;
        const second = n % 2 === 0 ? b : a;
        const run = await first.runGbPayroll(setup.orgId, runBody(setup, 1, '3000.00'));
        await second.approvePayrollRun(setup.orgId, run.payroll_status_id);
        return run.payroll_status_id;
      })(),
      ...Array.from({ length: 5 }, (_, i) => (i % 2 === 0 ? a : b).createContacts(setup.orgId, [{ name: `Contact ${i}`, email: `c${i}-${n}@example.test`, roles: ['payroll'] }]).then((r) => String(r.succeeded))),
    ]);
    const results = await Promise.all(work);
    expect(results.filter((r) => r === '1')).toHaveLength(20);
    for (const setup of orgs) {
      const doc = await b.exportOrganization(setup.orgId);
      expect(doc.tables.contacts).toHaveLength(5);
      expect(((doc.tables.gb_payroll_runs ?? []) as { status: string }[]).map((r) => r.status)).toEqual(['approved']);
      expect(doc.tables.gb_payslips).toHaveLength(2);
    }
  }, 300_000);
});
