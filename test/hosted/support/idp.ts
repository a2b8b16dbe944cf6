/**
 * A real OAuth 2 authorization server for the hosted-mode tests: oidc-provider v9 over HTTPS (the
 * same self-signed certificate as the API), client credentials grant at {auth_url}/oauth/token,
 * JWT access tokens signed with ES256 and published at its JWKS URL.
 *
 * The spec's token request names the API with an `audience` parameter (Auth0 style); oidc-provider
 * speaks RFC 8707 `resource`. The grant handler below accepts either, grants the requested scopes
 * that the client is registered for (all of them when none are asked for, as Auth0 does), sets
 * aud = the audience, and adds the organizations claim per client.
 *
 * End users (spec Authentication §5): public clients (token_endpoint_auth_method none, PKCE
 * required, loopback redirect URIs on any port as RFC 8252 §7.3 asks) get the authorization code
 * flow at {auth_url}/authorize and refresh tokens with offline_access. The audience travels as the
 * `audience` parameter of the authorization request (as for client credentials) and is granted to
 * the code and its refresh tokens. Sign-in and consent are a tiny interaction API a test drives
 * like a browser (see browser.ts): GET /interaction/<uid> names the prompt, POST …/login with
 * `account`, POST …/confirm grants what was asked, POST …/abort answers access_denied.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** A client that signs users in (authorization code + PKCE, no secret). */
export interface TestPublicClient {
  client_id: string;
  /** Scopes the client may get, space separated (openid and offline_access are always allowed). */
  scope: string;
  /** Access token lifetime in seconds (default 3600). */
  ttl?: number;
}

/** A user who may sign in, and the organizations their tokens reach (the payroll_orgs claim). */
export interface TestUser {
  account: string;
  orgs?: string[];
}

export interface TestIdp {
  issuer: string;
  jwksUrl: string;
  tokenUrl: string;
  /** Successful token requests per client id. */
  issued(clientId: string): number;
  /** Successful token requests per client id and grant type (authorization_code, refresh_token). */
  grants(clientId: string, grantType: string): number;
  close(): Promise<void>;
}

type IdpOptions = { cert: string; key: string; clients: TestClient[]; publicClients?: TestPublicClient[]; users?: TestUser[]; port?: number };

type Ctx = { oidc: { client: { clientId: string; scope?: string }; params: Record<string, string | undefined>; entity(name: string, value: unknown): void }; body: unknown };

export async function startTestIdp(options: IdpOptions): Promise<TestIdp> {
  const byId = new Map<string, { ttl?: number; orgs?: string[]; claims?: Record<string, unknown> }>([...options.clients, ...(options.publicClients ?? [])].map((c) => [c.client_id, c]));
  const users = new Map((options.users ?? []).map((u) => [u.account, u]));
  const issued = new Map<string, number>();
  const granted = new Map<string, number>();
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
    })).concat(
      (options.publicClients ?? []).map((c) => ({
        client_id: c.client_id,
        application_type: 'native',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // RFC 8252 §7.3: for a native client a loopback redirect matches on any port.
        redirect_uris: ['http://127.0.0.1/callback'],
        token_endpoint_auth_method: 'none',
        scope: `openid offline_access ${c.scope}`,
      })) as never[],
    ),
    findAccount: async (_ctx: unknown, sub: string) => (users.has(sub) ? { accountId: sub, claims: async () => ({ sub }) } : undefined),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    extraParams: ['audience'],
    pkce: { required: () => true },
    jwks: { keys: [jwk] },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    scopes: ['openid', 'offline_access', 'payroll:read', 'payroll:write', 'payroll:audit'],
    routes: { token: '/oauth/token', authorization: '/authorize' },
    features: {
      clientCredentials: { enabled: true },
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // The spec's `audience` names the API on the authorization request too; the code and its
        // refresh tokens keep it.
        defaultResource: async (ctx: { oidc: { params: Record<string, unknown> } }) => (typeof ctx.oidc.params.audience === 'string' ? ctx.oidc.params.audience : undefined),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: unknown, resource: string, client: { clientId: string; scope?: string }) => resourceServer(resource, client),
      },
    },
    ttl: {
      ClientCredentials: (_ctx: unknown, _token: unknown, client: { clientId: string }) => ttlOf(client.clientId),
      AccessToken: (_ctx: unknown, _token: unknown, client: { clientId: string }) => ttlOf(client.clientId),
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      Interaction: 600,
      Session: 3600,
    },
    extraTokenClaims: async (_ctx: unknown, token: { clientId?: string; accountId?: string }) => {
      if (token.accountId) {
        const user = users.get(token.accountId);
        return user?.orgs ? { payroll_orgs: user.orgs } : {};
      }
      const client = token.clientId ? byId.get(token.clientId) : undefined;
      return { ...(client?.orgs ? { payroll_orgs: client.orgs } : {}), ...(client?.claims ?? {}) };
    },
    cookies: { keys: ['payroll-test-idp'] },
  } as never);

  function resourceServer(resource: string, client: { clientId: string; scope?: string }) {
    // The API's scopes only: openid and offline_access belong to the identity provider itself.
    const scope = (client.scope ?? '').split(' ').filter((s) => s !== 'openid' && s !== 'offline_access').join(' ');
    return { scope, audience: resource, accessTokenTTL: ttlOf(client.clientId), accessTokenFormat: 'jwt', jwt: { sign: { alg: 'ES256' } } };
  }

  const p = provider as unknown as {
    registerGrantType(name: string, handler: (ctx: Ctx) => Promise<void>, params: string[], dupes?: string[]): void;
    ClientCredentials: new (init: { client: unknown; scope?: string }) => { resourceServer: unknown; expiration: number; save(): Promise<string> };
    ResourceServer: new (identifier: string, data: ReturnType<typeof resourceServer>) => unknown;
    callback(): (req: unknown, res: unknown) => void;
    on(event: string, listener: (ctx: Ctx & { oidc: { params: Record<string, string | undefined> } }) => void): void;
  };
  p.on('grant.success', (ctx) => {
    const key = `${ctx.oidc.client.clientId} ${ctx.oidc.params.grant_type}`;
    granted.set(key, (granted.get(key) ?? 0) + 1);
  });
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
  const callback = p.callback();
  const interactions = interactionApi(provider as never, users);
  handler = (req, res) => {
    const url = (req as IncomingMessage).url ?? '/';
    if (url.startsWith('/interaction/')) void interactions(req as IncomingMessage, res as ServerResponse);
    else callback(req, res);
  };

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/oauth/token`,
    issued: (clientId) => issued.get(clientId) ?? 0,
    grants: (clientId, grantType) => granted.get(`${clientId} ${grantType}`) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface InteractionProvider {
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string; prompt: { name: string; details: { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> } }; params: { client_id: string }; session?: { accountId?: string } }>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: unknown, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; addResourceScope(resource: string, scope: string): void; save(): Promise<string> };
}

/** The sign-in "pages": a login with an account name, a consent that grants what was asked, or an abort. */
function interactionApi(provider: InteractionProvider, users: Map<string, TestUser>) {
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const form = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const [, , uid, action] = (req.url ?? '').split('?')[0]!.split('/');
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) return send(res, 400, { error: 'interaction mismatch' });
      if (req.method === 'GET' && action === undefined) return send(res, 200, { prompt: details.prompt.name, client_id: details.params.client_id });
      if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
      if (action === 'abort') return await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'the user declined the sign-in' }, { mergeWithLastSubmission: false });
      if (action === 'login') {
        const account = (await form(req)).get('account') ?? '';
        if (!users.has(account)) return send(res, 401, { error: 'unknown account' });
        return await provider.interactionFinished(req, res, { login: { accountId: account } }, { mergeWithLastSubmission: false });
      }
      if (action === 'confirm') {
        const accountId = details.session?.accountId;
        if (!accountId) return send(res, 400, { error: 'not signed in' });
        const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
        const { missingOIDCScope, missingResourceScopes } = details.prompt.details;
        if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
        for (const [resource, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
        return await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      }
      return send(res, 404, { error: 'no such interaction step' });
    } catch (error) {
      send(res, 400, { error: (error as Error).message });
    }
  };
}
