/**
 * Worksites (Betriebsstätten) of an organization, their German insurance details and the
 * organization's insurance level choices (U1 levy per agency). Scoped to the organization.
 */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db.js';
import { type OffsetColumns, type OffsetRequest, type OffsetRows, readOffsetPage } from '../paging.js';
import type { InsuranceLevelChoiceTable, WorksiteInsuranceDetailsTable, WorksiteTable } from '../schema.js';

export type WorksiteInsuranceRow = Selectable<WorksiteInsuranceDetailsTable>;

export async function findWorksite(db: Db, orgId: string, worksiteId: string): Promise<WorksiteTable | undefined> {
  return db.selectFrom('worksites').selectAll().where('org_id', '=', orgId).where('id', '=', worksiteId).executeTakeFirst();
}

/** Clears the primary flag of the organization's worksites. */
export async function demotePrimaryWorksites(db: Db, orgId: string, now: string): Promise<void> {
  await db.updateTable('worksites').set({ is_primary: 0, updated_at: now }).where('org_id', '=', orgId).where('is_primary', '=', 1).execute();
}

export async function insertWorksite(db: Db, row: WorksiteTable): Promise<void> {
  await db.insertInto('worksites').values(row).execute();
}

export async function listWorksites(db: Db, orgId: string, limit?: number): Promise<WorksiteTable[]> {
  const q = db.selectFrom('worksites').selectAll().where('org_id', '=', orgId).orderBy('id');
  return (limit === undefined ? q : q.limit(limit)).execute();
}

const PAGE_COLUMNS: OffsetColumns = { defaultSort: 'id', sortColumns: { name: 'name', created_at: 'created_at' }, searchColumns: { name: 'name' } };

export async function listWorksitesPage(db: Db, orgId: string, request: OffsetRequest): Promise<OffsetRows<WorksiteTable>> {
  return readOffsetPage<WorksiteTable>(() => db.selectFrom('worksites').selectAll().where('org_id', '=', orgId), request, PAGE_COLUMNS);
}

/** Inserts insurance details; the id the database assigned. */
export async function insertWorksiteInsurance(db: Db, row: Insertable<WorksiteInsuranceDetailsTable>): Promise<number> {
  const inserted = await db.insertInto('worksite_insurance_details').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findWorksiteInsurance(db: Db, orgId: string, worksiteId: string, id: number): Promise<WorksiteInsuranceRow | undefined> {
  return db.selectFrom('worksite_insurance_details').selectAll().where('id', '=', id).where('worksite_id', '=', worksiteId).where('org_id', '=', orgId).executeTakeFirst();
}

/** Every insurance details record of the organization, in id order (recording order). */
export async function listWorksiteInsurance(db: Db, orgId: string): Promise<WorksiteInsuranceRow[]> {
  return db.selectFrom('worksite_insurance_details').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
}

/** The insurance details of the named worksites of the organization, in id order. */
export async function listWorksitesInsurance(db: Db, orgId: string, worksiteIds: string[]): Promise<WorksiteInsuranceRow[]> {
  if (worksiteIds.length === 0) return [];
  return db.selectFrom('worksite_insurance_details').selectAll().where('org_id', '=', orgId).where('worksite_id', 'in', worksiteIds).orderBy('id').execute();
}

/** Every insurance details record of one worksite (the caller has checked the worksite belongs to its organization). */
export async function listInsuranceOfWorksite(db: Db, worksiteId: string): Promise<WorksiteInsuranceRow[]> {
  return db.selectFrom('worksite_insurance_details').selectAll().where('worksite_id', '=', worksiteId).execute();
}

export async function updateWorksiteInsurance(db: Db, orgId: string, id: number, set: Updateable<WorksiteInsuranceDetailsTable>): Promise<void> {
  await db.updateTable('worksite_insurance_details').set(set).where('id', '=', id).where('org_id', '=', orgId).execute();
}

/**
 * Creates the organization's choice for the agency or changes its levy (E13), in one statement so two
 * concurrent first writes cannot both insert; the choice as stored afterwards.
 */
export async function upsertInsuranceLevelChoice(db: Db, row: InsuranceLevelChoiceTable): Promise<InsuranceLevelChoiceTable> {
  await db
    .insertInto('insurance_level_choices')
    .values(row)
    .onConflict((oc) => oc.columns(['org_id', 'agency_id']).doUpdateSet({ compensation_levy_id: row.compensation_levy_id, updated_at: row.updated_at }))
    .execute();
  return db.selectFrom('insurance_level_choices').selectAll().where('org_id', '=', row.org_id).where('agency_id', '=', row.agency_id).executeTakeFirstOrThrow();
}

const CHOICE_COLUMNS: OffsetColumns = { defaultSort: 'id', sortColumns: { agency_id: 'agency_id', created_at: 'created_at' }, searchColumns: { agency_id: 'agency_id' } };

export async function listInsuranceLevelChoicesPage(db: Db, orgId: string, request: OffsetRequest): Promise<OffsetRows<InsuranceLevelChoiceTable>> {
  return readOffsetPage<InsuranceLevelChoiceTable>(() => db.selectFrom('insurance_level_choices').selectAll().where('org_id', '=', orgId), request, CHOICE_COLUMNS);
}
