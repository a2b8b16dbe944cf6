import { conflict, DomainError, fieldError } from '../../domain/errors.js';
import type { Organization } from '../contracts/organization.js';
import { EMBEDDED_LIMIT } from '../contracts/embedded-limit.js';
import { type CursorPage, parseCursorQuery } from '../contracts/page-queries.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, inTransaction, nowIso, parseJson, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { keysetRequest, toCursorPage } from '../paging.js';
import { insertAddress, loadAddresses, replaceAddress } from '../records/addresses.js';
import { insertBankAccounts, toBankAccount } from '../records/bank-accounts.js';
import { insertContacts, toContact } from '../records/contacts.js';
import { lockOrganization } from '../records/org-lock.js';
import { toSepaMandate } from '../records/sepa-mandates.js';
import { insertWorksite, toWorksite, toWorksiteInsurance } from '../records/worksites.js';
import { listOrganizationBankAccounts } from '../../store/repositories/bank-accounts.js';
import { listOrganizationContacts, listWorksitesContacts } from '../../store/repositories/contacts.js';
import { insertOrganization, isActiveOrgLogo, listOrganizationsPage, setOrganizationAddresses, updateOrganizationIfVersion } from '../../store/repositories/organizations.js';
import { listSepaMandates } from '../../store/repositories/sepa-mandates.js';
import { listWorksites, listWorksitesInsurance } from '../../store/repositories/worksites.js';
import type { OrganizationTable } from '../../store/schema.js';

export interface OrganizationUseCases {
  createOrganization(body: unknown): Promise<Organization>;
  getOrganization(orgId: string): Promise<Organization>;
  /** Endpoint 12. Query: size (1–100), cursor, sort_order. */
  listOrganizations(query: Record<string, unknown>): Promise<CursorPage<Organization>>;
  updateOrganization(orgId: string, body: unknown): Promise<Organization>;
}

/**
 * The organization contract's zod schemas, loaded by the calls that parse a body (create, update): building them is
 * most of what loading the contract costs, and a list or a read parses no body (issue 19 "instant start", decision
 * ZOD-1). The module is loaded once and cached like any import.
 */
const organizationSchemas = () => import('../contracts/organization.js');

/** Sub-objects with an integer id in the spec (tax_identifiers, insurance_data, preferences) are stored whole with id 1. */
function withId(value: object | null | undefined): string | null {
  return value ? JSON.stringify({ id: 1, ...value }) : null;
}

/**
 * Reads an organization in the spec's Organization shape, with at most EMBEDDED_LIMIT records of each embedded
 * collection (issue 20 F6: 2,402 contacts made an 816 KB answer). `embedded` says per collection whether more exist
 * and names the paginated list that has them all (docs/decisions.md API2). One row more than the limit is read to
 * know whether more exist, so no collection is counted or read whole.
 */
export async function loadOrganization(db: Db, row: OrganizationTable): Promise<Organization> {
  const more = EMBEDDED_LIMIT + 1;
  const [addresses, worksiteHead, contactHead, bankHead, mandateHead] = await Promise.all([
    loadAddresses(db, row.id),
    listWorksites(db, row.id, more),
    listOrganizationContacts(db, row.id, more),
    listOrganizationBankAccounts(db, row.id, more),
    listSepaMandates(db, row.id, more),
  ]);
  const worksiteRows = worksiteHead.slice(0, EMBEDDED_LIMIT);
  const worksiteIds = worksiteRows.map((w) => w.id);
  const [insuranceRows, worksiteContactRows] = await Promise.all([listWorksitesInsurance(db, row.id, worksiteIds), listWorksitesContacts(db, row.id, worksiteIds)]);
  let worksiteContactsCut = false;
  const work_sites = worksiteRows.map((worksite) => {
    const insurance = insuranceRows.filter((i) => i.worksite_id === worksite.id).at(-1);
    const contacts = worksiteContactRows.filter((c) => c.worksite_id === worksite.id);
    if (contacts.length > EMBEDDED_LIMIT) worksiteContactsCut = true;
    return toWorksite(worksite, addresses, contacts.slice(0, EMBEDDED_LIMIT).map(toContact), insurance ? toWorksiteInsurance(insurance) : null);
  });
  const base = `/organizations/${row.id}`;
  const embedded = {
    limit: EMBEDDED_LIMIT,
    work_sites: { has_more: worksiteHead.length > EMBEDDED_LIMIT, list: `${base}/worksites` },
    work_site_contacts: { has_more: worksiteContactsCut, list: `${base}/contacts?worksite_id={worksite_id}` },
    bank_accounts: { has_more: bankHead.length > EMBEDDED_LIMIT, list: `${base}/bank-accounts` },
    contacts: { has_more: contactHead.length > EMBEDDED_LIMIT, list: `${base}/contacts` },
    sepa_mandates: { has_more: mandateHead.length > EMBEDDED_LIMIT, list: `${base}/sepa-mandates` },
  };
  return {
    id: row.id,
    country: row.country,
    legal_name: row.legal_name,
    address: row.address_id ? (addresses.get(row.address_id) ?? null) : null,
    correspondence_address: row.correspondence_address_id ? (addresses.get(row.correspondence_address_id) ?? null) : null,
    dba_name: row.dba_name,
    incorporation_date: row.incorporation_date,
    website: row.website,
    external_ref: row.external_ref,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    shutdown_date: row.shutdown_date,
    work_sites,
    bank_accounts: bankHead.slice(0, EMBEDDED_LIMIT).map(toBankAccount),
    contacts: contactHead.slice(0, EMBEDDED_LIMIT).map(toContact),
    tax_identifiers: parseJson(row.tax_identifiers_json),
    insurance_data: parseJson(row.insurance_data_json),
    preferences: parseJson(row.preferences_json),
    gb: parseJson(row.gb_json),
    accounting: parseJson(row.accounting_json ?? null),
    sepa_mandates: mandateHead.slice(0, EMBEDDED_LIMIT).map(toSepaMandate),
    embedded,
    row_version: row.row_version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function organizationUseCases(ctx: ServiceContext): OrganizationUseCases {
  return {
    async createOrganization(body) {
      requireScope(ctx, 'payroll:write');
      if (ctx.actor.organizations !== 'all') {
        // A token limited to named organizations could not see what it created (docs/decisions.md D9).
        throw new DomainError('forbidden', 'AUTH.ORG_CREATE_DENIED', 'creating organizations needs a client with access to all organizations');
      }
      const input = parseOrThrow((await organizationSchemas()).organizationInput, body);
      const id = await inTransaction(ctx, async (trx) => {
        const now = nowIso(ctx);
        const orgId = uuidv7();
        await insertOrganization(trx, {
          id: orgId,
          country: input.country,
          legal_name: input.legal_name,
          dba_name: input.dba_name ?? null,
          incorporation_date: input.incorporation_date ?? null,
          website: input.website ?? null,
          external_ref: input.external_ref ?? null,
          valid_from: input.valid_from ?? null,
          valid_to: input.valid_to ?? null,
          shutdown_date: input.shutdown_date ?? null,
          address_id: null,
          correspondence_address_id: null,
          tax_identifiers_json: withId(input.tax_identifiers),
          insurance_data_json: withId(input.insurance_data),
          preferences_json: withId(input.preferences),
          gb_json: input.gb ? JSON.stringify(input.gb) : null,
          accounting_json: input.accounting ? JSON.stringify(input.accounting) : null,
          row_version: 0,
          created_at: now,
          updated_at: now,
        });
        const addressId = input.address ? await insertAddress(ctx, trx, orgId, input.country, input.address) : null;
        const correspondenceId = input.correspondence_address ? await insertAddress(ctx, trx, orgId, input.country, input.correspondence_address) : null;
        if (addressId || correspondenceId) {
          await setOrganizationAddresses(trx, orgId, addressId, correspondenceId);
        }
        for (const worksite of input.work_sites) await insertWorksite(ctx, trx, orgId, input.country, worksite);
        await insertBankAccounts(ctx, trx, orgId, null, input.bank_accounts);
        await insertContacts(ctx, trx, orgId, null, input.contacts);
        await audit(ctx, trx, { orgId, resourceType: 'organization', resourceId: orgId, action: 'create', detail: { work_sites: input.work_sites.length, bank_accounts: input.bank_accounts.length, contacts: input.contacts.length } });
        return orgId;
      });
      return this.getOrganization(id);
    },

    async getOrganization(orgId) {
      requireScope(ctx, 'payroll:read');
      const row = await requireOrg(ctx, ctx.store.db, orgId);
      return loadOrganization(ctx.store.db, row);
    },

    async listOrganizations(query) {
      requireScope(ctx, 'payroll:read');
      const cursorQuery = parseCursorQuery(query);
      const visible = ctx.actor.organizations;
      const request = keysetRequest(cursorQuery);
      return toCursorPage(await listOrganizationsPage(ctx.store.db, visible, request), request, (row) => loadOrganization(ctx.store.db, row));
    },

    async updateOrganization(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const patch = parseOrThrow((await organizationSchemas()).organizationPatch, body);
      await inTransaction(ctx, async (trx) => {
        // The organization lock comes before the row is read (finding F1, docs/decisions.md S3): concurrent edits
        // queue and each reads the version the previous one committed, so an edit without a row_version applies
        // after the others (last writer wins) instead of failing the compare-and-set below.
        await lockOrganization(ctx, trx, orgId);
        const row = await requireOrg(ctx, trx, orgId);
        if (patch.row_version !== undefined && patch.row_version !== row.row_version) {
          throw conflict('ORGANIZATION.STALE_VERSION', `organization ${orgId} was changed by someone else (your row_version ${patch.row_version}, current ${row.row_version}); read it again and reapply your change`, { current_row_version: row.row_version });
        }
        if (row.country !== 'DE' && (patch.insurance_data || patch.preferences?.preferences_country)) {
          throw fieldError(['body', patch.insurance_data ? 'insurance_data' : 'preferences'], `is for German organizations only; this organization is ${row.country}`, 'country_mismatch');
        }
        const set: Partial<OrganizationTable> = { updated_at: nowIso(ctx), row_version: row.row_version + 1 };
        for (const field of ['legal_name', 'dba_name', 'incorporation_date', 'website', 'external_ref', 'valid_from', 'valid_to', 'shutdown_date'] as const) {
          if (patch[field] !== undefined) (set as Record<string, unknown>)[field] = patch[field];
        }
        if (patch.gb !== undefined && patch.gb !== null && row.country !== 'GB') throw fieldError(['body', 'gb'], `is for British organizations only; this organization is ${row.country}`, 'country_mismatch');
        if (patch.gb !== undefined) set.gb_json = patch.gb ? JSON.stringify(patch.gb) : null;
        if (patch.accounting !== undefined) set.accounting_json = patch.accounting === null ? null : JSON.stringify(patch.accounting);
        if (patch.tax_identifiers !== undefined) set.tax_identifiers_json = withId(patch.tax_identifiers);
        if (patch.insurance_data !== undefined) set.insurance_data_json = withId(patch.insurance_data);
        if (patch.preferences !== undefined) {
          // preferences.logo_id is owned by the logo confirmation (endpoint 14): a patch may send back the current
          // value or name another active org_logo document of this organization, nothing else.
          const previous = parseJson<Record<string, unknown>>(row.preferences_json);
          const wantedLogo = patch.preferences?.logo_id;
          if (wantedLogo && wantedLogo !== previous?.logo_id) {
            if (!(await isActiveOrgLogo(trx, orgId, wantedLogo))) throw fieldError(['body', 'preferences', 'logo_id'], 'must be an active org_logo document of this organization (upload it and confirm it with POST /organizations/{id}/logo/confirm)', 'logo_unknown');
          }
          const next = patch.preferences === null ? null : { ...patch.preferences, logo_id: wantedLogo ?? previous?.logo_id ?? null };
          set.preferences_json = withId(next);
        }
        for (const [field, column] of [['address', 'address_id'], ['correspondence_address', 'correspondence_address_id']] as const) {
          const value = patch[field];
          if (value === undefined) continue;
          const existing = row[column];
          if (value === null) set[column] = null;
          else if (existing && (await replaceAddress(ctx, trx, orgId, row.country, existing, value)) > 0) set[column] = existing;
          else set[column] = await insertAddress(ctx, trx, orgId, row.country, value);
        }
        // The row_version check and the write stay one statement: the guarantee does not rest on every writer of the
        // row taking the lock (a versioned edit made on an older version is still a 409).
        if (!(await updateOrganizationIfVersion(trx, orgId, row.row_version, set))) throw conflict('ORGANIZATION.STALE_VERSION', `organization ${orgId} was changed by someone else meanwhile; read it again and reapply your change`);
        await audit(ctx, trx, { orgId, resourceType: 'organization', resourceId: orgId, action: 'update', before: row, after: set });
      });
      return this.getOrganization(orgId);
    },
  };
}
