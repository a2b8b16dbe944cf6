import type { Command } from 'commander';
import { bodyFrom, withRuntime } from '../command-kit.js';
import { requireValue } from '../prompt.js';
import { orgIdFrom } from '../org-scope.js';

/** `payroll addresses set`: replace an address the organization holds (endpoint 11). */
export function registerAddressCommands(program: Command): void {
  const addresses = program.command('addresses').alias('address').description('addresses an organization holds (its own, correspondence, worksites’)');

  addresses
    .command('set')
    .description('replace the text and type of an address (PUT; the id must exist: ids are shown in org get)')
    .argument('<address-id>', 'address id')
    .option('--org <id>', 'organization id')
    .option('--input <file>', 'the Address body as JSON ({address, content: {country_code, address_type}}); (e.g. fixtures/examples/address.json); - for stdin')
    .option('--address <text>', 'the address as one line, e.g. "Musterstraße 12, 10115 Berlin"')
    .option('--country-code <DE|GB>', 'country of the address (default: the organization’s)')
    .option('--address-type <type>', 'HAUSANSCHRIFT, POSTFACH, ... (DE); REGISTERED_OFFICE, TRADING_ADDRESS, POSTAL_ADDRESS (GB)')
    .action(
      withRuntime(async (runtime, addressId: string, options: { org?: string; input?: string; address?: string; countryCode?: string; addressType?: string }) => {
        const orgId = await orgIdFrom(runtime, options);
        const body = bodyFrom(options, { address: options.address });
        body.address = await requireValue(runtime, body.address, '--address', 'Address (one line)');
        const service = await runtime.service();
        const content = { ...((body.content as Record<string, unknown> | undefined) ?? {}) };
        if (options.countryCode) content.country_code = options.countryCode.toUpperCase();
        if (options.addressType) content.address_type = options.addressType.toUpperCase();
        if (content.country_code === undefined) content.country_code = (await service.getOrganization(orgId)).country;
        if (content.address_type === undefined) content.address_type = content.country_code === 'GB' ? 'REGISTERED_OFFICE' : 'HAUSANSCHRIFT';
        body.content = content;
        const replaced = await service.replaceOrganizationAddress(orgId, addressId, body);
        runtime.wrote();
        runtime.print(replaced);
      }),
    );
}
