/**
 * Where a payroll run's amounts are booked: the account keys the journal uses and the default charts.
 *
 * - Germany: SKR03 (DATEV Standardkontenrahmen 03): 4120 Gehälter, 4130 Gesetzliche soziale Aufwendungen, 4165
 *   Aufwendungen für Altersversorgung, 4660 Reisekosten Arbeitnehmer, 1740 Verbindlichkeiten aus Lohn und Gehalt,
 *   1741 Verbindlichkeiten aus Lohn- und Kirchensteuer, 1742 Verbindlichkeiten im Rahmen der sozialen Sicherheit,
 *   1755 Lohn- und Gehaltsverrechnungen (also the clearing account of the DATEV export).
 * - Great Britain: the nominal codes of the Sage 50 Accounts default chart, which UK bookkeepers and payroll
 *   journals commonly use: 7000 Gross wages, 7006 Employer's NI, 7007 Employer's pensions, 2210 PAYE, 2211 National
 *   Insurance, 2220 Net wages, 2230 Pension fund; and for what that chart has no payroll code: 7400 Travelling
 *   (reimbursed expenses), 2240 Other payroll deductions, 2299 Payroll control (clearing). Recorded in
 *   docs/decisions.md (J2).
 * An organization overrides any of them (organization `accounting.accounts`).
 */
export const ACCOUNT_KEYS = [
  'wages_expense',
  'reimbursed_expenses',
  'employer_social_security_expense',
  'employer_pension_expense',
  'wage_tax_payable',
  'social_security_payable',
  'pension_payable',
  'other_deductions_payable',
  'net_pay_payable',
  'payroll_clearing',
] as const;

export type AccountKey = (typeof ACCOUNT_KEYS)[number];

export interface Account {
  number: string;
  name: string;
}

export type AccountMapping = Record<AccountKey, Account>;

export const CHARTS = ['SKR03', 'GB_NOMINAL'] as const;
export type Chart = (typeof CHARTS)[number];

export const DEFAULT_ACCOUNTS: Readonly<Record<Chart, AccountMapping>> = {
  SKR03: {
    wages_expense: { number: '4120', name: 'Gehälter' },
    reimbursed_expenses: { number: '4660', name: 'Reisekosten Arbeitnehmer' },
    employer_social_security_expense: { number: '4130', name: 'Gesetzliche soziale Aufwendungen' },
    employer_pension_expense: { number: '4165', name: 'Aufwendungen für Altersversorgung' },
    wage_tax_payable: { number: '1741', name: 'Verbindlichkeiten aus Lohn- und Kirchensteuer' },
    social_security_payable: { number: '1742', name: 'Verbindlichkeiten im Rahmen der sozialen Sicherheit' },
    pension_payable: { number: '1742', name: 'Verbindlichkeiten im Rahmen der sozialen Sicherheit' },
    other_deductions_payable: { number: '1755', name: 'Lohn- und Gehaltsverrechnungen' },
    net_pay_payable: { number: '1740', name: 'Verbindlichkeiten aus Lohn und Gehalt' },
    payroll_clearing: { number: '1755', name: 'Lohn- und Gehaltsverrechnungen' },
  },
  GB_NOMINAL: {
    wages_expense: { number: '7000', name: 'Gross wages' },
    reimbursed_expenses: { number: '7400', name: 'Travelling and expenses reimbursed' },
    employer_social_security_expense: { number: '7006', name: "Employer's National Insurance" },
    employer_pension_expense: { number: '7007', name: "Employer's pensions" },
    wage_tax_payable: { number: '2210', name: 'PAYE (income tax and student loans)' },
    social_security_payable: { number: '2211', name: 'National Insurance' },
    pension_payable: { number: '2230', name: 'Pension fund' },
    other_deductions_payable: { number: '2240', name: 'Other payroll deductions' },
    net_pay_payable: { number: '2220', name: 'Net wages' },
    payroll_clearing: { number: '2299', name: 'Payroll control' },
  },
};

/** The chart's defaults with the organization's own accounts over them. */
export function accountMapping(chart: Chart, overrides: Partial<Record<AccountKey, Partial<Account>>> = {}): AccountMapping {
  const mapping = { ...DEFAULT_ACCOUNTS[chart] };
  for (const key of ACCOUNT_KEYS) {
    const own = overrides[key];
    if (own) mapping[key] = { number: own.number ?? mapping[key].number, name: own.name ?? mapping[key].name };
  }
  return mapping;
}
