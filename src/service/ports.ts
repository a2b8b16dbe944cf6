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

export type { Actor, Clock } from './context.js';

export interface PayrollService extends OrganizationUseCases, TransferUseCases, GermanPayrollUseCases, EmployeeUseCases, BankAccountUseCases, ContactUseCases, WorksiteUseCases, SepaMandateUseCases, AddressUseCases, PayGroupUseCases, DocumentUseCases, WageTypeUseCases, PensionUseCases, PayrollRunUseCases {
  /** Where writes go, for the CLI's `→ local /path` line. */
  readonly target: string;
  close(): Promise<void>;
}
