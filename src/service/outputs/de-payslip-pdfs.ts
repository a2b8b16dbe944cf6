/**
 * Entgeltbescheinigungen of a German run (§ 108 Abs. 3 GewO, EntgBV): one PDF per payslip, rendered from the stored
 * month record (de-payslip-view.ts) and the payslip's figures document (its deductions, reimbursements and benefits
 * in kind), with the fonts of assets/fonts. Deterministic (formats/pdf/document.ts): the same records give the same bytes.
 */
import { findInsurer } from '../../domain/de/krankenkassen.js';
import { parseDeMonthRecord } from '../../domain/de/run/record.js';
import { Decimal } from '../../domain/money.js';
import { renderDeEntgeltbescheinigungPdf } from '../../formats/payslip/de-pdf.js';
import { readDePayslipFigures } from '../../store/de-payslip-figures.js';
import { findAddress } from '../../store/repositories/addresses.js';
import { listDeRunPayslips } from '../../store/repositories/de-payroll-runs.js';
import { loadEmployees } from '../../store/repositories/payroll-run-inputs.js';
import type { DePayrollRunTable, DePayslipTable, OrganizationTable } from '../../store/schema.js';
import type { DeStatutory } from '../contracts/employee.js';
import { type Db, parseJson } from '../context.js';
import { documentFonts } from './fonts.js';
import { type DePayslipEarning, type DePayslipEmployer, deEntgeltbescheinigungView } from './de-payslip-view.js';
import { type GeneratedDocument, TEMPLATE_IDS } from './generated-documents.js';
import { addressLines, type PayslipEmployee } from './gb-payslip-view.js';
import type { PdfFonts } from '../../formats/pdf/document.js';

/** "payslip-2026-11-DE-001.pdf": month and payroll number (or employee id), safe as a file name. */
export function dePayslipFileName(month: string, payrollNumber: string | null, employeeId: string): string {
  const who = (payrollNumber ?? employeeId).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || employeeId;
  return `payslip-${month}-${who}.pdf`;
}

export function dePayslipEmployer(org: OrganizationTable, address: string | null): DePayslipEmployer {
  const insurance = parseJson<{ company_number?: string | null }>(org.insurance_data_json ?? null);
  return { name: org.legal_name, address: addressLines(address), betriebsnummer: insurance?.company_number ?? null };
}

const money = (v: Decimal) => v.toFixed(2);

/**
 * The parts of gross pay (EntgBV § 1 Abs. 1 Nr. 6: laufend and einmalig apart): the engine's current wage (cash and
 * benefits in kind, `state.regularPay`) and its one-off (`state.oneOffPay`); gross = their sum (domain/de/payslip.ts).
 */
function earningsOf(state: { regularPay: string; oneOffPay: string }, benefitsInKind: string): DePayslipEarning[] {
  const benefits = new Decimal(benefitsInKind);
  const out: DePayslipEarning[] = [{ description: 'Laufendes Entgelt', kind: 'laufend', amount: money(new Decimal(state.regularPay).minus(benefits)) }];
  if (!benefits.isZero()) out.push({ description: 'Sachbezüge', kind: 'laufend', amount: money(benefits) });
  if (!new Decimal(state.oneOffPay).isZero()) out.push({ description: 'Einmalzahlung (sonstiger Bezug)', kind: 'einmalig', amount: state.oneOffPay });
  return out;
}

/** Between net wages and the payout (domain/de/payslip.ts: net pay = net wages − benefits in kind − deductions + reimbursements + subsidy). */
function netAdjustmentsOf(p: DePayslipTable): { description: string; amount: string }[] {
  const f = readDePayslipFigures(p.figures_json, p.figures_version);
  const out: { description: string; amount: string }[] = [];
  if (!new Decimal(f.benefitsInKind).isZero()) out.push({ description: 'Sachbezüge (bereits gewährt)', amount: money(new Decimal(f.benefitsInKind).neg()) });
  for (const d of f.deductions) out.push({ description: d.name, amount: money(new Decimal(d.amount).neg()) });
  for (const r of f.reimbursements) out.push({ description: r.name, amount: money(new Decimal(r.amount)) });
  if (!new Decimal(f.privateInsuranceSubsidy).isZero()) out.push({ description: 'Zuschuss zur privaten Kranken- und Pflegeversicherung (§ 257 SGB V, § 61 SGB XI)', amount: money(new Decimal(f.privateInsuranceSubsidy)) });
  return out;
}

/**
 * One employee's Entgeltbescheinigung document: its PDF (from the run, the month record and figures stored with the
 * payslip, the employee and the employer as given), name, date and template. What approval records and a first
 * read renders (decision RENDER1) is exactly this.
 */
export async function dePayslipDocument(run: DePayrollRunTable, payslip: DePayslipTable, employee: PayslipEmployee, employer: DePayslipEmployer, fonts: PdfFonts = documentFonts()): Promise<GeneratedDocument> {
  const record = parseDeMonthRecord(JSON.parse(payslip.record_json), `payslip ${payslip.id}`);
  const de = parseJson<Partial<DeStatutory>>(employee.statutory_json) ?? {};
  // The insurer the month was calculated with (the record's filing data), else the employee's current one.
  const code = record.filing?.insurer ?? de.health_insurer_agency_code ?? null;
  const statutory = record.state.attributes.statutoryHealth;
  const insurer = statutory && code ? { name: findInsurer(code)?.name ?? `Krankenkasse ${code}`, additionalRatePercent: record.state.attributes.employment === 'minijob' ? null : record.state.attributes.additionalRatePercent } : null;
  const view = deEntgeltbescheinigungView(
    { id: run.id, payslipId: payslip.id, month: run.month, pay_date: run.pay_date },
    record,
    employee,
    employer,
    insurer,
    earningsOf(record.state, readDePayslipFigures(payslip.figures_json, payslip.figures_version).benefitsInKind),
    netAdjustmentsOf(payslip),
  );
  if (run.corrects_run_id) view.notes.push(`Diese Abrechnung korrigiert die Abrechnung ${run.month} (Lauf ${run.corrects_run_id}) und ersetzt sie.`);
  return {
    employeeId: payslip.employee_id,
    documentType: 'payslip',
    name: dePayslipFileName(run.month, employee.payroll_number, employee.id),
    mimeType: 'application/pdf',
    // The month's last day: the payslip belongs to the month it pays.
    documentDate: run.period_end,
    templateId: TEMPLATE_IDS.deEntgeltbescheinigung,
    bytes: await renderDeEntgeltbescheinigungPdf(view, fonts),
  };
}

/**
 * Renders the Entgeltbescheinigungen of `run` (all, or those of `employeeIds`), handing each to `onEach` as soon as
 * it is made.
 */
export async function renderDeRunPayslips(db: Db, org: OrganizationTable, run: DePayrollRunTable, onEach: (document: GeneratedDocument) => Promise<void>, employeeIds?: readonly string[]): Promise<number> {
  let payslips = await listDeRunPayslips(db, run.id);
  if (employeeIds) {
    const wanted = new Set(employeeIds);
    payslips = payslips.filter((p) => wanted.has(p.employee_id));
  }
  const employees = await loadEmployees(db, org.id, payslips.map((p) => p.employee_id));
  const address = org.address_id ? ((await findAddress(db, org.id, org.address_id))?.address ?? null) : null;
  const employer = dePayslipEmployer(org, address);
  const fonts = documentFonts();
  for (const payslip of payslips) {
    const employee = employees.get(payslip.employee_id);
    if (!employee) throw new Error(`employee ${payslip.employee_id} of payslip ${payslip.id} is missing from the store`);
    await onEach(await dePayslipDocument(run, payslip, employee, employer, fonts));
  }
  return payslips.length;
}
