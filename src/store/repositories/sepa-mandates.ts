/** SEPA direct-debit mandates on the organization's own accounts. */
import type { Updateable } from 'kysely';
import type { Db } from '../db.js';
import { type OffsetColumns, type OffsetRequest, type OffsetRows, readOffsetPage } from '../paging.js';
import type { SepaMandateTable } from '../schema.js';

export async function findSepaMandate(db: Db, orgId: string, mandateId: string): Promise<SepaMandateTable | undefined> {
  return db.selectFrom('sepa_mandates').selectAll().where('org_id', '=', orgId).where('id', '=', mandateId).executeTakeFirst();
}

/** A mandate of the creditor with this reference, other than `exceptId`, if any. */
export async function findMandateWithReference(db: Db, orgId: string, creditorId: string, reference: string, exceptId: string | null): Promise<{ id: string } | undefined> {
  let q = db.selectFrom('sepa_mandates').select('id').where('org_id', '=', orgId).where('creditor_id', '=', creditorId).where('mandate_reference', '=', reference);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

export async function insertSepaMandate(db: Db, row: SepaMandateTable): Promise<void> {
  await db.insertInto('sepa_mandates').values(row).execute();
}

export async function updateSepaMandate(db: Db, orgId: string, mandateId: string, set: Updateable<SepaMandateTable>): Promise<void> {
  await db.updateTable('sepa_mandates').set(set).where('id', '=', mandateId).where('org_id', '=', orgId).execute();
}

export async function listSepaMandates(db: Db, orgId: string, limit?: number): Promise<SepaMandateTable[]> {
  const q = db.selectFrom('sepa_mandates').selectAll().where('org_id', '=', orgId).orderBy('id');
  return (limit === undefined ? q : q.limit(limit)).execute();
}

const PAGE_COLUMNS: OffsetColumns = {
  defaultSort: 'id',
  sortColumns: { created_at: 'created_at', valid_from: 'valid_from' },
  searchColumns: { mandate_reference: 'mandate_reference', creditor_id: 'creditor_id' },
};

export async function listSepaMandatesPage(db: Db, orgId: string, request: OffsetRequest): Promise<OffsetRows<SepaMandateTable>> {
  return readOffsetPage<SepaMandateTable>(() => db.selectFrom('sepa_mandates').selectAll().where('org_id', '=', orgId), request, PAGE_COLUMNS);
}
