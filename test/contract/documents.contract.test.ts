import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '../../src/service/contracts/document.js';
import type { PayrollService } from '../../src/service/ports.js';
import { allBackends } from '../support/backends.js';
import { expectDomainError } from '../support/expect-error.js';

/** A real 1×1 PNG. */
const PNG = new Uint8Array(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));
const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'));
const SVG = new Uint8Array(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>', 'utf8'));

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

for (const backend of allBackends()) {
  describe(`documents [${backend.name}]`, () => {
    let service: PayrollService;
    let dispose: () => Promise<void>;
    let orgId: string;
    let employeeId: string;

    async function uploaded(body: Record<string, unknown>, bytes: Uint8Array = PDF) {
      const created = await service.createDocument(orgId, { document_name: 'file', mime_type: 'application/pdf', ...body });
      return service.uploadDocumentContent(orgId, created.id, bytes);
    }

    async function logo(bytes: Uint8Array = PNG, mime = 'image/png') {
      const created = await service.createDocument(orgId, { document_type: 'org_logo', document_name: 'logo', mime_type: mime });
      return service.uploadDocumentContent(orgId, created.id, bytes);
    }

    beforeEach(async () => {
      ({ service, dispose } = await backend.create());
      orgId = (await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB' })).id;
      employeeId = (await service.createEmployee(orgId, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-01-01', start_date: '2024-01-01', gb: {} })).id;
    });
    afterEach(async () => dispose());

    describe('create and upload', () => {
      it('registers a document as pending_upload with the spec’s fields', async () => {
        const document = await service.createDocument(orgId, { document_type: 'contract', document_name: 'Employment contract.pdf', mime_type: 'Application/PDF', employee_id: employeeId, document_date: '2024-01-01', template_id: 7 });
        expect(document).toEqual({
          id: document.id,
          employee_id: employeeId,
          org_id: orgId,
          document_type: 'contract',
          document_name: 'Employment contract.pdf',
          object_store_bucket: 'payroll-documents',
          object_store_path: `organizations/${orgId}/documents/${document.id}`,
          mime_type: 'application/pdf',
          status: 'pending_upload',
          created_at: document.created_at,
          file_size_bytes: null,
          document_date: '2024-01-01',
          template_id: 7,
          created_by: expect.stringMatching(/.+/),
          updated_at: null,
          sha256: null,
        });
        expect(await service.getDocument(orgId, document.id)).toEqual(document);
      });

      it('accepts every document_type of the spec and refuses any other', async () => {
        for (const type of DOCUMENT_TYPES) {
          const mime = type === 'org_logo' ? 'image/png' : 'application/pdf';
          expect((await service.createDocument(orgId, { document_type: type, document_name: type, mime_type: mime })).document_type).toBe(type);
        }
        const error = await expectDomainError(service.createDocument(orgId, { document_type: 'p60', document_name: 'x', mime_type: 'application/pdf' }), 'validation');
        expect(error.issues[0]).toMatchObject({ loc: ['body', 'document_type'] });
      });

      it('refuses a malformed body, naming each field', async () => {
        const error = await expectDomainError(service.createDocument(orgId, { document_type: 'other', document_name: 'a/b', mime_type: 'pdf', template_id: 1.5, extra: 1 }), 'validation');
        expect(error.issues.map((i) => i.loc.join('.')).sort()).toEqual(['body', 'body.document_name', 'body.mime_type', 'body.template_id']);
      });

      it('refuses a media type with a control character or line break (it could not be sent back as Content-Type)', async () => {
        const error = await expectDomainError(service.createDocument(orgId, { document_type: 'other', document_name: 'notes.txt', mime_type: 'text/plain; charset="a\u0001b"' }), 'validation');
        expect(error.issues.map((i) => i.loc.join('.'))).toEqual(['body.mime_type']);
        const lineBreak = await expectDomainError(service.createDocument(orgId, { document_type: 'other', document_name: 'notes.txt', mime_type: 'text/plain;\ncharset=utf-8' }), 'validation');
        expect(lineBreak.issues.map((i) => i.loc.join('.'))).toEqual(['body.mime_type']);
        const fine = await service.createDocument(orgId, { document_type: 'other', document_name: 'notes.txt', mime_type: 'text/plain; charset="utf-8"' });
        expect(fine.mime_type).toBe('text/plain; charset="utf-8"');
      });

      it('refuses an employee of another organization as a body error', async () => {
        const other = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        const error = await expectDomainError(service.createDocument(other, { document_type: 'contract', document_name: 'c', mime_type: 'application/pdf', employee_id: employeeId }), 'validation');
        expect(error.issues[0]).toMatchObject({ loc: ['body', 'employee_id'], type: 'not_found' });
      });

      it('uploads the bytes: active, with size and SHA-256, and reads them back', async () => {
        const created = await service.createDocument(orgId, { document_type: 'payslip', document_name: 'May.pdf', mime_type: 'application/pdf', employee_id: employeeId });
        const document = await service.uploadDocumentContent(orgId, created.id, PDF);
        expect(document).toMatchObject({ status: 'active', file_size_bytes: PDF.byteLength, sha256: sha256(PDF) });
        expect(document.updated_at).not.toBeNull();
        const content = await service.getDocumentContent(orgId, created.id);
        expect(content).toMatchObject({ document_id: created.id, document_name: 'May.pdf', mime_type: 'application/pdf', sha256: sha256(PDF) });
        expect(Buffer.from(content.bytes).equals(Buffer.from(PDF))).toBe(true);
      });

      it('uploads content once: a second upload is a 409 naming the status', async () => {
        const document = await uploaded({ document_type: 'other' });
        const error = await expectDomainError(service.uploadDocumentContent(orgId, document.id, PDF), 'conflict');
        expect(error.code).toBe('DOCUMENT.INVALID_TRANSITION');
        expect(error.message).toContain('it is active');
        expect(error.details).toMatchObject({ current_status: 'active' });
      });

      it('refuses empty and oversized files', async () => {
        const created = await service.createDocument(orgId, { document_type: 'other', document_name: 'x', mime_type: 'application/octet-stream' });
        expect((await expectDomainError(service.uploadDocumentContent(orgId, created.id, new Uint8Array(0)), 'validation')).issues[0]?.type).toBe('file_empty');
        const big = await expectDomainError(service.uploadDocumentContent(orgId, created.id, new Uint8Array(20 * 1024 * 1024 + 1)), 'validation');
        // Same type as the HTTP layer's body limit, so every backend answers alike.
        expect(big.issues[0]).toMatchObject({ loc: ['body'], type: 'body_too_large' });
        expect((await service.getDocument(orgId, created.id)).status).toBe('pending_upload');
        const logoDoc = await service.createDocument(orgId, { document_type: 'org_logo', document_name: 'big', mime_type: 'image/png' });
        const bigLogo = new Uint8Array(2 * 1024 * 1024 + 1);
        bigLogo.set(PNG);
        expect((await expectDomainError(service.uploadDocumentContent(orgId, logoDoc.id, bigLogo), 'validation')).issues[0]?.msg).toMatch(/a logo may have at most 2097152/);
      });

      it('refuses bytes that are not what mime_type says', async () => {
        const pdf = await service.createDocument(orgId, { document_type: 'contract', document_name: 'c', mime_type: 'application/pdf' });
        const error = await expectDomainError(service.uploadDocumentContent(orgId, pdf.id, PNG), 'validation');
        expect(error.issues[0]).toMatchObject({ loc: ['body'], type: 'content_mismatch' });
        const png = await service.createDocument(orgId, { document_type: 'org_logo', document_name: 'l', mime_type: 'image/png' });
        expect((await expectDomainError(service.uploadDocumentContent(orgId, png.id, PDF), 'validation')).issues[0]?.msg).toMatch(/not a PNG/);
      });

      it('refuses an SVG logo that carries a script', async () => {
        const svg = await service.createDocument(orgId, { document_type: 'org_logo', document_name: 'l.svg', mime_type: 'image/svg+xml' });
        const scripted = new Uint8Array(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
        expect((await expectDomainError(service.uploadDocumentContent(orgId, svg.id, scripted), 'validation')).issues[0]?.msg).toMatch(/scripts/);
        expect((await service.uploadDocumentContent(orgId, svg.id, SVG)).status).toBe('active');
      });

      it('refuses SVG logos that slip a script past a pattern filter (issue 12), and stores nothing', async () => {
        const svg = await service.createDocument(orgId, { document_type: 'org_logo', document_name: 'l.svg', mime_type: 'image/svg+xml' });
        const open = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';
        const bypasses = [
          `${open}<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></svg>`,
          `${open}<use xlink:href="jav&#x61;script:alert(1)"/></svg>`,
          `${open}<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==" width="1" height="1"/></svg>`,
        ];
        for (const text of bypasses) {
          const error = await expectDomainError(service.uploadDocumentContent(orgId, svg.id, new Uint8Array(Buffer.from(text))), 'validation');
          expect(error.issues[0]).toMatchObject({ loc: ['body'], type: 'content_mismatch' });
        }
        expect((await service.getDocument(orgId, svg.id)).status).toBe('pending_upload');
      });

      it('answers 404 for another organization’s document', async () => {
        const document = await uploaded({ document_type: 'other' });
        const other = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        expect((await expectDomainError(service.getDocument(other, document.id), 'not_found')).code).toBe('DOCUMENT.NOT_FOUND');
        await expectDomainError(service.getDocumentContent(other, document.id), 'not_found');
        await expectDomainError(service.archiveDocument(other, document.id), 'not_found');
      });
    });

    describe('status transitions', () => {
      it('active → archived → active', async () => {
        const document = await uploaded({ document_type: 'contract', employee_id: employeeId });
        expect((await service.archiveDocument(orgId, document.id)).status).toBe('archived');
        expect(Buffer.from((await service.getDocumentContent(orgId, document.id)).bytes).equals(Buffer.from(PDF))).toBe(true);
        expect((await service.restoreDocument(orgId, document.id)).status).toBe('active');
      });

      it.each([
        ['archive', 'pending_upload'],
        ['restore', 'pending_upload'],
        ['restore', 'active'],
        ['archive', 'archived'],
        ['archive', 'deleted'],
        ['restore', 'deleted'],
        ['delete', 'deleted'],
        ['upload', 'deleted'],
        ['upload', 'archived'],
      ] as const)('refuses %s on a %s document with a 409 naming the status', async (action, status) => {
        const created = await service.createDocument(orgId, { document_type: 'other', document_name: 'x', mime_type: 'application/pdf' });
        if (status !== 'pending_upload') await service.uploadDocumentContent(orgId, created.id, PDF);
        if (status === 'archived') await service.archiveDocument(orgId, created.id);
        if (status === 'deleted') await service.deleteDocument(orgId, created.id);
        const run = { archive: () => service.archiveDocument(orgId, created.id), restore: () => service.restoreDocument(orgId, created.id), delete: () => service.deleteDocument(orgId, created.id), upload: () => service.uploadDocumentContent(orgId, created.id, PDF) }[action];
        const error = await expectDomainError(run(), 'conflict');
        expect(error.code).toBe('DOCUMENT.INVALID_TRANSITION');
        expect(error.message).toContain(`it is ${status}`);
        expect(error.details).toMatchObject({ current_status: status });
        expect((await service.getDocument(orgId, created.id)).status).toBe(status);
      });

      it.each(['pending_upload', 'active', 'archived'] as const)('deletes a %s document for good and removes its bytes', async (status) => {
        const created = await service.createDocument(orgId, { document_type: 'other', document_name: 'x', mime_type: 'application/pdf' });
        if (status !== 'pending_upload') await service.uploadDocumentContent(orgId, created.id, PDF);
        if (status === 'archived') await service.archiveDocument(orgId, created.id);
        const deleted = await service.deleteDocument(orgId, created.id);
        expect(deleted.status).toBe('deleted');
        const error = await expectDomainError(service.getDocumentContent(orgId, created.id), 'conflict');
        expect(error.code).toBe('DOCUMENT.NO_CONTENT');
        expect(error.message).toMatch(/deleted/);
      });

      it('has no content before the upload', async () => {
        const created = await service.createDocument(orgId, { document_type: 'other', document_name: 'x', mime_type: 'application/pdf' });
        expect((await expectDomainError(service.getDocumentContent(orgId, created.id), 'conflict')).message).toMatch(/pending_upload/);
      });
    });

    describe('employee documents (endpoint 13)', () => {
      let ids: string[];
      beforeEach(async () => {
        ids = [];
        for (const type of ['payslip', 'payslip', 'contract', 'payslip', 'id_document']) ids.push((await uploaded({ document_type: type, employee_id: employeeId })).id);
        await service.archiveDocument(orgId, ids[3] as string);
        await service.createDocument(orgId, { document_type: 'payslip', document_name: 'pending', mime_type: 'application/pdf', employee_id: employeeId });
        const bob = (await service.createEmployee(orgId, { first_name: 'Bob', last_name: 'Lee', date_of_birth: '1990-01-01', start_date: '2024-01-01', gb: {} })).id;
        await uploaded({ document_type: 'payslip', employee_id: bob });
        await uploaded({ document_type: 'uk_bacs_file' });
      });

      it('lists the employee’s active documents by default, oldest first', async () => {
        const page = await service.listEmployeeDocuments(orgId, employeeId, {});
        expect(page.items.map((d) => d.id)).toEqual([ids[0], ids[1], ids[2], ids[4]]);
        expect(page.pagination).toEqual({ limit: 10, has_next: false, has_prev: false, next_cursor: null, prev_cursor: null, total: 4 });
      });

      it('filters by document_type and status (one value or a comma list)', async () => {
        expect((await service.listEmployeeDocuments(orgId, employeeId, { document_type: 'payslip' })).items.map((d) => d.id)).toEqual([ids[0], ids[1]]);
        expect((await service.listEmployeeDocuments(orgId, employeeId, { status: 'archived' })).items.map((d) => d.id)).toEqual([ids[3]]);
        const both = await service.listEmployeeDocuments(orgId, employeeId, { document_type: 'payslip', status: 'active,archived,pending_upload' });
        expect(both.pagination.total).toBe(4);
        expect((await service.listEmployeeDocuments(orgId, employeeId, { document_type: 'contract,id_document' })).items.map((d) => d.document_type)).toEqual(['contract', 'id_document']);
      });

      it('pages with cursors both ways and sorts newest first on request', async () => {
        const first = await service.listEmployeeDocuments(orgId, employeeId, { size: 3 });
        expect(first.items.map((d) => d.id)).toEqual([ids[0], ids[1], ids[2]]);
        expect(first.pagination).toMatchObject({ limit: 3, has_next: true, has_prev: false, total: 4 });
        const second = await service.listEmployeeDocuments(orgId, employeeId, { size: '3', cursor: first.pagination.next_cursor });
        expect(second.items.map((d) => d.id)).toEqual([ids[4]]);
        expect(second.pagination).toMatchObject({ has_next: false, has_prev: true, next_cursor: null });
        const back = await service.listEmployeeDocuments(orgId, employeeId, { size: 3, cursor: second.pagination.prev_cursor });
        expect(back.items.map((d) => d.id)).toEqual([ids[0], ids[1], ids[2]]);
        expect((await service.listEmployeeDocuments(orgId, employeeId, { sort_order: 'desc', size: 2 })).items.map((d) => d.id)).toEqual([ids[4], ids[2]]);
      });

      it.each([
        [{ size: 0 }, 'size'],
        [{ size: 101 }, 'size'],
        [{ sort_order: 'newest' }, 'sort_order'],
        [{ cursor: 'not-a-cursor' }, 'cursor'],
      ])('answers a pagination error for %j', async (query, field) => {
        const error = await expectDomainError(service.listEmployeeDocuments(orgId, employeeId, query), 'pagination');
        expect(error.details).toMatchObject({ field });
      });

      it.each([
        [{ document_type: 'p60' }, 'document_type'],
        [{ status: 'active,gone' }, 'status'],
        [{ type: 'payslip' }, 'type'],
      ])('answers a validation error naming the query parameter for %j', async (query, field) => {
        const error = await expectDomainError(service.listEmployeeDocuments(orgId, employeeId, query), 'validation');
        expect(error.issues[0]?.loc).toEqual(['query', field]);
      });

      it('answers 404 for an unknown employee or one of another organization', async () => {
        expect((await expectDomainError(service.listEmployeeDocuments(orgId, 'nobody', {}), 'not_found')).code).toBe('EMPLOYEE.NOT_FOUND');
        const other = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        await expectDomainError(service.listEmployeeDocuments(other, employeeId, {}), 'not_found');
      });

      it('lists the whole organization’s documents, optionally by employee (extension)', async () => {
        expect((await service.listOrganizationDocuments(orgId, {})).pagination.total).toBe(6);
        expect((await service.listOrganizationDocuments(orgId, { document_type: 'uk_bacs_file' })).items).toHaveLength(1);
        expect((await service.listOrganizationDocuments(orgId, { employee_id: employeeId, status: 'active,archived' })).pagination.total).toBe(5);
      });
    });

    describe('logo confirm (endpoint 14)', () => {
      it('makes an active org_logo the logo, creating preferences when there are none', async () => {
        const document = await logo();
        const confirmed = await service.confirmLogo(orgId, { document_id: document.id });
        expect(confirmed).toEqual(document);
        const org = await service.getOrganization(orgId);
        expect(org.preferences).toMatchObject({ id: 1, logo_id: document.id, is_insolvent: false });
      });

      it('keeps the other preferences when replacing the logo', async () => {
        await service.updateOrganization(orgId, { preferences: { extra_paid_leave_days: 3 } });
        const first = await logo();
        await service.confirmLogo(orgId, { document_id: first.id });
        const second = await logo(SVG, 'image/svg+xml');
        await service.confirmLogo(orgId, { document_id: second.id });
        expect((await service.getOrganization(orgId)).preferences).toMatchObject({ extra_paid_leave_days: 3, logo_id: second.id });
      });

      it('refuses an unknown document or another organization’s, naming document_id', async () => {
        expect((await expectDomainError(service.confirmLogo(orgId, { document_id: 'nothing' }), 'validation')).issues[0]).toMatchObject({ loc: ['body', 'document_id'], type: 'not_found' });
        const document = await logo();
        const other = (await service.createOrganization({ legal_name: 'Other Ltd', country: 'GB' })).id;
        expect((await expectDomainError(service.confirmLogo(other, { document_id: document.id }), 'validation')).issues[0]?.type).toBe('not_found');
        expect((await service.getOrganization(other)).preferences).toBeNull();
      });

      it('refuses a document that is not an org_logo', async () => {
        const contract = await uploaded({ document_type: 'contract' });
        const error = await expectDomainError(service.confirmLogo(orgId, { document_id: contract.id }), 'validation');
        expect(error.issues[0]).toMatchObject({ loc: ['body', 'document_id'], type: 'document_type_mismatch' });
      });

      it('allows only images as logos, and no employee on a logo', async () => {
        const error = await expectDomainError(service.createDocument(orgId, { document_type: 'org_logo', document_name: 'l', mime_type: 'application/pdf', employee_id: employeeId }), 'validation');
        expect(error.issues.map((i) => [i.loc.join('.'), i.type])).toEqual([
          ['body.employee_id', 'logo_employee'],
          ['body.mime_type', 'mime_type_not_allowed'],
        ]);
      });

      it.each(['pending_upload', 'archived', 'deleted'] as const)('refuses a %s logo with a 409 naming the status', async (status) => {
        const created = await service.createDocument(orgId, { document_type: 'org_logo', document_name: 'l', mime_type: 'image/png' });
        if (status !== 'pending_upload') await service.uploadDocumentContent(orgId, created.id, PNG);
        if (status === 'archived') await service.archiveDocument(orgId, created.id);
        if (status === 'deleted') await service.deleteDocument(orgId, created.id);
        const error = await expectDomainError(service.confirmLogo(orgId, { document_id: created.id }), 'conflict');
        expect(error.code).toBe('DOCUMENT.NOT_ACTIVE');
        expect(error.message).toContain(`is ${status}`);
      });

      it('refuses a body without document_id', async () => {
        expect((await expectDomainError(service.confirmLogo(orgId, {}), 'validation')).issues[0]?.loc).toEqual(['body', 'document_id']);
      });

      it('archiving or deleting the current logo clears preferences.logo_id', async () => {
        const document = await logo();
        await service.confirmLogo(orgId, { document_id: document.id });
        await service.archiveDocument(orgId, document.id);
        expect((await service.getOrganization(orgId)).preferences).toMatchObject({ logo_id: null });
        await service.restoreDocument(orgId, document.id);
        await service.confirmLogo(orgId, { document_id: document.id });
        await service.deleteDocument(orgId, document.id);
        expect((await service.getOrganization(orgId)).preferences).toMatchObject({ logo_id: null });
      });
    });
  });
}

describe('documents: the object store', () => {
  it('writes the bytes under object_store_path and removes them when the document is deleted', async () => {
    const { mkdtempSync, existsSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openStore } = await import('../../src/store/database.js');
    const { createLocalService, localActor } = await import('../../src/service/local.js');
    const { createFolderObjectStore } = await import('../../src/service/object-store.js');
    const dir = mkdtempSync(join(tmpdir(), 'payroll-objects-'));
    const service = createLocalService(await openStore(':memory:'), { actor: localActor('clerk'), objects: createFolderObjectStore(dir), ownsStore: true });
    try {
      const orgId = (await service.createOrganization({ legal_name: 'Acme Ltd', country: 'GB' })).id;
      const created = await service.createDocument(orgId, { document_type: 'other', document_name: 'x.pdf', mime_type: 'application/pdf' });
      expect(created.created_by).toBe('local:clerk');
      const document = await service.uploadDocumentContent(orgId, created.id, PDF);
      const file = join(dir, document.object_store_bucket, document.object_store_path);
      expect(readFileSync(file).equals(Buffer.from(PDF))).toBe(true);
      await service.deleteDocument(orgId, document.id);
      expect(existsSync(file)).toBe(false);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
