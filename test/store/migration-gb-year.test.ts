/**
 * Migration 0007 (issue 16): payslip figures version 1 become version 2 with the statutory payments each payslip
 * carried (typed lines, before runs calculated them) and their year to date along each payslip's year-to-date base;
 * the year-to-date states gain the same figures. An export written at version 1 is upgraded identically on import:
 * into the migrated store it changes nothing, into an empty store it reads back the same runs.
 *
 * The fixture is the 0003 store of migration-payslip-figures.test.ts (an approved period 1 and a draft period 2), one
 * employee's payslips given a typed SSP line in period 1 and a typed SMP line in period 2.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION } from '../../src/service/contracts/transfer.js';
import { PAYSLIP_FIGURES_VERSIONS } from '../../src/service/contracts/transfer-rows.js';
import type { Store } from '../../src/store/database.js';
import { GB_PAYSLIP_FIGURES_V2 } from '../../src/store/gb-payslip-figures.js';
import { ORG_TABLES } from '../../src/store/org-tables.js';
import { readOrgRows } from '../../src/store/repositories/transfer.js';
import { engines, type Target } from './engines.js';

type Row = Record<string, string | number | null>;

interface Fixture {
  schema: string;
  organization_id: string;
  tables: Record<string, Row[]>;
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/store/gb-payslips-at-0003.json', import.meta.url), 'utf8')) as Fixture;
const orgId = fixture.organization_id;
const P1 = '01a213d5-56ee-7000-b867-72b86e7122a7';
const P2 = '01a213d5-5723-7001-b432-065897c6463f';
const OTHER = '01a213d5-56c1-7000-936b-784f488263a0';

/** The fixture with typed statutory lines on one employee's two payslips (the engine's payslip of schema 0003). */
function withTypedStatutory(): Record<string, Row[]> {
  const tables = structuredClone(fixture.tables);
  const add = (id: string, code: string, name: string, amount: string) => {
    const row = (tables.gb_payslips ?? []).find((r) => r.id === id) as Row;
    const detail = JSON.parse(String(row.detail_json)) as { lines: unknown[] };
    detail.lines.splice(1, 0, { section: 'earnings', wage_type_code: code, name, amount });
    row.detail_json = JSON.stringify(detail);
  };
  add(P1, 'UK-S-001', 'Statutory Sick Pay (SSP)', '100.00');
  add(P2, 'UK-S-002', 'Statutory Maternity Pay (SMP)', '50.00');
  return tables;
}

async function load(store: Store, tables: Record<string, Row[]>): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    for (const t of ORG_TABLES) for (const row of tables[t.name] ?? []) await trx.insertInto(t.name as never).values(row as never).execute();
    if (store.dialect === 'postgres') {
      for (const t of ORG_TABLES.filter((t) => t.serialKey && (tables[t.name] ?? []).length > 0)) {
        await sql`select setval(pg_get_serial_sequence(${t.name}, ${t.serialKey}), (select max(${sql.ref(t.serialKey!)}) from ${sql.table(t.name)}))`.execute(trx);
      }
    }
  });
}

for (const engine of engines()) {
  describe(`payslip figures version 2 and the statutory year to date (migration 0007) [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    /** The organization as an export written at schema 0006 (figures version 1) would hold it. */
    let oldExport: Record<string, unknown>;

    beforeEach(async () => {
      target = await engine.target();
      const old = await target.open({ migrateTo: fixture.schema });
      try {
        await load(old, withTypedStatutory());
      } finally {
        await old.close();
      }
      const at0006 = await target.open({ migrateTo: '0006-gb-absences' });
      try {
        const tables: Record<string, unknown[]> = {};
        for (const t of ORG_TABLES) tables[t.name] = (await readOrgRows(at0006.db, t, orgId)).map((r) => Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b))));
        oldExport = { format: EXPORT_FORMAT, format_version: EXPORT_FORMAT_VERSION, exported_at: '2026-01-01T00:00:00.000Z', organization_id: orgId, tables, objects: {} };
      } finally {
        await at0006.close();
      }
      store = await target.open();
    });

    afterEach(async () => {
      await store.close();
      await target.dispose();
    });

    it('converts every payslip to version 2 with its typed statutory payments and their year to date along the chain', async () => {
      // The converted documents are version 2 (a run writes version 3: decision FIG3-1); import reads both.
      expect(PAYSLIP_FIGURES_VERSIONS).toContain(GB_PAYSLIP_FIGURES_V2);
      const rows = await store.db.selectFrom('gb_payslips').selectAll().where('org_id', '=', orgId).execute();
      expect(rows.map((r) => Number(r.figures_version))).toEqual(Array(8).fill(2));
      const figures = (id: string) => JSON.parse(rows.find((r) => r.id === id)!.figures_json) as { statutoryPayments: unknown[]; statutoryYtd: Record<string, string> };
      expect(figures(P1).statutoryPayments).toEqual([{ type: 'ssp', amount: '100.00', source: 'typed', absenceIds: [], daysPaid: null, waitingDays: null }]);
      expect(figures(P1).statutoryYtd).toEqual({ ssp: '100.00', smp: '0.00', spp: '0.00', shpp: '0.00', sap: '0.00', spbp: '0.00', sncp: '0.00' });
      // Period 2 started from period 1's year to date: SSP carried, its own SMP added.
      expect(figures(P2).statutoryYtd).toMatchObject({ ssp: '100.00', smp: '50.00' });
      expect(figures(OTHER)).toMatchObject({ statutoryPayments: [], statutoryYtd: { ssp: '0.00', smp: '0.00' } });
      const ytdJson = (id: string) => JSON.parse(rows.find((r) => r.id === id)!.ytd_json).figures as Record<string, string>;
      expect([ytdJson(P1).statutory_ssp, ytdJson(P2).statutory_ssp, ytdJson(P2).statutory_smp]).toEqual(['100.00', '100.00', '50.00']);
      const current = await store.db.selectFrom('gb_ytd').selectAll().where('payslip_id', '=', P1).executeTakeFirstOrThrow();
      expect(JSON.parse(current.figures_json).figures.statutory_ssp).toBe('100.00');

      const service = target.service(store);
      const draft = await service.getPayrollRun(orgId, String(rows.find((r) => r.id === P2)!.run_id));
      const slip = draft.payslips?.find((p) => p.id === P2) as Record<string, unknown>;
      expect(slip.statutory_payments).toEqual([{ type: 'smp', amount: '50.00', source: 'typed', absence_ids: [], days_paid: null, waiting_days: null }]);
      expect(slip.statutory_year_to_date).toMatchObject({ ssp: '100.00', smp: '50.00' });
      expect(draft.payslips?.find((p) => p.id !== P2)).not.toHaveProperty('statutory_payments');
    });

    it('an export written at version 1 is upgraded on import exactly as the migration converts the store', async () => {
      const service = target.service(store);
      const again = await service.importOrganization(structuredClone(oldExport));
      expect(again.changed).toBe(false);

      const other = await engine.target();
      const fresh = await other.open();
      try {
        const freshService = other.service(fresh);
        const report = await freshService.importOrganization(structuredClone(oldExport));
        expect(report.tables.gb_payslips?.inserted).toBe(8);
        const runIds = (fixture.tables.gb_payroll_runs ?? []).map((r) => String(r.id));
        for (const id of runIds) expect(await freshService.getPayrollRun(orgId, id)).toEqual(await service.getPayrollRun(orgId, id));
        const exported = await freshService.exportOrganization(orgId);
        expect(exported.tables.gb_payslips).toEqual((await service.exportOrganization(orgId)).tables.gb_payslips);
      } finally {
        await fresh.close();
        await other.dispose();
      }
    });
  });
}
