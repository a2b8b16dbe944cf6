/**
 * Decision PGRUN-10: node-postgres's message writer grows fourfold once a PostgreSQL store is open. The step must
 * still be in place after an upgrade of pg-protocol (this test fails otherwise), and large messages must still carry
 * their values exactly.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { growPgWriterInLargerSteps, pgWriterGrowsInLargerSteps } from '../../src/store/pg-writer-growth.js';

const pgEntry = createRequire(import.meta.url).resolve('pg');

describe('pg-protocol writer growth (decision PGRUN-10)', () => {
  it('is applied to the Writer pg itself serialises with, and a large Bind still holds every byte of its values', () => {
    expect(growPgWriterInLargerSteps(pgEntry)).toBe(true);
    expect(pgWriterGrowsInLargerSteps(pgEntry)).toBe(true);
    const fromPg = createRequire(pgEntry);
    const { serialize } = fromPg('pg-protocol') as { serialize: { bind(config: { values: unknown[] }): Buffer } };
    // 300 values of 3,000 characters, some multi-byte, with nulls between: about 0.9 MB, like a run's payslip chunk.
    const values = Array.from({ length: 300 }, (_, i) => (i % 7 === 3 ? null : `${i}:${'€x'.repeat(1_500)}`));
    const message = serialize.bind({ values });
    // Bind: 'B', length, portal "", statement "", format codes, then each value as length + bytes (-1 for null).
    expect(message[0]).toBe(0x42);
    expect(message.readInt32BE(1)).toBe(message.length - 1);
    let at = 1 + 4 + 1 + 1;
    const formats = message.readInt16BE(at);
    at += 2 + formats * 2;
    expect(message.readInt16BE(at)).toBe(values.length);
    at += 2;
    for (const value of values) {
      const length = message.readInt32BE(at);
      at += 4;
      if (value === null) {
        expect(length).toBe(-1);
        continue;
      }
      expect(message.toString('utf8', at, at + length)).toBe(value);
      at += length;
    }
    expect(message.length).toBe(at + 4);
  });
});
