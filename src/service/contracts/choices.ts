/**
 * The fixed choices and limits of the wire contract as plain values, without zod: the CLI offers them in prompts
 * and help texts through service/ports, and a command's help must not build every schema first (zod schema
 * construction was the largest part of `payroll --help`'s start-up). The contract modules build their enums from
 * these same arrays, so there is one list each.
 */

/** Contacts per bulk import (non-atomic endpoint). */
export const BULK_MAX_ITEMS = 100;

/** The spec's document types, plus (extension, issue 15) sepa_credit_transfer: a German run's SEPA payment file. */
export const DOCUMENT_TYPES = ['payslip', 'contract', 'work_permit', 'id_document', 'proof_of_address', 'org_logo', 'uk_bacs_file', 'uk_bacs_file_csv', 'sepa_credit_transfer', 'p45', 'other'] as const;

export const TAX_TREATMENTS = ['NET_PAY', 'RELIEF_AT_SOURCE', 'SALARY_SACRIFICE'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];
export const PROVIDERS = ['NAMED_PROVIDER', 'OTHER'] as const;
export const WORKER_CATEGORIES = ['ELIGIBLE_JOBHOLDER', 'NON_ELIGIBLE_JOBHOLDER', 'ENTITLED_WORKER', 'EXCLUDED'] as const;
export const ENTRY_ROUTES = ['AUTO_ENROLLED', 'OPTED_IN', 'JOINED'] as const;
/** The wage type a pension deduction is paid under, by tax treatment (GB wage-type catalogue). */
export const PENSION_CODE_FOR: Readonly<Record<TaxTreatment, string>> = { NET_PAY: 'UK-P-001', RELIEF_AT_SOURCE: 'UK-P-002', SALARY_SACRIFICE: 'UK-P-003' };

export const ABSENCE_KINDS = ['sickness', 'maternity', 'paternity', 'shared_parental', 'adoption', 'parental_bereavement', 'neonatal_care'] as const;
export type AbsenceKind = (typeof ABSENCE_KINDS)[number];

/** The figures of a German payroll account month (Lohnkonto, § 41 EStG), in the order it prints them. */
export const PAYROLL_ACCOUNT_FIELDS = [
  'employee.totals.total_gross_wages',
  'employee.totals.taxable_gross_wages',
  'employee.taxes.income_tax',
  'employee.taxes.solidarity_tax',
  'employee.taxes.church_tax',
  'sv_days',
  'employee.insurance.insurance_assessment_base',
  'employee.insurance.pension_assessment_base',
  'employee.insurance.health_insurance',
  'employee.insurance.care_insurance',
  'employee.insurance.pension_insurance',
  'employee.insurance.unemployment_insurance',
  'employer.health_insurance_contribution',
  'employer.care_insurance_contribution',
  'employer.pension_contribution',
  'employer.unemployment_insurance_contribution',
  'employer.sick_pay_insurance_contribution',
  'employer.maternity_pay_insurance_contribution',
  'employer.insolvency_insurance_contribution',
  'employer.total_burden',
  'employee.totals.net_wages',
  'employee.totals.net_pay',
] as const;

/** Payment files of an approved run (issue 15). */
export const PAYMENT_FORMATS = ['bacs', 'bacs-csv', 'sepa'] as const;
/** Journal exports of an approved run and their level of detail (issue 15). */
export const JOURNAL_FORMATS = ['csv', 'datev'] as const;
export const JOURNAL_DETAILS = ['summary', 'employee'] as const;
