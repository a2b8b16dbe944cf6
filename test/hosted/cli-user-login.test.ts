/**
 * `payroll auth login --user` end to end, as a clerk would do it: the CLI (bin/payroll.js) prints
 * the sign-in address and waits on its loopback port; a browser (support/browser.ts) opens the
 * address at a real OAuth 2 server (oidc-provider: authorization code, PKCE required, public client),
 * signs in, consents and is redirected to the CLI, which exchanges the code and keeps the tokens.
 * Then remote commands run with the user's token and renew it by refresh token after expiry.
 * The API and the IdP start once for the file; needs `npm run build` (npm test does it).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedToken } from '../../src/client/token-cache.js';
import { BIN, type CliResult, cliSandbox, runCli } from '../support/cli.js';
import { type RemoteHarness, startRemoteHarness, type Tenant } from '../support/remote-backend.js';
import { type TestBrowser, testBrowser } from './support/browser.js';

const CLIENT_ID = 'payroll-cli';
const ANNA = { account: 'anna.clerk', orgs: ['*'] };

let harness: RemoteHarness;
let tenant: Tenant;
let browser: TestBrowser;
let sandbox: { env: NodeJS.ProcessEnv; dir: string };
let certFile = '';

beforeAll(async () => {
  harness = await startRemoteHarness({ publicClients: [{ client_id: CLIENT_ID, scope: 'payroll:read payroll:write' }], users: [ANNA] });
  tenant = await harness.tenant();
  browser = testBrowser(harness.cert);
  sandbox = cliSandbox();
  delete sandbox.env.PAYROLL_DATABASE; // remote only
  certFile = join(sandbox.dir, 'dev-cert.pem');
  writeFileSync(certFile, harness.cert);
});

afterAll(async () => {
  browser?.close();
  await tenant?.dispose();
  await harness?.close();
});

const configFile = () => join(sandbox.dir, 'config', 'payroll', 'config.json');
const tokenFile = (profile: string) => join(sandbox.dir, 'config', 'payroll', 'tokens', `${profile}.json`);
const readToken = (profile: string) => JSON.parse(readFileSync(tokenFile(profile), 'utf8')) as CachedToken;

/**
 * Starts `payroll auth login --user` and hands the printed address to `clerk` (the browser) as soon
 * as it appears on stderr; resolves with the CLI's result and what the browser saw.
 */
async function loginAsUser(profile: string, clerk: (url: string) => Promise<unknown>, extra: string[] = []): Promise<{ result: CliResult; page: unknown }> {
  const args = ['auth', 'login', '--user', '--profile', profile, '--remote', tenant.baseUrl, '--audience', harness.server.url, '--auth-url', harness.idp.issuer, '--client-id', CLIENT_ID, '--ca-file', certFile, '-o', 'json', ...extra];
  const child = spawn(process.execPath, [BIN, ...args], { env: sandbox.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let browsing: Promise<unknown> = Promise.resolve(undefined);
  let started = false;
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    const match = /^\s+(https:\/\/\S+\/authorize\?\S+)$/m.exec(stderr);
    if (match && !started) {
      started = true;
      browsing = clerk(match[1] as string);
    }
  });
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exit) => resolve(exit ?? -1));
  });
  const page = await browsing;
  return { result: { code, stdout, stderr, json: <T>() => JSON.parse(stdout) as T }, page };
}

const allow = async (url: string) => browser.deliver(await browser.signIn(url, { account: ANNA.account }));

describe('payroll auth login --user', () => {
  it('prints the address to open, waits for the browser, and keeps the tokens in a 0600 file', async () => {
    const { result, page } = await loginAsUser('anna', allow);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Open this address in a browser to sign in (payroll opens nothing by itself):');
    expect(result.stderr).toMatch(/Waiting up to 300 s for the sign-in to come back to http:\/\/127\.0\.0\.1:\d+\/callback/);
    expect(result.stderr).toContain(`profile "anna" → remote ${tenant.baseUrl}, signed in as anna.clerk`);
    expect(page).toMatchObject({ status: 200 });
    expect(result.json()).toMatchObject({
      profile: 'anna',
      remote: tenant.baseUrl,
      auth_url: harness.idp.issuer,
      client_id: CLIENT_ID,
      audience: harness.server.url,
      scope: 'payroll:read payroll:write',
      login: 'user',
      user: 'anna.clerk',
      refresh_token: true,
    });

    const token = readToken('anna');
    expect(token).toMatchObject({ kind: 'user', subject: 'anna.clerk', client_id: CLIENT_ID, audience: harness.server.url });
    expect(token.refresh_token).toEqual(expect.any(String));
    expect(statSync(tokenFile('anna')).mode & 0o777).toBe(0o600);
    expect(statSync(join(sandbox.dir, 'config', 'payroll', 'tokens')).mode & 0o777).toBe(0o700);
    // Neither token reaches the screen or the config file.
    for (const secret of [token.access_token, token.refresh_token as string]) {
      expect(result.stdout + result.stderr).not.toContain(secret);
      expect(readFileSync(configFile(), 'utf8')).not.toContain(secret);
    }
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.anna).toEqual({
      remote: tenant.baseUrl,
      auth_url: harness.idp.issuer,
      client_id: CLIENT_ID,
      audience: harness.server.url,
      ca_file: certFile,
      scope: 'payroll:read payroll:write',
      login: 'user',
    });
  });

  it('auth status shows the kind of login and who signed in, never a token', async () => {
    const result = await runCli(['--profile', 'anna', 'auth', 'status', '-o', 'json'], { env: sandbox.env });
    expect(result.code, result.stderr).toBe(0);
    const status = result.json<{ login: string; user: string; secret: string; token: { cached: boolean; expired: boolean; refresh_token: boolean } }>();
    expect(status).toMatchObject({ profile: 'anna', login: 'user', user: 'anna.clerk', secret: 'none (user sign-in)', client_id: CLIENT_ID });
    expect(status.token).toMatchObject({ cached: true, expired: false, refresh_token: true });
    const token = readToken('anna');
    expect(result.stdout).not.toContain(token.access_token);
    expect(result.stdout).not.toContain(token.refresh_token as string);
  });

  it('remote commands run with the user’s token (sub = the user, aud = the API)', async () => {
    const created = await runCli(['--profile', 'anna', 'org', 'create', '--legal-name', 'Clerk Signed In Ltd', '--country', 'GB', '-o', 'json'], { env: sandbox.env });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain(`→ remote ${tenant.baseUrl}`);
    const listed = await runCli(['--profile', 'anna', 'org', 'list', '-o', 'json'], { env: sandbox.env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json<{ legal_name: string }[]>().map((o) => o.legal_name)).toEqual(['Clerk Signed In Ltd']);
    const printed = await runCli(['--profile', 'anna', 'auth', 'token'], { env: sandbox.env });
    expect(printed.code).toBe(0);
    expect(decodeJwt(printed.stdout.trim())).toMatchObject({ sub: 'anna.clerk', aud: harness.server.url, iss: harness.idp.issuer, payroll_orgs: ['*'] });
  });

  it('after the access token expires the next command renews it with the refresh token', async () => {
    const before = readToken('anna');
    const past = new Date(Date.now() - 1000).toISOString();
    writeFileSync(tokenFile('anna'), JSON.stringify({ ...before, expires_at: past, renew_at: past }), { mode: 0o600 });
    const refreshes = harness.idp.grants(CLIENT_ID, 'refresh_token');
    const result = await runCli(['--profile', 'anna', 'org', 'list', '-o', 'json'], { env: sandbox.env });
    expect(result.code, result.stderr).toBe(0);
    expect(harness.idp.grants(CLIENT_ID, 'refresh_token')).toBe(refreshes + 1);
    const after = readToken('anna');
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token); // rotated, and the new one kept
    expect(Date.parse(after.expires_at)).toBeGreaterThan(Date.now());
    expect(statSync(tokenFile('anna')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(sandbox.dir, 'config', 'payroll', 'tokens', 'anna.lock'))).toBe(false);
    // The renewed token is used as is by the next command: no further refresh.
    expect((await runCli(['--profile', 'anna', 'org', 'list', '-o', 'json'], { env: sandbox.env })).code).toBe(0);
    expect(harness.idp.grants(CLIENT_ID, 'refresh_token')).toBe(refreshes + 1);
  });

  it('a refused refresh token ends in exit 4 with the command to sign in again', async () => {
    const saved = readFileSync(tokenFile('anna'), 'utf8');
    const past = new Date(Date.now() - 1000).toISOString();
    writeFileSync(tokenFile('anna'), JSON.stringify({ ...readToken('anna'), refresh_token: 'revoked-or-unknown', expires_at: past, renew_at: past }), { mode: 0o600 });
    const result = await runCli(['--profile', 'anna', 'org', 'list'], { env: sandbox.env });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/refused the refresh token of profile "anna" \(invalid_grant/);
    expect(result.stderr).toContain('sign in again: payroll auth login --user --profile anna');
    writeFileSync(tokenFile('anna'), saved, { mode: 0o600 });
  });

  it('logout removes the cached tokens, refresh token included', async () => {
    const result = await runCli(['--profile', 'anna', 'auth', 'logout', '-o', 'json'], { env: sandbox.env });
    expect(result.code).toBe(0);
    expect(result.json()).toMatchObject({ token_removed: true });
    expect(existsSync(tokenFile('anna'))).toBe(false);
    const after = await runCli(['--profile', 'anna', 'org', 'list'], { env: sandbox.env });
    expect(after.code).toBe(4);
    expect(after.stderr).toContain('profile "anna" is not signed in; sign in again: payroll auth login --user --profile anna');
  });
});

describe('payroll auth login --user: failures are exit 4 and save nothing', () => {
  const profiles = () => JSON.parse(readFileSync(configFile(), 'utf8')).profiles as Record<string, unknown>;

  it('a state mismatch', async () => {
    const { result, page } = await loginAsUser('forged', async (url) => {
      const callback = await browser.signIn(url, { account: ANNA.account });
      callback.searchParams.set('state', 'not-the-one-we-sent');
      return browser.deliver(callback);
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/carried a state that does not match this login \(possible cross-site request forgery\); nothing was saved/);
    expect(page).toMatchObject({ status: 400 });
    expect(profiles().forged).toBeUndefined();
    expect(existsSync(tokenFile('forged'))).toBe(false);
  });

  it('an error redirect (the user declines)', async () => {
    const { result } = await loginAsUser('declined', async (url) => browser.deliver(await browser.signIn(url, { account: ANNA.account, decision: 'deny' })));
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('the identity provider refused the sign-in: access_denied (the user declined the sign-in)');
    expect(profiles().declined).toBeUndefined();
  });

  it('a timeout', async () => {
    const started = Date.now();
    const { result } = await loginAsUser('idle', async () => undefined, ['--timeout', '1']);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/no sign-in arrived at http:\/\/127\.0\.0\.1:\d+\/callback within 1 s; run the login again/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(profiles().idle).toBeUndefined();
  });

  it('usage errors: a bad --timeout, --no-verify or --token-format with --user (exit 2)', async () => {
    const base = ['auth', 'login', '--user', '--profile', 'x', '--remote', tenant.baseUrl, '--auth-url', harness.idp.issuer, '--client-id', CLIENT_ID];
    for (const [extra, message] of [
      [['--timeout', '0'], '--timeout must be a whole number of seconds from 1 to 3600'],
      [['--no-verify'], '--no-verify does not apply to --user'],
      [['--token-format', 'json'], '--token-format applies to client credentials'],
    ] as const) {
      const result = await runCli([...base, ...extra], { env: sandbox.env });
      expect(result.code, extra.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
  });
});
