/**
 * The service contract suite runs against every backend (issue 2, 6, 7): the same tests, the same
 * PayrollService interface. A backend gives a fresh, empty service per test.
 *
 * - sqlite: an in-memory SQLite store (always).
 * - postgres: a fresh schema on the server named by PAYROLL_TEST_PG_URL (skipped with a printed notice when unset).
 * - remote: the HTTPS API in front of SQLite with a real OAuth2 server (registered by the hosted-mode work).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { openStore } from '../../src/store/database.js';

import { type Backend, extraBackends, registerCleanup } from './backend-registry.js';

export { type Backend, registerBackend } from './backend-registry.js';

export const sqliteBackend: Backend = {
  name: 'sqlite',
  async create(options = {}) {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-contract-'));
    const store = await openStore(':memory:');
    const service = createLocalService(store, { actor: localActor('contract-test'), objects: createFolderObjectStore(dir), ...(options.clock ? { clock: options.clock } : {}), ownsStore: true });
    return {
      service,
      async dispose() {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export const postgresUrl = process.env.PAYROLL_TEST_PG_URL;

/**
 * Each test gets a schema of its own (the store sets search_path on its connections). Migrating a new schema costs
 * about a second on PostgreSQL, which was most of the contract suite's time; so a disposed schema is emptied
 * (emptySchema: every row but the migration bookkeeping, sequences restarted) and handed to the next test of the same file, which
 * sees exactly what a freshly migrated schema holds. The schemas are dropped when the file ends (remote-setup.ts).
 */
const idleSchemas: string[] = [];
const madeSchemas: string[] = [];

/** One short-lived connection to the server at `url` (test/faults/kill-nine.ts uses it for its own databases). */
export async function withPgClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One short-lived admin connection to the test server (PAYROLL_TEST_PG_URL); test/store/engines.ts uses it too. */
export function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withPgClient(postgresUrl as string, work);
}

/**
 * Empties every table of a used schema and restarts its sequences: what a freshly migrated schema holds. DELETE
 * rather than TRUNCATE (a truncate of every table took a third of a second, a delete of a test's few rows ~10 ms);
 * session_replication_role = replica lets the audit trail's append-only trigger and the foreign keys pass (a test
 * reset, not a write path).
 */
async function emptySchema(schema: string): Promise<void> {
  await withAdmin(async (client) => {
    let reset = resetStatements.get(schema);
    if (!reset) {
      // A migrated schema's tables and sequences never change while it is reused: read them once per schema.
      const tables = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'", [schema]);
      const sequences = await client.query<{ sequence_name: string }>('select sequence_name from information_schema.sequences where sequence_schema = $1', [schema]);
      reset = [...tables.rows.map((t) => `delete from ${schema}."${t.table_name}"`), ...sequences.rows.map((q) => `alter sequence ${schema}."${q.sequence_name}" restart`)];
      resetStatements.set(schema, reset);
    }
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    for (const statement of reset) await client.query(statement);
    await client.query('commit');
  });
}

/** Per reused schema, the statements that empty it (emptySchema). */
const resetStatements = new Map<string, string[]>();

registerCleanup(async () => {
  if (madeSchemas.length === 0) return;
  const schemas = madeSchemas.splice(0);
  idleSchemas.length = 0;
  resetStatements.clear();
  await withAdmin(async (client) => {
    for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
  });
});

export const postgresBackend: Backend = {
  name: 'postgres',
  async create(options = {}) {
    if (!postgresUrl) throw new Error('PAYROLL_TEST_PG_URL is not set');
    let schema = idleSchemas.pop();
    if (!schema) {
      const fresh = `t_${randomBytes(6).toString('hex')}`;
      await withAdmin((client) => client.query(`create schema ${fresh}`));
      madeSchemas.push(fresh);
      schema = fresh;
    }
    const dir = mkdtempSync(join(tmpdir(), 'payroll-contract-'));
    const store = await openStore(postgresUrl, { poolSize: 4, schema });
    const service = createLocalService(store, { actor: localActor('contract-test'), objects: createFolderObjectStore(dir), ...(options.clock ? { clock: options.clock } : {}), ownsStore: true });
    const used = schema;
    return {
      service,
      async dispose() {
        await service.close();
        await emptySchema(used);
        idleSchemas.push(used);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

let noticePrinted = false;

export function allBackends(): Backend[] {
  const list: Backend[] = [sqliteBackend];
  if (postgresUrl) list.push(postgresBackend);
  else if (!noticePrinted) {
    noticePrinted = true;
    process.stderr.write('NOTICE: PAYROLL_TEST_PG_URL is not set: the service contract suite is NOT run against PostgreSQL.\n');
  }
  return [...list, ...extraBackends];
}

/**
 * Two fresh services of `backend` for each test of the calling describe block, the one a document is exported from
 * and the one it is imported into; both removed after the test.
 */
export function sourceAndTargetPerTest(backend: Backend): { readonly source: PayrollService; readonly target: PayrollService } {
  let source: { service: PayrollService; dispose(): Promise<void> };
  let target: { service: PayrollService; dispose(): Promise<void> };
  beforeEach(async () => {
    source = await backend.create();
    target = await backend.create();
  });
  afterEach(async () => {
    await source.dispose();
    await target.dispose();
  });
  return {
    get source() {
      return source.service;
    },
    get target() {
      return target.service;
    },
  };
}

