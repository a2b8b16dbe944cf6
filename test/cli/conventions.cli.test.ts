/** CLI conventions (issue 18 point 6): help topics, completion, config and profiles, --limit, --version with the commit. */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox, runCli } from '../support/cli.js';

describe('help topics', () => {
  it('payroll help exit-codes and help environment print the topic, not a command’s usage', async () => {
    const { env } = cliSandbox();
    const codes = await runCli(['help', 'exit-codes'], { env });
    expect(codes.code).toBe(0);
    expect(codes.stdout).toMatch(/^Exit codes:/);
    expect(codes.stdout).not.toMatch(/Usage:/);
    const environment = await runCli(['help', 'environment'], { env });
    expect(environment.code).toBe(0);
    for (const name of ['PAYROLL_PROFILE', 'PAYROLL_DATABASE', 'PAYROLL_URL', 'PAYROLL_CLIENT_SECRET', 'PAYROLL_PG_POOL_SIZE', 'NO_COLOR']) expect(environment.stdout).toContain(name);
  });

  it('payroll help <command path> is that command’s help; an unknown word is a usage error naming the topics', async () => {
    const { env } = cliSandbox();
    const help = await runCli(['help', 'runs', 'list'], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: payroll runs list/);
    expect(help.stdout).toContain('--limit');
    const unknown = await runCli(['help', 'payslipz'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('topics: exit-codes, environment');
  });
});

describe('payroll --version', () => {
  it('names the package version and the commit the build was made from', async () => {
    const { env } = cliSandbox();
    const result = await runCli(['--version'], { env });
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: new URL('../..', import.meta.url) }).toString().trim();
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^0\\.\\d+\\.\\d+ \\(commit ${commit}(\\+changes)?\\)\\n$`));
  });
});

describe('payroll completion', () => {
  it('bash: completes commands, subcommands and options from the command tree', async () => {
    const { env, dir } = cliSandbox();
    const script = await runCli(['completion', 'bash'], { env });
    expect(script.code).toBe(0);
    const file = join(dir, 'payroll.bash');
    writeFileSync(file, script.stdout);
    const complete = (words: string[]) =>
      spawnSync('bash', ['-c', `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _payroll_complete; echo "\${COMPREPLY[@]}"`], { encoding: 'utf8' }).stdout.trim();
    expect(complete(['payroll', 'runs', 'ap'])).toBe('approve');
    expect(complete(['payroll', '--json', 'emp']).split(' ')).toEqual(['employee', 'employees']);
    expect(complete(['payroll', 'runs', 'list', '--li'])).toBe('--limit');
    expect(complete(['payroll', 'completion', ''])).toBe('--help');
  });

  it('zsh and fish scripts name the same commands; an unknown shell is a usage error', async () => {
    const { env } = cliSandbox();
    const zsh = await runCli(['completion', 'zsh'], { env });
    expect(zsh.stdout).toContain('bashcompinit');
    const fish = await runCli(['completion', 'fish'], { env });
    expect(fish.stdout).toMatch(/complete -c payroll -n '__fish_use_subcommand' -a '[^']*\bruns\b/);
    expect(fish.stdout).toMatch(/__fish_seen_subcommand_from runs; .* -a '[^']*\bapprove\b/);
    const bad = await runCli(['completion', 'powershell'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('give bash, zsh or fish');
  });
});

describe('payroll config and profile', () => {
  it('set, get, list and unset a setting of the current profile; the file is 0600', async () => {
    const { env, dir } = cliSandbox();
    delete env.PAYROLL_DATABASE;
    const database = join(dir, 'work.db');
    expect((await runCli(['config', 'set', 'database', database, '--profile', 'work'], { env })).code).toBe(0);
    const got = await runCli(['config', 'get', 'database', '--profile', 'work'], { env });
    expect(got.stdout).toBe(`${database}\n`);
    const configFile = join(dir, 'config', 'payroll', 'config.json');
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    const list = await runCli(['config', 'list', '--profile', 'work', '-o', 'json'], { env });
    expect(list.json<{ key: string; value: string | null }[]>().find((row) => row.key === 'database')?.value).toBe(database);
    expect((await runCli(['config', 'unset', 'database', '--profile', 'work'], { env })).code).toBe(0);
    const missing = await runCli(['config', 'get', 'database', '--profile', 'work'], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('database is not set in profile "work"');
  });

  it('refuses unknown keys and plain-http URLs, naming the rule', async () => {
    const { env } = cliSandbox();
    const unknown = await runCli(['config', 'set', 'colour', 'red'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown key "colour"; known: database, remote, auth_url, audience, client_id');
    const http = await runCli(['config', 'set', 'remote', 'http://payroll.example'], { env });
    expect(http.code).toBe(2);
    expect(http.stderr).toContain('remote must be an https:// URL');
  });

  it('profile use makes a profile current: commands then work on its database until --profile or PAYROLL_PROFILE says otherwise', async () => {
    const { env, dir } = cliSandbox();
    delete env.PAYROLL_DATABASE;
    const database = join(dir, 'work.db');
    await runCli(['config', 'set', 'database', database, '--profile', 'work'], { env });
    expect((await runCli(['profile', 'use', 'nope'], { env })).code).toBe(2);
    expect((await runCli(['profile', 'use', 'work'], { env })).code).toBe(0);
    const created = await runCli(['org', 'create', '--legal-name', 'Work Ltd', '--country', 'GB', '--address', '10 Downing Street, London SW1A 2AA', '-o', 'json'], { env });
    expect(created.code, created.stderr).toBe(0);
    expect(statSync(database).size).toBeGreaterThan(0);
    const profiles = await runCli(['profile', 'list', '-o', 'json'], { env });
    expect(profiles.json<{ name: string; current: boolean }[]>().filter((p) => p.current).map((p) => p.name)).toEqual(['work']);
    const show = await runCli(['profile', 'show', '-o', 'json'], { env });
    expect(show.json()).toMatchObject({ name: 'work', current: true, database });
    const config = JSON.parse(readFileSync(join(dir, 'config', 'payroll', 'config.json'), 'utf8')) as { current_profile: string };
    expect(config.current_profile).toBe('work');
    // PAYROLL_PROFILE beats the chosen profile: the default one is then in effect.
    const other = await runCli(['profile', 'show', '-o', 'json'], { env: { ...env, PAYROLL_PROFILE: 'default' } });
    expect(other.json()).toMatchObject({ name: 'default', current: true });
    const work = await runCli(['profile', 'show', 'work', '-o', 'json'], { env: { ...env, PAYROLL_PROFILE: 'default' } });
    expect(work.json()).toMatchObject({ name: 'work', current: false, database });
  });
});

describe('--limit', () => {
  it('is --size by another name on every list; both at once must agree', async () => {
    const { env } = cliSandbox();
    for (const name of ['A', 'B', 'C']) expect((await runCli(['org', 'create', '--legal-name', `${name} Ltd`, '--country', 'GB', '--address', '10 Downing Street, London SW1A 2AA'], { env })).code).toBe(0);
    const limited = await runCli(['org', 'list', '--limit', '2', '-o', 'json'], { env });
    expect(limited.code, limited.stderr).toBe(0);
    expect(limited.json<unknown[]>()).toHaveLength(2);
    const clash = await runCli(['org', 'list', '--limit', '2', '--size', '3'], { env });
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain('--limit 2 and --size 3 disagree');
  });
});
