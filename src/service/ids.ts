import { randomBytes } from 'node:crypto';

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
