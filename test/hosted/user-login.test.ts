/**
 * End-user sign-in (spec Authentication §5–7): the authorization code flow with PKCE against a real
 * OAuth 2 server (oidc-provider, PKCE required for its public client), a loopback redirect (RFC
 * 8252), refresh tokens, and the HTTPS API accepting the user's tokens. The client code runs in this
 * process here; cli-user-login.test.ts drives the same through `payroll auth login --user`.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteService } from '../../src/client/remote-service.js';
import { type CachedToken, fileTokenCache, memoryTokenCache, type TokenCache } from '../../src/client/token-cache.js';
import { loginUser, type UserLoginOptions } from '../../src/client/user-login.js';
import { userTokenSource } from '../../src/client/user-token-source.js';
import { expectDomainError } from '../support/expect-error.js';
import { type RemoteHarness, startRemoteHarness, type Tenant } from '../support/remote-backend.js';
import { type TestBrowser, testBrowser } from './support/browser.js';

const CLI = { client_id: 'payroll-cli', scope: 'payroll:read payroll:write' };
/** A public client whose access tokens live 2 s, to see a real expiry and refresh. */
const SHORT = { client_id: 'payroll-cli-short', scope: 'payroll:read payroll:write', ttl: 2 };
const ANNA = { account: 'anna.clerk', orgs: ['*'] };

let harness: RemoteHarness;
let tenant: Tenant;
let browser: TestBrowser;

beforeAll(async () => {
  harness = await startRemoteHarness({ publicClients: [CLI, SHORT], users: [ANNA] });
  tenant = await harness.tenant();
  browser = testBrowser(harness.cert);
});

afterAll(async () => {
  browser?.close();
  await tenant?.dispose();
  await harness?.close();
});

type Shown = { url: URL; redirectUri: string };

/** Runs loginUser; `clerk` plays the browser once the URL is shown. */
async function login(clerk: (shown: Shown) => Promise<unknown>, overrides: Partial<UserLoginOptions> = {}) {
  let browsing: Promise<unknown> = Promise.resolve();
  const token = loginUser({
    authUrl: harness.idp.issuer,
    clientId: CLI.client_id,
    audience: harness.server.url,
    apiScopes: ['payroll:read', 'payroll:write'],
    fetch: harness.fetch,
    timeoutMs: 20_000,
    showUrl(url, redirectUri) {
      browsing = clerk({ url: new URL(url), redirectUri });
    },
    ...overrides,
  });
  const settled = await Promise.allSettled([token]);
  const browserResult = await browsing;
  if (settled[0].status === 'rejected') throw settled[0].reason;
  return { token: settled[0].value, browserResult };
}

const signInAndDeliver = (how = { account: ANNA.account }) => async ({ url }: Shown) => browser.deliver(await browser.signIn(url.href, how));

describe('authorization request (spec Authentication §5)', () => {
  it('asks {auth_url}/authorize for a code with PKCE S256, a random state, openid offline_access and the API scopes, redirecting to the loopback', async () => {
    let seen: Shown | undefined;
    const { token, browserResult } = await login(async (shown) => {
      seen = shown;
      return signInAndDeliver()(shown);
    });
    const url = seen!.url;
    expect(`${url.origin}${url.pathname}`).toBe(`${harness.idp.issuer}/authorize`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ response_type: 'code', client_id: CLI.client_id, scope: 'openid offline_access payroll:read payroll:write', code_challenge_method: 'S256', prompt: 'consent', audience: harness.server.url });
    expect(q.redirect_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(q.redirect_uri).toBe(seen!.redirectUri);
    expect(q.state).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q).not.toHaveProperty('code_verifier');
    expect(q).not.toHaveProperty('client_secret');
    expect(browserResult).toMatchObject({ status: 200 });
    expect((browserResult as { body: string }).body).toContain('You are signed in');

    expect(token).toMatchObject({ kind: 'user', client_id: CLI.client_id, auth_url: harness.idp.issuer, audience: harness.server.url, subject: ANNA.account });
    expect(token.refresh_token).toEqual(expect.any(String));
    const claims = decodeJwt(token.access_token);
    expect(claims).toMatchObject({ sub: ANNA.account, aud: harness.server.url, iss: harness.idp.issuer, payroll_orgs: ['*'] });
    expect(String(claims.scope).split(' ').sort()).toEqual(['payroll:read', 'payroll:write']);
  });
});

/** A user token source over `cache`, whose clock can be moved forward. */
function userTokens(cache: TokenCache, options: { clientId?: string; lockPath?: string; clock?: { offset: number } } = {}) {
  const clock = options.clock ?? { offset: 0 };
  return userTokenSource({
    authUrl: harness.idp.issuer,
    clientId: options.clientId ?? CLI.client_id,
    audience: harness.server.url,
    profileName: 'anna',
    fetch: harness.fetch,
    cache,
    ...(options.lockPath ? { lockPath: options.lockPath } : {}),
    now: () => Date.now() + clock.offset,
  });
}

async function signedIn(clientId = CLI.client_id): Promise<CachedToken> {
  return (await login(signInAndDeliver(), { clientId })).token;
}

describe('the user’s tokens at the API', () => {
  it('a remote call works with the access token from the sign-in, as the user', async () => {
    const cache = memoryTokenCache();
    cache.write(await signedIn());
    const service = createRemoteService({ baseUrl: tenant.baseUrl, tokens: userTokens(cache), fetch: harness.fetch });
    const created = await service.createOrganization({ legal_name: 'Anna Ltd', country: 'GB' } as never);
    const listed = await service.listOrganizations({} as never);
    expect((listed as { items: { id: string }[] }).items.map((o) => o.id)).toContain((created as { id: string }).id);
  });

  it('renews with grant_type=refresh_token once the access token is due, rotating the refresh token', async () => {
    const cache = memoryTokenCache();
    const first = await signedIn();
    cache.write(first);
    const clock = { offset: 0 };
    const tokens = userTokens(cache, { clock });
    expect(await tokens.token()).toBe(first.access_token); // fresh: no request
    const before = harness.idp.grants(CLI.client_id, 'refresh_token');
    clock.offset = Date.parse(first.renew_at) - Date.now() + 1000; // past renew_at
    const renewed = await tokens.token();
    expect(harness.idp.grants(CLI.client_id, 'refresh_token')).toBe(before + 1);
    expect(renewed).not.toBe(first.access_token);
    const after = cache.read()!;
    expect(after.access_token).toBe(renewed);
    expect(after.refresh_token).toEqual(expect.any(String));
    expect(after.refresh_token).not.toBe(first.refresh_token); // oidc-provider rotates a public client's refresh token
    expect(decodeJwt(renewed)).toMatchObject({ sub: ANNA.account, aud: harness.server.url, payroll_orgs: ['*'] });
    expect(Date.parse(after.expires_at)).toBeGreaterThan(Date.parse(first.expires_at));
    const service = createRemoteService({ baseUrl: tenant.baseUrl, tokens, fetch: harness.fetch });
    await expect(service.listOrganizations({} as never)).resolves.toHaveProperty('items');
  });

  it('after a real expiry the API refuses the old token and the client refreshes by itself', async () => {
    const cache = memoryTokenCache();
    const first = await signedIn(SHORT.client_id);
    cache.write(first);
    expect(Date.parse(first.expires_at) - Date.now()).toBeLessThanOrEqual(2000);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(first.expires_at) - Date.now() + 1100));
    const stale = await harness.fetch(`${tenant.baseUrl}/organizations`, { headers: { authorization: `Bearer ${first.access_token}` } });
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { code: string }).code).toBe('AUTH.TOKEN_EXPIRED');
    const before = harness.idp.grants(SHORT.client_id, 'refresh_token');
    const service = createRemoteService({ baseUrl: tenant.baseUrl, tokens: userTokens(cache, { clientId: SHORT.client_id }), fetch: harness.fetch });
    await expect(service.listOrganizations({} as never)).resolves.toHaveProperty('items');
    expect(harness.idp.grants(SHORT.client_id, 'refresh_token')).toBe(before + 1);
  });

  it('an access token the API refuses (401) is renewed once by refresh, keeping the sign-in', async () => {
    const cache = memoryTokenCache();
    const first = await signedIn();
    cache.write({ ...first, access_token: `${first.access_token.slice(0, -4)}AAAA` }); // broken signature, still "fresh"
    const before = harness.idp.grants(CLI.client_id, 'refresh_token');
    const service = createRemoteService({ baseUrl: tenant.baseUrl, tokens: userTokens(cache), fetch: harness.fetch });
    await expect(service.listOrganizations({} as never)).resolves.toHaveProperty('items');
    expect(harness.idp.grants(CLI.client_id, 'refresh_token')).toBe(before + 1);
    expect(cache.read()?.refresh_token).toEqual(expect.any(String));
  });

  it('a spent (rotated) refresh token is refused: sign in again, and the cache is cleared', async () => {
    const cache = memoryTokenCache();
    const first = await signedIn();
    const clock = { offset: Date.parse(first.renew_at) - Date.now() + 1000 };
    cache.write(first);
    await userTokens(cache, { clock }).token(); // spends first.refresh_token
    cache.write(first); // a stale copy of the cache, e.g. restored from a backup
    const error = await expectDomainError(userTokens(cache, { clock }).token(), 'unauthenticated');
    expect(error.code).toBe('AUTH.LOGIN_REQUIRED');
    expect(error.message).toMatch(/refused the refresh token of profile "anna" \(invalid_grant/);
    expect(error.message).toContain('payroll auth login --user --profile anna');
    expect(cache.read()).toBeNull();
  });

  it('without a refresh token an expired sign-in asks to sign in again; without a sign-in too', async () => {
    const cache = memoryTokenCache();
    const first = await signedIn();
    cache.write({ ...first, refresh_token: null, renew_at: new Date(0).toISOString(), expires_at: new Date(0).toISOString() });
    const error = await expectDomainError(userTokens(cache).token(), 'unauthenticated');
    expect(error.code).toBe('AUTH.LOGIN_REQUIRED');
    expect(error.message).toMatch(/expired and the identity provider issued no refresh token/);
    const none = await expectDomainError(userTokens(memoryTokenCache()).token(), 'unauthenticated');
    expect(none.message).toBe('profile "anna" is not signed in; sign in again: payroll auth login --user --profile anna');
  });

  it('two processes due at once spend the refresh token once (lock file), both get the new token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-refresh-'));
    try {
      const path = join(dir, 'anna.json');
      const first = await signedIn();
      fileTokenCache(path).write(first);
      const clock = { offset: Date.parse(first.renew_at) - Date.now() + 1000 };
      const before = harness.idp.grants(CLI.client_id, 'refresh_token');
      // Two token sources on one file, as two `payroll` processes would have.
      const [a, b] = await Promise.all([
        userTokens(fileTokenCache(path), { clock, lockPath: join(dir, 'anna.lock') }).token(),
        userTokens(fileTokenCache(path), { clock, lockPath: join(dir, 'anna.lock') }).token(),
      ]);
      expect(a).toBe(b);
      expect(harness.idp.grants(CLI.client_id, 'refresh_token')).toBe(before + 1);
      expect(existsSync(join(dir, 'anna.lock'))).toBe(false);
      expect(statSync(path).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a sign-in that fails is a clear error (exit 4) and yields nothing', () => {
  it('state mismatch: the answer is refused before the code is used', async () => {
    const before = harness.idp.grants(CLI.client_id, 'authorization_code');
    let page: { status: number; body: string } | undefined;
    const error = await expectDomainError(
      login(async ({ url }) => {
        const callback = await browser.signIn(url.href, { account: ANNA.account });
        callback.searchParams.set('state', 'forged-by-another-site');
        page = await browser.deliver(callback);
      }),
      'unauthenticated',
    );
    expect(error.code).toBe('AUTH.STATE_MISMATCH');
    expect(error.message).toMatch(/state that does not match this login \(possible cross-site request forgery\)/);
    expect(page?.status).toBe(400);
    expect(page?.body).toContain('state mismatch');
    expect(harness.idp.grants(CLI.client_id, 'authorization_code')).toBe(before);
  });

  it('an error redirect (the user declines) names the identity provider’s error', async () => {
    let page: { status: number; body: string } | undefined;
    const error = await expectDomainError(
      login(async ({ url }) => {
        page = await browser.deliver(await browser.signIn(url.href, { account: ANNA.account, decision: 'deny' }));
      }),
      'unauthenticated',
    );
    expect(error.code).toBe('AUTH.LOGIN_REFUSED');
    expect(error.message).toBe('the identity provider refused the sign-in: access_denied (the user declined the sign-in)');
    expect(page?.status).toBe(400);
  });

  it('a sign-in that never comes back times out', async () => {
    const error = await expectDomainError(login(async () => undefined, { timeoutMs: 300 }), 'unauthenticated');
    expect(error.code).toBe('AUTH.LOGIN_TIMEOUT');
    expect(error.message).toMatch(/^no sign-in arrived at http:\/\/127\.0\.0\.1:\d+\/callback within 0 s/);
  });

  it('the identity provider itself requires PKCE of this public client (no code_challenge → invalid_request)', async () => {
    const url = new URL(`${harness.idp.issuer}/authorize`);
    url.search = new URLSearchParams({ response_type: 'code', client_id: CLI.client_id, redirect_uri: 'http://127.0.0.1:9/callback', scope: 'openid', state: 'x'.repeat(43) }).toString();
    const callback = await browser.signIn(url.href, { account: ANNA.account });
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('error_description')).toMatch(/requires PKCE/);
  });
});
