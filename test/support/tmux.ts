import { execFileSync, spawnSync } from 'node:child_process';
import { BIN } from './cli.js';

/**
 * A real terminal for interactive CLI tests: the command in a detached tmux session on its own server socket, driven
 * with send-keys and read with capture-pane, polled (never fixed sleeps) until the screen shows what is awaited.
 */

export const hasTmux = spawnSync('tmux', ['-V']).status === 0;

/**
 * Why a tmux test does not run here, or null when it does. Under CI tmux is required (.ci/run installs it), so its
 * absence is a failure there rather than a silent skip.
 */
export function tmuxMissing(what: string): string | null {
  if (hasTmux) return null;
  const message = `${what} skipped: tmux is not installed (apt-get install -y tmux; .ci/run installs it under CI)`;
  if (process.env.CI) throw new Error(`${message}; CI must have it`);
  console.warn(message);
  return message;
}

export const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** The shell command running the built CLI with `env` (CI unset, so the CLI sees a terminal and prompts). */
export function cliCommand(env: NodeJS.ProcessEnv, args: string[]): string {
  const vars = Object.entries(env).filter(([k, v]) => k !== 'CI' && v !== undefined).map(([k, v]) => `${k}=${shellQuote(String(v))}`).join(' ');
  return `env -u CI ${vars} ${shellQuote(process.execPath)} ${shellQuote(BIN)} ${args.map(shellQuote).join(' ')}`;
}

export class Terminal {
  private readonly socket = `payroll-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  constructor(command: string, size: { width: number; height: number } = { width: 250, height: 60 }) {
    // `echo EXIT=$?` shows the exit code on the screen; the sleep keeps the pane readable after the command ends.
    execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', 'new-session', '-d', '-x', String(size.width), '-y', String(size.height), '-s', 't', `${command}; echo EXIT=$?; sleep 600`]);
  }
  /** The pane with its scrollback, wrapped lines joined. */
  screen(): string {
    return execFileSync('tmux', ['-L', this.socket, 'capture-pane', '-p', '-J', '-S', '-500', '-t', 't'], { encoding: 'utf8' });
  }
  /** Named keys (Enter, Down, BSpace, C-u). */
  send(...keys: string[]): void {
    execFileSync('tmux', ['-L', this.socket, 'send-keys', '-t', 't', ...keys]);
  }
  /** Literal text. */
  type(text: string): void {
    // `--`: text such as "-5" is typed, not read as a flag of send-keys.
    execFileSync('tmux', ['-L', this.socket, 'send-keys', '-t', 't', '-l', '--', text]);
  }
  /** Polls the screen until `pattern` matches it; a timeout fails with the screen as it was. */
  async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const text = this.screen();
      if (pattern.test(text)) return text;
      if (Date.now() > end) throw new Error(`timed out waiting for ${pattern}; screen:\n${text}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  close(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }
}
