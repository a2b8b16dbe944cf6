import { normalizeAddress, parseAddress } from '../../domain/address-parser.js';
import type { AddressInput, Address } from '../contracts/address.js';
import * as addresses from '../../store/repositories/addresses.js';
import type { AddressTable } from '../../store/schema.js';
import { type Db, nowIso, type ServiceContext } from '../context.js';
import { uuidv7 } from '../ids.js';

export function toAddress(row: AddressTable): Address {
  return { id: row.id, address: row.address, components: JSON.parse(row.components_json), content: JSON.parse(row.content_json) };
}

function derive(input: AddressInput, orgCountry: string) {
  const components = parseAddress(input.address, orgCountry === 'GB' ? 'GB' : orgCountry === 'DE' ? 'DE' : null);
  const content = { normalized_address: normalizeAddress(components), country_code: input.content.country_code, address_type: input.content.address_type };
  return { components_json: JSON.stringify(components), content_json: JSON.stringify(content) };
}

export async function insertAddress(ctx: ServiceContext, db: Db, orgId: string, orgCountry: string, input: AddressInput): Promise<string> {
  const now = nowIso(ctx);
  const id = uuidv7();
  await addresses.insertAddress(db, { id, org_id: orgId, address: input.address, ...derive(input, orgCountry), created_at: now, updated_at: now });
  return id;
}

export async function replaceAddress(ctx: ServiceContext, db: Db, orgId: string, orgCountry: string, addressId: string, input: AddressInput): Promise<number> {
  return addresses.updateAddress(db, orgId, addressId, { address: input.address, ...derive(input, orgCountry), updated_at: nowIso(ctx) });
}

export async function loadAddresses(db: Db, orgId: string): Promise<Map<string, Address>> {
  const rows = await addresses.listAddresses(db, orgId);
  return new Map(rows.map((row) => [row.id, toAddress(row)]));
}
