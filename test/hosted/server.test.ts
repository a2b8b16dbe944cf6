/**
 * The served API with the real route table: health, the OpenAPI document, the error bodies of the
 * spec, request logging that never leaks secrets, and graceful shutdown of the HTTPS listener.
 */
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpsFetch } from '../../src/client/https-fetch.js';
import { createLogger, createPathMasker, maskSubject } from '../../src/server/logging.js';
import { jsonDepthExcess } from '../../src/server/args.js';
import { listenHttpsOnly } from '../../src/server/https-only.js';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';
import { routes } from '../../src/service/contracts/routes.js';
import { type RemoteHarness, startRemoteHarness, type Tenant } from '../support/remote-backend.js';

let harness: RemoteHarness;
let tenant: Tenant;
let logLines: string[];

beforeAll(async () => {
  harness = await startRemoteHarness();
});
afterAll(async () => harness.close());
beforeEach(async () => {
  logLines = [];
  tenant = await harness.tenant({ logger: createLogger({ destination: { write: (line: string) => logLines.push(line) } }) });
});
afterEach(async () => tenant.dispose());

async function call(path: string, init: { method?: string; body?: string; headers?: Record<string, string>; auth?: boolean } = {}) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.auth !== false) headers.authorization = `Bearer ${await harness.tokens.token()}`;
  if (init.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await harness.fetch(`${tenant.baseUrl}${path}`, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('operations endpoints', () => {
  it('GET /health answers without a token', async () => {
    const answer = await call('/health', { auth: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', api_version: '1' });
  });

  it('GET /openapi.json describes every route of the table, and every $ref resolves', async () => {
    const answer = await call('/openapi.json', { auth: false });
    expect(answer.status).toBe(200);
    const doc = answer.body as { paths: Record<string, Record<string, { operationId: string; 'x-spec-endpoint'?: number; 'x-extension'?: boolean }>>; components: { schemas: Record<string, unknown> } };
    for (const [name, route] of Object.entries(routes)) {
      const operation = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(name);
      if (route.specEndpoint === null) expect(operation?.['x-extension']).toBe(true);
      else expect(operation?.['x-spec-endpoint']).toBe(route.specEndpoint);
    }
    expect(doc.paths['/organizations']?.get?.['x-spec-endpoint']).toBe(12);
    const refs = [...answer.text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty(ref);
    expect(answer.text).not.toContain('#/$defs/');
  });
});

describe('error bodies in the spec’s shapes (Errors §1, §3)', () => {
  it('validation: 422 {detail:[{loc,msg,type}]} plus kind and code', async () => {
    const answer = await call('/organizations', { method: 'POST', body: JSON.stringify({ country: 'GB' }) });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ kind: 'validation', code: 'VALIDATION.FAILED' });
    expect(answer.body?.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'legal_name'] }));
  });

  it('pagination: 400 {error:"validation_error", message, details:{field, value}}', async () => {
    const answer = await call('/organizations?size=0');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'validation_error', details: { field: 'size', value: '0' } });
    expect(typeof answer.body?.message).toBe('string');
    const sort = await call('/organizations?sort_order=sideways');
    expect(sort.body).toMatchObject({ error: 'validation_error', details: { field: 'sort_order', value: 'sideways' } });
  });

  it('not found 404, conflict 409, malformed JSON 422, too large 413', async () => {
    expect((await call('/organizations/0190f000-0000-7000-8000-000000000000')).body).toMatchObject({ kind: 'not_found', code: 'ORGANIZATION.NOT_FOUND' });
    const org = await tenant.service.createOrganization({ legal_name: 'Stale GmbH', country: 'DE' });
    const stale = await call(`/organizations/${org.id}`, { method: 'PATCH', body: JSON.stringify({ legal_name: 'X', row_version: 99 }) });
    expect(stale.status).toBe(409);
    expect(stale.body?.code).toBe('ORGANIZATION.STALE_VERSION');
    const bad = await call('/organizations', { method: 'POST', body: '{"legal_name": "A",' });
    expect(bad.status).toBe(422);
    expect(bad.body?.detail).toEqual([expect.objectContaining({ loc: ['body'], type: 'json_invalid' })]);
    const big = await call('/organizations', { method: 'POST', body: JSON.stringify({ legal_name: 'x'.repeat(1024 * 1024 + 10), country: 'GB' }) });
    expect(big.status).toBe(413);
  });
});

describe('request log (pino)', () => {
  it('records method, path, status, duration and subject, and never a token, an IBAN or a tax id', async () => {
    const token = await harness.tokens.token();
    const iban = 'DE89370400440532013000';
    const taxNumber = '2181508150';
    const created = await call('/organizations', {
      method: 'POST',
      body: JSON.stringify({ legal_name: 'Log GmbH', country: 'DE', bank_accounts: [{ financial_institution_name: 'Testbank', iban }], tax_identifiers: { tax_data: { country: 'DE', tax_number: taxNumber } } }),
    });
    expect(created.status).toBe(201);
    await call(`/organizations/${iban}`);
    await call(`/organizations/12345678901`);
    await call(`/organizations?search=${iban}&size=5`);
    const text = logLines.join('');
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries[0]).toMatchObject({ method: 'POST', path: '/organizations', route: 'POST /organizations', status: 201, subject: 'local:contract-test' });
    expect(typeof entries[0]?.duration_ms).toBe('number');
    expect(entries[1]).toMatchObject({ method: 'GET', status: 404, route: 'GET /organizations/{organization_id}' });
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2] as string);
    expect(text.toLowerCase()).not.toContain('bearer');
    expect(text).not.toContain(iban);
    expect(text).not.toContain(taxNumber);
    expect(text).not.toContain('12345678901');
  });

  it('masks every path segment that is not a word of the route table or a UUID', () => {
    const mask = createPathMasker(Object.values(routes).map((route) => route.path));
    expect(mask('/organizations/DE89370400440532013000')).toBe('/organizations/DE****************3000');
    expect(mask('/employees/QQ123456C/x')).toBe('/employees/*********/*');
    expect(mask('/tax/12345678901')).toBe('/***/***********');
    expect(mask('/organizations/max.mustermann%40example.de/bank-accounts')).toBe('/organizations/***********************de/bank-accounts');
    expect(mask('/organizations/Erika%20Mustermann')).toBe('/organizations/**************nn');
    expect(mask('/organizations/01935b2c-1234-7abc-8def-123456789012/bank-accounts/42')).toBe('/organizations/01935b2c-1234-7abc-8def-123456789012/bank-accounts/42');
    expect(maskSubject('erika.mustermann@example.de')).toBe('****************@example.de');
    expect(maskSubject('local:contract-test')).toBe('local:contract-test');
  });

  it('masks personal data in request ids and path segments of the logged line (issue 12)', async () => {
    const values = ['QQ123456C', 'Erika.Mustermann', 'ErikaMustermann', '12345678901', 'erika@example.de', 'GB82WEST12345698765432'];
    for (const value of values) {
      await call(`/organizations/${encodeURIComponent(value)}`, { headers: { 'x-request-id': value } });
      await call(`/organizations/0190f000-0000-7000-8000-000000000000/employees/${encodeURIComponent(value)}`, { headers: { "x-request-id": value } });
    }
    const traced = await call('/organizations', { headers: { 'x-request-id': '4bf92f3577b34da6a3ce929d0e0e4736' } });
    expect(traced.headers.get('x-request-id')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const text = logLines.join('');
    for (const value of values) {
      expect(text).not.toContain(value);
      expect(text).not.toContain(encodeURIComponent(value));
    }
    const entries = logLines.map((line) => JSON.parse(line) as { request_id: string; path: string });
    expect(entries).toHaveLength(values.length * 2 + 1);
    expect(entries[0]?.path).toBe('/organizations/*********');
    expect(entries[0]?.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(entries.at(-1)?.request_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });
});

describe('security headers', () => {
  it('every answer, success or error, open or authenticated, carries them; HSTS over HTTPS', async () => {
    const answers = [await call('/health', { auth: false }), await call('/organizations'), await call('/organizations/nope'), await call('/organizations', { auth: false }), await call('/no/such/route')];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(answer.headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
  });
});

describe('JSON nesting depth', () => {
  it('~4,100-deep nesting in account_details is a 422 naming the field, never a 500; 32 levels pass the edge', async () => {
    const org = await tenant.service.createOrganization({ legal_name: 'Deep GmbH', country: 'DE' });
    const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const deep = await call(`/organizations/${org.id}/bank-accounts/list`, { method: 'POST', body: `[{"financial_institution_name":"Testbank","iban":"DE89370400440532013000","account_details":${nested(4100)}}]` });
    expect(deep.status).toBe(422);
    expect(deep.body).toMatchObject({ kind: 'validation', code: 'REQUEST.JSON_TOO_DEEP' });
    const detail = (deep.body?.detail as { loc: unknown[]; type: string }[])[0];
    expect(detail?.type).toBe('json_too_deep');
    expect(detail?.loc.slice(0, 4)).toEqual(['body', '0', 'account_details', 'a']);
    expect(detail?.loc).toHaveLength(33);
    // Within the limit (the body itself is level 1): stored and read back.
    const ok = await call(`/organizations/${org.id}/bank-accounts/list`, { method: 'POST', body: `[{"financial_institution_name":"Testbank","iban":"DE89370400440532013000","account_details":${nested(30)}}]` });
    expect(ok.status).toBe(201);
  });

  it('the depth scan follows keys and array indexes, and ignores brackets inside strings', () => {
    expect(jsonDepthExcess('{"x":"[[[[[[","y":[1,{"z":[[[]]]}]}', 5)).toEqual(['y', 1, 'z', 0, 0]);
    expect(jsonDepthExcess('{"x":"[[[[[[\\\"[[[","y":[1,{"z":[[]]}]}', 5)).toBeNull();
    expect(jsonDepthExcess('[[[', 2)).toEqual([0, 0]);
  });
});

describe('graceful shutdown', () => {
  it('stops accepting, lets the in-flight request finish, then closes', async () => {
    const { cert, key } = generateDevCertificate();
    let release: () => void = () => {};
    // Start the server and one slow request.
    const server = await listenHttpsOnly(
      async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return new Response('done');
      },
      { cert, key, port: 0 },
    );
    const fetch = createHttpsFetch({ ca: cert });
    const slow = fetch(`${server.url}/slow`);
    while (server.inFlight() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const closing = server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // New connections are refused while the slow request is still running.
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(server.port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    release();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('done');
    await closing;
    expect(server.inFlight()).toBe(0);
    fetch.close();
  });
});
