import type { z } from 'zod';
import { validationError, type FieldIssue } from '../../domain/errors.js';

/**
 * Turns zod's issues into the spec's validation detail entries ({loc, msg, type}, Errors §1).
 * `loc` starts with where the input came from ("body", "query", "path"), then the field path.
 */
export function zodIssuesToFieldIssues(error: z.ZodError, locPrefix: (string | number)[] = ['body']): FieldIssue[] {
  return error.issues.map((issue) => ({
    loc: [...locPrefix, ...issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment))],
    msg: wrongTypeMessage(issue) ?? issue.message,
    type: issueType(issue),
  }));
}

/**
 * A field given with the wrong JSON type is named as such (issue 18: `legal_name: 12` read "is required", the
 * message meant for a missing field). Needs the parse to report inputs (parseOrThrow does); the value itself never
 * reaches the message, only its JSON type.
 */
function wrongTypeMessage(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'invalid_type' || !('input' in issue) || issue.input === undefined) return undefined;
  const input = issue.input;
  const got = input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input === 'object' ? 'an object' : typeof input === 'string' ? 'text' : `a ${typeof input}`;
  const expected = issue.expected === 'string' ? 'text' : issue.expected === 'number' || issue.expected === 'int' ? 'a number' : issue.expected === 'boolean' ? 'true or false' : issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'an object' : `a ${String(issue.expected)}`;
  return `must be ${expected}, not ${got}`;
}

function issueType(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return `${issue.code === 'too_small' ? 'less_than_minimum' : 'greater_than_maximum'}`;
    case 'invalid_format':
      return `invalid_${issue.format}`;
    case 'custom':
      return (issue.params as { type?: string } | undefined)?.type ?? 'invalid_value';
    default:
      return issue.code;
  }
}

/** Parses `value` with `schema` or throws a validation DomainError naming every faulty field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, locPrefix: (string | number)[] = ['body']): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationError(zodIssuesToFieldIssues(result.error, locPrefix));
  return result.data;
}
