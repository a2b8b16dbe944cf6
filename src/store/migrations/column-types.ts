import { sql, type ColumnDataType, type Expression, type Kysely } from 'kysely';
import type { StoreDialect } from '../dialect.js';

/**
 * The only places where SQLite and Postgres differ in the schema. Money is NUMERIC in Postgres and
 * TEXT in SQLite (SQLite's NUMERIC affinity would turn "10.50" into a REAL); both drivers hand the
 * value back as a string, so repositories never see a float.
 */
export function moneyType(dialect: StoreDialect): ColumnDataType | Expression<unknown> {
  // Unconstrained NUMERIC keeps the scale it was given ("10.50" stays "10.50"), so both engines
  // return the same string and exports compare equal across backends.
  return dialect === 'postgres' ? sql`numeric` : 'text';
}

/** An integer key the database assigns (spec resources whose id is an integer). */
export function autoIdType(dialect: StoreDialect): ColumnDataType {
  return dialect === 'postgres' ? 'serial' : 'integer';
}

export type MigrationDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
