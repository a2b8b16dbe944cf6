import { conflict, type FieldIssue, fieldError, validationError } from '../../domain/errors.js';
import {
  deStatutoryInput,
  type Employee,
  employeeInput,
  employeeLeaveInput,
  employeePatch,
  gbStatutoryInput,
} from '../contracts/employee.js';
import { type Page, parsePageQuery } from '../contracts/pagination.js';
import { parseOrThrow } from '../contracts/zod-issues.js';
import { type Db, inTransaction, nowIso, parseJson, requireOrg, requireScope, type ServiceContext } from '../context.js';
import { audit } from '../audit.js';
import { uuidv7 } from '../ids.js';
import { toPage } from '../paging.js';
import { requireEmployee, toEmployee, withBankAccounts } from '../records/employees.js';
import { lockOrganization } from '../records/org-lock.js';
import { insertEmployee, listEmployeesPage, updateActiveEmployee, updateEmployeeIfVersion } from '../../store/repositories/employees.js';
import type { EmployeeTable, OrganizationTable } from '../../store/schema.js';

export interface EmployeeUseCases {
  /** Extension: the spec shows only the employee id (docs/decisions.md E1). */
  createEmployee(orgId: string, body: unknown): Promise<Employee>;
  /** One employee with their bank accounts. */
  getEmployee(orgId: string, employeeId: string): Promise<Employee>;
  /** Page-style list: page, size, sort_by, sort_order, search, search_fields, include=bank_accounts, status=active|left. */
  listEmployees(orgId: string, query: Record<string, unknown>): Promise<Page<Employee>>;
  /** Changes fields; `row_version` guards against overwriting someone else's change (409 when stale). */
  updateEmployee(orgId: string, employeeId: string, body: unknown): Promise<Employee>;
  /** Records the leaving date; an employee leaves once (409 the second time). */
  leaveEmployee(orgId: string, employeeId: string, body: unknown): Promise<Employee>;
}

export const EMPLOYEE_SORTABLE = ['last_name', 'first_name', 'start_date', 'payroll_number', 'created_at'] as const;
export const EMPLOYEE_SEARCHABLE = ['first_name', 'last_name', 'email', 'payroll_number'] as const;

type Country = 'GB' | 'DE';
const BLOCK: Record<Country, 'gb' | 'de'> = { GB: 'gb', DE: 'de' };
const ESSENTIALS: Record<Country, string> = {
  GB: 'NI number, tax code, NI category',
  DE: 'tax ID, tax class, federal state, health insurer',
};

function countryOf(org: OrganizationTable): Country {
  return org.country === 'DE' ? 'DE' : 'GB';
}

/**
 * The statutory block must be the organization's country's one: a British employer runs PAYE/NI,
 * a German one Lohnsteuer/Sozialversicherung; a block of the other country would be dead data that
 * looks meaningful (E2).
 */
function countryBlockIssues(country: Country, given: { gb?: unknown; de?: unknown }, required: boolean): FieldIssue[] {
  const own = BLOCK[country];
  const other = own === 'gb' ? 'de' : 'gb';
  const issues: FieldIssue[] = [];
  if (required && (given[own] === undefined || given[own] === null)) {
    issues.push({ loc: ['body', own], msg: `is required for an employee of a ${country} organization (${ESSENTIALS[country]})`, type: 'required' });
  }
  if (given[other] !== undefined && given[other] !== null) {
    issues.push({ loc: ['body', other], msg: `is for ${other === 'gb' ? 'GB' : 'DE'} organizations only; this organization is ${country}: give the ${own} block instead`, type: 'country_mismatch' });
  }
  return issues;
}

/** Standing pay is in the organization's currency; a salary in the wrong currency is refused, not converted. */
function payFor(country: Country, pay: Record<string, unknown> | null | undefined): string | null {
  if (!pay) return null;
  const currency = country === 'GB' ? 'GBP' : 'EUR';
  if (pay.currency !== undefined && pay.currency !== currency) throw fieldError(['body', 'pay', 'currency'], `must be ${currency} for a ${country} organization`, 'currency_mismatch');
  return JSON.stringify({ ...pay, currency });
}

function checkDates(row: Pick<EmployeeTable, 'date_of_birth' | 'start_date' | 'leave_date'>): void {
  if (row.date_of_birth && row.start_date < row.date_of_birth) throw fieldError(['body', 'start_date'], 'must be after date_of_birth', 'date_order');
  if (row.leave_date && row.leave_date < row.start_date) throw fieldError(['body', 'start_date'], `must not be after the leave date ${row.leave_date}`, 'date_order');
}

/**
 * A PATCH of the statutory block is merged over the stored block field by field (null clears a
 * field) and the result is checked whole (E3). A new tax code arrives with its own basis: when the
 * patch names tax_code without week1_month1, the week 1/month 1 marker is reset to the new code's;
 * a starter declaration without tax_code replaces the stored code (the declaration decides it).
 */
function mergeStatutory(country: Country, stored: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored, ...patch };
  if (country === 'GB' && patch.tax_code !== undefined && patch.week1_month1 === undefined) delete merged.week1_month1;
  // A starter declaration given without a code decides the code from now on (STARTER-CODE): the stored code goes.
  if (country === 'GB' && patch.starter_declaration && patch.tax_code === undefined) {
    delete merged.tax_code;
    if (patch.week1_month1 === undefined) delete merged.week1_month1;
  }
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const schema = country === 'GB' ? gbStatutoryInput : deStatutoryInput;
  return parseOrThrow(schema, merged, ['body', BLOCK[country]]) as Record<string, unknown>;
}

export function employeeUseCases(ctx: ServiceContext): EmployeeUseCases {
  async function read(db: Db, orgId: string, employeeId: string): Promise<Employee> {
    const row = await requireEmployee(db, orgId, employeeId);
    const [employee] = await withBankAccounts(db, orgId, [toEmployee(row)]);
    return employee as Employee;
  }

  async function getEmployee(orgId: string, employeeId: string): Promise<Employee> {
    requireScope(ctx, 'payroll:read');
    await requireOrg(ctx, ctx.store.db, orgId);
    return read(ctx.store.db, orgId, employeeId);
  }

  return {
    async createEmployee(orgId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(employeeInput, body);
      const id = await inTransaction(ctx, async (trx) => {
        const org = await requireOrg(ctx, trx, orgId);
        const country = countryOf(org);
        const issues = countryBlockIssues(country, input, true);
        if (issues.length > 0) throw validationError(issues);
        const now = nowIso(ctx);
        const row: EmployeeTable = {
          id: uuidv7(),
          org_id: orgId,
          country,
          payroll_number: input.payroll_number ?? null,
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email ? input.email.toLowerCase() : null,
          date_of_birth: input.date_of_birth,
          start_date: input.start_date,
          leave_date: null,
          status: 'active',
          address: input.address ?? null,
          pay_json: payFor(country, input.pay),
          statutory_json: JSON.stringify(input[BLOCK[country]]),
          row_version: 0,
          created_at: now,
          updated_at: now,
        };
        await insertEmployee(trx, row);
        await audit(ctx, trx, { orgId, resourceType: 'employee', resourceId: row.id, action: 'create' });
        return row.id;
      });
      return getEmployee(orgId, id);
    },

    getEmployee,

    async listEmployees(orgId, query) {
      requireScope(ctx, 'payroll:read');
      const pageQuery = parsePageQuery(query, { sortable: EMPLOYEE_SORTABLE, searchable: EMPLOYEE_SEARCHABLE, includable: ['bank_accounts'] });
      const status = query.status === undefined || query.status === null || query.status === '' ? null : String(query.status);
      if (status !== null && status !== 'active' && status !== 'left') {
        // A filter, not a paging parameter: an ordinary validation error naming the query field.
        throw fieldError(['query', 'status'], 'must be active or left', 'enum');
      }
      const db = ctx.store.db;
      await requireOrg(ctx, db, orgId);
      const rows = await listEmployeesPage(db, orgId, status, pageQuery, { sortable: EMPLOYEE_SORTABLE, searchable: EMPLOYEE_SEARCHABLE });
      const page = await toPage(rows, pageQuery, toEmployee);
      if (pageQuery.include.includes('bank_accounts')) page.items = await withBankAccounts(db, orgId, page.items);
      return page;
    },

    async updateEmployee(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const patch = parseOrThrow(employeePatch, body);
      await inTransaction(ctx, async (trx) => {
        const org = await requireOrg(ctx, trx, orgId);
        // Lock before reading the employee (finding F1, docs/decisions.md S3): concurrent edits queue and each reads
        // the version the previous one committed, so an edit without a row_version applies after the others (last
        // writer wins) instead of failing the compare-and-set below. leaveEmployee takes the same lock.
        await lockOrganization(ctx, trx, orgId);
        const country = countryOf(org);
        const row = await requireEmployee(trx, orgId, employeeId);
        if (patch.row_version !== undefined && patch.row_version !== row.row_version) {
          throw conflict('EMPLOYEE.STALE_VERSION', `employee ${employeeId} was changed by someone else (your row_version ${patch.row_version}, current ${row.row_version}); read it again and reapply your change`, { current_row_version: row.row_version });
        }
        const issues = countryBlockIssues(country, patch, false);
        if (issues.length > 0) throw validationError(issues);
        const next: Partial<EmployeeTable> = { updated_at: nowIso(ctx), row_version: row.row_version + 1 };
        for (const field of ['payroll_number', 'first_name', 'last_name', 'date_of_birth', 'start_date', 'address'] as const) {
          if (patch[field] !== undefined) (next as Record<string, unknown>)[field] = patch[field];
        }
        if (patch.email !== undefined) next.email = patch.email ? patch.email.toLowerCase() : null;
        if (patch.pay !== undefined) next.pay_json = payFor(country, patch.pay);
        const blockPatch = patch[BLOCK[country]];
        if (blockPatch !== undefined) {
          const stored = parseJson<Record<string, unknown>>(row.statutory_json) ?? {};
          next.statutory_json = JSON.stringify(mergeStatutory(country, stored, blockPatch));
        }
        checkDates({ date_of_birth: next.date_of_birth ?? row.date_of_birth, start_date: next.start_date ?? row.start_date, leave_date: row.leave_date });
        // The version check and the write stay one statement: a versioned edit made on an older version is a 409
        // whether or not every writer of the row takes the lock.
        if (!(await updateEmployeeIfVersion(trx, orgId, employeeId, row.row_version, next))) throw conflict('EMPLOYEE.STALE_VERSION', `employee ${employeeId} was changed by someone else meanwhile; read it again and reapply your change`);
        await audit(ctx, trx, { orgId, resourceType: 'employee', resourceId: employeeId, action: 'update', before: row, after: next });
      });
      return getEmployee(orgId, employeeId);
    },

    async leaveEmployee(orgId, employeeId, body) {
      requireScope(ctx, 'payroll:write');
      const input = parseOrThrow(employeeLeaveInput, body);
      await inTransaction(ctx, async (trx) => {
        await requireOrg(ctx, trx, orgId);
        // It also bumps row_version: without the lock an unversioned edit running beside it would be refused (F1).
        await lockOrganization(ctx, trx, orgId);
        const row = await requireEmployee(trx, orgId, employeeId);
        if (row.status === 'left') {
          throw conflict('EMPLOYEE.ALREADY_LEFT', `employee ${employeeId} already left on ${row.leave_date}`, { leave_date: row.leave_date });
        }
        if (input.leave_date < row.start_date) throw fieldError(['body', 'leave_date'], `must not be before the start date ${row.start_date}`, 'date_order');
        const set = { status: 'left', leave_date: input.leave_date, updated_at: nowIso(ctx), row_version: row.row_version + 1 } as const;
        const left = await updateActiveEmployee(trx, orgId, employeeId, set);
        if (!left) throw conflict('EMPLOYEE.ALREADY_LEFT', `employee ${employeeId} left meanwhile`);
        await audit(ctx, trx, { orgId, resourceType: 'employee', resourceId: employeeId, action: 'leave', before: row, after: set });
      });
      return getEmployee(orgId, employeeId);
    },
  };
}
