import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Spawns the real launcher (bin/payroll.js → dist/), as a clerk or a CI job would. Needs `npm run build` first (npm test does it). */
export const BIN = fileURLToPath(new URL('../../bin/payroll.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json<T = unknown>(): T;
}

/** A private home for one test: its own database, config dir and data dir. */
export function cliSandbox(): { env: NodeJS.ProcessEnv; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-cli-'));
  // The store exists, as after a clerk's first write: read-only commands refuse a missing one
  // (exit 6) and tests of their own errors need it. An empty file is an empty SQLite database.
  writeFileSync(join(dir, 'payroll.db'), '', { mode: 0o600 });
  return {
    dir,
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      PAYROLL_DATABASE: join(dir, 'payroll.db'),
      CI: 'true',
      NO_COLOR: '1',
    },
  };
}

export function runCli(args: string[], options: { env: NodeJS.ProcessEnv; stdin?: string; cwd?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: options.env, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code: code ?? -1,
        stdout,
        stderr,
        json<T>() {
          return JSON.parse(stdout) as T;
        },
      }),
    );
    child.stdin.end(options.stdin ?? '');
  });
}
