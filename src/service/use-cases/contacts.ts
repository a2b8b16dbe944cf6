import type { z } from 'zod';
import { isDomainError, notFound } from '../../domain/errors.js';
import { type Contact, type ContactBulkResult, contactInput, contactListInput, contactPatch } from '../contracts/contact.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import { parseOrThrow, zodIssuesToFieldIssues } from '../contracts/zod-issues.js';
import { canAccessOrg, inTransaction, nowIso, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { toPage } from '../paging.js';
import { insertContacts, toContact } from '../records/contacts.js';
import { requireWorksite } from '../records/worksites.js';
import { findContactById, listContactsPage, updateContact } from '../../store/repositories/contacts.js';
import type { ContactTable } from '../../store/schema.js';

export interface ContactUseCases {
  /**
   * Endpoint 4, non-atomic: each valid record is written in its own transaction; the answer is
   * always a result (never an error) once the request itself is acceptable (E7–E9).
   */
  createContacts(orgId: string, body: unknown): Promise<ContactBulkResult>;
  /** Endpoint 5: the path names no organization, so the contact's own organization is checked against the caller. */
  updateContact(contactId: string, body: unknown): Promise<Contact>;
  /** Extension: page-style list of the organization's own contacts, or a worksite's with `worksite_id`. */
  listContacts(orgId: string, query: Record<string, unknown>): Promise<Page<Contact>>;
}

type BulkError = ContactBulkResult['errors'][number];
type RecordIssue = BulkError['errors'][number];

/** The same rule names as the request-level errors (zod-issues.ts), as the bulk answer's {message, field, params}. */
function zodRecordIssues(error: z.ZodError): RecordIssue[] {
  return zodIssuesToFieldIssues(error, []).map((issue) => ({ message: issue.msg, field: issue.loc.join('.'), params: { type: issue.type } }));
}

/**
 * A failure that is the record's own (a duplicate e-mail, a rule the store enforces) fails that
 * record; anything else (the database went away, a concurrent-write abort) is not the record's
 * fault and stops the batch: the remaining valid records are reported as unprocessed (E8).
 */
function recordFault(error: unknown): RecordIssue[] | null {
  if (!isDomainError(error)) return null;
  if (error.kind !== 'conflict' && error.kind !== 'validation') return null;
  if (error.code === 'STORE.CONCURRENT_WRITE') return null;
  const field = error.code === 'CONTACT.DUPLICATE_EMAIL' ? 'email' : '';
  if (error.issues.length > 0) {
    return error.issues.map((issue) => ({ message: issue.msg, field: issue.loc.filter((p) => p !== 'body').join('.') || field, params: { type: issue.type, code: error.code } }));
  }
  return [{ message: error.message, field, params: { type: error.kind === 'conflict' ? 'duplicate' : 'invalid_value', code: error.code } }];
}

const SORTABLE = ['name', 'email', 'created_at'] as const;
const SEARCHABLE = ['name', 'email'] as const;

export function contactUseCases(ctx: ServiceContext): ContactUseCases {
  return {
    async createContacts(orgId, body) {
      requireScope(ctx, 'payroll:write');
      // The request as a whole: an array of 1 to BULK_MAX_ITEMS records, else a validation error for all of it.
      const items = parseOrThrow(contactListInput, body);
      await requireOrg(ctx, ctx.store.db, orgId);
      const result: ContactBulkResult = { total: items.length, succeeded: 0, failed: 0, unprocessed: 0, data: [], errors: [] };
      // Every record is validated before any is written, so a validation failure never depends on order.
      const valid: { index: number; input: z.output<typeof contactInput> }[] = [];
      items.forEach((item, index) => {
        const parsed = contactInput.safeParse(item);
        if (parsed.success) valid.push({ index, input: parsed.data });
        else {
          result.failed += 1;
          result.errors.push({ input_index: index, errors: zodRecordIssues(parsed.error) });
        }
      });
      let stoppedBy: string | null = null;
      for (const { index, input } of valid) {
        if (stoppedBy === null) {
          try {
            const [created] = await inTransaction(ctx, async (trx) => {
              const contacts = await insertContacts(ctx, trx, orgId, null, [input]);
              for (const contact of contacts) await audit(ctx, trx, { orgId, resourceType: 'contact', resourceId: contact.id, action: 'create' });
              return contacts;
            });
            if (created) result.data.push(created);
            result.succeeded += 1;
            continue;
          } catch (error) {
            const issues = recordFault(error);
            if (issues) {
              result.failed += 1;
              result.errors.push({ input_index: index, errors: issues });
              continue;
            }
            stoppedBy = isDomainError(error) ? error.code : 'STORE.UNAVAILABLE';
          }
        }
        // Not attempted (or rolled back through no fault of its own): listed so the client knows exactly what to send again.
        result.unprocessed += 1;
        result.errors.push({
          input_index: index,
          errors: [{ message: 'not processed: the store failed while this batch was written; send this record again', field: '', params: { type: 'unprocessed', cause: stoppedBy } }],
        });
      }
      result.errors.sort((a, b) => a.input_index - b.input_index);
      return result;
    },

    async updateContact(contactId, body) {
      requireScope(ctx, 'payroll:write');
      const patch = parseOrThrow(contactPatch, body);
      const row = await inTransaction(ctx, async (trx) => {
        const existing = await findContactById(trx, contactId);
        // Another organization's contact is answered exactly like a missing one.
        if (!existing || !canAccessOrg(ctx.actor, existing.org_id)) throw notFound('contact', contactId, 'CONTACT.NOT_FOUND');
        const next: Partial<ContactTable> = { updated_at: nowIso(ctx) };
        if (patch.name !== undefined) next.name = patch.name;
        if (patch.email !== undefined) next.email = patch.email ? patch.email.toLowerCase() : null;
        if (patch.phone !== undefined) next.phone_number = patch.phone?.phone_number ?? null;
        if (patch.roles !== undefined) next.roles_json = JSON.stringify(patch.roles);
        await updateContact(trx, existing.org_id, contactId, next);
        await audit(ctx, trx, { orgId: existing.org_id, resourceType: 'contact', resourceId: contactId, action: 'update', before: existing, after: next });
        return { ...existing, ...next } as ContactTable;
      });
      return toContact(row);
    },

    async listContacts(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const { worksite_id: worksiteRaw, ...paging } = query;
      const pageQuery = parsePageQuery(paging, { sortable: SORTABLE, searchable: SEARCHABLE });
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      const worksiteId = worksiteRaw === undefined || worksiteRaw === null || worksiteRaw === '' ? null : String(worksiteRaw);
      if (worksiteId !== null) await requireWorksite(db, orgId, worksiteId);
      return toPage(await listContactsPage(db, orgId, worksiteId, pageQuery), pageQuery, toContact);
    },
  };
}
