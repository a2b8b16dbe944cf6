/**
 * The audit trail (issue 20 point 1): every write appends one row, in the write's own transaction, through
 * `audit()` below, called as the last step inside the use case's `inTransaction` callback. So a write and its
 * audit row commit together or not at all (a kill -9 or a failure leaves neither; decision AU1), and a retried
 * Postgres transaction appends its row once, in the attempt that commits.
 *
 * Who: `ctx.actor.subject` (the token's subject remotely, `local:<OS user>` locally: the composition root puts it
 * in the service context; nothing below reads the environment). When: the service clock. What: organization,
 * resource type and id, action; for edits the fields that changed, before and after, with every IBAN, account
 * number, tax identifier and secret masked (decision AU3), so the trail can be shown to an auditor without
 * becoming a copy of the data it protects.
 */
import { maskIban, maskIdentifier } from '../domain/identifiers/mask.js';
import { insertAuditEvent } from '../store/repositories/audit-events.js';
import type { Db } from '../store/db.js';
import type { ServiceContext } from './context.js';

export interface AuditEntry {
  orgId: string;
  /** What kind of record: employee, payroll_run, document, … (the wire's resource names, singular). */
  resourceType: string;
  resourceId: string;
  /** create, update, delete, import, approve, pay, discard, correct, … */
  action: string;
  /** Edits: the record before and after; only the fields that differ are kept (masked). */
  before?: object | null;
  after?: object | null;
  /** Counts and context that are not a record's fields (a run's payslips, an import's rows). */
  detail?: Record<string, unknown> | null;
}

/** Keys masked wherever they appear, at any depth (the CLI output's list, cli/output/format.ts, and the employer references). */
const IBAN_KEYS = new Set(['iban']);
const IDENTIFIER_KEYS = new Set([
  'tax_id', 'ni_number', 'account_number', 'social_insurance_number', 'tax_number', 'versicherungsnummer', 'steuernummer',
  'sa_utr', 'corporation_tax_reference', 'accounts_office_reference', 'utr', 'sort_code',
]);
/** Never recorded at all, not even masked. */
const SECRET_KEY = /secret|password|token|private_key|credential|(^|_)pin$/i;
/** Fixed-length filing records carry identifiers in clear. */
const RECORD_KEYS = new Set(['record']);

/** A copy with identifiers masked and secrets removed; stored `*_json` columns are read as the documents they hold. */
export function maskForAudit(value: unknown): unknown {
  return walk(value);
  function walk(node: unknown, key?: string): unknown {
    if (key !== undefined && SECRET_KEY.test(key)) return '[redacted]';
    if (typeof node === 'string' && key !== undefined) {
      if (IBAN_KEYS.has(key)) return maskIban(node);
      if (IDENTIFIER_KEYS.has(key)) return maskIdentifier(node);
      if (RECORD_KEYS.has(key)) return `[${node.length}-character record]`;
      if (key.endsWith('_json')) {
        try {
          return walk(JSON.parse(node));
        } catch {
          return node;
        }
      }
      return node;
    }
    if (Buffer.isBuffer(node) || node instanceof Uint8Array) return `[${node.length} bytes]`;
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, walk(v, k)]));
    }
    return node;
  }
}

/** The fields whose stored value differs, before and after (masked); null/null when nothing changed. */
export function changedFields(beforeRecord: object, afterRecord: object): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const before = beforeRecord as Record<string, unknown>;
  const after = afterRecord as Record<string, unknown>;
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(key in after)) continue; // a patch that does not name a field leaves it as it was
    // Bookkeeping that changes on every edit says nothing about what was edited.
    if (key === 'updated_at' || key === 'row_version') continue;
    const was = before[key] ?? null;
    const is = after[key] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    b[key] = was;
    a[key] = is;
  }
  return { before: maskForAudit(b) as Record<string, unknown>, after: maskForAudit(a) as Record<string, unknown> };
}

/** Appends the audit row of a write; `db` must be the write's open transaction. */
export async function audit(ctx: ServiceContext, db: Db, entry: AuditEntry): Promise<void> {
  let before: Record<string, unknown> | null = null;
  let after: Record<string, unknown> | null = null;
  if (entry.before && entry.after) ({ before, after } = changedFields(entry.before, entry.after));
  else {
    if (entry.before) before = maskForAudit(entry.before) as Record<string, unknown>;
    if (entry.after) after = maskForAudit(entry.after) as Record<string, unknown>;
  }
  await insertAuditEvent(db, {
    id: ctx.ids.next(),
    org_id: entry.orgId,
    occurred_at: ctx.clock.now().toISOString(),
    actor: ctx.actor.subject,
    resource_type: entry.resourceType,
    resource_id: entry.resourceId,
    action: entry.action,
    before_json: before ? JSON.stringify(before) : null,
    after_json: after ? JSON.stringify(after) : null,
    detail_json: entry.detail ? JSON.stringify(maskForAudit(entry.detail)) : null,
  });
}
