/**
 * Generic reads and writes over the organization tables (store/org-tables.ts) for export and import.
 * Table and column names come from ORG_TABLES and from the database's own catalogue, never from a
 * request; values are always bound parameters.
 */
import { sql } from 'kysely';
import type { Db } from '../db.js';
import type { OrgTable } from '../org-tables.js';

export type TransferRow = Record<string, unknown>;

/* eslint-disable @typescript-eslint/no-explicit-any */
function loose(db: Db): any {
  return db as any;
}

/** Every row of the table that belongs to the organization, in key order. */
export async function readOrgRows(db: Db, table: OrgTable, orgId: string): Promise<TransferRow[]> {
  return (await loose(db).selectFrom(table.name).selectAll().where(table.orgColumn, '=', orgId).orderBy(table.key[0]).execute()) as TransferRow[];
}

/** The stored row with the same key as `row`, whichever organization holds it (the caller checks that). */
export async function findRowByKey(db: Db, table: OrgTable, row: TransferRow): Promise<TransferRow | undefined> {
  let q = loose(db).selectFrom(table.name).selectAll();
  for (const k of table.key) q = q.where(k, '=', row[k]);
  return (await q.executeTakeFirst()) as TransferRow | undefined;
}

export async function payrollRunExists(db: Db, table: 'gb_payroll_runs' | 'de_payroll_runs', runId: string): Promise<boolean> {
  const run = (await db.selectFrom(table as 'gb_payroll_runs').select('id').where('id', '=', runId).executeTakeFirst()) as unknown;
  return run !== undefined;
}

export async function insertRow(db: Db, table: OrgTable, row: TransferRow): Promise<void> {
  await loose(db).insertInto(table.name).values(row).execute();
}

/** Overwrites the row with the key of `row` with `set`. */
export async function updateRowByKey(db: Db, table: OrgTable, row: TransferRow, set: TransferRow): Promise<void> {
  let update = loose(db).updateTable(table.name).set(set);
  for (const k of table.key) update = update.where(k, '=', row[k]);
  await update.execute();
}

/** Postgres only: explicit ids do not advance a sequence, so move it past the highest id in the table. */
export async function advanceSerialPastMax(db: Db, table: OrgTable & { serialKey: string }): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table.name}, ${table.serialKey}), greatest((select max(${sql.ref(table.serialKey)}) from ${sql.table(table.name)}), 1))`.execute(db);
}

/** Column names per table, read from the database itself (only `schema`'s tables when the store has one). */
export async function tableColumns(db: Db, schema: string | null): Promise<Map<string, Set<string>>> {
  const tables = await loose(db).introspection.getTables();
  const own = (tables as { name: string; schema?: string; columns: { name: string }[] }[]).filter((t) => schema === null || t.schema === schema);
  return new Map(own.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
}
