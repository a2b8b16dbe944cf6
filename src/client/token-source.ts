import * as oidc from 'openid-client';
import { DomainError, isDomainError } from '../service/ports.js';
import type { HttpsFetch, HttpsFetchInit } from './https-fetch.js';
import type { CachedToken, TokenCache } from './token-cache.js';
import { memoryTokenCache } from './token-cache.js';

/**
 * Access tokens by the client credentials grant (spec Authentication §3–4), through openid-client:
 * `POST {auth_url}/oauth/token` with grant_type=client_credentials, client_id, client_secret and
 * audience = the API base URL. The grant issues no refresh token, so the client asks again with the
 * same credentials shortly before expiry (expires_in minus a margin; docs/decisions.md H4).
 *
 * Encoding: RFC 6749 §4.4.2 form encoding by default (what openid-client sends and every OAuth
 * server accepts), with the secret in the body (client_secret_post), i.e. the spec's field names.
 * `encoding: 'json'` sends the very same fields as the spec's JSON body for an IdP that wants it.
 */
export interface TokenSource {
  token(): Promise<string>;
  /** Forgets the cached token (after the API refused it), so the next call fetches a new one. */
  invalidate(): void;
  /** The cached token's expiry, without fetching. */
  cached(): CachedToken | null;
}

export interface ClientCredentialsOptions {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  audience: string;
  /** Space-separated scopes to ask for; omitted, the IdP grants what the client is configured for. */
  scope?: string | null;
  fetch: HttpsFetch;
  cache?: TokenCache;
  /** Renew this many seconds before expiry (default 60; at most half the token's lifetime). */
  renewBeforeSeconds?: number;
  encoding?: 'form' | 'json';
  now?: () => number;
}

export function tokenEndpointOf(authUrl: string): string {
  return `${authUrl.replace(/\/+$/, '')}/oauth/token`;
}

/** Reads `exp` from a JWT without trusting it (only to time renewal when the IdP omits expires_in). */
function jwtExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * When a token just received expires and when to renew it: `expires_in` (else the JWT's `exp`, else
 * five minutes), renewed `min(margin, half the lifetime)` early (docs/decisions.md H5).
 */
export function tokenTimes(requestedAt: number, expiresIn: number | undefined, accessToken: string, marginMs: number): { expires_at: string; renew_at: string } {
  const expiresAt = typeof expiresIn === 'number' ? requestedAt + expiresIn * 1000 : (jwtExpiry(accessToken) ?? requestedAt + 300_000);
  const lifetime = Math.max(0, expiresAt - requestedAt);
  return { expires_at: new Date(expiresAt).toISOString(), renew_at: new Date(expiresAt - Math.min(marginMs, lifetime / 2)).toISOString() };
}

export function clientCredentialsTokenSource(options: ClientCredentialsOptions): TokenSource {
  const cache = options.cache ?? memoryTokenCache();
  const now = options.now ?? Date.now;
  const margin = (options.renewBeforeSeconds ?? 60) * 1000;
  const tokenEndpoint = tokenEndpointOf(options.authUrl);
  const scope = options.scope ?? null;
  let pending: Promise<string> | null = null;

  const matches = (token: CachedToken) =>
    token.kind !== 'user' &&
    token.auth_url === options.authUrl && token.client_id === options.clientId && token.audience === options.audience && token.scope === scope;

  const fetchForOidc = (url: string | URL, init?: HttpsFetchInit) => {
    if (options.encoding === 'json' && init?.body instanceof URLSearchParams) {
      const headers = { ...(init.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : (init.headers ?? {})), 'content-type': 'application/json' };
      return options.fetch(url, { ...init, headers, body: JSON.stringify(Object.fromEntries(init.body.entries())) });
    }
    return options.fetch(url, init);
  };

  async function request(): Promise<string> {
    if (!tokenEndpoint.startsWith('https://')) throw new DomainError('usage', 'CLI.HTTPS_REQUIRED', `auth_url ${options.authUrl} must be https://`);
    const config = new oidc.Configuration({ issuer: options.authUrl, token_endpoint: tokenEndpoint }, options.clientId, {}, oidc.ClientSecretPost(options.clientSecret));
    config[oidc.customFetch] = fetchForOidc as never;
    const requestedAt = now();
    let response: Awaited<ReturnType<typeof oidc.clientCredentialsGrant>>;
    try {
      response = await oidc.clientCredentialsGrant(config, { audience: options.audience, ...(scope ? { scope } : {}) });
    } catch (error) {
      throw translate(error, options.authUrl);
    }
    cache.write({
      access_token: response.access_token,
      token_type: response.token_type ?? 'bearer',
      ...tokenTimes(requestedAt, response.expires_in, response.access_token, margin),
      auth_url: options.authUrl,
      client_id: options.clientId,
      audience: options.audience,
      scope,
      kind: 'client_credentials',
    });
    return response.access_token;
  }

  return {
    async token() {
      const cached = cache.read();
      if (cached && matches(cached) && Date.parse(cached.renew_at) > now()) return cached.access_token;
      // Concurrent callers share one token request.
      pending ??= request().finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate() {
      cache.clear();
    },
    cached() {
      const cached = cache.read();
      return cached && matches(cached) ? cached : null;
    },
  };
}

function translate(error: unknown, authUrl: string): DomainError {
  if (isDomainError(error)) return error;
  if (error instanceof oidc.ResponseBodyError) {
    const description = typeof error.error_description === 'string' ? `: ${error.error_description}` : '';
    if (error.status >= 500) return new DomainError('unavailable', 'AUTH.IDP_UNAVAILABLE', `the identity provider ${authUrl} answered ${error.status} (${error.error}${description})`);
    return new DomainError('unauthenticated', 'AUTH.CLIENT_REJECTED', `the identity provider refused the client credentials (${error.error}${description}); check client_id and the secret (payroll auth login)`);
  }
  const cause = (error as { cause?: unknown }).cause;
  const reason = (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
  return new DomainError('unavailable', 'AUTH.IDP_UNREACHABLE', `cannot get an access token from ${authUrl}: ${reason}`);
}
