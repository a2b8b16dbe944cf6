/**
 * The client's token request and cache, without a network: what goes over the wire to the token
 * endpoint (spec Authentication §3), when a cached token is reused or renewed (§4), and how the
 * cache sits on disk. The real identity provider is exercised in auth.test.ts and cli-remote.test.ts.
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HttpsFetch, HttpsFetchInit } from '../../src/client/https-fetch.js';
import { fileTokenCache } from '../../src/client/token-cache.js';
import { clientCredentialsTokenSource } from '../../src/client/token-source.js';
import { requireHttps } from '../../src/cli/remote.js';
import { expectDomainError } from '../support/expect-error.js';

interface Captured {
  url: string;
  contentType: string;
  body: string;
}

/** A token endpoint stand-in that records each request and answers a token with `expires_in`. */
function fakeTokenEndpoint(expiresIn: number) {
  const seen: Captured[] = [];
  const fetch = Object.assign(
    async (url: string | URL, init: HttpsFetchInit = {}) => {
      const headers = init.headers instanceof Headers ? Object.fromEntries(init.headers.entries()) : (init.headers ?? {});
      const body = init.body instanceof URLSearchParams ? init.body.toString() : String(init.body ?? '');
      seen.push({ url: String(url), contentType: headers['content-type'] ?? '', body });
      return new Response(JSON.stringify({ access_token: `token-${seen.length}`, token_type: 'Bearer', expires_in: expiresIn }), { status: 200, headers: { 'content-type': 'application/json' } });
    },
    { close() {} },
  ) as HttpsFetch;
  return { fetch, seen };
}

const base = { authUrl: 'https://idp.example', clientId: 'client-1', clientSecret: 's3cret', audience: 'https://api.example' };

describe('token request (spec Authentication §3)', () => {
  it('form encoding by default, with the spec’s fields: client_id, client_secret, audience, grant_type', async () => {
    const { fetch, seen } = fakeTokenEndpoint(3600);
    expect(await clientCredentialsTokenSource({ ...base, fetch }).token()).toBe('token-1');
    expect(seen[0]?.url).toBe('https://idp.example/oauth/token');
    expect(seen[0]?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(seen[0]?.body))).toEqual({ grant_type: 'client_credentials', audience: 'https://api.example', client_id: 'client-1', client_secret: 's3cret' });
  });

  it('json encoding sends the same fields as the spec’s JSON body', async () => {
    const { fetch, seen } = fakeTokenEndpoint(3600);
    await clientCredentialsTokenSource({ ...base, fetch, encoding: 'json', scope: 'payroll:read' }).token();
    expect(seen[0]?.contentType).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ grant_type: 'client_credentials', audience: 'https://api.example', scope: 'payroll:read', client_id: 'client-1', client_secret: 's3cret' });
  });

  it('refuses an http:// auth URL without sending the secret anywhere', async () => {
    const { fetch, seen } = fakeTokenEndpoint(3600);
    const error = await expectDomainError(clientCredentialsTokenSource({ ...base, authUrl: 'http://idp.example', fetch }).token(), 'usage');
    expect(error.code).toBe('CLI.HTTPS_REQUIRED');
    expect(seen).toHaveLength(0);
    expect(() => requireHttps('http://api.example', '--remote')).toThrow(/--remote must be an https:\/\/ URL/);
  });
});

describe('token cache (spec Authentication §4)', () => {
  it('reuses the token until expires_in minus 60 s, then asks again with the same credentials', async () => {
    const { fetch, seen } = fakeTokenEndpoint(3600);
    let now = Date.parse('2025-06-01T10:00:00Z');
    const tokens = clientCredentialsTokenSource({ ...base, fetch, now: () => now });
    expect(await tokens.token()).toBe('token-1');
    expect(tokens.cached()).toMatchObject({ expires_at: '2025-06-01T11:00:00.000Z', renew_at: '2025-06-01T10:59:00.000Z' });
    now = Date.parse('2025-06-01T10:58:59Z');
    expect(await tokens.token()).toBe('token-1');
    now = Date.parse('2025-06-01T10:59:00Z');
    expect(await tokens.token()).toBe('token-2');
    expect(seen).toHaveLength(2);
  });

  it('concurrent callers share one token request', async () => {
    const { fetch, seen } = fakeTokenEndpoint(3600);
    const tokens = clientCredentialsTokenSource({ ...base, fetch });
    expect(await Promise.all([tokens.token(), tokens.token(), tokens.token()])).toEqual(['token-1', 'token-1', 'token-1']);
    expect(seen).toHaveLength(1);
  });

  it('a token cached for another audience or client is not reused', async () => {
    const { fetch, seen } = fakeTokenEndpoint(3600);
    const dir = mkdtempSync(join(tmpdir(), 'payroll-token-'));
    const path = join(dir, 'tokens', 'p.json');
    await clientCredentialsTokenSource({ ...base, fetch, cache: fileTokenCache(path) }).token();
    await clientCredentialsTokenSource({ ...base, audience: 'https://other.example', fetch, cache: fileTokenCache(path) }).token();
    await clientCredentialsTokenSource({ ...base, audience: 'https://other.example', fetch, cache: fileTokenCache(path) }).token();
    expect(seen).toHaveLength(2);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'tokens')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ access_token: 'token-2', audience: 'https://other.example', client_id: 'client-1' });
    expect(readFileSync(path, 'utf8')).not.toContain('s3cret');
  });
});
