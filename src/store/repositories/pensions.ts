/**
 * GB pension schemes (a handle per scheme, versions over time) and memberships (versions per employee): every
 * query of the aggregate (issue 13, "Repositories"). Each one is scoped to the organization. Versions are
 * append-only; the one change an older version ever sees is its valid_to being closed, guarded so that two
 * concurrent changes cannot both succeed (spec "Versioned records").
 */
import type { Db } from '../db.js';
import type { EmployeeTable, GbPensionMembershipTable, GbPensionSchemeTable, GbPensionSchemeVersionTable } from '../schema.js';

/** A scheme version with its scheme's default flag. */
export type SchemeVersionRow = GbPensionSchemeVersionTable & { is_default: number };

export function findEmployee(db: Db, orgId: string, employeeId: string): Promise<EmployeeTable | undefined> {
  return db.selectFrom('employees').selectAll().where('org_id', '=', orgId).where('id', '=', employeeId).executeTakeFirst();
}

// ---- schemes ----

function selectSchemeVersions(db: Db) {
  return db
    .selectFrom('gb_pension_scheme_versions')
    .innerJoin('gb_pension_schemes', 'gb_pension_schemes.scheme_id', 'gb_pension_scheme_versions.scheme_id')
    .selectAll('gb_pension_scheme_versions')
    .select('gb_pension_schemes.is_default');
}

/** Every version of the scheme, oldest first (empty when the organization has no such scheme). */
export function listSchemeVersions(db: Db, orgId: string, schemeId: string): Promise<SchemeVersionRow[]> {
  return selectSchemeVersions(db).where('gb_pension_scheme_versions.org_id', '=', orgId).where('gb_pension_scheme_versions.scheme_id', '=', schemeId).orderBy('gb_pension_scheme_versions.version').execute();
}

/**
 * The filtered query behind the scheme list (each scheme's current version), for the page helper to count,
 * search, sort and slice. Column names for sorting and search are `gb_pension_scheme_versions.<column>`.
 */
export function currentSchemeVersionsQuery(db: Db, orgId: string) {
  return selectSchemeVersions(db).where('gb_pension_scheme_versions.org_id', '=', orgId).where('gb_pension_scheme_versions.valid_to', 'is', null);
}

/** Every version of every scheme of the organization, by scheme then version. */
export function listAllSchemeVersions(db: Db, orgId: string): Promise<GbPensionSchemeVersionTable[]> {
  return db.selectFrom('gb_pension_scheme_versions').selectAll().where('org_id', '=', orgId).orderBy('scheme_id').orderBy('version').execute();
}

/** The organization's scheme handles with their default flags. */
export function listSchemeHandles(db: Db, orgId: string): Promise<Pick<GbPensionSchemeTable, 'scheme_id' | 'is_default'>[]> {
  return db.selectFrom('gb_pension_schemes').select(['scheme_id', 'is_default']).where('org_id', '=', orgId).execute();
}

export async function hasAnyScheme(db: Db, orgId: string): Promise<boolean> {
  const row = await db.selectFrom('gb_pension_schemes').select('scheme_id').where('org_id', '=', orgId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The start of the scheme's first version, or undefined when the organization has no such scheme. */
export function firstSchemeVersion(db: Db, orgId: string, schemeId: string): Promise<Pick<GbPensionSchemeVersionTable, 'valid_from'> | undefined> {
  return db.selectFrom('gb_pension_scheme_versions').select(['valid_from']).where('org_id', '=', orgId).where('scheme_id', '=', schemeId).orderBy('version').executeTakeFirst();
}

export async function insertScheme(db: Db, row: GbPensionSchemeTable): Promise<void> {
  await db.insertInto('gb_pension_schemes').values(row).execute();
}

export async function insertSchemeVersion(db: Db, row: GbPensionSchemeVersionTable): Promise<void> {
  await db.insertInto('gb_pension_scheme_versions').values(row).execute();
}

/** Closes the version if it is still current; answers whether it was. */
export async function closeSchemeVersion(db: Db, versionId: string, validTo: string): Promise<boolean> {
  const closed = await db.updateTable('gb_pension_scheme_versions').set({ valid_to: validTo }).where('id', '=', versionId).where('valid_to', 'is', null).executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

/** Makes `schemeId` the only default: the old default is cleared first, as the partial unique index allows one at a time. */
export async function makeDefaultScheme(db: Db, orgId: string, schemeId: string): Promise<void> {
  await db.updateTable('gb_pension_schemes').set({ is_default: 0 }).where('org_id', '=', orgId).where('is_default', '=', 1).where('scheme_id', '!=', schemeId).execute();
  await db.updateTable('gb_pension_schemes').set({ is_default: 1 }).where('org_id', '=', orgId).where('scheme_id', '=', schemeId).execute();
}

// ---- memberships ----

/** The employee's membership records, oldest version first. */
export function listMembershipHistory(db: Db, orgId: string, employeeId: string): Promise<GbPensionMembershipTable[]> {
  return db.selectFrom('gb_pension_memberships').selectAll().where('org_id', '=', orgId).where('employee_id', '=', employeeId).orderBy('version').execute();
}

/** The membership records of the named employees, by employee then version (callers keep the list short). */
export function listMembershipsOfEmployees(db: Db, orgId: string, employeeIds: readonly string[]): Promise<GbPensionMembershipTable[]> {
  return db.selectFrom('gb_pension_memberships').selectAll().where('org_id', '=', orgId).where('employee_id', 'in', [...employeeIds]).orderBy('employee_id').orderBy('version').execute();
}

/** Closes the membership record if it is still open; answers whether it was. */
export async function closeMembership(db: Db, membershipId: string, validTo: string): Promise<boolean> {
  const closed = await db.updateTable('gb_pension_memberships').set({ valid_to: validTo }).where('id', '=', membershipId).where('valid_to', 'is', null).executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

export async function insertMemberships(db: Db, rows: readonly GbPensionMembershipTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('gb_pension_memberships').values([...rows]).execute();
}
