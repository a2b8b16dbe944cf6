/**
 * A migration applied to a database that holds data keeps the data (issue 7). The fixture is an
 * organization as stored at schema 0001 (rows of every 0001 table, as the 0001-era service wrote
 * them). It is loaded into a store migrated only to 0001, the store is reopened (which migrates it to
 * the latest schema, as an upgraded `payroll` would), and everything is read back through the
 * service and compared, on both engines.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import type { Store } from '../../src/store/database.js';
import { migrationNames } from '../../src/store/migrations/index.js';
import { ORG_TABLES } from '../../src/store/org-tables.js';
import { engines, type Target } from './engines.js';

type Row = Record<string, string | number | null>;

interface Fixture {
  schema: string;
  organization_id: string;
  tables: Record<string, Row[]>;
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/store/org-at-0001.json', import.meta.url), 'utf8')) as Fixture;
const orgId = fixture.organization_id;
const rows = (table: string): Row[] => fixture.tables[table] ?? [];
const one = (table: string, where: (row: Row) => boolean): Row => {
  const found = rows(table).find(where);
  if (!found) throw new Error(`fixture has no such ${table} row`);
  return found;
};

/** Writes the fixture's rows as they were stored, parents first; Postgres sequences move past explicit ids, as 0001-era inserts left them. */
async function loadFixture(store: Store): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    for (const [table, tableRows] of Object.entries(fixture.tables)) {
      for (const row of tableRows) await trx.insertInto(table as never).values(row as never).execute();
    }
    if (store.dialect === 'postgres') {
      for (const t of ORG_TABLES.filter((t) => t.serialKey && rows(t.name).length > 0)) {
        await sql`select setval(pg_get_serial_sequence(${t.name}, ${t.serialKey}), (select max(${sql.ref(t.serialKey!)}) from ${sql.table(t.name)}))`.execute(trx);
      }
    }
  });
}

async function executedMigrations(store: Store): Promise<string[]> {
  const table = store.schema ? sql.table(`${store.schema}.kysely_migration`) : sql.table('kysely_migration');
  return (await sql<{ name: string }>`select name from ${table} order by name`.execute(store.db)).rows.map((r) => r.name);
}

for (const engine of engines()) {
  describe(`data written at schema ${fixture.schema} survives migrating to the latest schema [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;

    beforeEach(async () => {
      target = await engine.target();
      const old = await target.open({ migrateTo: fixture.schema });
      try {
        expect(await executedMigrations(old)).toEqual([fixture.schema]);
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

    it('applies every later migration', async () => {
      expect(await executedMigrations(store)).toEqual(migrationNames());
      expect(migrationNames().length).toBeGreaterThan(1);
    });

    it('keeps every stored row and value (new columns may only be added)', async () => {
      const exported = await service.exportOrganization(orgId);
      for (const [table, expected] of Object.entries(fixture.tables)) {
        const key = ORG_TABLES.find((t) => t.name === table)!.key;
        const actual = exported.tables[table] ?? [];
        expect(actual, table).toHaveLength(expected.length);
        for (const row of expected) {
          const match = actual.find((candidate) => key.every((k) => candidate[k] === row[k]));
          expect(match, `${table} ${key.map((k) => row[k]).join('/')}`).toEqual(expect.objectContaining(row));
        }
      }
    });

    it('reads the organization and its parts back through the service', async () => {
      const org = await service.getOrganization(orgId);
      const orgRow = one('organizations', () => true);
      expect(org).toMatchObject({
        id: orgId,
        legal_name: orgRow.legal_name,
        dba_name: 'Bäckerei Altbestand',
        country: 'DE',
        row_version: 0,
        address: { address: 'Hauptstraße 5, 80331 München', components: { postal_code: '80331', city: 'München', road: 'Hauptstraße', street_number: '5' } },
        tax_identifiers: { tax_data: { tax_number: '2181508150' } },
        insurance_data: { company_number: '87654321', u1_selected: true },
        preferences: { extra_paid_leave_days: 2 },
        bank_accounts: [{ iban: 'DE89370400440532013000', swift_code: 'COBADEFFXXX', is_primary: true }],
        contacts: [{ name: 'Erika Mustermann', email: 'erika@example.de', phone: { phone_number: '+49 89 1234567' }, roles: ['payroll', 'primary'] }],
        work_sites: [{ name: 'Backstube', is_primary: true, insurance_data: { worksite_location_number: '12345678', accident_insurance_pin: '12345' }, contacts: [{ email: 'max.ofen@example.de' }] }],
        sepa_mandates: [{ creditor_id: 'DE98ZZZ09999999999', mandate_reference: 'M-2024-1', is_recurring: true }],
      });
    });

    it('reads employees, their bank account, pay group, calendar and documents back through the service', async () => {
      const anna = one('employees', (r) => r.payroll_number === 'P-001');
      const employee = await service.getEmployee(orgId, String(anna.id));
      expect(employee).toMatchObject({ first_name: 'Anna', last_name: 'Teig', payroll_number: 'P-001', start_date: '2024-01-01', de: { tax_class: 1, federal_state: 'Bayern' }, pay: { annual_salary: '42000.50' } });
      expect((await service.listEmployees(orgId, {})).items.map((e) => e.payroll_number).sort()).toEqual(['P-001', 'P-002']);

      const group = one('pay_groups', () => true);
      expect((await service.getPayGroup(orgId, String(group.id))).employee_ids.sort()).toEqual(rows('pay_group_members').map((m) => m.employee_id).sort());
      expect((await service.listPayCalendars(orgId)).map((c) => c.name)).toEqual(['Monatlich']);

      const document = one('documents', () => true);
      expect(await service.getDocument(orgId, String(document.id))).toMatchObject({ document_name: 'Arbeitsvertrag Teig.pdf', status: 'pending_upload', employee_id: anna.id });
      const accounts = await service.listBankAccounts(orgId, { employee_id: anna.id });
      expect(accounts.items.map((a) => a.iban)).toContain('DE02120300000000202051');
    });

    it('keeps working after the migration: optimistic versions and database-assigned ids continue', async () => {
      const updated = await service.updateOrganization(orgId, { row_version: 0, website: 'https://neu.example.de' });
      expect(updated.row_version).toBe(1);
      const shop = await service.createWorksite(orgId, { name: 'Laden' });
      const insurance = await service.createWorksiteInsuranceDetails(orgId, shop.id, { worksite_location_number: '87654321', valid_from: '2025-01-01' });
      expect(Number(insurance.id)).toBeGreaterThan(Number(one('worksite_insurance_details', () => true).id));
    });
  });
}
