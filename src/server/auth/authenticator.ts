import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import { type Actor, DomainError } from '../../service/ports.js';
import { actorFromClaims, DEFAULT_ORGS_CLAIM } from './claims.js';

/** Turns the Authorization header into the caller, or throws an `unauthenticated` DomainError (401). */
export interface Authenticator {
  authenticate(authorization: string | undefined): Promise<Actor>;
}

export type FetchLike = (url: string, init: { method?: string; headers?: Headers | Record<string, string>; signal?: AbortSignal; redirect?: 'manual' }) => Promise<Response>;

export interface JwtAuthenticatorOptions {
  /** The identity provider's issuer identifier; pinned: tokens from any other issuer are refused. */
  issuer: string;
  /** This API's base URL (the `audience` the client asked the token for, spec Authentication §3). */
  audience: string;
  /** Defaults to the jwks_uri of the issuer's discovery document. */
  jwksUrl?: string;
  /** Asymmetric algorithms only: HS* would let anyone holding the secret mint tokens, `none` is never accepted. */
  algorithms?: string[];
  clockToleranceSeconds?: number;
  orgsClaim?: string;
  /** HTTPS fetch used for discovery and the JWKS (lets the operator trust a private CA). */
  fetch?: FetchLike;
}

export const DEFAULT_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA'];

const unauthenticated = (code: string, message: string) => new DomainError('unauthenticated', code, message);

/** Reads the issuer's discovery document (OpenID Connect Discovery 1.0 §4) and checks it names the same issuer. */
export async function discoverJwksUrl(issuer: string, fetchImpl: FetchLike): Promise<string> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const response = await fetchImpl(url, { method: 'GET', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (document.issuer !== issuer) throw new Error(`${url} names issuer ${String(document.issuer)}, not ${issuer}`);
  if (typeof document.jwks_uri !== 'string' || !document.jwks_uri.startsWith('https://')) throw new Error(`${url} has no https jwks_uri`);
  return document.jwks_uri;
}

function translate(error: unknown, options: JwtAuthenticatorOptions): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof errors.JWTExpired) return unauthenticated('AUTH.TOKEN_EXPIRED', 'the access token has expired; request a new one');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return unauthenticated('AUTH.TOKEN_AUDIENCE', `the access token was issued for another API; request it with audience ${options.audience}`);
    if (error.claim === 'iss') return unauthenticated('AUTH.TOKEN_ISSUER', 'the access token was issued by an identity provider this service does not trust');
    return unauthenticated('AUTH.TOKEN_INVALID', `the access token's ${error.claim} claim is not acceptable (${error.reason})`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return unauthenticated('AUTH.TOKEN_ALGORITHM', 'the access token is signed with an algorithm this service does not accept');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return unauthenticated('AUTH.TOKEN_SIGNATURE', 'the access token signature does not verify against the identity provider keys');
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) {
    return unauthenticated('AUTH.TOKEN_INVALID', 'the access token is not a well-formed signed JWT');
  }
  // Discovery or JWKS unreachable: the caller is not at fault, the service cannot check tokens right now.
  return new DomainError('unavailable', 'AUTH.IDP_UNREACHABLE', 'the identity provider cannot be reached to check the access token; try again shortly');
}

export function createJwtAuthenticator(options: JwtAuthenticatorOptions): Authenticator & { ready(): Promise<void> } {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init as RequestInit));
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | null = null;
  const keySet = () => {
    keys ??= (async () => {
      const jwksUrl = options.jwksUrl ?? (await discoverJwksUrl(options.issuer, fetchImpl));
      return createRemoteJWKSet(new URL(jwksUrl), { [customFetch]: fetchImpl as never, timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    })();
    // A failed discovery is retried on the next request instead of being remembered forever.
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };
  return {
    async ready() {
      await keySet();
    },
    async authenticate(authorization) {
      if (authorization === undefined || authorization.trim() === '') {
        throw unauthenticated('AUTH.TOKEN_MISSING', 'this endpoint needs an OAuth 2 bearer token: send Authorization: Bearer <token> (see `payroll auth login`)');
      }
      const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(authorization);
      if (!match) throw unauthenticated('AUTH.TOKEN_INVALID', 'the Authorization header must be "Bearer <token>"');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(match[1] as string, await keySet(), {
          issuer: options.issuer,
          audience: options.audience,
          algorithms: options.algorithms ?? DEFAULT_ALGORITHMS,
          requiredClaims: ['exp', 'sub'],
          clockTolerance: options.clockToleranceSeconds ?? 5,
        }));
      } catch (error) {
        throw translate(error, options);
      }
      return actorFromClaims(payload, options.orgsClaim ?? DEFAULT_ORGS_CLAIM);
    },
  };
}
