import { z } from 'zod';
import type { RouteSpec } from '../service/contracts/routes.js';
import { errorBody, healthBody, paginationErrorBody, validationErrorBody } from './error-schemas.js';
import { MAX_FRACTION_DIGITS, MAX_INTEGER_DIGITS } from '../service/contracts/common.js';
import { MAX_EMPLOYEES, READ_SCOPE_MAX_EMPLOYEES } from '../service/contracts/germany-payroll.js';
import { MAX_JSON_DEPTH } from './args.js';
import { pathParameters as PATH_PARAMETERS } from '../service/contracts/list-queries.js';
import { examplesOf } from '../service/contracts/request-examples.js';

/**
 * GET /openapi.json: OpenAPI 3.1 generated from the route table and its zod schemas
 * (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Named schemas (`.meta({id})`)
 * become components; spec endpoints carry `x-spec-endpoint: <number>`, our additions `x-extension: true`.
 */
export interface OpenApiInfo {
  title: string;
  version: string;
  apiVersion: string;
  serverUrl?: string;
  /** `{auth_url}/oauth/token` (spec Authentication §3). */
  tokenUrl: string;
}

type Json = Record<string, unknown>;

class Components {
  readonly schemas: Record<string, Json> = {};

  /** Converts one schema, moving its $defs into components (renaming when an input and an output form differ). */
  add(schema: z.ZodType, io: 'input' | 'output'): Json {
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
    const defs = (converted.$defs ?? {}) as Record<string, Json>;
    delete converted.$defs;
    delete converted.$schema;
    const rename = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) {
      let target = name;
      const text = JSON.stringify(def);
      if (this.schemas[target] && JSON.stringify(this.schemas[target]) !== text) target = `${name}${io === 'input' ? 'Input' : 'Output'}`;
      rename.set(name, target);
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value && typeof value === 'object') {
        const out: Json = {};
        for (const [key, inner] of Object.entries(value as Json)) {
          out[key] = key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/') ? `#/components/schemas/${rename.get(inner.slice(8)) ?? inner.slice(8)}` : rewrite(inner);
        }
        return out;
      }
      return value;
    };
    for (const [name, def] of Object.entries(defs)) this.schemas[rename.get(name) as string] = rewrite(def) as Json;
    return rewrite(converted) as Json;
  }
}

const PARAM_PATTERN = /\{([^}]+)\}/g;

/** A schema converted by Components, with a top-level `$ref` (a named schema) resolved to its definition. */
function resolved(schema: Json, components: Components): Json {
  const ref = typeof schema.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/') ? schema.$ref.slice('#/components/schemas/'.length) : null;
  return ref ? (components.schemas[ref] ?? schema) : schema;
}

/** A parameter's description moves from its schema to the parameter (where generators and readers look). */
function parameter(name: string, where: 'query' | 'path', required: boolean, schema: Json): Json {
  const { description, ...rest } = schema;
  return { name, in: where, required, ...(typeof description === 'string' ? { description } : {}), schema: rest };
}

/**
 * Query parameters, one by one, from the route's query schema (issue 20 F8: the document used to show one
 * catch-all `query` object). A route that reads a query without declaring its schema is a build error here.
 */
function queryParameters(operationId: string, route: RouteSpec, components: Components): Json[] {
  if (!route.args.some((a) => a.from === 'query')) return [];
  if (!route.query) throw new Error(`route ${operationId} reads a query but declares no query schema (service/contracts/routes.ts)`);
  const schema = resolved(components.add(route.query, 'input'), components);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ ...parameter(name, 'query', required.has(name), property), style: 'form', explode: false }));
}

/** Path parameters: opaque id strings, except those service/contracts/list-queries.ts types (integer ids, Betriebsnummern, kinds). */
function pathParameters(route: RouteSpec, components: Components): Json[] {
  return [...route.path.matchAll(PARAM_PATTERN)].map((match) => {
    const name = match[1] as string;
    const typed = PATH_PARAMETERS[name];
    return parameter(name, 'path', true, typed ? resolved(components.add(typed, 'input'), components) : { type: 'string', minLength: 1, maxLength: 64 });
  });
}

/** Headers every answer carries (src/server/app.ts), and those of some answers. */
const HEADERS: Record<string, Json> = {
  'API-Version': { description: 'the contract version of this service (docs/decisions.md H6)', schema: { type: 'string' } },
  'X-Request-Id': { description: 'the request id (the caller’s own when it is a UUID or hex, else a new UUID); quote it to the operator', schema: { type: 'string' } },
  'WWW-Authenticate': { description: 'RFC 6750 §3 bearer challenge: `Bearer realm="payroll"`, with error="invalid_token" (401) or error="insufficient_scope" and the scope (403)', schema: { type: 'string' } },
  'Content-Disposition': { description: 'attachment with the file name (RFC 6266, filename*=UTF-8\'\'…)', schema: { type: 'string' } },
  'Payroll-Binary-Fields': { description: 'base64url JSON of the answer’s other fields (file_name, mime_type, sha256, document_id, …) and the name of the bytes field', schema: { type: 'string' } },
  Allow: { description: 'the methods the path takes (RFC 9110 §10.2.1)', schema: { type: 'string' } },
};
const headerRefs = (...names: string[]): Json => Object.fromEntries(['API-Version', 'X-Request-Id', ...names].map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const errorResponses = (components: Components, route: RouteSpec | null) => {
  const ref = (schema: z.ZodType) => ({ 'application/json': { schema: components.add(schema, 'output') } });
  const jsonBody = route?.args.some((a) => a.from === 'body') ?? false;
  return {
    '400': { description: 'pagination parameter error (spec Errors §3)', headers: headerRefs(), content: ref(paginationErrorBody) },
    '401': { description: 'no, expired or invalid bearer token', headers: headerRefs('WWW-Authenticate'), content: ref(errorBody) },
    '403': { description: 'the token lacks the scope this operation needs', headers: headerRefs('WWW-Authenticate'), content: ref(errorBody) },
    '404': { description: 'not found, or another organization’s data', headers: headerRefs(), content: ref(errorBody) },
    '409': { description: 'conflict: duplicate or invalid state transition', headers: headerRefs(), content: ref(errorBody) },
    '413': { description: 'request body too large: JSON bodies over 1 MiB, uploads over 21 MiB (REQUEST.TOO_LARGE)', headers: headerRefs(), content: ref(validationErrorBody) },
    ...(jsonBody ? { '415': { description: 'the body is not JSON: Content-Type must be application/json or application/*+json (REQUEST.MEDIA_TYPE)', headers: headerRefs(), content: ref(validationErrorBody) } } : {}),
    '422': { description: `validation error (spec Errors §1); also a query parameter the operation does not list (loc ["query", name], type unknown_parameter, QUERY.UNKNOWN_PARAMETER; decision H31), a JSON body nested more than ${MAX_JSON_DEPTH} levels deep (REQUEST.JSON_TOO_DEEP), a decimal with more than ${MAX_INTEGER_DIGITS} digits before the point`, headers: headerRefs(), content: ref(validationErrorBody) },
    '429': {
      description: 'too many requests from this client (REQUEST.RATE_LIMITED), only when the operator set a limit (payroll serve --rate-limit): counted per token subject, per IP address without a valid token',
      headers: { ...headerRefs(), 'Retry-After': { description: 'seconds until the next request is taken (RFC 9110 §10.2.3)', schema: { type: 'integer', minimum: 1 } } },
      content: ref(errorBody),
    },
    '503': { description: 'the service or its identity provider is unavailable', headers: headerRefs(), content: ref(errorBody) },
  };
};

/** The success answer: JSON, nothing (204), or bytes with their real media types. */
function successResponse(route: RouteSpec, response: Json | null): Json {
  if (route.status === 204) return { description: 'done', headers: headerRefs() };
  if (route.binaryResponse) {
    const types = route.binaryMediaTypes ?? ['application/octet-stream'];
    return {
      description: types.includes('*/*') ? 'the content, with the media type it was uploaded as (Content-Type = its mime_type)' : `the file (${types.join(' or ')})`,
      headers: headerRefs('Content-Disposition', 'Payroll-Binary-Fields'),
      content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', contentMediaType: type === '*/*' ? 'application/octet-stream' : type } }])),
    };
  }
  return { description: 'success', headers: headerRefs(), ...(response ? { content: { 'application/json': { schema: response } } } : {}) };
}

export function buildOpenApi(table: Record<string, RouteSpec>, info: OpenApiInfo): Json {
  const components = new Components();
  const paths: Record<string, Record<string, Json>> = {};
  for (const [operationId, route] of Object.entries(table)) {
    const response = route.response ? components.add(route.response, 'output') : null;
    const parameters: Json[] = pathParameters(route, components);
    for (const arg of route.args) {
      if (arg.from === 'header-options') parameters.push({ name: arg.header, in: 'header', required: false, schema: { type: 'string', enum: ['true', 'false', '1', '0'], default: 'false' } });
    }
    parameters.push(...queryParameters(operationId, route, components));
    const operation: Json = {
      operationId,
      summary: route.summary,
      tags: [route.path.split('/')[1] === 'gb' || route.path.split('/')[1] === 'germany' ? route.path.split('/')[1] : (route.path.split('/').filter((s) => s && !s.startsWith('{')).at(-1) ?? 'default')],
      ...(route.specEndpoint === null ? { 'x-extension': true } : { 'x-spec-endpoint': route.specEndpoint }),
      parameters,
      security: [{ bearer: [] }, { oauth2: [route.scope] }],
      'x-required-scope': route.scope,
      responses: {
        [String(route.status)]: successResponse(route, response),
        ...errorResponses(components, route),
      },
    };
    if (route.args.some((a) => a.from === 'raw')) operation.requestBody = { required: true, content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
    else if (route.args.some((a) => a.from === 'body')) {
      const examples = examplesOf(operationId);
      const shown = examples.length === 0 ? {} : examples.length === 1 ? { example: examples[0] } : { examples: Object.fromEntries(examples.map((value, i) => [`example${i + 1}`, { value }])) };
      operation.requestBody = { required: true, content: { 'application/json': { schema: route.request ? components.add(route.request, 'input') : {}, ...shown } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  paths['/health'] = { get: { operationId: 'health', summary: 'Liveness: the process answers and its store is open', security: [], 'x-extension': true, responses: { '200': { description: 'ok', headers: headerRefs(), content: { 'application/json': { schema: components.add(healthBody, 'output') } } }, '503': { description: 'the store does not answer', headers: headerRefs(), content: { 'application/json': { schema: components.add(errorBody, 'output') } } } } } };
  paths['/openapi.json'] = { get: { operationId: 'openapi', summary: 'This document', security: [], 'x-extension': true, responses: { '200': { description: 'OpenAPI 3.1 document', headers: headerRefs(), content: { 'application/json': { schema: { type: 'object' } } } } } } };
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, 'x-api-version': info.apiVersion, description: `Every request needs HTTPS and an OAuth 2 bearer token (client credentials; audience = this base URL). Paths are unversioned; the API-Version response header names the contract version (docs/decisions.md H6), X-Request-Id the request. A path asked with a method it does not take answers 405 with Allow (components.responses.MethodNotAllowed); a JSON body sent with another Content-Type answers 415. Every operation takes exactly the query parameters it lists: any other answers 422 naming it (loc ["query", name], type unknown_parameter), on every path alike. Limits: JSON bodies at most 1 MiB and ${MAX_JSON_DEPTH} levels deep; every decimal at most ${MAX_INTEGER_DIGITS} digits before the point and ${MAX_FRACTION_DIGITS} after; POST /germany/payroll at most ${MAX_EMPLOYEES} employees, ${READ_SCOPE_MAX_EMPLOYEES} for a caller with only payroll:read.` },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    security: [{ bearer: [] }, { oauth2: [] }],
    paths,
    components: {
      schemas: components.schemas,
      headers: HEADERS,
      responses: {
        // Not per operation: any path asked with a method it does not take (docs/decisions.md H30).
        MethodNotAllowed: { description: 'the path does not take this method; Allow lists those it takes (RFC 9110 §15.5.6; ROUTE.METHOD_NOT_ALLOWED)', headers: headerRefs('Allow'), content: { 'application/json': { schema: components.add(errorBody, 'output') } } },
        NotFound: { description: 'no such path (ROUTE.NOT_FOUND)', headers: headerRefs(), content: { 'application/json': { schema: components.add(errorBody, 'output') } } },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: info.tokenUrl, scopes: { 'payroll:read': 'read every resource of the organizations the token names', 'payroll:write': 'create and change them (implies payroll:read)', 'payroll:audit': 'read the audit trail of the organizations the token names (implied by no other scope)' } } },
        },
      },
    },
  };
}
