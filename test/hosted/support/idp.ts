/**
 * A real OAuth 2 authorization server for the hosted-mode tests: oidc-provider v9 over HTTPS (the
 * same self-signed certificate as the API), client credentials grant at {auth_url}/oauth/token,
 * JWT access tokens signed with ES256 and published at its JWKS URL.
 *
 * The spec's token request names the API with an `audience` parameter (Auth0 style); oidc-provider
 * speaks RFC 8707 `resource`. The grant handler below accepts either, grants the requested scopes
 * that the client is registered for (all of them when none are asked for, as Auth0 does), sets
 * aud = the audience, and adds the organizations claim per client.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';

// oidc-provider v9 warns about Node 20 and its in-memory store; both are expected in a test IdP.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && /^oidc-provider WARNING: (Unsupported runtime|a quick start development-only in-memory adapter)/.test(args[0])) return;
  warn(...args);
};
const { default: Provider, errors } = await import('oidc-provider');

export interface TestClient {
  client_id: string;
  client_secret: string;
  /** Scopes the client may get, space separated. */
  scope: string;
  /** The payroll_orgs claim; omitted → no claim. */
  orgs?: string[];
  /** Access token lifetime in seconds (default 3600). */
  ttl?: number;
  /** Extra claims to put in its tokens (e.g. to omit or break one). */
  claims?: Record<string, unknown>;
}

export interface TestIdp {
  issuer: string;
  jwksUrl: string;
  tokenUrl: string;
  /** Successful token requests per client id. */
  issued(clientId: string): number;
  close(): Promise<void>;
}

type Ctx = { oidc: { client: { clientId: string; scope?: string }; params: Record<string, string | undefined>; entity(name: string, value: unknown): void }; body: unknown };

export async function startTestIdp(options: { cert: string; key: string; clients: TestClient[]; port?: number }): Promise<TestIdp> {
  const byId = new Map(options.clients.map((c) => [c.client_id, c]));
  const issued = new Map<string, number>();
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-es256', alg: 'ES256', use: 'sig' };

  // Listen first: the issuer must contain the port.
  let handler: ((req: unknown, res: unknown) => void) | null = null;
  const server: Server = createServer({ cert: options.cert, key: options.key }, (req, res) => (handler as (a: unknown, b: unknown) => void)(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ttlOf = (clientId: string) => byId.get(clientId)?.ttl ?? 3600;
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.client_id,
      client_secret: c.client_secret,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_post',
      scope: c.scope,
    })),
    jwks: { keys: [jwk] },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    scopes: ['openid', 'offline_access', 'payroll:read', 'payroll:write'],
    routes: { token: '/oauth/token' },
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => undefined,
        useGrantedResource: async () => false,
        getResourceServerInfo: async (_ctx: unknown, resource: string, client: { clientId: string; scope?: string }) => resourceServer(resource, client),
      },
    },
    ttl: { ClientCredentials: (_ctx: unknown, _token: unknown, client: { clientId: string }) => ttlOf(client.clientId) },
    extraTokenClaims: async (_ctx: unknown, token: { clientId?: string }) => {
      const client = token.clientId ? byId.get(token.clientId) : undefined;
      return { ...(client?.orgs ? { payroll_orgs: client.orgs } : {}), ...(client?.claims ?? {}) };
    },
    cookies: { keys: ['payroll-test-idp'] },
  } as never);

  function resourceServer(resource: string, client: { clientId: string; scope?: string }) {
    return { scope: client.scope ?? '', audience: resource, accessTokenTTL: ttlOf(client.clientId), accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
  }

  const p = provider as unknown as {
    registerGrantType(name: string, handler: (ctx: Ctx) => Promise<void>, params: string[], dupes?: string[]): void;
    ClientCredentials: new (init: { client: unknown; scope?: string }) => { resourceServer: unknown; expiration: number; save(): Promise<string> };
    ResourceServer: new (identifier: string, data: ReturnType<typeof resourceServer>) => unknown;
    callback(): (req: unknown, res: unknown) => void;
  };
  p.registerGrantType(
    'client_credentials',
    async (ctx) => {
      const { client, params } = ctx.oidc;
      const audience = params.audience ?? params.resource;
      if (!audience) throw new errors.InvalidTarget('the audience (the API base URL) is required');
      const allowed = new Set((client.scope ?? '').split(' ').filter(Boolean));
      const requested = params.scope ? params.scope.split(' ') : [...allowed];
      const scope = requested.filter((s) => allowed.has(s)).join(' ');
      const token = new p.ClientCredentials({ client, scope: scope || undefined });
      token.resourceServer = new p.ResourceServer(audience, resourceServer(audience, client));
      ctx.oidc.entity('ClientCredentials', token);
      const value = await token.save();
      issued.set(client.clientId, (issued.get(client.clientId) ?? 0) + 1);
      ctx.body = { access_token: value, expires_in: token.expiration, token_type: 'Bearer', ...(scope ? { scope } : {}) };
    },
    ['scope', 'resource', 'audience'],
    ['resource'],
  );
  handler = p.callback();

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/oauth/token`,
    issued: (clientId) => issued.get(clientId) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
