import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Logger } from 'pino';
import { type Actor, DomainError, type PayrollService } from '../service/ports.js';
import { routes as routeTable, type RouteSpec } from '../service/contracts/routes.js';
import { readArgs } from './args.js';
import type { Authenticator } from './auth/authenticator.js';
import { encodeBinary } from './binary.js';
import { errorAnswer, requestErrors } from './errors.js';
import { acceptedRequestId, createPathMasker, maskSubject } from './logging.js';
import { buildOpenApi } from './openapi.js';
import { rateLimited, type RateLimiter } from './rate-limit.js';
import { allowedMethods, compareRouteSpecificity, toHonoPath } from './paths.js';

/**
 * The HTTP API (architecture.md: "server: Hono app: routes parse with contracts, call the service,
 * map errors"). Generic over the route table: every entry is mounted at exactly its method and
 * path, so a new service method with its route needs no change here.
 */
export interface AppOptions {
  /** The service acting for one caller (the serve command builds createLocalService over the shared store). */
  serviceFor(actor: Actor): PayrollService | Promise<PayrollService>;
  authenticator: Authenticator;
  logger?: Logger;
  /**
   * Body limits in bytes: JSON bodies (default 1 MiB) and raw uploads (default 21 MiB: just above
   * the documents' own 20 MiB rule, so a clerk sees the use case's own error, the same as locally).
   */
  limits?: { jsonBytes?: number; rawBytes?: number };
  /** Defaults to the shared route table; tests may pass their own. */
  routes?: Record<string, RouteSpec>;
  /** For /openapi.json. */
  publicUrl?: string;
  tokenUrl: string;
  version?: string;
  /** /health: true while the store answers. */
  healthy?: () => Promise<boolean>;
  /**
   * Per-client rate limit (rate-limit.ts; none by default): counted per token subject once the token is
   * verified, per client IP address for requests without a valid token and for /openapi.json; /health is never limited.
   */
  rateLimiter?: RateLimiter;
}

/** Contract version sent as `API-Version` on every answer (docs/decisions.md H6). */
export const API_VERSION = '1';

/**
 * Headers every answer carries (docs/decisions.md H28): a JSON API
 * is never sniffed into HTML, never framed, sends no Referer onwards, loads nothing (CSP
 * default-src 'none' also disarms an SVG document downloaded and opened in a browser), and is
 * never cached (answers carry personal data). HSTS only on HTTPS (RFC 6797 §7.2: not over plain HTTP).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
};
export const HSTS = 'max-age=31536000';

type Env = { Variables: { requestId: string; subject: string | null; route: string | null } };

export function createApp(options: AppOptions): Hono<Env> {
  const table = options.routes ?? (routeTable as Record<string, RouteSpec>);
  const jsonLimit = options.limits?.jsonBytes ?? 1024 * 1024;
  const rawLimit = options.limits?.rawBytes ?? 21 * 1024 * 1024;
  const version = options.version ?? '0.1.0';
  const app = new Hono<Env>();
  // Literal path segments of the route table are logged as they are; any other segment is a value
  // (an id, or whatever a caller put there) and is masked unless it is a UUID.
  const maskPath = createPathMasker([...Object.values(table).map((route) => route.path), '/health', '/openapi.json']);

  const answerError = (c: Context<Env>, error: unknown) => {
    const requestId = c.get('requestId') ?? 'unknown';
    const answer = errorAnswer(error, requestId);
    if (answer.status >= 500) options.logger?.error({ request_id: requestId, err: error instanceof DomainError ? { code: error.code, message: error.message } : error }, 'request failed');
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    // The unread rest of an oversized body would be read as the next request: end the connection.
    if (answer.status === 413) c.header('Connection', 'close');
    return c.json(answer.body, answer.status as 400);
  };

  app.use('*', async (c, next) => {
    const started = performance.now();
    // A caller's own request id is reused only when it is opaque (UUID or hex), so a name, an NI
    // number or an e-mail address sent as X-Request-Id never reaches the log.
    const requestId = acceptedRequestId(c.req.header('x-request-id')) ?? randomUUID();
    c.set('requestId', requestId);
    c.set('subject', null);
    c.set('route', null);
    await next();
    c.header('API-Version', API_VERSION);
    c.header('X-Request-Id', requestId);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value);
    if (new URL(c.req.url).protocol === 'https:') c.header('Strict-Transport-Security', HSTS);
    options.logger?.info(
      {
        request_id: requestId,
        method: c.req.method,
        path: maskPath(c.req.path),
        route: c.get('route'),
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        subject: maskSubject(c.get('subject')),
      },
      'request',
    );
  });
  app.onError((error, c) => answerError(c, error));
  // The peer's address as the TLS socket has it (@hono/node-server passes the IncomingMessage as env.incoming).
  const clientAddress = (c: Context<Env>): string => (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
  const countRequest = (key: string): void => {
    if (!options.rateLimiter) return;
    const decision = options.rateLimiter.take(key);
    if (!decision.allowed) throw rateLimited(options.rateLimiter.rule, decision.retryAfterSeconds);
  };
  // A path the API has, asked with a method it does not take: 405 with `Allow` (RFC 9110 §15.5.6), not 404.
  const methodsOf = allowedMethods([...Object.values(table), { method: 'GET', path: '/health' }, { method: 'GET', path: '/openapi.json' }]);
  app.notFound((c) => {
    const allowed = methodsOf(c.req.path);
    // A path that matches only with a trailing slash the routes do not take (`/pay-groups/`) is not routed for any
    // method: 404, never a 405 whose Allow names the method just refused (found by the property-based API test).
    if (allowed.length === 0 || allowed.includes(c.req.method)) return answerError(c, requestErrors.routeNotFound(c.req.method, c.req.path));
    c.header('Allow', allowed.join(', '));
    return answerError(c, requestErrors.methodNotAllowed(c.req.method, c.req.path, allowed));
  });

  app.get('/health', async (c) => {
    const ok = options.healthy ? await options.healthy().catch(() => false) : true;
    if (!ok) return answerError(c, new DomainError('unavailable', 'SERVICE.STORE_UNAVAILABLE', 'the store does not answer'));
    return c.json({ status: 'ok', version, api_version: API_VERSION });
  });
  let openapi: unknown = null;
  app.get('/openapi.json', (c) => {
    countRequest(`ip:${clientAddress(c)}`);
    openapi ??= buildOpenApi(table, { title: 'Payroll and Workforce Administration Service', version, apiVersion: API_VERSION, tokenUrl: options.tokenUrl, ...(options.publicUrl ? { serverUrl: options.publicUrl } : {}) });
    return c.json(openapi);
  });

  const entries = Object.entries(table).sort(([, a], [, b]) => compareRouteSpecificity(a.path, b.path));
  for (const [methodName, route] of entries) {
    const limit = route.args.some((a) => a.from === 'raw') ? rawLimit : jsonLimit;
    app.on(
      route.method,
      toHonoPath(route.path),
      bodyLimit({ maxSize: limit, onError: () => { throw requestErrors.tooLarge(limit); } }),
      async (c) => {
        c.set('route', `${route.method} ${route.path}`);
        let actor: Actor;
        try {
          actor = await options.authenticator.authenticate(c.req.header('authorization'));
        } catch (error) {
          // No verified caller: counted by address, so guessing tokens is limited as well.
          countRequest(`ip:${clientAddress(c)}`);
          throw error;
        }
        c.set('subject', actor.subject);
        countRequest(`sub:${actor.subject}`);
        if (!actor.scopes.has(route.scope)) {
          throw new DomainError('forbidden', 'AUTH.SCOPE_MISSING', `this operation needs the ${route.scope} scope, which the caller's token does not carry`, { details: { required_scope: route.scope } });
        }
        const args = await readArgs(c, route);
        const service = await options.serviceFor(actor);
        let result: unknown;
        try {
          const method = (service as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[methodName];
          if (typeof method !== 'function') throw new Error(`the service has no method ${methodName}`);
          result = await method.apply(service, args);
        } finally {
          await service.close();
        }
        if (route.status === 204 || result === undefined) return c.body(null, route.status === 204 ? 204 : (route.status as 200));
        if (route.binaryResponse) {
          const binary = encodeBinary(result);
          return c.body(binary.bytes as Uint8Array<ArrayBuffer>, route.status as 200, binary.headers);
        }
        return c.json(result as object, route.status as 200);
      },
    );
  }
  return app;
}
