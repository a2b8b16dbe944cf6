/**
 * `payroll serve` as a process: HTTPS only, --dev certificate, usage errors, graceful SIGINT.
 * Needs `npm run build` (npm test does it).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHttpsFetch } from '../../src/client/https-fetch.js';
import { BIN, cliSandbox, runCli } from '../support/cli.js';

describe('payroll serve', () => {
  it('refuses to start without a certificate, without an issuer, or with an http issuer (exit 2)', async () => {
    const { env } = cliSandbox();
    const noCert = await runCli(['serve', '--issuer', 'https://idp.example'], { env });
    expect(noCert.code).toBe(2);
    expect(noCert.stderr).toMatch(/HTTPS only: give --cert FILE and --key FILE, or --dev/);
    const noIssuer = await runCli(['serve', '--dev'], { env });
    expect(noIssuer.code).toBe(2);
    expect(noIssuer.stderr).toMatch(/missing --issuer/);
    const plainIssuer = await runCli(['serve', '--dev', '--issuer', 'http://idp.example'], { env });
    expect(plainIssuer.code).toBe(2);
    expect(plainIssuer.stderr).toMatch(/--issuer must be an https:\/\/ URL/);
  });

  it('--dev serves HTTPS with its own certificate, refuses plain HTTP, and stops cleanly on SIGINT', async () => {
    const { env, dir } = cliSandbox();
    // The IdP is unreachable: the server still starts (keys are fetched on the first authenticated request).
    const child = spawn(process.execPath, [BIN, 'serve', '--dev', '--port', '0', '--issuer', 'https://127.0.0.1:9'], { env });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(stderr)), 60_000);
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (https:\/\/\S+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] as string);
        }
      });
    });
    const certFile = join(dir, 'data', 'payroll', 'dev-tls', 'dev-cert.pem');
    expect(stderr).toContain(`NODE_EXTRA_CA_CERTS=${certFile}`);
    expect(statSync(join(dir, 'data', 'payroll', 'dev-tls', 'dev-key.pem')).mode & 0o777).toBe(0o600);
    const fetch = createHttpsFetch({ ca: readFileSync(certFile, 'utf8') });
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    const unauthenticated = await fetch(`${url}/organizations`);
    expect(unauthenticated.status).toBe(401);
    // With the IdP down, a presented token cannot be checked: 503, not 401.
    const idpDown = await fetch(`${url}/organizations`, { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(idpDown.status).toBe(503);
    fetch.close();
    const plain = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { port } = new URL(url);
      httpRequest({ host: '127.0.0.1', port: Number(port), path: '/health' }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      }).on('error', reject).end();
    });
    expect(plain.status).toBe(400);
    expect(JSON.parse(plain.body).error).toBe('https_required');
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'payroll.db'))).toBe(true);
  });
});
