import type { Context } from 'hono';
import { unknownQueryParameters } from '../service/contracts/query-rule.js';
import type { RouteArg, RouteSpec } from '../service/contracts/routes.js';
import { requestErrors } from './errors.js';

/**
 * Turns one HTTP request into the service method's argument list, as the route's RouteArg list
 * says (path parameter, query object, JSON body, raw bytes, header options). The use case itself
 * validates every value with the wire contract, so the server never checks a field twice.
 */
export async function readArgs(c: Context, route: RouteSpec): Promise<unknown[]> {
  // Query parameter names are checked here, for every route, whether or not it reads a query (decision H31).
  const unknown = unknownQueryParameters(route, readQuery(c));
  if (unknown) throw unknown;
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

/**
 * Deepest nesting of objects and arrays a JSON body may have (docs/decisions.md
 * H24). The deepest body of the contracts is about 6 levels (an organization's work site's
 * insurance data); free-form fields such as a bank account's account_details get the rest.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The path (loc) to the first object or array nested deeper than `max`, or null. A linear scan of
 * the text before JSON.parse, so an absurdly deep body never reaches the parser, zod or the store
 * (a recursive walk of ~4,100 levels overflowed the stack: a 500).
 */
export function jsonDepthExcess(text: string, max: number): (string | number)[] | null {
  // One frame per open object/array: the key or index of the value being read inside it.
  const stack: { array: boolean; key: string | number | null; expectKey: boolean }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22 /* " */) {
      const start = i;
      for (i += 1; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* \ */) i += 1;
        else if (c === 0x22) break;
      }
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        try {
          top.key = JSON.parse(text.slice(start, i + 1)) as string;
        } catch {
          top.key = text.slice(start + 1, i);
        }
        top.expectKey = false;
      }
    } else if (ch === 0x7b /* { */ || ch === 0x5b /* [ */) {
      if (stack.length >= max) return stack.map((frame) => frame.key ?? 0);
      const array = ch === 0x5b;
      stack.push({ array, key: array ? 0 : null, expectKey: !array });
    } else if (ch === 0x7d /* } */ || ch === 0x5d /* ] */) {
      stack.pop();
    } else if (ch === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.key = (top.key as number) + 1;
      else if (top) top.expectKey = true;
    }
  }
  return null;
}

/** An empty body is `undefined` (the use case then names the missing fields); bad JSON is a 422 at loc ["body"]. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type');
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  if (type && !JSON_TYPE.test(type)) throw requestErrors.mediaType(type);
  const tooDeep = jsonDepthExcess(text, MAX_JSON_DEPTH);
  if (tooDeep) throw requestErrors.tooDeep(tooDeep, MAX_JSON_DEPTH);
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
