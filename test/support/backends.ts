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
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { Clock } from '../../src/service/context.js';
import { openStore } from '../../src/store/database.js';

import { type Backend, extraBackends } from './backend-registry.js';

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

/** Each test gets its own schema (the store sets search_path on its connections), dropped afterwards. */
export const postgresBackend: Backend = {
  name: 'postgres',
  async create(options = {}) {
    if (!postgresUrl) throw new Error('PAYROLL_TEST_PG_URL is not set');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const dir = mkdtempSync(join(tmpdir(), 'payroll-contract-'));
    const store = await openStore(postgresUrl, { poolSize: 4, schema });
    const service = createLocalService(store, { actor: localActor('contract-test'), objects: createFolderObjectStore(dir), ...(options.clock ? { clock: options.clock } : {}), ownsStore: true });
    return {
      service,
      async dispose() {
        await service.close();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`drop schema ${schema} cascade`);
        await cleanup.end();
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
