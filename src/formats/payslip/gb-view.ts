/**
 * What a GB payslip document shows (Employment Rights Act 1996 s8, itemised pay statement): the gross amount, each
 * variable and fixed deduction and its purpose, the net amount, and for pay that varies with time worked the hours
 * it was paid for (s8(2)(e), from 6 April 2019). Besides: who pays whom, the tax code and basis, the period and pay
 * date, what the employer pays on top (employer NI and pension) and the year to date. Amounts are decimal strings.
 */
export interface GbPayslipView {
  /** The payslip's id: names the document and makes its file identifier unique. */
  payslipId: string;
  /** The PDF's creation date (ISO instant): the service uses the pay date, so the bytes depend on stored records only. */
  issuedAt: string;
  employer: { name: string; address: string[]; payeReference: string | null };
  employee: { name: string; payrollNumber: string | null; niNumber: string | null; niCategory: string; address: string[] };
  tax: { code: string; basis: 'cumulative' | 'week1_month1' };
  period: { taxYear: string; frequency: string; periodNumber: number; taxPeriod: number; start: string; end: string; payDate: string };
  /** Paid to the employee: earnings (with hours × rate where paid by the hour), reimbursements, refunds. */
  payments: GbPayment[];
  /** Taken from pay: PAYE, NI, loans, pension, salary sacrifice, other deductions. */
  deductions: { description: string; amount: string }[];
  /** Payrolled benefits in kind: taxed through pay, not paid in cash. */
  benefits: { description: string; amount: string }[];
  grossPay: string;
  totalDeductions: string;
  netPay: string;
  employerCosts: { employerNi: string; employerPension: string };
  /** Year to date of this employment, in print order. */
  ytd: { label: string; amount: string }[];
  notes: string[];
}

export interface GbPayment {
  description: string;
  hours: string | null;
  rate: string | null;
  amount: string;
}
