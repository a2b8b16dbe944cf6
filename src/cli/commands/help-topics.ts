/**
 * `payroll help [command…|topic]`: help for a command, or one of the topics that are not commands
 * (`exit-codes`, `environment`), the way gh and aws keep topic pages beside command help (cli.md "Help").
 */
import type { Command } from 'commander';
import { EXIT_CODE_HELP } from '../exit-codes.js';
import { usageError } from '../usage-error.js';

/** Every variable the program reads, what it does and what beats it (flags beat variables beat profiles). */
export const ENVIRONMENT_HELP = `Environment variables (a flag beats its variable; a variable beats the profile):
  PAYROLL_PROFILE               configuration profile to use (--profile; else the one chosen with \`payroll profile use\`, else "default")
  PAYROLL_DATABASE              local database: a SQLite file or postgres:// URL (--db)
  PAYROLL_URL                   hosted instance base URL, https only (--remote)
  PAYROLL_AUTH_URL              identity provider of the hosted instance (auth login --auth-url)
  PAYROLL_CLIENT_ID             OAuth2 client id for client-credentials sign-in
  PAYROLL_CLIENT_SECRET         OAuth2 client secret (never stored in the profile, never printed)
  PAYROLL_CONFIG_DIR            where profiles and cached tokens live (default $XDG_CONFIG_HOME/payroll)
  XDG_CONFIG_HOME               base of the configuration folder (default ~/.config)
  XDG_DATA_HOME                 base of the embedded database's folder (default ~/.local/share)
  PAYROLL_PG_POOL_SIZE          PostgreSQL connections at most (default 10)
  PAYROLL_PG_STATEMENT_TIMEOUT  longest PostgreSQL statement in ms (default 30000; 0 = none)
  PAYROLL_RUN_THREADS           SQLite: threads a large GB run and its approval calculate in besides the command's own (default: one per further core, at most 3; 0 = none)
  PAYROLL_RUN_THREADS_MIN       SQLite: the smallest GB run (employees) calculated in threads (default 25000)
  PAYROLL_OBJECTS_DIR           folder of the document files (default: beside a SQLite file, else $XDG_DATA_HOME/payroll/objects); serve --objects-dir
  PAYROLL_ISSUER                serve: identity provider whose tokens are accepted (--issuer)
  PAYROLL_RATE_LIMIT            serve: requests per client, e.g. 600/min (--rate-limit; default off)
  PAYROLL_DEBUG                 print the stack of an unexpected failure
  NO_COLOR, FORCE_COLOR         colour off / on (--color)
  CI                            a CI run: never prompt
`;

const TOPICS: Record<string, string> = { 'exit-codes': EXIT_CODE_HELP, environment: ENVIRONMENT_HELP };

/** The subcommand a path of names leads to (aliases count), or undefined. */
function findCommand(program: Command, path: readonly string[]): Command | undefined {
  let current: Command = program;
  for (const name of path) {
    const next = current.commands.find((c) => c.name() === name || c.aliases().includes(name));
    if (!next) return undefined;
    current = next;
  }
  return current;
}

export function registerHelpTopics(program: Command): void {
  program.helpCommand(false);
  program
    .command('help [words...]')
    .description(`help for a command (payroll help runs approve), or a topic: ${Object.keys(TOPICS).join(', ')}`)
    .action((words: string[] = []) => {
      const topic = words.length === 1 ? TOPICS[words[0] as string] : undefined;
      if (topic) {
        process.stdout.write(topic);
        return;
      }
      const command = findCommand(program, words);
      if (!command) throw usageError(`no command or help topic "${words.join(' ')}" (topics: ${Object.keys(TOPICS).join(', ')}; commands: payroll --help)`);
      process.stdout.write(command.helpInformation());
    });
}
