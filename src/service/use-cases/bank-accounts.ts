import { type BankAccount, bankAccountInput, bankAccountListInput } from '../contracts/bank-account.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { inTransaction, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { toPage } from '../paging.js';
import { assertNewIbans, insertBankAccounts, toBankAccount } from '../records/bank-accounts.js';
import { requireEmployee } from '../records/employees.js';
import { lockOrganization } from '../records/org-lock.js';
import { listBankAccountsPage } from '../../store/repositories/bank-accounts.js';

export interface BankAccountUseCases {
  /** Endpoint 1: one account for an employee. */
  createEmployeeBankAccount(orgId: string, employeeId: string, body: unknown): Promise<BankAccount>;
  /** Endpoint 2: several accounts for an employee, all or none (a bad item fails the request with loc ["body", index, field]). */
  createEmployeeBankAccounts(orgId: string, employeeId: string, body: unknown): Promise<BankAccount[]>;
  /** Endpoint 3: several accounts of the organization itself, all or none. */
  createOrganizationBankAccounts(orgId: string, body: unknown): Promise<BankAccount[]>;
  /**
   * Extension: page-style list. Query `employee_id` lists one employee's accounts; without it the
   * organization's own accounts are listed (E5).
   */
  listBankAccounts(orgId: string, query: Record<string, unknown>): Promise<Page<BankAccount>>;
}

const SORTABLE = ['created_at', 'financial_institution_name'] as const;
const SEARCHABLE = ['financial_institution_name'] as const;

export function bankAccountUseCases(ctx: ServiceContext): BankAccountUseCases {
  async function createForEmployee(orgId: string, employeeId: string, accounts: Parameters<typeof insertBankAccounts>[4], single = false): Promise<BankAccount[]> {
    return inTransaction(ctx, async (trx) => {
      await requireOrg(ctx, trx, orgId);
      await lockOrganization(ctx, trx, orgId);
      await requireEmployee(trx, orgId, employeeId);
      await assertNewIbans(trx, orgId, employeeId, accounts, single);
      const created = await insertBankAccounts(ctx, trx, orgId, employeeId, accounts);
      for (const account of created) await audit(ctx, trx, { orgId, resourceType: 'bank_account', resourceId: account.id, action: 'create', detail: { employee_id: employeeId } });
      return created;
    });
  }

  return {
    async createEmployeeBankAccount(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const account = parseOrThrow(bankAccountInput, body);
      const [created] = await createForEmployee(orgId, employeeId, [account], true);
      return created as BankAccount;
    },

    async createEmployeeBankAccounts(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const accounts = parseOrThrow(bankAccountListInput, body);
      return createForEmployee(orgId, employeeId, accounts);
    },

    async createOrganizationBankAccounts(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const accounts = parseOrThrow(bankAccountListInput, body);
      return inTransaction(ctx, async (trx) => {
        await requireOrg(ctx, trx, orgId);
        await lockOrganization(ctx, trx, orgId);
        await assertNewIbans(trx, orgId, null, accounts);
        const created = await insertBankAccounts(ctx, trx, orgId, null, accounts);
        for (const account of created) await audit(ctx, trx, { orgId, resourceType: 'bank_account', resourceId: account.id, action: 'create' });
        return created;
      });
    },

    async listBankAccounts(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const { employee_id: employeeIdRaw, ...paging } = query;
      const pageQuery = parsePageQuery(paging, { sortable: SORTABLE, searchable: SEARCHABLE });
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      const employeeId = employeeIdRaw === undefined || employeeIdRaw === null || employeeIdRaw === '' ? null : String(employeeIdRaw);
      if (employeeId !== null) await requireEmployee(db, orgId, employeeId);
      return toPage(await listBankAccountsPage(db, orgId, employeeId, pageQuery), pageQuery, toBankAccount);
    },
  };
}
