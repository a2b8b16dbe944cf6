import { openStore, type Store, type StoreOptions } from '../store/database.js';
import { type Actor, type Clock, type IdGenerator, type ServiceContext, systemClock } from './context.js';
import { pooledUuidv7 } from './ids.js';
import { keepHeapNearLiveSet } from './memory-policy.js';
import { createFolderObjectStore, type ObjectStore } from './object-store.js';
import type { PayrollService } from './ports.js';
import { unknownQueryParameters } from './contracts/query-rule.js';
import { routes, type RouteSpec } from './contracts/routes.js';
import { germanPayrollUseCases } from './use-cases/germany-payroll-service.js';
import { organizationUseCases } from './use-cases/organizations.js';
import { employeeUseCases } from './use-cases/employees.js';
import { bankAccountUseCases } from './use-cases/bank-accounts.js';
import { contactUseCases } from './use-cases/contacts.js';
import { worksiteUseCases } from './use-cases/worksites.js';
import { sepaMandateUseCases } from './use-cases/sepa-mandates.js';
import { addressUseCases } from './use-cases/addresses.js';
import { transferUseCases } from './use-cases/transfer.js';
import { payGroupUseCases } from './use-cases/pay-groups.js';
import { documentUseCases } from './use-cases/documents.js';
import { wageTypeUseCases } from './use-cases/wage-types.js';
import { pensionUseCases } from './use-cases/pensions.js';
import { payrollRunUseCases } from './use-cases/payroll-runs.js';
import { absenceUseCases } from './use-cases/absences.js';
import { germanPayrollRunUseCases } from './use-cases/germany-payroll-runs.js';
import { germanFilingUseCases } from './use-cases/germany-filings.js';
import { rtiUseCases } from './use-cases/rti.js';
import { yearEndUseCases } from './use-cases/year-end.js';
import { outputUseCases } from './use-cases/outputs.js';
import { liabilityUseCases } from './use-cases/liabilities.js';
import { auditUseCases } from './use-cases/audit.js';

/** Everything a use case may touch; one per caller (the server builds one per request). */
export function createLocalService(store: Store, options: { actor: Actor; clock?: Clock; ids?: IdGenerator; objects: ObjectStore; ownsStore?: boolean }): PayrollService {
  keepHeapNearLiveSet();
  const ctx: ServiceContext = { store, clock: options.clock ?? systemClock, ids: options.ids ?? pooledUuidv7, actor: options.actor, objects: options.objects };
  return withQueryRule({
    target: store.describe,
    async close() {
      if (options.ownsStore) await store.close();
    },
    ...organizationUseCases(ctx),
    ...employeeUseCases(ctx),
    ...bankAccountUseCases(ctx),
    ...contactUseCases(ctx),
    ...worksiteUseCases(ctx),
    ...sepaMandateUseCases(ctx),
    ...addressUseCases(ctx),
    ...germanPayrollUseCases(ctx),
    ...transferUseCases(ctx),
    ...payGroupUseCases(ctx),
    ...documentUseCases(ctx),
    ...wageTypeUseCases(ctx),
    ...pensionUseCases(ctx),
    ...payrollRunUseCases(ctx),
    ...absenceUseCases(ctx),
    ...germanPayrollRunUseCases(ctx),
    ...germanFilingUseCases(ctx),
    ...rtiUseCases(ctx),
    ...yearEndUseCases(ctx),
    ...outputUseCases(ctx),
    ...liabilityUseCases(ctx),
    ...auditUseCases(ctx),
  });
}

/**
 * The API's rule for query parameters (decision H31) for direct callers as well (the CLI in local mode): a parameter
 * the operation's route does not list is refused with the same validation error the server and the remote client
 * give, so a command behaves the same against a file and against a server.
 */
function withQueryRule(service: PayrollService): PayrollService {
  const methods = service as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const [name, route] of Object.entries(routes as Record<string, RouteSpec>)) {
    const index = route.args.findIndex((arg) => arg.from === 'query');
    const method = methods[name];
    if (index < 0 || !method) continue;
    methods[name] = async (...args: unknown[]) => {
      const unknown = unknownQueryParameters(route, args[index] as Record<string, unknown> | undefined);
      if (unknown) throw unknown;
      return method.apply(service, args);
    };
  }
  return service;
}

/** The local clerk and the object store's default folder (defined beside the CLI's lazily loading service). */
export { defaultObjectRoot, localActor } from './lazy-local.js';

/** Opens the store at `location` and returns a service that closes it on close(). */
export async function openLocalService(location: string, options: { actor: Actor; clock?: Clock; objectRoot: string; create?: StoreOptions['create']; requireFolder?: boolean; label?: string }): Promise<PayrollService> {
  const store = await openStore(location, { ...(options.create ? { create: options.create } : {}), ...(options.requireFolder !== undefined ? { requireFolder: options.requireFolder } : {}), ...(options.label ? { label: options.label } : {}) });
  return createLocalService(store, { actor: options.actor, clock: options.clock ?? systemClock, objects: createFolderObjectStore(options.objectRoot), ownsStore: true });
}
