import { DomainError, type ErrorKind, isDomainError } from '../service/ports.js';

/**
 * DomainError → HTTP answer (architecture.md "Errors"; docs/decisions.md H7).
 * Every error body carries `kind`, `code` and `message`, so the remote client rebuilds the very
 * DomainError the local service would have thrown (same exit code locally and remotely):
 * - validation → 422 `{detail:[{loc,msg,type}], ...}` (spec Errors §1);
 * - pagination → 400 `{error:"validation_error", message, details:{field,value}, ...}` (spec Errors §3);
 * - everything else → `{error: kind, kind, code, message, details?}`.
 * Internal failures never show their cause: the body names the request id the operator can find in the log.
 */
export const STATUS_OF_KIND: Record<ErrorKind, number> = {
  validation: 422,
  pagination: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  usage: 400,
  internal: 500,
};

/** Request-level refusals with their own HTTP status; the body keeps the validation shape (kind validation, exit 3). */
const STATUS_OF_CODE: Record<string, number> = { 'REQUEST.TOO_LARGE': 413, 'REQUEST.MEDIA_TYPE': 415, 'ROUTE.METHOD_NOT_ALLOWED': 405, 'REQUEST.RATE_LIMITED': 429 };

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** RFC 6750 §3: no error code when the request carried no credentials; invalid_token otherwise. */
function bearerChallenge(error: DomainError): string {
  if (error.code === 'AUTH.TOKEN_MISSING') return 'Bearer realm="payroll"';
  const description = error.message.replace(/["\\]/g, "'");
  return `Bearer realm="payroll", error="invalid_token", error_description="${description}"`;
}

export function errorAnswer(error: unknown, requestId: string): ErrorAnswer {
  if (!isDomainError(error) || error.kind === 'internal') {
    return {
      status: 500,
      headers: {},
      body: { error: 'internal', kind: 'internal', code: 'INTERNAL', message: `the service failed unexpectedly; quote request id ${requestId} to the operator`, request_id: requestId },
    };
  }
  const status = STATUS_OF_CODE[error.code] ?? STATUS_OF_KIND[error.kind];
  const common = { kind: error.kind, code: error.code, message: error.message };
  const headers: Record<string, string> = {};
  if (error.kind === 'unauthenticated') headers['WWW-Authenticate'] = bearerChallenge(error);
  if (error.kind === 'forbidden' && error.code === 'AUTH.SCOPE_MISSING') {
    const scope = typeof error.details?.required_scope === 'string' ? error.details.required_scope : undefined;
    headers['WWW-Authenticate'] = `Bearer realm="payroll", error="insufficient_scope"${scope ? `, scope="${scope}"` : ''}`;
  }
  // A rate-limited client is told when to come back (RFC 6585 §4, RFC 9110 §10.2.3: delay in seconds).
  if (error.code === 'REQUEST.RATE_LIMITED' && typeof error.details?.retry_after_seconds === 'number') headers['Retry-After'] = String(error.details.retry_after_seconds);
  if (error.kind === 'validation') {
    return { status, headers, body: { detail: error.issues.map(({ loc, msg, type }) => ({ loc, msg, type })), ...common, ...(error.details ? { details: error.details } : {}) } };
  }
  if (error.kind === 'pagination') {
    return { status, headers, body: { error: 'validation_error', message: error.message, details: error.details ?? {}, kind: error.kind, code: error.code } };
  }
  return { status, headers, body: { error: error.kind, ...common, ...(error.details ? { details: error.details } : {}) } };
}

/** Request-level refusals the server raises itself (before any use case runs). */
export const requestErrors = {
  tooLarge: (limit: number) => new DomainError('validation', 'REQUEST.TOO_LARGE', `the request body is larger than the limit of ${limit} bytes`, { issues: [{ loc: ['body'], msg: `larger than ${limit} bytes`, type: 'body_too_large' }] }),
  badJson: (reason: string) => new DomainError('validation', 'REQUEST.JSON_INVALID', `the request body is not valid JSON (${reason})`, { issues: [{ loc: ['body'], msg: `not valid JSON: ${reason}`, type: 'json_invalid' }] }),
  tooDeep: (loc: (string | number)[], max: number) =>
    new DomainError('validation', 'REQUEST.JSON_TOO_DEEP', `the request body nests objects and arrays more than ${max} levels deep at ${['body', ...loc].join('.')}`, {
      issues: [{ loc: ['body', ...loc], msg: `nests objects and arrays more than ${max} levels deep`, type: 'json_too_deep' }],
    }),
  mediaType: (got: string) => new DomainError('validation', 'REQUEST.MEDIA_TYPE', `the request body must be application/json (got ${got})`, { issues: [{ loc: ['header', 'content-type'], msg: 'must be application/json', type: 'unsupported_media_type' }] }),
  badHeader: (header: string, value: string) => new DomainError('validation', 'REQUEST.HEADER_INVALID', `header ${header} must be true or false (got "${value}")`, { issues: [{ loc: ['header', header], msg: 'must be true or false', type: 'bool_parsing' }] }),
  routeNotFound: (method: string, path: string) => new DomainError('not_found', 'ROUTE.NOT_FOUND', `no endpoint ${method} ${path}; see /openapi.json`),
  methodNotAllowed: (method: string, path: string, allowed: readonly string[]) =>
    new DomainError('usage', 'ROUTE.METHOD_NOT_ALLOWED', `${path} does not take ${method}; it takes ${allowed.join(', ')} (see /openapi.json)`, { details: { allowed: [...allowed] } }),
};
