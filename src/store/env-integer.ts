import { DomainError } from '../domain/errors.js';

/**
 * A whole number from `min` to `max` read from the environment variable `name` (undefined when it is unset or
 * blank), or a usage error (exit 2) under `code` that names the variable, the range and what it holds.
 */
export function envInteger(env: NodeJS.ProcessEnv, name: string, min: number, max: number, code: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new DomainError('usage', code, `${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}
