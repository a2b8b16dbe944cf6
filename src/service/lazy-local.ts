/**
 * The local implementation of the service for one CLI call, loading each family of use cases on its first call
 * (issue 19 "instant start"): `payroll org list` loads the organization use cases and the store, not the payroll
 * engines, the PDF and XML writers and every contract schema. Each method runs exactly as in createLocalService
 * (local.ts), with the service as `this`; the families, their methods and their order are local.ts's (the types
 * below refuse a method in the wrong family or a method left out, test/service/lazy-local.test.ts compares both).
 */
import { join } from 'node:path';
import { openStore, type StoreOptions } from '../store/database.js';
import { type Actor, type Clock, type ServiceContext, systemClock } from './context.js';
import { pooledUuidv7 } from './ids.js';
import { keepHeapNearLiveSet } from './memory-policy.js';
import { QUERY_PARAMETERS, unknownQueryParametersIn } from './contracts/query-parameters.js';
import { createFolderObjectStore } from './object-store.js';
import type { PayrollService } from './ports.js';
import type { OrganizationUseCases } from './use-cases/organizations.js';
import type { EmployeeUseCases } from './use-cases/employees.js';
import type { BankAccountUseCases } from './use-cases/bank-accounts.js';
import type { ContactUseCases } from './use-cases/contacts.js';
import type { WorksiteUseCases } from './use-cases/worksites.js';
import type { SepaMandateUseCases } from './use-cases/sepa-mandates.js';
import type { AddressUseCases } from './use-cases/addresses.js';
import type { GermanPayrollUseCases } from './use-cases/germany-payroll-service.js';
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
import type { YearEndUseCases } from './use-cases/year-end.js';
import type { OutputUseCases } from './use-cases/outputs.js';
import type { LiabilityUseCases } from './use-cases/liabilities.js';
import type { AuditUseCases } from './use-cases/audit.js';

type Family = { load(): Promise<(ctx: ServiceContext) => object>; methods: readonly (keyof PayrollService)[] };

/** Every family of use cases, in createLocalService's order. */
export const USE_CASE_FAMILIES: readonly Family[] = [
  { load: async () => (await import('./use-cases/organizations.js')).organizationUseCases, methods: ['createOrganization', 'getOrganization', 'listOrganizations', 'updateOrganization'] satisfies readonly (keyof OrganizationUseCases)[] },
  { load: async () => (await import('./use-cases/employees.js')).employeeUseCases, methods: ['createEmployee', 'getEmployee', 'listEmployees', 'updateEmployee', 'leaveEmployee'] satisfies readonly (keyof EmployeeUseCases)[] },
  { load: async () => (await import('./use-cases/bank-accounts.js')).bankAccountUseCases, methods: ['createEmployeeBankAccount', 'createEmployeeBankAccounts', 'createOrganizationBankAccounts', 'listBankAccounts'] satisfies readonly (keyof BankAccountUseCases)[] },
  { load: async () => (await import('./use-cases/contacts.js')).contactUseCases, methods: ['createContacts', 'updateContact', 'listContacts'] satisfies readonly (keyof ContactUseCases)[] },
  { load: async () => (await import('./use-cases/worksites.js')).worksiteUseCases, methods: ['createWorksite', 'listWorksites', 'createWorksiteInsuranceDetails', 'updateWorksiteInsuranceDetails', 'setInsuranceLevelChoice', 'listInsuranceLevelChoices'] satisfies readonly (keyof WorksiteUseCases)[] },
  { load: async () => (await import('./use-cases/sepa-mandates.js')).sepaMandateUseCases, methods: ['createSepaMandate', 'updateSepaMandate', 'listSepaMandates'] satisfies readonly (keyof SepaMandateUseCases)[] },
  { load: async () => (await import('./use-cases/addresses.js')).addressUseCases, methods: ['replaceOrganizationAddress'] satisfies readonly (keyof AddressUseCases)[] },
  { load: async () => (await import('./use-cases/germany-payroll-service.js')).germanPayrollUseCases, methods: ['calculateGermanPayroll', 'runGermanPayrollForOrganization'] satisfies readonly (keyof GermanPayrollUseCases)[] },
  { load: async () => (await import('./use-cases/transfer.js')).transferUseCases, methods: ['exportOrganization', 'importOrganization'] satisfies readonly (keyof TransferUseCases)[] },
  { load: async () => (await import('./use-cases/pay-groups.js')).payGroupUseCases, methods: ['createPayCalendar', 'listPayCalendars', 'getPayCalendarPeriods', 'createPayGroup', 'listPayGroups', 'getPayGroup', 'assignEmployees'] satisfies readonly (keyof PayGroupUseCases)[] },
  { load: async () => (await import('./use-cases/documents.js')).documentUseCases, methods: ['createDocument', 'uploadDocumentContent', 'getDocument', 'getDocumentContent', 'listEmployeeDocuments', 'listOrganizationDocuments', 'archiveDocument', 'restoreDocument', 'deleteDocument', 'confirmLogo'] satisfies readonly (keyof DocumentUseCases)[] },
  { load: async () => (await import('./use-cases/wage-types.js')).wageTypeUseCases, methods: ['listWageTypes', 'getWageType'] satisfies readonly (keyof WageTypeUseCases)[] },
  { load: async () => (await import('./use-cases/pensions.js')).pensionUseCases, methods: ['createPensionScheme', 'listPensionSchemes', 'getPensionScheme', 'getPensionSchemeHistory', 'createPensionSchemeVersion', 'setDefaultPensionScheme', 'enrolEmployee', 'optOutEmployee', 'recordEnrolmentCommunication', 'getPensionStatus'] satisfies readonly (keyof PensionUseCases)[] },
  { load: async () => (await import('./use-cases/payroll-runs.js')).payrollRunUseCases, methods: ['runGbPayroll', 'getPayrollRun', 'listPayrollRuns', 'approvePayrollRun', 'markPayrollRunPaid', 'discardPayrollRun', 'explainPayslip'] satisfies readonly (keyof PayrollRunUseCases)[] },
  { load: async () => (await import('./use-cases/absences.js')).absenceUseCases, methods: ['createAbsence', 'getAbsence', 'listAbsences', 'endAbsence'] satisfies readonly (keyof AbsenceUseCases)[] },
  { load: async () => (await import('./use-cases/germany-payroll-runs.js')).germanPayrollRunUseCases, methods: ['createGermanPayrollRun', 'getGermanPayrollRun', 'listGermanPayrollRuns', 'approveGermanPayrollRun', 'markGermanPayrollRunPaid', 'discardGermanPayrollRun', 'getGermanPayrollAccount', 'explainGermanPayslip'] satisfies readonly (keyof GermanPayrollRunUseCases)[] },
  { load: async () => (await import('./use-cases/germany-filings.js')).germanFilingUseCases, methods: ['getGermanBeitragsnachweis', 'getGermanLohnsteueranmeldung', 'getGermanMeldungen', 'getGermanLohnsteuerbescheinigungen', 'getGermanFilingPdf'] satisfies readonly (keyof GermanFilingUseCases)[] },
  { load: async () => (await import('./use-cases/rti.js')).rtiUseCases, methods: ['getRunFps', 'getEps'] satisfies readonly (keyof RtiUseCases)[] },
  { load: async () => (await import('./use-cases/year-end.js')).yearEndUseCases, methods: ['listP60s', 'getP60Pdf'] satisfies readonly (keyof YearEndUseCases)[] },
  { load: async () => (await import('./use-cases/outputs.js')).outputUseCases, methods: ['getPayslipPdf', 'createPaymentFile', 'getRunJournal'] satisfies readonly (keyof OutputUseCases)[] },
  { load: async () => (await import('./use-cases/liabilities.js')).liabilityUseCases, methods: ['getGbLiabilities'] satisfies readonly (keyof LiabilityUseCases)[] },
  { load: async () => (await import('./use-cases/audit.js')).auditUseCases, methods: ['listAuditEvents'] satisfies readonly (keyof AuditUseCases)[] },
];

type Listed = (typeof USE_CASE_FAMILIES)[number]['methods'][number];
/** Compile-time: every method of PayrollService is in a family (a new use case must be listed here). */
const everyMethodListed: [Exclude<keyof PayrollService, Listed | 'target' | 'close'>] extends [never] ? true : never = true;
void everyMethodListed;

/** A local clerk: every organization, every scope, recorded as `local:<user>` (see local.ts). */
export function localActor(user: string): Actor {
  return { subject: `local:${user}`, organizations: 'all', scopes: new Set(['payroll:read', 'payroll:write', 'payroll:audit']) };
}

/** The object store sits beside the database file (or in a temp folder for :memory:). */
export function defaultObjectRoot(databaseLocation: string, fallbackDir: string): string {
  if (databaseLocation === ':memory:' || /^postgres/i.test(databaseLocation)) return join(fallbackDir, 'objects');
  return `${databaseLocation}.objects`;
}

/** Opens the store at `location` and returns a service whose families load on first use; close() closes the store. */
export async function openLazyLocalService(location: string, options: { actor: Actor; clock?: Clock; objectRoot: string; create?: StoreOptions['create']; requireFolder?: boolean; label?: string }): Promise<PayrollService> {
  const store = await openStore(location, { ...(options.create ? { create: options.create } : {}), ...(options.requireFolder !== undefined ? { requireFolder: options.requireFolder } : {}), ...(options.label ? { label: options.label } : {}) });
  keepHeapNearLiveSet();
  const ctx: ServiceContext = { store, clock: options.clock ?? systemClock, ids: pooledUuidv7, actor: options.actor, objects: createFolderObjectStore(options.objectRoot) };
  const service: Record<string, unknown> = {
    target: store.describe,
    async close() {
      await store.close();
    },
  };
  for (const family of USE_CASE_FAMILIES) {
    let loaded: Promise<Record<string, (...args: unknown[]) => Promise<unknown>>> | null = null;
    const load = () => (loaded ??= family.load().then((factory) => factory(ctx) as Record<string, (...args: unknown[]) => Promise<unknown>>));
    for (const method of family.methods) {
      // The API's rule for query parameters (decision H31), as createLocalService applies it, from the zod-free table.
      const query = QUERY_PARAMETERS[method];
      service[method] = async function (this: unknown, ...args: unknown[]) {
        if (query) {
          const unknown = unknownQueryParametersIn(query[1], args[query[0]] as Record<string, unknown> | undefined);
          if (unknown) throw unknown;
        }
        const use = (await load())[method] as (...a: unknown[]) => Promise<unknown>;
        return use.apply(service, args);
      };
    }
  }
  return service as unknown as PayrollService;
}
