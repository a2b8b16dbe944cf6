/**
 * `payroll serve` shutdown (SIGTERM/SIGINT): the store is closed even when closing the HTTP server fails, so a
 * pg pool does not keep its connections on the database server. The process-level clean stop (exit 0) is in
 * cli-serve.test.ts; a server whose close fails cannot be provoked from outside, so the sequence is tested here.
 */
import { describe, expect, it } from 'vitest';
import { closeServeResources } from '../../src/cli/commands/serve.js';

function resources(failing: { server?: Error; store?: Error } = {}) {
  const calls: string[] = [];
  return {
    calls,
    parts: {
      server: {
        async close() {
          calls.push('server');
          if (failing.server) throw failing.server;
        },
      },
      idpFetch: {
        close() {
          calls.push('idp');
        },
      },
      store: {
        async close() {
          calls.push('store');
          if (failing.store) throw failing.store;
        },
      },
    },
  };
}

describe('payroll serve shutdown', () => {
  it('drains the server first, then closes the identity provider connections and the store', async () => {
    const { calls, parts } = resources();
    await closeServeResources(parts);
    expect(calls).toEqual(['server', 'idp', 'store']);
  });

  it('closes the store even when closing the server fails, and reports the server failure', async () => {
    const { calls, parts } = resources({ server: new Error('sockets would not close') });
    await expect(closeServeResources(parts)).rejects.toThrow('sockets would not close');
    expect(calls).toEqual(['server', 'idp', 'store']);
  });

  it('reports a store that fails to close', async () => {
    const { calls, parts } = resources({ store: new Error('pool end failed') });
    await expect(closeServeResources(parts)).rejects.toThrow('pool end failed');
    expect(calls).toEqual(['server', 'idp', 'store']);
  });
});
