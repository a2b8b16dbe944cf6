import { conflict } from '../../domain/errors.js';
import type { BankAccount } from '../contracts/bank-account.js';
import type { bankAccountInput } from '../contracts/bank-account.js';
import type { z } from 'zod';
import * as bankAccounts from '../../store/repositories/bank-accounts.js';
import type { BankAccountTable } from '../../store/schema.js';
import { type Db, flag, isSet, nowIso, parseJson, type ServiceContext } from '../context.js';
import { uuidv7 } from '../ids.js';

type ParsedBankAccount = z.output<typeof bankAccountInput>;

export function toBankAccount(row: BankAccountTable): BankAccount {
  return {
    id: row.id,
    financial_institution_name: row.financial_institution_name,
    account_number: row.account_number,
    routing_number: row.routing_number,
    iban: row.iban,
    swift_code: row.swift_code,
    sort_code: row.sort_code ?? null,
    account_details: parseJson(row.account_details_json),
    is_active: isSet(row.is_active),
    is_primary: isSet(row.is_primary),
    employee_id: row.employee_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Inserts accounts for one owner (the organization when employeeId is null). A new primary account
 * demotes the owner's previous primary one, so an owner never has two (docs/decisions.md D5).
 */
export async function insertBankAccounts(ctx: ServiceContext, db: Db, orgId: string, employeeId: string | null, accounts: ParsedBankAccount[]): Promise<BankAccount[]> {
  const now = nowIso(ctx);
  if (accounts.some((a) => a.is_primary)) await bankAccounts.demotePrimaryBankAccounts(db, orgId, employeeId, now);
  const rows: BankAccountTable[] = accounts.map((account) => ({
    id: uuidv7(),
    org_id: orgId,
    employee_id: employeeId,
    financial_institution_name: account.financial_institution_name,
    account_number: account.account_number ?? null,
    routing_number: account.routing_number ?? null,
    iban: account.iban ?? null,
    swift_code: account.swift_code ?? null,
    sort_code: account.sort_code ?? null,
    account_details_json: account.account_details ? JSON.stringify(account.account_details) : null,
    is_active: flag(account.is_active),
    is_primary: flag(account.is_primary),
    created_at: now,
    updated_at: now,
  }));
  await bankAccounts.insertBankAccounts(db, rows);
  return rows.map(toBankAccount);
}

/**
 * The same IBAN twice for one owner is a typing slip or a double import, never a second account:
 * refused as a conflict naming the position in the request (E6). Compared in electronic form.
 */
export async function assertNewIbans(db: Db, orgId: string, employeeId: string | null, accounts: ParsedBankAccount[], single = false): Promise<void> {
  const seen = new Map<string, number>();
  accounts.forEach((account, index) => {
    if (!account.iban) return;
    const earlier = seen.get(account.iban);
    if (earlier !== undefined) throw conflict('BANK_ACCOUNT.DUPLICATE_IBAN', `bank account ${index} repeats the IBAN of bank account ${earlier} in this request`, { input_index: index });
    seen.set(account.iban, index);
  });
  if (seen.size === 0) return;
  const clash = await bankAccounts.findOwnerAccountWithIban(db, orgId, employeeId, [...seen.keys()]);
  if (clash?.iban) {
    const index = seen.get(clash.iban) ?? 0;
    const owner = employeeId === null ? 'the organization' : `employee ${employeeId}`;
    throw conflict('BANK_ACCOUNT.DUPLICATE_IBAN', `${single ? 'this account' : `bank account ${index}`} has the IBAN of ${owner}'s existing bank account ${clash.id}`, { input_index: index, existing_id: clash.id });
  }
}
