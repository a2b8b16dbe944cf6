import type { Command } from 'commander';
import type { Organization } from '../../service/ports.js';
import { addListOptions, bodyFrom, collectCursorPages, listQuery, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { optionalValue, requireField, requireValue } from '../prompt.js';

export const ORG_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'country', value: 'country' },
  { header: 'legal name', value: 'legal_name' },
  { header: 'worksites', value: (o) => (o.work_sites as unknown[]).length },
  { header: 'contacts', value: (o) => (o.contacts as unknown[]).length },
  { header: 'bank accounts', value: (o) => (o.bank_accounts as unknown[]).length },
  { header: 'created', value: 'created_at' },
];

function addressFlag(text: string | undefined, country: unknown, type: string | undefined) {
  if (!text) return undefined;
  const code = country === 'GB' ? 'GB' : 'DE';
  return { address: text, content: { country_code: code, address_type: type ?? (code === 'GB' ? 'REGISTERED_OFFICE' : 'HAUSANSCHRIFT') } };
}

export function registerOrgCommands(program: Command): void {
  const org = program.command('org').alias('orgs').description('organizations (employers): create, show, list, update');

  org
    .command('create')
    .description('create an organization with its worksites, contacts, bank accounts, tax and insurance data')
    .option('--input <file>', 'request body as JSON (the spec’s Organization shape, e.g. fixtures/demo/de-organization.json); - for stdin')
    .option('--legal-name <name>', 'legal name')
    .option('--country <GB|DE>', 'GB or DE: decides which statutory rules apply')
    .option('--dba-name <name>', 'trading name')
    .option('--website <url>', 'website')
    .option('--external-ref <ref>', 'your own reference')
    .option('--address <text>', 'registered address as one line, e.g. "Musterstraße 12, 10115 Berlin"')
    .option('--address-type <type>', 'address type (HAUSANSCHRIFT, POSTFACH, ... for DE; REGISTERED_OFFICE, ... for GB)')
    .action(
      withRuntime(async (runtime, options: Record<string, string | undefined>) => {
        const body = bodyFrom(options, {
          legal_name: options.legalName,
          country: options.country?.toUpperCase(),
          dba_name: options.dbaName,
          website: options.website,
          external_ref: options.externalRef,
        });
        body.legal_name = await requireField(runtime, body.legal_name, '--legal-name', 'Legal name of the organization');
        body.country = await requireField(runtime, body.country, '--country', 'Country (decides the statutory rules)', { choices: ['GB', 'DE'] });
        const addressText = options.address ?? (body.address === undefined ? await optionalValue(runtime, undefined, 'Registered address (one line)') : undefined);
        const address = addressFlag(addressText, body.country, options.addressType);
        if (address) body.address = address;
        const service = await runtime.service();
        const created = await service.createOrganization(body);
        runtime.wrote();
        runtime.print(created);
      }),
    );

  org
    .command('get')
    .alias('show')
    .description('show an organization and everything it holds')
    .argument('<org-id>', 'organization id')
    .action(
      withRuntime(async (runtime, orgId: string) => {
        const service = await runtime.service();
        runtime.print(await service.getOrganization(orgId));
      }),
    );

  addListOptions(org.command('list').description('list organizations (cursor pages, endpoint 12)')).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const service = await runtime.service();
      const items = await collectCursorPages<Organization>(runtime, Boolean(options.all), (cursor) =>
        service.listOrganizations({ ...listQuery(options), ...(cursor ? { cursor } : {}) }),
      );
      runtime.print(items, ORG_COLUMNS);
    }),
  );

  org
    .command('update')
    .description('change an organization’s fields (the country cannot change)')
    .argument('<org-id>', 'organization id')
    .option('--input <file>', 'fields to change as JSON; - for stdin')
    .option('--legal-name <name>', 'legal name')
    .option('--dba-name <name>', 'trading name')
    .option('--website <url>', 'website')
    .option('--external-ref <ref>', 'your own reference')
    .option('--shutdown-date <date>', 'date the organization stops trading')
    .option('--row-version <n>', 'fail with a conflict if someone changed it since you read this version')
    .action(
      withRuntime(async (runtime, orgId: string, options: Record<string, string | undefined>) => {
        const body = bodyFrom(options, {
          legal_name: options.legalName,
          dba_name: options.dbaName,
          website: options.website,
          external_ref: options.externalRef,
          shutdown_date: options.shutdownDate,
          row_version: options.rowVersion === undefined ? undefined : Number(options.rowVersion),
        });
        const service = await runtime.service();
        const updated = await service.updateOrganization(orgId, body);
        runtime.wrote();
        runtime.print(updated);
      }),
    );
}
