/**
 * `payroll config get|set|unset|list` (settings of the current profile) and `payroll profile list|use|show`
 * (which profile is current), as gh/aws keep them: the file stays JSON under the config folder, written 0600
 * through a temporary file. Secrets are never stored here (PAYROLL_CLIENT_SECRET stays in the environment).
 */
import type { Command } from 'commander';
import { readConfig, writeConfig, type Profile } from '../config.js';
import { withRuntime } from '../command-kit.js';
import { usageError } from '../usage-error.js';
import type { Runtime } from '../runtime.js';
import { factorProblem } from '../plausibility.js';

/** What a profile may hold, and what each key means. */
const PROFILE_KEYS: Record<keyof Profile, string> = {
  database: 'local database: a SQLite file or postgres:// URL',
  remote: 'hosted instance base URL (https)',
  auth_url: 'identity provider of the hosted instance (https)',
  audience: 'OAuth2 audience of the hosted instance',
  client_id: 'OAuth2 client id',
  plausibility_factor: 'runs warn when a gross is more than this many times the stored pay or the previous period (default 3)',
};

function isProfileKey(key: string): key is keyof Profile {
  return Object.hasOwn(PROFILE_KEYS, key);
}

function checkKey(key: string): keyof Profile {
  if (!isProfileKey(key)) throw usageError(`config: unknown key "${key}"; known: ${Object.keys(PROFILE_KEYS).join(', ')}`);
  return key;
}

function checkValue(key: keyof Profile, value: string): string {
  if ((key === 'remote' || key === 'auth_url') && !value.startsWith('https://')) throw usageError(`config: ${key} must be an https:// URL (plain http would send credentials in the clear)`);
  if (value.trim() === '') throw usageError(`config: ${key} must not be empty (use \`payroll config unset ${key}\`)`);
  if (key === 'plausibility_factor') {
    const problem = factorProblem(value.trim());
    if (problem) throw usageError(`config: plausibility_factor ${problem}`);
    return value.trim();
  }
  return value;
}

/** The profile the command works on: --profile, PAYROLL_PROFILE, the current one, or "default". */
function currentProfileName(runtime: Runtime): string {
  return runtime.options.profile || runtime.env.PAYROLL_PROFILE || readConfig(runtime.env).current_profile || 'default';
}

export function registerConfigCommands(program: Command): void {
  const config = program.command('config').description(`settings of the current profile (keys: ${Object.keys(PROFILE_KEYS).join(', ')})`);

  config
    .command('list')
    .description('every setting of the current profile')
    .action(
      withRuntime(async (runtime) => {
        const name = currentProfileName(runtime);
        const profile = readConfig(runtime.env).profiles[name] ?? {};
        runtime.print(
          Object.entries(PROFILE_KEYS).map(([key, meaning]) => ({ profile: name, key, value: profile[key as keyof Profile] ?? null, meaning })),
          [
            { header: 'key', value: 'key' },
            { header: 'value', value: (row) => (row.value as string | null) ?? '(not set)' },
            { header: 'meaning', value: 'meaning' },
          ],
        );
      }),
    );

  config
    .command('get <key>')
    .description('one setting of the current profile (exit 2 when it is not set)')
    .action(
      withRuntime(async (runtime, key: string) => {
        const name = currentProfileName(runtime);
        const value = readConfig(runtime.env).profiles[name]?.[checkKey(key)];
        if (value === undefined) throw usageError(`config: ${key} is not set in profile "${name}"`);
        process.stdout.write(`${value}\n`);
      }),
    );

  config
    .command('set <key> <value>')
    .description('set one setting of the current profile (created when new)')
    .action(
      withRuntime(async (runtime, key: string, value: string) => {
        const name = currentProfileName(runtime);
        const k = checkKey(key);
        const file = readConfig(runtime.env);
        file.profiles[name] = { ...(file.profiles[name] ?? {}), [k]: checkValue(k, value) };
        writeConfig(file, runtime.env);
        runtime.info(`profile "${name}": ${k} set`);
      }),
    );

  config
    .command('unset <key>')
    .description('remove one setting of the current profile')
    .action(
      withRuntime(async (runtime, key: string) => {
        const name = currentProfileName(runtime);
        const k = checkKey(key);
        const file = readConfig(runtime.env);
        const profile = { ...(file.profiles[name] ?? {}) };
        delete profile[k];
        file.profiles[name] = profile;
        writeConfig(file, runtime.env);
        runtime.info(`profile "${name}": ${k} removed`);
      }),
    );
}

export function registerProfileCommands(program: Command): void {
  const profile = program.command('profile').description('configuration profiles: which one is current, and what each points at');

  profile
    .command('list')
    .description('every profile, the current one marked')
    .action(
      withRuntime(async (runtime) => {
        const file = readConfig(runtime.env);
        const current = currentProfileName(runtime);
        const names = new Set([...Object.keys(file.profiles), 'default']);
        runtime.print(
          [...names].sort().map((name) => {
            const p = file.profiles[name] ?? {};
            return { name, current: name === current, mode: p.remote ? 'remote' : 'local', target: p.remote ?? p.database ?? '(default local database)' };
          }),
          [
            { header: '', value: (row) => (row.current ? '*' : '') },
            { header: 'profile', value: 'name' },
            { header: 'mode', value: 'mode' },
            { header: 'points at', value: 'target' },
          ],
        );
      }),
    );

  profile
    .command('use <name>')
    .description('make a profile current (used when neither --profile nor PAYROLL_PROFILE names one)')
    .action(
      withRuntime(async (runtime, name: string) => {
        const file = readConfig(runtime.env);
        if (name !== 'default' && !file.profiles[name]) throw usageError(`profile "${name}" is not configured (known: ${Object.keys(file.profiles).join(', ') || 'none'}); create it with \`payroll config set database FILE --profile ${name}\` or \`payroll auth login --profile ${name} ...\``);
        file.current_profile = name;
        writeConfig(file, runtime.env);
        runtime.info(`profile "${name}" is now current`);
      }),
    );

  profile
    .command('show [name]')
    .description('what a profile (default: the current one) holds')
    .action(
      withRuntime(async (runtime, name: string | undefined) => {
        const file = readConfig(runtime.env);
        const which = name ?? currentProfileName(runtime);
        if (which !== 'default' && !file.profiles[which]) throw usageError(`profile "${which}" is not configured (known: ${Object.keys(file.profiles).join(', ') || 'none'})`);
        runtime.print({ name: which, current: which === currentProfileName(runtime), ...(file.profiles[which] ?? {}) });
      }),
    );
}
