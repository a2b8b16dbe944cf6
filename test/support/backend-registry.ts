/**
 * The contract suite's backend registry, kept free of product imports: the setup file that registers the
 * remote backend runs before every test file, and importing the service there cost every unit-test file
 * about two seconds of module loading it never used.
 */
import type { Clock } from '../../src/service/context.js';
import type { PayrollService } from '../../src/service/ports.js';

export interface Backend {
  name: string;
  /** A fresh, empty service; `dispose` removes everything it made. */
  create(options?: { clock?: Clock }): Promise<{ service: PayrollService; dispose(): Promise<void> }>;
}

export const extraBackends: Backend[] = [];

/** Hosted mode registers its remote backend here (from a setup module), so every contract test runs against it too. */
export function registerBackend(backend: Backend): void {
  extraBackends.push(backend);
}

const cleanups: Array<() => Promise<void>> = [];

/** Work to do when a test file ends (the PostgreSQL backend drops the schemas it made); run by remote-setup.ts. */
export function registerCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0)) await cleanup();
}
