/**
 * GB pension schemes (endpoint 15 and extensions) and memberships (endpoints 16, 17 and the status extension).
 * Both are versioned records (spec "Versioned records"): a change appends a version and closes the previous one
 * (valid_to = the new valid_from, exclusive); nothing else of an older version is ever rewritten.
 * Decisions: docs/decisions.md A1–A7.
 */
import { conflict, DomainError, fieldError, notFound } from '../../domain/errors.js';
import { isRefundDue, optOutWindowEnd, refuseEnrolment, refuseOptOut, type MembershipStatus } from '../../domain/gb/run/membership.js';
import { addMonths } from '../../domain/gb/run/dates.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import {
  communicationInput,
  enrolInput,
  optOutInput,
  type PensionMembership,
  type PensionScheme,
  pensionSchemeInput,
  type PensionSchemeInput,
  type PensionStatus,
} from '../contracts/pensions.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, flag, inTransaction, isSet, nowIso, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { pagePaginate } from '../paging.js';
import { membershipOf } from '../records/pensions.js';
import { lockOrganization } from '../records/org-lock.js';
import type { EmployeeTable, GbPensionMembershipTable, GbPensionSchemeVersionTable, OrganizationTable } from '../../store/schema.js';
import * as repo from '../../store/repositories/pensions.js';

export interface PensionUseCases {
  /** Endpoint 15: the first version of a new scheme; the organization's first scheme becomes its default. */
  createPensionScheme(orgId: string, body: unknown): Promise<PensionScheme>;
  /** Extension: every scheme's current version (page style: page, size, sort_by, sort_order, search). */
  listPensionSchemes(orgId: string, query: Record<string, unknown>): Promise<Page<PensionScheme>>;
  /** Extension: the current version, or the one in force on `valid_on`. */
  getPensionScheme(orgId: string, schemeId: string, query?: Record<string, unknown>): Promise<PensionScheme>;
  /** Extension: every version, oldest first. */
  getPensionSchemeHistory(orgId: string, schemeId: string): Promise<PensionScheme[]>;
  /** Extension: a new configuration from a later valid_from; closes the current version. */
  createPensionSchemeVersion(orgId: string, schemeId: string, body: unknown): Promise<PensionScheme>;
  /** Extension: makes the scheme the organization's only default (new eligible jobholders are enrolled into it). */
  setDefaultPensionScheme(orgId: string, schemeId: string): Promise<PensionScheme>;
  /** Endpoint 16. */
  enrolEmployee(orgId: string, employeeId: string, body: unknown): Promise<PensionMembership>;
  /** Endpoint 17. */
  optOutEmployee(orgId: string, employeeId: string, body: unknown): Promise<PensionMembership>;
  /** Extension: records when the enrolment information was given (an automatic enrolment by a run has none yet). */
  recordEnrolmentCommunication(orgId: string, employeeId: string, body: unknown): Promise<PensionMembership>;
  /** Extension: the employee's status, latest record and whole history. */
  getPensionStatus(orgId: string, employeeId: string): Promise<PensionStatus>;
}

export const SCHEME_SORTABLE = ['scheme_name', 'valid_from', 'created_at'] as const;
export const SCHEME_SEARCHABLE = ['scheme_name'] as const;

/** GB pensions exist for British employers only; a German organization is told so on the path field. */
export async function requireGbOrg(ctx: ServiceContext, db: Db, orgId: string): Promise<OrganizationTable> {
  const org = await requireOrg(ctx, db, orgId);
  if (org.country !== 'GB') {
    throw fieldError(['path', 'organization_id'], `is a ${org.country} organization; GB pensions and payroll runs are for GB organizations only`, 'country_mismatch');
  }
  return org;
}

export async function requireGbEmployee(db: Db, orgId: string, employeeId: string): Promise<EmployeeTable> {
  const row = await repo.findEmployee(db, orgId, employeeId);
  if (!row) throw notFound('employee', employeeId, 'EMPLOYEE.NOT_FOUND');
  return row;
}

// ---- schemes ----

type SchemeRow = repo.SchemeVersionRow;

export function toPensionScheme(row: SchemeRow): PensionScheme {
  return {
    scheme_id: row.scheme_id,
    version: Number(row.version),
    is_default: isSet(row.is_default),
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    scheme_name: row.scheme_name,
    provider: row.provider as PensionScheme['provider'],
    tax_treatment: row.tax_treatment as PensionScheme['tax_treatment'],
    pensionable_earnings_definition: row.pensionable_earnings_definition as PensionScheme['pensionable_earnings_definition'],
    employee_rate: row.employee_rate,
    employer_rate: row.employer_rate,
    employee_cap: row.employee_cap,
    employer_cap: row.employer_cap,
    postponement_period_months: Number(row.postponement_period_months),
    entitled_worker_employer_contributes: isSet(row.entitled_worker_employer_contributes),
    re_enrolment_date: row.re_enrolment_date,
    re_enrolment_window_start: row.re_enrolment_window_start,
    re_enrolment_window_end: row.re_enrolment_window_end,
    wage_type_code: row.wage_type_code,
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

function versionValues(ctx: ServiceContext, orgId: string, schemeId: string, version: number, input: PensionSchemeInput): GbPensionSchemeVersionTable {
  const reDate = input.re_enrolment_date ?? null;
  return {
    id: uuidv7(),
    scheme_id: schemeId,
    org_id: orgId,
    version,
    valid_from: input.valid_from,
    valid_to: null,
    scheme_name: input.scheme_name,
    provider: input.provider,
    tax_treatment: input.tax_treatment,
    pensionable_earnings_definition: input.pensionable_earnings_definition,
    employee_rate: input.employee_rate,
    employer_rate: input.employer_rate,
    employee_cap: input.employee_cap ?? null,
    employer_cap: input.employer_cap ?? null,
    postponement_period_months: input.postponement_period_months,
    entitled_worker_employer_contributes: flag(input.entitled_worker_employer_contributes),
    re_enrolment_date: reDate,
    // Derived when left out: the window is fixed at 3 months either side (validated when given).
    re_enrolment_window_start: reDate === null ? null : (input.re_enrolment_window_start ?? addMonths(reDate, -3)),
    re_enrolment_window_end: reDate === null ? null : (input.re_enrolment_window_end ?? addMonths(reDate, 3)),
    wage_type_code: input.wage_type_code,
    created_at: nowIso(ctx),
    created_by: ctx.actor.subject,
  };
}

async function schemeVersions(db: Db, orgId: string, schemeId: string): Promise<SchemeRow[]> {
  const rows = await repo.listSchemeVersions(db, orgId, schemeId);
  if (rows.length === 0) throw notFound('pension scheme', schemeId, 'PENSION_SCHEME.NOT_FOUND');
  return rows;
}

// ---- memberships ----

function toMembership(row: GbPensionMembershipTable): PensionMembership {
  const status = row.status as MembershipStatus;
  return {
    id: row.id,
    employee_id: row.employee_id,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    status,
    version: Number(row.version),
    worker_category: row.worker_category as PensionMembership['worker_category'],
    entry_route: row.entry_route as PensionMembership['entry_route'],
    enrolment_date: row.enrolment_date,
    opt_out_date: row.opt_out_date,
    enrolment_communication_date: row.enrolment_communication_date,
    scheme_id: row.scheme_id,
    employee_rate: row.employee_rate,
    employer_rate: row.employer_rate,
    employee_cap: row.employee_cap,
    employer_cap: row.employer_cap,
    tax_treatment: row.tax_treatment as PensionMembership['tax_treatment'],
    wage_type_code: row.wage_type_code,
    refund_due: status === 'OPTED_OUT' && row.opt_out_date !== null && isRefundDue(row.opt_out_date, row.enrolment_date, row.enrolment_communication_date),
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

async function membershipHistory(db: Db, orgId: string, employeeId: string): Promise<GbPensionMembershipTable[]> {
  return repo.listMembershipHistory(db, orgId, employeeId);
}

/** The employee's latest membership record (the one a change appends to), or null when there is none. */
async function latestMembership(db: Db, orgId: string, employeeId: string): Promise<GbPensionMembershipTable | null> {
  const history = await membershipHistory(db, orgId, employeeId);
  return history[history.length - 1] ?? null;
}

/**
 * Appends a membership version and closes the one before it. The close is guarded (valid_to still null) and the
 * version number is unique per employee, so two concurrent changes cannot both succeed.
 */
export async function appendMembership(db: Db, latest: GbPensionMembershipTable | null, next: Omit<GbPensionMembershipTable, 'version' | 'valid_to'>): Promise<GbPensionMembershipTable> {
  if (latest) {
    if (!(await repo.closeMembership(db, latest.id, next.valid_from))) throw conflict('PENSION_MEMBERSHIP.VERSION_CONFLICT', "someone changed this employee's pension membership at the same moment; read its status again and retry");
  }
  const row: GbPensionMembershipTable = { ...next, version: latest ? Number(latest.version) + 1 : 0, valid_to: null };
  await repo.insertMemberships(db, [row]);
  return row;
}

function refusal(code: string, message: string): DomainError {
  return conflict(code, message);
}

export function pensionUseCases(ctx: ServiceContext): PensionUseCases {
  async function readScheme(db: Db, orgId: string, schemeId: string, validOn: string | null = null): Promise<PensionScheme> {
    const versions = await schemeVersions(db, orgId, schemeId);
    if (validOn === null) return toPensionScheme(versions[versions.length - 1] as SchemeRow);
    const inForce = versions.find((v) => v.valid_from <= validOn && (v.valid_to === null || validOn < v.valid_to));
    if (!inForce) throw notFound('pension scheme version', `${schemeId} on ${validOn}`, 'PENSION_SCHEME.NOT_IN_FORCE');
    return toPensionScheme(inForce);
  }

  /** Appends a version a clerk made through the API: no source run (that is a run's automatic enrolment), stamped now; audited as `action`. */
  async function appendByClerk(trx: Db, action: string, latest: GbPensionMembershipTable | null, next: Omit<GbPensionMembershipTable, 'version' | 'valid_to' | 'source_run_id' | 'created_at' | 'created_by'>): Promise<GbPensionMembershipTable> {
    const row = await appendMembership(trx, latest, { ...next, source_run_id: null, created_at: nowIso(ctx), created_by: ctx.actor.subject });
    await audit(ctx, trx, { orgId: row.org_id, resourceType: 'pension_membership', resourceId: row.id, action, before: latest ?? {}, after: row, detail: { employee_id: row.employee_id } });
    return row;
  }

  return {
    async createPensionScheme(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(pensionSchemeInput, body);
      const schemeId = await inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        // "Is there a scheme yet" decides the default: lock before reading (finding F3, docs/decisions.md S3), so
        // a concurrent create sees this one and is not refused by the one-default index with a needless 409.
        await lockOrganization(ctx, trx, orgId);
        const existing = await repo.hasAnyScheme(trx, orgId);
        const id = uuidv7();
        // The organization's first scheme is its default (exactly one default per organization, decision A3).
        await repo.insertScheme(trx, { scheme_id: id, org_id: orgId, is_default: existing ? 0 : 1, created_at: nowIso(ctx), created_by: ctx.actor.subject });
        await repo.insertSchemeVersion(trx, versionValues(ctx, orgId, id, 0, input));
        await audit(ctx, trx, { orgId, resourceType: 'pension_scheme', resourceId: id, action: 'create', detail: { is_default: !existing } });
        return id;
      });
      return readScheme(ctx.store.db, orgId, schemeId);
    },

    async listPensionSchemes(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: SCHEME_SORTABLE, searchable: SCHEME_SEARCHABLE });
      const db = ctx.store.db;
      await requireGbOrg(ctx, db, orgId);
      return pagePaginate<SchemeRow, PensionScheme>(
        () => repo.currentSchemeVersionsQuery(db, orgId),
        pageQuery,
        {
          defaultSort: 'gb_pension_scheme_versions.scheme_id',
          sortColumns: Object.fromEntries(SCHEME_SORTABLE.map((f) => [f, `gb_pension_scheme_versions.${f}`])),
          searchColumns: { scheme_name: 'gb_pension_scheme_versions.scheme_name' },
        },
        toPensionScheme,
      );
    },

    async getPensionScheme(orgId, schemeId, query) {
      requireScope(ctx, 'payroll:read');
      const db = ctx.store.db;
      await requireGbOrg(ctx, db, orgId);
      const validOn = query?.valid_on === undefined || query.valid_on === null || query.valid_on === '' ? null : String(query.valid_on);
      if (validOn !== null && !/^\d{4}-\d{2}-\d{2}$/.test(validOn)) throw fieldError(['query', 'valid_on'], 'must be a date in the form YYYY-MM-DD', 'invalid_date');
      return readScheme(db, orgId, schemeId, validOn);
    },

    async getPensionSchemeHistory(orgId, schemeId) {
      requireScope(ctx, 'payroll:read');
      const db = ctx.store.db;
      await requireGbOrg(ctx, db, orgId);
      return (await schemeVersions(db, orgId, schemeId)).map(toPensionScheme);
    },

    async createPensionSchemeVersion(orgId, schemeId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(pensionSchemeInput, body);
      await inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        const versions = await schemeVersions(trx, orgId, schemeId);
        const current = versions[versions.length - 1] as SchemeRow;
        if (input.valid_from <= current.valid_from) {
          throw fieldError(['body', 'valid_from'], `must be after ${current.valid_from}, the valid_from of the current version ${current.version}; versions follow each other in time`, 'version_not_later');
        }
        // Close the current version (its only change ever) and append the next one.
        if (!(await repo.closeSchemeVersion(trx, current.id, input.valid_from))) throw conflict('PENSION_SCHEME.VERSION_CONFLICT', 'someone added a version of this pension scheme at the same moment; read its history again and retry');
        const next = versionValues(ctx, orgId, schemeId, Number(current.version) + 1, input);
        await repo.insertSchemeVersion(trx, next);
        await audit(ctx, trx, { orgId, resourceType: 'pension_scheme', resourceId: schemeId, action: 'create_version', before: current, after: next });
      });
      return readScheme(ctx.store.db, orgId, schemeId);
    },

    async setDefaultPensionScheme(orgId, schemeId) {
      requireScope(ctx, 'payroll:write');
      await inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        // Lock before touching the schemes (finding F3, docs/decisions.md S3): two set-defaults at once each cleared
        // the default they saw and then collided on the one-default index (409); queued, the later one wins.
        await lockOrganization(ctx, trx, orgId);
        await schemeVersions(trx, orgId, schemeId);
        // Clear the old default before setting the new one: the partial unique index allows one default at a time.
        await repo.makeDefaultScheme(trx, orgId, schemeId);
        await audit(ctx, trx, { orgId, resourceType: 'pension_scheme', resourceId: schemeId, action: 'set_default' });
      });
      return readScheme(ctx.store.db, orgId, schemeId);
    },

    async enrolEmployee(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(enrolInput, body);
      const row = await inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        const employee = await requireGbEmployee(trx, orgId, employeeId);
        if (input.enrolment_date < employee.start_date) throw fieldError(['body', 'enrolment_date'], `must not be before the employee's start date ${employee.start_date}`, 'date_order');
        if (employee.leave_date && input.enrolment_date > employee.leave_date) throw refusal('PENSION.EMPLOYEE_LEFT', `the employee left on ${employee.leave_date}; an enrolment after leaving is not possible`);
        if (input.scheme_id) {
          const scheme = await repo.firstSchemeVersion(trx, orgId, input.scheme_id);
          if (!scheme) throw fieldError(['body', 'scheme_id'], `no pension scheme ${input.scheme_id} in this organization`, 'reference_missing');
          if (input.enrolment_date < scheme.valid_from) throw fieldError(['body', 'enrolment_date'], `is before the scheme starts (${scheme.valid_from})`, 'date_order');
        } else {
          if (!(await repo.hasAnyScheme(trx, orgId))) throw refusal('PENSION.NO_SCHEME', 'the organization has no pension scheme yet; create one (it becomes the default) before enrolling employees');
        }
        const latest = await latestMembership(trx, orgId, employeeId);
        const refused = refuseEnrolment(latest ? membershipOf(latest) : null, input.enrolment_date);
        if (refused) throw refusal(refused.code, refused.message);
        return appendByClerk(trx, 'enrol', latest, {
          id: uuidv7(),
          org_id: orgId,
          employee_id: employeeId,
          valid_from: input.enrolment_date,
          status: 'ACTIVE',
          worker_category: input.worker_category,
          entry_route: input.entry_route,
          enrolment_date: input.enrolment_date,
          opt_out_date: null,
          enrolment_communication_date: input.enrolment_communication_date ?? null,
          // Stored as given; null means the organization's default at calculation time (spec endpoint 16).
          scheme_id: input.scheme_id ?? null,
          employee_rate: input.employee_rate ?? null,
          employer_rate: input.employer_rate ?? null,
          employee_cap: input.employee_cap ?? null,
          employer_cap: input.employer_cap ?? null,
          tax_treatment: input.tax_treatment ?? null,
          wage_type_code: input.wage_type_code ?? null,
        });
      });
      return toMembership(row);
    },

    async optOutEmployee(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(optOutInput, body);
      const row = await inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        await requireGbEmployee(trx, orgId, employeeId);
        const latest = await latestMembership(trx, orgId, employeeId);
        const refused = refuseOptOut(latest ? membershipOf(latest) : null, input.opt_out_date);
        if (refused || !latest) throw refusal(refused?.code ?? 'PENSION.NOT_ENROLLED', refused?.message ?? 'not enrolled');
        // The opt-out record carries the membership's terms forward, so it alone says what is to be refunded.
        return appendByClerk(trx, 'opt_out', latest, {
          ...latest,
          id: uuidv7(),
          valid_from: input.opt_out_date,
          status: 'OPTED_OUT',
          opt_out_date: input.opt_out_date,
        });
      });
      return toMembership(row);
    },

    async recordEnrolmentCommunication(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(communicationInput, body);
      const row = await inTransaction(ctx, async (trx) => {
        await requireGbOrg(ctx, trx, orgId);
        await requireGbEmployee(trx, orgId, employeeId);
        const latest = await latestMembership(trx, orgId, employeeId);
        if (!latest || latest.status !== 'ACTIVE') {
          throw refusal('PENSION.NOT_ENROLLED', 'the employee is not an active member; the enrolment information date belongs to an active membership');
        }
        if (latest.enrolment_communication_date !== null) {
          throw refusal('PENSION.COMMUNICATION_RECORDED', `the enrolment information was already recorded as given on ${latest.enrolment_communication_date}; it starts the opt-out window and is not changed afterwards`);
        }
        // A new version of the active membership (its terms unchanged), in force from the later of its own start and the date given.
        return appendByClerk(trx, 'record_communication', latest, {
          ...latest,
          id: uuidv7(),
          valid_from: input.enrolment_communication_date > latest.valid_from ? input.enrolment_communication_date : latest.valid_from,
          enrolment_communication_date: input.enrolment_communication_date,
        });
      });
      return toMembership(row);
    },

    async getPensionStatus(orgId, employeeId) {
      requireScope(ctx, 'payroll:read');
      const db = ctx.store.db;
      await requireGbOrg(ctx, db, orgId);
      await requireGbEmployee(db, orgId, employeeId);
      const history = (await membershipHistory(db, orgId, employeeId)).map(toMembership);
      const current = history[history.length - 1] ?? null;
      return {
        employee_id: employeeId,
        status: current?.status ?? 'NOT_ENROLLED',
        current,
        history,
        opt_out_window_end: current ? optOutWindowEnd(current.enrolment_date, current.enrolment_communication_date) : null,
      };
    },
  };
}
