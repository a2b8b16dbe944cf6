/**
 * What the GB year-end and leaving certificates show. P60 (Income Tax (PAYE) Regulations 2003 reg 67): the
 * employee's pay and tax of the tax year, split into previous employment(s) and this employment, the final tax
 * code, the NI figures by NI letter, student and postgraduate loan deductions and the statutory payments, for every
 * employee employed on 5 April. P45 (reg 36): parts 1A, 2 and 3 for a leaver. Amounts are decimal strings.
 */
export interface YearEndEmployer {
  name: string;
  address: string[];
  payeReference: string | null;
}

export interface YearEndEmployee {
  name: string;
  forenames: string;
  surname: string;
  /** In full: the certificate goes to the employee. */
  niNumber: string | null;
  payrollNumber: string | null;
  address: string[];
}

export interface P60NiRow {
  letter: string;
  atLel: string;
  lelToPt: string;
  ptToUel: string;
  employeeContributions: string;
}

export interface P60View {
  /** Names the document (its PDF identifier). */
  id: string;
  /** ISO instant of the PDF's creation date: the tax year's last day, so the bytes depend on stored records only. */
  issuedAt: string;
  taxYear: string;
  /** "5 April 2026". */
  yearEnd: string;
  employer: YearEndEmployer;
  employee: YearEndEmployee;
  taxCode: string;
  week1Month1: boolean;
  previousEmployment: { pay: string; tax: string };
  thisEmployment: { pay: string; tax: string };
  total: { pay: string; tax: string };
  ni: P60NiRow[];
  studentLoan: string;
  postgraduateLoan: string;
  /** Only those paid in the year, in the P60's order (SMP, SPP, ShPP, SAP, SPBP, SNCP). */
  statutory: { label: string; amount: string }[];
}

export interface P45View {
  id: string;
  issuedAt: string;
  taxYear: string;
  employer: YearEndEmployer;
  employee: YearEndEmployee & { dateOfBirth: string | null };
  leavingDate: string;
  taxCode: string;
  week1Month1: boolean;
  /** "Week 23" or "Month 7": the period the PAYE figures were worked to. */
  taxPeriod: string;
  /** Total pay and tax to date (previous employment included); null on Week 1/Month 1. */
  totalPayToDate: string | null;
  totalTaxToDate: string | null;
  payThisEmployment: string;
  taxThisEmployment: string;
  studentLoanContinues: boolean;
  postgraduateLoanContinues: boolean;
}
