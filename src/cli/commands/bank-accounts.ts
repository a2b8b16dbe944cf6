import type { Command } from 'commander';
import type { BankAccount } from '../../service/ports.js';
import { addListOptions, bodyFrom, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { optionalValue, requireValue } from '../prompt.js';
import { readJsonInput, usageError } from '../runtime.js';
import { collectPageItems, orgIdFrom } from '../org-scope.js';

/** IBANs and account numbers are masked by the output layer unless --reveal. */
export const BANK_ACCOUNT_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'owner', value: (a) => (a.employee_id ? `employee ${String(a.employee_id)}` : 'organization') },
  { header: 'bank', value: 'financial_institution_name' },
  { header: 'iban', value: 'iban' },
  { header: 'bic', value: 'swift_code' },
  { header: 'account no.', value: 'account_number' },
  { header: 'primary', value: 'is_primary' },
  { header: 'active', value: 'is_active' },
];

interface AccountFlags {
  org?: string;
  employee?: string;
  input?: string;
  bankName?: string;
  iban?: string;
  bic?: string;
  accountNumber?: string;
  routingNumber?: string;
  primary?: boolean;
  inactive?: boolean;
}

export function registerBankAccountCommands(program: Command): void {
  const accounts = program.command('bank-accounts').alias('bank-account').description('bank accounts of the organization or of an employee: add, add-many, list');

  accounts
    .command('add')
    .description('add one bank account: an employee’s with --employee (endpoint 1), else the organization’s own (endpoint 3)')
    .option('--org <id>', 'organization id')
    .option('--employee <id>', 'the employee who holds the account (default: the organization itself)')
    .option('--input <file>', 'the Bank account object as JSON (shape: fixtures/examples/bank-account.json); - for stdin')
    .option('--bank-name <name>', 'financial_institution_name')
    .option('--iban <iban>', 'IBAN (spaces allowed)')
    .option('--bic <bic>', 'BIC / SWIFT code (8 or 11 characters)')
    .option('--account-number <no>', 'domestic account number (when there is no IBAN)')
    .option('--routing-number <no>', 'routing number (exactly 9 digits)')
    .option('--primary', 'make it the primary account (the previous primary one is demoted)')
    .option('--inactive', 'record it as inactive')
    .action(
      withRuntime(async (runtime, options: AccountFlags) => {
        const orgId = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, {
          financial_institution_name: options.bankName,
          iban: options.iban,
          swift_code: options.bic,
          account_number: options.accountNumber,
          routing_number: options.routingNumber,
          is_primary: options.primary ? true : undefined,
          is_active: options.inactive ? false : undefined,
        });
        body.financial_institution_name = await requireValue(runtime, body.financial_institution_name, '--bank-name', 'Name of the bank');
        if (body.iban === undefined && body.account_number === undefined) {
          const iban = await optionalValue(runtime, undefined, 'IBAN');
          if (iban) body.iban = iban;
        }
        const service = await runtime.service();
        const created = options.employee ? await service.createEmployeeBankAccount(orgId, options.employee, body) : (await service.createOrganizationBankAccounts(orgId, [body]))[0];
        runtime.wrote();
        runtime.print(created);
      }),
    );

  accounts
    .command('add-many')
    .description('add several bank accounts from a JSON array, all or none (endpoint 2 with --employee, else endpoint 3)')
    .option('--org <id>', 'organization id')
    .option('--employee <id>', 'the employee who holds the accounts (default: the organization itself)')
    .option('--input <file>', 'JSON array of Bank account objects (shape: fixtures/examples/bank-accounts.json); - for stdin')
    .action(
      withRuntime(async (runtime, options: AccountFlags) => {
        const orgId = await orgIdFrom(runtime, options);
        if (!options.input) throw usageError('missing --input FILE (a JSON array of bank accounts; - for stdin)');
        const body = readJsonInput(options.input);
        const service = await runtime.service();
        const created = options.employee ? await service.createEmployeeBankAccounts(orgId, options.employee, body) : await service.createOrganizationBankAccounts(orgId, body);
        runtime.wrote();
        runtime.print(created, BANK_ACCOUNT_COLUMNS);
      }),
    );

  addListOptions(
    accounts
      .command('list')
      .description('list the organization’s own bank accounts, or an employee’s with --employee (page style)')
      .option('--org <id>', 'organization id')
      .option('--employee <id>', 'list this employee’s accounts'),
  ).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      const items = await collectPageItems<BankAccount>(runtime, options, (query) => service.listBankAccounts(orgId, query), options.employee ? { employee_id: options.employee } : {});
      runtime.print(items, BANK_ACCOUNT_COLUMNS);
    }),
  );
}
