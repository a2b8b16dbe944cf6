import type { z } from 'zod';
import type { PayrollService } from '../ports.js';
import { organizationInput, organizationPatch, organizationResponse } from './organization.js';
import { employeeInput, employeeLeaveInput, employeePage, employeePatch, employeeResponse } from './employee.js';
import { bankAccountInput, bankAccountListInput, bankAccountListResponse, bankAccountPage, bankAccountResponse } from './bank-account.js';
import { contactBulkResponse, contactListInput, contactPage, contactPatch, contactResponse } from './contact.js';
import { insuranceLevelChoicePage, insuranceLevelChoicePatch, insuranceLevelChoiceResponse, worksiteInput, worksiteInsuranceInput, worksiteInsurancePatch, worksiteInsuranceResponse, worksitePage, worksiteResponse } from './organization.js';
import { sepaMandateInput, sepaMandatePage, sepaMandatePatch, sepaMandateResponse } from './sepa-mandate.js';
import { addressInput, addressResponse } from './address.js';
import { germanPayrollRequest, germanPayrollResponse, MAX_EMPLOYEES, READ_SCOPE_MAX_EMPLOYEES } from './germany-payroll.js';
import { storedGermanPayrollInput } from './germany-payroll-stored.js';
import { cursorEnvelope } from './pagination.js';
import { assignEmployeesInput, assignEmployeesResponse, payCalendarInput, payCalendarList, payCalendarPeriodsResponse, payCalendarResponse, payGroupInput, payGroupPage, payGroupResponse } from './pay-groups.js';
import { documentCursorPage, documentInput, documentResponse, logoConfirmInput } from './document.js';
import { exportDocument, importReport } from './transfer.js';
import { wageTypePage, wageTypeResponse } from './wage-types.js';
import { communicationInput, enrolInput, optOutInput, pensionMembershipResponse, pensionSchemeHistory, pensionSchemeInput, pensionSchemePage, pensionSchemeResponse, pensionStatusResponse } from './pensions.js';
import { gbPayrollRequest, gbPayrollRunResult, payrollRunPage, payrollRunResponse } from './payroll-runs.js';
import { journalQuery, paymentFileInput } from './outputs.js';

/**
 * The HTTP face of every use case, declared once: the server mounts these routes, the remote
 * client calls them, the OpenAPI document is generated from them. The mapped type below makes the
 * build fail when a PayrollService method has no route, so local and remote can never drift apart.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How one argument of the service method travels over HTTP. */
export type RouteArg =
  | { from: 'path'; name: string }
  | { from: 'query' }
  | { from: 'body' }
  /** raw request bytes (document upload) */
  | { from: 'raw' }
  /** an options object whose boolean field comes from a header, e.g. X-Include-Execution-History */
  | { from: 'header-options'; header: string; option: string };

export interface RouteSpec {
  method: HttpMethod;
  /** Path relative to the base URL, with {placeholders}. */
  path: string;
  args: RouteArg[];
  /** Success status (201 on create; the bulk contact endpoint always 200). */
  status: 200 | 201 | 204;
  /** The spec's endpoint number, or null for a documented extension endpoint. */
  specEndpoint: number | null;
  summary: string;
  request?: z.ZodType;
  response?: z.ZodType;
  /** Responds with bytes instead of JSON (document content). */
  binaryResponse?: boolean;
  /** Optional schema of the query object, for the OpenAPI document only (the use case validates). */
  query?: z.ZodType;
  /** Scope the route needs: reads need payroll:read, writes payroll:write. */
  scope: 'payroll:read' | 'payroll:write';
}

export type ServiceMethod = Exclude<keyof PayrollService, 'target' | 'close'>;

export const routes: { [K in ServiceMethod]: RouteSpec } = {
  createOrganization: {
    method: 'POST', path: '/organizations', args: [{ from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write',
    summary: 'Create an organization with its worksites, contacts, bank accounts, tax and insurance data',
    request: organizationInput, response: organizationResponse,
  },
  getOrganization: {
    method: 'GET', path: '/organizations/{organization_id}', args: [{ from: 'path', name: 'organization_id' }], status: 200, specEndpoint: null, scope: 'payroll:read',
    summary: 'Read an organization and everything it holds', response: organizationResponse,
  },
  listOrganizations: {
    method: 'GET', path: '/organizations', args: [{ from: 'query' }], status: 200, specEndpoint: 12, scope: 'payroll:read',
    summary: 'List organizations (cursor pages; query size 1–100, cursor, sort_order)', response: cursorEnvelope(organizationResponse),
  },
  updateOrganization: {
    method: 'PATCH', path: '/organizations/{organization_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 200, specEndpoint: null, scope: 'payroll:write',
    summary: 'Change an organization (optimistic concurrency through row_version)', request: organizationPatch, response: organizationResponse,
  },
  exportOrganization: {
    method: 'GET', path: '/organizations/{organization_id}/export', args: [{ from: 'path', name: 'organization_id' }], status: 200, specEndpoint: null, scope: 'payroll:read',
    summary: 'Everything an organization holds as a versioned JSON document', response: exportDocument,
  },
  importOrganization: {
    method: 'POST', path: '/organizations/import', args: [{ from: 'body' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:write',
    summary: 'Read an export back (idempotent; ?dry_run=true reports what would change)', request: exportDocument, response: importReport,
  },
  calculateGermanPayroll: {
    method: 'POST', path: '/germany/payroll', args: [{ from: 'body' }, { from: 'header-options', header: 'X-Include-Execution-History', option: 'includeExecutionHistory' }], status: 200, specEndpoint: 20, scope: 'payroll:read',
    summary: `German payroll: payslips (PAP wage tax, social insurance) and the employer summary; nothing is stored. At most ${MAX_EMPLOYEES} employees, ${READ_SCOPE_MAX_EMPLOYEES} for a caller with only payroll:read (422 DE.PAYROLL.TOO_MANY_FOR_SCOPE)`,
    request: germanPayrollRequest, response: germanPayrollResponse,
  },
  runGermanPayrollForOrganization: {
    method: 'POST', path: '/germany/organizations/{organization_id}/payroll', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }, { from: 'header-options', header: 'X-Include-Execution-History', option: 'includeExecutionHistory' }], status: 200, specEndpoint: null, scope: 'payroll:read',
    summary: 'German payroll for the stored employees of a German organization in one month (their statutory data and standing pay)',
    request: storedGermanPayrollInput, response: germanPayrollResponse,
  },
  createEmployee: { method: 'POST', path: '/organizations/{organization_id}/employees', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'Create an employee with the statutory block of the organization’s country (gb or de)', request: employeeInput, response: employeeResponse },
  getEmployee: { method: 'GET', path: '/organizations/{organization_id}/employees/{employee_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'Read an employee with their bank accounts and pay group', response: employeeResponse },
  listEmployees: { method: 'GET', path: '/organizations/{organization_id}/employees', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List employees (page, size 1–100, sort_by, sort_order, search, search_fields, include=bank_accounts, status=active|left)', response: employeePage },
  updateEmployee: { method: 'PATCH', path: '/organizations/{organization_id}/employees/{employee_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'body' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Change an employee (statutory block merged field by field; optimistic concurrency through row_version)', request: employeePatch, response: employeeResponse },
  leaveEmployee: { method: 'POST', path: '/organizations/{organization_id}/employees/{employee_id}/leave', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'body' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Record that an employee leaves on leave_date (once)', request: employeeLeaveInput, response: employeeResponse },
  createEmployeeBankAccount: { method: 'POST', path: '/organizations/{organization_id}/employees/{employee_id}/bank-accounts', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'body' }], status: 201, specEndpoint: 1, scope: 'payroll:write', summary: 'Create one bank account of an employee', request: bankAccountInput, response: bankAccountResponse },
  createEmployeeBankAccounts: { method: 'POST', path: '/organizations/{organization_id}/employees/{employee_id}/bank-accounts/list', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'body' }], status: 201, specEndpoint: 2, scope: 'payroll:write', summary: 'Create several bank accounts of an employee (all or none)', request: bankAccountListInput, response: bankAccountListResponse },
  createOrganizationBankAccounts: { method: 'POST', path: '/organizations/{organization_id}/bank-accounts/list', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: 3, scope: 'payroll:write', summary: 'Create several bank accounts of the organization (all or none)', request: bankAccountListInput, response: bankAccountListResponse },
  listBankAccounts: { method: 'GET', path: '/organizations/{organization_id}/bank-accounts', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List the organization’s own bank accounts, or an employee’s with employee_id (page style)', response: bankAccountPage },
  createContacts: { method: 'POST', path: '/organizations/{organization_id}/contacts/list', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 200, specEndpoint: 4, scope: 'payroll:write', summary: 'Create several contacts, each in its own transaction (non-atomic; always 200 with counts and per-record errors)', request: contactListInput, response: contactBulkResponse },
  updateContact: { method: 'PATCH', path: '/contacts/{contact_id}', args: [{ from: 'path', name: 'contact_id' }, { from: 'body' }], status: 200, specEndpoint: 5, scope: 'payroll:write', summary: 'Change a contact (of an organization the caller may access)', request: contactPatch, response: contactResponse },
  listContacts: { method: 'GET', path: '/organizations/{organization_id}/contacts', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List the organization’s contacts, or a worksite’s with worksite_id (page style)', response: contactPage },
  createWorksite: { method: 'POST', path: '/organizations/{organization_id}/worksites', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'Add a worksite with its addresses, contacts, tax and (German) insurance data', request: worksiteInput, response: worksiteResponse },
  listWorksites: { method: 'GET', path: '/organizations/{organization_id}/worksites', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List worksites (page style)', response: worksitePage },
  createWorksiteInsuranceDetails: { method: 'POST', path: '/organizations/{organization_id}/worksites/{worksite_id}/insurance-details', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'worksite_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'Record insurance details of a worksite (German organizations only)', request: worksiteInsuranceInput, response: worksiteInsuranceResponse },
  updateWorksiteInsuranceDetails: { method: 'PATCH', path: '/organizations/{organization_id}/worksites/{worksite_id}/insurance-details/{insurance_details_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'worksite_id' }, { from: 'path', name: 'insurance_details_id' }, { from: 'body' }], status: 200, specEndpoint: 6, scope: 'payroll:write', summary: 'Change insurance details of a worksite (German organizations only)', request: worksiteInsurancePatch, response: worksiteInsuranceResponse },
  setInsuranceLevelChoice: { method: 'PATCH', path: '/organizations/{organization_id}/insurance-level-choices/{agency_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'agency_id' }, { from: 'body' }], status: 200, specEndpoint: 7, scope: 'payroll:write', summary: 'Set the insurance level choice for an agency, creating it on first use (German organizations only)', request: insuranceLevelChoicePatch, response: insuranceLevelChoiceResponse },
  listInsuranceLevelChoices: { method: 'GET', path: '/organizations/{organization_id}/insurance-level-choices', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List the organization’s insurance level choices (page style)', response: insuranceLevelChoicePage },
  createSepaMandate: { method: 'POST', path: '/organizations/{organization_id}/sepa-mandates', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: 9, scope: 'payroll:write', summary: 'Create a SEPA mandate debiting one of the organization’s own accounts', request: sepaMandateInput, response: sepaMandateResponse },
  updateSepaMandate: { method: 'PATCH', path: '/organizations/{organization_id}/sepa-mandates/{mandate_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'mandate_id' }, { from: 'body' }], status: 200, specEndpoint: 10, scope: 'payroll:write', summary: 'Change a SEPA mandate', request: sepaMandatePatch, response: sepaMandateResponse },
  listSepaMandates: { method: 'GET', path: '/organizations/{organization_id}/sepa-mandates', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List SEPA mandates (page style)', response: sepaMandatePage },
  replaceOrganizationAddress: { method: 'PUT', path: '/organizations/{organization_id}/addresses/{address_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'address_id' }, { from: 'body' }], status: 200, specEndpoint: 11, scope: 'payroll:write', summary: 'Replace the text and content of an address the organization holds (never creates)', request: addressInput, response: addressResponse },
  createPayCalendar: { method: 'POST', path: '/organizations/{organization_id}/payrolls/pay-calendars', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'Create a pay calendar (frequency, first period start, pay-day rule; DE: monthly only)', request: payCalendarInput, response: payCalendarResponse },
  listPayCalendars: { method: 'GET', path: '/organizations/{organization_id}/payrolls/pay-calendars', args: [{ from: 'path', name: 'organization_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List the organization’s pay calendars', response: payCalendarList },
  getPayCalendarPeriods: { method: 'GET', path: '/organizations/{organization_id}/payrolls/pay-calendars/{pay_calendar_id}/periods', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'pay_calendar_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'Periods of a tax year with pay dates and HMRC tax periods (GB tax_year=2025-26; DE year=2025)', response: payCalendarPeriodsResponse },
  createPayGroup: { method: 'POST', path: '/organizations/{organization_id}/payrolls/pay-groups', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'Create a pay group on one of the organization’s pay calendars', request: payGroupInput, response: payGroupResponse },
  listPayGroups: { method: 'GET', path: '/organizations/{organization_id}/payrolls/pay-groups', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List pay groups with member counts (page style; filter pay_calendar_id)', response: payGroupPage },
  getPayGroup: { method: 'GET', path: '/organizations/{organization_id}/payrolls/pay-groups/{pay_group_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'pay_group_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'Read a pay group with its members’ employee ids', response: payGroupResponse },
  assignEmployees: { method: 'POST', path: '/organizations/{organization_id}/payrolls/pay-groups/{pay_group_id}/assign-employees', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'pay_group_id' }, { from: 'body' }], status: 200, specEndpoint: 8, scope: 'payroll:write', summary: 'Assign employees to the pay group, moving them from any other (all or none)', request: assignEmployeesInput, response: assignEmployeesResponse },
  createDocument: { method: 'POST', path: '/organizations/{organization_id}/documents', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'Register a document (status pending_upload); upload its bytes with PUT …/content', request: documentInput, response: documentResponse },
  uploadDocumentContent: { method: 'PUT', path: '/organizations/{organization_id}/documents/{document_id}/content', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'document_id' }, { from: 'raw' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Upload a document’s bytes (raw body; at most 20 MiB, logos 2 MiB): pending_upload → active', response: documentResponse },
  getDocument: { method: 'GET', path: '/organizations/{organization_id}/documents/{document_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'document_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'Read a document’s metadata', response: documentResponse },
  getDocumentContent: { method: 'GET', path: '/organizations/{organization_id}/documents/{document_id}/content', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'document_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'Download the bytes of an active or archived document', binaryResponse: true },
  listEmployeeDocuments: { method: 'GET', path: '/organizations/{organization_id}/employees/{employee_id}/documents', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'query' }], status: 200, specEndpoint: 13, scope: 'payroll:read', summary: 'List an employee’s documents (document_type, status default active, size 1–100, cursor, sort_order)', response: documentCursorPage },
  listOrganizationDocuments: { method: 'GET', path: '/organizations/{organization_id}/documents', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List the organization’s documents (as endpoint 13, plus employee_id)', response: documentCursorPage },
  archiveDocument: { method: 'POST', path: '/organizations/{organization_id}/documents/{document_id}/archive', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'document_id' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Archive an active document (archiving the logo clears preferences.logo_id)', response: documentResponse },
  restoreDocument: { method: 'POST', path: '/organizations/{organization_id}/documents/{document_id}/restore', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'document_id' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Make an archived document active again', response: documentResponse },
  deleteDocument: { method: 'DELETE', path: '/organizations/{organization_id}/documents/{document_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'document_id' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Delete a document for good: its bytes are removed, the record stays with status deleted', response: documentResponse },
  confirmLogo: { method: 'POST', path: '/organizations/{organization_id}/logo/confirm', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 200, specEndpoint: 14, scope: 'payroll:write', summary: 'Make an active org_logo image document the organization’s logo (preferences.logo_id)', request: logoConfirmInput, response: documentResponse },
  listWageTypes: { method: 'GET', path: '/gb/wage-types', args: [{ from: 'query' }], status: 200, specEndpoint: 19, scope: 'payroll:read', summary: 'GB wage-type catalogue (valid_on, status, category, include_deprecated, size 1–100, cursor, sort_order)', response: wageTypePage },
  getWageType: { method: 'GET', path: '/gb/wage-types/{wage_type_code}', args: [{ from: 'path', name: 'wage_type_code' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'One GB wage type: the version in force on valid_on (default today)', response: wageTypeResponse },
  createPensionScheme: { method: 'POST', path: '/gb/organizations/{organization_id}/pension/schemes', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }], status: 201, specEndpoint: 15, scope: 'payroll:write', summary: 'Create a GB pension scheme (its first version; the first scheme becomes the default)', request: pensionSchemeInput, response: pensionSchemeResponse },
  listPensionSchemes: { method: 'GET', path: '/gb/organizations/{organization_id}/pension/schemes', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List pension schemes, current version each (page style)', response: pensionSchemePage },
  getPensionScheme: { method: 'GET', path: '/gb/organizations/{organization_id}/pension/schemes/{scheme_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'scheme_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'A pension scheme: its current version, or the one in force on valid_on', response: pensionSchemeResponse },
  getPensionSchemeHistory: { method: 'GET', path: '/gb/organizations/{organization_id}/pension/schemes/{scheme_id}/history', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'scheme_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'Every version of a pension scheme, oldest first', response: pensionSchemeHistory },
  createPensionSchemeVersion: { method: 'POST', path: '/gb/organizations/{organization_id}/pension/schemes/{scheme_id}/versions', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'scheme_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'New configuration of a scheme from a later valid_from (closes the current version)', request: pensionSchemeInput, response: pensionSchemeResponse },
  setDefaultPensionScheme: { method: 'POST', path: '/gb/organizations/{organization_id}/pension/schemes/{scheme_id}/set-default', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'scheme_id' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Make the scheme the organization’s only default', response: pensionSchemeResponse },
  enrolEmployee: { method: 'POST', path: '/gb/organizations/{organization_id}/employees/{employee_id}/pension/enrol', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'body' }], status: 201, specEndpoint: 16, scope: 'payroll:write', summary: 'Enrol an employee in a pension scheme (auto-enrolment, opt-in or joining)', request: enrolInput, response: pensionMembershipResponse },
  optOutEmployee: { method: 'POST', path: '/gb/organizations/{organization_id}/employees/{employee_id}/pension/opt-out', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'body' }], status: 201, specEndpoint: 17, scope: 'payroll:write', summary: 'Opt an active member out (refund of all contributions inside the one-month window)', request: optOutInput, response: pensionMembershipResponse },
  recordEnrolmentCommunication: { method: 'POST', path: '/gb/organizations/{organization_id}/employees/{employee_id}/pension/communication', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }, { from: 'body' }], status: 201, specEndpoint: null, scope: 'payroll:write', summary: 'Record when the enrolment information was given (starts the one-month opt-out window)', request: communicationInput, response: pensionMembershipResponse },
  getPensionStatus: { method: 'GET', path: '/gb/organizations/{organization_id}/employees/{employee_id}/pension', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'employee_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'An employee’s pension status, latest membership record and history', response: pensionStatusResponse },
  runGbPayroll: { method: 'POST', path: '/gb/organizations/{organization_id}/payrolls', args: [{ from: 'path', name: 'organization_id' }, { from: 'body' }, { from: 'header-options', header: 'X-Include-Execution-History', option: 'includeExecutionHistory' }], status: 201, specEndpoint: 18, scope: 'payroll:write', summary: 'Run a GB payroll for a pay group and period: payslips stored as a draft', request: gbPayrollRequest, response: gbPayrollRunResult },
  getPayrollRun: { method: 'GET', path: '/gb/organizations/{organization_id}/payrolls/{run_id}', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'run_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'A GB payroll run with its payslips (include_payslips=false leaves them out)', response: payrollRunResponse },
  listPayrollRuns: { method: 'GET', path: '/gb/organizations/{organization_id}/payrolls', args: [{ from: 'path', name: 'organization_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'List GB payroll runs (page style; filters pay_group_id, status, tax_year)', response: payrollRunPage },
  approvePayrollRun: { method: 'POST', path: '/gb/organizations/{organization_id}/payrolls/{run_id}/approve', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'run_id' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Approve a draft run: final, feeds year to date, applies automatic enrolments', response: payrollRunResponse },
  markPayrollRunPaid: { method: 'POST', path: '/gb/organizations/{organization_id}/payrolls/{run_id}/pay', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'run_id' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Mark an approved run as paid', response: payrollRunResponse },
  discardPayrollRun: { method: 'POST', path: '/gb/organizations/{organization_id}/payrolls/{run_id}/discard', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'run_id' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'Discard a draft run (frees the pay group and period)', response: payrollRunResponse },
  getPayslipPdf: { method: 'GET', path: '/organizations/{organization_id}/payroll-runs/{run_id}/payslips/{employee_id}/pdf', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'run_id' }, { from: 'path', name: 'employee_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'An employee’s payslip PDF of an approved or paid run: the document issued on approval (same bytes every time)', binaryResponse: true },
  createPaymentFile: { method: 'POST', path: '/organizations/{organization_id}/payroll-runs/{run_id}/payment-files', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'run_id' }, { from: 'body' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'The net pay of an approved run as a payment file (bacs: Standard 18, bacs-csv, sepa: pain.001.001.09), stored as a document of the organization; refused (422) naming every employee whose account cannot be paid', request: paymentFileInput, binaryResponse: true },
  getRunJournal: { method: 'GET', path: '/organizations/{organization_id}/payroll-runs/{run_id}/journal', args: [{ from: 'path', name: 'organization_id' }, { from: 'path', name: 'run_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'The accounting journal of an approved run, balanced (format csv | datev: DATEV Buchungsstapel; detail summary | employee)', query: journalQuery, binaryResponse: true },
};
