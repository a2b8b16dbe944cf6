/**
 * Work done a batch at a time inside one transaction: each batch is read, worked on in node, and written (decision
 * PGRUN-2, issue 19). A run calculates its payslips this way (commit.ts), and an approval writes its year-to-date
 * figures and documents this way.
 *
 * On SQLite a statement is a synchronous function call in this thread, so there is nothing to overlap. There the
 * batches go strictly one after another: read, work, write, then the next read (OVERLAP.sqlite).
 *
 * On PostgreSQL every statement waits for the server. In a 10,000-employee run + approve, node sat idle for about
 * 1.9 s while the server read and wrote. So the reads of the next batch are sent before this batch's work starts,
 * and this batch's writes as soon as its work is done. The server then reads and writes while node calculates. The
 * transaction has one connection, and node-postgres runs the statements sent on it one at a time in the order they
 * were sent. The one condition is that a batch's reads never depend on an earlier batch's writes. That holds for
 * every caller: each batch is other employees (a run or an approval holds an employee once). At most one write is
 * in flight: a batch's write is awaited before the next batch's write is sent, so memory holds about three
 * batches (one being read, one worked on, one being written).
 *
 * Failures: each promise in flight gets a handler as soon as it is made, so a rejection is never unhandled. On any
 * failure, nothing is thrown until every statement this function sent has settled. When a write failed, its error
 * is the one thrown: it was sent before the read that was waiting, and that read then only failed because the
 * transaction had been aborted. The caller's transaction then rolls back everything, as a failure in the
 * sequential order would.
 */
import type { StoreDialect } from '../../store/dialect.js';

/** Whether a store's batches overlap (see above): only where statements wait for a server. */
export const OVERLAP: Readonly<Record<StoreDialect, boolean>> = { sqlite: false, postgres: true };

export interface Batches<Read, Work> {
  /** Reads the first batch; null when there is none. */
  first(): Promise<Read | null>;
  /** Reads the batch after `previous`; null (or a promise of null) when `previous` was the last. */
  next(previous: Read): Promise<Read | null> | null;
  /** Node's part of a batch, run while the server reads the next batch and writes the previous one. */
  work(read: Read): Promise<Work> | Work;
  write(work: Work): Promise<void>;
}

/** Sets a handler on `promise` at once (no unhandled rejection); awaiting it later still throws its error. */
export function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

export async function inBatches<Read, Work>(overlap: boolean, batches: Batches<Read, Work>): Promise<void> {
  if (!overlap) {
    for (let read = await batches.first(); read !== null; read = await (batches.next(read) ?? null)) {
      await batches.write(await batches.work(read));
    }
    return;
  }
  let reading: Promise<Read | null> = handled(batches.first());
  let writing: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      const read = await reading;
      if (read === null) break;
      reading = handled(batches.next(read) ?? Promise.resolve(null));
      const work = await batches.work(read);
      await writing;
      writing = handled(batches.write(work));
    }
    await writing;
  } catch (error) {
    const [wrote] = await Promise.allSettled([writing, reading]);
    throw wrote.status === 'rejected' ? wrote.reason : error;
  }
}
