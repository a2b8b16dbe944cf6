import { DomainError, isDomainError, type PayrollService } from '../service/ports.js';
import { routes as routeTable, type RouteSpec } from '../service/contracts/routes.js';
import { unknownQueryParameters } from '../service/contracts/query-rule.js';
import { decodeBinary } from './binary.js';
import { errorFromResponse, unreachable } from './errors.js';
import type { HttpsFetch } from './https-fetch.js';
import type { TokenSource } from './token-source.js';

/**
 * The remote PayrollService: every method generated from the route table, so a new use case with
 * its route entry works remotely without a line here. Arguments travel as the route says (path
 * parameter, query string, JSON body, raw bytes, header option); error answers come back as the
 * same DomainError the local service throws.
 */
export interface RemoteServiceOptions {
  baseUrl: string;
  tokens: TokenSource;
  fetch: HttpsFetch;
  routes?: Record<string, RouteSpec>;
  /** Printed after writes (`→ remote https://…`). */
  target?: string;
}

/** Fills `{placeholders}` from the path arguments, percent-encoding each value. */
export function buildPath(route: RouteSpec, args: unknown[]): string {
  const values = new Map<string, unknown>();
  route.args.forEach((arg, index) => {
    if (arg.from === 'path') values.set(arg.name, args[index]);
  });
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values.get(name);
    if (value === undefined || value === null || value === '') {
      throw new DomainError('validation', 'VALIDATION.FAILED', `Validation failed: path.${name}: is required`, { issues: [{ loc: ['path', name], msg: 'is required', type: 'missing' }] });
    }
    return encodeURIComponent(String(value));
  });
}

/** A query object → query string: arrays repeat the key, null/undefined are left out, objects are JSON. */
export function buildQuery(query: unknown): string {
  if (query === undefined || query === null) return '';
  const params = new URLSearchParams();
  const put = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    params.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  };
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (Array.isArray(value)) value.forEach((item) => put(key, item));
    else put(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createRemoteService(options: RemoteServiceOptions): PayrollService {
  const table = options.routes ?? (routeTable as Record<string, RouteSpec>);
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;

  async function send(route: RouteSpec, args: unknown[], retried = false): Promise<unknown> {
    const headers: Record<string, string> = { accept: route.binaryResponse ? '*/*' : 'application/json' };
    let body: string | Uint8Array | undefined;
    let query = '';
    route.args.forEach((arg, index) => {
      const value = args[index];
      if (arg.from === 'query') {
        // The server refuses a parameter the route does not take (decision H31): refused here the same way, never sent.
        const unknown = unknownQueryParameters(route, value as Record<string, unknown> | undefined);
        if (unknown) throw unknown;
        query = buildQuery(value);
      }
      else if (arg.from === 'body' && value !== undefined) {
        body = JSON.stringify(value);
        headers['content-type'] = 'application/json';
      } else if (arg.from === 'raw') {
        body = value instanceof Uint8Array ? value : typeof value === 'string' ? Buffer.from(value, 'utf8') : new Uint8Array();
        headers['content-type'] = 'application/octet-stream';
      } else if (arg.from === 'header-options' && value && typeof value === 'object') {
        const option = (value as Record<string, unknown>)[arg.option];
        if (option !== undefined && option !== null) headers[arg.header] = String(Boolean(option));
      }
    });
    const url = `${base}${buildPath(route, args)}${query}`;
    headers.authorization = `Bearer ${await options.tokens.token()}`;
    let response: Response;
    try {
      response = await options.fetch(url, { method: route.method, headers, ...(body !== undefined ? { body } : {}) });
    } catch (error) {
      if (isDomainError(error)) throw error;
      throw unreachable(origin, error);
    }
    if (response.status === 401 && !retried) {
      // The cached token was refused (expired early, revoked, keys rotated): fetch a new one once.
      options.tokens.invalidate();
      return send(route, args, true);
    }
    if (!response.ok) throw errorFromResponse(response.status, await response.text(), origin);
    if (route.binaryResponse) return decodeBinary(new Uint8Array(await response.arrayBuffer()), response.headers);
    const text = await response.text();
    if (response.status === 204 || text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new DomainError('unavailable', 'REMOTE.BAD_ANSWER', `${origin} answered ${response.status} with a body that is not JSON`);
    }
  }

  const service: Record<string, unknown> = {
    target: options.target ?? `remote ${base}`,
    async close() {
      options.fetch.close();
    },
  };
  for (const [name, route] of Object.entries(table)) {
    service[name] = (...args: unknown[]) => send(route, args);
  }
  return service as unknown as PayrollService;
}
