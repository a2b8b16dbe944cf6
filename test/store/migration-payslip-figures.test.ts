/**
 * Migration 0004 (issue 13 point 2): payslips stored as the API's JSON (`detail_json`, schema 0003) become the
 * store's figures document and still read back identically on the wire. The fixture is a GB organization with a
 * real approved run (with execution history) and a second draft run, written by the service as built at schema
 * 0003, with the runs as that build returned them. It is loaded into a store migrated only to 0003, the store is
 * reopened (which migrates it), and the runs are read back through the service and compared, on both engines.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollRun } from '../../src/service/contracts/payroll-runs.js';
import type { PayrollService } from '../../src/service/ports.js';
import type { Store } from '../../src/store/database.js';
import { ORG_TABLES } from '../../src/store/org-tables.js';
import { GB_PAYSLIP_FIGURES_V2 } from '../../src/store/gb-payslip-figures.js';
import { engines, type Target } from './engines.js';

type Row = Record<string, string | number | null>;

interface Fixture {
  schema: string;
  organization_id: string;
  tables: Record<string, Row[]>;
  expected_runs: PayrollRun[];
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/store/gb-payslips-at-0003.json', import.meta.url), 'utf8')) as Fixture;
const orgId = fixture.organization_id;

async function loadFixture(store: Store): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    for (const t of ORG_TABLES) {
      for (const row of fixture.tables[t.name] ?? []) await trx.insertInto(t.name as never).values(row as never).execute();
    }
    if (store.dialect === 'postgres') {
      for (const t of ORG_TABLES.filter((t) => t.serialKey && (fixture.tables[t.name] ?? []).length > 0)) {
        await sql`select setval(pg_get_serial_sequence(${t.name}, ${t.serialKey}), (select max(${sql.ref(t.serialKey!)}) from ${sql.table(t.name)}))`.execute(trx);
      }
    }
  });
}

for (const engine of engines()) {
  describe(`payslips stored at schema ${fixture.schema} read back identically after the figures migration [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;

    beforeEach(async () => {
      target = await engine.target();
      const old = await target.open({ migrateTo: fixture.schema });
      try {
        await loadFixture(old);
      } finally {
        await old.close();
      }
      store = await target.open();
      service = target.service(store);
    });

    afterEach(async () => {
      await store.close();
      await target.dispose();
    });

    it('renders every migrated payslip exactly as the 0003 build returned it', async () => {
      expect(fixture.tables.gb_payslips?.length).toBe(8);
      for (const expected of fixture.expected_runs) {
        const run = await service.getPayrollRun(orgId, expected.id);
        expect(JSON.stringify(run)).toBe(JSON.stringify(expected));
      }
    });

    it('stores figures, not the wire payslip, and the next run builds on the migrated payslips', async () => {
      const stored = await store.db.selectFrom('gb_payslips').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
      expect(stored).toHaveLength(8);
      for (const row of stored) {
        // Migration 0004 wrote version 1; migration 0007 (issue 16) brought it to the current version.
        expect(Number(row.figures_version)).toBe(GB_PAYSLIP_FIGURES_V2);
        expect(row).not.toHaveProperty('detail_json');
        const figures = JSON.parse(row.figures_json) as Record<string, unknown>;
        expect(figures.netPay).toBe(row.net_pay);
        expect(figures).not.toHaveProperty('net_pay');
      }
      // The draft of period 2 approves on the migrated figures (year to date from period 1's payslips).
      const draft = fixture.expected_runs[1] as PayrollRun;
      const approved = await service.approvePayrollRun(orgId, draft.id);
      expect(approved.status).toBe('approved');
      expect(approved.totals).toEqual(draft.totals);
    });
  });
}
