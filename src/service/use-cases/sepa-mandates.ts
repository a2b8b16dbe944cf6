import { conflict, fieldError, notFound } from '../../domain/errors.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import { type SepaMandate, sepaMandateInput, sepaMandatePatch } from '../contracts/sepa-mandate.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, flag, inTransaction, isSet, nowIso, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { toPage } from '../paging.js';
import { lockOrganization } from '../records/org-lock.js';
import { toSepaMandate } from '../records/sepa-mandates.js';
import { findBankAccount } from '../../store/repositories/bank-accounts.js';
import { findMandateWithReference, findSepaMandate, insertSepaMandate, listSepaMandatesPage, updateSepaMandate } from '../../store/repositories/sepa-mandates.js';
import type { SepaMandateTable } from '../../store/schema.js';

export interface SepaMandateUseCases {
  /** Endpoint 9: the organization authorises a creditor to debit one of its own accounts (E14). */
  createSepaMandate(orgId: string, body: unknown): Promise<SepaMandate>;
  /** Endpoint 10: every field optional; null clears the dates and the reference (E15). */
  updateSepaMandate(orgId: string, mandateId: string, body: unknown): Promise<SepaMandate>;
  /** Extension: page-style list (sort_by created_at|valid_from; search mandate_reference, creditor_id). */
  listSepaMandates(orgId: string, query: Record<string, unknown>): Promise<Page<SepaMandate>>;
}

/**
 * The organization is the debtor of the mandate, so the account debited must be one of the
 * organization's own accounts (not an employee's), active, and reachable by SEPA (it has an IBAN).
 * A wrong id is a validation error on the body field, not a 404: the path's resource exists.
 */
async function requireDebtorAccount(db: Db, orgId: string, bankAccountId: string): Promise<void> {
  const account = await findBankAccount(db, orgId, bankAccountId);
  if (!account) throw fieldError(['body', 'bank_account_id'], `is not a bank account of this organization (${bankAccountId})`, 'reference_missing');
  if (account.employee_id !== null) throw fieldError(['body', 'bank_account_id'], "is an employee's bank account; a mandate debits one of the organization's own accounts", 'reference_wrong_owner');
  if (!isSet(account.is_active)) throw fieldError(['body', 'bank_account_id'], 'is an inactive bank account; activate it or choose another', 'bank_account_inactive');
  if (!account.iban) throw fieldError(['body', 'bank_account_id'], 'has no IBAN; SEPA direct debits need one', 'iban_missing');
}

/** SEPA Rulebook: the mandate reference identifies a mandate uniquely for its creditor. */
async function assertUniqueReference(db: Db, orgId: string, creditorId: string, reference: string | null, exceptId: string | null): Promise<void> {
  if (reference === null) return;
  const clash = await findMandateWithReference(db, orgId, creditorId, reference, exceptId);
  if (clash) throw conflict('SEPA_MANDATE.DUPLICATE_REFERENCE', `mandate reference ${reference} is already used for creditor ${creditorId} (mandate ${clash.id}); a reference identifies one mandate per creditor`, { existing_id: clash.id });
}

export function sepaMandateUseCases(ctx: ServiceContext): SepaMandateUseCases {
  async function readMandate(db: Db, orgId: string, mandateId: string): Promise<SepaMandateTable> {
    const row = await findSepaMandate(db, orgId, mandateId);
    if (!row) throw notFound('SEPA mandate', mandateId, 'SEPA_MANDATE.NOT_FOUND');
    return row;
  }

  return {
    async createSepaMandate(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(sepaMandateInput, body);
      return inTransaction(ctx, async (trx) => {
        await requireOrg(ctx, trx, orgId);
        await lockOrganization(ctx, trx, orgId);
        await requireDebtorAccount(trx, orgId, input.bank_account_id);
        await assertUniqueReference(trx, orgId, input.creditor_id, input.mandate_reference ?? null, null);
        const now = nowIso(ctx);
        const row: SepaMandateTable = {
          id: uuidv7(),
          org_id: orgId,
          creditor_id: input.creditor_id,
          bank_account_id: input.bank_account_id,
          is_recurring: flag(input.is_recurring),
          // The spec requires created_by; a call without a subject is the system's own.
          created_by: ctx.actor.subject ?? 'system',
          valid_from: input.valid_from ?? null,
          valid_to: input.valid_to ?? null,
          mandate_reference: input.mandate_reference ?? null,
          created_at: now,
          updated_at: now,
        };
        await insertSepaMandate(trx, row);
        await audit(ctx, trx, { orgId, resourceType: 'sepa_mandate', resourceId: row.id, action: 'create' });
        return toSepaMandate(row);
      });
    },

    async updateSepaMandate(orgId, mandateId, body) {
      requireScope(ctx, 'payroll:write');
      const patch = parseOrThrow(sepaMandatePatch, body);
      return inTransaction(ctx, async (trx) => {
        await requireOrg(ctx, trx, orgId);
        await lockOrganization(ctx, trx, orgId);
        const row = await readMandate(trx, orgId, mandateId);
        const next: Partial<SepaMandateTable> = { updated_at: nowIso(ctx) };
        if (patch.valid_from !== undefined) next.valid_from = patch.valid_from;
        if (patch.valid_to !== undefined) next.valid_to = patch.valid_to;
        if (patch.mandate_reference !== undefined) next.mandate_reference = patch.mandate_reference;
        // creditor_id and is_recurring are required in the response: null there means "leave as is" (E15).
        if (patch.creditor_id !== undefined && patch.creditor_id !== null) next.creditor_id = patch.creditor_id;
        if (patch.is_recurring !== undefined && patch.is_recurring !== null) next.is_recurring = flag(patch.is_recurring);
        if (patch.bank_account_id !== undefined) {
          await requireDebtorAccount(trx, orgId, patch.bank_account_id);
          next.bank_account_id = patch.bank_account_id;
        }
        const merged = { ...row, ...next };
        if (merged.valid_from && merged.valid_to && merged.valid_to < merged.valid_from) {
          throw fieldError(['body', patch.valid_to !== undefined ? 'valid_to' : 'valid_from'], `the mandate would end (${merged.valid_to}) before it begins (${merged.valid_from})`, 'date_order');
        }
        await assertUniqueReference(trx, orgId, merged.creditor_id, merged.mandate_reference, mandateId);
        await updateSepaMandate(trx, orgId, mandateId, next);
        await audit(ctx, trx, { orgId, resourceType: 'sepa_mandate', resourceId: mandateId, action: 'update', before: row, after: next });
        return toSepaMandate(merged);
      });
    },

    async listSepaMandates(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: ['created_at', 'valid_from'], searchable: ['mandate_reference', 'creditor_id'] });
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      return toPage(await listSepaMandatesPage(db, orgId, pageQuery), pageQuery, toSepaMandate);
    },
  };
}
