import type { Command } from 'commander';
import type { SepaMandate } from '../../service/ports.js';
import { addListOptions, bodyFrom, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireField } from '../prompt.js';
import { collectPageItems, orgIdFrom } from '../org-scope.js';

export const SEPA_MANDATE_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'creditor', value: 'creditor_id' },
  { header: 'reference', value: 'mandate_reference' },
  { header: 'bank account', value: 'bank_account_id' },
  { header: 'recurring', value: 'is_recurring' },
  { header: 'from', value: 'valid_from' },
  { header: 'to', value: 'valid_to' },
  { header: 'created by', value: 'created_by' },
];

interface MandateFlags {
  org?: string;
  input?: string;
  creditorId?: string;
  bankAccount?: string;
  validFrom?: string;
  validTo?: string;
  reference?: string;
  oneOff?: boolean;
  recurring?: boolean;
}

/** "" clears a date or the reference (null). */
const clearable = (value: string | undefined): string | null | undefined => (value === undefined ? undefined : value === '' ? null : value);

function addMandateOptions(command: Command): Command {
  return command
    .option('--org <id>', 'organization id (the debtor)')
    .option('--input <file>', 'the SEPA mandate body as JSON (shape: fixtures/examples/sepa-mandate.json); - for stdin')
    .option('--creditor-id <id>', 'SEPA creditor identifier, e.g. DE98ZZZ09999999999')
    .option('--bank-account <id>', 'the organization’s own bank account to be debited')
    .option('--valid-from <date>', 'first day of the mandate')
    .option('--valid-to <date>', 'last day of the mandate ("" clears it)')
    .option('--reference <ref>', 'mandate reference (up to 35 SEPA characters; "" clears it)');
}

/** The fields of addMandateOptions' flags (undefined where a flag is not given: --input or the stored value stands). */
function mandateFields(options: MandateFlags): Record<string, unknown> {
  return {
    creditor_id: options.creditorId,
    bank_account_id: options.bankAccount,
    valid_from: clearable(options.validFrom),
    valid_to: clearable(options.validTo),
    mandate_reference: clearable(options.reference),
  };
}

export function registerSepaMandateCommands(program: Command): void {
  const mandates = program.command('sepa-mandates').alias('sepa-mandate').description('SEPA direct debit mandates of the organization: create, update, list');

  addMandateOptions(mandates.command('create').description('create a SEPA mandate (endpoint 9)'))
    .option('--one-off', 'a one-off mandate (default: recurring)')
    .action(
      withRuntime(async (runtime, options: MandateFlags) => {
        const orgId = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, { ...mandateFields(options), is_recurring: options.oneOff ? false : undefined });
        body.creditor_id = await requireField(runtime, body.creditor_id, '--creditor-id', 'SEPA creditor identifier');
        body.bank_account_id = await requireField(runtime, body.bank_account_id, '--bank-account', 'Bank account id (the organization’s own account)');
        const service = await runtime.service();
        const created = await service.createSepaMandate(orgId, body);
        runtime.wrote();
        runtime.print(created);
      }),
    );

  addMandateOptions(mandates.command('update').description('change a SEPA mandate (endpoint 10)').argument('<mandate-id>', 'mandate id'))
    .option('--one-off', 'make it a one-off mandate')
    .option('--recurring', 'make it a recurring mandate')
    .action(
      withRuntime(async (runtime, mandateId: string, options: MandateFlags) => {
        const orgId = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, { ...mandateFields(options), is_recurring: options.oneOff ? false : options.recurring ? true : undefined });
        const service = await runtime.service();
        const updated = await service.updateSepaMandate(orgId, mandateId, body);
        runtime.wrote();
        runtime.print(updated);
      }),
    );

  addListOptions(mandates.command('list').description('list SEPA mandates (page style; --sort-by created_at|valid_from)').option('--org <id>', 'organization id')).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      runtime.print(await collectPageItems<SepaMandate>(runtime, options, (query) => service.listSepaMandates(orgId, query)), SEPA_MANDATE_COLUMNS);
    }),
  );
}
