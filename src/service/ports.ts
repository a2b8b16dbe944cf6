/**
 * The one interface every mode serves (architecture.md): the local implementation runs the use
 * cases over the store; the remote implementation calls the HTTP API. The CLI talks only to this.
 * Each resource family declares its use cases beside their implementation; this is their union.
 */
import type { OrganizationUseCases } from './use-cases/organizations.js';
import type { TransferUseCases } from './use-cases/transfer.js';

export type { Actor, Clock } from './context.js';

export interface PayrollService extends OrganizationUseCases, TransferUseCases {
  /** Where writes go, for the CLI's `→ local /path` line. */
  readonly target: string;
  close(): Promise<void>;
}
