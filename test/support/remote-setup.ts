/**
 * Vitest setup file (test/vitest.config.ts setupFiles): registers the `remote` backend so every
 * contract test (test/contract/*.contract.test.ts, today's and tomorrow's) also runs against
 * `payroll serve` over HTTPS with real OAuth 2 tokens. Nothing starts unless a test file asks a
 * remote backend for a service: the IdP and the listener start on first use, once per file, and
 * stop after the file. PAYROLL_TEST_REMOTE=0 leaves the remote backend out.
 */
import { afterAll } from 'vitest';
import { type Backend, registerBackend, runCleanups } from './backend-registry.js';
import type { RemoteHarness } from './remote-backend.js';

if (process.env.PAYROLL_TEST_REMOTE !== '0') {
  let harness: Promise<RemoteHarness> | null = null;
  const lazy: Backend = {
    name: 'remote',
    async create(options) {
      harness ??= import('./remote-backend.js').then((m) => m.startRemoteHarness());
      return (await harness).backend.create(options);
    },
  };
  registerBackend(lazy);
  afterAll(async () => {
    if (harness) await (await harness).close();
  });
}

// The PostgreSQL backend's schemas, kept for reuse between the tests of a file, go when the file ends.
afterAll(runCleanups);
