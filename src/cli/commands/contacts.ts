import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { BULK_MAX_ITEMS, type Contact, type ContactBulkResult, DomainError } from '../../service/ports.js';
import { addListOptions, bodyFrom, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { readJsonInput, type Runtime, usageError } from '../runtime.js';
import { collectPageItems, listFlag, orgIdFrom } from '../org-scope.js';

export const CONTACT_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'name', value: 'name' },
  { header: 'email', value: 'email' },
  { header: 'phone', value: 'phone.phone_number' },
  { header: 'roles', value: 'roles' },
];

const ERROR_COLUMNS: Column[] = [
  { header: 'record', value: 'input_index' },
  { header: 'field', value: 'field' },
  { header: 'problem', value: 'message' },
  { header: 'rule', value: 'type' },
];

/** Minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/**
 * A contacts file: a JSON array in exactly the shape of endpoint 4, or a CSV file with a header
 * row naming name, email, phone, roles (roles separated by ";"). Empty CSV cells are left out.
 */
export function readContactsFile(path: string): unknown[] {
  if (!/\.csv$/i.test(path)) {
    const body = readJsonInput(path);
    if (!Array.isArray(body)) throw usageError(`${path}: expected a JSON array of contacts (or a .csv file)`);
    return body;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw usageError(`${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) throw usageError(`${path}: the CSV file is empty`);
  const columns = header.map((h) => h.trim().toLowerCase());
  const unknown = columns.filter((c) => !['name', 'email', 'phone', 'roles'].includes(c));
  if (unknown.length > 0) throw usageError(`${path}: unknown CSV column(s) ${unknown.join(', ')}; use name, email, phone, roles`);
  return rows.map((cells) => {
    const record: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const value = (cells[i] ?? '').trim();
      if (value === '') return;
      if (column === 'phone') record.phone = { phone_number: value };
      else if (column === 'roles') record.roles = value.split(/[;|]/).map((r) => r.trim()).filter((r) => r !== '');
      else record[column] = value;
    });
    return record;
  });
}

/**
 * Sends the records in requests of at most BULK_MAX_ITEMS and adds the answers up, with each
 * error's input_index counted from the start of the file. When a request ends with unprocessed
 * records (the store failed), nothing further is sent and the rest of the file is unprocessed too.
 */
async function importInBatches(runtime: Runtime, send: (batch: unknown[]) => Promise<ContactBulkResult>, records: unknown[]): Promise<ContactBulkResult> {
  const total: ContactBulkResult = { total: records.length, succeeded: 0, failed: 0, unprocessed: 0, data: [], errors: [] };
  for (let offset = 0; offset < records.length; offset += BULK_MAX_ITEMS) {
    const batch = records.slice(offset, offset + BULK_MAX_ITEMS);
    if (total.unprocessed > 0) {
      total.unprocessed += batch.length;
      batch.forEach((_, i) => total.errors.push({ input_index: offset + i, errors: [{ message: 'not sent: an earlier batch stopped on a store failure; import this record again', field: '', params: { type: 'unprocessed' } }] }));
      continue;
    }
    if (records.length > BULK_MAX_ITEMS) runtime.info(`records ${offset + 1}–${offset + batch.length} of ${records.length}`);
    const result = await send(batch);
    total.succeeded += result.succeeded;
    total.failed += result.failed;
    total.unprocessed += result.unprocessed;
    total.data.push(...result.data);
    total.errors.push(...result.errors.map((e) => ({ ...e, input_index: e.input_index + offset })));
  }
  return total;
}

function printImport(runtime: Runtime, result: ContactBulkResult): void {
  const rows = result.errors.flatMap((entry) => entry.errors.map((issue) => ({ input_index: entry.input_index, field: issue.field, message: issue.message, type: String(issue.params.type ?? '') })));
  if (runtime.format === 'json' || runtime.format === 'ndjson') {
    runtime.print(result);
  } else {
    if (runtime.format === 'table') {
      runtime.print([{ total: result.total, succeeded: result.succeeded, failed: result.failed, unprocessed: result.unprocessed }], [
        { header: 'records', value: 'total' },
        { header: 'created', value: 'succeeded' },
        { header: 'failed', value: 'failed' },
        { header: 'not processed', value: 'unprocessed' },
      ]);
    }
    if (rows.length > 0 || runtime.format === 'csv') runtime.print(rows, ERROR_COLUMNS);
  }
  runtime.info(`${result.total} contact(s): ${result.succeeded} created, ${result.failed} failed, ${result.unprocessed} not processed`);
}

export function registerContactCommands(program: Command): void {
  const contacts = program.command('contacts').alias('contact').description('contacts of an organization: import, update, list');

  contacts
    .command('import')
    .description('create contacts from a JSON array or CSV file (endpoint 4: each record on its own; good ones are kept when others fail)')
    .argument('<file>', 'JSON array in the spec’s shape (e.g. fixtures/examples/contacts.json), or .csv with columns name,email,phone,roles; - for JSON on stdin')
    .option('--org <id>', 'organization id')
    .action(
      withRuntime(async (runtime, file: string, options: { org?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const records = readContactsFile(file);
        if (records.length === 0) throw usageError(`${file}: holds no contacts`);
        const service = await runtime.service();
        const result = await importInBatches(runtime, (batch) => service.createContacts(orgId, batch), records);
        if (result.succeeded > 0) runtime.wrote();
        printImport(runtime, result);
        // The request was fine but records were not all written: the exit code says so (E10).
        if (result.unprocessed > 0) {
          throw new DomainError('unavailable', 'CONTACT.IMPORT_INCOMPLETE', `${result.unprocessed} contact(s) were not processed because the store failed; import those records again`);
        }
        if (result.failed > 0) {
          throw new DomainError('validation', 'CONTACT.IMPORT_PARTIAL', `${result.failed} of ${result.total} contact(s) failed (listed above); fix them and import those records again`);
        }
      }),
    );

  contacts
    .command('update')
    .description('change a contact (endpoint 5); --email "" or --phone "" clears the field')
    .argument('<contact-id>', 'contact id')
    .option('--input <file>', 'fields to change as JSON; - for stdin')
    .option('--name <name>', 'name')
    .option('--email <address>', 'e-mail address')
    .option('--phone <number>', 'phone number, e.g. +49 30 1234567')
    .option('--roles <roles>', 'comma-separated roles (primary, payroll, hr, finance, accounting, billing, signatory, technical, data_protection)')
    .action(
      withRuntime(async (runtime, contactId: string, options: { input?: string; name?: string; email?: string; phone?: string; roles?: string }) => {
        const body = bodyFrom(options, {
          name: options.name,
          email: options.email === undefined ? undefined : options.email === '' ? null : options.email,
          phone: options.phone === undefined ? undefined : options.phone === '' ? null : { phone_number: options.phone },
          roles: listFlag(options.roles),
        });
        const service = await runtime.service();
        const updated = await service.updateContact(contactId, body);
        runtime.wrote();
        runtime.print(updated);
      }),
    );

  addListOptions(
    contacts
      .command('list')
      .description('list the organization’s contacts, or a worksite’s with --worksite (page style; --sort-by name|email|created_at)')
      .option('--org <id>', 'organization id')
      .option('--worksite <id>', 'list this worksite’s contacts'),
  ).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const items = await collectPageItems<Contact>(runtime, options, (query) => service.listContacts(orgId, query), options.worksite ? { worksite_id: options.worksite } : {});
      runtime.print(items, CONTACT_COLUMNS);
    }),
  );
}
