import type { Command } from 'commander';
import { createRuntime, type GlobalOptions, readJsonInput, type Runtime } from './runtime.js';
import { usageError } from './usage-error.js';

/** Verbs that only read the store (a missing database is then refused, never created empty). */
const READ_ONLY_VERBS = new Set(['list', 'get', 'show', 'export', 'download', 'history', 'periods', 'liabilities']);
/** The German filings read the approved runs only (`payroll de …`). */
const READ_ONLY_FILINGS = new Set(['beitragsnachweis', 'lohnsteueranmeldung', 'meldungen', 'lohnsteuerbescheinigung']);

function isReadOnly(command: Command): boolean {
  const name = command.name();
  // `pension status` reads an employee's pension status (auth status never opens a store).
  return READ_ONLY_VERBS.has(name) || (name === 'status' && command.parent?.name() === 'pension') || (READ_ONLY_FILINGS.has(name) && command.parent?.name() === 'de');
}

/**
 * Wraps a command action: builds the runtime from the global flags, runs, and always closes the
 * store. Errors propagate to main(), which maps them to exit codes.
 */
export function withRuntime<A extends unknown[]>(action: (runtime: Runtime, ...args: A) => Promise<void>): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const runtime = await createRuntime(command.optsWithGlobals() as GlobalOptions, process.env, { readOnly: isReadOnly(command) });
    try {
      await action(runtime, ...(args.slice(0, -1) as A));
    } finally {
      await runtime.close();
    }
  };
}

/** The body of a write: `--input FILE|-` when given (exactly the spec's shape), then flags override single fields. */
export function bodyFrom(options: { input?: string }, flags: Record<string, unknown>): Record<string, unknown> {
  const base = options.input ? readJsonInput(options.input) : {};
  const body = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(flags)) if (value !== undefined) body[key] = value;
  return body;
}

/** Options shared by list commands. */
export function addListOptions(command: Command): Command {
  return command
    .option('--size <n>', 'page size, 1 to 100 (default 10)')
    .option('--limit <n>', 'the same as --size')
    .option('--cursor <cursor>', 'continue from a cursor printed by an earlier page (cursor-style lists)')
    .option('--page <n>', 'page number, from 1 (page-style lists)')
    .option('--sort-by <field>', 'sort field (page-style lists)')
    .option('--sort-order <order>', 'asc or desc')
    .option('--search <text>', 'search text (page-style lists)')
    .option('--search-fields <fields>', 'comma-separated fields to search')
    .option('--all', 'follow every page and print all items');
}

/** `--limit` is `--size` by its other common name (gh, aws); both at once must agree. */
export function pageSizeOption(options: Record<string, unknown>): unknown {
  if (options.limit !== undefined && options.size !== undefined && options.limit !== options.size) throw usageError(`--limit ${String(options.limit)} and --size ${String(options.size)} disagree: --limit is another name for --size, give one`);
  return options.size ?? options.limit;
}

export function listQuery(options: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  const size = pageSizeOption(options);
  if (size !== undefined) query.size = size;
  const map: Record<string, string> = { cursor: 'cursor', page: 'page', sortBy: 'sort_by', sortOrder: 'sort_order', search: 'search', searchFields: 'search_fields' };
  for (const [key, wire] of Object.entries(map)) if (options[key] !== undefined) query[wire] = options[key];
  return query;
}

/** Follows next_cursor until the last page when --all is given; otherwise prints one page and says how to go on. */
export async function collectCursorPages<T>(runtime: Runtime, all: boolean, fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; pagination: { next_cursor: string | null; total: number } }>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (!all || !page.pagination.next_cursor) {
      if (!all && page.pagination.next_cursor) runtime.info(`${items.length} of ${page.pagination.total}; next page: --cursor ${page.pagination.next_cursor}`);
      return items;
    }
    cursor = page.pagination.next_cursor;
  }
}

/** The `payroll payroll …` group (cli.md: `payroll payroll run-gb`, with `run-de`/`run-gb` also at the top). */
export function payrollGroup(program: Command): Command {
  return program.commands.find((c) => c.name() === 'payroll') ?? program.command('payroll').description('payroll runs: run-de, run-gb');
}
