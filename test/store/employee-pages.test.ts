/**
 * Decision SQLRUN-4: the employee list's pages are cut from the employees alone along the (org_id, id) index and their
 * rows' pay groups are read after them; the count reads the employees only. Checked by the rows a page gives and by
 * SQLite's plans for the statements it sends (a plan that sorts every employee, or joins them all, is the 50,000-
 * employee, 42-second pass this decision removed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { listEmployeesPage } from '../../src/store/repositories/employees.js';
import type { Database } from '../../src/store/schema.js';
import { type SeededGroup, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';

const EMPLOYEES = 250;
const FIELDS = { sortable: ['id', 'last_name', 'first_name'], searchable: ['first_name', 'last_name'] };

describe('the employee list’s pages (decision SQLRUN-4)', () => {
  let dir: string;
  let file: string;
  let seed: SeededGroup;
  let sqlite: BetterSqlite3.Database;
  let db: Kysely<Database>;
  const sent: CompiledQuery[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-employee-pages-'));
    file = join(dir, 'store.db');
    const store = await openStore(file);
    try {
      seed = await seedLargePayGroup(createLocalService(store, { actor: localActor('pages'), objects: createFolderObjectStore(dir) }), store, EMPLOYEES);
    } finally {
      await store.close();
    }
    sqlite = new BetterSqlite3(file);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log: (event) => void sent.push(event.query) });
  }, 120_000);

  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = (n: number, sortBy: string | null = null) => listEmployeesPage(db, seed.orgId, null, { page: n, size: 100, sortBy, sortOrder: 'asc', search: null, searchFields: [] }, FIELDS);
  const planOf = (query: CompiledQuery) => (sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as { detail: string }[]).map((r) => r.detail).join(' | ');

  it('gives every employee once, in id order, with the pay group, and the organization’s total', async () => {
    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.rows.length)).toEqual([100, 100, 50]);
    expect(pages.every((p) => p.total === EMPLOYEES)).toBe(true);
    const ids = pages.flatMap((p) => p.rows.map((r) => r.id));
    expect(ids).toEqual([...seed.employeeIds].sort());
    expect(pages.flatMap((p) => p.rows).every((r) => r.pay_group_id === seed.payGroupId && r.org_id === seed.orgId)).toBe(true);
  });

  it('walks the (org_id, id) index without sorting, counts without the pay groups, and reads pay groups for its rows only', async () => {
    sent.length = 0;
    await page(2);
    const [count, rows, groups] = sent;
    expect(sent).toHaveLength(3);
    expect(count?.sql).toMatch(/count/);
    expect(count?.sql).not.toMatch(/pay_group_members/);
    expect(planOf(rows as CompiledQuery)).toMatch(/USING (COVERING )?INDEX employees_org_id/);
    expect(planOf(rows as CompiledQuery)).not.toMatch(/TEMP B-TREE/);
    expect(groups?.sql).toMatch(/from "pay_group_members"/);
    expect(groups?.parameters).toHaveLength(1 + 100);
  });

  it('sorted by another column, breaks its ties by id', async () => {
    sent.length = 0;
    const byName = await page(1, 'last_name');
    // Every seeded employee but the template is called "Employee": the order among them is the ids'.
    const rest = byName.rows.filter((r) => r.last_name === 'Employee').map((r) => r.id);
    expect(rest).toEqual([...rest].sort());
    expect(sent[1]?.sql).toMatch(/order by "employees"\."last_name" asc, "employees"\."id" asc/);
  });
});
