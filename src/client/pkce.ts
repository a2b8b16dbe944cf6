import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '../service/ports.js';

/**
 * Proof Key for Code Exchange (RFC 7636; spec Authentication §5 and the Limits row "PKCE
 * code_verifier length 43 to 128 characters").
 *
 *   code-verifier  = 43*128unreserved                       (RFC 7636 §4.1)
 *   unreserved     = ALPHA / DIGIT / "-" / "." / "_" / "~"  (RFC 3986 §2.3)
 *   code_challenge = BASE64URL(SHA256(ASCII(code_verifier))) (§4.2, method S256)
 *
 * The rule is enforced here, not left to a library or to the identity provider: some servers
 * accept a verifier outside the grammar and others refuse it, which would turn a bug of ours into
 * a login failure with someone else's error message.
 */
export const CODE_VERIFIER_MIN_LENGTH = 43;
export const CODE_VERIFIER_MAX_LENGTH = 128;
/** 64 characters of base64url carry 384 random bits, well above the 256 bits RFC 7636 §7.1 asks for. */
export const CODE_VERIFIER_DEFAULT_LENGTH = 64;

const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

function verifierError(message: string, type: string): DomainError {
  return new DomainError('validation', 'AUTH.CODE_VERIFIER', `code_verifier ${message}`, { issues: [{ loc: ['code_verifier'], msg: message, type }] });
}

function checkLength(length: number): void {
  if (!Number.isInteger(length) || length < CODE_VERIFIER_MIN_LENGTH || length > CODE_VERIFIER_MAX_LENGTH) {
    throw verifierError(`must be ${CODE_VERIFIER_MIN_LENGTH} to ${CODE_VERIFIER_MAX_LENGTH} characters long (RFC 7636 §4.1), got ${length}`, 'code_verifier_length');
  }
}

/** Returns the verifier when it follows RFC 7636 §4.1; otherwise a validation DomainError naming code_verifier and the rule. */
export function assertCodeVerifier(verifier: string): string {
  checkLength(verifier.length);
  if (!UNRESERVED.test(verifier)) {
    const bad = [...verifier].find((character) => !UNRESERVED.test(character)) as string;
    throw verifierError(`may contain only the unreserved characters A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1), found ${JSON.stringify(bad)}`, 'code_verifier_charset');
  }
  return verifier;
}

/**
 * A new random verifier of `length` characters. base64url's alphabet (A-Z a-z 0-9 - _) is a subset
 * of the unreserved set and every character carries 6 random bits, so no character is more likely
 * than another (a modulo mapping onto all 66 unreserved characters would bias some).
 */
export function generateCodeVerifier(length: number = CODE_VERIFIER_DEFAULT_LENGTH): string {
  checkLength(length);
  const verifier = randomBytes(Math.ceil((length * 3) / 4)).toString('base64url').slice(0, length);
  return assertCodeVerifier(verifier);
}

/** S256: BASE64URL(SHA256(ASCII(code_verifier))) without padding (RFC 7636 §4.2). The verifier is checked first. */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(assertCodeVerifier(verifier), 'ascii').digest('base64url');
}

export interface PkcePair {
  verifier: string;
  challenge: string;
  method: 'S256';
}

/** A verifier and its S256 challenge; `plain` is never used (RFC 7636 §4.2: a client that can do S256 must). */
export function createPkcePair(length: number = CODE_VERIFIER_DEFAULT_LENGTH): PkcePair {
  const verifier = generateCodeVerifier(length);
  return { verifier, challenge: codeChallengeS256(verifier), method: 'S256' };
}
