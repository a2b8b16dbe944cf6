import { pino, type DestinationStream, type Logger } from 'pino';
import { maskIban, maskIdentifier } from '../service/ports.js';

/**
 * Request logging (pino, one JSON line per request): method, path, route, status, duration,
 * subject and request id. Never headers, bodies or query strings, so an Authorization header, a
 * token, an IBAN or a tax id cannot reach the log; identifiers that look like one inside a path
 * are masked as well (createPathMasker: every segment that is not a word of the route table or a
 * UUID), and pino's redaction covers the field names in case a caller logs an object.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'payroll' },
      redact: {
        paths: ['authorization', 'headers.authorization', 'req.headers.authorization', '*.authorization', 'token', '*.token', 'access_token', '*.access_token', 'client_secret', '*.client_secret', 'iban', '*.iban', 'tax_id', '*.tax_id', 'tax_number', '*.tax_number', 'ni_number', '*.ni_number', 'account_number', '*.account_number', 'social_insurance_number', '*.social_insurance_number'],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/i;

/** An incoming X-Request-Id is kept only when it is opaque: a UUID or 16–64 hex digits (e.g. a W3C trace id). */
export function acceptedRequestId(value: string | undefined): string | null {
  if (!value) return null;
  return UUID.test(value) || /^[0-9a-f]{16,64}$/i.test(value) ? value : null;
}

/** One path segment that is a value, not a word of the route table: an IBAN keeps its country and last four, anything else at most its last two characters. */
export function maskSegment(segment: string): string {
  if (IBAN_SHAPE.test(segment)) return maskIban(segment) ?? '';
  // Short values (NI numbers, tax ids, names) are masked whole; longer ones keep two characters to tell log lines apart.
  return segment.length < 12 ? '*'.repeat(segment.length) : (maskIdentifier(segment, 2) ?? '');
}

/**
 * Path masking for the request log, by allow-list: a segment is logged as it is only when it is a
 * literal segment of some route (`organizations`, `bank-accounts`, ...), a UUID (our record ids) or
 * a small number; every other segment (an NI number, a tax id, an IBAN, an e-mail address, a name
 * typed where an id belongs) is masked with the masks of domain/identifiers/mask.ts.
 */
export function createPathMasker(routePaths: Iterable<string>): (path: string) => string {
  const literals = new Set<string>();
  for (const path of routePaths) for (const segment of path.split('/')) if (segment && !segment.startsWith('{')) literals.add(segment);
  return (path) =>
    path
      .split('/')
      .map((raw) => {
        if (raw === '' || literals.has(raw)) return raw;
        let segment = raw;
        try {
          segment = decodeURIComponent(raw);
        } catch {
          // keep the raw text: it is masked below all the same
        }
        if (literals.has(segment) || UUID.test(segment) || /^\d{1,6}$/.test(segment)) return segment;
        return maskSegment(segment);
      })
      .join('/');
}

/** A token subject that is an e-mail address (some identity providers use one as `sub`) is logged with its local part masked; opaque subjects stay readable for the audit trail. */
export function maskSubject(subject: string | null): string | null {
  if (!subject) return subject;
  const at = subject.lastIndexOf('@');
  return at <= 0 ? subject : `${'*'.repeat(at)}${subject.slice(at)}`;
}
