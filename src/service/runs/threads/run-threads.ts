/**
 * A large SQLite run, and its approval, worked on in threads beside their writes (decision SQLRUN-3, issue 19
 * point 2).
 *
 * SQLite runs every statement in the calling thread, so in one thread a run's batches go strictly one after
 * another: read, calculate, write (pipeline.ts). At 100,000 employees about half of a run is SQLite's own work and
 * half is node's (the calculation and the payslip documents it stores). Here the caller's thread keeps the
 * transaction and writes every piece; the threads (run-thread.ts) each read pieces through a read-only connection
 * of their own and work on them with the same code, while the caller's thread writes the piece before and works on
 * a share of the pieces itself (ThreadJob.hereEvery). Outcomes are written in order, and the ids are made here,
 * in that order, so a run's payslip ids follow the request as they do in one thread.
 *
 * Only for runs of at least THREADED_RUN_MIN employees. A thread loads the calculation (about 0.3 s) and warms up
 * its own compiled code, so it is spawned when the request arrives, while the run is prepared; measured on this
 * project's two-core machine, a run + approve of 25,000 employees took as long either way (4.6 s), 50,000 about
 * 1 s less (9.0 s against 10.0 s), 100,000 about 2.5 s less (17.5–18.2 s against 20.3–20.8 s); 10,000 took 0.3–0.7 s
 * more. Not for PostgreSQL, whose server already works beside node (pipeline.ts), nor for `:memory:` stores, which
 * another connection cannot open.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { envInteger } from '../../../store/env-integer.js';
import type { IdGenerator, ServiceContext } from '../../context.js';
import type { AnyJurisdiction } from '../jurisdiction.js';
import { handled } from '../pipeline.js';
import { type BeginMessage, type FromThread, type PieceMessage, receivedError, type ThreadStart, type ToThread } from './messages.js';

/** Runs of fewer employees are calculated in the run's own thread. */
export const THREADED_RUN_MIN = 25_000;
/**
 * Calculation threads when PAYROLL_RUN_THREADS does not say: one per core besides the run's own thread, which
 * calculates too, three at most; none on one core.
 */
export function defaultRunThreads(cores = availableParallelism()): number {
  return Math.max(0, Math.min(3, cores - 1));
}
/** Batches sent ahead per thread: one being calculated, one waiting, so a thread never waits for the run's thread. */
const AHEAD_PER_THREAD = 2;

/**
 * Work done in the threads a piece at a time (a run's batches, an approval's pages), inside the caller's
 * transaction: every thread is sent `begin` first, then the pieces, each to its owner; the outcomes are handed to
 * `write` in order.
 */
export interface ThreadJob<Out> {
  begin: BeginMessage;
  pieces: number;
  /** How many ids piece `piece` takes at most (made here, in order, whoever works on the piece). */
  idsFor(piece: number): number;
  /** The message asking a thread for piece `piece`, with the ids made for it. */
  message(piece: number, ids: string[]): PieceMessage;
  /**
   * This thread works on every hereEvery-th piece itself, starting with the first. A run's calculation is most of
   * its work, so this thread takes a share like a thread's; an approval's writes and commit already keep this
   * thread busy longer than the reading and checking of a page keep a thread, so it takes a small share.
   */
  hereEvery: number;
  /** Piece `piece` worked on in this thread, taking its ids from `ids`. */
  here(piece: number, ids: IdGenerator): Promise<Out>;
  /** Writes a piece's outcome (in this thread, in the caller's transaction); awaited before the next is handed over. */
  write(outcome: Out, piece: number): Promise<void>;
}

export interface RunThreads {
  /** How many threads there are besides the caller's. */
  readonly count: number;
  /** Does `job` in the threads and here, then ends the threads (their readers must end before the caller commits). */
  work<Out>(job: ThreadJob<Out>): Promise<void>;
  /** Ends the threads (their readers roll back and close); safe to call twice. */
  close(): Promise<void>;
}

/** Where the thread's module is: beside this one once built; the sources under test use their build (npm test builds first). */
function threadEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../../../dist/service/runs/threads/run-thread.js', here) : new URL('./run-thread.js', here);
}

/**
 * The threads for a run of `employees` employees of `jurisdiction`, started now, or null when the run is calculated
 * in its own thread (see above). PAYROLL_RUN_THREADS sets how many (0: none); PAYROLL_RUN_THREADS_MIN the smallest
 * run that uses them.
 */
export function startRunThreads(ctx: ServiceContext, jurisdiction: AnyJurisdiction, employees: number, env: NodeJS.ProcessEnv = process.env): RunThreads | null {
  const count = envInteger(env, 'PAYROLL_RUN_THREADS', 0, 16, 'RUN.BAD_SETTING') ?? defaultRunThreads();
  const min = envInteger(env, 'PAYROLL_RUN_THREADS_MIN', 0, 10_000_000, 'RUN.BAD_SETTING') ?? THREADED_RUN_MIN;
  const file = ctx.store.file;
  if (count === 0 || employees < Math.max(min, 1) || !jurisdiction.threads || ctx.store.dialect !== 'sqlite' || file === null) return null;
  const start: ThreadStart = { file, country: jurisdiction.country };
  return new Threads(ctx, Array.from({ length: count }, () => new CalculationThread(start)));
}

interface Pending {
  resolve(outcome: unknown): void;
  reject(error: Error): void;
}

/** One worker thread and the batches it owes. */
class CalculationThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #failure: Error | null = null;
  #closed: Promise<void> | null = null;
  #onClosed: (() => void) | null = null;

  constructor(start: ThreadStart) {
    this.#worker = new Worker(threadEntry(), { workerData: start });
    this.#worker.on('message', (message: FromThread) => this.#received(message));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => {
      this.#fail(new Error(`a calculation thread of the run stopped (exit code ${code}) before it finished`));
      this.#onClosed?.();
    });
  }

  #received(message: FromThread): void {
    if (message.type === 'closed') {
      this.#onClosed?.();
      return;
    }
    const seq = message.seq;
    if (seq === null) {
      if (message.type === 'failed') this.#fail(receivedError(message.error));
      return;
    }
    const pending = this.#pending.get(seq);
    if (!pending) return;
    this.#pending.delete(seq);
    if (message.type === 'outcome') pending.resolve(message.outcome);
    else pending.reject(receivedError(message.error));
  }

  /** Everything the thread owes fails with `error` (it crashed, or could not begin). */
  #fail(error: Error): void {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
  }

  post(message: ToThread): void {
    this.#worker.postMessage(message);
  }

  request<Out>(seq: number, message: ToThread): Promise<Out> {
    if (this.#failure) return Promise.reject(this.#failure);
    const answer = new Promise<Out>((resolve, reject) => this.#pending.set(seq, { resolve: resolve as (outcome: unknown) => void, reject }));
    this.#worker.postMessage(message);
    return answer;
  }

  close(): Promise<void> {
    this.#closed ??= (async () => {
      const closed = new Promise<void>((resolve) => {
        this.#onClosed = resolve;
      });
      try {
        this.#worker.postMessage({ type: 'end' } satisfies ToThread);
        // The reader rolls back and closes; a thread that does not answer within a second is stopped as it is.
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      } finally {
        await this.#worker.terminate();
      }
    })();
    return this.#closed;
  }
}

/** The ids of a batch made in advance, handed out in order; past them (never, at two per payslip) `more`'s. */
export function idsFrom(ids: readonly string[], more: IdGenerator): IdGenerator {
  let next = 0;
  return { next: () => (next < ids.length ? (ids[next++] as string) : more.next()) };
}

class Threads implements RunThreads {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly threads: CalculationThread[],
  ) {}

  get count(): number {
    return this.threads.length;
  }

  async work<Out>(job: ThreadJob<Out>): Promise<void> {
    for (const thread of this.threads) thread.post(job.begin);
    // Who works on piece p: this thread (which also writes every piece) takes every hereEvery-th, starting with the
    // first, so it works while the threads are still loading; the threads take the others in turn.
    let turn = 0;
    const ownerOf = (p: number): CalculationThread | null => (p % job.hereEvery === 0 ? null : (this.threads[turn++ % this.threads.length] as CalculationThread));
    // Pieces sent ahead of the one being written: each thread always has AHEAD_PER_THREAD waiting.
    const window = job.hereEvery * AHEAD_PER_THREAD;
    const sent = new Map<number, Promise<Out>>();
    const kept = new Map<number, string[]>();
    let fed = 0;
    const feed = (through: number) => {
      for (; fed < job.pieces && fed <= through; fed += 1) {
        const ids = Array.from({ length: job.idsFor(fed) }, () => this.ctx.ids.next());
        const owner = ownerOf(fed);
        if (owner === null) kept.set(fed, ids);
        else sent.set(fed, handled(owner.request<Out>(fed, job.message(fed, ids))));
      }
    };
    try {
      for (let p = 0; p < job.pieces; p += 1) {
        feed(p + window);
        const ids = kept.get(p);
        kept.delete(p);
        const outcome = ids !== undefined ? await job.here(p, idsFrom(ids, this.ctx.ids)) : await (sent.get(p) as Promise<Out>);
        sent.delete(p);
        await job.write(outcome, p);
      }
    } catch (error) {
      // Nothing is thrown before every piece sent has settled (as pipeline.ts): the caller's transaction then rolls back.
      await Promise.allSettled(sent.values());
      throw error;
    } finally {
      // The readers end before the caller commits: a reader's open snapshot would keep SQLite's checkpoint from
      // copying the transaction's pages into the store, and the next write would pay for it.
      await this.close();
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}
