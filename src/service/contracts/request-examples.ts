/**
 * One example request body per operation that takes a JSON body, shown in the OpenAPI document
 * (issue 20 F8: "examples in it are valid requests"). Each parses with its route's request schema
 * (test/hosted/openapi.test.ts). Ids that only exist in a store are written as placeholders in angle
 * brackets (`<EMPLOYEE_ID>`, as fixtures/examples/README.md does); every one of them is a valid id string.
 * The property-based API test (test/hosted/api-properties.test.ts) sends them with the placeholders filled
 * from the demo data. The values are made up.
 */
/** Several examples of one operation (OpenAPI `examples`), e.g. a document and a logo. */
export class Examples {
  constructor(readonly values: readonly unknown[]) {}
}
const several = (...values: unknown[]) => new Examples(values);

const deEmployee = {
  payroll_number: 'DE-101',
  first_name: 'Anna',
  last_name: 'Schmidt',
  email: 'anna.schmidt@example.de',
  date_of_birth: '1988-03-14',
  start_date: '2026-01-01',
  pay: { basis: 'salary', annual_salary: '54000.00', currency: 'EUR' },
  de: { tax_id: '86095742719', tax_class: 1, child_allowances: '0', is_church_member: true, federal_state: 'Nordrhein-Westfalen', health_insurer_agency_code: '15027365', is_parent: false, care_insurance_children: 0, u1_rate: '2.40', u2_rate: '0.44' },
};

const gbEmployee = {
  payroll_number: 'GB-101',
  first_name: 'Oliver',
  last_name: 'Bennett',
  email: 'oliver.bennett@example.co.uk',
  date_of_birth: '1986-02-11',
  start_date: '2025-05-01',
  pay: { basis: 'salary', annual_salary: '38000.00', currency: 'GBP' },
  gb: { ni_number: 'AB123456C', tax_code: '1257L', ni_category: 'A', student_loan_plans: ['2'], postgraduate_loan: false },
};

const deBankAccount = { financial_institution_name: 'Hausbank', iban: 'DE75512108001245126199', swift_code: 'COBADEFFXXX', is_primary: false };

export const REQUEST_EXAMPLES = {
  createOrganization: {
    legal_name: 'Thames Widgets Ltd',
    country: 'GB',
    dba_name: 'Thames Widgets',
    incorporation_date: '2012-09-17',
    address: { address: '221 Baker Street, London NW1 6XE', content: { country_code: 'GB', address_type: 'REGISTERED_OFFICE' } },
    work_sites: [{ name: 'London workshop', is_primary: true }],
    contacts: [{ name: 'Priya Shah', email: 'payroll@thames-widgets.example', roles: ['payroll', 'primary'] }],
    bank_accounts: [{ financial_institution_name: 'Barclays', iban: 'GB33BUKB20201555555555', swift_code: 'BUKBGB22', is_primary: true }],
    tax_identifiers: { tax_data: { country: 'GB', tax_number: '123/TW45678' } },
    gb: { bacs_service_user_number: '654321' },
  },
  updateOrganization: { dba_name: 'Thames Widgets Trading', website: 'https://thames-widgets.example' },
  calculateGermanPayroll: {
    pay_cycle: 'Month',
    pay_date: '2026-03-31',
    payroll_group: [
      {
        employee_details: { employee_id: 'ps2026-0001', year_of_birth: 1995, date_of_birth: '1995-07-22', is_mini_job: false, mini_job_details: { pension_exemption: false, flat_rate_paid_by_employee: false } },
        tax_attributes: { tax_class: 1, is_factor: false, child_allowances: '0', is_church_member: false, tax_state: 'Nordrhein-Westfalen' },
        insurance_details: { health_insurance_additional_rate: '2.9', private_insurance_monthly: '0.00', private_care_insurance_monthly: '0.00', care_insurance_children: 0, is_parent: false, is_midi_job: false, u1_rate: '0', u2_rate: '0.44' },
        pay_details: { earnings: [{ earning_type: 'salary', amount: '2100.00', earning_frequency: 'Month', is_lumpsum: false, do_grossup: false }], benefits: [], deductions: [], reimbursements: [] },
      },
    ],
  },
  runGermanPayrollForOrganization: { period: '2026-01' },
  createEmployee: several(gbEmployee, deEmployee),
  updateEmployee: { email: 'o.bennett@example.co.uk' },
  leaveEmployee: { leave_date: '2026-12-31' },
  createEmployeeBankAccount: deBankAccount,
  createEmployeeBankAccounts: [
    { financial_institution_name: 'Hausbank', iban: 'DE02100100100006820101', is_primary: false },
    { financial_institution_name: 'Sparkasse', iban: 'DE02300209000106531065', is_primary: false },
  ],
  createOrganizationBankAccounts: [{ financial_institution_name: 'Sparkasse', iban: 'DE02300209000106531065', is_primary: false }],
  createContacts: [
    { name: 'Lohnbüro', email: 'lohn@example.de', phone: { phone_number: '+49 40 123456' }, roles: ['payroll'] },
    { name: 'Personal', email: 'hr@example.de', roles: ['hr'] },
  ],
  updateContact: { email: 'payroll@example.de' },
  createWorksite: { name: 'Hamburg', is_primary: false },
  createWorksiteInsuranceDetails: { valid_from: '2026-01-01', worksite_location_number: '11111111' },
  updateWorksiteInsuranceDetails: { worksite_location_number: '22222222' },
  setInsuranceLevelChoice: { compensation_levy_id: 1 },
  createSepaMandate: { creditor_id: 'DE98ZZZ09999999999', bank_account_id: '<BANK_ACCOUNT_ID>', valid_from: '2026-01-01', mandate_reference: 'PAYROLL-2026-01', is_recurring: true },
  updateSepaMandate: { mandate_reference: 'PAYROLL-2026-02' },
  replaceOrganizationAddress: { address: 'Musterstraße 12, 10115 Berlin', content: { country_code: 'DE', address_type: 'HAUSANSCHRIFT' } },
  createPayCalendar: { name: 'Monthly', frequency: 'monthly', first_period_start: '2026-04-06' },
  createPayGroup: { name: 'Monthly staff', pay_calendar_id: '<PAY_CALENDAR_ID>' },
  assignEmployees: { employee_ids: ['<EMPLOYEE_ID>'] },
  createDocument: several(
    { document_type: 'contract', document_name: 'contract.pdf', mime_type: 'application/pdf', employee_id: '<EMPLOYEE_ID>' },
    { document_type: 'org_logo', document_name: 'logo.png', mime_type: 'image/png' },
  ),
  confirmLogo: { document_id: '<DOCUMENT_ID>' },
  createPensionScheme: {
    valid_from: '2025-04-06',
    scheme_name: 'Workplace pension',
    provider: 'NAMED_PROVIDER',
    tax_treatment: 'RELIEF_AT_SOURCE',
    pensionable_earnings_definition: 'QUALIFYING_EARNINGS',
    employee_rate: '0.05',
    employer_rate: '0.03',
    wage_type_code: 'UK-P-002',
  },
  createPensionSchemeVersion: {
    valid_from: '2026-04-06',
    scheme_name: 'Workplace pension',
    provider: 'NAMED_PROVIDER',
    tax_treatment: 'RELIEF_AT_SOURCE',
    pensionable_earnings_definition: 'QUALIFYING_EARNINGS',
    employee_rate: '0.06',
    employer_rate: '0.04',
    wage_type_code: 'UK-P-002',
  },
  enrolEmployee: { enrolment_date: '2026-04-06', entry_route: 'OPTED_IN', worker_category: 'ENTITLED_WORKER' },
  optOutEmployee: { opt_out_date: '2026-04-20' },
  recordEnrolmentCommunication: { enrolment_communication_date: '2026-04-06' },
  // Two periods: one run to approve and pay, one to discard (test/hosted/api-properties.test.ts drives both).
  runGbPayroll: several(...[1, 2].map((period_number) => ({
    pay_group_id: '<PAY_GROUP_ID>',
    pay_calendar_id: '<PAY_CALENDAR_ID>',
    tax_year: '2026-27',
    period_number,
    payroll_group: [{ employee_id: '<EMPLOYEE_ID>', pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: '3166.67', earning_frequency: 'MONTH' }] } }],
  }))),
  // A closed absence and an open one (no last_day yet), which endAbsence closes.
  createAbsence: several(
    { kind: 'sickness', first_day: '2026-05-04', last_day: '2026-05-15', qualifying_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
    { kind: 'sickness', first_day: '2026-05-18', qualifying_days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
  ),
  endAbsence: { last_day: '2026-05-22' },
  // Two months: one run to approve and pay, one to discard.
  createGermanPayrollRun: several(...['2026-01', '2026-02'].map((period) => ({ period, items: [{ employee_id: '<EMPLOYEE_ID>', earnings: [{ earning_type: 'bonus', amount: '1000.00', is_lumpsum: true }] }] }))),
  createPaymentFile: { format: 'bacs' },
};

/** The example values of one operation (one or several). */
export function examplesOf(operationId: string): readonly unknown[] {
  const entry = (REQUEST_EXAMPLES as Record<string, unknown>)[operationId];
  return entry === undefined ? [] : entry instanceof Examples ? entry.values : [entry];
}
