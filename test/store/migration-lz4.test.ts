/**
 * Migration 0012 (decision PGRUN-1): on a PostgreSQL server that has LZ4, the large JSON text columns are compressed
 * with LZ4. Values written before the migration stay pglz and read back unchanged. On SQLite the migration only
 * records itself.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/database.js';
import { LZ4_COLUMNS, serverHasLz4 } from '../../src/store/migrations/0012-lz4-compression.js';
import { migrationNames } from '../../src/store/migrations/index.js';
import { engines, type Target } from './engines.js';

/** A value far past the 2 KB TOAST threshold that compresses well (as a payslip's figures do). */
const large = (tag: string) => JSON.stringify({ tag, lines: Array.from({ length: 400 }, (_, i) => ({ line: i, amount: '1234.56', wage_type_code: 'UK-E-001' })) });

async function addAuditRow(store: Store, id: string, detail: string): Promise<void> {
  await store.db.insertInto('audit_events').values({ id, org_id: 'o', occurred_at: '2026-01-01T00:00:00.000Z', actor: null, resource_type: 'test', resource_id: id, action: 'create', before_json: null, after_json: null, detail_json: detail }).execute();
}

for (const engine of engines()) {
  describe(`LZ4 compression of the large JSON columns (migration 0012) [${engine.name}]`, () => {
    let target: Target;
    let store: Store | null = null;

    beforeEach(async () => {
      target = await engine.target();
    });

    afterEach(async () => {
      await store?.close();
      store = null;
      await target.dispose();
    });

    it('compresses new values with LZ4 where the server has it; values written before keep pglz and read back the same', async () => {
      expect(migrationNames()).toContain('0012-lz4-compression');
      expect(migrationNames()[migrationNames().indexOf('0012-lz4-compression') - 1]).toBe('0011-document-render');
      const old = await target.open({ migrateTo: '0011-document-render' });
      try {
        await addAuditRow(old, 'before', large('before'));
      } finally {
        await old.close();
      }
      store = await target.open();
      await addAuditRow(store, 'after', large('after'));
      const details = await store.db.selectFrom('audit_events').select(['id', 'detail_json']).orderBy('id').execute();
      expect(details).toEqual([
        { id: 'after', detail_json: large('after') },
        { id: 'before', detail_json: large('before') },
      ]);
      if (engine.name === 'sqlite') return;

      const lz4 = await serverHasLz4(store.db);
      const { rows: columns } = await sql<{ table: string; column: string; compression: string }>`
        select c.relname as "table", a.attname as "column", a.attcompression::text as compression
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${target.schema} and a.attnum > 0 and not a.attisdropped
          and c.relname in (${sql.join(Object.keys(LZ4_COLUMNS))})`.execute(store.db);
      for (const [table, names] of Object.entries(LZ4_COLUMNS)) {
        for (const name of names) {
          const column = columns.find((c) => c.table === table && c.column === name);
          expect(column, `${table}.${name}`).toBeDefined();
          // 'l' is LZ4; '' is the server's default (pglz unless default_toast_compression says otherwise).
          expect(column?.compression, `${table}.${name}`).toBe(lz4 ? 'l' : '');
        }
      }
      const { rows: methods } = await sql<{ id: string; method: string | null }>`select id, pg_column_compression(detail_json) as method from audit_events order by id`.execute(store.db);
      const { rows: setting } = await sql<{ value: string }>`select current_setting('default_toast_compression') as value`.execute(store.db);
      expect(methods).toEqual([
        { id: 'after', method: lz4 ? 'lz4' : setting[0]?.value },
        { id: 'before', method: setting[0]?.value },
      ]);
    });
  });
}
