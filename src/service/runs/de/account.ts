/**
 * The payroll account (Lohnkonto, § 41 EStG, § 4 LStDV) of one employee and calendar year: every approved or paid
 * month (a corrected month shows its correction) with its figures and the running totals of the year: gross,
 * taxable pay, wage tax, Soli, church tax, SV-Tage, the SV bases per branch, every employee and employer
 * contribution, the levies, net pay. The months come from the stored month records; the totals are their sums.
 */
import { fieldError, notFound } from '../../../domain/errors.js';
import { Decimal, money, ZERO } from '../../../domain/money.js';
import { loadDePayslips, loadSettledDeMonths } from '../../../store/repositories/de-payroll-runs.js';
import { loadEmployees } from '../../../store/repositories/payroll-run-inputs.js';
import type { ServiceContext } from '../../context.js';
import { PAYROLL_ACCOUNT_FIELDS, type PayrollAccount, type PayrollAccountMonth } from '../../contracts/germany-payroll-runs.js';
import { recordOf } from './figures.js';
import { effectiveMonths } from './history.js';
import { requireDeOrg } from './org.js';

type Figures = Record<string, string | number>;

/** A month's figure for the account: days as integers, money as decimal strings (a base not charged is 0.00). */
function figureOf(figures: Readonly<Record<string, string | number | null>>, key: string): string | number {
  const value = figures[key];
  if (key === 'sv_days') return typeof value === 'number' ? value : Number(value ?? 0);
  return typeof value === 'string' ? value : '0.00';
}

function add(totals: Figures, month: Figures): Figures {
  const out: Figures = {};
  for (const key of PAYROLL_ACCOUNT_FIELDS) {
    const a = totals[key];
    const b = month[key];
    out[key] = key === 'sv_days' ? Number(a ?? 0) + Number(b ?? 0) : money(new Decimal(String(a ?? '0')).plus(String(b ?? '0')));
  }
  return out;
}

function zeroTotals(): Figures {
  return Object.fromEntries(PAYROLL_ACCOUNT_FIELDS.map((key) => [key, key === 'sv_days' ? 0 : money(ZERO)]));
}

export async function payrollAccount(ctx: ServiceContext, orgId: string, employeeId: string, query: Record<string, unknown>): Promise<PayrollAccount> {
  const db = ctx.store.db;
  await requireDeOrg(ctx, db, orgId);
  const yearText = query.year === undefined || query.year === '' ? '' : String(query.year);
  if (!/^\d{4}$/.test(yearText)) throw fieldError(['query', 'year'], 'is required: the calendar year of the account, e.g. 2026', 'pattern');
  const year = Number(yearText);
  if (!(await loadEmployees(db, orgId, [employeeId])).has(employeeId)) throw notFound('employee', employeeId, 'EMPLOYEE.NOT_FOUND');
  const rows = await loadSettledDeMonths(db, orgId, [employeeId], `${year}-01`, `${year + 1}-01`, false);
  const months = effectiveMonths(rows).get(employeeId) ?? [];
  const payslips = new Map((await loadDePayslips(db, months.map((m) => m.payslip_id))).map((p) => [p.id, p]));
  let totals = zeroTotals();
  const out: PayrollAccountMonth[] = [];
  for (const m of months) {
    const row = payslips.get(m.payslip_id);
    if (!row) continue;
    const record = recordOf(row).figures;
    const figures: Figures = Object.fromEntries(PAYROLL_ACCOUNT_FIELDS.map((key) => [key, figureOf(record, key)]));
    totals = add(totals, figures);
    out.push({ month: m.month, run_id: m.run_id, payslip_id: m.payslip_id, status: m.run_status as PayrollAccountMonth['status'], corrects_run_id: m.corrects_run_id, pay_date: m.pay_date, figures, totals });
  }
  return { organization_id: orgId, employee_id: employeeId, year, fields: [...PAYROLL_ACCOUNT_FIELDS], months: out, totals };
}
