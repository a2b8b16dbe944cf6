/**
 * Organizations: the root of every other aggregate. Every read is by id; a caller's visibility
 * (which organizations its token names) is passed in, never assumed.
 */
import type { Updateable } from 'kysely';
import type { Db } from '../db.js';
import { type KeysetRequest, type KeysetRows, readKeysetPage } from '../paging.js';
import type { OrganizationTable } from '../schema.js';

export async function findOrganization(db: Db, orgId: string): Promise<OrganizationTable | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirst();
}

/**
 * Postgres: locks the organization row until the transaction ends (SELECT … FOR NO KEY UPDATE: writers
 * of the row wait, inserts that only reference it do not). Only for Postgres stores; SQLite's write
 * transactions already run one at a time.
 */
export async function lockOrganization(db: Db, orgId: string): Promise<void> {
  await db.selectFrom('organizations').select('id').where('id', '=', orgId).forNoKeyUpdate().execute();
}

export async function insertOrganization(db: Db, row: OrganizationTable): Promise<void> {
  await db.insertInto('organizations').values(row).execute();
}

export async function setOrganizationAddresses(db: Db, orgId: string, addressId: string | null, correspondenceAddressId: string | null): Promise<void> {
  await db.updateTable('organizations').set({ address_id: addressId, correspondence_address_id: correspondenceAddressId }).where('id', '=', orgId).execute();
}

/**
 * Writes `set` only when the stored row_version is still `expectedVersion` (compare-and-set in one
 * statement); false when someone else changed the row meanwhile.
 */
export async function updateOrganizationIfVersion(db: Db, orgId: string, expectedVersion: number, set: Updateable<OrganizationTable>): Promise<boolean> {
  const result = await db.updateTable('organizations').set(set).where('id', '=', orgId).where('row_version', '=', expectedVersion).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A keyset page of the organizations `visible` names (every one for 'all'). */
export async function listOrganizationsPage(db: Db, visible: 'all' | ReadonlySet<string>, request: KeysetRequest): Promise<KeysetRows<OrganizationTable>> {
  return readKeysetPage<OrganizationTable>(
    () => {
      let q = db.selectFrom('organizations').selectAll();
      if (visible !== 'all') q = visible.size === 0 ? q.where('id', '=', '\u0000') : q.where('id', 'in', [...visible]);
      return q;
    },
    'id',
    request,
  );
}

/** Whether `documentId` is an active org_logo document of the organization (the only logo a preference may name). */
export async function isActiveOrgLogo(db: Db, orgId: string, documentId: string): Promise<boolean> {
  const logo = await db
    .selectFrom('documents')
    .select('id')
    .where('id', '=', documentId)
    .where('org_id', '=', orgId)
    .where('document_type', '=', 'org_logo')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return logo !== undefined;
}
