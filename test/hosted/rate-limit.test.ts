/**
 * Per-client rate limiting of `payroll serve` (issue 20 point 3; docs/decisions.md OPS4–OPS6): the rule's
 * syntax, the token bucket's arithmetic on a clock of our own, the 429 answer (spec error body shape,
 * `Retry-After` in seconds) per token subject and per IP address, /health never limited, the remote client's
 * reading of it, /openapi.json documenting it, and the serve flag.
 */
import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../../src/client/errors.js';
import { createHttpsFetch } from '../../src/client/https-fetch.js';
import { DomainError } from '../../src/domain/errors.js';
import { createApp } from '../../src/server/app.js';
import type { Authenticator } from '../../src/server/auth/authenticator.js';
import { listenHttpsOnly } from '../../src/server/https-only.js';
import { createRateLimiter, parseRateLimit, type RateLimiter } from '../../src/server/rate-limit.js';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';
import type { RouteSpec } from '../../src/service/contracts/routes.js';
import { routes as realRoutes } from '../../src/service/contracts/routes.js';
import type { PayrollService } from '../../src/service/ports.js';
import { cliSandbox, runCli } from '../support/cli.js';

describe('the rule', () => {
  it('reads REQUESTS/PERIOD and off', () => {
    expect(parseRateLimit('600/min')).toEqual({ limit: 600, windowMs: 60_000, text: '600/min' });
    expect(parseRateLimit('10/s')).toEqual({ limit: 10, windowMs: 1_000, text: '10/s' });
    expect(parseRateLimit('100/10s')).toEqual({ limit: 100, windowMs: 10_000, text: '100/10s' });
    expect(parseRateLimit(' 5000 / hour ')).toEqual({ limit: 5000, windowMs: 3_600_000, text: '5000 / hour' });
    expect(parseRateLimit('off')).toBeNull();
    expect(parseRateLimit('')).toBeNull();
    for (const bad of ['600', '0/min', '-1/min', '10/fortnight', '1.5/s', 'many/min', '10/0s']) expect(() => parseRateLimit(bad), bad).toThrow(/must be REQUESTS\/PERIOD/);
  });
});

describe('the token bucket', () => {
  it('takes a burst of `limit`, then one request per limit-th of the window, and says how long to wait', () => {
    let t = 0;
    const limiter = createRateLimiter(parseRateLimit('6/min')!, { now: () => t });
    for (let i = 0; i < 6; i += 1) expect(limiter.take('a')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // Empty: one token comes back every 10 s.
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    t = 4_000;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    // Another client is not affected.
    expect(limiter.take('b').allowed).toBe(true);
    t = 10_000;
    expect(limiter.take('a')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    // A whole window later the burst is back, never more than `limit`.
    t = 600_000;
    let taken = 0;
    while (limiter.take('a').allowed) taken += 1;
    expect(taken).toBe(6);
  });

  it('a refused request takes nothing; Retry-After is at least 1 s', () => {
    let t = 0;
    const limiter = createRateLimiter(parseRateLimit('100/s')!, { now: () => t });
    for (let i = 0; i < 100; i += 1) limiter.take('a');
    for (let i = 0; i < 50; i += 1) expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    t = 10; // 10 ms: one token back, the 50 refusals did not dig a hole
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('forgets clients whose bucket is full again once it tracks too many (a flood of addresses cannot grow memory)', () => {
    let t = 0;
    const limiter = createRateLimiter(parseRateLimit('2/s')!, { now: () => t, maxTracked: 100 });
    for (let i = 0; i < 100; i += 1) limiter.take(`ip:${i}`);
    expect(limiter.size()).toBe(100);
    t = 1_000; // all of them full again
    limiter.take('ip:new');
    expect(limiter.size()).toBe(1);
  });
});

const table: Record<string, RouteSpec> = {
  ping: { method: 'GET', path: '/ping', args: [], status: 200, specEndpoint: null, scope: 'payroll:read', summary: 'ping' },
};
const service = { target: 'fake', async close() {}, async ping() { return { pong: true }; } } as unknown as PayrollService;
const authenticator: Authenticator = {
  async authenticate(header) {
    const subject = /^Bearer (\w+)$/.exec(header ?? '')?.[1];
    if (!subject || subject === 'bad') throw new DomainError('unauthenticated', 'AUTH.TOKEN_INVALID', 'bad token');
    return { subject, organizations: 'all', scopes: new Set(['payroll:read']) };
  },
};

/** Records which keys the app counted. */
function recording(limiter: RateLimiter): RateLimiter & { keys: string[] } {
  const keys: string[] = [];
  return { rule: limiter.rule, size: () => limiter.size(), keys, take: (key) => (keys.push(key), limiter.take(key)) };
}

describe('429 from the app', () => {
  it('per token subject: the spec error body shape, Retry-After in seconds; other subjects and /health unaffected', async () => {
    let t = 0;
    const limiter = recording(createRateLimiter(parseRateLimit('3/min')!, { now: () => t }));
    const app = createApp({ authenticator, tokenUrl: 'https://idp.test/oauth/token', routes: table, serviceFor: () => service, rateLimiter: limiter });
    const get = (token: string) => app.request('https://api.test/ping', { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < 3; i += 1) expect((await get('alice')).status).toBe(200);
    const refused = await get('alice');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(refused.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await refused.json()) as Record<string, unknown>;
    expect(body).toEqual({
      error: 'unavailable',
      kind: 'unavailable',
      code: 'REQUEST.RATE_LIMITED',
      message: 'too many requests from this client (limit 3/min); try again in 20 s',
      details: { limit: 3, window_seconds: 60, retry_after_seconds: 20 },
    });
    // The remote client rebuilds the same error (exit 7, "try again"), as for any unavailable answer.
    const rebuilt = errorFromResponse(429, JSON.stringify(body), 'https://api.test');
    expect({ kind: rebuilt.kind, code: rebuilt.code }).toEqual({ kind: 'unavailable', code: 'REQUEST.RATE_LIMITED' });
    expect((await get('bob')).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expect((await app.request('https://api.test/health')).status).toBe(200);
    t = 20_000;
    expect((await get('alice')).status).toBe(200);
    expect(limiter.keys.filter((k) => k === 'sub:alice')).toHaveLength(5);
    expect(limiter.keys).not.toContain('ip:unknown'); // /health is never counted
  });

  it('without a valid token the address is counted: after the limit, guesses get 429 instead of 401', async () => {
    const limiter = recording(createRateLimiter(parseRateLimit('2/min')!, { now: () => 0 }));
    const app = createApp({ authenticator, tokenUrl: 'https://idp.test/oauth/token', routes: table, serviceFor: () => service, rateLimiter: limiter });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await app.request('https://api.test/ping', { headers: { authorization: 'Bearer bad' } })).status);
    expect(statuses).toEqual([401, 401, 429, 429]);
    // No address in app.request (no socket): all such callers share one bucket.
    expect(new Set(limiter.keys)).toEqual(new Set(['ip:unknown']));
  });

  it('no limiter (the default): never 429', async () => {
    const app = createApp({ authenticator, tokenUrl: 'https://idp.test/oauth/token', routes: table, serviceFor: () => service });
    for (let i = 0; i < 50; i += 1) expect((await app.request('https://api.test/ping', { headers: { authorization: 'Bearer alice' } })).status).toBe(200);
  });

  it('over a real TLS socket the peer address is the key', async () => {
    const { cert, key } = generateDevCertificate();
    const limiter = recording(createRateLimiter(parseRateLimit('2/min')!));
    const app = createApp({ authenticator, tokenUrl: 'https://idp.test/oauth/token', routes: table, serviceFor: () => service, rateLimiter: limiter });
    const server = await listenHttpsOnly((request, env) => app.fetch(request, env), { cert, key, port: 0 });
    const fetch = createHttpsFetch({ ca: cert });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${server.url}/openapi.json`)).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect(new Set(limiter.keys)).toEqual(new Set(['ip:127.0.0.1']));
    } finally {
      fetch.close();
      await server.close();
    }
  });
});

describe('documented', () => {
  it('/openapi.json lists 429 with Retry-After on every operation of the route table', async () => {
    const app = createApp({ authenticator, tokenUrl: 'https://idp.test/oauth/token', serviceFor: () => service });
    const doc = (await (await app.request('https://api.test/openapi.json')).json()) as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { headers?: Record<string, unknown> }> }>> };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods)).filter((op) => op.operationId !== 'health' && op.operationId !== 'openapi');
    expect(operations.length).toBe(Object.keys(realRoutes).length);
    for (const op of operations) expect(op.responses['429']?.headers?.['Retry-After'], op.operationId).toEqual({ description: expect.stringContaining('seconds'), schema: { type: 'integer', minimum: 1 } });
  });

  it('payroll serve refuses a rule it cannot read (exit 2), naming the flag or the variable', async () => {
    const { env } = cliSandbox();
    const flag = await runCli(['serve', '--dev', '--port', '0', '--issuer', 'https://127.0.0.1:9', '--rate-limit', '600/fortnight'], { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--rate-limit must be REQUESTS/PERIOD');
    const variable = await runCli(['serve', '--dev', '--port', '0', '--issuer', 'https://127.0.0.1:9'], { env: { ...env, PAYROLL_RATE_LIMIT: 'lots' } });
    expect(variable.code).toBe(2);
    expect(variable.stderr).toContain('PAYROLL_RATE_LIMIT must be REQUESTS/PERIOD');
  });
});
