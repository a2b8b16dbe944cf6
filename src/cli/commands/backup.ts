import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { DomainError } from '../../service/ports.js';
import { dataDir } from '../config.js';
import { createRuntime, type GlobalOptions, resolveWhere, type Runtime, usageError, type Where } from '../runtime.js';

/**
 * `payroll backup --to FILE` and `payroll restore FILE` (issue 20, point 2): the binary backup of a SQLite
 * store with SQLite's online backup API, and its restore into an empty store, checked by exporting every
 * organization of the backup and of the restored store and comparing the bytes.
 *
 * A composition root (docs/architecture.md): it opens stores and builds the local service itself, because a
 * backup is a file operation on the store, not a use case of the API (a remote caller cannot have one).
 * Document bytes live beside the database (`<db>.objects`, service/local.ts defaultObjectRoot): the backup
 * copies those its documents reference to `<FILE>.objects`, and restore copies them back.
 */

const PG_ROUTE = 'a PostgreSQL store is backed up with pg_dump and restored with pg_restore (docs/operations.md "Backups")';

/** The local SQLite store this command works on; a remote or PostgreSQL target is refused with the way to go. */
function sqliteTarget(options: GlobalOptions, env: NodeJS.ProcessEnv, verb: string): Where {
  const where = resolveWhere(options, env);
  if (where.mode === 'remote') throw usageError(`${verb} works on the store's own machine: run it where the store is (with --db PATH), not against a remote server (${where.remote})`);
  if (/^postgres(ql)?:\/\//i.test(where.database)) throw usageError(`${verb} copies SQLite stores only: ${PG_ROUTE}`);
  if (where.database === ':memory:') throw usageError(`${verb} needs a store file, not :memory:`);
  return where;
}

async function modules() {
  const [backup, database, local, objects] = await Promise.all([import('../../store/backup.js'), import('../../store/database.js'), import('../../service/local.js'), import('../../service/object-store.js')]);
  return { ...backup, ...database, ...local, ...objects };
}

/** Copies the document bytes `paths` from one object root to another; returns how many were missing at the source. */
async function copyObjects(paths: string[], fromRoot: string, toRoot: string, createFolderObjectStore: (root: string) => { get(p: string): Promise<Uint8Array>; put(p: string, b: Uint8Array): Promise<unknown> }): Promise<{ copied: number; missing: string[] }> {
  const from = createFolderObjectStore(fromRoot);
  const to = createFolderObjectStore(toRoot);
  let copied = 0;
  const missing: string[] = [];
  for (const path of paths) {
    let bytes: Uint8Array;
    try {
      bytes = await from.get(path);
    } catch {
      missing.push(path);
      continue;
    }
    await to.put(path, bytes);
    copied += 1;
  }
  return { copied, missing };
}

function hasFiles(folder: string): boolean {
  if (!existsSync(folder)) return false;
  return readdirSync(folder, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());
}

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('write a consistent copy of the SQLite store (SQLite online backup: other processes may keep writing) and its document files; PostgreSQL: use pg_dump (docs/operations.md)')
    .requiredOption('--to <file>', 'the backup file to create (0600; never overwritten); document files go to FILE.objects')
    .action(async (options: { to: string }, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const runtime = await createRuntime(globals, process.env, { readOnly: true });
      const where = sqliteTarget(globals, process.env, 'payroll backup');
      const m = await modules();
      const result = await m.backupSqliteStore(where.database, options.to);
      // The documents of the snapshot, not of the live store: a document added after it is not in the backup.
      const objects = await copyObjects(m.documentObjectPaths(options.to), process.env.PAYROLL_OBJECTS_DIR || m.defaultObjectRoot(where.database, dataDir(process.env)), m.defaultObjectRoot(options.to, dataDir(process.env)), m.createFolderObjectStore);
      const report = { file: result.file, bytes: result.bytes, pages: result.pages, migration: result.migrations.at(-1) ?? null, organizations: result.organizations, documents_copied: objects.copied, documents_missing: objects.missing.length };
      if (objects.missing.length > 0) runtime.info(`warning: ${objects.missing.length} document file(s) the backup references were not found beside the store (removed since, or lost before): their records are in the backup without bytes`);
      printReport(runtime, report, `backed up ${where.database} to ${result.file}: ${result.bytes} bytes, ${result.organizations} organization(s), ${objects.copied} document file(s), at migration ${report.migration}`);
    });

  program
    .command('restore')
    .description('restore a backup FILE into an EMPTY SQLite store (--db / PAYROLL_DATABASE), run pending migrations, and check that every organization exports byte-identical to the backup')
    .argument('<file>', 'a file written by `payroll backup`')
    .action(async (file: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      const runtime = await createRuntime(globals, process.env);
      const where = sqliteTarget(globals, process.env, 'payroll restore');
      const target = where.database;
      const m = await modules();
      const info = m.inspectStoreFile(file, 'FILE');
      const targetLabel = where.databaseSource === 'flag' ? `--db ${target}` : where.databaseSource === 'env' ? `PAYROLL_DATABASE ${target}` : `the store ${target}`;
      const rows = m.sqliteDataRows(target, targetLabel);
      if (rows && rows.size > 0) {
        const summary = [...rows].map(([table, n]) => `${table} ${n}`).join(', ');
        throw new DomainError('conflict', 'RESTORE.TARGET_NOT_EMPTY', `${targetLabel} is not empty (${summary}); restore writes only into an empty store: give a new --db path`, { details: { path: target } });
      }
      const objectRoot = process.env.PAYROLL_OBJECTS_DIR || m.defaultObjectRoot(target, dataDir(process.env));
      if (hasFiles(objectRoot)) throw new DomainError('conflict', 'RESTORE.TARGET_NOT_EMPTY', `${targetLabel} has document files in ${objectRoot}; restore writes only into an empty store: give a new --db path`, { details: { path: objectRoot } });
      if (!existsSync(dirname(target))) throw usageError(`${targetLabel}: the folder ${dirname(target)} does not exist; create it first`);

      // What the target was, so a failed restore can put it back exactly (an empty store stays an empty store).
      const before = !existsSync(target) ? 'missing' : statSync(target).size === 0 ? 'empty file' : 'empty store';
      const saved = `${target}.pre-restore-${process.pid}`;
      const objectRootExisted = existsSync(objectRoot);
      if (before === 'empty store') await m.backupSqliteStore(target, saved);
      const checkCopy = `${target}.restore-check-${process.pid}`;
      const undo = async (): Promise<void> => {
        m.removeSqliteFiles(checkCopy);
        // The folder held no file before (checked above): remove what this restore put there, and the folder if it made it.
        rmSync(objectRootExisted ? join(objectRoot, 'payroll-documents') : objectRoot, { recursive: true, force: true });
        if (before === 'empty store') {
          await m.copyIntoSqliteStore(saved, target);
          m.removeSqliteFiles(saved);
          return;
        }
        m.removeSqliteFiles(target);
        if (before === 'empty file') closeSync(openSync(target, 'wx', 0o600));
      };
      let copied: { pages: number };
      try {
        copied = await m.copyIntoSqliteStore(file, target);
      } catch (error) {
        await undo();
        throw error;
      }
      try {
        const objects = await copyObjects(m.documentObjectPaths(target), m.defaultObjectRoot(file, dataDir(process.env)), objectRoot, m.createFolderObjectStore);
        // Opening the restored store applies the migrations this build has and the backup had not yet.
        const restored = await m.openStore(target, { create: 'never' });
        // The check: every organization exported from the backup (a migrated scratch copy, so the backup file
        // itself is never written) and from the restored store, with one fixed clock, must be the same bytes.
        let check: { organizations: number; sha256: string; differing: string[] };
        try {
          await m.copyIntoSqliteStore(file, checkCopy);
          const reference = await m.openStore(checkCopy, { create: 'never' });
          try {
            const clock = { now: () => new Date('2000-01-01T00:00:00.000Z') };
            const exportAll = async (store: typeof restored, root: string): Promise<Map<string, string>> => {
              const service = m.createLocalService(store, { actor: m.localActor('restore-check'), clock, objects: m.createFolderObjectStore(root) });
              const texts = new Map<string, string>();
              // Exactly the bytes `payroll export --org ID` writes.
              for (const id of await m.organizationIds(store.db)) texts.set(id, `${JSON.stringify(await service.exportOrganization(id), null, 2)}\n`);
              return texts;
            };
            const expected = await exportAll(reference, m.defaultObjectRoot(file, dataDir(process.env)));
            const actual = await exportAll(restored, objectRoot);
            const ids = [...new Set([...expected.keys(), ...actual.keys()])].sort();
            const differing = ids.filter((id) => expected.get(id) !== actual.get(id));
            const hash = createHash('sha256');
            for (const id of ids) hash.update(actual.get(id) ?? '');
            check = { organizations: ids.length, sha256: hash.digest('hex'), differing };
          } finally {
            await reference.close();
          }
        } finally {
          await restored.close();
          m.removeSqliteFiles(checkCopy);
        }
        if (check.differing.length > 0) {
          throw new DomainError('internal', 'RESTORE.CHECK_FAILED', `the restored store does not export the same as the backup for organization(s) ${check.differing.join(', ')}; the restore was undone`, { details: { differing: check.differing } });
        }
        const report = {
          file,
          target,
          migration_of_file: info.migrations.at(-1) ?? null,
          migrations_applied: info.pending,
          organizations: check.organizations,
          documents_copied: objects.copied,
          documents_missing: objects.missing.length,
          check: 'identical',
          export_sha256: check.sha256,
        };
        if (objects.missing.length > 0) runtime.info(`warning: ${objects.missing.length} document file(s) the backup references were not beside it in ${m.defaultObjectRoot(file, dataDir(process.env))}`);
        printReport(
          runtime,
          report,
          `restored ${file} into ${target}: ${copied.pages} pages, ${check.organizations} organization(s), ${objects.copied} document file(s); migrations applied: ${info.pending.length === 0 ? 'none (the backup is at this build’s version)' : info.pending.join(', ')}\ncheck: every organization exports byte-identical to the backup (sha256 ${check.sha256})`,
        );
        m.removeSqliteFiles(saved);
        runtime.info(`→ local ${target}`);
      } catch (error) {
        // All or nothing: a restore that did not finish leaves the target as empty as it was.
        await undo();
        throw error;
      }
    });
}

function printReport(runtime: Runtime, report: Record<string, unknown>, summary: string): void {
  if (runtime.format === 'table') runtime.info(summary);
  else runtime.print(report);
}
