/** Contacts of an organization (worksite_id null) and of its worksites. */
import type { Updateable } from 'kysely';
import type { Db } from '../db.js';
import { type OffsetColumns, type OffsetRequest, type OffsetRows, readOffsetPage } from '../paging.js';
import type { ContactTable } from '../schema.js';

export async function insertContacts(db: Db, rows: ContactTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('contacts').values(rows).execute();
}

/**
 * A contact by id alone: endpoint 5's path names no organization, so the caller checks the row's own
 * organization against its token before using it.
 */
export async function findContactById(db: Db, contactId: string): Promise<ContactTable | undefined> {
  return db.selectFrom('contacts').selectAll().where('id', '=', contactId).executeTakeFirst();
}

export async function updateContact(db: Db, orgId: string, contactId: string, set: Updateable<ContactTable>): Promise<void> {
  await db.updateTable('contacts').set(set).where('id', '=', contactId).where('org_id', '=', orgId).execute();
}

/** Every contact of the organization (its own and its worksites'), in id order. */
export async function listContacts(db: Db, orgId: string): Promise<ContactTable[]> {
  return db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}

/** The first `limit` of the organization's own contacts (not a worksite's), in id order. */
export async function listOrganizationContacts(db: Db, orgId: string, limit: number): Promise<ContactTable[]> {
  return db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('worksite_id', 'is', null).orderBy('id').limit(limit).execute();
}

/** The contacts of the named worksites of the organization, in id order. */
export async function listWorksitesContacts(db: Db, orgId: string, worksiteIds: string[]): Promise<ContactTable[]> {
  if (worksiteIds.length === 0) return [];
  return db.selectFrom('contacts').selectAll().where('org_id', '=', orgId).where('worksite_id', 'in', worksiteIds).orderBy('id').execute();
}

const PAGE_COLUMNS: OffsetColumns = { defaultSort: 'id', sortColumns: { name: 'name', email: 'email', created_at: 'created_at' }, searchColumns: { name: 'name', email: 'email' } };

/** A numbered page of the organization's own contacts, or of one worksite's. */
export async function listContactsPage(db: Db, orgId: string, worksiteId: string | null, request: OffsetRequest): Promise<OffsetRows<ContactTable>> {
  return readOffsetPage<ContactTable>(
    () => {
      const q = db.selectFrom('contacts').selectAll().where('org_id', '=', orgId);
      return worksiteId === null ? q.where('worksite_id', 'is', null) : q.where('worksite_id', '=', worksiteId);
    },
    request,
    PAGE_COLUMNS,
  );
}
