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
 *
 * The pay group of `pay_group_members` (`pay_group_id = ? and employee_id in (…)`, the run's membership check) is the
 * same case: ANALYZE's sample (analysis_limit 1000) put one 100,000-member group at ~1,000 rows a key, the planner
 * took the group index, and a 100,000-employee run spent 2.7 s of its 25 s walking the group once per chunk.
 */
export function scopeColumn(column: 'org_id' | 'pay_group_id'): RawBuilder<string> {
  return sql<string>`(${sql.ref(column)} || '')`;
}
