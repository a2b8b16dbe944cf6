import { Command, CommanderError, Option } from 'commander';
import { DomainError, isDomainError } from '../service/ports.js';
import { registerCommands } from './commands/index.js';
import { preloadStdin } from './runtime.js';
import { EXIT, EXIT_CODE_HELP, exitCodeFor } from './exit-codes.js';
import { registerCompletionCommand } from './commands/completion.js';
import { registerHelpTopics } from './commands/help-topics.js';
import { versionText } from './version.js';

export function buildProgram(): Command {
  const program = new Command('payroll')
    .description('Payroll and workforce administration for employers in Germany and Great Britain')
    .version(versionText(), '-V, --version', 'the version and the commit it was built from')
    .option('--profile <name>', 'configuration profile (env PAYROLL_PROFILE; default "default", local)')
    .option('--db <path-or-url>', 'local database: a SQLite file or postgres:// URL (env PAYROLL_DATABASE)')
    .option('--remote <url>', 'hosted instance base URL, https only (env PAYROLL_URL)')
    .addOption(new Option('-o, --output <format>', 'output format: table, json, ndjson or csv (default: table on a terminal, json otherwise)'))
    .option('--json', 'short for --output json')
    .option('--no-input', 'never prompt; a missing required value is a usage error')
    .option('-y, --yes', 'confirm destructive or irreversible steps without asking')
    .option('--color <when>', 'auto, always or never (honours NO_COLOR and FORCE_COLOR)')
    .option('--reveal', 'show IBANs, tax IDs and NI numbers in full (masked by default)')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  program.addHelpText('after', `\n${EXIT_CODE_HELP}\nMore: payroll help environment, payroll help exit-codes, payroll completion bash|zsh|fish\n`);
  program
    .command('help-exit-codes')
    .alias('exit-codes')
    .description('list the stable exit codes (also: payroll help exit-codes)')
    .action(() => {
      process.stdout.write(EXIT_CODE_HELP);
    });
  registerCommands(program);
  registerHelpTopics(program);
  registerCompletionCommand(program);
  program.commands.forEach(function exitOverrideAll(command: Command) {
    command.exitOverride();
    command.commands.forEach(exitOverrideAll);
  });
  return program;
}

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

/**
 * `payroll … | head`: the reader leaves before we finish writing and the next write fails with
 * EPIPE, which Node raises as an unhandled 'error' event (a stack, exit 1). The reader wanted no
 * more, so the output is dropped quietly and the command ends as it would have (exit 0 on success,
 * its own code otherwise): a write already committed is not reported as failed, and
 * `set -o pipefail` scripts do not fail over an early `head`. Other stream errors are unexpected.
 */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    process.exitCode = EXIT.unexpected;
  });
}

export async function main(argv: string[]): Promise<void> {
  // Ctrl-C ends the process at once: a transaction in progress is never committed, and the database
  // rolls it back (SQLite ignores a WAL without its commit record; Postgres rolls back a closed
  // session). guarded-dialect.ts lets long SQLite work return to the event loop so the signal arrives.
  process.on('SIGINT', () => process.exit(EXIT.interrupted));
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  const program = buildProgram();
  let code: number = EXIT.ok;
  try {
    // `-` stands for standard input wherever a file is taken (--input -, import -).
    if (argv.slice(2).includes('-')) await preloadStdin();
    await program.parseAsync(argv);
  } catch (error) {
    code = reportError(error, argv.slice(2));
  }
  if (code !== EXIT.ok) process.exitCode = code;
}

export { DomainError };
