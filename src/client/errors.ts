import { DomainError, type ErrorKind, type FieldIssue } from '../service/ports.js';

/**
 * An error answer back into the DomainError the local service would have thrown (same kind, code,
 * message, issues, details), so the CLI exits with the same code in both modes (cli.md). The
 * server writes `kind` and `code` into every error body (src/server/errors.ts); answers without
 * them (a proxy, a load balancer) are classified by status. Any 5xx is `unavailable` (exit 7).
 */
const KINDS = new Set<ErrorKind>(['validation', 'pagination', 'unauthenticated', 'forbidden', 'not_found', 'conflict', 'unavailable', 'usage', 'internal']);

function kindOfStatus(status: number): ErrorKind {
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'validation';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409 || status === 412) return 'conflict';
  if (status >= 500) return 'unavailable';
  return 'internal';
}

function isIssue(value: unknown): value is FieldIssue {
  if (!value || typeof value !== 'object') return false;
  const issue = value as Record<string, unknown>;
  return Array.isArray(issue.loc) && typeof issue.msg === 'string' && typeof issue.type === 'string';
}

export function errorFromResponse(status: number, text: string, origin: string): DomainError {
  let body: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: classified by status below
  }
  if (status >= 500) {
    const code = typeof body.code === 'string' ? body.code : `HTTP.${status}`;
    const message = typeof body.message === 'string' ? body.message : `${origin} answered ${status}`;
    return new DomainError('unavailable', code, `${message} (HTTP ${status} from ${origin})`, body.request_id ? { details: { request_id: body.request_id } } : {});
  }
  const claimed = typeof body.kind === 'string' && KINDS.has(body.kind as ErrorKind) ? (body.kind as ErrorKind) : null;
  const issues = Array.isArray(body.detail) ? body.detail.filter(isIssue).map(({ loc, msg, type }) => ({ loc, msg, type })) : [];
  const kind = claimed ?? (body.error === 'validation_error' ? 'pagination' : kindOfStatus(status));
  const code = typeof body.code === 'string' ? body.code : `HTTP.${status}`;
  const message = typeof body.message === 'string' ? body.message : issues.length > 0 ? `Validation failed: ${issues.map((i) => `${i.loc.join('.')}: ${i.msg}`).join('; ')}` : `${origin} answered ${status}`;
  const details = body.details && typeof body.details === 'object' && !Array.isArray(body.details) ? (body.details as Record<string, unknown>) : undefined;
  return new DomainError(kind, code, message, { issues, ...(details ? { details } : {}) });
}

/** A connection that failed (refused, reset, TLS, DNS, timeout): exit 7. */
export function unreachable(origin: string, error: unknown): DomainError {
  const cause = error as NodeJS.ErrnoException;
  const reason = cause?.code ?? (error instanceof Error ? error.message : String(error));
  const tlsHint = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(reason) ? ' (the server certificate is not trusted: set the profile’s ca_file or NODE_EXTRA_CA_CERTS)' : '';
  return new DomainError('unavailable', 'REMOTE.UNREACHABLE', `cannot reach ${origin}: ${reason}${tlsHint}`);
}
