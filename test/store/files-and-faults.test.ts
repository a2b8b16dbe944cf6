/**
 * The SQLite file and the faults around it (issue 12, points 5 and 6): the store holds NI numbers,
 * tax ids and IBANs, so its files are private; a missing file or folder is refused where creating
 * it would hide a mistake; a corrupt file and a full disk are named as such and leave nothing half
 * written; an upload whose transaction fails leaves no file behind.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore, type ObjectStore } from '../../src/service/object-store.js';
import { openStore, SQLITE_PAGE_SIZE, type Store } from '../../src/store/database.js';
import { expectDomainError } from '../support/expect-error.js';

const GB_ORG = JSON.parse(readFileSync(new URL('../../fixtures/demo/gb-organization.json', import.meta.url), 'utf8')) as Record<string, unknown>;

let dirs: string[] = [];
let stores: Store[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-files-'));
  dirs.push(dir);
  return dir;
}

async function open(location: string, options: Parameters<typeof openStore>[1] = {}): Promise<Store> {
  const store = await openStore(location, options);
  stores.push(store);
  return store;
}

afterEach(async () => {
  for (const store of stores) await store.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  stores = [];
  dirs = [];
});

function modeOf(path: string): string {
  return (statSync(path).mode & 0o777).toString(8);
}

describe('SQLite store files', () => {
  it('creates the database and its -wal and -shm files 0600 and a missing default folder 0700', async () => {
    const dir = tempDir();
    const location = join(dir, 'data', 'payroll', 'payroll.db');
    const store = await open(location);
    const service = createLocalService(store, { actor: localActor('clerk'), objects: createFolderObjectStore(join(dir, 'objects')) });
    await service.createOrganization({ legal_name: 'Private Files Ltd', country: 'GB' });
    // While the store is open its WAL and shared-memory index exist beside it.
    expect({ db: modeOf(location), wal: modeOf(`${location}-wal`), shm: modeOf(`${location}-shm`), folder: modeOf(join(dir, 'data', 'payroll')) }).toEqual({ db: '600', wal: '600', shm: '600', folder: '700' });
  });

  it('refuses a missing file when it may not create one (read-only), and creates nothing', async () => {
    const dir = tempDir();
    const location = join(dir, 'payroll.db');
    const error = await expectDomainError(openStore(location, { create: 'never', label: `--db ${location}` }), 'not_found');
    expect(error.code).toBe('STORE.NOT_FOUND');
    expect(error.message).toContain(`--db ${location} does not exist`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a file in a missing folder unless the caller allows the folder, and creates no folder', async () => {
    const dir = tempDir();
    const location = join(dir, 'no', 'such', 'x.db');
    for (const create of ['file', 'never'] as const) {
      const error = await expectDomainError(openStore(location, { create, label: `--db ${location}` }), 'usage');
      expect(error.code).toBe('STORE.NO_FOLDER');
      expect(error.message).toContain(`the folder ${join(dir, 'no', 'such')} does not exist`);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names a file of random bytes as not a payroll database or corrupt', async () => {
    const dir = tempDir();
    const location = join(dir, 'random.db');
    writeFileSync(location, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 251)));
    const error = await expectDomainError(openStore(location), 'unavailable');
    expect(error.code).toBe('STORE.CORRUPT');
    expect(error.message).toMatch(/is not a payroll database or is corrupt/);
    expect(error.message).toContain(location);
  });
});

describe('page size (decision SQLRUN-2)', () => {
  const pageSize = async (store: Store) => (await sql<{ page_size: number }>`pragma page_size`.execute(store.db)).rows[0]?.page_size;

  it('makes a new store with 16 kB pages', async () => {
    expect(SQLITE_PAGE_SIZE).toBe(16_384);
    expect(await pageSize(await open(join(tempDir(), 'new.db')))).toBe(16_384);
  });

  it('keeps the page size of a store made before: a 4 kB store opens, migrates and keeps what it holds', async () => {
    const path = join(tempDir(), 'old.db');
    const old = new BetterSqlite3(path);
    old.pragma('page_size = 4096');
    old.pragma('journal_mode = WAL');
    old.exec('create table kept (v text)');
    old.prepare('insert into kept (v) values (?)').run('from before');
    old.close();
    const store = await open(path);
    expect(await pageSize(store)).toBe(4096);
    const service = createLocalService(store, { actor: localActor('test'), objects: createFolderObjectStore(tempDir()) });
    const org = await service.createOrganization(GB_ORG);
    expect((await service.getOrganization(org.id)).legal_name).toBe(GB_ORG.legal_name);
    expect(GB_ORG.legal_name).toEqual(expect.any(String));
    expect((await sql<{ v: string }>`select v from kept`.execute(store.db)).rows).toEqual([{ v: 'from before' }]);
  });
});

describe('disk full (SQLite)', () => {
  it('reports SQLITE_FULL as "disk full", not "cannot rollback", and saves nothing of the failed write', async () => {
    const dir = tempDir();
    const store = await open(join(dir, 'payroll.db'));
    const service = createLocalService(store, { actor: localActor('clerk'), objects: createFolderObjectStore(join(dir, 'objects')) });
    await service.createOrganization({ legal_name: 'Before Ltd', country: 'GB' });
    // The store's only connection may not grow the file any further: the next writes that need a new page fail with SQLITE_FULL.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(store.db);
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(store.db);
    const before = await store.db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let failure: unknown = null;
    for (let i = 0; i < 500 && failure === null; i += 1) {
      try {
        await service.createOrganization({ ...GB_ORG, legal_name: `Filler ${i} Ltd`, external_ref: `FILL-${i}` });
      } catch (error) {
        failure = error;
      }
    }
    const error = await expectDomainError(Promise.reject(failure), 'unavailable');
    expect(error.code).toBe('STORE.DISK_FULL');
    expect(error.message).toMatch(/^disk full: .*SQLITE_FULL.*nothing was saved/);
    expect(error.message).not.toMatch(/cannot rollback/);
    // Every organization that exists is complete: the one whose write failed left no row anywhere.
    const after = await store.db.selectFrom('organizations').select(['id', 'legal_name']).execute();
    const filler = after.filter((o) => o.legal_name.startsWith('Filler'));
    expect(after.length).toBe(Number(before.n) + filler.length);
    for (const org of filler) {
      const contacts = await store.db.selectFrom('contacts').select('id').where('org_id', '=', org.id).execute();
      expect(contacts.length, `contacts of ${org.legal_name}`).toBe(1);
    }
    const orphans = await sql<{ n: number }>`select count(*) as n from contacts where org_id not in (select id from organizations)`.execute(store.db);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });
});

describe('document upload that fails after its bytes were written', () => {
  it('removes the file and leaves the document pending_upload', async () => {
    const dir = tempDir();
    const store = await open(join(dir, 'payroll.db'));
    const folder = createFolderObjectStore(join(dir, 'objects'));
    // The bytes land, then the step after them fails (a full disk, a lost connection): the transaction rolls back.
    const failing: ObjectStore = {
      bucket: folder.bucket,
      async put(path, bytes) {
        await folder.put(path, bytes);
        throw new Error('the disk went away after writing');
      },
      get: (path) => folder.get(path),
      remove: (path) => folder.remove(path),
    };
    const service = createLocalService(store, { actor: localActor('clerk'), objects: failing });
    const org = await service.createOrganization({ legal_name: 'Upload Ltd', country: 'GB' });
    const document = await service.createDocument(org.id, { document_type: 'other', document_name: 'note.txt', mime_type: 'text/plain' });
    await expect(service.uploadDocumentContent(org.id, document.id, new TextEncoder().encode('hello'))).rejects.toThrow('the disk went away after writing');
    expect((await service.getDocument(org.id, document.id)).status).toBe('pending_upload');
    const row = await store.db.selectFrom('documents').select('object_store_path').where('id', '=', document.id).executeTakeFirstOrThrow();
    expect(existsSync(join(dir, 'objects', folder.bucket, row.object_store_path))).toBe(false);
  });
});
