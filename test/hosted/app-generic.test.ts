/**
 * The server and the remote client are generic over the route table: these tests drive both with a
 * table of their own (every RouteArg kind, 204, bytes, errors), joined in-process through
 * app.request, so a future route of any shape is known to travel intact.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../src/domain/errors.js';
import type { HttpsFetch } from '../../src/client/https-fetch.js';
import { buildQuery, createRemoteService } from '../../src/client/remote-service.js';
import { errorFromResponse } from '../../src/client/errors.js';
import { createApp } from '../../src/server/app.js';
import type { Authenticator } from '../../src/server/auth/authenticator.js';
import type { RouteSpec } from '../../src/service/contracts/routes.js';
import type { Actor, PayrollService } from '../../src/service/ports.js';
import { expectDomainError } from '../support/expect-error.js';

const table: Record<string, RouteSpec> = {
  getThing: { method: 'GET', path: '/things/{thing_id}', args: [{ from: 'path', name: 'thing_id' }, { from: 'query' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'a thing', query: z.object({ status: z.array(z.string()).optional(), size: z.int().optional(), empty: z.string().optional() }) },
  getSpecial: { method: 'GET', path: '/things/special', args: [], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'the special thing' },
  runThing: {
    method: 'POST', path: '/things/{thing_id}/run', args: [{ from: 'path', name: 'thing_id' }, { from: 'body' }, { from: 'header-options', header: 'X-Include-Execution-History', option: 'includeExecutionHistory' }], status: 201, specEndpoint: 99, scope: 'payroll:write', summary: 'run',
    request: z.object({ amount: z.string() }).meta({ id: 'RunRequest' }), response: z.object({ ok: z.boolean() }),
  },
  upload: { method: 'PUT', path: '/things/{thing_id}/content', args: [{ from: 'path', name: 'thing_id' }, { from: 'raw' }], status: 200, specEndpoint: null, scope: 'payroll:write', summary: 'upload' },
  download: { method: 'GET', path: '/things/{thing_id}/content', args: [{ from: 'path', name: 'thing_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'download', binaryResponse: true },
  downloadRaw: { method: 'GET', path: '/things/{thing_id}/bytes', args: [{ from: 'path', name: 'thing_id' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'bytes', binaryResponse: true },
  remove: { method: 'DELETE', path: '/things/{thing_id}', args: [{ from: 'path', name: 'thing_id' }], status: 204, specEndpoint: null, scope: 'payroll:write', summary: 'remove' },
  explode: { method: 'POST', path: '/explode', args: [], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'fails' },
  refuse: { method: 'POST', path: '/refuse', args: [{ from: 'body' }], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'refuses' },
};

const uploads = new Map<string, Uint8Array>();
const seen: { actor: Actor | null } = { actor: null };

const fakeService = {
  target: 'fake',
  async close() {},
  async getThing(id: string, query: Record<string, unknown>) {
    return { id, query };
  },
  async getSpecial() {
    return { special: true };
  },
  async runThing(id: string, body: unknown, options: Record<string, unknown>) {
    return { id, body, options };
  },
  async upload(id: string, bytes: Uint8Array) {
    uploads.set(id, bytes);
    return { id, size: bytes.byteLength, is_bytes: bytes instanceof Uint8Array };
  },
  async download(id: string) {
    return { bytes: uploads.get(id) ?? new Uint8Array(), mime_type: 'application/pdf', file_name: `${id}.pdf`, size: uploads.get(id)?.byteLength ?? 0 };
  },
  async downloadRaw(id: string) {
    return uploads.get(id) ?? new Uint8Array();
  },
  async remove(_id: string) {},
  async explode() {
    throw new Error('SELECT * FROM secrets: database exploded at /srv/payroll/db');
  },
  async refuse(_body: unknown) {
    throw new DomainError('conflict', 'THING.LOCKED', 'the thing is locked', { details: { locked_by: 'someone' } });
  },
};

/** A stand-in authenticator: these tests are about argument transport, not tokens (auth.test.ts uses the real IdP). */
const authenticator: Authenticator = {
  async authenticate(header) {
    if (header !== 'Bearer good') throw new DomainError('unauthenticated', 'AUTH.TOKEN_INVALID', 'bad token');
    return { subject: 'tester', organizations: 'all', scopes: new Set(['payroll:read', 'payroll:write']) };
  },
};

const app = createApp({
  authenticator,
  tokenUrl: 'https://idp.test/oauth/token',
  routes: table,
  serviceFor: (actor) => {
    seen.actor = actor;
    return fakeService as unknown as PayrollService;
  },
  limits: { jsonBytes: 1000, rawBytes: 5000 },
});

const inProcess: HttpsFetch = Object.assign(async (url: string | URL, init?: Parameters<HttpsFetch>[1]) => app.request(String(url), init as RequestInit), { close() {} });
const client = createRemoteService({ baseUrl: 'https://api.test', routes: table, fetch: inProcess, tokens: { token: async () => 'good', invalidate() {}, cached: () => null } }) as unknown as typeof fakeService;

describe('arguments travel as the route says', () => {
  it('path parameters are encoded and decoded exactly, query arrays repeat the key', async () => {
    const id = 'a/b c?d&e=%';
    const answer = await client.getThing(id, { status: ['active', 'archived'], size: 5, empty: null });
    expect(answer).toEqual({ id, query: { status: ['active', 'archived'], size: '5' } });
    expect(buildQuery({ a: [1, 2], b: undefined, c: true })).toBe('?a=1&a=2&c=true');
  });

  it('a literal path segment wins over a parameter, whatever the table order', async () => {
    expect(await client.getSpecial()).toEqual({ special: true });
  });

  it('JSON body, header option and the route status', async () => {
    const response = await app.request('https://api.test/things/t1/run', { method: 'POST', headers: { authorization: 'Bearer good', 'content-type': 'application/json', 'x-include-execution-history': 'true' }, body: '{"amount":"12.50"}' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 't1', body: { amount: '12.50' }, options: { includeExecutionHistory: true } });
    expect(await client.runThing('t2', { amount: '1' }, { includeExecutionHistory: false })).toEqual({ id: 't2', body: { amount: '1' }, options: { includeExecutionHistory: false } });
    expect(await client.runThing('t3', { amount: '1' }, {})).toEqual({ id: 't3', body: { amount: '1' }, options: {} });
    expect(seen.actor?.subject).toBe('tester');
  });

  it('a header option that is not a boolean is a 422 naming the header', async () => {
    const response = await app.request('https://api.test/things/t1/run', { method: 'POST', headers: { authorization: 'Bearer good', 'content-type': 'application/json', 'x-include-execution-history': 'maybe' }, body: '{}' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: unknown[] }).detail).toEqual([{ loc: ['header', 'X-Include-Execution-History'], msg: 'must be true or false', type: 'bool_parsing' }]);
  });

  it('raw bytes up and down, alone or with their fields', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 37, 80, 68, 70]);
    expect(await client.upload('doc', bytes)).toEqual({ id: 'doc', size: 9, is_bytes: true });
    const withFields = (await client.download('doc')) as unknown as { bytes: Uint8Array; mime_type: string; file_name: string; size: number };
    expect(withFields.bytes).toBeInstanceOf(Uint8Array);
    expect([...withFields.bytes]).toEqual([...bytes]);
    expect(withFields).toMatchObject({ mime_type: 'application/pdf', file_name: 'doc.pdf', size: 9 });
    const plain = (await client.downloadRaw('doc')) as unknown as Uint8Array;
    expect([...plain]).toEqual([...bytes]);
    const response = await app.request('https://api.test/things/doc/content', { headers: { authorization: 'Bearer good' } });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''doc.pdf");
  });

  it('204 answers no body and the client returns undefined', async () => {
    const response = await app.request('https://api.test/things/x', { method: 'DELETE', headers: { authorization: 'Bearer good' } });
    expect(response.status).toBe(204);
    expect(await client.remove('x')).toBeUndefined();
  });
});

describe('errors', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    app.request(`https://api.test${path}`, { method: 'POST', headers: { authorization: 'Bearer good', 'content-type': 'application/json', ...headers }, body });

  it('malformed JSON is a 422 at loc ["body"]', async () => {
    const response = await post('/things/t1/run', '{"amount": ');
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: unknown[]; type: string }[]; code: string };
    expect(body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    expect(body.code).toBe('REQUEST.JSON_INVALID');
  });

  it('a body over the limit is a 413, JSON and raw alike', async () => {
    const response = await post('/things/t1/run', JSON.stringify({ amount: 'x'.repeat(2000) }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('REQUEST.TOO_LARGE');
    const raw = await app.request('https://api.test/things/big/content', { method: 'PUT', headers: { authorization: 'Bearer good', 'content-type': 'application/octet-stream' }, body: new Uint8Array(6000) });
    expect(raw.status).toBe(413);
    const error = await expectDomainError(client.upload('big', new Uint8Array(6000)), 'validation');
    expect(error.code).toBe('REQUEST.TOO_LARGE');
  });

  it('a body that is not JSON is a 415', async () => {
    const response = await post('/things/t1/run', 'amount=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(415);
  });

  it('a domain error keeps kind, code, message and details', async () => {
    const response = await post('/refuse', '{}');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'conflict', kind: 'conflict', code: 'THING.LOCKED', message: 'the thing is locked', details: { locked_by: 'someone' } });
    const error = await expectDomainError(client.refuse({}), 'conflict');
    expect(error.details).toEqual({ locked_by: 'someone' });
  });

  it('an unexpected failure is a 500 that shows no internals; the client calls it unavailable (exit 7)', async () => {
    const response = await post('/explode', '');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/SELECT|secrets|\/srv/);
    const body = JSON.parse(text) as { code: string; request_id: string };
    expect(body.code).toBe('INTERNAL');
    expect(response.headers.get('x-request-id')).toBe(body.request_id);
    const error = await expectDomainError(client.explode(), 'unavailable');
    expect(error.message).not.toMatch(/SELECT/);
  });

  it('a path the API has, asked with another method, is a 405 naming the methods it takes in Allow (issue 20 F9)', async () => {
    const response = await app.request('https://api.test/things/t1/run', { method: 'GET', headers: { authorization: 'Bearer good' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toMatchObject({ kind: 'usage', code: 'ROUTE.METHOD_NOT_ALLOWED', details: { allowed: ['POST'] } });
    const health = await app.request('https://api.test/health', { method: 'DELETE' });
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toBe('GET');
    // With a trailing slash the routes do not take, no method is routed: 404, not a 405 naming the method refused.
    const slash = await app.request('https://api.test/things/t1/run/', { method: 'POST', headers: { authorization: 'Bearer good' } });
    expect(slash.status).toBe(404);
    expect(((await slash.json()) as { code: string }).code).toBe('ROUTE.NOT_FOUND');
  });

  it('an unknown route is a 404 pointing at /openapi.json', async () => {
    const response = await app.request('https://api.test/nothing/here', { headers: { authorization: 'Bearer good' } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('ROUTE.NOT_FOUND');
  });

  it('answers without our error body are classified by status', () => {
    expect(errorFromResponse(502, '<html>Bad gateway</html>', 'https://api.test').kind).toBe('unavailable');
    expect(errorFromResponse(401, '', 'https://api.test').kind).toBe('unauthenticated');
    expect(errorFromResponse(404, 'nope', 'https://api.test').kind).toBe('not_found');
    expect(errorFromResponse(400, JSON.stringify({ error: 'validation_error', message: 'size must be at most 100', details: { field: 'size', value: '101' } }), 'https://api.test')).toMatchObject({ kind: 'pagination', message: 'size must be at most 100', details: { field: 'size', value: '101' } });
  });
});

describe('GET /openapi.json', () => {
  it('documents every route of the table from its zod schemas, with security and spec numbers', async () => {
    const response = await app.request('https://api.test/openapi.json');
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, route] of Object.entries(table)) expect(doc.paths[route.path]?.[route.method.toLowerCase()]?.operationId).toBe(name);
    const run = doc.paths['/things/{thing_id}/run']?.post as Record<string, unknown>;
    expect(run['x-spec-endpoint']).toBe(99);
    expect(doc.paths['/explode']?.post?.['x-extension']).toBe(true);
    expect(JSON.stringify(run.requestBody)).toContain('#/components/schemas/RunRequest');
    expect(doc.components.schemas.RunRequest).toMatchObject({ type: 'object', properties: { amount: { type: 'string' } } });
    expect(doc.components.securitySchemes.oauth2).toMatchObject({ type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://idp.test/oauth/token' } } });
    expect(run.security).toEqual([{ bearer: [] }, { oauth2: ['payroll:write'] }]);
    expect(doc.paths['/health']?.get?.security).toEqual([]);
  });
});
