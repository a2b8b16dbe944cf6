import { type RawBuilder, sql } from 'kysely';

/**
 * The organization column of a query that finds its rows by key (`id in (…)`, `employee_id in (…)`) as an expression
 * no index can serve, so the tenant check stays in the statement but cannot steer the plan (issue 19).
 *
 * Why: SQLite without ANALYZE statistics took the `org_id` index for `org_id = ? and id in (…)` and walked every
 * employee of the organization once per chunk of ids: a run of n employees read n²/900 rows (50,000 employees:
 * 21 s instead of 13 s). Statistics are not a fix a CLI that opens a fresh connection per command can rely on (a
 * bulk load leaves them stale until the next ANALYZE); an expression over the column leaves the planner only the
 * key's index. `text || ''` is the same text on SQLite and PostgreSQL.
 */
export function scopeColumn(column: 'org_id'): RawBuilder<string> {
  return sql<string>`(${sql.ref(column)} || '')`;
}
