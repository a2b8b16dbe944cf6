import { createRequire } from 'node:module';
import type { IdGenerator } from './context.js';

/**
 * node:crypto is required on the first id, not when this module loads: loading it costs ~3 ms, and a read such as
 * `payroll org list` makes no id (issue 19 "instant start", decision ZOD-10).
 */
let crypto: typeof import('node:crypto') | null = null;
function randomBytes(size: number): Buffer<ArrayBuffer> {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.randomBytes(size);
}

/**
 * UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Sortable by creation time, so
 * keyset pagination by id lists records in the order they were made. Monotonic within a process:
 * two ids in the same millisecond still sort in creation order.
 */
let lastMillis = 0;
let sequence = 0;

export function uuidv7(now: number = Date.now()): string {
  if (now <= lastMillis) {
    sequence += 1;
    now = lastMillis;
  } else {
    lastMillis = now;
    sequence = randomBytes(2).readUInt16BE() & 0x0fff;
  }
  if (sequence > 0x0fff) {
    lastMillis += 1;
    now = lastMillis;
    sequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((sequence >> 8) & 0x0f);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The default IdGenerator: the same UUIDv7 layout as uuidv7() (48-bit milliseconds, version, 12-bit counter,
 * variant, random bits) drawn from a pooled random buffer instead of one random-bytes call per id, because a run
 * makes an id for each of its thousands of payslips. Monotonic within the process like uuidv7().
 */
let pool = Buffer.alloc(0);
let poolAt = 0;
let pooledLastMs = 0;
let counter = 0;

function pooledId(): string {
  if (poolAt + 10 > pool.length) {
    pool = randomBytes(10 * 4096);
    poolAt = 0;
  }
  let ms = Date.now();
  if (ms <= pooledLastMs) {
    counter += 1;
    if (counter > 0xfff) {
      pooledLastMs += 1;
      counter = 0;
    }
    ms = pooledLastMs;
  } else {
    pooledLastMs = ms;
    counter = 0;
  }
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | ((counter >> 8) & 0x0f);
  bytes[7] = counter & 0xff;
  pool.copy(bytes, 8, poolAt, poolAt + 8);
  poolAt += 8;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const pooledUuidv7: IdGenerator = { next: pooledId };
