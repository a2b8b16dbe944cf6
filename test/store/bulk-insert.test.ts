/**
 * Decision PGRUN-4: a full chunk's statement text is made by Kysely once and reused with the next full chunk's values;
 * the rows read back exactly as written on both stores, and rows Kysely would write differently (an undefined
 * value: DEFAULT) go through Kysely.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeInChunks } from '../../src/store/repositories/bulk-insert.js';
import type { AuditEventTable } from '../../src/store/schema.js';
import { engines, storePerTest } from './engines.js';

const row = (i: number): AuditEventTable => ({ id: `e${String(i).padStart(4, '0')}`, org_id: 'o', occurred_at: '2026-01-01T00:00:00.000Z', actor: i % 3 === 0 ? null : `a${i}`, resource_type: 'test', resource_id: `r${i}`, action: 'create', before_json: null, after_json: null, detail_json: JSON.stringify({ i }) });

for (const engine of engines()) {
  describe(`rows written a chunk at a time with the statement made once [${engine.name}]`, () => {
    const { target, store } = storePerTest(engine);

    it('builds the statement for the first full chunk and the shorter last one only, and stores every row', async () => {
      const rows = Array.from({ length: 25 }, (_, i) => row(i));
      let built = 0;
      const build = (part: AuditEventTable[]) => {
        built += 1;
        return store().db.insertInto('audit_events').values(part);
      };
      await writeInChunks(store().db, 'test audit_events', rows, 10, build);
      expect(built).toBe(2);
      // A second call of the same shape makes no statement for its full chunks.
      await writeInChunks(store().db, 'test audit_events', Array.from({ length: 20 }, (_, i) => row(100 + i)), 10, build);
      expect(built).toBe(2);
      const stored = await store().db.selectFrom('audit_events').selectAll().orderBy('id').execute();
      expect(stored).toEqual([...rows, ...Array.from({ length: 20 }, (_, i) => row(100 + i))]);
    });

    it('reuses the statement of a write that is one short chunk: a SQLite run batch of 50 (decision SQLRUN-1)', async () => {
      let built = 0;
      const build = (part: AuditEventTable[]) => {
        built += 1;
        return store().db.insertInto('audit_events').values(part);
      };
      const first = Array.from({ length: 7 }, (_, i) => row(500 + i));
      const second = Array.from({ length: 7 }, (_, i) => row(600 + i));
      const third = Array.from({ length: 3 }, (_, i) => row(700 + i));
      await writeInChunks(store().db, 'test audit_events short', first, 200, build);
      await writeInChunks(store().db, 'test audit_events short', second, 200, build);
      expect(built).toBe(1);
      // Another row count is another text.
      await writeInChunks(store().db, 'test audit_events short', third, 200, build);
      expect(built).toBe(2);
      const stored = await store().db.selectFrom('audit_events').selectAll().orderBy('id').execute();
      expect(stored).toEqual([...first, ...second, ...third]);
    });

    // PostgreSQL only: SQLite's statements are cached by text (SCALE1), there is nothing to name.
    if (engine.name === 'postgres') {
      it('PostgreSQL: a full chunk runs as one named statement, parsed once per connection (decision PGRUN-8)', async () => {
        const statements = await store().db.transaction().execute(async (trx) => {
          await writeInChunks(trx, 'test audit_events named', Array.from({ length: 30 }, (_, i) => row(300 + i)), 10, (part) => trx.insertInto('audit_events').values(part));
          return (await sql<{ name: string; statement: string; parameter_types: string[] }>`select name, statement, cardinality(parameter_types) as parameters from pg_prepared_statements`.execute(trx)).rows;
        });
        // Three chunks, one statement of ten rows' parameters kept on the connection; nothing else is named.
        expect(statements).toHaveLength(1);
        expect(statements[0]?.name).toMatch(/^payroll_bulk_[0-9a-f]{24}$/);
        expect(statements[0]).toMatchObject({ parameters: 100 });
        expect(statements[0]?.statement).toMatch(/^insert into "audit_events"/);
        expect(await store().db.selectFrom('audit_events').select('id').where('id', '>=', 'e0300').orderBy('id').execute()).toEqual(Array.from({ length: 30 }, (_, i) => ({ id: row(300 + i).id })));
      });

      it('PostgreSQL with PAYROLL_PG_NAMED_STATEMENTS=0: the same chunks go unnamed and nothing stays prepared', async () => {
        const unnamed = await target().open({ env: { PAYROLL_PG_NAMED_STATEMENTS: '0' } });
        try {
          const statements = await unnamed.db.transaction().execute(async (trx) => {
            await writeInChunks(trx, 'test audit_events named', Array.from({ length: 30 }, (_, i) => row(400 + i)), 10, (part) => trx.insertInto('audit_events').values(part));
            return (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(trx)).rows;
          });
          expect(statements).toEqual([]);
          expect(await unnamed.db.selectFrom('audit_events').select('id').where('id', '>=', 'e0400').execute()).toHaveLength(30);
        } finally {
          await unnamed.close();
        }
      });
    }

    it('leaves a chunk with an undefined value to Kysely', async () => {
      const rows = Array.from({ length: 10 }, (_, i) => ({ ...row(200 + i), actor: undefined as unknown as string }));
      let built = 0;
      await writeInChunks(store().db, 'test audit_events undefined', rows, 10, (part) => {
        built += 1;
        return store().db.insertInto('audit_events').values(part);
      });
      expect(built).toBe(1);
      const actors = await store().db.selectFrom('audit_events').select('actor').execute();
      expect(actors).toEqual(Array(10).fill({ actor: null }));
    });
  });
}
