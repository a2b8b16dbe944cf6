import { z } from 'zod';
import { cursorEnvelope } from './pagination.js';

/**
 * The audit trail (issue 20 point 1): `GET /organizations/{organization_id}/audit-events`, restricted to the
 * `payroll:audit` scope. Cursor pages (size 1–100, cursor, sort_order) in write order, like the spec's own lists.
 */
export const AUDIT_RESOURCE_TYPES = [
  'organization', 'employee', 'bank_account', 'contact', 'worksite', 'worksite_insurance_details', 'insurance_level_choice', 'sepa_mandate', 'address',
  'pay_calendar', 'pay_group', 'document', 'pension_scheme', 'pension_membership', 'payroll_run', 'absence',
] as const;

/** ISO 8601: a date (midnight UTC) or a date and time with Z or an offset. */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

export const auditQuery = z
  .object({
    size: z.coerce.number().int().min(1).max(100).optional().describe('page size, 1–100 (default 10)'),
    cursor: z.string().optional(),
    sort_order: z.enum(['asc', 'desc']).optional().describe('asc: oldest first (default)'),
    resource_type: z.enum(AUDIT_RESOURCE_TYPES, { error: `must be one of ${AUDIT_RESOURCE_TYPES.join(', ')}` }).optional(),
    since: z
      .string()
      .regex(ISO_INSTANT, { error: 'must be an ISO 8601 date (2026-11-25) or date and time with Z or an offset (2026-11-25T09:30:00Z)', abort: true })
      .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'is not a real date and time', params: { type: 'invalid_date' } })
      .optional()
      .describe('only events at or after this instant'),
  })
  .strict()
  .meta({ id: 'AuditEventQuery' });

const record = z.record(z.string(), z.unknown());

export const auditEvent = z
  .object({
    id: z.string(),
    organization_id: z.string(),
    occurred_at: z.string().describe('when the write committed its transaction (service clock, UTC)'),
    actor: z.string().nullable().describe("who: the token's subject, or local:<OS user> for the local CLI"),
    resource_type: z.string(),
    resource_id: z.string(),
    action: z.string().describe('create, update, delete, import, approve, pay, discard, correct, …'),
    before: record.nullable().describe('edits: the changed fields before (IBANs, account numbers and tax identifiers masked)'),
    after: record.nullable().describe('edits: the changed fields after (masked the same way)'),
    detail: record.nullable().describe('counts and context, e.g. the payslips of a run or the rows of an import'),
  })
  .meta({ id: 'AuditEvent' });

export type AuditEvent = z.infer<typeof auditEvent>;

export const auditEventPage = cursorEnvelope(auditEvent).meta({ id: 'AuditEventPage' });
