import type { Command } from 'commander';
import type { InsuranceLevelChoice, Worksite } from '../../service/ports.js';
import { addListOptions, bodyFrom, withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { requireField, requireValue, requireWorksite } from '../prompt.js';
import { usageError } from '../runtime.js';
import { collectPageItems, orgIdFrom } from '../org-scope.js';

export const WORKSITE_COLUMNS: Column[] = [
  { header: 'id', value: 'id' },
  { header: 'name', value: 'name' },
  { header: 'address', value: 'address.address' },
  { header: 'primary', value: 'is_primary' },
  { header: 'active', value: 'is_active' },
  { header: 'contacts', value: (w) => (w.contacts as unknown[]).length },
  { header: 'insurance details', value: 'insurance_data.id' },
];

const CHOICE_COLUMNS: Column[] = [
  { header: 'agency', value: 'agency_id' },
  { header: 'compensation levy', value: 'compensation_levy_id' },
  { header: 'id', value: 'id' },
];

interface InsuranceFlags {
  input?: string;
  validFrom?: string;
  validTo?: string;
  locationNumber?: string;
  accidentInsurer?: string;
  accidentPin?: string;
  providerNumber?: string;
  processingLocation?: string;
}

/** "" clears a field (null), so a clerk can remove a number from the command line. */
function clearable(value: string | undefined): string | null | undefined {
  return value === undefined ? undefined : value === '' ? null : value;
}

function insuranceBody(options: InsuranceFlags): Record<string, unknown> {
  return bodyFrom(options, {
    valid_from: clearable(options.validFrom),
    valid_to: clearable(options.validTo),
    worksite_location_number: clearable(options.locationNumber),
    accident_insurance_company_number: clearable(options.accidentInsurer),
    accident_insurance_pin: clearable(options.accidentPin),
    payroll_service_provider_number: clearable(options.providerNumber),
    payroll_processing_location_number: clearable(options.processingLocation),
  });
}

function addInsuranceOptions(command: Command): Command {
  return command
    .option('--org <id>', 'organization id (a German organization)')
    .option('--worksite <id>', 'worksite id')
    .option('--input <file>', 'the insurance details as JSON (shape: fixtures/examples/worksite-insurance-details.json); - for stdin')
    .option('--valid-from <date>', 'first day the details apply')
    .option('--valid-to <date>', 'last day the details apply')
    .option('--location-number <8 digits>', 'Betriebsnummer of the worksite (worksite_location_number)')
    .option('--accident-insurer <8 digits>', 'Betriebsnummer of the accident insurer (accident_insurance_company_number)')
    .option('--accident-pin <5 digits>', 'PIN at the accident insurer')
    .option('--provider-number <8 digits>', 'Betriebsnummer of the payroll service provider')
    .option('--processing-location <8 digits>', 'Betriebsnummer of the payroll processing location');
}

export function registerWorksiteCommands(program: Command): void {
  const worksites = program.command('worksites').alias('worksite').description('worksites (Betriebsstätten) and their German insurance details');

  worksites
    .command('create')
    .description('add a worksite to an organization')
    .option('--org <id>', 'organization id')
    .option('--input <file>', 'the Worksite object as JSON (shape: fixtures/examples/worksite.json); - for stdin')
    .option('--name <name>', 'name of the worksite')
    .option('--address <text>', 'address as one line')
    .option('--address-type <type>', 'address type (default HAUSANSCHRIFT in Germany, REGISTERED_OFFICE in Great Britain)')
    .option('--primary', 'make it the primary worksite')
    .action(
      withRuntime(async (runtime, options: { org?: string; input?: string; name?: string; address?: string; addressType?: string; primary?: boolean }) => {
        const orgId = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, { name: options.name, is_primary: options.primary ? true : undefined });
        body.name = await requireField(runtime, body.name, '--name', 'Name of the worksite');
        const service = await runtime.service();
        if (options.address) {
          const country = (await service.getOrganization(orgId)).country;
          body.address = { address: options.address, content: { country_code: country, address_type: options.addressType ?? (country === 'GB' ? 'REGISTERED_OFFICE' : 'HAUSANSCHRIFT') } };
        }
        const created = await service.createWorksite(orgId, body);
        runtime.wrote();
        runtime.print(created);
      }),
    );

  addListOptions(worksites.command('list').description('list worksites (page style; --sort-by name|created_at)').option('--org <id>', 'organization id')).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      runtime.print(await collectPageItems<Worksite>(runtime, options, (query) => service.listWorksites(orgId, query)), WORKSITE_COLUMNS);
    }),
  );

  const insurance = worksites.command('insurance-details').description('German insurance details of a worksite: add, set');

  addInsuranceOptions(insurance.command('add').description('record insurance details for a worksite (German organizations only)')).action(
    withRuntime(async (runtime, options: InsuranceFlags & { org?: string; worksite?: string }) => {
      const orgId = await orgIdFrom(runtime, options, 'DE');
      const worksiteId = await requireWorksite(runtime, orgId, options.worksite);
      const service = await runtime.service();
      const created = await service.createWorksiteInsuranceDetails(orgId, worksiteId, insuranceBody(options));
      runtime.wrote();
      runtime.print(created);
    }),
  );

  addInsuranceOptions(insurance.command('set').description('change insurance details of a worksite (endpoint 6); "" clears a number').argument('<insurance-details-id>', 'the integer id of the insurance details')).action(
    withRuntime(async (runtime, detailsId: string, options: InsuranceFlags & { org?: string; worksite?: string }) => {
      const orgId = await orgIdFrom(runtime, options, 'DE');
      const worksiteId = await requireWorksite(runtime, orgId, options.worksite);
      const service = await runtime.service();
      const updated = await service.updateWorksiteInsuranceDetails(orgId, worksiteId, detailsId, insuranceBody(options));
      runtime.wrote();
      runtime.print(updated);
    }),
  );

  registerInsuranceLevelCommands(program);
}

/** `payroll org insurance-level set|list`: the organization's U1 compensation levy choice per agency (endpoint 7). */
function registerInsuranceLevelCommands(program: Command): void {
  const org = program.commands.find((c) => c.name() === 'org') ?? program.command('org').description('organizations (employers)');
  const level = org.command('insurance-level').description('German organizations: the compensation levy (U1) level chosen per agency');

  level
    .command('set')
    .description('set the insurance level choice for an agency, creating it on first use (endpoint 7)')
    .argument('<agency-id>', 'Betriebsnummer of the agency (8 digits), e.g. the health insurer')
    .option('--org <id>', 'organization id (a German organization)')
    .option('--compensation-levy-id <n>', 'the chosen level (a whole number), or "none" to clear it')
    .action(
      withRuntime(async (runtime, agencyId: string, options: { org?: string; compensationLevyId?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const raw = await requireValue(runtime, options.compensationLevyId, '--compensation-levy-id', 'Compensation levy level (a whole number, or none)');
        let value: number | null;
        if (raw === 'none' || raw === 'null') value = null;
        else if (/^-?\d+$/.test(raw)) value = Number(raw);
        else throw usageError(`--compensation-levy-id must be a whole number or none (got "${raw}")`);
        const service = await runtime.service();
        const choice = await service.setInsuranceLevelChoice(orgId, agencyId, { compensation_levy_id: value });
        runtime.wrote();
        runtime.print(choice);
      }),
    );

  addListOptions(level.command('list').description('list the insurance level choices').option('--org <id>', 'organization id')).action(
    withRuntime(async (runtime, options: Record<string, unknown>) => {
      const orgId = await orgIdFrom(runtime, options as { org?: string });
      const service = await runtime.service();
      runtime.print(await collectPageItems<InsuranceLevelChoice>(runtime, options, (query) => service.listInsuranceLevelChoices(orgId, query)), CHOICE_COLUMNS);
    }),
  );
}
