import { DomainError } from '../service/ports.js';

/**
 * A mistake in how the command was called (exit code 2, cli.md). Its own module so that ./remote.ts, which
 * ./runtime.ts loads on demand, can use it without importing ./runtime.ts back (no import circle).
 */
export function usageError(message: string): DomainError {
  return new DomainError('usage', 'CLI.USAGE', message);
}
