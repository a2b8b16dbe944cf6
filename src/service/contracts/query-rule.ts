import { z } from 'zod';
import type { DomainError } from '../../domain/errors.js';
import { unknownQueryParametersIn } from './query-parameters.js';
import type { RouteSpec } from './routes.js';

/**
 * One rule for the query string of every route (issue 20 F9; decision H31, docs/decisions.md): a query
 * parameter the route's query schema does not name is refused with the spec's validation error (Errors §1, 422)
 * at loc ["query", name], type `unknown_parameter`, naming what the route takes. A route that reads no query takes
 * no parameter at all. The server applies it to every request (server/args.ts), the local service to every direct
 * call (service/local.ts) and the remote client to every call before sending (client/remote-service.ts), so a
 * misspelt filter never widens a list silently.
 */

const namesCache = new WeakMap<RouteSpec, readonly string[]>();

/** The query parameter names a route takes: the keys of its query schema (none when it reads no query). */
export function queryParameterNames(route: RouteSpec): readonly string[] {
  const known = namesCache.get(route);
  if (known) return known;
  let names: readonly string[] = [];
  if (route.args.some((a) => a.from === 'query')) {
    // Every query schema is an object (service/contracts/list-queries.ts and the use cases' own): its keys are the
    // parameters the OpenAPI document lists one by one (server/openapi.ts queryParameters).
    if (!(route.query instanceof z.ZodObject)) throw new Error(`route ${route.method} ${route.path} reads a query but its query schema is not an object`);
    names = Object.keys(route.query.shape);
  }
  namesCache.set(route, names);
  return names;
}

/** The validation error for the query parameters of `query` the route does not take, or null (null and undefined values are not sent). */
export function unknownQueryParameters(route: RouteSpec, query: Record<string, unknown> | null | undefined): DomainError | null {
  return unknownQueryParametersIn(queryParameterNames(route), query);
}
