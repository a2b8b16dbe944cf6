/**
 * `payroll backup --to FILE` and `payroll restore FILE` (issue 20, point 2; docs/decisions.md OPS1–OPS3):
 * a backup taken while another process keeps writing holds one committed state, restore writes only into an
 * empty store, refuses files that are not payroll stores at a known version, migrates an older backup, and
 * the restored store exports byte-identical to the backup. Needs `npm run build` (the CLI and the writer run dist/).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore, type Store } from '../../src/store/database.js';
import { migrationNames } from '../../src/store/migrations/index.js';
import { gbEmployer, runBody } from '../domain/gb/run/fixtures.js';
import { cliSandbox, runCli } from '../support/cli.js';

const WRITER = fileURLToPath(new URL('../store/workers/backup-writer.mjs', import.meta.url));
const FIXED = { now: () => new Date('2026-01-31T12:00:00.000Z') };

/** A service over the SQLite file at `path` with its documents beside it, as `payroll` opens it. */
async function serviceAt(path: string, options: { migrateTo?: string } = {}): Promise<{ store: Store; service: PayrollService }> {
  const store = await openStore(path, options.migrateTo ? { migrateTo: options.migrateTo } : {});
  return { store, service: createLocalService(store, { actor: localActor('backup-test'), clock: FIXED, objects: createFolderObjectStore(`${path}.objects`) }) };
}

/** `payroll export --org ID` bytes of every organization (fixed clock, so two stores can be compared byte for byte). */
async function exportsOf(path: string, orgIds: string[]): Promise<string[]> {
  const { store, service } = await serviceAt(path);
  try {
    const texts: string[] = [];
    for (const id of orgIds) texts.push(`${JSON.stringify(await service.exportOrganization(id), null, 2)}\n`);
    return texts;
  } finally {
    await store.close();
  }
}

/** A GB employer with an approved run: payslip PDFs are stored as documents, so the backup carries document files. */
async function seed(path: string, options: { migrateTo?: string } = {}): Promise<string> {
  const { store, service } = await serviceAt(path);
  let orgId: string;
  try {
    const setup = await gbEmployer(service, { employees: 3 });
    if (!options.migrateTo) {
      const { payroll_status_id: runId } = await service.runGbPayroll(setup.orgId, runBody(setup, 1, '2500.00'));
      await service.approvePayrollRun(setup.orgId, runId);
      // Two of the three payslips are read, so their PDFs are rendered and stored; the third stays to be rendered on
      // first read (decision RENDER1) and travels as its record only.
      for (const employeeId of setup.employeeIds.slice(0, 2)) await service.getPayslipPdf(setup.orgId, runId, employeeId);
    }
    orgId = setup.orgId;
  } finally {
    await store.close();
  }
  if (options.migrateTo) undoLastMigration(path, options.migrateTo);
  return orgId;
}

/**
 * A store at the migration before the last, holding data: every write audits (decision AU1), so the data is made at
 * the current version and the last migration is undone by hand (UNDO says how for each one it knows). A newer last
 * migration must be taught here too: the check below says so.
 */
const UNDO: Readonly<Record<string, string>> = {
  // Only adds documents.render_json (decision RENDER1); the seed without a run has no payslip documents.
  '0011-document-render': "alter table documents drop column render_json; delete from kysely_migration where name = '0011-document-render'",
  // PostgreSQL only (column compression, decision PGRUN-1): on SQLite it changed nothing but its bookkeeping row.
  '0012-lz4-compression': "delete from kysely_migration where name = '0012-lz4-compression'",
  // Only adds the employees (org_id, id) index (decision SQLRUN-4).
  '0013-employee-pages': "drop index employees_org_id; delete from kysely_migration where name = '0013-employee-pages'",
};

function undoLastMigration(path: string, to: string): void {
  const names = migrationNames();
  const last = String(names.at(-1));
  const undo = UNDO[last];
  if (!undo || names.at(-2) !== to) throw new Error(`undoLastMigration knows how to undo ${Object.keys(UNDO).join(', ')} only; the last migration is now ${last}: teach it that one`);
  const db = new BetterSqlite3(path);
  try {
    db.exec(undo);
  } finally {
    db.close();
  }
}

function sequenceNumbers(path: string): number[] {
  const db = new BetterSqlite3(path, { readonly: true });
  try {
    const rows = db.prepare("select email from contacts where email like 'seq-%' order by email").all() as { email: string }[];
    return rows.map((r) => Number(/^seq-(\d+)@/.exec(r.email)?.[1])).sort((a, b) => a - b);
  } finally {
    db.close();
  }
}

describe('payroll backup and restore (SQLite)', () => {
  it('a backup taken while another process writes holds one committed state; restore reproduces it byte for byte', async () => {
    const { env, dir } = cliSandbox();
    const db = join(dir, 'payroll.db');
    const orgId = await seed(db);

    // A long read (a report, say) holds its snapshot meanwhile: SQLite cannot checkpoint the writer's commits past
    // it, so they stay in the -wal file, where only a real online backup finds them (a copy of the file would not).
    const reader = new BetterSqlite3(db, { readonly: true });
    reader.prepare('begin').run();
    reader.prepare('select count(*) from contacts').get();
    // The writer commits one contact per transaction, seq-0, seq-1, … for the whole backup.
    const writer = spawn(process.execPath, [WRITER, JSON.stringify({ db, objects: `${db}.objects`, orgId })], { stdio: ['pipe', 'pipe', 'pipe'] });
    let written = 0;
    let writerErr = '';
    writer.stderr.on('data', (c: Buffer) => (writerErr += c.toString()));
    const waitFor = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the writer wrote only ${written}: ${writerErr}`)), 60_000);
        const check = () => {
          if (written >= n) {
            clearTimeout(timer);
            writer.stdout.off('data', onData);
            resolve();
          }
        };
        const onData = (chunk: Buffer) => {
          for (const m of chunk.toString().matchAll(/wrote (\d+)/g)) written = Math.max(written, Number(m[1]));
          check();
        };
        writer.stdout.on('data', onData);
        check();
      });
    let final = 0;
    const ended = new Promise<number | null>((resolve) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        const done = /done (\d+)/.exec(chunk.toString());
        if (done) final = Number(done[1]);
      });
      writer.once('exit', resolve);
    });
    await waitFor(20);
    const before = written;
    const file = join(dir, 'backup.db');
    const backup = await runCli(['backup', '--to', file, '--json'], { env });
    const after = written;
    await waitFor(after + 20);
    writer.stdin.write('stop\n');
    reader.prepare('commit').run();
    reader.close();
    expect(await ended).toBe(0);
    expect(writerErr).toBe('');

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const report = backup.json<{ file: string; migration: string; organizations: number; documents_copied: number; documents_missing: number }>();
    expect(report).toMatchObject({ file, migration: migrationNames().at(-1), organizations: 1, documents_missing: 0 });
    // The approved run recorded one payslip per employee: the two read so far have files, which travel with the backup.
    expect(report.documents_copied).toBe(2);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}-wal`)).toBe(false);

    // One committed state: the writer's contacts 0..k-1 without a gap, k at least what had committed when the
    // backup started and the writer went on after it (the backup never held the writer up until it ended).
    const seq = sequenceNumbers(file);
    const k = seq.length;
    expect(seq).toEqual(Array.from({ length: k }, (_, i) => i));
    expect(k).toBeGreaterThanOrEqual(before);
    expect(k).toBeLessThan(final);
    const integrity = new BetterSqlite3(file, { readonly: true });
    expect(integrity.pragma('integrity_check', { simple: true })).toBe('ok');
    integrity.close();

    const restoredDb = join(dir, 'restored.db');
    const restore = await runCli(['restore', file, '--db', restoredDb, '--json'], { env });
    expect(restore.stderr).toBe(`→ local ${restoredDb}\n`);
    expect(restore.code).toBe(0);
    expect(restore.json()).toMatchObject({ file, target: restoredDb, migrations_applied: [], organizations: 1, documents_copied: 2, documents_missing: 0, check: 'identical' });
    expect(statSync(restoredDb).mode & 0o777).toBe(0o600);
    // Checked here too, independently of restore's own check: the same export bytes, document contents included.
    const [fromBackup] = await exportsOf(file, [orgId]);
    const [fromRestored] = await exportsOf(restoredDb, [orgId]);
    expect(fromRestored).toBe(fromBackup);
    const document = JSON.parse(fromRestored as string) as { objects: Record<string, string>; tables: { contacts: unknown[]; documents: { render_json: string | null }[] } };
    // The two payslips read in the seed carry their files; the third travels as its record, to be rendered on first read.
    expect(Object.keys(document.objects)).toHaveLength(2);
    expect(document.tables.documents.filter((d) => d.render_json !== null)).toHaveLength(1);
    expect(document.tables.contacts).toHaveLength(k);
    expect(sequenceNumbers(restoredDb)).toEqual(seq);
  }, 300_000);

  it('restore refuses a target that holds data, and files that are not payroll stores, changing nothing', async () => {
    const { env, dir } = cliSandbox();
    const db = join(dir, 'payroll.db');
    await seed(db);
    const file = join(dir, 'backup.db');
    expect((await runCli(['backup', '--to', file], { env })).code).toBe(0);

    // The store itself holds data: refused, exit 5, the target named with the tables that hold rows.
    const busy = await runCli(['restore', file, '--db', db], { env });
    expect(busy.code).toBe(5);
    expect(busy.stderr).toContain(`--db ${db} is not empty (`);
    expect(busy.stderr).toMatch(/organizations 1[,)]/);
    expect(busy.stderr).toContain('restore writes only into an empty store');

    // A second backup to the same name is refused: a backup never overwrites a file.
    const again = await runCli(['backup', '--to', file], { env });
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('exists already');

    const notSqlite = join(dir, 'notes.txt');
    writeFileSync(notSqlite, 'payroll notes, not a database\n'.repeat(100));
    const other = join(dir, 'other.sqlite');
    const foreign = new BetterSqlite3(other);
    foreign.exec('create table notes (id integer primary key, text text)');
    foreign.close();
    // The backup is one self-contained file (no -wal): copies of it stand for backups of other versions.
    const future = join(dir, 'future.db');
    copyFileSync(file, future);
    const newer = new BetterSqlite3(future);
    newer.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-the-future', new Date().toISOString());
    newer.close();
    const gap = join(dir, 'gap.db');
    copyFileSync(file, gap);
    const gapped = new BetterSqlite3(gap);
    gapped.prepare('delete from kysely_migration where name = ?').run(migrationNames()[1]);
    gapped.close();

    const cases: [string, number, RegExp][] = [
      [notSqlite, 3, /is not a SQLite database/],
      [other, 3, /is a SQLite database but not a payroll store/],
      [future, 7, /was written by a newer payroll \(migration 9999-from-the-future is unknown to this build\)/],
      [gap, 3, /is not at a known migration version/],
      [join(dir, 'missing.db'), 6, /does not exist/],
    ];
    for (const [input, code, message] of cases) {
      const target = join(dir, `target-${code}.db`);
      const result = await runCli(['restore', input, '--db', target], { env });
      expect({ input, code: result.code }).toEqual({ input, code });
      expect(result.stderr).toMatch(message);
      expect(existsSync(target)).toBe(false);
    }

    // PostgreSQL is pg_dump's job; a remote server is restored where it runs.
    const pgTarget = await runCli(['restore', file, '--db', 'postgres://payroll@127.0.0.1:1/payroll'], { env });
    expect(pgTarget.code).toBe(2);
    expect(pgTarget.stderr).toContain('pg_dump');
    const pgBackup = await runCli(['backup', '--to', join(dir, 'pg.db'), '--db', 'postgres://payroll@127.0.0.1:1/payroll'], { env });
    expect(pgBackup.code).toBe(2);
    expect(pgBackup.stderr).toContain('docs/operations.md');
  }, 300_000);

  it('restores into an existing empty store; a backup at an older migration gets the pending migrations and still exports identically', async () => {
    const { env, dir } = cliSandbox();
    const names = migrationNames();
    const older = names[names.length - 2] as string;
    const db = join(dir, 'old.db');
    const orgId = await seed(db, { migrateTo: older });
    const file = join(dir, 'old-backup.db');
    const backup = await runCli(['backup', '--to', file, '--db', db, '--json'], { env });
    expect(backup.code).toBe(0);
    expect(backup.json<{ migration: string }>().migration).toBe(older);

    // An empty, fully migrated store (what `payroll` creates on first use) counts as empty.
    const target = join(dir, 'fresh.db');
    await (await openStore(target)).close();
    const restore = await runCli(['restore', file, '--db', target, '-o', 'table'], { env });
    expect(restore.code).toBe(0);
    expect(restore.stderr).toContain(`migrations applied: ${names.at(-1)}`);
    expect(restore.stderr).toMatch(/check: every organization exports byte-identical to the backup \(sha256 [0-9a-f]{64}\)/);
    const migrated = new BetterSqlite3(target, { readonly: true });
    expect((migrated.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((r) => r.name)).toEqual(names);
    migrated.close();
    // The backup file itself was not migrated by the check.
    const untouched = new BetterSqlite3(file, { readonly: true });
    expect((untouched.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBe(names.length - 1);
    untouched.close();
    expect(await exportsOf(target, [orgId])).toEqual(await exportsOf(db, [orgId]));
    expect(readFileSync(target).length).toBeGreaterThan(0);
  }, 300_000);
});
