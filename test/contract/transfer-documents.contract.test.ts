/**
 * Import writes document files before the commit that makes their documents active, and removes them again when
 * the transaction rolls back (issue 12, point 5, import half). The object store is the service's own, so these run
 * on the local backends (SQLite and, when PAYROLL_TEST_PG_URL is set, PostgreSQL) with a store whose writes fail.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore, type ObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore } from '../../src/store/database.js';
import { postgresUrl, sqliteBackend } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'));

interface Target {
  service: PayrollService;
  objectsDir: string;
  dispose(): Promise<void>;
}

/** A local service over `backend` whose object store is the folder store wrapped by `wrap`. */
async function localTarget(backend: 'sqlite' | 'postgres', wrap: (inner: ObjectStore) => ObjectStore): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-import-docs-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  if (backend === 'postgres') {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const store = backend === 'sqlite' ? await openStore(':memory:') : await openStore(postgresUrl as string, { poolSize: 2, schema });
  const service = createLocalService(store, { actor: localActor('contract-test'), objects: wrap(createFolderObjectStore(dir)), ownsStore: true });
  return {
    service,
    objectsDir: join(dir, 'payroll-documents'),
    async dispose() {
      await service.close();
      if (backend === 'postgres') {
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const local: ('sqlite' | 'postgres')[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

for (const backend of local) {
  describe(`import writes document files before the commit [${backend}]`, () => {
    const disposers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const dispose of disposers.splice(0)) await dispose();
    });

    async function exportWithDocument() {
      const source = await sqliteBackend.create();
      disposers.push(() => source.dispose());
      const org = await source.service.createOrganization({ legal_name: 'Akten GmbH', country: 'DE' });
      const created = await source.service.createDocument(org.id, { document_type: 'contract', document_name: 'contract.pdf', mime_type: 'application/pdf' });
      const document = await source.service.uploadDocumentContent(org.id, created.id, PDF);
      expect(document.status).toBe('active');
      const exported = await source.service.exportOrganization(org.id);
      const path = Object.keys(exported.objects)[0] as string;
      return { orgId: org.id, documentId: created.id, exported, path };
    }

    it('a file that cannot be written leaves no active document (the transaction rolls back)', async () => {
      const { orgId, documentId, exported } = await exportWithDocument();
      const target = await localTarget(backend, (inner) => ({
        ...inner,
        put: async () => {
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        },
      }));
      disposers.push(() => target.dispose());
      await expect(target.service.importOrganization(exported)).rejects.toThrow(/disk full/);
      await expectDomainError(target.service.getOrganization(orgId), 'not_found');
      await expectDomainError(target.service.getDocument(orgId, documentId), 'not_found');
    });

    it('files are on disk when the rows become active; a rollback after writing them removes them', async () => {
      const { orgId, exported, path } = await exportWithDocument();
      const seen: boolean[] = [];
      const target = await localTarget(backend, (inner) => ({
        ...inner,
        put: async (p, bytes) => {
          const stored = await inner.put(p, bytes);
          // Written inside the transaction: the organization is not visible yet (not committed).
          seen.push(existsSync(join(targetDir(), p)));
          return stored;
        },
      }));
      const targetDir = () => target.objectsDir;
      disposers.push(() => target.dispose());

      // Two contacts with one e-mail address pass every row rule but not the store's unique key: the
      // transaction fails after the file was written, and the file goes with it.
      const failing = structuredClone(exported);
      (failing.tables.contacts as Record<string, unknown>[]) = [
        { id: 'c-1', org_id: orgId, worksite_id: null, name: 'A', email: 'same@example.de', phone_number: null, roles_json: '[]', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
        { id: 'c-2', org_id: orgId, worksite_id: null, name: 'B', email: 'same@example.de', phone_number: null, roles_json: '[]', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
      ];
      await expectDomainError(target.service.importOrganization(failing), 'conflict');
      expect(seen).toEqual([true]);
      expect(existsSync(join(target.objectsDir, path))).toBe(false);
      await expectDomainError(target.service.getOrganization(orgId), 'not_found');

      const report = await target.service.importOrganization(exported);
      expect(report.objects_written).toBe(1);
      expect(existsSync(join(target.objectsDir, path))).toBe(true);
      const again = await target.service.importOrganization(exported);
      expect(again).toMatchObject({ objects_written: 0, changed: false });
    });

    it('refuses a file whose bytes are not the ones its document recorded, writing nothing', async () => {
      const { orgId, exported, path } = await exportWithDocument();
      const target = await localTarget(backend, (inner) => inner);
      disposers.push(() => target.dispose());
      const tampered = structuredClone(exported);
      tampered.objects[path] = Buffer.from('%PDF-1.4 forged').toString('base64');
      const error = await expectDomainError(target.service.importOrganization(tampered), 'validation');
      expect(error.issues).toContainEqual(expect.objectContaining({ loc: ['body', 'objects', path], type: 'object_checksum' }));
      expect(existsSync(join(target.objectsDir, path))).toBe(false);
      await expectDomainError(target.service.getOrganization(orgId), 'not_found');
    });
  });
}
