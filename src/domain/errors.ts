/**
 * Domain errors: a stable code, a message a clerk can act on, and the field path it concerns.
 * The server maps `kind` to an HTTP status and the CLI maps it to an exit code
 * (architecture.md "Errors", cli.md "Exit codes"), so the same error means the same thing everywhere.
 */
export type ErrorKind =
  | 'validation' // 422, exit 3
  | 'pagination' // 400 with {error,message,details}, exit 3
  | 'unauthenticated' // 401, exit 4
  | 'forbidden' // 403, exit 4
  | 'not_found' // 404, exit 6
  | 'conflict' // 409, exit 5
  | 'unavailable' // 5xx / unreachable, exit 7
  | 'usage' // exit 2 (CLI only)
  | 'internal'; // 500, exit 1

export interface FieldIssue {
  /**
   * Location of the faulty input, e.g. ["body", "iban"] or ["body", "0", "email"]. Built with numbers for array
   * indexes where convenient; a DomainError keeps every segment as a string, as the spec's validation body has it
   * (Errors §1: "loc (array of strings)"; issue 20 F3).
   */
  loc: (string | number)[];
  msg: string;
  /** Machine-readable rule name, e.g. "string_too_long", "iban_checksum". */
  type: string;
}

export class DomainError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly issues: FieldIssue[];
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, code: string, message: string, options: { issues?: FieldIssue[]; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.code = code;
    // One form of `loc` everywhere (spec Errors §1, issue 20 F3): the same issue reads the same locally, on the wire
    // and rebuilt by the remote client.
    this.issues = (options.issues ?? []).map((issue) => ({ ...issue, loc: issue.loc.map(String) }));
    this.details = options.details;
  }
}

export function validationError(issues: FieldIssue[], code = 'VALIDATION.FAILED'): DomainError {
  const summary = issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
  return new DomainError('validation', code, `Validation failed: ${summary}`, { issues });
}

export function fieldError(loc: (string | number)[], msg: string, type: string): DomainError {
  return validationError([{ loc, msg, type }]);
}

export function notFound(what: string, id: string, code = 'NOT_FOUND'): DomainError {
  return new DomainError('not_found', code, `${what} ${id} was not found`, { details: { id } });
}

export function conflict(code: string, message: string, details?: Record<string, unknown>): DomainError {
  return new DomainError('conflict', code, message, details ? { details } : {});
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
