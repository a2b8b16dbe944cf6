import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, cliSandbox } from '../support/cli.js';

function spawnCli(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const closed = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, closed };
}

describe('standard input and interruption (CLI)', () => {
  it('reads a body from a slow pipe (--input -) instead of failing on an empty read', async () => {
    const { env } = cliSandbox();
    const { child, closed } = spawnCli(['org', 'create', '--input', '-', '--json'], env);
    child.stdin.write('{"legal_name": "Slow ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    child.stdin.end('Pipe Ltd", "country": "GB"}');
    const result = await closed;
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ legal_name: 'Slow Pipe Ltd', country: 'GB' });
  });

  it('exits 130 when interrupted while waiting for input', async () => {
    const { env } = cliSandbox();
    const { child, closed } = spawnCli(['import', '-'], env);
    // Give the process time to start (the handler is installed before any module loads).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    child.kill('SIGINT');
    expect((await closed).code).toBe(130);
  });
});
