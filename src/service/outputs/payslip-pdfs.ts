/**
 * Payslip PDFs of a GB run: one per payslip, rendered from the stored figures (gb-payslip-view.ts) with the fonts
 * of assets/fonts. Rendering is deterministic (formats/pdf/document.ts), so a payslip rendered again from the same
 * records has the same bytes.
 */
import { renderGbPayslipPdf } from '../../formats/payslip/gb-pdf.js';
import { findAddress } from '../../store/repositories/addresses.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import { listRunPayslipsPage } from '../../store/repositories/payroll-runs.js';
import type { GbPayrollRunTable, GbPayslipTable, OrganizationTable } from '../../store/schema.js';
import type { Db } from '../context.js';
import { documentFonts } from './fonts.js';
import { type GeneratedDocument, TEMPLATE_IDS } from './generated-documents.js';
import { gbPayslipView, type PayslipEmployee, type PayslipEmployer, payslipEmployer } from './gb-payslip-view.js';
import type { PdfFonts } from '../../formats/pdf/document.js';

const PERIOD_LETTER: Readonly<Record<string, string>> = { weekly: 'w', fortnightly: 'f', four_weekly: '4w', monthly: 'm' };

/** "payslip-2025-26-m07-GB-001.pdf": tax year, period and payroll number (or employee id), safe as a file name. */
export function payslipFileName(run: Pick<GbPayrollRunTable, 'tax_year' | 'frequency' | 'period_number'>, payrollNumber: string | null, employeeId: string): string {
  const who = (payrollNumber ?? employeeId).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || employeeId;
  return `payslip-${run.tax_year}-${PERIOD_LETTER[run.frequency] ?? 'p'}${String(run.period_number).padStart(2, '0')}-${who}.pdf`;
}

/**
 * One employee's payslip document: its PDF (from the run, the payslip's stored figures, the employee and the
 * employer as given), name, date and template. What approval records and a first read renders (decision RENDER1)
 * is exactly this, so the bytes are the same whenever it is made from the same facts.
 */
export async function gbPayslipDocument(run: GbPayrollRunTable, payslip: GbPayslipTable, employee: PayslipEmployee, employer: PayslipEmployer, fonts: PdfFonts = documentFonts()): Promise<GeneratedDocument> {
  return {
    employeeId: payslip.employee_id,
    documentType: 'payslip',
    name: payslipFileName(run, employee.payroll_number, employee.id),
    mimeType: 'application/pdf',
    // The document's date is the period's (its last day): the payslip belongs to the period it pays.
    documentDate: run.period_end,
    templateId: TEMPLATE_IDS.gbPayslip,
    bytes: await renderGbPayslipPdf(gbPayslipView(run, payslip, employee, employer), fonts),
  };
}

/** Payslips read, rendered and handed on per page: a run of any size holds one page in memory (issue 19). */
export const RENDER_PAGE = 500;

/**
 * Renders the payslips of `run` (all, or those of `employeeIds`), in employee order. `onEach` sees each document as
 * soon as it is made (the caller writes it away); payslips and employees are read a page at a time, so a run of
 * 100,000 never sits in memory.
 */
export async function renderRunPayslips(db: Db, org: OrganizationTable, run: GbPayrollRunTable, onEach: (document: GeneratedDocument) => Promise<void>, employeeIds?: readonly string[]): Promise<number> {
  const wanted = employeeIds ? new Set(employeeIds) : null;
  const address = org.address_id ? ((await findAddress(db, org.id, org.address_id))?.address ?? null) : null;
  const employer = payslipEmployer(org, address);
  const fonts = documentFonts();
  let count = 0;
  for (let after: string | null = null; ; ) {
    const page: GbPayslipTable[] = await listRunPayslipsPage(db, run.id, after, RENDER_PAGE);
    if (page.length === 0) break;
    after = (page[page.length - 1] as GbPayslipTable).employee_id;
    const payslips = wanted ? page.filter((p) => wanted.has(p.employee_id)) : page;
    const employees = await loadEmployees(db, org.id, payslips.map((p) => p.employee_id));
    for (const payslip of payslips) {
      const employee = employees.get(payslip.employee_id);
      if (!employee) throw new Error(`employee ${payslip.employee_id} of payslip ${payslip.id} is missing from the store`);
      await onEach(await gbPayslipDocument(run, payslip, employee, employer, fonts));
      count += 1;
    }
    if (page.length < RENDER_PAGE) break;
  }
  return count;
}
