/**
 * The one interface every mode serves (architecture.md): the local implementation runs the use
 * cases over the store; the remote implementation calls the HTTP API. The CLI talks only to this.
 * Each resource family declares its use cases beside their implementation; this is their union.
 */
import type { GermanPayrollUseCases } from './use-cases/germany-payroll-service.js';
import type { OrganizationUseCases } from './use-cases/organizations.js';
import type { EmployeeUseCases } from './use-cases/employees.js';
import type { BankAccountUseCases } from './use-cases/bank-accounts.js';
import type { ContactUseCases } from './use-cases/contacts.js';
import type { WorksiteUseCases } from './use-cases/worksites.js';
import type { SepaMandateUseCases } from './use-cases/sepa-mandates.js';
import type { AddressUseCases } from './use-cases/addresses.js';
import type { TransferUseCases } from './use-cases/transfer.js';
import type { PayGroupUseCases } from './use-cases/pay-groups.js';
import type { DocumentUseCases } from './use-cases/documents.js';
import type { WageTypeUseCases } from './use-cases/wage-types.js';
import type { PensionUseCases } from './use-cases/pensions.js';
import type { PayrollRunUseCases } from './use-cases/payroll-runs.js';
import type { AbsenceUseCases } from './use-cases/absences.js';
import type { GermanPayrollRunUseCases } from './use-cases/germany-payroll-runs.js';
import type { GermanFilingUseCases } from './use-cases/germany-filings.js';
import type { RtiUseCases } from './use-cases/rti.js';
import type { OutputUseCases } from './use-cases/outputs.js';
import type { YearEndUseCases } from './use-cases/year-end.js';
import type { LiabilityUseCases } from './use-cases/liabilities.js';
import type { AuditUseCases } from './use-cases/audit.js';

export type { Actor, Clock } from './context.js';

// ---------------------------------------------------------------------------------------------------------------
// What the outside floors (server, client, CLI) need besides the interface, named one by one so the surface stays
// deliberate: the layer rules let them import only this file and service/contracts (architecture test), and the
// CLI only this file. Each name is here because a caller of the interface has to speak it.
// ---------------------------------------------------------------------------------------------------------------

/** The errors every use case throws, with their stable codes: the server maps them to HTTP, the CLI to exit codes. */
export { DomainError, isDomainError, type ErrorKind, type FieldIssue } from '../domain/errors.js';

/** The money type of the interface: amounts travel as decimal strings and are added up as Decimals, never numbers. */
export { Decimal } from '../domain/money.js';

/** Masking of IBANs and tax identifiers, the same in every output (engineering standard: security). */
export { maskIban, maskIdentifier } from '../domain/identifiers/mask.js';

/**
 * Pay calendar and pay item rules a client checks before it sends a request, so a prompt can re-ask at once with
 * the message the service would give (the service checks again; these only spare a round trip).
 */
export { gbTaxMonth, gbTaxYearOf, parseGbTaxYear, type PayFrequency } from '../domain/pay-periods.js';
export { classifyPay, hoursProblem } from '../domain/gb/run/pay-items.js';
export { STATE_OFFICIAL_NAMES } from '../domain/de/params/states.js';
/** Prompt answers checked by the API's own schemas, loaded on demand (answer-checks-loader.ts). */
export { loadAnswerChecks } from './answer-checks-loader.js';

/** Wire shapes (service/contracts) the CLI reads from results, and the choices it offers in prompts. */
export type { BankAccount } from './contracts/bank-account.js';
export type { Contact, ContactBulkResult } from './contracts/contact.js';
export type { Document } from './contracts/document.js';
export type { Employee } from './contracts/employee.js';
export type { GermanPayrollResponse } from './contracts/germany-payroll.js';
export type { InsuranceLevelChoice, Organization, Worksite } from './contracts/organization.js';
export type { Page } from './contracts/pagination.js';
export type { AssignEmployeesResult, PayGroupSummary, PayPeriodItem } from './contracts/pay-groups.js';
export type { PayrollRun, Payslip } from './contracts/payroll-runs.js';
export type { GermanPayrollRun, GermanRunPayslip, PayrollAccount } from './contracts/germany-payroll-runs.js';
export type { ExplanationStep, PayslipExplanation } from './contracts/explanations.js';
export type { BeitragsnachweisReport, FilingPdf, LohnsteuerbescheinigungReport, LohnsteueranmeldungReport, MeldungenReport } from './contracts/germany-filings.js';
export type { GeneratedFile } from './contracts/outputs.js';
export type { SepaMandate } from './contracts/sepa-mandate.js';
export type { WageTypeWire } from './contracts/wage-types.js';
export type { Absence } from './contracts/absences.js';
export type { RtiDocument } from './contracts/rti.js';
export type { LiabilitiesResponse, LiabilityMonthWire } from './contracts/liabilities.js';
export type { AuditEvent } from './contracts/audit.js';
export type { CursorPage } from './contracts/pagination.js';
/** Fixed choices and limits, without zod (a command's help must not build every schema). */
export { ABSENCE_KINDS, type AbsenceKind, BULK_MAX_ITEMS, DOCUMENT_TYPES, ENTRY_ROUTES, JOURNAL_DETAILS, JOURNAL_FORMATS, PAYMENT_FORMATS, PAYROLL_ACCOUNT_FIELDS, PENSION_CODE_FOR, PROVIDERS, TAX_TREATMENTS, type TaxTreatment, WORKER_CATEGORIES } from './contracts/choices.js';

export interface PayrollService extends OrganizationUseCases, TransferUseCases, GermanPayrollUseCases, EmployeeUseCases, BankAccountUseCases, ContactUseCases, WorksiteUseCases, SepaMandateUseCases, AddressUseCases, PayGroupUseCases, DocumentUseCases, WageTypeUseCases, PensionUseCases, PayrollRunUseCases, GermanPayrollRunUseCases, GermanFilingUseCases, AbsenceUseCases, RtiUseCases, OutputUseCases, YearEndUseCases, LiabilityUseCases, AuditUseCases {
  /** Where writes go, for the CLI's `→ local /path` line. */
  readonly target: string;
  close(): Promise<void>;
}
