/**
 * What one German month owes to whom, as journal postings (journal.ts), from the month record of the payroll
 * account (domain/de/run/record.ts keys): gross pay is a cost (Gehälter); Lohnsteuer, Solidaritätszuschlag and
 * Kirchensteuer are owed to the Finanzamt; the employee's and the employer's social insurance contributions
 * (and the Umlagen U1/U2/U3) to the health insurer as Einzugsstelle; the employer's share is a cost (gesetzliche
 * soziale Aufwendungen); the minijob flat tax is a cost owed to the Minijob-Zentrale; net pay to the employee, and
 * what lies between net wages and the payout (net deductions) to its creditor.
 */
import { Decimal } from '../../domain/money.js';
import type { DeMonthFigures } from '../../domain/de/run/month-types.js';
import type { Posting } from './journal.js';

export interface DeMonthPostingView {
  employeeId: string;
  employeeName: string;
  figures: DeMonthFigures;
  /** The health insurer collecting the contributions (Einzugsstelle), e.g. "AOK Bayern". */
  healthInsurer: string | null;
}

const text = (v: string | number | null | undefined): string => (v === null || v === undefined ? '0' : String(v));

export function dePostings(v: DeMonthPostingView): Posting[] {
  const f = v.figures as unknown as Record<string, string | number | null>;
  const out: Posting[] = [];
  const post = (account: Posting['account'], side: Posting['side'], key: string, label: string, party: string | null = null) =>
    out.push({ employeeId: v.employeeId, employeeName: v.employeeName, account, side, amount: text(f[key]), text: label, party });
  const insurer = v.healthInsurer ?? 'Krankenkasse';
  post('wages_expense', 'debit', 'employee.totals.total_gross_wages', 'Bruttolohn');
  post('wage_tax_payable', 'credit', 'employee.taxes.income_tax', 'Lohnsteuer', 'Finanzamt');
  post('wage_tax_payable', 'credit', 'employee.taxes.solidarity_tax', 'Solidaritätszuschlag', 'Finanzamt');
  post('wage_tax_payable', 'credit', 'employee.taxes.church_tax', 'Kirchensteuer', 'Finanzamt');
  post('social_security_payable', 'credit', 'employee.insurance.total_insurance', 'SV-Beiträge Arbeitnehmer', insurer);
  for (const [key, label] of [
    ['employer.health_insurance_contribution', 'KV-Beitrag Arbeitgeber'],
    ['employer.care_insurance_contribution', 'PV-Beitrag Arbeitgeber'],
    ['employer.pension_contribution', 'RV-Beitrag Arbeitgeber'],
    ['employer.unemployment_insurance_contribution', 'AV-Beitrag Arbeitgeber'],
    ['employer.sick_pay_insurance_contribution', 'Umlage U1'],
    ['employer.maternity_pay_insurance_contribution', 'Umlage U2'],
    ['employer.insolvency_insurance_contribution', 'Insolvenzgeldumlage'],
  ] as const) {
    post('employer_social_security_expense', 'debit', key, label);
    post('social_security_payable', 'credit', key, label, insurer);
  }
  post('employer_social_security_expense', 'debit', 'employer.flat_rate_tax_mini_job', 'Pauschsteuer Minijob');
  post('wage_tax_payable', 'credit', 'employer.flat_rate_tax_mini_job', 'Pauschsteuer Minijob', 'Minijob-Zentrale');
  // Nettoabzüge: what the payout lacks against the net wages goes to its creditor.
  const netWages = text(f['employee.totals.net_wages']);
  const payout = text(f['employee.totals.net_pay']);
  out.push({ employeeId: v.employeeId, employeeName: v.employeeName, account: 'net_pay_payable', side: 'credit', amount: payout, text: 'Auszahlung', party: null });
  out.push({ employeeId: v.employeeId, employeeName: v.employeeName, account: 'other_deductions_payable', side: 'credit', amount: subtract(netWages, payout), text: 'Nettoabzüge', party: null });
  return out;
}

function subtract(a: string, b: string): string {
  return new Decimal(a).minus(b).toFixed(2);
}
