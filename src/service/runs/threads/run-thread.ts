/**
 * A calculation thread of a run or an approval (decision SQLRUN-3; the caller's side is run-threads.ts): it reads
 * the pieces it is given through a read-only connection of its own, works on them with the same code as the
 * caller's thread (a run's batch: readBatch, calculateRows; an approval's page: the country's approvalPage) and
 * sends back what the caller writes. It writes nothing.
 *
 * What it reads is what the caller's transaction reads. The caller holds SQLite's write lock from its BEGIN
 * IMMEDIATE to its commit, so nothing else can commit meanwhile; this thread's read transaction begins after that
 * (the `begin` message is sent inside the caller's transaction) and so sees the store as that transaction found it.
 * The caller's own writes are never read by a later piece (pipeline.ts: a batch's reads never depend on an earlier
 * batch's writes; a run writes its payslips, an approval its pages' employees' year to date, enrolments and
 * documents).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteSnapshot, type SnapshotReader } from '../../../store/database.js';
import type { Db } from '../../../store/db.js';
import type { PayrollRunRow } from '../../../store/schema.js';
import { readBatch, scopeOf } from '../calculate.js';
import { calculateRows } from '../commit.js';
import type { Prepared, RunItem, RunScope } from '../jurisdiction.js';
import { pooledUuidv7 } from '../../ids.js';
import { type BeginMessage, type FromThread, type PieceMessage, sendableError, type ThreadStart, type ToThread } from './messages.js';
import { idsFrom } from './run-threads.js';
import { threadJurisdiction } from './countries.js';

/** A run's calculation: the prepared run rebuilt here, over the items given so far. */
interface RunWork {
  job: 'run';
  prepared: Prepared<unknown, RunItem, unknown>;
  items: RunItem[];
  scope: RunScope;
  run: PayrollRunRow;
  now: string;
  trace: boolean;
}

/** An approval: what every page shares, as the country planned it. */
interface ApprovalWork {
  job: 'approval';
  plan: unknown;
}

const port = parentPort;
if (!port) throw new Error('run-thread.js runs as a worker thread of a payroll run (run-threads.ts)');
const start = workerData as ThreadStart;
const { jurisdiction, threads } = threadJurisdiction(start.country);
const own = pooledUuidv7;
let reader: SnapshotReader | null = null;
let working: RunWork | ApprovalWork | null = null;

const send = (message: FromThread) => port.postMessage(message);

async function begin(message: BeginMessage): Promise<void> {
  // The snapshot is fixed now, inside the caller's transaction.
  reader = await openSqliteSnapshot(start.file);
  if (message.job === 'approval') {
    working = { job: 'approval', plan: message.plan };
    return;
  }
  const items: RunItem[] = [];
  const prepared = threads.prepared(message.plan, items);
  working = { job: 'run', prepared, items, scope: scopeOf(message.plan.orgId, prepared), run: message.run, now: message.now, trace: message.trace };
}

/** A piece's outcome: a run's batch as calculateRows makes it, an approval's page as the country makes it. */
async function piece(message: PieceMessage, db: Db, w: RunWork | ApprovalWork): Promise<unknown> {
  // The ids the caller's thread made for this piece, in the order they are taken, so ids follow the run's order
  // across threads (UUIDv7).
  const ids = idsFrom(message.ids, own);
  if (message.type === 'page') {
    if (w.job !== 'approval' || !threads.approvalPage) throw new Error('an approval page came for a run');
    return threads.approvalPage(db, w.plan, message.after, message.count, ids);
  }
  if (w.job !== 'run') throw new Error('a run batch came for an approval');
  const { from, items } = message;
  try {
    for (let i = 0; i < items.length; i += 1) w.items[from + i] = items[i] as RunItem;
    const read = await readBatch(db, jurisdiction, w.scope, w.prepared, from, items.length);
    return await calculateRows({ ids }, jurisdiction, w.scope, w.prepared, read, w.run, w.now, { includeExecutionHistory: w.trace });
  } finally {
    for (let i = 0; i < items.length; i += 1) delete w.items[from + i];
  }
}

async function handle(message: ToThread): Promise<void> {
  if (message.type === 'begin') return begin(message);
  if (message.type === 'end') {
    if (reader) {
      await reader.end();
      reader = null;
      working = null;
    }
    send({ type: 'closed' });
    return;
  }
  try {
    if (!reader || !working) throw new Error('a piece came before the work began');
    send({ type: 'outcome', seq: message.seq, outcome: await piece(message, reader.db, working) });
  } catch (error) {
    send({ type: 'failed', seq: message.seq, error: sendableError(error) });
  }
}

// One message at a time, in the order sent: a batch never starts before `begin` has opened the reader.
let queue: Promise<void> = Promise.resolve();
port.on('message', (message: ToThread) => {
  queue = queue.then(() => handle(message)).catch((error: unknown) => send({ type: 'failed', seq: null, error: sendableError(error) }));
});
