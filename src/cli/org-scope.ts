import type { Page } from '../service/ports.js';
import { listQuery } from './command-kit.js';
import { requireOrg } from './prompt.js';
import type { Runtime } from './runtime.js';

/**
 * Helpers the organization-scoped commands share (employees, bank accounts, contacts, worksites, SEPA, addresses,
 * documents…). A module of its own, not employees.ts: `payroll org list` loads the worksite and document commands,
 * and with them it compiled every employee command (issue 19 "instant start", decision ZOD-4).
 */

/** The organization every org-scoped command works on: `--org ID`, picked by name on a terminal (of `country` when given). */
export async function orgIdFrom(runtime: Runtime, options: { org?: string }, country?: 'GB' | 'DE'): Promise<string> {
  return requireOrg(runtime, options.org, country);
}

/** Follows page-style lists (`page`, `meta.has_next`) when --all is given; otherwise one page and a hint how to go on. */
export async function collectPageItems<T>(runtime: Runtime, options: Record<string, unknown>, fetchPage: (query: Record<string, unknown>) => Promise<Page<T>>, extra: Record<string, unknown> = {}): Promise<T[]> {
  const base = { ...listQuery(options), ...extra };
  const items: T[] = [];
  let page = base.page === undefined ? 1 : Number(base.page);
  for (;;) {
    const result = await fetchPage({ ...base, page });
    items.push(...result.items);
    if (!options.all || !result.meta.has_next) {
      if (!options.all && result.meta.has_next) runtime.info(`page ${result.meta.page} of ${result.meta.pages} (${result.meta.total} in all); next: --page ${result.meta.page + 1}, or --all`);
      return items;
    }
    page += 1;
  }
}

/** "1,2" → ["1","2"]; empty → []. */
export function listFlag(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}
