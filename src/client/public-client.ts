import * as oidc from 'openid-client';
import { DomainError, isDomainError } from '../service/ports.js';
import type { HttpsFetch } from './https-fetch.js';
import { tokenEndpointOf } from './token-source.js';

/**
 * The CLI as a public OAuth client (spec Authentication §5 "Authorization code flow with PKCE":
 * no client secret), for openid-client.
 *
 * The endpoints are the spec's, always: `{auth_url}/authorize` and `{auth_url}/oauth/token`. Only
 * two facts come from the identity provider's discovery document when it publishes one (OpenID
 * Connect Discovery 1.0 §4), because openid-client checks the ID token against them: the exact
 * issuer identifier (often auth_url with a trailing slash) and the ID token signing algorithms
 * (openid-client assumes RS256 otherwise). A discovery document naming another issuer is ignored,
 * so the ID token check then fails loudly instead of trusting a stranger (docs/decisions.md H21).
 */
export interface IdpFacts {
  issuer: string;
  id_token_algs?: string[];
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function authorizationEndpointOf(authUrl: string): string {
  return `${trimSlash(authUrl)}/authorize`;
}

export async function discoverIdpFacts(authUrl: string, fetch: HttpsFetch): Promise<IdpFacts> {
  const fallback: IdpFacts = { issuer: trimSlash(authUrl) };
  try {
    const response = await fetch(`${trimSlash(authUrl)}/.well-known/openid-configuration`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
    if (response.status !== 200) return fallback;
    const document = (await response.json()) as { issuer?: unknown; id_token_signing_alg_values_supported?: unknown };
    if (typeof document.issuer !== 'string' || trimSlash(document.issuer) !== trimSlash(authUrl)) return fallback;
    const algs = Array.isArray(document.id_token_signing_alg_values_supported) ? document.id_token_signing_alg_values_supported.filter((a): a is string => typeof a === 'string' && a !== 'none') : [];
    return { issuer: document.issuer, ...(algs.length ? { id_token_algs: algs } : {}) };
  } catch (error) {
    // An https refusal is the caller's mistake; anything else (no discovery at all) falls back.
    if (isDomainError(error)) throw error;
    return fallback;
  }
}

export function publicClientConfiguration(authUrl: string, clientId: string, facts: IdpFacts, fetch: HttpsFetch): oidc.Configuration {
  const tokenEndpoint = tokenEndpointOf(authUrl);
  if (!tokenEndpoint.startsWith('https://')) throw new DomainError('usage', 'CLI.HTTPS_REQUIRED', `auth_url ${authUrl} must be https://`);
  const config = new oidc.Configuration(
    {
      issuer: facts.issuer,
      authorization_endpoint: authorizationEndpointOf(authUrl),
      token_endpoint: tokenEndpoint,
      ...(facts.id_token_algs ? { id_token_signing_alg_values_supported: facts.id_token_algs } : {}),
    },
    clientId,
    {},
    // A public client authenticates with its client_id alone (RFC 6749 §2.1; the PKCE verifier proves possession).
    oidc.None(),
  );
  config[oidc.customFetch] = fetch as never;
  return config;
}
