/**
 * What one GB payslip owes to whom, as journal postings (journal.ts): pay and reimbursed expenses are costs; tax,
 * student and postgraduate loans are owed to HMRC as PAYE, employee and employer NI to HMRC as National Insurance;
 * pension contributions to the scheme; other deductions to whoever they are for; net pay to the employee. Employer
 * NI and employer pension are costs on top. A pension refund on opting out (UK-P-004) comes back from the scheme.
 * The postings balance whenever net pay = payments − deductions, which the payslip engine guarantees.
 */
import type { Posting } from './journal.js';

export interface GbPayslipPostingView {
  employeeId: string;
  employeeName: string;
  /** The payslip's lines (section, wage type, name, amount). */
  lines: readonly { section: string; wageTypeCode: string | null; name: string; amount: string }[];
  tax: string;
  studentLoan: string;
  postgraduateLoan: string;
  employeeNi: string;
  employerNi: string;
  netPay: string;
  /** Who the pension contributions go to (the scheme's provider), if known. */
  pensionParty: string | null;
}

const REFUND = 'UK-P-004';
const EMPLOYER_PENSION = 'UK-C-002';

export function gbPostings(p: GbPayslipPostingView): Posting[] {
  const out: Posting[] = [];
  const post = (account: Posting['account'], side: Posting['side'], amount: string, text: string, party: string | null = null) =>
    out.push({ employeeId: p.employeeId, employeeName: p.employeeName, account, side, amount, text, party });
  for (const l of p.lines) {
    if (l.section === 'earnings') post('wages_expense', 'debit', l.amount, l.name);
    else if (l.section === 'reimbursements') post('reimbursed_expenses', 'debit', l.amount, l.name);
    else if (l.section === 'deductions') post('other_deductions_payable', 'credit', l.amount, l.name);
    else if (l.section === 'pension') {
      if (l.wageTypeCode === REFUND) post('pension_payable', 'debit', l.amount, l.name, p.pensionParty);
      else post('pension_payable', 'credit', l.amount, l.name, p.pensionParty);
    } else if (l.section === 'employer') {
      if (l.wageTypeCode === EMPLOYER_PENSION) {
        post('employer_pension_expense', 'debit', l.amount, l.name);
        post('pension_payable', 'credit', l.amount, l.name, p.pensionParty);
      } else if (l.wageTypeCode === REFUND) {
        // Employer contributions the scheme returns: less pension cost, owed back by the scheme.
        post('employer_pension_expense', 'credit', l.amount, l.name);
        post('pension_payable', 'debit', l.amount, l.name, p.pensionParty);
      }
      // Employer NI comes from the figures below.
    }
    // statutory_deductions come from the figures below; benefits in kind are not paid in cash.
  }
  post('wage_tax_payable', 'credit', p.tax, 'Income tax (PAYE)', 'HMRC');
  post('wage_tax_payable', 'credit', p.studentLoan, 'Student loan', 'HMRC');
  post('wage_tax_payable', 'credit', p.postgraduateLoan, 'Postgraduate loan', 'HMRC');
  post('social_security_payable', 'credit', p.employeeNi, 'National Insurance (employee)', 'HMRC');
  post('employer_social_security_expense', 'debit', p.employerNi, 'National Insurance (employer)');
  post('social_security_payable', 'credit', p.employerNi, 'National Insurance (employer)', 'HMRC');
  post('net_pay_payable', 'credit', p.netPay, 'Net pay');
  return out;
}
