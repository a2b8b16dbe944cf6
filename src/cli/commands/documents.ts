import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import type { Command } from 'commander';
import { type Document, DOCUMENT_TYPES, type PayrollService } from '../../service/ports.js';
import { addListOptions, collectCursorPages, listQuery, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { confirmStep, requireValue } from '../prompt.js';
import { readStdinBytes, type Runtime, usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/** `payroll documents …` (endpoints 13, 14 and the upload/download extensions) and `payroll org logo set`. */

const DOCUMENT_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'type', value: 'document_type' },
  { header: 'name', value: 'document_name' },
  { header: 'status', value: 'status' },
  { header: 'employee', value: 'employee_id' },
  { header: 'bytes', value: 'file_size_bytes' },
  { header: 'date', value: 'document_date' },
  { header: 'created', value: 'created_at' },
];

/** Media types by file extension; anything else needs --mime-type (a wrong guess would fail the content check anyway). */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.heic': 'image/heic',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
};

export function mimeTypeOf(file: string): string | undefined {
  return MIME_BY_EXTENSION[extname(file).toLowerCase()];
}

function readUpload(file: string): Uint8Array {
  try {
    return new Uint8Array(file === '-' ? readStdinBytes() : readFileSync(file));
  } catch (error) {
    throw usageError(`${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

interface UploadFlags {
  org?: string;
  type?: string;
  employee?: string;
  name?: string;
  mimeType?: string;
  date?: string;
  templateId?: string;
}

/**
 * Create + upload in one go. If the upload is refused (too large, not what its type says), the
 * just-created record is deleted so no pending_upload orphan is left behind, and the refusal is reported.
 */
async function upload(runtime: Runtime, service: PayrollService, orgId: string, file: string, flags: UploadFlags): Promise<Document> {
  const bytes = readUpload(file);
  const mimeType = flags.mimeType ?? (file === '-' ? undefined : mimeTypeOf(file));
  if (!mimeType) throw usageError(`cannot tell the media type of ${file} from its extension: pass --mime-type (e.g. application/pdf)`);
  const name = flags.name ?? (file === '-' ? undefined : basename(file));
  const body: Record<string, unknown> = {
    document_type: flags.type,
    document_name: await requireValue(runtime, name, '--name', 'Document name'),
    mime_type: mimeType,
  };
  if (flags.employee !== undefined) body.employee_id = flags.employee;
  if (flags.date !== undefined) body.document_date = flags.date;
  if (flags.templateId !== undefined) {
    if (!/^\d+$/.test(flags.templateId)) throw usageError(`--template-id must be a whole number (got "${flags.templateId}")`);
    body.template_id = Number(flags.templateId);
  }
  const created = await service.createDocument(orgId, body);
  runtime.wrote();
  try {
    return await service.uploadDocumentContent(orgId, created.id, bytes);
  } catch (error) {
    await service.deleteDocument(orgId, created.id).catch(() => undefined);
    throw error;
  }
}

function addUploadOptions(command: Command): Command {
  return command
    .option('--org <id>', 'organization id')
    .option('--employee <id>', 'the employee the document belongs to (none: the organization’s own)')
    .option('--name <name>', 'document name (default: the file name)')
    .option('--mime-type <type>', 'media type (default: from the file extension)')
    .option('--date <date>', 'document date or period (YYYY-MM-DD)')
    .option('--template-id <n>', 'template the document was generated from');
}

function registerLogoCommand(program: Command): void {
  const org = program.commands.find((c) => c.name() === 'org') ?? program.command('org');
  const logo = org.command('logo').description('the organization’s logo (printed on payslips)');
  logo
    .command('set')
    .description('upload an image (PNG, JPEG or SVG; at most 2 MiB) and make it the logo (endpoint 14)')
    .argument('<file>', 'the image file')
    .option('--org <id>', 'organization id')
    .option('--mime-type <type>', 'media type (default: from the file extension)')
    .action(
      withRuntime(async (runtime, file: string, options: UploadFlags) => {
        const orgId = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        const document = await upload(runtime, service, orgId, file, { ...options, type: 'org_logo' });
        const confirmed = await service.confirmLogo(orgId, { document_id: document.id });
        runtime.info(`logo of organization ${orgId} is now document ${confirmed.id}`);
        runtime.print(confirmed);
      }),
    );
}

export function registerDocumentCommands(program: Command): void {
  const documents = program.command('documents').alias('document').description('employee and organization documents: upload, list, download, archive, delete');

  addUploadOptions(
    documents
      .command('upload')
      .description('register a document and upload its file in one go')
      .argument('<file>', 'the file; - for stdin (then --name and --mime-type are needed)')
      .option('--type <type>', `document type: ${DOCUMENT_TYPES.join(', ')}`),
  ).action(
    withRuntime(async (runtime, file: string, options: UploadFlags) => {
      const orgId = await orgIdFrom(runtime, options);
      const type = await requireValue(runtime, options.type, '--type', 'Document type', { choices: DOCUMENT_TYPES });
      const service = await runtime.service();
      runtime.print(await upload(runtime, service, orgId, file, { ...options, type }));
    }),
  );

  addListOptions(
    documents
      .command('list')
      .description('list documents: an employee’s with --employee (endpoint 13), else the whole organization’s')
      .option('--org <id>', 'organization id')
      .option('--employee <id>', 'only this employee’s documents')
      .option('--type <types>', 'document types, comma separated')
      .option('--status <statuses>', 'statuses, comma separated (default active): active, archived, deleted, pending_upload'),
  ).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const query: Record<string, unknown> = { ...listQuery(options) };
      for (const key of ['page', 'sort_by', 'search', 'search_fields']) {
        if (query[key] !== undefined) throw usageError(`--${key.replace('_', '-')} does not apply to documents (cursor pages: --size, --cursor, --sort-order, --all)`);
      }
      if (options.type !== undefined) query.document_type = options.type;
      if (options.status !== undefined) query.status = options.status;
      const employee = options.employee as string | undefined;
      const items = await collectCursorPages<Document>(runtime, Boolean(options.all), (cursor) => {
        const q = { ...query, ...(cursor ? { cursor } : {}) };
        return employee ? service.listEmployeeDocuments(orgId, employee, q) : service.listOrganizationDocuments(orgId, q);
      });
      runtime.print(items, DOCUMENT_COLUMNS);
    }),
  );

  documents
    .command('show')
    .alias('get')
    .description('show a document’s metadata')
    .argument('<document-id>', 'document id')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, documentId: string, options: { org?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        runtime.print(await service.getDocument(orgId, documentId));
      }),
    );

  documents
    .command('download')
    .description('save a document’s file (checked against its SHA-256)')
    .argument('<document-id>', 'document id')
    .option('--org <id>', 'organization id')
    .option('--to <path>', 'where to write it (default: the document name in the current folder); - for stdout')
    .option('--force', 'overwrite an existing file')
    .action(
      withRuntime(async (runtime, documentId: string, options: { org?: string; to?: string; force?: boolean }) => {
        const orgId = await orgIdFrom(runtime, options);
        const service = await runtime.service();
        const content = await service.getDocumentContent(orgId, documentId);
        if (options.to === '-') {
          process.stdout.write(content.bytes);
          return;
        }
        const name = basename(content.document_name);
        const path = resolve(options.to ?? (name === '' || name === '.' || name === '..' ? content.document_id : name));
        if (existsSync(path) && !options.force) throw usageError(`${path} exists: pass --force to overwrite it, or --to another path`);
        writeFileSync(path, content.bytes, { mode: 0o600 });
        runtime.info(`wrote ${content.bytes.byteLength} bytes to ${path}`);
        runtime.print({ document_id: content.document_id, path, file_size_bytes: content.bytes.byteLength, mime_type: content.mime_type, sha256: content.sha256 });
      }),
    );

  // One write on one document (its id and --org; the result printed): archive, restore, delete, confirm-logo.
  const writes: readonly { verb: string; description: string; confirm?: (documentId: string) => string; write: (service: PayrollService, orgId: string, documentId: string) => Promise<unknown> }[] = [
    { verb: 'archive', description: 'archive an active document (it stays downloadable; archiving the logo clears it)', write: (service, orgId, id) => service.archiveDocument(orgId, id) },
    { verb: 'restore', description: 'make an archived document active again', write: (service, orgId, id) => service.restoreDocument(orgId, id) },
    {
      verb: 'delete',
      description: 'delete a document for good: its file is removed, the record stays as deleted',
      confirm: (id) => `Delete document ${id} and its file for good`,
      write: (service, orgId, id) => service.deleteDocument(orgId, id),
    },
    { verb: 'confirm-logo', description: 'make an uploaded org_logo document the organization’s logo (endpoint 14)', write: (service, orgId, id) => service.confirmLogo(orgId, { document_id: id }) },
  ];
  for (const { verb, description, confirm, write } of writes) {
    documents
      .command(verb)
      .description(description)
      .argument('<document-id>', 'document id')
      .option('--org <id>', 'organization id')
      .action(
        withRuntime(async (runtime, documentId: string, options: { org?: string }) => {
          const orgId = await orgIdFrom(runtime, options);
          if (confirm) await confirmStep(runtime, confirm(documentId));
          const service = await runtime.service();
          const result = await write(service, orgId, documentId);
          runtime.wrote();
          runtime.print(result);
        }),
      );
  }

  registerLogoCommand(program);
}
