import { resolve } from 'node:path';
import type { Command } from 'commander';
import { removeSecretFile, tokenCachePath, writeSecretFile } from '../../client/credentials.js';
import { fileTokenCache } from '../../client/token-cache.js';
import { DEFAULT_LOGIN_TIMEOUT_MS, DEFAULT_USER_API_SCOPES } from '../../client/user-login-defaults.js';
import { configDir, readConfig, writeConfig } from '../config.js';
import { requireValue } from '../prompt.js';
import type { RemoteProfile } from '../remote.js';
import { createRuntime, type GlobalOptions, resolveWhere, type Runtime, usageError } from '../runtime.js';

/**
 * `payroll auth login|status|token|logout`: remote profiles and their credentials (cli.md "Where it
 * works"; spec Authentication). The client secret lives in a 0600 file, never in config.json; the
 * access token is cached in another 0600 file until shortly before it expires. `login --user` signs
 * a clerk in as themselves instead (authorization code + PKCE) and keeps the refresh token there too.
 */
/** openid-client and the HTTPS client load only when an auth command runs. */
async function remoteKit() {
  const [{ createHttpsFetch }, remote] = await Promise.all([import('../../client/https-fetch.js'), import('../remote.js')]);
  return { createHttpsFetch, ...remote };
}

async function runtimeOf(command: Command): Promise<Runtime> {
  return createRuntime(command.optsWithGlobals() as GlobalOptions);
}

function profileNameOf(runtime: Runtime): string {
  return runtime.options.profile || runtime.env.PAYROLL_PROFILE || readConfig(runtime.env).current_profile || 'default';
}

async function readSecret(runtime: Runtime): Promise<string> {
  const fromEnv = runtime.env.PAYROLL_CLIENT_SECRET;
  if (fromEnv) return fromEnv;
  if (!runtime.interactive) throw usageError('missing client secret: set PAYROLL_CLIENT_SECRET (no prompts when not on a terminal, under CI or with --no-input)');
  const prompts = await import('@inquirer/prompts');
  return prompts.password({ message: 'Client secret', mask: '*', validate: (value) => (value.trim() === '' ? 'the client secret is required' : true) });
}

/** Where the current profile points, for status/token (a local profile has nothing to authenticate). */
function remoteWhere(runtime: Runtime) {
  const where = resolveWhere(runtime.options, runtime.env);
  if (where.mode !== 'remote') throw usageError(`profile "${where.profileName}" is local (no remote URL); \`payroll auth\` applies to remote profiles (payroll auth login --profile NAME --remote https://…)`);
  return where;
}

/**
 * `payroll auth login --user`: the clerk signs in as themselves (spec Authentication §5, PKCE; RFC
 * 8252). The profile is saved only once tokens are in hand, so an abandoned sign-in leaves nothing
 * behind. Prints the address to open; opens no browser by itself (docs/decisions.md H17).
 */
async function loginAsUser(runtime: Runtime, options: Record<string, string | boolean | undefined>): Promise<void> {
  if (options.verify === false) throw usageError('--no-verify does not apply to --user: the sign-in itself yields the tokens');
  if (options.tokenFormat !== undefined) throw usageError('--token-format applies to client credentials; the code exchange is always form encoded (RFC 6749 §4.1.3)');
  const timeoutSeconds = options.timeout === undefined ? DEFAULT_LOGIN_TIMEOUT_MS / 1000 : Number(options.timeout);
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 3600) throw usageError('--timeout must be a whole number of seconds from 1 to 3600');
  const [{ createHttpsFetch, remoteSettings, requireHttps }, { loginUser }] = await Promise.all([remoteKit(), import('../../client/user-login.js')]);
  const name = profileNameOf(runtime);
  const config = readConfig(runtime.env);
  const previous = (config.profiles[name] ?? {}) as RemoteProfile;
  const remote = requireHttps(await requireValue(runtime, runtime.options.remote || runtime.env.PAYROLL_URL || previous.remote, '--remote', 'Remote base URL (https://…)'), '--remote');
  const authUrl = requireHttps(await requireValue(runtime, options.authUrl || runtime.env.PAYROLL_AUTH_URL || previous.auth_url, '--auth-url', 'Identity provider URL (https://…)'), '--auth-url');
  const clientId = await requireValue(runtime, options.clientId || runtime.env.PAYROLL_CLIENT_ID || previous.client_id, '--client-id', 'Client id (a public client: no secret)');
  // The API scopes are asked for explicitly: a user's grant holds only what was requested (H18).
  const scope = String(options.scope || (previous.login === 'user' ? previous.scope : undefined) || DEFAULT_USER_API_SCOPES).trim();
  const profile: RemoteProfile = {
    remote,
    auth_url: authUrl,
    client_id: clientId,
    ...(options.audience || previous.audience ? { audience: requireHttps(String(options.audience || previous.audience), '--audience') } : {}),
    ...(options.caFile || previous.ca_file ? { ca_file: resolve(String(options.caFile || previous.ca_file)) } : {}),
    scope,
    login: 'user',
  };
  const settings = remoteSettings({ remote, profile, profileName: name }, runtime.env);
  const fetch = createHttpsFetch(settings.caFile ? { caFile: settings.caFile } : {});
  let token;
  try {
    token = await loginUser({
      authUrl: settings.authUrl,
      clientId: settings.clientId,
      audience: settings.audience,
      apiScopes: scope.split(/\s+/),
      fetch,
      timeoutMs: timeoutSeconds * 1000,
      showUrl(url, redirectUri) {
        // Always on stderr, even with -o json: the clerk must see it; stdout stays the result.
        process.stderr.write(`Open this address in a browser to sign in (payroll opens nothing by itself):\n\n  ${url}\n\nWaiting up to ${timeoutSeconds} s for the sign-in to come back to ${redirectUri} (Ctrl-C cancels)…\n`);
      },
    });
  } finally {
    fetch.close();
  }
  fileTokenCache(tokenCachePath(settings.configDir, name)).write(token);
  config.profiles[name] = profile;
  writeConfig(config, runtime.env);
  // The profile no longer uses a client secret; a stale credential on disk is only a liability.
  const secretRemoved = removeSecretFile(settings.configDir, name);
  if (!token.refresh_token) runtime.info(`warning: the identity provider issued no refresh token (offline_access not granted): sign in again after ${token.expires_at}`);
  runtime.info(`profile "${name}" → remote ${remote}, signed in${token.subject ? ` as ${token.subject}` : ''} (token valid until ${token.expires_at})${secretRemoved ? '; the saved client secret was removed' : ''}`);
  runtime.print({ profile: name, ...profile, user: token.subject ?? null, token_expires_at: token.expires_at, refresh_token: Boolean(token.refresh_token) });
}

export function registerAuthCommands(program: Command): void {
  const auth = program.command('auth').description('credentials for a hosted instance: login, status, token, logout');

  auth
    .command('login')
    .description('save a remote profile and its client secret (0600 file), and check them by fetching a token; with --user, sign in as yourself in a browser instead')
    .option('--auth-url <url>', 'identity provider base URL; tokens come from {auth_url}/oauth/token (env PAYROLL_AUTH_URL)')
    .option('--audience <url>', 'API identifier to ask the token for (default: the remote URL)')
    .option('--client-id <id>', 'client id issued by the operator (env PAYROLL_CLIENT_ID)')
    .option('--ca-file <pem>', 'also trust this certificate (e.g. the one `payroll serve --dev` prints)')
    .option('--scope <scopes>', `scopes to request, e.g. "payroll:read" (default: what the client is registered for; with --user: ${DEFAULT_USER_API_SCOPES})`)
    .option('--token-format <form|json>', 'token request encoding: form (RFC 6749, default) or json (the spec’s literal body)')
    .option('--no-verify', 'save without fetching a token')
    .option('--user', 'sign in as yourself in a browser (authorization code flow with PKCE; no client secret)')
    .option('--timeout <seconds>', `with --user: how long to wait for the browser sign-in (default ${DEFAULT_LOGIN_TIMEOUT_MS / 1000})`)
    .action(async (options: Record<string, string | boolean | undefined>, command: Command) => {
      const runtime = await runtimeOf(command);
      if (options.user) return loginAsUser(runtime, options);
      if (options.timeout !== undefined) throw usageError('--timeout applies to --user (the browser sign-in)');
      const { createHttpsFetch, remoteSettings, requireHttps, tokenSourceFor } = await remoteKit();
      const name = profileNameOf(runtime);
      const config = readConfig(runtime.env);
      const previous = (config.profiles[name] ?? {}) as RemoteProfile;
      const remote = requireHttps(await requireValue(runtime, runtime.options.remote || runtime.env.PAYROLL_URL || previous.remote, '--remote', 'Remote base URL (https://…)'), '--remote');
      const authUrl = requireHttps(await requireValue(runtime, options.authUrl || runtime.env.PAYROLL_AUTH_URL || previous.auth_url, '--auth-url', 'Identity provider URL (https://…)'), '--auth-url');
      const clientId = await requireValue(runtime, options.clientId || runtime.env.PAYROLL_CLIENT_ID || previous.client_id, '--client-id', 'Client id');
      const tokenFormat = (options.tokenFormat as string | undefined) ?? previous.token_format;
      if (tokenFormat !== undefined && tokenFormat !== 'form' && tokenFormat !== 'json') throw usageError('--token-format must be form or json');
      const profile: RemoteProfile = {
        remote,
        auth_url: authUrl,
        client_id: clientId,
        ...(options.audience || previous.audience ? { audience: requireHttps(String(options.audience || previous.audience), '--audience') } : {}),
        ...(options.caFile || previous.ca_file ? { ca_file: resolve(String(options.caFile || previous.ca_file)) } : {}),
        ...(options.scope || previous.scope ? { scope: String(options.scope || previous.scope) } : {}),
        ...(tokenFormat ? { token_format: tokenFormat } : {}),
      };
      const secret = (await readSecret(runtime)).trim();
      const settings = { ...remoteSettings({ remote, profile, profileName: name }, { ...runtime.env, PAYROLL_CLIENT_SECRET: secret }), secretSource: 'login' };
      let expiresAt: string | null = null;
      if (options.verify !== false) {
        // Check before saving: a typo in the secret should not leave a broken profile behind.
        fileTokenCache(tokenCachePath(settings.configDir, name)).clear();
        const fetch = createHttpsFetch(settings.caFile ? { caFile: settings.caFile } : {});
        try {
          const tokens = tokenSourceFor(settings, fetch);
          await tokens.token();
          expiresAt = tokens.cached()?.expires_at ?? null;
        } finally {
          fetch.close();
        }
      }
      config.profiles[name] = profile;
      writeConfig(config, runtime.env);
      const secretFile = writeSecretFile(settings.configDir, name, secret);
      runtime.info(`profile "${name}" → remote ${remote}${expiresAt ? ` (token valid until ${expiresAt})` : ''}`);
      runtime.print({ profile: name, ...profile, secret_file: secretFile, token_expires_at: expiresAt });
    });

  auth
    .command('status')
    .description('show the profile, where the secret comes from and when the cached token expires (never the token)')
    .option('--check', 'fetch a token now (renewing it if due) to prove the credentials work')
    .action(async (options: { check?: boolean }, command: Command) => {
      const runtime = await runtimeOf(command);
      const { createHttpsFetch, remoteSettings, tokenSourceFor } = await remoteKit();
      const where = remoteWhere(runtime);
      const settings = remoteSettings(where, runtime.env);
      const cache = fileTokenCache(tokenCachePath(settings.configDir, settings.profileName));
      if (options.check) {
        const fetch = createHttpsFetch(settings.caFile ? { caFile: settings.caFile } : {});
        try {
          await tokenSourceFor(settings, fetch).token();
        } finally {
          fetch.close();
        }
      }
      const cached = cache.read();
      const sameKind = (cached?.kind === 'user') === (settings.login === 'user');
      const usable = cached && sameKind && cached.client_id === settings.clientId && cached.audience === settings.audience && cached.auth_url === settings.authUrl ? cached : null;
      const user = settings.login === 'user';
      runtime.print({
        profile: settings.profileName,
        // The kind of login (docs/decisions.md H22): the clerk's own sign-in, or the client's credentials.
        login: user ? 'user' : 'client_credentials',
        ...(user ? { user: usable?.subject ?? null } : {}),
        remote: settings.baseUrl,
        auth_url: settings.authUrl,
        audience: settings.audience,
        client_id: settings.clientId,
        ca_file: settings.caFile ?? null,
        scope: settings.scope,
        secret: settings.secretSource,
        token: usable
          ? { cached: true, expires_at: usable.expires_at, renew_at: usable.renew_at, expired: Date.parse(usable.expires_at) <= Date.now(), scope: usable.scope, ...(user ? { refresh_token: Boolean(usable.refresh_token) } : {}) }
          : { cached: false },
      });
    });

  auth
    .command('token')
    .description('print an access token for the profile (for piping into curl); on a terminal it needs --yes')
    .action(async (_options: unknown, command: Command) => {
      const runtime = await runtimeOf(command);
      // The one command that prints a secret: meant for `$(payroll auth token)`; on a screen only when asked (docs/decisions.md H8).
      if (process.stdout.isTTY && !runtime.options.yes) throw usageError('this prints a bearer token; pipe it (payroll auth token | …) or pass --yes to show it on the terminal');
      const { createHttpsFetch, remoteSettings, tokenSourceFor } = await remoteKit();
      const settings = remoteSettings(remoteWhere(runtime), runtime.env);
      const fetch = createHttpsFetch(settings.caFile ? { caFile: settings.caFile } : {});
      try {
        process.stdout.write(`${await tokenSourceFor(settings, fetch).token()}\n`);
      } finally {
        fetch.close();
      }
    });

  auth
    .command('logout')
    .description('remove the cached tokens (access and refresh) and the saved client secret of the profile')
    .option('--forget', 'also remove the profile from the configuration')
    .action(async (options: { forget?: boolean }, command: Command) => {
      const runtime = await runtimeOf(command);
      const name = profileNameOf(runtime);
      const config = readConfig(runtime.env);
      const dir = configDir(runtime.env);
      const token = fileTokenCache(tokenCachePath(dir, name));
      const hadToken = token.read() !== null;
      token.clear();
      const hadSecret = removeSecretFile(dir, name);
      let forgotten = false;
      if (options.forget && config.profiles[name]) {
        delete config.profiles[name];
        writeConfig(config, runtime.env);
        forgotten = true;
      }
      runtime.info(`profile "${name}": ${hadToken ? 'cached token removed' : 'no cached token'}, ${hadSecret ? 'secret removed' : 'no saved secret'}${forgotten ? ', profile removed' : ''}`);
      runtime.print({ profile: name, token_removed: hadToken, secret_removed: hadSecret, profile_removed: forgotten });
    });
}
