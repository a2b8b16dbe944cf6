/**
 * What a run's calculation threads (run-threads.ts) and the run's own thread say to each other. Everything here is
 * structured-cloneable: plain data, no class instances, no functions.
 */
import { DomainError, type ErrorKind, type FieldIssue } from '../../../domain/errors.js';
import type { ThreadPlan } from '../jurisdiction.js';
import type { PayrollRunRow } from '../../../store/schema.js';

/** Given when the thread starts: where the store is and which country's calculation it runs. */
export interface ThreadStart {
  file: string;
  country: string;
}

/**
 * Sent inside the caller's transaction (a run's, an approval's): the thread opens its reader now, so it reads what
 * that transaction reads.
 */
export type BeginMessage = { type: 'begin'; job: 'run'; plan: ThreadPlan; run: PayrollRunRow; now: string; trace: boolean } | { type: 'begin'; job: 'approval'; plan: unknown };

/**
 * A run's items `from` to `from + items.length`, or an approval's page of `count` payslips after employee `after`,
 * with the ids they take (payslips and what they create; documents), in order.
 */
export type PieceMessage = { type: 'batch'; seq: number; from: number; items: unknown[]; ids: string[] } | { type: 'page'; seq: number; after: string | null; count: number; ids: string[] };

export interface EndMessage {
  type: 'end';
}

export type ToThread = BeginMessage | PieceMessage | EndMessage;

export type FromThread = { type: 'outcome'; seq: number; outcome: unknown } | { type: 'failed'; seq: number | null; error: SentError } | { type: 'closed' };

/** An error as it crosses threads: a DomainError keeps its kind, code, issues and details. */
export type SentError = { domain: { kind: ErrorKind; code: string; message: string; issues: FieldIssue[]; details: Record<string, unknown> | undefined } } | { plain: { name: string; message: string; code: string | undefined; stack: string | undefined } };

export function sendableError(error: unknown): SentError {
  if (error instanceof DomainError) return { domain: { kind: error.kind, code: error.code, message: error.message, issues: error.issues, details: error.details } };
  const e = error instanceof Error ? error : new Error(String(error));
  const code = (e as { code?: unknown }).code;
  return { plain: { name: e.name, message: e.message, code: typeof code === 'string' ? code : undefined, stack: e.stack } };
}

/** The error a thread sent, rebuilt in the run's thread as the same kind of error. */
export function receivedError(sent: SentError): Error {
  if ('domain' in sent) {
    const { kind, code, message, issues, details } = sent.domain;
    return new DomainError(kind, code, message, { issues, ...(details !== undefined ? { details } : {}) });
  }
  const { name, message, code, stack } = sent.plain;
  const error = new Error(message);
  error.name = name;
  if (code !== undefined) Object.assign(error, { code });
  if (stack !== undefined) error.stack = stack;
  return error;
}
