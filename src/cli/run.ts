import { CommanderError } from 'commander';
import { DomainError, isDomainError } from '../service/ports.js';
import { EXIT, exitCodeFor } from './exit-codes.js';
import { quietOnClosedPipe } from './pipes.js';
import { buildProgram, programFor, StandInReached } from './program.js';

export { buildProgram };

/** Prints an error on stderr (JSON with --json / -o json) and returns its exit code. */
export function reportError(error: unknown, argv: string[]): number {
  const wantsJson = argv.includes('--json') || /(^|\s)(-o|--output)(=|\s)json\b/.test(argv.join(' '));
  // Ctrl-C in a prompt: @inquirer/prompts takes the key itself (the terminal is in raw mode, so no
  // SIGINT reaches main) and rejects with ExitPromptError. An interrupt is not a failure: exit 130
  // quietly, as for Ctrl-C anywhere else (cli.md "Exit codes").
  if (isPromptInterrupt(error)) return EXIT.interrupted;
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT.ok;
    return EXIT.usage; // commander already printed the message
  }
  if (isDomainError(error)) {
    if (wantsJson) {
      process.stderr.write(`${JSON.stringify({ error: { kind: error.kind, code: error.code, message: error.message, issues: error.issues, details: error.details ?? null } })}\n`);
    } else {
      process.stderr.write(`payroll: ${error.message}\n`);
      if (error.issues.length > 1 || (error.issues.length === 1 && !error.message.includes(error.issues[0]?.msg ?? ''))) {
        for (const issue of error.issues) process.stderr.write(`  - ${issue.loc.join('.')}: ${issue.msg} [${issue.type}]\n`);
      }
    }
    return exitCodeFor(error.kind);
  }
  const message = error instanceof Error ? error.message : String(error);
  if (wantsJson) process.stderr.write(`${JSON.stringify({ error: { kind: 'internal', code: 'INTERNAL', message } })}\n`);
  else process.stderr.write(`payroll: unexpected failure: ${message}\n`);
  if (process.env.PAYROLL_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  return EXIT.unexpected;
}

function isPromptInterrupt(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}

/** The CLI with commander: every call but a top-level `--help` to a pipe (main.ts). */
export async function main(argv: string[]): Promise<void> {
  // Ctrl-C ends the process at once: a transaction in progress is never committed, and the database
  // rolls it back (SQLite ignores a WAL without its commit record; Postgres rolls back a closed
  // session). guarded-dialect.ts lets long SQLite work return to the event loop so the signal arrives.
  process.on('SIGINT', () => process.exit(EXIT.interrupted));
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  let code: number = EXIT.ok;
  try {
    // `-` stands for standard input wherever a file is taken (--input -, import -).
    if (argv.slice(2).includes('-')) await (await import('./runtime.js')).preloadStdin();
    // Only the named command's family is loaded (program.ts); should the arguments reach a command that was not
    // loaded after all, the whole program parses them afresh (a stand-in's action runs before anything is done).
    try {
      await (await programFor(argv.slice(2))).parseAsync(argv);
    } catch (error) {
      if (!(error instanceof StandInReached)) throw error;
      await (await buildProgram()).parseAsync(argv);
    }
  } catch (error) {
    code = reportError(error, argv.slice(2));
  }
  if (code !== EXIT.ok) process.exitCode = code;
}

export { DomainError };
