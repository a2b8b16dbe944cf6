import * as oidc from 'openid-client';
import { DomainError } from '../service/ports.js';
import { withFileLock } from './file-lock.js';
import type { HttpsFetch } from './https-fetch.js';
import { publicClientConfiguration } from './public-client.js';
import type { CachedToken, TokenCache } from './token-cache.js';
import { type TokenSource, tokenTimes } from './token-source.js';
import { translateGrantError } from './user-login.js';

/**
 * Access tokens of a signed-in user (spec Authentication §5 Refresh): the token from
 * `payroll auth login --user` until shortly before it expires, then `POST {auth_url}/oauth/token`
 * with grant_type=refresh_token, client_id and the refresh token (a public client has no
 * client_secret to send). A rotated refresh token replaces the old one in the same 0600 file.
 * Without a refresh token, or when the identity provider refuses it (expired, revoked, reused), the
 * clerk must sign in again: AUTH.LOGIN_REQUIRED, exit 4 (docs/decisions.md H19, H20).
 */
export interface UserTokenOptions {
  authUrl: string;
  clientId: string;
  audience: string;
  profileName: string;
  fetch: HttpsFetch;
  cache: TokenCache;
  /** A lock file beside the cache, so that two processes never spend the same refresh token. */
  lockPath?: string;
  renewBeforeSeconds?: number;
  now?: () => number;
}

export function userTokenSource(options: UserTokenOptions): TokenSource {
  const now = options.now ?? Date.now;
  const margin = (options.renewBeforeSeconds ?? 60) * 1000;
  const loginHint = `payroll auth login --user --profile ${options.profileName}`;
  let pending: Promise<string> | null = null;

  const matches = (token: CachedToken | null): token is CachedToken =>
    token !== null && token.kind === 'user' && token.auth_url === options.authUrl && token.client_id === options.clientId && token.audience === options.audience;
  const fresh = (token: CachedToken) => Date.parse(token.renew_at) > now();
  const loginRequired = (why: string) => new DomainError('unauthenticated', 'AUTH.LOGIN_REQUIRED', `${why}; sign in again: ${loginHint}`);

  async function refresh(seen: string): Promise<string> {
    const current = options.cache.read();
    if (!matches(current)) throw loginRequired(`profile "${options.profileName}" has no user sign-in for ${options.authUrl}`);
    // Another process may have refreshed while this one waited for the lock.
    if (current.access_token !== seen && fresh(current)) return current.access_token;
    if (!current.refresh_token) throw loginRequired(`the access token of profile "${options.profileName}" has expired and the identity provider issued no refresh token (was offline_access granted?)`);
    const config = publicClientConfiguration(options.authUrl, options.clientId, { issuer: current.issuer ?? options.authUrl, ...(current.id_token_algs ? { id_token_algs: current.id_token_algs } : {}) }, options.fetch);
    const requestedAt = now();
    let response: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
    try {
      response = await oidc.refreshTokenGrant(config, current.refresh_token);
    } catch (error) {
      if (error instanceof oidc.ResponseBodyError && error.status < 500) {
        // invalid_grant and the like: the refresh token is dead; keeping it would only fail again.
        options.cache.clear();
        const description = typeof error.error_description === 'string' ? `: ${error.error_description}` : '';
        throw loginRequired(`the identity provider refused the refresh token of profile "${options.profileName}" (${error.error}${description}); the sign-in has expired or was revoked`);
      }
      throw translateGrantError(error, options.authUrl, 'renew the access token');
    }
    options.cache.write({
      ...current,
      access_token: response.access_token,
      token_type: response.token_type ?? current.token_type,
      ...tokenTimes(requestedAt, response.expires_in, response.access_token, margin),
      scope: response.scope ?? current.scope,
      // Rotation (RFC 9700 §4.14.2): the new refresh token replaces the spent one; none returned → the old one stays valid.
      refresh_token: response.refresh_token ?? current.refresh_token,
    });
    return response.access_token;
  }

  return {
    async token() {
      const cached = options.cache.read();
      if (!matches(cached)) throw loginRequired(`profile "${options.profileName}" is not signed in`);
      if (fresh(cached)) return cached.access_token;
      // Concurrent callers in this process share one refresh; other processes wait on the lock file.
      pending ??= (options.lockPath ? withFileLock(options.lockPath, () => refresh(cached.access_token)) : refresh(cached.access_token)).finally(() => {
        pending = null;
      });
      return pending;
    },
    invalidate() {
      // The API refused the access token: renew it next time, but keep the refresh token (unlike
      // client credentials, forgetting it would force a new browser sign-in).
      const cached = options.cache.read();
      if (matches(cached)) options.cache.write({ ...cached, renew_at: new Date(0).toISOString() });
    },
    cached() {
      const cached = options.cache.read();
      return matches(cached) ? cached : null;
    },
  };
}
