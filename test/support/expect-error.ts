import { expect } from 'vitest';
import { type DomainError, type ErrorKind, isDomainError } from '../../src/domain/errors.js';

/** Awaits a promise that must fail with a DomainError (of `kind`, when given) and returns the error. */
export async function expectDomainError(promise: Promise<unknown>, kind?: ErrorKind): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (kind) expect(error.kind, `${error.code}: ${error.message}`).toBe(kind);
    return error;
  }
  throw new Error(`expected a ${kind ?? 'domain'} error, but the call succeeded`);
}
