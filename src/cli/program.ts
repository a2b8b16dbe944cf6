/**
 * The commander program, built whole or in part (issue 19 "instant start").
 *
 * Whole: every command family registered (buildProgram). In part: the global options, the families of the one
 * top-level command the arguments name, and for every other top-level command a stand-in that carries exactly
 * what commander's help shows of it (name, first alias, "[options]", arguments, description): `payroll --help`
 * and `payroll org list` then load one command module or none instead of all of them. What the stand-ins carry
 * and which families make each top-level command come from the command index, taken from the whole program at
 * build time (scripts/build.mjs → dist/cli/command-index.json); test/cli/command-index.test.ts checks that the
 * index equals the program's and that the help printed from stand-ins equals the whole program's.
 */
import { Command, Option } from 'commander';
import { type CommandIndex, type IndexedCommand, readCommandIndex } from './command-index.js';
import { REGISTRARS, WHOLE_TREE_REGISTRARS } from './commands/index.js';
import { EXIT_CODE_HELP } from './exit-codes.js';
import { versionText } from './version.js';

/** The program with its global options and nothing else (every form of the program starts from it). */
function baseProgram(): Command {
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
  // `payroll help` is a command of its own (help-topics.ts); no implicit one, whichever families are loaded.
  program.helpCommand(false);
  program.addHelpText('after', `\n${EXIT_CODE_HELP}\nMore: payroll help environment, payroll help exit-codes, payroll completion bash|zsh|fish\n`);
  program
    .command('help-exit-codes')
    .alias('exit-codes')
    .description('list the stable exit codes (also: payroll help exit-codes)')
    .action(() => {
      process.stdout.write(EXIT_CODE_HELP);
    });
  return program;
}

function exitOverrideAll(command: Command): void {
  command.exitOverride();
  command.commands.forEach(exitOverrideAll);
}

/** Every command of every family. */
export async function buildProgram(): Promise<Command> {
  const program = baseProgram();
  const registers = await Promise.all(REGISTRARS.map((r) => r.load()));
  for (const register of registers) register(program);
  program.commands.forEach(exitOverrideAll);
  return program;
}

/** Thrown by a stand-in's action: the arguments reached a command that was not loaded (main then builds the whole program). */
export class StandInReached extends Error {
  constructor() {
    super('a command stand-in was reached');
    this.name = 'StandInReached';
  }
}

function addStandIn(program: Command, entry: IndexedCommand): void {
  const standIn = program.command(entry.name, { hidden: entry.hidden }).aliases(entry.aliases).description(entry.description);
  if (entry.summary) standIn.summary(entry.summary);
  if (entry.helpGroup) standIn.helpGroup(entry.helpGroup);
  // Help shows " [options]" for a command with any option: a hidden one stands for them.
  if (entry.hasOptions) standIn.addOption(new Option('--stand-in').hideHelp());
  for (const arg of entry.args) standIn.argument(arg);
  // Never parsed for real: whatever reaches it is handed to the whole program (StandInReached).
  standIn
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new StandInReached();
    });
}

/** The global options, the given families for real and every other top-level command as a stand-in, in the index's order. */
export async function programFromIndex(index: CommandIndex, families: ReadonlySet<string>): Promise<Command> {
  const program = baseProgram();
  const wanted = REGISTRARS.filter((r) => families.has(r.id));
  const registers = await Promise.all(wanted.map((r) => r.load()));
  for (const register of registers) register(program);
  for (const entry of index.commands) if (!program.commands.some((c) => c.name() === entry.name)) addStandIn(program, entry);
  const order = new Map(index.commands.map((entry, i) => [entry.name, i]));
  (program.commands as Command[]).sort((a, b) => (order.get(a.name()) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.name()) ?? Number.MAX_SAFE_INTEGER));
  program.commands.forEach(exitOverrideAll);
  return program;
}

/** Global options that take a value (the next argument, or `--db=x` / `-ojson`); the rest are flags. */
const VALUE_OPTIONS = new Set(['--profile', '--db', '--remote', '-o', '--output', '--color']);
const FLAG_OPTIONS = new Set(['-V', '--version', '-h', '--help', '--json', '--no-input', '-y', '--yes', '--reveal']);

/**
 * The top-level command the arguments name, the way commander finds it: the first argument that is neither a
 * global option nor an option's value. `null` when there is none (`payroll --help`); `undefined` when the
 * arguments hold something this scan does not know for certain (an unknown or combined option, `--`): the whole
 * program then decides.
 */
export function commandWord(args: readonly string[]): string | null | undefined {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (!arg.startsWith('-') || arg === '-') return arg;
    if (FLAG_OPTIONS.has(arg)) continue;
    if (VALUE_OPTIONS.has(arg)) {
      i += 1;
      continue;
    }
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0 && VALUE_OPTIONS.has(arg.slice(0, eq))) continue;
    if (/^-o./.test(arg)) continue;
    return undefined;
  }
  return null;
}

/** The program for these arguments (without node and script): in part when the index allows, else whole. */
export async function programFor(args: readonly string[], index: CommandIndex | null = readCommandIndex()): Promise<Command> {
  if (!index) return buildProgram();
  const word = commandWord(args);
  if (word === null) return programFromIndex(index, new Set());
  if (word === undefined) return buildProgram();
  const entry = index.commands.find((c) => c.name === word || c.aliases.includes(word));
  if (!entry || entry.registrars.some((id) => WHOLE_TREE_REGISTRARS.has(id))) return buildProgram();
  return programFromIndex(index, new Set(entry.registrars));
}

/** Everything a command's help and parsing may depend on, to tell which families changed it. */
function fingerprint(command: Command): string {
  return JSON.stringify({
    name: command.name(),
    aliases: command.aliases(),
    description: command.description(),
    summary: command.summary(),
    options: command.options.map((o) => o.flags),
    args: command.registeredArguments.map((a) => a.name()),
    commands: command.commands.map(fingerprint),
  });
}

/** The command index of the whole program: what help shows of each top-level command and which families make it. */
export async function commandIndex(): Promise<CommandIndex> {
  const program = baseProgram();
  const owners = new Map<string, string[]>();
  const registers = await Promise.all(REGISTRARS.map(async (r) => [r.id, await r.load()] as const));
  for (const [id, register] of registers) {
    const before = new Map(program.commands.map((c) => [c, fingerprint(c)]));
    register(program);
    for (const command of program.commands) {
      if (before.get(command) === fingerprint(command)) continue;
      owners.set(command.name(), [...(owners.get(command.name()) ?? []), id]);
    }
  }
  // What `payroll --help` writes to a pipe: commander's help at its default width, then the text added after it.
  let help = '';
  program.configureOutput({ writeOut: (text) => (help += text), writeErr: () => undefined, getOutHelpWidth: () => 80, getOutHasColors: () => false });
  await program.parseAsync(['--help'], { from: 'user' }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'commander.helpDisplayed') throw error;
  });
  return {
    help,
    commands: program.commands.map((command) => ({
      name: command.name(),
      aliases: command.aliases(),
      description: command.description(),
      summary: command.summary(),
      hidden: Boolean((command as unknown as { _hidden?: boolean })._hidden),
      helpGroup: command.helpGroup(),
      hasOptions: command.options.length > 0,
      args: command.registeredArguments.map((a) => (a.required ? `<${a.name()}${a.variadic ? '...' : ''}>` : `[${a.name()}${a.variadic ? '...' : ''}]`)),
      registrars: owners.get(command.name()) ?? [],
    })),
  };
}
