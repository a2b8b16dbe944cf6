import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Where `payroll` keeps things (cli.md "Where it works"): the database under $XDG_DATA_HOME,
 * profiles and cached tokens under $XDG_CONFIG_HOME (or PAYROLL_CONFIG_DIR).
 */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'payroll');
}

export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.PAYROLL_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'payroll');
}

export function defaultDatabasePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDir(env), 'payroll.db');
}

/** A profile is local (a database) or remote (base URL, auth URL, audience, client id). */
export interface Profile {
  database?: string;
  remote?: string;
  auth_url?: string;
  audience?: string;
  client_id?: string;
  /** How many times the stored pay or the previous period's gross a run's gross may be before it asks (decision K13). */
  plausibility_factor?: string;
}

export interface ConfigFile {
  profiles: Record<string, Profile>;
  /** The profile used when neither --profile nor PAYROLL_PROFILE names one (`payroll profile use`). */
  current_profile?: string;
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'config.json');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ConfigFile {
  const path = configPath(env);
  if (!existsSync(path)) return { profiles: {} };
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<ConfigFile>;
  return { profiles: parsed.profiles ?? {}, ...(typeof parsed.current_profile === 'string' ? { current_profile: parsed.current_profile } : {}) };
}

/** Written 0600 through a temporary file: a half-written config never replaces a good one. */
export function writePrivateFile(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export function writeConfig(config: ConfigFile, env: NodeJS.ProcessEnv = process.env): void {
  writePrivateFile(configPath(env), `${JSON.stringify(config, null, 2)}\n`);
}
