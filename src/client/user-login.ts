import { timingSafeEqual } from 'node:crypto';
import * as oidc from 'openid-client';
import { DomainError, isDomainError } from '../service/ports.js';
import type { HttpsFetch } from './https-fetch.js';
import { listenForCallback } from './loopback.js';
import { createPkcePair } from './pkce.js';
import { discoverIdpFacts, publicClientConfiguration } from './public-client.js';
import type { CachedToken } from './token-cache.js';
import { DEFAULT_LOGIN_TIMEOUT_MS, USER_BASE_SCOPES } from './user-login-defaults.js';
import { tokenTimes } from './token-source.js';

/**
 * A clerk signs in as themselves (spec Authentication §5, "Authorization code flow with PKCE"; RFC
 * 8252 for native apps): the CLI listens on a loopback port, prints the address of
 * `{auth_url}/authorize` for the clerk to open in a browser (it opens nothing by itself), waits for
 * the identity provider to redirect the browser back with a code, checks `state`, and exchanges the
 * code with the PKCE verifier at `{auth_url}/oauth/token`. The result is a cache record with the
 * access token and, when offline_access was granted, the refresh token (docs/decisions.md H17–H22).
 */
export interface UserLoginOptions {
  authUrl: string;
  clientId: string;
  /** The API base URL the access token is for (spec Authentication §3's `audience`). */
  audience: string;
  /** API scopes to ask for; `openid offline_access` are always added (H18). */
  apiScopes: string[];
  fetch: HttpsFetch;
  /** How long to wait for the browser to come back (default 5 minutes). */
  timeoutMs?: number;
  /** Shows the clerk the address to open (and where the CLI waits). */
  showUrl(authorizationUrl: string, redirectUri: string): void;
  /** Renew this many seconds before expiry (default 60; at most half the token's lifetime). */
  renewBeforeSeconds?: number;
  now?: () => number;
}


export function userScopes(apiScopes: string[]): string {
  return [...new Set([...USER_BASE_SCOPES, ...apiScopes.filter(Boolean)])].join(' ');
}

const loginFailed = (code: string, message: string) => new DomainError('unauthenticated', code, message);

function sameState(received: string | null, expected: string): boolean {
  if (received === null) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads `sub` from a JWT without trusting it: only to show who signed in. */
function subjectOf(token: string | undefined): string | null {
  if (!token) return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export async function loginUser(options: UserLoginOptions): Promise<CachedToken> {
  const now = options.now ?? Date.now;
  const listener = await listenForCallback({ timeoutMs: options.timeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS });
  try {
    const facts = await discoverIdpFacts(options.authUrl, options.fetch);
    const config = publicClientConfiguration(options.authUrl, options.clientId, facts, options.fetch);
    const pkce = createPkcePair();
    // 256 random bits, checked when the browser comes back (RFC 6749 §10.12: the redirect is ours).
    const state = oidc.randomState();
    const scope = userScopes(options.apiScopes);
    const url = oidc.buildAuthorizationUrl(config, {
      response_type: 'code',
      client_id: options.clientId,
      redirect_uri: listener.redirectUri,
      scope,
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: pkce.method,
      // OpenID Connect Core §11: offline_access (the refresh token) is granted only with prompt=consent.
      prompt: 'consent',
      audience: options.audience,
    });
    options.showUrl(url.href, listener.redirectUri);

    const callback = await listener.wait();
    const params = callback.url.searchParams;
    if (!sameState(params.get('state'), state)) {
      // Checked before anything else, error redirects included: an answer we did not ask for is ignored whole.
      callback.respond({ ok: false, reason: 'The answer did not belong to this sign-in (state mismatch).' });
      throw loginFailed('AUTH.STATE_MISMATCH', `the sign-in answer at ${listener.redirectUri} carried a state that does not match this login (possible cross-site request forgery); nothing was saved, run the login again`);
    }
    const error = params.get('error');
    if (error !== null) {
      const description = params.get('error_description');
      callback.respond({ ok: false, reason: `The identity provider answered ${error}${description ? `: ${description}` : ''}.` });
      throw loginFailed('AUTH.LOGIN_REFUSED', `the identity provider refused the sign-in: ${error}${description ? ` (${description})` : ''}`);
    }
    if (!params.get('code')) {
      callback.respond({ ok: false, reason: 'The answer carried no authorization code.' });
      throw loginFailed('AUTH.LOGIN_REFUSED', 'the identity provider redirected back without an authorization code');
    }

    const requestedAt = now();
    let response: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      response = await oidc.authorizationCodeGrant(config, callback.url, { pkceCodeVerifier: pkce.verifier, expectedState: state });
    } catch (cause) {
      const translated = translateGrantError(cause, options.authUrl, 'exchange the authorization code');
      callback.respond({ ok: false, reason: 'The code could not be exchanged for tokens; the terminal says why.' });
      throw translated;
    }
    callback.respond({ ok: true });
    const idClaims = response.id_token ? response.claims() : undefined;
    return {
      kind: 'user',
      access_token: response.access_token,
      token_type: response.token_type ?? 'bearer',
      ...tokenTimes(requestedAt, response.expires_in, response.access_token, (options.renewBeforeSeconds ?? 60) * 1000),
      auth_url: options.authUrl,
      client_id: options.clientId,
      audience: options.audience,
      scope: response.scope ?? scope,
      refresh_token: response.refresh_token ?? null,
      subject: (typeof idClaims?.sub === 'string' ? idClaims.sub : null) ?? subjectOf(response.access_token),
      issuer: facts.issuer,
      ...(facts.id_token_algs ? { id_token_algs: facts.id_token_algs } : {}),
    };
  } finally {
    await listener.close();
  }
}

/** openid-client's failures as DomainErrors: refusals are exit 4, an unreachable or failing IdP exit 7. */
export function translateGrantError(error: unknown, authUrl: string, doing: string): DomainError {
  if (isDomainError(error)) return error;
  if (error instanceof oidc.ResponseBodyError) {
    const description = typeof error.error_description === 'string' ? `: ${error.error_description}` : '';
    if (error.status >= 500) return new DomainError('unavailable', 'AUTH.IDP_UNAVAILABLE', `the identity provider ${authUrl} answered ${error.status} (${error.error}${description})`);
    return loginFailed('AUTH.LOGIN_REFUSED', `the identity provider refused to ${doing} (${error.error}${description})`);
  }
  const cause = (error as { cause?: unknown }).cause;
  if (isDomainError(cause)) return cause;
  const code = error instanceof oidc.ClientError ? error.code : undefined;
  if (code?.startsWith('OAUTH_') && code !== 'OAUTH_TIMEOUT' && code !== 'OAUTH_ABORT') {
    // The answer came but failed a check (ID token issuer or algorithm, missing fields): not retryable as is.
    const detail = cause instanceof Error && cause.message !== (error as Error).message ? ` (${cause.message})` : '';
    return loginFailed('AUTH.LOGIN_REFUSED', `could not ${doing}: ${(error as Error).message}${detail}`);
  }
  const reason = (cause as NodeJS.ErrnoException | undefined)?.code ?? (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
  return new DomainError('unavailable', 'AUTH.IDP_UNREACHABLE', `cannot ${doing} at ${authUrl}: ${reason}`);
}
