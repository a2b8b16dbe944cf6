import { readIfExists, removeIfExists, writePrivate } from './private-files.js';

/**
 * An access token and what it was issued for; a cached token is reused only for the same client, IdP,
 * audience and scope. A user sign-in also keeps its refresh token here: the file is 0600 in a 0700
 * folder, like the client secret (docs/decisions.md H19).
 */
export interface CachedToken {
  access_token: string;
  token_type: string;
  /** ISO 8601: when the identity provider says it expires. */
  expires_at: string;
  /** ISO 8601: when the client renews it (expires_in minus the margin). */
  renew_at: string;
  auth_url: string;
  client_id: string;
  audience: string;
  scope: string | null;
  /** How the token was obtained; absent in caches written before user sign-in existed (client credentials). */
  kind?: 'client_credentials' | 'user';
  /** User sign-in only (spec Authentication §5 Refresh): renews the access token without a browser. */
  refresh_token?: string | null;
  /** User sign-in only: who signed in (the ID token's `sub`), for `payroll auth status`. */
  subject?: string | null;
  /** User sign-in only: the identity provider's issuer and ID token algorithms, so a refresh needs no discovery. */
  issuer?: string;
  id_token_algs?: string[];
}

export interface TokenCache {
  read(): CachedToken | null;
  write(token: CachedToken): void;
  clear(): void;
}

export function memoryTokenCache(): TokenCache {
  let current: CachedToken | null = null;
  return {
    read: () => current,
    write: (token) => {
      current = token;
    },
    clear: () => {
      current = null;
    },
  };
}

/** A 0600 JSON file; an unreadable file is treated as empty (the token is simply fetched again). */
export function fileTokenCache(path: string): TokenCache {
  return {
    read() {
      try {
        const text = readIfExists(path);
        return text === null ? null : (JSON.parse(text) as CachedToken);
      } catch {
        return null;
      }
    },
    write(token) {
      writePrivate(path, `${JSON.stringify(token)}\n`);
    },
    clear() {
      removeIfExists(path);
    },
  };
}
