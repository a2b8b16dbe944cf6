import type { Selectable } from 'kysely';
import { notFound } from '../../domain/errors.js';
import type { z } from 'zod';
import type { Address } from '../contracts/address.js';
import type { Contact } from '../contracts/contact.js';
import type { Worksite, WorksiteInsuranceDetails, worksiteInput, worksiteInsuranceInput } from '../contracts/organization.js';
import * as worksites from '../../store/repositories/worksites.js';
import type { WorksiteInsuranceDetailsTable, WorksiteTable } from '../../store/schema.js';
import { type Db, flag, isSet, nowIso, parseJson, type ServiceContext } from '../context.js';
import { uuidv7 } from '../ids.js';
import { insertAddress } from './addresses.js';
import { insertContacts } from './contacts.js';

type ParsedWorksite = z.output<typeof worksiteInput>;
type ParsedInsurance = z.output<typeof worksiteInsuranceInput>;

export function toWorksiteInsurance(row: Selectable<WorksiteInsuranceDetailsTable>): WorksiteInsuranceDetails {
  return {
    id: Number(row.id),
    worksite_id: row.worksite_id,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    insurance_country: row.insurance_country,
    worksite_location_number: row.worksite_location_number,
    accident_insurance_company_number: row.accident_insurance_company_number,
    accident_insurance_pin: row.accident_insurance_pin,
    payroll_service_provider_number: row.payroll_service_provider_number,
    payroll_processing_location_number: row.payroll_processing_location_number,
  };
}

export function toWorksite(
  row: WorksiteTable,
  addresses: Map<string, Address>,
  contacts: Contact[],
  insurance: WorksiteInsuranceDetails | null,
): Worksite {
  return {
    id: row.id,
    org_id: row.org_id,
    name: row.name,
    address: row.address_id ? (addresses.get(row.address_id) ?? null) : null,
    correspondence_address: row.correspondence_address_id ? (addresses.get(row.correspondence_address_id) ?? null) : null,
    is_active: isSet(row.is_active),
    is_primary: isSet(row.is_primary),
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    contacts,
    tax_identifiers: parseJson(row.tax_identifiers_json),
    insurance_data: insurance,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function insertWorksiteInsurance(ctx: ServiceContext, db: Db, orgId: string, worksiteId: string, input: ParsedInsurance): Promise<number> {
  const now = nowIso(ctx);
  return worksites.insertWorksiteInsurance(db, {
    org_id: orgId,
    worksite_id: worksiteId,
    valid_from: input.valid_from ?? null,
    valid_to: input.valid_to ?? null,
    insurance_country: input.insurance_country ?? 'DE',
    worksite_location_number: input.worksite_location_number ?? null,
    accident_insurance_company_number: input.accident_insurance_company_number ?? null,
    accident_insurance_pin: input.accident_insurance_pin ?? null,
    payroll_service_provider_number: input.payroll_service_provider_number ?? null,
    payroll_processing_location_number: input.payroll_processing_location_number ?? null,
    created_at: now,
    updated_at: now,
  });
}

/** Inserts a worksite with its addresses, contacts, tax identifiers and (German) insurance details. */
export async function insertWorksite(ctx: ServiceContext, db: Db, orgId: string, orgCountry: string, input: ParsedWorksite): Promise<string> {
  const now = nowIso(ctx);
  const id = uuidv7();
  const addressId = input.address ? await insertAddress(ctx, db, orgId, orgCountry, input.address) : null;
  const correspondenceId = input.correspondence_address ? await insertAddress(ctx, db, orgId, orgCountry, input.correspondence_address) : null;
  if (input.is_primary) {
    await worksites.demotePrimaryWorksites(db, orgId, now);
  }
  await worksites.insertWorksite(db, {
    id,
    org_id: orgId,
    name: input.name,
    address_id: addressId,
    correspondence_address_id: correspondenceId,
    is_active: flag(input.is_active),
    is_primary: flag(input.is_primary),
    valid_from: input.valid_from ?? null,
    valid_to: input.valid_to ?? null,
    tax_identifiers_json: input.tax_identifiers ? JSON.stringify({ id: 1, ...input.tax_identifiers }) : null,
    created_at: now,
    updated_at: now,
  });
  await insertContacts(ctx, db, orgId, id, input.contacts);
  if (input.insurance_data) await insertWorksiteInsurance(ctx, db, orgId, id, input.insurance_data);
  return id;
}

/** The worksite `worksiteId` of organization `orgId`; another organization's worksite is a 404 like a missing one. */
export async function requireWorksite(db: Db, orgId: string, worksiteId: string): Promise<WorksiteTable> {
  const row = await worksites.findWorksite(db, orgId, worksiteId);
  if (!row) throw notFound('worksite', worksiteId, 'WORKSITE.NOT_FOUND');
  return row;
}
