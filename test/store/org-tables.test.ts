/**
 * ORG_TABLES (store/org-tables.ts) is a plain list: the migrations no longer add their tables to it when they load,
 * because they load only when the migrator runs (issue 19 "instant start"). Export, import and deletion walk this
 * list, so every table of a migrated store that holds an organization's rows must be on it.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/database.js';
import { ORG_TABLES } from '../../src/store/org-tables.js';

describe('the organization tables', () => {
  it('are every table of a migrated store with an org_id (but the audit trail, which outlives an organization), in the list', async () => {
    const store = await openStore(':memory:');
    try {
      const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(store.db)).rows.map((r) => r.name);
      const withOrg: string[] = [];
      for (const table of tables) {
        const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(store.db)).rows.map((r) => r.name);
        if (columns.includes('org_id')) withOrg.push(table);
      }
      const listed = ORG_TABLES.map((t) => t.name);
      expect(withOrg.filter((t) => !listed.includes(t)).sort()).toEqual(['audit_events']);
      expect(listed.filter((t) => !tables.includes(t))).toEqual([]);
      expect(listed).toContain('gb_absences');
      expect(listed.indexOf('gb_absences')).toBeGreaterThan(listed.indexOf('employees'));
    } finally {
      await store.close();
    }
  });
});
