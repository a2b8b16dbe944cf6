import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { postgresUrl } from '../support/backends.js';
import { BIN, cliSandbox, runCli } from '../support/cli.js';

function spawnCli(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const closed = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, closed };
}

describe('standard input and interruption (CLI)', () => {
  it('reads a body from a slow pipe (--input -) instead of failing on an empty read', async () => {
    const { env } = cliSandbox();
    const { child, closed } = spawnCli(['org', 'create', '--input', '-', '--json'], env);
    child.stdin.write('{"legal_name": "Slow ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    child.stdin.end('Pipe Ltd", "country": "GB"}');
    const result = await closed;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ legal_name: 'Slow Pipe Ltd', country: 'GB' });
  });

  it('exits 130 when interrupted while waiting for input', async () => {
    const { env } = cliSandbox();
    const { child, closed } = spawnCli(['import', '-'], env);
    // Give the process time to start (the handler is installed before any module loads).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    child.kill('SIGINT');
    expect((await closed).code).toBe(130);
  });
});

// ---- faults (issue 12, points 5 and 6) ----

const GB_ORG = JSON.parse(readFileSync(new URL('../../fixtures/demo/gb-organization.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const GB_EMPLOYEE = (JSON.parse(readFileSync(new URL('../../fixtures/demo/gb-employees.json', import.meta.url), 'utf8')) as Record<string, unknown>[])[0]!;

/**
 * An export of a GB employer with `employees` staff, made through the service (as `payroll export`
 * would). Each call of the returned function gives the same organization under fresh ids, so every
 * import of it writes a new organization (a long transaction) and its absence afterwards is checkable.
 */
async function bigExport(location: string, employees: number): Promise<() => { text: string; orgId: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-seed-'));
  const store = await openStore(location, location.startsWith('postgres') ? {} : { create: 'file' });
  try {
    const service = createLocalService(store, { actor: localActor('seed'), objects: createFolderObjectStore(join(dir, 'objects')) });
    const org = await service.createOrganization({ ...GB_ORG, legal_name: 'Seed Ltd' });
    for (let i = 0; i < employees; i += 1) {
      await service.createEmployee(org.id, { ...GB_EMPLOYEE, payroll_number: `S-${i}`, email: `seed${i}@example.co.uk` });
    }
    const text = JSON.stringify(await service.exportOrganization(org.id));
    return () => {
      const fresh = new Map<string, string>();
      const renamed = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
        if (!fresh.has(id)) fresh.set(id, randomUUID());
        return fresh.get(id)!;
      });
      return { text: renamed, orgId: fresh.get(org.id)! };
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}

describe('closed pipe (CLI)', () => {
  it('`payroll … | head`: a reader that leaves early ends the command quietly with its own exit code (0), no EPIPE stack', async () => {
    const { env } = cliSandbox();
    const { child, closed } = spawnCli(['help-exit-codes'], env);
    // The reader is gone before the CLI writes a byte: every write of the child now fails with EPIPE.
    child.stdout.destroy();
    const result = await closed;
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('Ctrl-C in a prompt (CLI, on a terminal)', () => {
  it('exits 130 quietly instead of "unexpected failure"', async () => {
    const { env } = cliSandbox();
    delete env.CI;
    // util-linux `script` gives the CLI a terminal; -e returns the CLI's own exit code.
    const child = spawn('script', ['-qfec', `${process.execPath} ${BIN} org create`, '/dev/null'], { env: { ...env, TERM: 'dumb' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const asked = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Legal name')) resolve();
      });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    await asked;
    child.stdin.write('\x03');
    expect(await closed).toBe(130);
    expect(output).not.toMatch(/unexpected failure|ExitPromptError|force closed/);
  });
});

describe('Ctrl-C during a non-interactive write (CLI, SQLite)', () => {
  it('interrupts an import in its transaction: exit 130 and nothing of it saved', async () => {
    const { env, dir } = cliSandbox();
    const database = String(env.PAYROLL_DATABASE);
    // Large enough that the import's transaction spans several of the store's 50 ms slices (guarded-dialect.ts): a signal
    // is delivered between two of them, mid-transaction (400 employees now import within one slice).
    const next = await bigExport(database, 2000);
    const { text, orgId } = next();
    const file = join(dir, 'export.json');
    writeFileSync(file, text);
    const { child, closed } = spawnCli(['import', file], env);
    // The import holds SQLite's write lock for its whole transaction: a probe that cannot take it knows the transaction is open.
    const probe = new BetterSqlite3(database, { timeout: 0 });
    let inTransaction = false;
    let exited = false;
    void closed.then(() => (exited = true));
    const committed = probe.prepare('select count(*) as n from organizations where id = ?');
    while (!inTransaction && !exited) {
      try {
        probe.exec('begin immediate');
        probe.exec('rollback');
        await new Promise((resolve) => setTimeout(resolve, 2));
      } catch (error) {
        if (!/locked|busy/i.test((error as Error).message)) throw error;
        // The write lock is also taken by the store's `PRAGMA optimize` on open and close (SCALE1): only a lock held
        // while the organization is not yet visible is the import's own transaction.
        inTransaction = (committed.get(orgId) as { n: number }).n === 0 && !exited;
        if (!inTransaction) await new Promise((resolve) => setTimeout(resolve, 2));
      }
    }
    expect(inTransaction, 'the import ended before its transaction could be seen').toBe(true);
    child.kill('SIGINT');
    const result = await closed;
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
    // What was imported before the signal was rolled back with the rest.
    const orgs = probe.prepare('select count(*) as n from organizations where id = ?').get(orgId) as { n: number };
    const staff = probe.prepare('select count(*) as n from employees where org_id = ?').get(orgId) as { n: number };
    probe.close();
    expect({ orgs: orgs.n, staff: staff.n }).toEqual({ orgs: 0, staff: 0 });
  });
});

describe('disk full (CLI, SQLite on a small tmpfs)', () => {
  it('says "disk full" (SQLITE_FULL) in one line, exits 7 and saves nothing', async (context) => {
    const { env, dir } = cliSandbox();
    const mount = join(dir, 'small');
    mkdirSync(mount);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mount], { stdio: 'ignore' });
    } catch {
      process.stderr.write('NOTICE: cannot mount a tmpfs (needs root): the CLI disk-full test is skipped; test/store/files-and-faults.test.ts covers SQLITE_FULL through max_page_count\n');
      context.skip();
      return;
    }
    try {
      const seeded = join(dir, 'seed.db');
      const next = await bigExport(seeded, 200);
      const database = join(mount, 'payroll.db');
      copyFileSync(seeded, database);
      const { text, orgId } = next();
      const file = join(dir, 'export.json');
      writeFileSync(file, text);
      // Leave the store room to open (its 32 KiB -shm) and a few pages more: the import needs far more.
      const free = statfsSync(mount).bavail * statfsSync(mount).bsize;
      writeFileSync(join(mount, 'filler'), Buffer.alloc(Math.max(0, free - 96 * 1024)));
      const result = await runCli(['import', file], { env: { ...env, PAYROLL_DATABASE: database } });
      expect(result.code).toBe(7);
      expect(lines(result.stderr)).toHaveLength(1);
      expect(result.stderr).toMatch(/^payroll: disk full: .*SQLITE_FULL.*nothing was saved/);
      expect(result.stderr).not.toMatch(/cannot rollback/);
      rmSync(join(mount, 'filler'));
      const check = new BetterSqlite3(database, { readonly: true });
      const orgs = check.prepare('select count(*) as n from organizations where id = ?').get(orgId) as { n: number };
      check.close();
      expect(orgs.n).toBe(0);
    } finally {
      execFileSync('umount', [mount]);
    }
  });
});

describe('store files (CLI)', () => {
  it('creates the database 0600; read-only commands and missing folders refuse; a corrupt file is named', async () => {
    const { env, dir } = cliSandbox();
    delete env.PAYROLL_DATABASE;
    const explicit = join(dir, 'mine.db');

    const readMissing = await runCli(['org', 'list', '--db', explicit], { env });
    expect(readMissing.code).toBe(6);
    expect(readMissing.stderr).toBe(`payroll: --db ${explicit} does not exist; this command only reads and does not create one (a write such as \`payroll org create\` creates it)\n`);
    expect(existsSync(explicit)).toBe(false);

    const created = await runCli(['org', 'create', '--legal-name', 'Files Ltd', '--country', 'GB', '--db', explicit], { env });
    expect(created.code).toBe(0);
    expect((statSync(explicit).mode & 0o777).toString(8)).toBe('600');

    for (const args of [['org', 'list'], ['org', 'create', '--legal-name', 'Nowhere Ltd', '--country', 'GB']]) {
      const nowhere = join(dir, 'no', 'such', 'x.db');
      const refused = await runCli([...args, '--db', nowhere], { env });
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toBe(`payroll: --db ${nowhere}: the folder ${join(dir, 'no', 'such')} does not exist; create it first or fix the path\n`);
      expect(existsSync(join(dir, 'no'))).toBe(false);
    }

    // The default store: a read refuses, the first write creates it (README: "created on first use").
    const defaultDb = join(String(env.XDG_DATA_HOME), 'payroll', 'payroll.db');
    expect((await runCli(['org', 'list'], { env })).code).toBe(6);
    expect(existsSync(defaultDb)).toBe(false);
    expect((await runCli(['org', 'create', '--legal-name', 'Default Ltd', '--country', 'GB'], { env })).code).toBe(0);
    expect((statSync(defaultDb).mode & 0o777).toString(8)).toBe('600');
    expect((await runCli(['org', 'list'], { env })).code).toBe(0);

    const corrupt = join(dir, 'corrupt.db');
    writeFileSync(corrupt, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 251)));
    const broken = await runCli(['org', 'list', '--db', corrupt], { env });
    expect(broken.code).toBe(7);
    expect(lines(broken.stderr)).toHaveLength(1);
    expect(broken.stderr).toMatch(new RegExp(`^payroll: the database file \\(local ${corrupt.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\) is not a payroll database or is corrupt`));
  });
});

describe.skipIf(!postgresUrl)('connection to PostgreSQL lost mid-command (CLI)', () => {
  it('exits 7 with one line on stderr every time, and the interrupted import left nothing', async () => {
    const database = `payroll_faults_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(String(postgresUrl));
    url.pathname = `/${database}`;
    try {
      const next = await bigExport(url.toString(), 150);
      const { env, dir } = cliSandbox();
      let landed = 0;
      // PAYROLL_FAULT_TRIALS (the kill -9 suite's knob, 12 on CI) also sizes these trials: at most 24, at least 8.
      const trials = Math.min(24, Math.max(8, Number(process.env.PAYROLL_FAULT_TRIALS ?? 24)));
      for (let trial = 0; trial < trials; trial += 1) {
        const { text, orgId } = next();
        const file = join(dir, `export-${trial}.json`);
        writeFileSync(file, text);
        const { closed } = spawnCli(['import', file, '--db', url.toString()], env);
        let exited = false;
        void closed.then(() => (exited = true));
        let killed = 0;
        // Terminate the CLI's backend while it is inside its transaction, at a random moment of it.
        const delay = Math.floor(Math.random() * 60);
        let seen = false;
        while (!killed && !exited) {
          const open = await admin.query(`select pid from pg_stat_activity where datname = $1 and xact_start is not null and pid <> pg_backend_pid()`, [database]);
          if (open.rows.length > 0 && !seen) {
            seen = true;
            await new Promise((resolve) => setTimeout(resolve, delay));
          }
          if (seen) {
            const hit = await admin.query(`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and xact_start is not null and pid <> pg_backend_pid()`, [database]);
            killed = hit.rows.filter((row: { ok: boolean }) => row.ok).length;
          } else {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
        const result = await closed;
        if (!killed) continue; // the import finished before the kill landed: not a trial of a lost connection
        const stored = async () => {
          const check = new pg.Client({ connectionString: url.toString() });
          await check.connect();
          const left = await check.query('select (select count(*) from organizations where id = $1)::int as orgs, (select count(*) from employees where org_id = $1)::int as staff', [orgId]);
          await check.end();
          return left.rows[0] as { orgs: number; staff: number };
        };
        if (result.code === 0) {
          // The backend was terminated as its transaction ended: pg_stat_activity still showed xact_start while the
          // COMMIT was being acknowledged (or it was start-up's short migration check, whose connection the pool
          // replaces). The import then committed whole, the one other state allowed: everything, never a part.
          expect(await stored(), `trial ${trial}: ended 0 after the kill, so the import must be whole`).toEqual({ orgs: 1, staff: 150 });
          continue;
        }
        landed += 1;
        expect(result.code, `trial ${trial}: ${result.stderr}`).toBe(7);
        expect(lines(result.stderr), `trial ${trial}: ${result.stderr}`).toHaveLength(1);
        expect(result.stderr).toMatch(/^payroll: .*PostgreSQL server/);
        expect(await stored(), `trial ${trial}`).toEqual({ orgs: 0, staff: 0 });
      }
      // A kill can miss when the import finishes first (or commits as it lands); five in six must land or the trials
      // tested too little.
      expect(landed).toBeGreaterThanOrEqual(Math.ceil((trials * 5) / 6));
    } finally {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }, 900_000);
});
