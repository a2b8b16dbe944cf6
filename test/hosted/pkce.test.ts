/**
 * PKCE (RFC 7636; spec Authentication §5, Limits "PKCE code_verifier length 43 to 128 characters"):
 * the verifier's grammar is enforced by our code, and S256 matches the RFC's own example.
 */
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { assertCodeVerifier, codeChallengeS256, createPkcePair, generateCodeVerifier } from '../../src/client/pkce.js';
import { type DomainError, isDomainError } from '../../src/domain/errors.js';

function refusal(call: () => unknown): DomainError {
  try {
    call();
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

// RFC 7636 Appendix B: the 32 random octets, their base64url encoding (the verifier) and its S256 challenge.
const RFC_OCTETS = [116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121];
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('code_challenge S256', () => {
  it('reproduces RFC 7636 Appendix B', () => {
    expect(Buffer.from(RFC_OCTETS).toString('base64url')).toBe(RFC_VERIFIER);
    expect(codeChallengeS256(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
  });

  it('agrees with openid-client for every verifier length from 43 to 128', async () => {
    for (let length = 43; length <= 128; length += 1) {
      const verifier = generateCodeVerifier(length);
      expect(codeChallengeS256(verifier)).toBe(await oidc.calculatePKCECodeChallenge(verifier));
    }
  });

  it('is 43 base64url characters without padding', () => {
    const { verifier, challenge, method } = createPkcePair();
    expect(method).toBe('S256');
    expect(verifier).toHaveLength(64);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses to hash a verifier outside the grammar', () => {
    expect(refusal(() => codeChallengeS256('short')).code).toBe('AUTH.CODE_VERIFIER');
  });
});

describe('code_verifier (RFC 7636 §4.1)', () => {
  it('generates 64 characters by default, and any length from 43 to 128, of the unreserved set', () => {
    expect(generateCodeVerifier()).toHaveLength(64);
    expect(generateCodeVerifier(43)).toHaveLength(43);
    expect(generateCodeVerifier(128)).toHaveLength(128);
    for (const length of [43, 44, 45, 46, 64, 127, 128]) expect(generateCodeVerifier(length)).toMatch(new RegExp(`^[A-Za-z0-9\\-._~]{${length}}$`));
  });

  it('is random: no two of 200 verifiers are equal', () => {
    expect(new Set(Array.from({ length: 200 }, () => generateCodeVerifier(43))).size).toBe(200);
  });

  it('refuses to generate 42 or 129 characters, naming code_verifier and the rule', () => {
    for (const length of [42, 129, 0, 64.5]) {
      const error = refusal(() => generateCodeVerifier(length));
      expect(error.kind).toBe('validation');
      expect(error.code).toBe('AUTH.CODE_VERIFIER');
      expect(error.message).toBe(`code_verifier must be 43 to 128 characters long (RFC 7636 §4.1), got ${length}`);
      expect(error.issues).toEqual([{ loc: ['code_verifier'], msg: `must be 43 to 128 characters long (RFC 7636 §4.1), got ${length}`, type: 'code_verifier_length' }]);
    }
  });

  it('accepts 43 and 128 characters, refuses 42 and 129', () => {
    expect(assertCodeVerifier('a'.repeat(43))).toBe('a'.repeat(43));
    expect(assertCodeVerifier('Z'.repeat(128))).toBe('Z'.repeat(128));
    expect(refusal(() => assertCodeVerifier('a'.repeat(42))).issues[0]?.type).toBe('code_verifier_length');
    expect(refusal(() => assertCodeVerifier('a'.repeat(129))).issues[0]?.type).toBe('code_verifier_length');
    expect(refusal(() => assertCodeVerifier('')).message).toMatch(/got 0$/);
  });

  it('accepts every unreserved character: A-Z a-z 0-9 - . _ ~', () => {
    const all = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
    expect(assertCodeVerifier(all)).toBe(all);
  });

  it('refuses reserved, encoded, blank and non-ASCII characters, naming the first one', () => {
    const body = 'a'.repeat(50);
    for (const bad of ['+', '/', '=', '%', ' ', '!', '*', '\n', 'ä', 'ß', '😀']) {
      const error = refusal(() => assertCodeVerifier(`${body}${bad}`));
      expect(error.code).toBe('AUTH.CODE_VERIFIER');
      expect(error.issues[0]).toMatchObject({ loc: ['code_verifier'], type: 'code_verifier_charset' });
      expect(error.message).toBe(`code_verifier may contain only the unreserved characters A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1), found ${JSON.stringify(bad)}`);
    }
  });

  it('checks the length before the characters (a 42-character verifier with a bad character is a length error)', () => {
    expect(refusal(() => assertCodeVerifier(`${'a'.repeat(41)}+`)).issues[0]?.type).toBe('code_verifier_length');
  });
});
