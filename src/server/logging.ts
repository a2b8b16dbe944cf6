import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Request logging (pino, one JSON line per request): method, path, route, status, duration,
 * subject and request id. Never headers, bodies or query strings, so an Authorization header, a
 * token, an IBAN or a tax id cannot reach the log; identifiers that look like one inside a path
 * are masked as well, and pino's redaction covers the field names in case a caller logs an object.
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

/** Masks values in a path that look like an IBAN, a UK NI number or a path segment of nine or more digits (tax ids, account numbers); UUIDs stay readable. */
export function maskSensitive(text: string): string {
  return text
    .replace(/\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/gi, (m) => `${m.slice(0, 2)}**…${m.slice(-2)}`)
    .replace(/\b[A-Z]{2}\d{6}[A-D]\b/gi, '**NI**')
    .replace(/(?<=^|\/)\d{9,}(?=$|\/)/g, (m) => `${'*'.repeat(m.length - 2)}${m.slice(-2)}`);
}
