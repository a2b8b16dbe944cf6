import type { Command } from 'commander';
import type { Organization } from '../../service/ports.js';
import { addListOptions, bodyFrom, collectCursorPages, listQuery, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { optionalValue, requireField } from '../prompt.js';
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

type YearRow = { tax_year: string } & Record<string, unknown>;

/** A per-tax-year list of the `gb` block with this year's row replaced (value) or removed (null). */
function setYear(rows: unknown, taxYear: string, value: Record<string, unknown> | null): YearRow[] {
  const kept = (Array.isArray(rows) ? (rows as YearRow[]) : []).filter((r) => r.tax_year !== taxYear);
  return value === null ? kept : [...kept, { tax_year: taxYear, ...value }].sort((x, y) => x.tax_year.localeCompare(y.tax_year));
}

/**
 * The `gb` block with the tax year's settings the update flags name (Employment Allowance claim, small employers'
 * relief, levy allowance share: each decided per tax year, as the EPS reports them), or null when no flag is given.
 */
function gbSettingsFlags(options: Record<string, string | undefined>, current: Record<string, unknown>): Record<string, unknown> | null {
  const ea = yesNo('--employment-allowance', options.employmentAllowance);
  const ser = yesNo('--small-employers-relief', options.smallEmployersRelief);
  if (ea === undefined && options.employmentAllowanceFrom === undefined && ser === undefined && options.levyAllowanceShare === undefined) return null;
  const taxYear = options.taxYear;
  if (!taxYear) throw usageError('--employment-allowance, --employment-allowance-from, --small-employers-relief and --levy-allowance-share apply to one tax year: give --tax-year, e.g. 2026-27');
  const out: Record<string, unknown> = { ...current };
  if (ea !== undefined || options.employmentAllowanceFrom !== undefined) {
    let from = 1;
    if (options.employmentAllowanceFrom !== undefined) {
      if (!/^(?:[1-9]|1[0-2])$/.test(options.employmentAllowanceFrom)) throw usageError(`--employment-allowance-from ${options.employmentAllowanceFrom}: a tax month is 1 to 12`);
      from = Number(options.employmentAllowanceFrom);
    }
    out.employment_allowance_claims = setYear(current.employment_allowance_claims, taxYear, ea === false ? null : { from_month: from });
  }
  if (ser !== undefined) {
    const years = new Set(Array.isArray(current.small_employers_relief_years) ? (current.small_employers_relief_years as string[]) : []);
    if (ser) years.add(taxYear);
    else years.delete(taxYear);
    out.small_employers_relief_years = [...years].sort();
  }
  if (options.levyAllowanceShare !== undefined) {
    const none = /^none$/i.test(options.levyAllowanceShare);
    out.levy_allowance_shares = setYear(current.levy_allowance_shares, taxYear, none ? null : { annual_allowance: options.levyAllowanceShare });
  }
  return out;
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
        body.legal_name = await requireField(runtime, body.legal_name, '--legal-name', 'Legal name of the organization', { check: (c) => c.legalName });
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
    .option('--tax-year <year>', 'GB: the tax year the Employment Allowance, relief and levy flags apply to, e.g. 2026-27')
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
        // The flags change single settings of one tax year: the rest of the stored block is sent back as it is.
        const needsGb = ['employmentAllowance', 'employmentAllowanceFrom', 'smallEmployersRelief', 'levyAllowanceShare'].some((k) => options[k] !== undefined);
        if (needsGb) {
          const stored = ((await service.getOrganization(orgId)).gb ?? {}) as Record<string, unknown>;
          const gbFlags = gbSettingsFlags(options, { ...stored, ...((body.gb as Record<string, unknown> | undefined) ?? {}) });
          if (gbFlags) body.gb = gbFlags;
        }
        const updated = await service.updateOrganization(orgId, body);
        runtime.wrote();
        runtime.print(updated);
      }),
    );
}
