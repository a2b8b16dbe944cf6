import type { Context } from 'hono';
import type { RouteArg, RouteSpec } from '../service/contracts/routes.js';
import { requestErrors } from './errors.js';

/**
 * Turns one HTTP request into the service method's argument list, as the route's RouteArg list
 * says (path parameter, query object, JSON body, raw bytes, header options). The use case itself
 * validates every value with the wire contract, so the server never checks a field twice.
 */
export async function readArgs(c: Context, route: RouteSpec): Promise<unknown[]> {
  const args: unknown[] = [];
  for (const arg of route.args) args.push(await readArg(c, arg));
  return args;
}

async function readArg(c: Context, arg: RouteArg): Promise<unknown> {
  switch (arg.from) {
    case 'path':
      return c.req.param(arg.name);
    case 'query':
      return readQuery(c);
    case 'body':
      return readJsonBody(c);
    case 'raw':
      return new Uint8Array(await c.req.arrayBuffer());
    case 'header-options':
      return readHeaderOption(c, arg.header, arg.option);
  }
}

/** Query string → plain object; a repeated key becomes an array (e.g. ?status=active&status=archived). */
export function readQuery(c: Context): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) query[key] = values.length === 1 ? (values[0] as string) : values;
  return query;
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** An empty body is `undefined` (the use case then names the missing fields); bad JSON is a 422 at loc ["body"]. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type');
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  if (type && !JSON_TYPE.test(type)) throw requestErrors.mediaType(type);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw requestErrors.badJson((error as Error).message);
  }
}

/** `X-Include-Execution-History: true` → `{ includeExecutionHistory: true }`; absent → `{}` (the use case's default). */
function readHeaderOption(c: Context, header: string, option: string): Record<string, boolean> {
  const raw = c.req.header(header);
  if (raw === undefined || raw.trim() === '') return {};
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === '1') return { [option]: true };
  if (value === 'false' || value === '0') return { [option]: false };
  throw requestErrors.badHeader(header, raw);
}
