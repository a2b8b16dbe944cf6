import { z } from 'zod';

/**
 * The error bodies of src/server/errors.ts as zod schemas, so /openapi.json documents them from
 * code like every other shape (no hand-written JSON Schema).
 */
const errorIdentity = {
  kind: z.string().meta({ description: 'error class: validation, pagination, unauthenticated, forbidden, not_found, conflict, unavailable, internal' }),
  code: z.string().meta({ description: 'stable machine-readable code, e.g. ORGANIZATION.NOT_FOUND' }),
  message: z.string().meta({ description: 'what went wrong, in words a clerk can act on' }),
};

export const validationErrorBody = z
  .object({
    detail: z.array(z.object({ loc: z.array(z.string()).meta({ description: 'where the faulty input is: its source (body, query, path, header), then the field path; array indexes as strings (spec Errors §1)' }), msg: z.string(), type: z.string() })),
    ...errorIdentity,
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ValidationError', description: 'spec Errors §1' });

export const paginationErrorBody = z
  .object({
    error: z.literal('validation_error'),
    message: z.string(),
    details: z.object({ field: z.string(), value: z.unknown() }),
    kind: z.literal('pagination'),
    code: z.string(),
  })
  .meta({ id: 'PaginationError', description: 'spec Errors §3' });

export const errorBody = z
  .object({ error: z.string(), ...errorIdentity, details: z.record(z.string(), z.unknown()).optional(), request_id: z.string().optional() })
  .meta({ id: 'Error' });

export const healthBody = z.object({ status: z.literal('ok'), version: z.string(), api_version: z.string() }).meta({ id: 'Health' });
