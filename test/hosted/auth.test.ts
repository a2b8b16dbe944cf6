/**
 * Refusals of the hosted API, for real: a real OAuth 2 server issues the tokens, the API answers
 * over a real TLS socket. No token, an expired one, the wrong audience or issuer, a forged one,
 * another organization's data, a read-only client writing, plain HTTP.
 */
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientCredentialsTokenSource } from '../../src/client/token-source.js';
import { memoryTokenCache } from '../../src/client/token-cache.js';
import { createRemoteService } from '../../src/client/remote-service.js';
import { createApp } from '../../src/server/app.js';
import { createJwtAuthenticator } from '../../src/server/auth/authenticator.js';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { expectDomainError } from '../support/expect-error.js';
import { type RemoteHarness, startRemoteHarness, type Tenant } from '../support/remote-backend.js';
import type { TestClient } from './support/idp.js';

const secret = (name: string) => `${name}-secret-0123456789abcdefghijklmnop`;
const READER: TestClient = { client_id: 'reader', client_secret: secret('reader'), scope: 'payroll:read', orgs: ['*'] };
const ONE_ORG: TestClient = { client_id: 'one-org', client_secret: secret('one-org'), scope: 'payroll:read payroll:write', orgs: [] };
const NO_ORGS: TestClient = { client_id: 'no-orgs', client_secret: secret('no-orgs'), scope: 'payroll:read payroll:write' };
const SHORT: TestClient = { client_id: 'short-lived', client_secret: secret('short-lived'), scope: 'payroll:read payroll:write', orgs: ['*'], ttl: 4 };
const FEW_SECONDS: TestClient = { client_id: 'few-seconds', client_secret: secret('few-seconds'), scope: 'payroll:read', orgs: ['*'], ttl: 3 };
const WRITER: TestClient = { client_id: 'writer', client_secret: secret('writer'), scope: 'payroll:read payroll:write', orgs: ['*'] };
const AUDITOR: TestClient = { client_id: 'auditor', client_secret: secret('auditor'), scope: 'payroll:audit', orgs: [] };

let harness: RemoteHarness;
let tenant: Tenant;

beforeAll(async () => {
  harness = await startRemoteHarness({ clients: [READER, ONE_ORG, NO_ORGS, SHORT, FEW_SECONDS, WRITER, AUDITOR] });
});
afterAll(async () => harness.close());
beforeEach(async () => {
  tenant = await harness.tenant();
});
afterEach(async () => tenant.dispose());

function tokensFor(client: TestClient, audience = harness.server.url) {
  return clientCredentialsTokenSource({ authUrl: harness.idp.issuer, clientId: client.client_id, clientSecret: client.client_secret, audience, fetch: harness.fetch, cache: memoryTokenCache() });
}

async function call(path: string, init: { method?: string; token?: string | null; authorization?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.authorization) headers.authorization = init.authorization;
  else if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await harness.fetch(`${tenant.baseUrl}${path}`, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('authentication (spec Authentication §2, Errors §4)', () => {
  it('answers 401 with WWW-Authenticate: Bearer to a request without a token', async () => {
    const answer = await call('/organizations');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="payroll"');
    expect(answer.body).toMatchObject({ kind: 'unauthenticated', code: 'AUTH.TOKEN_MISSING' });
  });

  it('accepts a valid token from the real identity provider', async () => {
    const answer = await call('/organizations', { token: await harness.tokens.token() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ items: [], pagination: { total: 0 } });
    expect(answer.headers.get('api-version')).toBe('1');
  });

  it('refuses a malformed Authorization header', async () => {
    const answer = await call('/organizations', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="payroll", error="invalid_token"/);
    expect(answer.body?.code).toBe('AUTH.TOKEN_INVALID');
  });

  it('refuses an expired token', async () => {
    const token = await tokensFor(FEW_SECONDS).token();
    expect((await call('/organizations', { token })).status).toBe(200);
    const expiresAt = (decodeJwt(token).exp as number) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now()) + 200));
    const answer = await call('/organizations', { token });
    expect(answer.status).toBe(401);
    expect(answer.body?.code).toBe('AUTH.TOKEN_EXPIRED');
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses a token issued for another API (audience)', async () => {
    const token = await tokensFor(READER, 'https://other-api.example').token();
    const answer = await call('/organizations', { token });
    expect(answer.status).toBe(401);
    expect(answer.body?.code).toBe('AUTH.TOKEN_AUDIENCE');
  });

  it('refuses a token from an issuer it does not trust, even when the signature verifies', async () => {
    const store = await openStore(':memory:');
    try {
      const app = createApp({
        authenticator: createJwtAuthenticator({ issuer: 'https://issuer.invalid', audience: harness.server.url, jwksUrl: harness.idp.jwksUrl, fetch: harness.fetch }),
        tokenUrl: harness.idp.tokenUrl,
        serviceFor: (actor) => createLocalService(store, { actor, objects: createFolderObjectStore(join(tmpdir(), 'payroll-auth-unused')) }),
      });
      const response = await app.request('/organizations', { headers: { authorization: `Bearer ${await harness.tokens.token()}` } });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toBe('AUTH.TOKEN_ISSUER');
    } finally {
      await store.close();
    }
  });

  it('refuses forged tokens: HS256, alg none, and a key the identity provider never published', async () => {
    const claims = { sub: 'forger', scope: 'payroll:read payroll:write', payroll_orgs: ['*'] };
    const base = () => new SignJWT(claims).setIssuer(harness.idp.issuer).setAudience(harness.server.url).setIssuedAt().setExpirationTime('5m');
    const hs = await base().setProtectedHeader({ alg: 'HS256', kid: 'test-es256' }).sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await call('/organizations', { token: hs })).body?.code).toBe('AUTH.TOKEN_ALGORITHM');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iss: harness.idp.issuer, aud: harness.server.url, exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url')}.`;
    const noneAnswer = await call('/organizations', { token: none });
    expect(noneAnswer.status).toBe(401);
    const { privateKey } = await generateKeyPair('ES256');
    const foreign = await base().setProtectedHeader({ alg: 'ES256', kid: 'test-es256' }).sign(privateKey);
    const foreignAnswer = await call('/organizations', { token: foreign });
    expect(foreignAnswer.status).toBe(401);
    expect(foreignAnswer.body?.code).toBe('AUTH.TOKEN_SIGNATURE');
  });

  it('the remote client turns a refusal into the same DomainError kind (exit 4)', async () => {
    const service = createRemoteService({ baseUrl: tenant.baseUrl, tokens: tokensFor(READER, 'https://other-api.example'), fetch: harness.fetch });
    const error = await expectDomainError(service.listOrganizations({}), 'unauthenticated');
    expect(error.code).toBe('AUTH.TOKEN_AUDIENCE');
  });
});

describe('authorisation: scopes and organizations (docs/decisions.md H2, H3)', () => {
  it('the audit trail needs payroll:audit, which read and write do not imply; it records the token subject; payroll:audit alone reads nothing else (AU6)', async () => {
    const writer = createRemoteService({ baseUrl: tenant.baseUrl, tokens: tokensFor(WRITER), fetch: harness.fetch });
    const org = await writer.createOrganization({ legal_name: 'Audited Ltd', country: 'GB' });
    const other = await tenant.service.createOrganization({ legal_name: 'Elsewhere Ltd', country: 'GB' });
    const refused = await expectDomainError(writer.listAuditEvents(org.id, {}), 'forbidden');
    expect(refused.code).toBe('AUTH.SCOPE_MISSING');
    const raw = await call(`/organizations/${org.id}/audit-events`, { token: await tokensFor(WRITER).token() });
    expect(raw.status).toBe(403);
    expect(raw.body).toMatchObject({ kind: 'forbidden', code: 'AUTH.SCOPE_MISSING', details: { required_scope: 'payroll:audit' } });
    expect(raw.headers.get('www-authenticate')).toBe('Bearer realm="payroll", error="insufficient_scope", scope="payroll:audit"');
    expect((await call(`/organizations/${org.id}/audit-events`, { token: await tokensFor(READER).token() })).status).toBe(403);

    AUDITOR.orgs = [org.id];
    const auditor = createRemoteService({ baseUrl: tenant.baseUrl, tokens: tokensFor(AUDITOR), fetch: harness.fetch });
    const page = await auditor.listAuditEvents(org.id, {});
    // Who: the writer's token subject (its client id under client credentials).
    expect(page.items.map((e) => [e.actor, e.resource_type, e.action, e.resource_id])).toEqual([['writer', 'organization', 'create', org.id]]);
    expect((await expectDomainError(auditor.getOrganization(org.id), 'forbidden')).code).toBe('AUTH.SCOPE_MISSING');
    expect((await expectDomainError(auditor.listAuditEvents(other.id, {}), 'not_found')).code).toBe('ORGANIZATION.NOT_FOUND');
  });

  it('a read-only client reads but cannot write (403, insufficient_scope)', async () => {
    const reader = createRemoteService({ baseUrl: tenant.baseUrl, tokens: tokensFor(READER), fetch: harness.fetch });
    expect((await reader.listOrganizations({})).items).toEqual([]);
    const error = await expectDomainError(reader.createOrganization({ legal_name: 'Nope Ltd', country: 'GB' }), 'forbidden');
    expect(error.code).toBe('AUTH.SCOPE_MISSING');
    const raw = await call('/organizations', { method: 'POST', token: await tokensFor(READER).token(), body: { legal_name: 'Nope Ltd', country: 'GB' } });
    expect(raw.status).toBe(403);
    expect(raw.headers.get('www-authenticate')).toBe('Bearer realm="payroll", error="insufficient_scope", scope="payroll:write"');
    expect((await tenant.service.listOrganizations({})).pagination.total).toBe(0);
  });

  it('a client limited to one organization sees only it; another organization is a 404 like a missing one', async () => {
    const mine = await tenant.service.createOrganization({ legal_name: 'Mine GmbH', country: 'DE' });
    const theirs = await tenant.service.createOrganization({ legal_name: 'Theirs Ltd', country: 'GB' });
    ONE_ORG.orgs = [mine.id];
    const limited = createRemoteService({ baseUrl: tenant.baseUrl, tokens: tokensFor(ONE_ORG), fetch: harness.fetch });
    expect((await limited.getOrganization(mine.id)).legal_name).toBe('Mine GmbH');
    const list = await limited.listOrganizations({});
    expect(list.items.map((o) => o.id)).toEqual([mine.id]);
    expect(list.pagination.total).toBe(1);
    const other = await expectDomainError(limited.getOrganization(theirs.id), 'not_found');
    const missing = await expectDomainError(limited.getOrganization('0190f000-0000-7000-8000-000000000000'), 'not_found');
    expect(other.code).toBe(missing.code);
    expect(other.message.replace(theirs.id, 'ID')).toBe(missing.message.replace('0190f000-0000-7000-8000-000000000000', 'ID'));
    await expectDomainError(limited.updateOrganization(theirs.id, { legal_name: 'Hijacked' }), 'not_found');
    expect((await tenant.service.getOrganization(theirs.id)).legal_name).toBe('Theirs Ltd');
  });

  it('a token without the organizations claim reaches no organization', async () => {
    const org = await tenant.service.createOrganization({ legal_name: 'Somebody GmbH', country: 'DE' });
    const none = createRemoteService({ baseUrl: tenant.baseUrl, tokens: tokensFor(NO_ORGS), fetch: harness.fetch });
    expect((await none.listOrganizations({})).items).toEqual([]);
    await expectDomainError(none.getOrganization(org.id), 'not_found');
  });
});

describe('token lifetime (spec Authentication §4)', () => {
  it('renews the token shortly before it expires, with the same credentials', async () => {
    const tokens = tokensFor(SHORT);
    const service = createRemoteService({ baseUrl: tenant.baseUrl, tokens, fetch: harness.fetch });
    const before = harness.idp.issued(SHORT.client_id);
    await service.listOrganizations({});
    await service.listOrganizations({});
    expect(harness.idp.issued(SHORT.client_id)).toBe(before + 1);
    const first = tokens.cached();
    // A 4-second token is renewed after half its life (the 60 s margin is capped at half the lifetime).
    expect(Date.parse(first?.expires_at ?? '') - Date.parse(first?.renew_at ?? '')).toBe(2000);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(first?.renew_at ?? '') - Date.now()) + 100));
    await service.listOrganizations({});
    expect(harness.idp.issued(SHORT.client_id)).toBe(before + 2);
    expect(tokens.cached()?.access_token).not.toBe(first?.access_token);
  });

  it('fetches a new token once when the API refuses the cached one', async () => {
    const cache = memoryTokenCache();
    const far = new Date(Date.now() + 3600_000).toISOString();
    cache.write({ access_token: 'revoked.token.value', token_type: 'bearer', expires_at: far, renew_at: far, auth_url: harness.idp.issuer, client_id: READER.client_id, audience: harness.server.url, scope: null });
    const tokens = clientCredentialsTokenSource({ authUrl: harness.idp.issuer, clientId: READER.client_id, clientSecret: READER.client_secret, audience: harness.server.url, fetch: harness.fetch, cache });
    const before = harness.idp.issued(READER.client_id);
    const service = createRemoteService({ baseUrl: tenant.baseUrl, tokens, fetch: harness.fetch });
    expect((await service.listOrganizations({})).items).toEqual([]);
    expect(harness.idp.issued(READER.client_id)).toBe(before + 1);
  });

  it('wrong client credentials are an authentication failure (exit 4)', async () => {
    const tokens = clientCredentialsTokenSource({ authUrl: harness.idp.issuer, clientId: READER.client_id, clientSecret: 'wrong-secret', audience: harness.server.url, fetch: harness.fetch });
    const error = await expectDomainError(tokens.token(), 'unauthenticated');
    expect(error.code).toBe('AUTH.CLIENT_REJECTED');
  });
});

describe('HTTPS only (spec Authentication §2)', () => {
  it('refuses plain HTTP on the TLS port with an explicit https_required answer', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: harness.server.port, path: '/organizations', method: 'GET' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: 'https_required', message: 'This service accepts HTTPS only: use https://...' });
  });

  it('the client refuses an http:// base URL before sending anything (usage error)', async () => {
    const service = createRemoteService({ baseUrl: `http://127.0.0.1:${harness.server.port}`, tokens: { token: async () => 'x', invalidate() {}, cached: () => null }, fetch: harness.fetch });
    const error = await expectDomainError(service.listOrganizations({}), 'usage');
    expect(error.code).toBe('CLI.HTTPS_REQUIRED');
  });
});

describe('the same DomainError locally and remotely', () => {
  it('validation: same kind, code, message and issues', async () => {
    const store = await openStore(':memory:');
    const local = createLocalService(store, { actor: localActor('x'), objects: createFolderObjectStore(join(tmpdir(), 'payroll-auth-unused')), ownsStore: true });
    try {
      const body = { country: 'XX', legal_name: '', website: 7 };
      const here = await expectDomainError(local.createOrganization(body), 'validation');
      const there = await expectDomainError(tenant.service.createOrganization(body), 'validation');
      expect({ kind: there.kind, code: there.code, message: there.message, issues: there.issues }).toEqual({ kind: here.kind, code: here.code, message: here.message, issues: here.issues });
      // A query string carries text, so the CLI's string form is the comparable input.
      const pageHere = await expectDomainError(local.listOrganizations({ size: '101' }), 'pagination');
      const pageThere = await expectDomainError(tenant.service.listOrganizations({ size: '101' }), 'pagination');
      expect({ code: pageThere.code, message: pageThere.message, details: pageThere.details }).toEqual({ code: pageHere.code, message: pageHere.message, details: pageHere.details });
    } finally {
      await local.close();
    }
  });
});
