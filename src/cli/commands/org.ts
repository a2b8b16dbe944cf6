import type { Command } from 'commander';
import type { Organization } from '../../service/ports.js';
import { addListOptions, bodyFrom, collectCursorPages, listQuery, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { optionalValue, requireValue } from '../prompt.js';
import { usageError } from '../runtime.js';

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

function yesNo(flag: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (/^(yes|true|y)$/i.test(value)) return true;
  if (/^(no|false|n)$/i.test(value)) return false;
  throw usageError(`${flag} ${value}: write yes or no`);
}

/** The GB settings the update flags name, or null when none is given. */
function gbSettingsFlags(options: Record<string, string | undefined>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  const ea = yesNo('--employment-allowance', options.employmentAllowance);
  if (ea !== undefined) out.employment_allowance_claimed = ea;
  if (options.employmentAllowanceFrom !== undefined) {
    if (!/^(?:[1-9]|1[0-2])$/.test(options.employmentAllowanceFrom)) throw usageError(`--employment-allowance-from ${options.employmentAllowanceFrom}: a tax month is 1 to 12`);
    out.employment_allowance_from_month = Number(options.employmentAllowanceFrom);
    if (ea === undefined) out.employment_allowance_claimed = true;
  }
  const ser = yesNo('--small-employers-relief', options.smallEmployersRelief);
  if (ser !== undefined) out.small_employers_relief = ser;
  if (options.levyAllowanceShare !== undefined) {
    const none = /^none$/i.test(options.levyAllowanceShare);
    out.levy_connected = !none;
    out.levy_allowance_share = none ? null : options.levyAllowanceShare;
  }
  return Object.keys(out).length > 0 ? out : null;
}

export function registerOrgCommands(program: Command): void {
  const org = program.command('org').alias('orgs').description('organizations (employers): create, show, list, update');

  org
    .command('create')
    .description('create an organization with its worksites, contacts, bank accounts, tax and insurance data')
    .option('--input <file>', 'request body as JSON (the spec’s Organization shape); - for stdin')
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
        body.legal_name = await requireValue(runtime, body.legal_name, '--legal-name', 'Legal name of the organization');
        body.country = await requireValue(runtime, body.country, '--country', 'Country (decides the statutory rules)', { choices: ['GB', 'DE'] });
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
    .option('--employment-allowance <yes|no>', 'GB: the employer claims the Employment Allowance against its employer NICs')
    .option('--employment-allowance-from <month>', 'GB: the tax month (1 to 12) the Employment Allowance is claimed from (default 1)')
    .option('--small-employers-relief <yes|no>', "GB: the employer qualifies for small employers' relief (statutory payments recovered in full plus compensation)")
    .option('--levy-allowance-share <amount|none>', 'GB: connected to other employers for the apprenticeship levy: the part of the annual levy allowance this employer uses (none: not connected)')
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
        const gbFlags = gbSettingsFlags(options);
        if (gbFlags) {
          // The flags change single settings: the rest of the stored block is sent back as it is.
          const current = (await service.getOrganization(orgId)).gb ?? {};
          const merged: Record<string, unknown> = { ...current, ...((body.gb as Record<string, unknown> | undefined) ?? {}), ...gbFlags };
          if (merged.employment_allowance_claimed === false) delete merged.employment_allowance_from_month;
          if (merged.levy_connected === false) delete merged.levy_allowance_share;
          body.gb = merged;
        }
        const updated = await service.updateOrganization(orgId, body);
        runtime.wrote();
        runtime.print(updated);
      }),
    );
}
