/**
 * Import writes an organization's document files before the commit that makes the documents active (issue 12:
 * "import writes document files after the database commit, so a kill leaves active documents without files").
 * A file write that fails (a full disk, or the process killed at that moment) must leave the store unchanged; a
 * transaction that fails must take the files it wrote back.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore, type ObjectStore } from '../../src/service/object-store.js';
import type { ExportDocument } from '../../src/service/contracts/transfer.js';
import type { Store } from '../../src/store/database.js';
import { checkStoreInvariants } from '../../src/tools/verify/store-invariants.js';
import { engines, type Target } from '../store/engines.js';

for (const engine of engines()) {
  describe(`import of document files [${engine.name}]`, () => {
    let source: Target;
    let target: Target;
    let sourceStore: Store;
    let store: Store;
    let exported: ExportDocument;
    beforeEach(async () => {
      source = await engine.target();
      target = await engine.target();
      sourceStore = await source.open();
      store = await target.open();
      const service = source.service(sourceStore);
      const org = await service.createOrganization({ legal_name: 'Files Ltd', country: 'GB' });
      for (const i of [1, 2, 3]) {
        const doc = await service.createDocument(org.id, { document_type: 'other', document_name: `note-${i}.txt`, mime_type: 'text/plain' });
        await service.uploadDocumentContent(org.id, doc.id, new TextEncoder().encode(`note ${i}`));
      }
      exported = await service.exportOrganization(org.id);
      expect(Object.keys(exported.objects)).toHaveLength(3);
    });
    afterEach(async () => {
      await sourceStore.close();
      await store.close();
      await source.dispose();
      await target.dispose();
    });

    const files = () => createFolderObjectStore(join(target.dir, 'objects'));

    it('a file that cannot be written leaves no document, nor any other row, in the store', async () => {
      const real = files();
      let puts = 0;
      // The disk fills up on the third file.
      const full: ObjectStore = {
        ...real,
        async put(path, bytes) {
          puts += 1;
          if (puts === 3) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
          return real.put(path, bytes);
        },
      };
      const service = createLocalService(store, { actor: localActor('import-test'), objects: full });
      await expect(service.importOrganization(exported)).rejects.toThrow(/disk full/);
      expect(await store.db.selectFrom('organizations').select('id').execute()).toEqual([]);
      expect(await store.db.selectFrom('documents').select('id').execute()).toEqual([]);
      // The two files written before the failure were taken back.
      for (const path of Object.keys(exported.objects)) await expect(real.get(path)).rejects.toThrow(/ENOENT/);
    });

    it('a transaction that fails takes back the files written for it', async () => {
      const broken = structuredClone(exported);
      (broken.tables.documents?.[2] as Record<string, unknown>).no_such_column = 'x';
      const service = createLocalService(store, { actor: localActor('import-test'), objects: files() });
      await expect(service.importOrganization(broken)).rejects.toMatchObject({ kind: 'validation' });
      expect(await store.db.selectFrom('documents').select('id').execute()).toEqual([]);
      for (const path of Object.keys(exported.objects)) await expect(files().get(path)).rejects.toThrow(/ENOENT/);
    });

    it('a successful import has every active document with its file', async () => {
      const service = createLocalService(store, { actor: localActor('import-test'), objects: files() });
      const report = await service.importOrganization(exported);
      expect(report.objects_written).toBe(3);
      const check = await checkStoreInvariants(store.db, files());
      expect(check.failed).toBe(0);
      expect(check.results.filter((r) => r.check === 'document-file')).toHaveLength(3);
    });
  });
}
