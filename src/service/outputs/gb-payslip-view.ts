/**
 * A stored GB payslip as the payslip document shows it (formats/payslip/gb-view.ts): the figures the run stored
 * (store/gb-payslip-figures.ts), the run's period, and who pays whom as the organization and employee records say
 * at the time the document is made.
 */
import { Decimal } from '../../domain/money.js';
import type { GbPayment, GbPayslipView } from '../../formats/payslip/gb-view.js';
import { readGbPayslipFigures } from '../../store/gb-payslip-figures.js';
import type { EmployeeTable, GbPayrollRunTable, GbPayslipTable, OrganizationTable } from '../../store/schema.js';
import { parseJson } from '../context.js';

/**
 * The employee facts a payslip document prints (GB and German alike): what approval keeps for a document rendered
 * on first read (decision RENDER1), so a later change to the employee record never changes an issued payslip.
 */
export type PayslipEmployee = Pick<EmployeeTable, 'id' | 'payroll_number' | 'first_name' | 'last_name' | 'date_of_birth' | 'start_date' | 'leave_date' | 'address' | 'statutory_json'>;

/** Employer facts a payslip prints (read once per run). */
export interface PayslipEmployer {
  name: string;
  address: string[];
  payeReference: string | null;
}

export function payslipEmployer(org: OrganizationTable, address: string | null): PayslipEmployer {
  const tax = parseJson<{ tax_data?: { tax_number?: string } }>(org.tax_identifiers_json);
  return { name: org.legal_name, address: addressLines(address), payeReference: tax?.tax_data?.tax_number ?? null };
}

/** "221 Baker Street, London NW1 6XE" → two lines; a multi-line address keeps its lines. */
export function addressLines(address: string | null): string[] {
  if (!address) return [];
  const parts = address.includes('\n') ? address.split('\n') : address.split(',');
  return parts.map((p) => p.trim()).filter((p) => p !== '').slice(0, 5);
}

/** Year-to-date figures in the order and words of the payslip (ytd_this_employment keys, domain/gb/run/ytd.ts). */
const YTD_LABELS: readonly [string, string][] = [
  ['gross_pay', 'Gross pay'],
  ['taxable_pay', 'Taxable pay'],
  ['tax', 'Income tax'],
  ['employee_ni', 'Employee NI'],
  ['employer_ni', 'Employer NI'],
  ['student_loan', 'Student loan'],
  ['postgraduate_loan', 'Postgraduate loan'],
  ['pension_employee_deduction', 'Pension (employee)'],
  ['pension_employer', 'Pension (employer)'],
  ['net_pay', 'Net pay'],
];

/** Pension refunds on opting out within a month come back to the employee (UK-P-004). */
const REFUND_CODE = 'UK-P-004';

export function gbPayslipView(run: GbPayrollRunTable, row: GbPayslipTable, employee: PayslipEmployee, employer: PayslipEmployer): GbPayslipView {
  const f = readGbPayslipFigures(row.figures_json, row.figures_version);
  const statutory = parseJson<{ ni_number?: string | null }>(employee.statutory_json) ?? {};
  const payments: GbPayment[] = [];
  const deductions: { description: string; amount: string }[] = [];
  const benefits: { description: string; amount: string }[] = [];
  for (const line of f.lines) {
    switch (line.section) {
      case 'earnings':
      case 'reimbursements':
        payments.push({ description: line.name, hours: line.hours ?? null, rate: line.rate ?? null, amount: line.amount });
        break;
      case 'pension':
        if (line.wageTypeCode === REFUND_CODE) payments.push({ description: line.name, hours: null, rate: null, amount: line.amount });
        else deductions.push({ description: line.name, amount: line.amount });
        break;
      case 'deductions':
      case 'statutory_deductions':
        deductions.push({ description: line.name, amount: line.amount });
        break;
      case 'benefits':
        benefits.push({ description: line.name, amount: line.amount });
        break;
      default:
        // employer lines: shown apart, as what the employer pays on top
        break;
    }
  }
  const totalDeductions = deductions.reduce((sum, d) => sum.plus(d.amount), new Decimal(0)).toFixed(2);
  const notes: string[] = [];
  if (f.correction) notes.push(`This payslip corrects period ${f.correction.correctedPeriodNumber}; it is reported to HMRC in tax period ${f.correction.reportedInTaxPeriod}.`);
  if (f.isLeaver) notes.push('Final payslip of this employment: your P45 follows.');
  if (f.isAfterLeaving) notes.push('Paid after the employment ended.');
  return {
    payslipId: row.id,
    // The document's dates are its pay date's, not the moment of approval: the payslip is then a function of the
    // stored records alone (the same bytes whenever and however often it is made; decision OUT1).
    issuedAt: `${run.pay_date}T00:00:00.000Z`,
    employer,
    employee: {
      name: `${employee.first_name} ${employee.last_name}`,
      payrollNumber: employee.payroll_number,
      niNumber: statutory.ni_number ?? null,
      niCategory: f.niCategory,
      address: addressLines(employee.address),
    },
    tax: { code: f.taxCode, basis: f.week1Month1 ? 'week1_month1' : 'cumulative' },
    period: { taxYear: run.tax_year, frequency: run.frequency, periodNumber: Number(run.period_number), taxPeriod: f.taxPeriod, start: run.period_start, end: run.period_end, payDate: run.pay_date },
    payments,
    deductions,
    benefits,
    grossPay: f.grossPay,
    totalDeductions,
    netPay: f.netPay,
    employerCosts: { employerNi: f.employerCosts.employerNi, employerPension: f.employerCosts.employerPension },
    ytd: YTD_LABELS.map(([key, label]) => ({ label, amount: f.ytdThisEmployment[key] ?? '0.00' })),
    notes,
  };
}
