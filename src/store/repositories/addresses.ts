/** Addresses an organization holds (its own, its correspondence address, its worksites'). Always scoped to the organization. */
import type { Updateable } from 'kysely';
import type { Db } from '../db.js';
import type { AddressTable } from '../schema.js';

export async function insertAddress(db: Db, row: AddressTable): Promise<void> {
  await db.insertInto('addresses').values(row).execute();
}

/** Updates the organization's address `addressId`; the number of rows changed (0: no such address of this organization). */
export async function updateAddress(db: Db, orgId: string, addressId: string, set: Updateable<AddressTable>): Promise<number> {
  const result = await db.updateTable('addresses').set(set).where('id', '=', addressId).where('org_id', '=', orgId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findAddress(db: Db, orgId: string, addressId: string): Promise<AddressTable | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', addressId).where('org_id', '=', orgId).executeTakeFirst();
}

export async function listAddresses(db: Db, orgId: string): Promise<AddressTable[]> {
  return db.selectFrom('addresses').selectAll().where('org_id', '=', orgId).execute();
}
