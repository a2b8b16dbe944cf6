/**
 * The PostgreSQL side of issue 20 point 2: a Postgres store is backed up with pg_dump (docs/operations.md);
 * what `payroll` itself guarantees is that an organization exported from a Postgres store imports into a
 * SQLite store and exports from there byte-identical, and back into Postgres the same again, so a store can
 * move between the engines. Needs PAYROLL_TEST_PG_URL; each run uses schemas of its own and drops them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore, type Store } from '../../src/store/database.js';
import { gbEmployer, runBody } from '../domain/gb/run/fixtures.js';

const url = process.env.PAYROLL_TEST_PG_URL;
if (!url) process.stderr.write('NOTICE: PAYROLL_TEST_PG_URL is not set: the Postgres → SQLite export round trip (test/store/backup-postgres.test.ts) is skipped.\n');

const FIXED = { now: () => new Date('2026-02-28T09:00:00.000Z') };

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)('a Postgres store exports, imports into SQLite and exports back identically', () => {
  const schemas = [`ops_bk_${randomBytes(5).toString('hex')}`, `ops_bk_${randomBytes(5).toString('hex')}`];
  const dir = mkdtempSync(join(tmpdir(), 'payroll-pg-roundtrip-'));
  const opened: Store[] = [];

  async function service(location: string, schema: string | undefined, objects: string): Promise<PayrollService> {
    const store = await openStore(location, { ...(schema ? { schema, poolSize: 2 } : {}) });
    opened.push(store);
    return createLocalService(store, { actor: localActor('roundtrip-test'), clock: FIXED, objects: createFolderObjectStore(join(dir, objects)) });
  }

  beforeAll(async () => {
    for (const schema of schemas) await admin(`create schema ${schema}`);
  });
  afterAll(async () => {
    for (const store of opened) await store.close();
    for (const schema of schemas) await admin(`drop schema if exists ${schema} cascade`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('GB employer with an approved run, payslip documents and a contact: the same bytes on every engine', async () => {
    const source = await service(url as string, schemas[0], 'pg-objects');
    const setup = await gbEmployer(source, { employees: 4 });
    await source.createContacts(setup.orgId, [{ name: 'Lohnbüro Ünal', email: 'payroll@example.test', roles: ['payroll'] }]);
    const { payroll_status_id: p1 } = await source.runGbPayroll(setup.orgId, runBody(setup, 1, ['2500.00', '3100.10', '1999.99', '12000.00']));
    await source.approvePayrollRun(setup.orgId, p1);
    // Two of the four payslips are read, so their PDFs are rendered and stored; the other two stay to be rendered on
    // first read (decision RENDER1) and travel as records only: both kinds must survive the round trip.
    for (const employeeId of setup.employeeIds.slice(0, 2)) await source.getPayslipPdf(setup.orgId, p1, employeeId);
    await source.markPayrollRunPaid(setup.orgId, p1);
    await source.runGbPayroll(setup.orgId, runBody(setup, 2, '2600.00'));
    const fromPostgres = `${JSON.stringify(await source.exportOrganization(setup.orgId), null, 2)}\n`;
    const document = JSON.parse(fromPostgres) as { tables: Record<string, unknown[]>; objects: Record<string, string> };
    // Not a trivially small document: runs (one draft), payslips, year to date, the two rendered payslip PDFs and the
    // records of the two still to be rendered travel.
    expect(document.tables.gb_payroll_runs).toHaveLength(2);
    expect(document.tables.gb_payslips).toHaveLength(8);
    expect((document.tables.documents as { document_type: string }[]).filter((d) => d.document_type === 'payslip')).toHaveLength(4);
    expect(Object.keys(document.objects)).toHaveLength(2);

    const sqlite = await service(join(dir, 'target.db'), undefined, 'sqlite-objects');
    const imported = await sqlite.importOrganization(JSON.parse(fromPostgres));
    expect(imported.changed).toBe(true);
    expect(imported.objects_written).toBe(2);
    const fromSqlite = `${JSON.stringify(await sqlite.exportOrganization(setup.orgId), null, 2)}\n`;
    expect(fromSqlite).toBe(fromPostgres);

    // And back into a second Postgres store: still the same bytes.
    const back = await service(url as string, schemas[1], 'pg-objects-2');
    await back.importOrganization(JSON.parse(fromSqlite));
    expect(`${JSON.stringify(await back.exportOrganization(setup.orgId), null, 2)}\n`).toBe(fromPostgres);
  }, 120_000);
});
