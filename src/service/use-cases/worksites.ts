import type { Updateable } from 'kysely';
import { conflict, fieldError, notFound, validationError } from '../../domain/errors.js';
import {
  type InsuranceLevelChoice,
  insuranceLevelChoicePatch,
  type Worksite,
  type WorksiteInsuranceDetails,
  worksiteInput,
  worksiteInsuranceInput,
  worksiteInsurancePatch,
} from '../contracts/organization.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, inTransaction, nowIso, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { toPage } from '../paging.js';
import { loadAddresses } from '../records/addresses.js';
import { lockOrganization } from '../records/org-lock.js';
import { toContact } from '../records/contacts.js';
import { insertWorksite, insertWorksiteInsurance, requireWorksite, toWorksite, toWorksiteInsurance } from '../records/worksites.js';
import { listWorksitesContacts } from '../../store/repositories/contacts.js';
import {
  findWorksiteInsurance,
  listInsuranceLevelChoicesPage,
  listInsuranceOfWorksite,
  listWorksitesInsurance,
  listWorksitesPage,
  updateWorksiteInsurance,
  upsertInsuranceLevelChoice,
  type WorksiteInsuranceRow,
} from '../../store/repositories/worksites.js';
import type { InsuranceLevelChoiceTable, OrganizationTable, WorksiteInsuranceDetailsTable, WorksiteTable } from '../../store/schema.js';

export interface WorksiteUseCases {
  /** Extension: adds a worksite (Betriebsstätte) with its addresses, contacts, tax and insurance data. */
  createWorksite(orgId: string, body: unknown): Promise<Worksite>;
  /** Extension: page-style list (sort_by name|created_at, search name). */
  listWorksites(orgId: string, query: Record<string, unknown>): Promise<Page<Worksite>>;
  /** Extension: records insurance details for a worksite of a German organization (E11). */
  createWorksiteInsuranceDetails(orgId: string, worksiteId: string, body: unknown): Promise<WorksiteInsuranceDetails>;
  /** Endpoint 6: changes insurance details of a worksite of a German organization. */
  updateWorksiteInsuranceDetails(orgId: string, worksiteId: string, insuranceDetailsId: string, body: unknown): Promise<WorksiteInsuranceDetails>;
  /** Endpoint 7: sets (creating on first use) the insurance level choice for an agency; German organizations only (E12, E13). */
  setInsuranceLevelChoice(orgId: string, agencyId: string, body: unknown): Promise<InsuranceLevelChoice>;
  /** Extension: page-style list of the organization's insurance level choices (sort_by agency_id|created_at). */
  listInsuranceLevelChoices(orgId: string, query: Record<string, unknown>): Promise<Page<InsuranceLevelChoice>>;
}

/**
 * German social-insurance data (Betriebsnummern of the worksite, the accident insurer, the payroll
 * provider; U1 levy choices) only means something for a German employer. A British organization
 * gets a validation error on the path's organization, naming its country (E12).
 */
function requireGermany(org: OrganizationTable, what: string, code: string): void {
  if (org.country !== 'DE') {
    throw validationError([{ loc: ['path', 'organization_id'], msg: `${what} exist for German organizations only; organization ${org.id} is a ${org.country} organization`, type: 'country_not_supported' }], code);
  }
}

/** The spec types the insurance details id as an integer: the path segment must be one. */
function parseDetailsId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw fieldError(['path', 'insurance_details_id'], 'must be a positive whole number (the integer id of the insurance details)', 'int_parsing');
  return Number(raw);
}

type Window = { valid_from: string | null; valid_to: string | null };

/** Validity windows are inclusive dates; an open end (null) reaches to the beginning or end of time (E11). */
function overlaps(a: Window, b: Window): boolean {
  return (a.valid_from ?? '0000-01-01') <= (b.valid_to ?? '9999-12-31') && (b.valid_from ?? '0000-01-01') <= (a.valid_to ?? '9999-12-31');
}

async function assertNoOverlap(db: Db, worksiteId: string, window: Window, exceptId: number | null): Promise<void> {
  const rows = await listInsuranceOfWorksite(db, worksiteId);
  const clash = rows.find((row) => Number(row.id) !== exceptId && overlaps(row, window));
  if (clash) {
    throw conflict('WORKSITE_INSURANCE.OVERLAP', `the validity ${window.valid_from ?? 'open'}–${window.valid_to ?? 'open'} overlaps insurance details ${clash.id} (${clash.valid_from ?? 'open'}–${clash.valid_to ?? 'open'}) of this worksite; end those first`, { existing_id: Number(clash.id) });
  }
}

function toChoice(row: InsuranceLevelChoiceTable): InsuranceLevelChoice {
  return { id: row.id, agency_id: row.agency_id, compensation_levy_id: row.compensation_levy_id === null ? null : Number(row.compensation_levy_id), org_id: row.org_id };
}

/** Worksites with their addresses, contacts and latest insurance details, read in four queries for a whole page. */
async function loadWorksites(db: Db, orgId: string, rows: WorksiteTable[]): Promise<Worksite[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [addresses, contacts, insurance] = await Promise.all([
    loadAddresses(db, orgId),
    listWorksitesContacts(db, orgId, ids),
    listWorksitesInsurance(db, orgId, ids),
  ]);
  return rows.map((row) => {
    // As in the organization read: the most recently recorded details stand for the worksite.
    const latest = insurance.filter((i) => i.worksite_id === row.id).at(-1);
    return toWorksite(row, addresses, contacts.filter((c) => c.worksite_id === row.id).map(toContact), latest ? toWorksiteInsurance(latest) : null);
  });
}

export function worksiteUseCases(ctx: ServiceContext): WorksiteUseCases {
  async function readDetails(db: Db, orgId: string, worksiteId: string, id: number): Promise<WorksiteInsuranceRow> {
    const row = await findWorksiteInsurance(db, orgId, worksiteId, id);
    if (!row) throw notFound('insurance details', String(id), 'WORKSITE_INSURANCE.NOT_FOUND');
    return row;
  }

  return {
    async createWorksite(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(worksiteInput, body);
      return inTransaction(ctx, async (trx) => {
        const org = await requireOrg(ctx, trx, orgId);
        if (org.country !== 'DE' && input.insurance_data) throw fieldError(['body', 'insurance_data'], `is for German organizations only; this organization is ${org.country}`, 'country_mismatch');
        if (input.tax_identifiers && input.tax_identifiers.tax_data.country !== org.country) {
          throw fieldError(['body', 'tax_identifiers', 'tax_data', 'country'], `must be the organization's country ${org.country}`, 'country_mismatch');
        }
        // Making a worksite primary demotes the previous one: two concurrent creates must not both keep theirs.
        if (input.is_primary) await lockOrganization(ctx, trx, orgId);
        const id = await insertWorksite(ctx, trx, orgId, org.country, input);
        await audit(ctx, trx, { orgId, resourceType: 'worksite', resourceId: id, action: 'create' });
        const [worksite] = await loadWorksites(trx, orgId, [await requireWorksite(trx, orgId, id)]);
        return worksite as Worksite;
      });
    },

    async listWorksites(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: ['name', 'created_at'], searchable: ['name'] });
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      const page = await toPage(await listWorksitesPage(db, orgId, pageQuery), pageQuery, (row: WorksiteTable) => row);
      return { items: await loadWorksites(db, orgId, page.items), meta: page.meta };
    },

    async createWorksiteInsuranceDetails(orgId, worksiteId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(worksiteInsuranceInput, body);
      return inTransaction(ctx, async (trx) => {
        requireGermany(await requireOrg(ctx, trx, orgId), 'worksite insurance details', 'WORKSITE_INSURANCE.GERMANY_ONLY');
        await lockOrganization(ctx, trx, orgId);
        await requireWorksite(trx, orgId, worksiteId);
        await assertNoOverlap(trx, worksiteId, { valid_from: input.valid_from ?? null, valid_to: input.valid_to ?? null }, null);
        const id = await insertWorksiteInsurance(ctx, trx, orgId, worksiteId, input);
        await audit(ctx, trx, { orgId, resourceType: 'worksite_insurance_details', resourceId: String(id), action: 'create', detail: { worksite_id: worksiteId } });
        return toWorksiteInsurance(await readDetails(trx, orgId, worksiteId, id));
      });
    },

    async updateWorksiteInsuranceDetails(orgId, worksiteId, insuranceDetailsId, body) {
      requireScope(ctx, 'payroll:write');
      const id = parseDetailsId(insuranceDetailsId);
      const patch = parseOrThrow(worksiteInsurancePatch, body);
      return inTransaction(ctx, async (trx) => {
        requireGermany(await requireOrg(ctx, trx, orgId), 'worksite insurance details', 'WORKSITE_INSURANCE.GERMANY_ONLY');
        await lockOrganization(ctx, trx, orgId);
        await requireWorksite(trx, orgId, worksiteId);
        const row = await readDetails(trx, orgId, worksiteId, id);
        const next: Updateable<WorksiteInsuranceDetailsTable> = { updated_at: nowIso(ctx) };
        for (const field of ['valid_from', 'valid_to', 'worksite_location_number', 'accident_insurance_company_number', 'accident_insurance_pin', 'payroll_service_provider_number', 'payroll_processing_location_number'] as const) {
          if (patch[field] !== undefined) next[field] = patch[field];
        }
        // DE is the only insurance country there is: clearing it means DE again.
        if (patch.insurance_country !== undefined) next.insurance_country = 'DE';
        const window = { valid_from: next.valid_from !== undefined ? next.valid_from : row.valid_from, valid_to: next.valid_to !== undefined ? next.valid_to : row.valid_to };
        if (window.valid_from && window.valid_to && window.valid_to < window.valid_from) {
          throw fieldError(['body', patch.valid_to !== undefined ? 'valid_to' : 'valid_from'], `the validity would end (${window.valid_to}) before it begins (${window.valid_from})`, 'date_order');
        }
        await assertNoOverlap(trx, worksiteId, window, id);
        await updateWorksiteInsurance(trx, orgId, id, next);
        await audit(ctx, trx, { orgId, resourceType: 'worksite_insurance_details', resourceId: String(id), action: 'update', before: row, after: next });
        return toWorksiteInsurance(await readDetails(trx, orgId, worksiteId, id));
      });
    },

    async setInsuranceLevelChoice(orgId, agencyId, body) {
      requireScope(ctx, 'payroll:write');
      if (!/^\d{8}$/.test(agencyId)) throw fieldError(['path', 'agency_id'], 'must be the 8-digit Betriebsnummer of the agency (health insurer), e.g. 15027365', 'pattern_mismatch');
      const input = parseOrThrow(insuranceLevelChoicePatch, body);
      return inTransaction(ctx, async (trx) => {
        requireGermany(await requireOrg(ctx, trx, orgId), 'insurance level choices', 'INSURANCE_LEVEL.GERMANY_ONLY');
        const now = nowIso(ctx);
        // Upsert (E13): the first PATCH for an agency creates the choice; one statement, so two
        // concurrent first PATCHes cannot both insert.
        const row = await upsertInsuranceLevelChoice(trx, { id: uuidv7(), org_id: orgId, agency_id: agencyId, compensation_levy_id: input.compensation_levy_id, created_at: now, updated_at: now });
        await audit(ctx, trx, { orgId, resourceType: 'insurance_level_choice', resourceId: row.id, action: 'set', after: { agency_id: agencyId, compensation_levy_id: input.compensation_levy_id } });
        return toChoice(row);
      });
    },

    async listInsuranceLevelChoices(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: ['agency_id', 'created_at'], searchable: ['agency_id'] });
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      return toPage(await listInsuranceLevelChoicesPage(db, orgId, pageQuery), pageQuery, toChoice);
    },
  };
}
