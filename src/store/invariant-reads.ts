/**
 * The reads `payroll verify --store` checks the store's invariants on (tools/verify/store-invariants.ts).
 * Plain reads of what is stored, one organization at a time, never a write: the check must see exactly what a
 * crash or an import left behind, so nothing here repairs or filters.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, DePayslipTable, GbPayslipTable } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface OrganizationRef {
  id: string;
  country: string;
}

export async function listOrganizationRefs(db: Db): Promise<OrganizationRef[]> {
  return db.selectFrom('organizations').select(['id', 'country']).orderBy('id').execute();
}

export interface StoredRun {
  id: string;
  pay_group_id: string;
  tax_year: string;
  period_number: number;
  status: string;
  slot_key: string | null;
  corrects_run_id: string | null;
  employee_count: number;
  totals_json: string | null;
  pay_date: string;
}

export async function listGbRuns(db: Db, orgId: string): Promise<StoredRun[]> {
  const rows = await db
    .selectFrom('gb_payroll_runs')
    .select(['id', 'pay_group_id', 'tax_year', 'period_number', 'status', 'slot_key', 'corrects_run_id', 'employee_count', 'totals_json', 'pay_date'])
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
  // Postgres returns integers of some drivers' types as strings; the checks compare numbers.
  return rows.map((r) => ({ ...r, period_number: Number(r.period_number), employee_count: Number(r.employee_count) }));
}

/** The figures of a payslip that feed year to date, as stored (decimal strings), and its year-to-date link. */
const STORED_PAYSLIP_COLUMNS = ['id', 'run_id', 'org_id', 'employee_id', 'tax_year', 'period_number', 'pay_date', 'ytd_base_payslip_id', 'gross_pay', 'taxable_pay', 'tax', 'employee_ni', 'employer_ni', 'net_pay', 'ytd_json'] as const;
export type StoredPayslip = Pick<GbPayslipTable, (typeof STORED_PAYSLIP_COLUMNS)[number]>;

/** Every payslip of the organization, including those whose run is missing (left out of no check). */
export async function listGbPayslips(db: Db, orgId: string): Promise<StoredPayslip[]> {
  const rows = await db
    .selectFrom('gb_payslips')
    .select(STORED_PAYSLIP_COLUMNS)
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, period_number: Number(r.period_number) }));
}

/** Payslips whose run_id names no run at all (in any organization): reported under the payslip's organization. */
export async function listPayslipsWithoutRun(db: Db, orgId: string): Promise<{ id: string; run_id: string }[]> {
  return db
    .selectFrom('gb_payslips as p')
    .leftJoin('gb_payroll_runs as r', 'r.id', 'p.run_id')
    .select(['p.id as id', 'p.run_id as run_id'])
    .where('p.org_id', '=', orgId)
    .where('r.id', 'is', null)
    .orderBy('p.id')
    .execute();
}

export interface StoredYtdRow {
  employee_id: string;
  tax_year: string;
  employment_start: string;
  payslip_id: string;
  figures_json: string;
}

export async function listGbYtd(db: Db, orgId: string): Promise<StoredYtdRow[]> {
  return db.selectFrom('gb_ytd').select(['employee_id', 'tax_year', 'employment_start', 'payslip_id', 'figures_json']).where('org_id', '=', orgId).orderBy('employee_id').orderBy('tax_year').execute();
}

export interface StoredDocumentContentRef {
  id: string;
  status: string;
  object_store_path: string;
  file_size_bytes: number | null;
  sha256: string | null;
  employee_id: string | null;
  template_id: number | null;
  source_run_id: string | null;
  /** Set while the bytes are still to be rendered on first read (decision RENDER1). */
  render_json: string | null;
}

/** Documents whose content the service serves (active and archived), so whose file must exist. */
export async function listDocumentsWithContent(db: Db, orgId: string): Promise<StoredDocumentContentRef[]> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'status', 'object_store_path', 'file_size_bytes', 'sha256', 'employee_id', 'template_id', 'source_run_id', 'render_json'])
    .where('org_id', '=', orgId)
    .where('status', 'in', ['active', 'archived'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, file_size_bytes: r.file_size_bytes === null ? null : Number(r.file_size_bytes), template_id: r.template_id === null ? null : Number(r.template_id), source_run_id: r.source_run_id ?? null, render_json: r.render_json ?? null }));
}

export interface StoredDeRun {
  id: string;
  month: string;
  tax_year: string;
  period_number: number;
  status: string;
  slot_key: string | null;
  corrects_run_id: string | null;
  employee_count: number;
  totals_json: string | null;
}

export async function listDeRuns(db: Db, orgId: string): Promise<StoredDeRun[]> {
  const rows = await db
    .selectFrom('de_payroll_runs')
    .select(['id', 'month', 'tax_year', 'period_number', 'status', 'slot_key', 'corrects_run_id', 'employee_count', 'totals_json'])
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, period_number: Number(r.period_number), employee_count: Number(r.employee_count) }));
}

/** The German payslip columns the run totals add up. */
export const DE_PAYSLIP_TOTAL_COLUMNS = ['gross_pay', 'taxable_pay', 'income_tax', 'solidarity_tax', 'church_tax', 'employee_insurance', 'employer_burden', 'net_pay'] as const;
const STORED_DE_PAYSLIP_COLUMNS = ['id', 'run_id', 'employee_id', 'month', ...DE_PAYSLIP_TOTAL_COLUMNS] as const;
export type StoredDePayslip = Pick<DePayslipTable, (typeof STORED_DE_PAYSLIP_COLUMNS)[number]>;

export async function listDePayslips(db: Db, orgId: string): Promise<StoredDePayslip[]> {
  return db.selectFrom('de_payslips').select(STORED_DE_PAYSLIP_COLUMNS).where('org_id', '=', orgId).orderBy('id').execute();
}

/** German payslips whose run_id names no German run at all. */
export async function listDePayslipsWithoutRun(db: Db, orgId: string): Promise<{ id: string; run_id: string }[]> {
  return db
    .selectFrom('de_payslips as p')
    .leftJoin('de_payroll_runs as r', 'r.id', 'p.run_id')
    .select(['p.id as id', 'p.run_id as run_id'])
    .where('p.org_id', '=', orgId)
    .where('r.id', 'is', null)
    .orderBy('p.id')
    .execute();
}
