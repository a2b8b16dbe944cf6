/**
 * Bulk statements kept prepared on PostgreSQL connections (decision PGRUN-8, issue 19 "prepared statements are
 * reused"). Kysely's pg driver sends every query unnamed, so the server parses, analyses and plans it afresh: for a
 * run's chunk of 200 payslips that is an INSERT of 4,800 parameters, and the same text comes again for every chunk
 * (store/repositories/bulk-insert.ts makes it once per table, column list and chunk size). Sent as a named
 * statement, the server parses it once per connection and each later chunk sends only its values (Bind/Execute).
 *
 * Only texts registered here are named, so the server keeps a bounded set per connection: one per bulk statement
 * shape. node-postgres remembers which names a connection has parsed, and a connection the pool discards takes its
 * statements with it. Names derive from a hash of the text, so two texts never share a name whichever registers first.
 */
import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/** Marks `text` as a statement to keep prepared on every PostgreSQL connection that runs it. */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `payroll_bulk_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
}

interface QueryableClient {
  query: (...args: any[]) => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Makes `client` (a pg.Client the pool has just connected) run registered texts as named statements. Kysely calls
 * `client.query(text, values)`; every other call shape passes through untouched.
 */
export function nameRegisteredStatements(client: QueryableClient): void {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 && Array.isArray(values) ? names.get(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
}
