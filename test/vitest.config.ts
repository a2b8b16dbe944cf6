import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './support/heavy-first-sequencer.js';

// Lives under test/ so the project's top level stays as the design card fixes it.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Much of the suite waits on child processes, sockets and PostgreSQL rather than the CPU: three
    // workers on two cores finish the suite in well under half the time of the default.
    maxWorkers: 3,
    // The longest files start first (see the sequencer): on a clean clone vitest would start them last.
    sequence: { sequencer: HeavyFirstSequencer },
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Registers the `remote` backend (HTTPS API + real OAuth 2 server) for the contract suite; starts only when used.
    setupFiles: ['test/support/remote-setup.ts'],
  },
});
