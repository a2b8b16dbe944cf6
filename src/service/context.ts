import type { Transaction } from 'kysely';
import { DomainError, notFound } from '../domain/errors.js';
import { translateStoreError } from '../store/constraint-errors.js';
import type { Store } from '../store/database.js';
import { findOrganization } from '../store/repositories/organizations.js';
import type { Database, OrganizationTable } from '../store/schema.js';
import { runTransaction, type TransactionOptions } from '../store/transaction.js';
import type { ObjectStore } from './object-store.js';

/** Who is calling: the token's subject remotely, `local:<user>` on a clerk's machine. */
export interface Actor {
  subject: string | null;
  /** Organizations the caller may touch: every one locally, the token's list remotely. */
  organizations: 'all' | ReadonlySet<string>;
  /** `payroll:read` / `payroll:write` (docs/decisions.md D9), `payroll:audit` (the audit trail, AU6). Local callers hold all three. */
  scopes: ReadonlySet<string>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Where new record ids come from (a port, like the clock): UUIDv7 by default (service/ids.ts), so ids sort by
 * creation time and keyset pagination by id lists records in the order they were made; a test may pass its own.
 */
export interface IdGenerator {
  next(): string;
}

export interface ServiceContext {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  actor: Actor;
  objects: ObjectStore;
}

import type { Db } from '../store/db.js';

export type { Db };

export function nowIso(ctx: ServiceContext): string {
  return ctx.clock.now().toISOString();
}

export function canAccessOrg(actor: Actor, orgId: string): boolean {
  return actor.organizations === 'all' || actor.organizations.has(orgId);
}

export function requireScope(ctx: ServiceContext, scope: 'payroll:read' | 'payroll:write' | 'payroll:audit'): void {
  if (!ctx.actor.scopes.has(scope)) {
    throw new DomainError('forbidden', 'AUTH.SCOPE_MISSING', `this operation needs the ${scope} scope, which the caller's token does not carry`);
  }
}

/**
 * Loads the organization the caller names, scoped to the caller. Another organization's data is
 * answered exactly like a missing one (404), so its existence is never revealed (issue 6).
 */
export async function requireOrg(ctx: ServiceContext, db: Db, orgId: string): Promise<OrganizationTable> {
  if (!canAccessOrg(ctx.actor, orgId)) throw notFound('organization', orgId, 'ORGANIZATION.NOT_FOUND');
  const row = await findOrganization(db, orgId);
  if (!row) throw notFound('organization', orgId, 'ORGANIZATION.NOT_FOUND');
  return row;
}

/**
 * Runs `work` in one transaction: a failed operation leaves the store as it was. `isolation`
 * (Postgres; SQLite write transactions always run one at a time) defaults to read committed;
 * docs/decisions.md S2 lists which use case needs more, and when to take the
 * organization lock (records/org-lock.ts) instead. Serialization failures and deadlocks are
 * retried a few times with jitter, so `work` may run more than once and must touch nothing outside
 * the transaction. A conflict that outlasts the retries is a 409 STORE.CONCURRENT_WRITE.
 */
export async function inTransaction<T>(ctx: ServiceContext, work: (trx: Transaction<Database>) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  try {
    return await runTransaction(ctx.store, work, options);
  } catch (error) {
    throw translateStoreError(error);
  }
}

export function flag(value: boolean): number {
  return value ? 1 : 0;
}

export function isSet(value: number | boolean | null | undefined): boolean {
  return value === 1 || value === true;
}

export function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
