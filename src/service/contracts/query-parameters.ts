/**
 * The query parameters of every service method that takes a query, without zod (decision H31): the CLI's lazily
 * loading local service (service/lazy-local.ts) applies the rule for unknown query parameters from this table, since
 * loading the route table (service/contracts/routes.ts) would bring zod into every command, `payroll org list`
 * included (decision ZOD-1). The table is what routes.ts derives, written out: test/service/query-parameters.test.ts
 * fails, printing the table to put here, when a route's query schema changes and this does not.
 *
 * Each entry: the method's argument that holds the query (0-based), and the parameter names its route takes.
 */
import { type DomainError, validationError } from '../../domain/errors.js';

export const QUERY_PARAMETERS: Readonly<Record<string, readonly [queryArgument: number, names: readonly string[]]>> = {
  listOrganizations: [0, ['size', 'cursor', 'sort_order']],
  importOrganization: [1, ['dry_run']],
  listEmployees: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields', 'include', 'status']],
  listBankAccounts: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields', 'employee_id']],
  listContacts: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields', 'worksite_id']],
  listWorksites: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields']],
  listInsuranceLevelChoices: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields']],
  listSepaMandates: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields']],
  getPayCalendarPeriods: [2, ['tax_year', 'year']],
  listPayGroups: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields', 'pay_calendar_id']],
  listEmployeeDocuments: [2, ['size', 'cursor', 'sort_order', 'document_type', 'status']],
  listOrganizationDocuments: [1, ['size', 'cursor', 'sort_order', 'document_type', 'status', 'employee_id']],
  listWageTypes: [0, ['size', 'cursor', 'sort_order', 'valid_on', 'status', 'category', 'include_deprecated']],
  getWageType: [1, ['valid_on']],
  listPensionSchemes: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields']],
  getPensionScheme: [2, ['valid_on']],
  getPayrollRun: [2, ['include_payslips']],
  listPayrollRuns: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields', 'pay_group_id', 'status', 'tax_year']],
  listAbsences: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields', 'employee_id', 'kind']],
  getGbLiabilities: [1, ['tax_year', 'month']],
  getGermanPayrollRun: [2, ['include_payslips']],
  listGermanPayrollRuns: [1, ['page', 'size', 'sort_by', 'sort_order', 'search', 'search_fields', 'status', 'tax_year', 'month']],
  getGermanPayrollAccount: [2, ['year']],
  explainPayslip: [3, ['figure']],
  explainGermanPayslip: [3, ['figure']],
  getGermanBeitragsnachweis: [1, ['period', 'year', 'employee_id']],
  getGermanLohnsteueranmeldung: [1, ['period', 'year', 'employee_id']],
  getGermanMeldungen: [1, ['period', 'year', 'employee_id']],
  getGermanLohnsteuerbescheinigungen: [1, ['period', 'year', 'employee_id']],
  getGermanFilingPdf: [2, ['period', 'year', 'employee_id']],
  getRunFps: [2, ['gateway_test', 'final_submission', 'scheme_ceased_on']],
  getEps: [1, ['tax_year', 'month', 'gateway_test', 'final_submission', 'scheme_ceased_on']],
  listP60s: [1, ['tax_year']],
  getP60Pdf: [2, ['tax_year']],
  getRunJournal: [2, ['format', 'detail']],
  listAuditEvents: [1, ['size', 'cursor', 'sort_order', 'resource_type', 'since']],
};

/** The validation error for the parameters of `query` that are not among `names`, or null (null and undefined values are not sent). */
export function unknownQueryParametersIn(names: readonly string[], query: Record<string, unknown> | null | undefined): DomainError | null {
  if (!query) return null;
  const unknown = Object.keys(query).filter((key) => !names.includes(key) && query[key] !== undefined && query[key] !== null);
  if (unknown.length === 0) return null;
  const takes = names.length > 0 ? `it takes ${names.join(', ')}` : 'it takes no query parameters';
  return validationError(unknown.map((name) => ({ loc: ['query', name], msg: `is not a query parameter of this operation; ${takes}`, type: 'unknown_parameter' })), 'QUERY.UNKNOWN_PARAMETER');
}
