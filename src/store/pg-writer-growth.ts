/**
 * node-postgres's message writer grows in larger steps (decision PGRUN-10, issue 19). pg-protocol serialises every
 * message into one module-level Writer that starts each message at 256 bytes and grows by half plus what is asked
 * for, copying what it holds so far at every step. A run's payslip chunk is one Bind message of about 0.9 MB (200
 * payslips' figures and year to date), so each one went through about twenty buffers, each a fresh allocation
 * outside V8's heap that is copied once and dropped: in a 10,000-employee PostgreSQL run that was a fifth of a second
 * of copying (`Buffer.copy`) and enough external memory to set off several more full garbage collections than the
 * same run on SQLite. Growing fourfold (and by at least 64 KB) takes a chunk through about six buffers, and copies
 * about a third of the message instead of twice it.
 *
 * Only the growth step changes: what is written, and where, is the library's own. The writer is reached through
 * pg-protocol's published `./dist/*` entry points, resolved from the pg that the store loads, so it is the very module
 * pg uses. Should a later pg-protocol lay its writer out differently (no `ensure`, `buffer` or `offset`), nothing is
 * changed and the library grows as it always did; test/store/pg-writer-growth.test.ts fails then, so an upgrade
 * cannot silently drop the step.
 */
import { createRequire } from 'node:module';

const GROWTH_FACTOR = 4;
const MIN_GROWTH_BYTES = 64 * 1024;

interface WriterShape {
  buffer: Buffer;
  offset: number;
  ensure(size: number): void;
}

const PATCHED = Symbol.for('payroll.pg-writer-growth');

function ensureGrowingFourfold(this: WriterShape, size: number): void {
  const held = this.buffer;
  if (held.length - this.offset >= size) return;
  const grown = Buffer.allocUnsafe(Math.max(held.length * GROWTH_FACTOR, this.offset + size + MIN_GROWTH_BYTES));
  held.copy(grown, 0, 0, this.offset);
  this.buffer = grown;
}

type WriterClass = { prototype: WriterShape & { [PATCHED]?: boolean } };

/** The pg-protocol Writer that `pgEntry` (the resolved path of the pg package's main module) loads, if it has one. */
function writerClassOf(pgEntry: string): WriterClass | undefined {
  try {
    return (createRequire(pgEntry)('pg-protocol/dist/buffer-writer') as { Writer?: WriterClass }).Writer;
  } catch {
    return undefined;
  }
}

/** Applies the growth step to the Writer pg loads (writerClassOf). True when the step is in place. */
export function growPgWriterInLargerSteps(pgEntry: string): boolean {
  const writerClass = writerClassOf(pgEntry);
  const proto = writerClass?.prototype;
  if (!proto || typeof proto.ensure !== 'function') return false;
  if (proto[PATCHED]) return true;
  // The library's own layout: a writer made now must hold its bytes in `buffer` up to `offset`.
  const probe = new (writerClass as unknown as new () => WriterShape)();
  if (!Buffer.isBuffer(probe.buffer) || typeof probe.offset !== 'number') return false;
  proto.ensure = ensureGrowingFourfold;
  proto[PATCHED] = true;
  return true;
}

/** Whether the growth step is in place (for the test that guards an upgrade of pg-protocol). */
export function pgWriterGrowsInLargerSteps(pgEntry: string): boolean {
  return writerClassOf(pgEntry)?.prototype[PATCHED] === true;
}
