/**
 * Bank accounts of an organization: its own (employee_id null) and its employees'. An owner is the
 * pair (organization, employee or null); every query is scoped to the organization.
 */
import type { Db } from '../db.js';
import { type OffsetColumns, type OffsetRequest, type OffsetRows, readOffsetPage } from '../paging.js';
import type { BankAccountTable } from '../schema.js';

/** Clears the primary flag of the owner's accounts (the organization's own when employeeId is null). */
export async function demotePrimaryBankAccounts(db: Db, orgId: string, employeeId: string | null, now: string): Promise<void> {
  let demote = db.updateTable('bank_accounts').set({ is_primary: 0, updated_at: now }).where('org_id', '=', orgId).where('is_primary', '=', 1);
  demote = employeeId === null ? demote.where('employee_id', 'is', null) : demote.where('employee_id', '=', employeeId);
  await demote.execute();
}

export async function insertBankAccounts(db: Db, rows: BankAccountTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('bank_accounts').values(rows).execute();
}

/** One of the owner's accounts whose IBAN is among `ibans`, if any. */
export async function findOwnerAccountWithIban(db: Db, orgId: string, employeeId: string | null, ibans: string[]): Promise<{ id: string; iban: string | null } | undefined> {
  let existing = db.selectFrom('bank_accounts').select(['id', 'iban']).where('org_id', '=', orgId).where('iban', 'in', ibans);
  existing = employeeId === null ? existing.where('employee_id', 'is', null) : existing.where('employee_id', '=', employeeId);
  return existing.executeTakeFirst();
}

export async function findBankAccount(db: Db, orgId: string, accountId: string): Promise<BankAccountTable | undefined> {
  return db.selectFrom('bank_accounts').selectAll().where('org_id', '=', orgId).where('id', '=', accountId).executeTakeFirst();
}

/** The organization's own accounts, in id order. */
export async function listOrganizationBankAccounts(db: Db, orgId: string, limit?: number): Promise<BankAccountTable[]> {
  const q = db.selectFrom('bank_accounts').selectAll().where('org_id', '=', orgId).where('employee_id', 'is', null).orderBy('id');
  return (limit === undefined ? q : q.limit(limit)).execute();
}

/** The accounts of the named employees of the organization, in id order (one query for a whole page). */
export async function listEmployeesBankAccounts(db: Db, orgId: string, employeeIds: string[]): Promise<BankAccountTable[]> {
  if (employeeIds.length === 0) return [];
  return db.selectFrom('bank_accounts').selectAll().where('org_id', '=', orgId).where('employee_id', 'in', employeeIds).orderBy('id').execute();
}

const PAGE_COLUMNS: OffsetColumns = {
  defaultSort: 'id',
  sortColumns: { created_at: 'created_at', financial_institution_name: 'financial_institution_name' },
  searchColumns: { financial_institution_name: 'financial_institution_name' },
};

/** A numbered page of one owner's accounts (the organization's own when employeeId is null). */
export async function listBankAccountsPage(db: Db, orgId: string, employeeId: string | null, request: OffsetRequest): Promise<OffsetRows<BankAccountTable>> {
  return readOffsetPage<BankAccountTable>(
    () => {
      const q = db.selectFrom('bank_accounts').selectAll().where('org_id', '=', orgId);
      return employeeId === null ? q.where('employee_id', 'is', null) : q.where('employee_id', '=', employeeId);
    },
    request,
    PAGE_COLUMNS,
  );
}
