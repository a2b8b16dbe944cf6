/**
 * P45 and P60 PDFs of a GB organization (views: gb-year-end.ts; renderers: formats/year-end). Rendering is
 * deterministic, so a certificate rendered again from the same records has the same bytes.
 */
import { renderP45Pdf } from '../../formats/year-end/p45-pdf.js';
import { renderP60Pdf } from '../../formats/year-end/p60-pdf.js';
import type { YearEndEmployer } from '../../formats/year-end/view.js';
import { findAddress } from '../../store/repositories/addresses.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import { listRunLeaverPayslipsPage } from '../../store/repositories/payroll-runs.js';
import { settledPayslipsOfYear } from '../../store/repositories/rti.js';
import type { GbPayrollRunTable, GbPayslipTable, OrganizationTable } from '../../store/schema.js';
import type { Db } from '../context.js';
import { decodePayslips, type StoredPayslip } from '../rti/payslip-history.js';
import { documentFonts } from './fonts.js';
import { type GeneratedDocument, TEMPLATE_IDS } from './generated-documents.js';
import { payslipEmployer } from './gb-payslip-view.js';
import { RENDER_PAGE } from './payslip-pdfs.js';
import { employedOnLastDay, p45View, p60View, taxYearLastDay } from './gb-year-end.js';

const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');

async function employerOf(db: Db, org: OrganizationTable): Promise<YearEndEmployer> {
  const address = org.address_id ? ((await findAddress(db, org.id, org.address_id))?.address ?? null) : null;
  return payslipEmployer(org, address);
}

/**
 * The P45 of each leaver of `run` (decision P45-ISSUE): the employees whose payslip in the run is the leaver's
 * payslip (the run marked it: leaving date on or before the period's end, and no later payslip since). A payment
 * after leaving has no P45 of its own (HMRC: the P45 is issued once, on leaving).
 */
export async function renderRunP45s(db: Db, org: OrganizationTable, run: GbPayrollRunTable, onEach: (document: GeneratedDocument) => Promise<void>): Promise<number> {
  const employer = await employerOf(db, org);
  const fonts = documentFonts();
  let count = 0;
  // A page at a time (issue 19): a run of any size holds one page of payslips and employees.
  for (let after: string | null = null; ; ) {
    // Only a leaver's payslip carries a P45 (domain/gb/run/employee-payslip.ts): the others are not read at all.
    const page: GbPayslipTable[] = await listRunLeaverPayslipsPage(db, run.id, after, RENDER_PAGE);
    if (page.length === 0) break;
    after = (page[page.length - 1] as GbPayslipTable).employee_id;
    const employees = await loadEmployees(db, org.id, page.map((p) => p.employee_id));
    for (const payslip of page) {
      const employee = employees.get(payslip.employee_id);
      if (!employee) throw new Error(`employee ${payslip.employee_id} of payslip ${payslip.id} is missing from the store`);
      const view = p45View(run, payslip, employee, employer);
      if (!view) continue;
      await onEach({
        employeeId: employee.id,
        documentType: 'p45',
        name: `p45-${view.leavingDate}-${safe(employee.payroll_number ?? employee.id) || employee.id}.pdf`,
        mimeType: 'application/pdf',
        documentDate: view.leavingDate,
        templateId: TEMPLATE_IDS.gbP45,
        bytes: await renderP45Pdf(view, fonts),
      });
      count += 1;
    }
    if (page.length < RENDER_PAGE) break;
  }
  return count;
}

/** A P60 as rendered: not stored (it is rendered again with the same bytes whenever asked for). */
export interface P60File {
  name: string;
  bytes: Uint8Array;
}

export interface P60Entry {
  employee_id: string;
  file_name: string;
}

/** The P60s of the tax year: one per employee employed on 5 April with settled pay in the year (not stored). */
export async function yearP60s(db: Db, org: OrganizationTable, taxYear: string, employeeId: string | null): Promise<{ entries: P60Entry[]; render: (employeeId: string) => Promise<P60File | null> }> {
  const all = decodePayslips(await settledPayslipsOfYear(db, org.id, taxYear, employeeId === null ? null : [employeeId]));
  const byEmployee = new Map<string, StoredPayslip[]>();
  for (const p of all) byEmployee.set(p.row.employee_id, [...(byEmployee.get(p.row.employee_id) ?? []), p]);
  const employees = await loadEmployees(db, org.id, [...byEmployee.keys()]);
  const employer = await employerOf(db, org);
  const lastDay = taxYearLastDay(taxYear);
  const entries: P60Entry[] = [];
  const fileName = (id: string) => {
    const e = employees.get(id)!;
    return `p60-${taxYear}-${safe(e.payroll_number ?? e.id) || e.id}.pdf`;
  };
  for (const [id, payslips] of byEmployee) {
    const employee = employees.get(id);
    if (!employee || !employedOnLastDay(employee, lastDay)) continue;
    if (!payslips.some((p) => p.row.pay_date >= employee.start_date)) continue;
    entries.push({ employee_id: id, file_name: fileName(id) });
  }
  entries.sort((a, b) => (a.file_name < b.file_name ? -1 : a.file_name > b.file_name ? 1 : 0));
  return {
    entries,
    async render(id) {
      const employee = employees.get(id);
      if (!employee || !employedOnLastDay(employee, lastDay)) return null;
      const view = p60View(taxYear, employer, employee, byEmployee.get(id) ?? []);
      if (!view) return null;
      return { name: fileName(id), bytes: await renderP60Pdf(view, documentFonts()) };
    },
  };
}
