import { clientCredentialsTokenSource, type TokenSource } from '../client/token-source.js';
import { readSecretFile, secretPath, tokenCachePath, tokenLockPath } from '../client/credentials.js';
import { createHttpsFetch, type HttpsFetch } from '../client/https-fetch.js';
import { createRemoteService } from '../client/remote-service.js';
import { fileTokenCache } from '../client/token-cache.js';
import { userTokenSource } from '../client/user-token-source.js';
import type { PayrollService } from '../service/ports.js';
import { configDir, type Profile } from './config.js';
import type { Where } from './runtime.js';
import { usageError } from './usage-error.js';

/**
 * Remote mode (issue 6): the PayrollService over HTTPS with a client-credentials token, or the
 * token of a clerk who signed in with `payroll auth login --user` (renewed by refresh token). Settings
 * follow cli.md "Where it works": the env beats the profile (PAYROLL_URL, PAYROLL_AUTH_URL,
 * PAYROLL_CLIENT_ID, PAYROLL_CLIENT_SECRET); the secret otherwise comes from the 0600 file that
 * `payroll auth login` wrote. Only https:// is accepted for the API and the identity provider.
 */

/** Remote profile fields beyond config.ts's Profile (docs/decisions.md H4, H5). */
export interface RemoteProfile extends Profile {
  /** A PEM file to trust in addition to the public roots (the `payroll serve --dev` certificate). */
  ca_file?: string;
  /** Scopes to ask for; omitted, the identity provider grants what the client is registered for. */
  scope?: string;
  /** Token request encoding: form (RFC 6749, default) or json (the spec's literal shape). */
  token_format?: 'form' | 'json';
  /** `user`: a clerk signed in with `payroll auth login --user` (authorization code + PKCE, refresh token); absent: client credentials. */
  login?: 'user';
}

export interface RemoteSettings {
  profileName: string;
  baseUrl: string;
  authUrl: string;
  audience: string;
  clientId: string;
  clientSecret: string | null;
  secretSource: string;
  caFile: string | undefined;
  scope: string | null;
  tokenFormat: 'form' | 'json';
  /** client: client credentials (H4); user: the clerk's own sign-in (H17–H22). */
  login: 'client' | 'user';
  configDir: string;
}

/** Refuses anything but an absolute https:// URL, naming the setting (a usage error, exit 2). */
export function requireHttps(value: string, setting: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`${setting} "${value}" is not a URL`);
  }
  if (url.protocol !== 'https:') throw usageError(`${setting} must be an https:// URL (got ${url.protocol}//…): the service accepts HTTPS only`);
  return value.replace(/\/+$/, '');
}

export function remoteSettings(where: Pick<Where, 'remote' | 'profile' | 'profileName'>, env: NodeJS.ProcessEnv): RemoteSettings {
  const profile = where.profile as RemoteProfile;
  if (!where.remote) throw usageError(`profile "${where.profileName}" has no remote URL: give --remote or run \`payroll auth login --profile ${where.profileName} --remote https://…\``);
  const baseUrl = requireHttps(where.remote, 'the remote URL');
  const rawAuth = env.PAYROLL_AUTH_URL || profile.auth_url;
  if (!rawAuth) throw usageError(`no auth URL for ${baseUrl}: set PAYROLL_AUTH_URL or run \`payroll auth login --profile ${where.profileName} --auth-url https://…\``);
  const authUrl = requireHttps(rawAuth, 'the auth URL');
  const clientId = env.PAYROLL_CLIENT_ID || profile.client_id;
  if (!clientId) throw usageError(`no client id: set PAYROLL_CLIENT_ID or run \`payroll auth login --profile ${where.profileName} --client-id …\``);
  const dir = configDir(env);
  const login = profile.login === 'user' ? 'user' : 'client';
  // A user sign-in is a public client: it has no secret, whatever the environment holds.
  const fromEnv = login === 'user' ? undefined : env.PAYROLL_CLIENT_SECRET;
  const fromFile = fromEnv || login === 'user' ? null : readSecretFile(dir, where.profileName);
  return {
    profileName: where.profileName,
    baseUrl,
    authUrl,
    audience: requireHttps(profile.audience || baseUrl, 'the audience'),
    clientId,
    clientSecret: fromEnv || fromFile || null,
    secretSource: login === 'user' ? 'none (user sign-in)' : fromEnv ? 'env PAYROLL_CLIENT_SECRET' : fromFile ? `file ${secretPath(dir, where.profileName)}` : 'missing',
    caFile: profile.ca_file,
    scope: profile.scope ?? null,
    tokenFormat: profile.token_format === 'json' ? 'json' : 'form',
    login,
    configDir: dir,
  };
}

export function tokenSourceFor(settings: RemoteSettings, fetch: HttpsFetch): TokenSource {
  if (settings.login === 'user') {
    return userTokenSource({
      authUrl: settings.authUrl,
      clientId: settings.clientId,
      audience: settings.audience,
      profileName: settings.profileName,
      fetch,
      cache: fileTokenCache(tokenCachePath(settings.configDir, settings.profileName)),
      lockPath: tokenLockPath(settings.configDir, settings.profileName),
    });
  }
  if (!settings.clientSecret) {
    throw usageError(`no client secret for profile "${settings.profileName}": set PAYROLL_CLIENT_SECRET or run \`payroll auth login --profile ${settings.profileName}\``);
  }
  return clientCredentialsTokenSource({
    authUrl: settings.authUrl,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    audience: settings.audience,
    scope: settings.scope,
    encoding: settings.tokenFormat,
    fetch,
    cache: fileTokenCache(tokenCachePath(settings.configDir, settings.profileName)),
  });
}

export async function openRemoteService(where: Where, env: NodeJS.ProcessEnv): Promise<PayrollService> {
  const settings = remoteSettings(where, env);
  const fetch = createHttpsFetch(settings.caFile ? { caFile: settings.caFile } : {});
  const tokens = tokenSourceFor(settings, fetch);
  return createRemoteService({ baseUrl: settings.baseUrl, tokens, fetch, target: `remote ${settings.baseUrl}` });
}
