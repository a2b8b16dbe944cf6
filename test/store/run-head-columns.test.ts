/**
 * PayrollRunHead (store/repositories/payroll-runs.ts RUN_HEAD_COLUMNS): a run as the lifecycle reads it is every
 * column of its country's table but warnings_json. A column added to a run table by a later migration must be added
 * to the list too, or approval, pay and discard would see it as undefined; this test holds the lists to the tables.
 */
import { describe, expect, it } from 'vitest';
import { RUN_HEAD_COLUMNS } from '../../src/store/repositories/payroll-runs.js';
import { engines, storePerTest } from './engines.js';

for (const engine of engines()) {
  describe(`the run head's columns [${engine.name}]`, () => {
    const { store } = storePerTest(engine);

    it.each(['gb_payroll_runs', 'de_payroll_runs'] as const)('%s: every column but warnings_json, each once', async (table) => {
      const tables = await store().db.introspection.getTables();
      const columns = tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
      expect(columns).toContain('warnings_json');
      expect([...RUN_HEAD_COLUMNS[table]].sort()).toEqual(columns.filter((c) => c !== 'warnings_json').sort());
    });
  });
}
