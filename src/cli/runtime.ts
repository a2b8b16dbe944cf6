import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { DomainError, type PayrollService } from '../service/ports.js';
import { configDir, dataDir, defaultDatabasePath, type Profile, readConfig } from './config.js';
import { type Column, loadTableOutput, type OutputFormat, render } from './output/format.js';
import { usageError } from './usage-error.js';

/** Global flags every command shares (cli.md). */
export interface GlobalOptions {
  profile?: string;
  db?: string;
  remote?: string;
  output?: string;
  json?: boolean;
  input?: boolean; // commander's --no-input sets this false
  yes?: boolean;
  color?: string;
  reveal?: boolean;
}

export interface Runtime {
  readonly options: GlobalOptions;
  readonly env: NodeJS.ProcessEnv;
  readonly interactive: boolean;
  readonly format: OutputFormat;
  service(): Promise<PayrollService>;
  /** Prints data to stdout in the chosen format. */
  print(data: unknown, columns?: Column[] | null): void;
  /** Messages, warnings and progress go to stderr. */
  info(message: string): void;
  /** After a write: where it went (cli.md: `→ local /path/payroll.db`). */
  wrote(): void;
  close(): Promise<void>;
}

export { usageError };

export function resolveProfile(options: GlobalOptions, env: NodeJS.ProcessEnv): { name: string; profile: Profile } {
  const config = readConfig(env);
  const name = options.profile || env.PAYROLL_PROFILE || config.current_profile || 'default';
  const profiles = config.profiles;
  const profile = profiles[name];
  if (!profile && name !== 'default') throw usageError(`profile "${name}" is not configured (known: ${Object.keys(profiles).join(', ') || 'none'}); create it with \`payroll auth login --profile ${name} ...\``);
  return { name, profile: profile ?? {} };
}

export interface Where {
  mode: 'local' | 'remote';
  database: string;
  /** Where the database location came from: only the default one may have its folder created. */
  databaseSource: 'flag' | 'env' | 'profile' | 'default';
  remote?: string;
  profileName: string;
  profile: Profile;
}

/** The flag beats the env, the env beats the profile (cli.md "Where it works"). */
export function resolveWhere(options: GlobalOptions, env: NodeJS.ProcessEnv): Where {
  const { name, profile } = resolveProfile(options, env);
  const remote = options.remote || env.PAYROLL_URL || profile.remote;
  const database = options.db || env.PAYROLL_DATABASE || profile.database || defaultDatabasePath(env);
  const databaseSource = options.db ? 'flag' : env.PAYROLL_DATABASE ? 'env' : profile.database ? 'profile' : 'default';
  if (options.db || env.PAYROLL_DATABASE) return { mode: 'local', database, databaseSource, profileName: name, profile };
  if (remote) return { mode: 'remote', database, databaseSource, remote, profileName: name, profile };
  return { mode: 'local', database, databaseSource, profileName: name, profile };
}

/** How a refusal names the database: by the flag, variable or profile the clerk set it with. */
function databaseLabel(where: Where): string {
  switch (where.databaseSource) {
    case 'flag':
      return `--db ${where.database}`;
    case 'env':
      return `PAYROLL_DATABASE ${where.database}`;
    case 'profile':
      return `the database of profile "${where.profileName}" (${where.database})`;
    case 'default':
      return `the default database ${where.database}`;
  }
}

function chooseFormat(options: GlobalOptions, isTty: boolean): OutputFormat {
  if (options.json) return 'json';
  const wanted = options.output;
  if (wanted === undefined) return isTty ? 'table' : 'json';
  if (wanted === 'table' || wanted === 'json' || wanted === 'ndjson' || wanted === 'csv') return wanted;
  throw usageError(`--output must be table, json, ndjson or csv (got "${wanted}")`);
}

function chooseColor(options: GlobalOptions, env: NodeJS.ProcessEnv, isTty: boolean): boolean {
  if (options.color === 'always') return true;
  if (options.color === 'never') return false;
  if (options.color !== undefined && options.color !== 'auto') throw usageError('--color must be auto, always or never');
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  return isTty;
}

export interface RuntimeSettings {
  /**
   * The command only reads (list, get, show, export, download…): a missing SQLite file is refused
   * (exit 6) instead of being created empty. Write commands create the default store on first use
   * (cli.md "Where it works"); a location given by --db, PAYROLL_DATABASE or a profile must be in an
   * existing folder (exit 2 otherwise).
   */
  readOnly?: boolean;
}

/** The runtime of one command; loads the table renderer first when the output is a table (decision ZOD-3). */
export async function createRuntime(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env, settings: RuntimeSettings = {}): Promise<Runtime> {
  const stdoutTty = Boolean(process.stdout.isTTY);
  // Standard input is asked last: reading process.stdin creates its stream, which a command whose output goes to a
  // pipe or a file never needs.
  const interactive = stdoutTty && !env.CI && options.input !== false && Boolean(process.stdin.isTTY);
  const format = chooseFormat(options, stdoutTty);
  const color = format === 'table' && chooseColor(options, env, stdoutTty);
  if (format === 'table') await loadTableOutput();
  let service: PayrollService | null = null;
  let wroteTarget = false;

  return {
    options,
    env,
    interactive,
    format,
    async service() {
      if (service) return service;
      const where = resolveWhere(options, env);
      let opened: PayrollService;
      if (where.mode === 'remote') {
        const { openRemoteService } = await import('./remote.js');
        opened = await openRemoteService(where, env);
      } else {
        const { openLazyLocalService, localActor, defaultObjectRoot } = await import('../service/lazy-local.js');
        opened = await openLazyLocalService(where.database, {
          actor: localActor(safeUserName()),
          // PAYROLL_OBJECTS_DIR: where several processes on one PostgreSQL database share the document files.
          objectRoot: env.PAYROLL_OBJECTS_DIR || defaultObjectRoot(where.database, dataDir(env)),
          create: settings.readOnly ? 'never' : where.databaseSource === 'default' ? 'folder' : 'file',
          // A folder the clerk named must exist (a typo is refused); the default one is payroll's own.
          requireFolder: where.databaseSource !== 'default',
          label: databaseLabel(where),
        });
      }
      service = opened;
      return opened;
    },
    print(data, columns = null) {
      process.stdout.write(render(data, columns, { format, reveal: Boolean(options.reveal), color }));
    },
    info(message) {
      process.stderr.write(`${message}\n`);
    },
    wrote() {
      if (wroteTarget || !service) return;
      wroteTarget = true;
      process.stderr.write(`→ ${service.target}\n`);
    },
    async close() {
      if (service) await service.close();
    },
  };
}

function safeUserName(): string {
  try {
    return userInfo().username || 'clerk';
  } catch {
    return 'clerk';
  }
}

let stdinBytes: Buffer | null = null;

/**
 * Reads all of standard input before the command runs, asynchronously: a synchronous read of a pipe
 * fails with EAGAIN when the producer is slower than us, and would also keep Ctrl-C from interrupting.
 */
export async function preloadStdin(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  stdinBytes = Buffer.concat(chunks);
}

/** Standard input's bytes (read ahead by main when an argument is `-`). */
export function readStdinBytes(): Buffer {
  return stdinBytes ?? readFileSync(0);
}

/** Reads `--input FILE` (or `-` for stdin) as JSON; errors name the flag. */
export function readJsonInput(path: string): unknown {
  let text: string;
  try {
    text = path === '-' ? readStdinBytes().toString('utf8') : readFileSync(path, 'utf8');
  } catch (error) {
    throw usageError(`--input ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new DomainError('validation', 'INPUT.NOT_JSON', `--input ${path}: not valid JSON (${(error as Error).message})`, {
      issues: [{ loc: ['input'], msg: `not valid JSON: ${(error as Error).message}`, type: 'json_invalid' }],
    });
  }
}

export { configDir };
