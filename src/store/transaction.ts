import type { Transaction } from 'kysely';
import type { Store } from './database.js';
import type { Database } from './schema.js';

/**
 * Isolation a use case asks for (docs/decisions.md S1–S3 say which uses which). Postgres
 * honours it; SQLite ignores it: every write transaction there begins IMMEDIATE and so runs alone,
 * which is serializable already (sqlite-immediate.ts).
 */
export type Isolation = 'read committed' | 'repeatable read' | 'serializable';

export interface TransactionOptions {
  /**
   * Default `read committed` (S1), the isolation every use case was written against: each statement
   * sees what was committed before it, so a row lock taken inside the transaction
   * (records/org-lock.ts) queues writers and the next one reads what the previous one wrote.
   * `repeatable read` gives one snapshot for the whole use case and turns a concurrent change to a
   * row this transaction then writes into an abort + retry instead of an overwrite (S2);
   * `serializable` also catches write skew between rows. Always set explicitly, so a server's
   * default_transaction_isolation cannot change our semantics.
   */
  isolation?: Isolation;
  /** Attempts in all (first try plus retries) when Postgres aborts for a serialization failure or deadlock. */
  attempts?: number;
}

export const DEFAULT_ATTEMPTS = 10;

/**
 * Postgres aborts a transaction with 40001 (serialization_failure: a repeatable read / serializable
 * transaction whose outcome would depend on a concurrent one) or 40P01 (deadlock_detected: any
 * level). Both are definite rollbacks that the manual says to handle by running the whole
 * transaction again (https://www.postgresql.org/docs/current/mvcc-serialization-failure-handling.html).
 */
export function isRetryableAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/** Full jitter (a random wait up to an exponentially growing cap) so the losers do not collide again in step. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(500, 10 * 2 ** attempt);
  return Math.round(random() * cap);
}

/**
 * Runs `work` in one transaction at the requested isolation; on a retryable abort runs it again (a
 * bounded number of times, with jitter). `work` must therefore do nothing outside the transaction
 * that cannot be repeated (no object-store writes, no e-mails): it may run more than once.
 * The last abort is rethrown unchanged; constraint-errors.ts turns it into a 409 STORE.CONCURRENT_WRITE.
 */
export async function runTransaction<T>(store: Store, work: (trx: Transaction<Database>) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const isolation: Isolation = options.isolation ?? 'read committed';
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const builder = store.dialect === 'postgres' ? store.db.transaction().setIsolationLevel(isolation) : store.db.transaction();
      return await builder.execute(work);
    } catch (error) {
      if (!isRetryableAbort(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}
