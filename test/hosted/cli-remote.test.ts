/**
 * The CLI against a served instance, as a clerk would use it: `payroll serve` runs as its own
 * process (bin/payroll.js) in front of a SQLite file, a real OAuth 2 server issues the tokens,
 * `payroll auth login` stores a remote profile, and the same commands print the same JSON locally
 * and remotely, with the same exit codes. Needs `npm run build` (npm test does it).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';
import { BIN, cliSandbox, runCli } from '../support/cli.js';
import { referencePath } from '../support/reference.js';
import { startTestIdp, type TestIdp } from './support/idp.js';

const CLERK = { client_id: 'clerk-cli', client_secret: 'clerk-cli-secret-0123456789abcdefghij', scope: 'payroll:read payroll:write', orgs: ['*'] };

let idp: TestIdp;
let serve: ChildProcessWithoutNullStreams;
let serveOut = '';
let serveErr = '';
let url = '';
let sandbox: { env: NodeJS.ProcessEnv; dir: string };
let certFile = '';

/** Local commands use the database file directly; remote ones reach it through `payroll serve`. */
const localEnv = () => sandbox.env;
const remoteEnv = (extra: NodeJS.ProcessEnv = {}) => {
  const env: NodeJS.ProcessEnv = { ...sandbox.env, ...extra };
  delete env.PAYROLL_DATABASE;
  return env;
};

beforeAll(async () => {
  sandbox = cliSandbox();
  const { cert, key } = generateDevCertificate();
  certFile = join(sandbox.dir, 'dev-cert.pem');
  const keyFile = join(sandbox.dir, 'dev-key.pem');
  writeFileSync(certFile, cert);
  writeFileSync(keyFile, key, { mode: 0o600 });
  idp = await startTestIdp({ cert, key, clients: [CLERK] });
  serve = spawn(process.execPath, [BIN, 'serve', '--cert', certFile, '--key', keyFile, '--port', '0', '--issuer', idp.issuer, '--db', sandbox.env.PAYROLL_DATABASE as string], {
    // The server trusts the IdP's certificate (the same dev certificate) for its JWKS.
    env: { ...sandbox.env, NODE_EXTRA_CA_CERTS: certFile },
  });
  serve.stdout.on('data', (chunk: Buffer) => (serveOut += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`payroll serve did not start:\n${serveErr}`)), 60_000);
    serve.stderr.on('data', (chunk: Buffer) => {
      serveErr += chunk.toString();
      const match = /listening on (https:\/\/\S+)/.exec(serveErr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    serve.on('exit', (code) => reject(new Error(`payroll serve exited with ${code}:\n${serveErr}`)));
  });
});

afterAll(async () => {
  if (serve && serve.exitCode === null) {
    serve.kill('SIGTERM');
    await new Promise((resolve) => serve.once('exit', resolve));
  }
  await idp?.close();
});

describe('payroll auth', () => {
  it('login stores the profile and a 0600 secret file, after checking the credentials', async () => {
    const result = await runCli(['auth', 'login', '--profile', 'remote', '--remote', url, '--auth-url', idp.issuer, '--client-id', CLERK.client_id, '--ca-file', certFile, '-o', 'json'], {
      env: remoteEnv({ PAYROLL_CLIENT_SECRET: CLERK.client_secret }),
    });
    expect(result.stderr).toContain('profile "remote" → remote');
    expect(result.code).toBe(0);
    const printed = result.json<{ profile: string; remote: string; secret_file: string; token_expires_at: string }>();
    expect(printed).toMatchObject({ profile: 'remote', remote: url, auth_url: idp.issuer, client_id: CLERK.client_id, ca_file: certFile });
    expect(result.stdout).not.toContain(CLERK.client_secret);
    expect(statSync(printed.secret_file).mode & 0o777).toBe(0o600);
    const config = readFileSync(join(sandbox.dir, 'config', 'payroll', 'config.json'), 'utf8');
    expect(config).not.toContain(CLERK.client_secret);
    expect(JSON.parse(config).profiles.remote).toMatchObject({ remote: url, auth_url: idp.issuer, client_id: CLERK.client_id });
  });

  it('login with a wrong secret fails with exit 4 and saves nothing', async () => {
    const result = await runCli(['auth', 'login', '--profile', 'typo', '--remote', url, '--auth-url', idp.issuer, '--client-id', CLERK.client_id, '--ca-file', certFile], { env: remoteEnv({ PAYROLL_CLIENT_SECRET: 'wrong' }) });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/refused the client credentials/);
    expect(JSON.parse(readFileSync(join(sandbox.dir, 'config', 'payroll', 'config.json'), 'utf8')).profiles.typo).toBeUndefined();
  });

  it('status shows the profile and the token expiry, never the token', async () => {
    const result = await runCli(['--profile', 'remote', 'auth', 'status', '-o', 'json'], { env: remoteEnv() });
    expect(result.code).toBe(0);
    const status = result.json<{ token: { cached: boolean; expires_at: string; expired: boolean }; secret: string }>();
    expect(status.token.cached).toBe(true);
    expect(status.token.expired).toBe(false);
    expect(status.secret).toMatch(/^file .*remote\.secret$/);
    const cache = readFileSync(join(sandbox.dir, 'config', 'payroll', 'tokens', 'remote.json'), 'utf8');
    const token = JSON.parse(cache).access_token as string;
    expect(result.stdout).not.toContain(token);
    expect(statSync(join(sandbox.dir, 'config', 'payroll', 'tokens', 'remote.json')).mode & 0o777).toBe(0o600);
  });

  it('token prints the access token for piping (aud = the API base URL)', async () => {
    const result = await runCli(['--profile', 'remote', 'auth', 'token'], { env: remoteEnv() });
    expect(result.code).toBe(0);
    const claims = decodeJwt(result.stdout.trim());
    expect(claims).toMatchObject({ aud: url, iss: idp.issuer, sub: CLERK.client_id });
  });
});

describe('remote mode prints what local mode prints', () => {
  it('org create remotely, then org list -o json is identical locally and remotely', async () => {
    const created = await runCli(['--profile', 'remote', 'org', 'create', '--legal-name', 'Remote GmbH', '--country', 'DE', '--address', 'Musterstraße 12, 10115 Berlin', '-o', 'json'], { env: remoteEnv() });
    expect(created.code).toBe(0);
    expect(created.stderr).toContain(`→ remote ${url}`);
    const local = await runCli(['org', 'create', '--legal-name', 'Local Ltd', '--country', 'GB', '-o', 'json'], { env: localEnv() });
    expect(local.code).toBe(0);
    const remoteList = await runCli(['--profile', 'remote', 'org', 'list', '-o', 'json'], { env: remoteEnv() });
    const localList = await runCli(['org', 'list', '-o', 'json'], { env: localEnv() });
    expect(remoteList.code).toBe(0);
    expect(localList.code).toBe(0);
    expect(remoteList.stdout).toBe(localList.stdout);
    expect(remoteList.json<{ legal_name: string }[]>().map((o) => o.legal_name)).toEqual(['Remote GmbH', 'Local Ltd']);
  });

  it('run-de -o json is identical locally and remotely', async () => {
    // The first official-style vector (fixtures/reference/de): a real request in the spec's shape.
    const vectors = referencePath('de', 'payroll2025-vectors.jsonl');
    const request = (JSON.parse(readFileSync(vectors, 'utf8').split('\n')[0] as string) as { request: unknown }).request;
    const file = join(sandbox.dir, 'run-de.json');
    writeFileSync(file, JSON.stringify(request));
    const localRun = await runCli(['payroll', 'run-de', '--input', file, '--history', '-o', 'json'], { env: localEnv() });
    const remoteRun = await runCli(['--profile', 'remote', 'payroll', 'run-de', '--input', file, '--history', '-o', 'json'], { env: remoteEnv() });
    expect(localRun.code, localRun.stderr).toBe(0);
    expect(remoteRun.code, remoteRun.stderr).toBe(0);
    expect(localRun.json<{ payslips: unknown[] }>().payslips).toHaveLength(1);
    expect(remoteRun.stdout).toBe(localRun.stdout);
    expect(remoteRun.stderr).toBe(localRun.stderr);
  });

  it('the same error gives the same exit code and the same JSON error', async () => {
    const missing = '0190f000-0000-7000-8000-000000000000';
    const localMissing = await runCli(['org', 'get', missing, '--json'], { env: localEnv() });
    const remoteMissing = await runCli(['--profile', 'remote', 'org', 'get', missing, '--json'], { env: remoteEnv() });
    expect(localMissing.code).toBe(6);
    expect(remoteMissing.code).toBe(6);
    expect(remoteMissing.stderr).toBe(localMissing.stderr);
    const localBad = await runCli(['org', 'list', '--size', '500', '--json'], { env: localEnv() });
    const remoteBad = await runCli(['--profile', 'remote', 'org', 'list', '--size', '500', '--json'], { env: remoteEnv() });
    expect(localBad.code).toBe(3);
    expect(remoteBad.code).toBe(3);
    expect(remoteBad.stderr).toBe(localBad.stderr);
  });

  it('refuses an http:// remote (exit 2) and reports an unreachable one (exit 7)', async () => {
    const plain = await runCli(['--remote', url.replace('https:', 'http:'), 'org', 'list'], { env: remoteEnv({ PAYROLL_AUTH_URL: idp.issuer, PAYROLL_CLIENT_ID: 'x', PAYROLL_CLIENT_SECRET: 'y' }) });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/https/);
    const down = await runCli(['--profile', 'remote', '--remote', 'https://127.0.0.1:1', 'org', 'list'], { env: remoteEnv() });
    expect(down.code).toBe(7);
  });

  it('logout removes the cached token and the secret', async () => {
    const result = await runCli(['--profile', 'remote', 'auth', 'logout', '-o', 'json'], { env: remoteEnv() });
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ token_removed: true, secret_removed: true });
    expect(existsSync(join(sandbox.dir, 'config', 'payroll', 'tokens', 'remote.json'))).toBe(false);
    expect(existsSync(join(sandbox.dir, 'config', 'payroll', 'secrets', 'remote.secret'))).toBe(false);
    const after = await runCli(['--profile', 'remote', 'org', 'list'], { env: remoteEnv() });
    expect(after.code).toBe(2);
    expect(after.stderr).toMatch(/no client secret/);
  });
});

describe('payroll serve', () => {
  it('logs requests as JSON lines without tokens, and drains on SIGTERM', async () => {
    const lines = serveOut.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((l) => l.msg === 'request' && l.method === 'GET' && l.path === '/organizations' && l.status === 200 && l.subject === CLERK.client_id)).toBe(true);
    expect(serveOut).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT anywhere
    serve.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => serve.once('exit', resolve));
    expect(code).toBe(0);
    expect(serveErr).toContain('SIGTERM: finishing');
  });
});
