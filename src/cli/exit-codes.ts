import type { ErrorKind } from '../service/ports.js';

/** Stable exit codes (cli.md "Exit codes"); the same error gives the same code locally and remotely. */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  validation: 3,
  auth: 4,
  conflict: 5,
  notFound: 6,
  unavailable: 7,
  interrupted: 130,
} as const;

export function exitCodeFor(kind: ErrorKind): number {
  switch (kind) {
    case 'validation':
    case 'pagination':
      return EXIT.validation;
    case 'unauthenticated':
    case 'forbidden':
      return EXIT.auth;
    case 'conflict':
      return EXIT.conflict;
    case 'not_found':
      return EXIT.notFound;
    case 'unavailable':
      return EXIT.unavailable;
    case 'usage':
      return EXIT.usage;
    case 'internal':
      return EXIT.unexpected;
  }
}

export const EXIT_CODE_HELP = `Exit codes:
  0    success
  1    unexpected failure (a bug or an unhandled I/O error)
  2    usage error (unknown flag, missing argument)
  3    validation failed (the body or file broke a rule; the report names every field)
  4    authentication or authorisation failed
  5    conflict (invalid state transition, duplicate run, stale version)
  6    not found
  7    remote unreachable or answered 5xx
  130  interrupted
`;
