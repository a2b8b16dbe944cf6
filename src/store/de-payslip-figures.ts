/**
 * A German payslip as the store keeps it (issue 14, as issue 13 point 2 for GB): a versioned figures document
 * with the store's own names, made from the engine's payslip (domain/de/payslip.ts), so renaming a field of the
 * API's payslip (service/contracts/germany-payroll.ts) changes only the rendering (service/runs/de/figures.ts). A new
 * shape is a new version plus a migration converting the stored documents; readers refuse a version they do not know.
 * The month record of the payroll account (DeMonthRecord) is stored beside it and carries its own version.
 */
import type { Payslip } from '../domain/de/payslip.js';
import { money } from '../domain/money.js';

export const DE_PAYSLIP_FIGURES_VERSION = 1;

export interface DePayslipFiguresV1 {
  paymentPeriod: string;
  year: number;
  edition: string;
  employment: string;
  grossWages: string;
  taxableWages: string;
  netWages: string;
  totalDeductions: string;
  totalReimbursements: string;
  netPay: string;
  benefitsInKind: string;
  privateInsuranceSubsidy: string;
  incomeTaxBase: string;
  solidarityTaxBase: string;
  incomeTax: string;
  churchTax: string;
  solidarityTax: string;
  employeeFlatTax: string;
  totalTax: string;
  healthBase: string;
  pensionBase: string;
  /** The Zusatzbeitragssatz applied, in percent, as the engine gave it. */
  healthAdditionalRatePercent: string;
  pensionInsurance: string;
  unemploymentInsurance: string;
  healthInsurance: string;
  careInsurance: string;
  totalInsurance: string;
  deductions: { name: string; amount: string }[];
  reimbursements: { name: string; amount: string }[];
  employer: {
    pension: string;
    health: string;
    care: string;
    unemployment: string;
    sickPay: string;
    maternity: string;
    insolvency: string;
    flatTax: string;
    privateInsuranceSubsidy: string;
    totalBurden: string;
  };
  warnings: { code: string; message: string }[];
  executionHistory: { flow: string; node: string }[] | null;
  /**
   * The engine's steps with their figures (the PAP's variables by their BMF names, the SV bases, ceilings and rates),
   * as calculated. Added to version 1 as an optional field (issue 18 point 7, decision EX1): absent on payslips
   * calculated before it, whose explanation says so instead of recalculating.
   */
  trace?: { flow: string; node: string; values?: Record<string, string> }[];
}

export function dePayslipFigures(p: Payslip): DePayslipFiguresV1 {
  const { totals, taxes, insurance } = p.employee;
  const e = p.employer;
  return {
    paymentPeriod: p.paymentPeriod,
    year: p.year,
    edition: p.edition,
    employment: p.employment,
    grossWages: money(totals.totalGrossWages),
    taxableWages: money(totals.taxableGrossWages),
    netWages: money(totals.netWages),
    totalDeductions: money(totals.totalDeductions),
    totalReimbursements: money(totals.totalReimbursements),
    netPay: money(totals.netPay),
    benefitsInKind: money(p.employee.benefitsInKind),
    privateInsuranceSubsidy: money(p.employee.privateInsuranceSubsidy),
    incomeTaxBase: money(taxes.incomeTaxAssessmentBase),
    solidarityTaxBase: money(taxes.solidarityTaxAssessmentBase),
    incomeTax: money(taxes.incomeTax),
    churchTax: money(taxes.churchTax),
    solidarityTax: money(taxes.solidarityTax),
    employeeFlatTax: money(taxes.flatRateTaxMiniJob),
    totalTax: money(taxes.totalTax),
    healthBase: money(insurance.insuranceAssessmentBase),
    pensionBase: money(insurance.pensionAssessmentBase),
    healthAdditionalRatePercent: insurance.healthInsuranceAdditionalRate.toString(),
    pensionInsurance: money(insurance.pensionInsurance),
    unemploymentInsurance: money(insurance.unemploymentInsurance),
    healthInsurance: money(insurance.healthInsurance),
    careInsurance: money(insurance.careInsurance),
    totalInsurance: money(insurance.totalInsurance),
    deductions: p.employee.deductions.map((d) => ({ name: d.name, amount: money(d.amount) })),
    reimbursements: p.employee.reimbursements.map((r) => ({ name: r.name, amount: money(r.amount) })),
    employer: {
      pension: money(e.pensionContribution),
      health: money(e.healthInsuranceContribution),
      care: money(e.careInsuranceContribution),
      unemployment: money(e.unemploymentInsuranceContribution),
      sickPay: money(e.sickPayInsuranceContribution),
      maternity: money(e.maternityPayInsuranceContribution),
      insolvency: money(e.insolvencyInsuranceContribution),
      flatTax: money(e.flatRateTaxMiniJob),
      privateInsuranceSubsidy: money(e.privateInsuranceSubsidy),
      totalBurden: money(e.totalBurden),
    },
    warnings: p.warnings.map((w) => ({ code: w.code, message: w.message })),
    executionHistory: p.executionHistory ? p.executionHistory.map((h) => ({ flow: h.flow, node: h.node })) : null,
    ...(p.trace ? { trace: p.trace.map((t) => (t.values ? { flow: t.flow, node: t.node, values: { ...t.values } } : { flow: t.flow, node: t.node })) } : {}),
  };
}

/** The stored document, checked for its version. */
export function readDePayslipFigures(json: string, version: number): DePayslipFiguresV1 {
  if (Number(version) !== DE_PAYSLIP_FIGURES_VERSION) throw new Error(`German payslip figures version ${version} is not known to this build (it reads version ${DE_PAYSLIP_FIGURES_VERSION}); upgrade payroll`);
  return JSON.parse(json) as DePayslipFiguresV1;
}
