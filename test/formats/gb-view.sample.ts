import type { GbPayslipView } from '../../src/formats/payslip/gb-view.js';

/** A payslip with every kind of line: hourly pay, overtime, a bonus, loans, pension, a benefit, a reimbursement. */
export const SAMPLE_GB_VIEW: GbPayslipView = {
  payslipId: '0198f0a2-7c1e-7000-8000-000000000001',
  issuedAt: '2025-11-03T09:15:00.000Z',
  employer: { name: 'Brightwater Analytics Ltd', address: ['12 Wharf Street', 'Leeds LS2 7EE'], payeReference: '120/BA45678' },
  employee: { name: 'Siobhán O’Connor-Łukasiewicz', payrollNumber: 'GB-0042', niNumber: 'AB123456C', niCategory: 'A', address: ['4 Park Row', 'Leeds LS1 5HD'] },
  tax: { code: '1257L', basis: 'cumulative' },
  period: { taxYear: '2025-26', frequency: 'monthly', periodNumber: 7, taxPeriod: 7, start: '2025-10-06', end: '2025-11-05', payDate: '2025-10-31' },
  payments: [
    { description: 'Hourly pay', hours: '151.50', rate: '14.215', amount: '2153.57' },
    { description: 'Overtime', hours: '12', rate: '21.32', amount: '255.84' },
    { description: 'Bonus', hours: null, rate: null, amount: '500.00' },
    { description: 'Travel expenses', hours: null, rate: null, amount: '42.60' },
  ],
  deductions: [
    { description: 'Income tax (PAYE)', amount: '372.40' },
    { description: 'National Insurance (employee)', amount: '161.13' },
    { description: 'Student loan (plan 2)', amount: '71.00' },
    { description: 'Postgraduate loan', amount: '66.00' },
    { description: 'Pension contribution', amount: '96.45' },
    { description: 'Union subscription', amount: '12.50' },
  ],
  benefits: [{ description: 'Private medical insurance', amount: '45.00' }],
  grossPay: '2909.41',
  totalDeductions: '779.48',
  netPay: '2172.53',
  employerCosts: { employerNi: '361.46', employerPension: '57.87' },
  ytd: [
    { label: 'Gross pay', amount: '19120.55' },
    { label: 'Taxable pay', amount: '18450.00' },
    { label: 'Income tax', amount: '2410.80' },
    { label: 'Employee NI', amount: '1050.12' },
    { label: 'Employer NI', amount: '2366.20' },
    { label: 'Student loan', amount: '460.00' },
    { label: 'Postgraduate loan', amount: '430.00' },
    { label: 'Pension (employee)', amount: '640.10' },
    { label: 'Pension (employer)', amount: '384.06' },
    { label: 'Net pay', amount: '14101.17' },
  ],
  notes: [],
};
