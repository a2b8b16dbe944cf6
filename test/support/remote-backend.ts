/**
 * The `remote` backend of the contract suite: the HTTPS API of `payroll serve` (createApp behind
 * the HTTPS-only listener, on a real TLS socket) with a real OAuth 2 server (oidc-provider) issuing
 * the tokens, the remote PayrollService generated from the route table on the client side.
 *
 * Started once per test file (the IdP, the listener, the token); every test gets a fresh in-memory
 * SQLite store of its own: the listener routes `/t/<n>/...` to test n's app, so even concurrent
 * tests never share data. No mocked tokens anywhere.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpsFetch, type HttpsFetch } from '../../src/client/https-fetch.js';
import { createRemoteService } from '../../src/client/remote-service.js';
import { clientCredentialsTokenSource, type TokenSource } from '../../src/client/token-source.js';
import { createApp } from '../../src/server/app.js';
import { createJwtAuthenticator } from '../../src/server/auth/authenticator.js';
import { listenHttpsOnly, type HostedServer } from '../../src/server/https-only.js';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';
import type { Clock } from '../../src/service/context.js';
import { createLocalService } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import type { Logger } from 'pino';
import { openStore } from '../../src/store/database.js';
import { startTestIdp, type TestClient, type TestIdp, type TestPublicClient, type TestUser } from '../hosted/support/idp.js';
import type { Backend } from './backends.js';

/**
 * The contract client is named like the local backend's actor (`local:contract-test`), so a test
 * that checks created_by reads the same subject from either backend.
 */
export const CONTRACT_CLIENT = { client_id: 'local:contract-test', client_secret: 'contract-suite-secret-0123456789abcdef', scope: 'payroll:read payroll:write payroll:audit', orgs: ['*'] };

export interface Tenant {
  /** `https://127.0.0.1:<port>/t/<n>`: the API base of this test's own store. */
  baseUrl: string;
  service: PayrollService;
  dispose(): Promise<void>;
}

export interface HarnessOptions {
  /** More IdP clients (refusal tests: read-only, one organization, short-lived tokens, ...). */
  clients?: TestClient[];
  /** Public clients and users for the end-user sign-in (authorization code + PKCE). */
  publicClients?: TestPublicClient[];
  users?: TestUser[];
}

export interface RemoteHarness {
  backend: Backend;
  /** A fresh store behind its own base URL; `logger` sees that tenant's request log. */
  tenant(options?: { clock?: Clock; logger?: Logger }): Promise<Tenant>;
  tokens: TokenSource;
  fetch: HttpsFetch;
  server: HostedServer;
  idp: TestIdp;
  cert: string;
  close(): Promise<void>;
}

type TenantApp = { fetch: (request: Request) => Response | Promise<Response> };

export async function startRemoteHarness(options: HarnessOptions = {}): Promise<RemoteHarness> {
  const { cert, key } = generateDevCertificate();
  const idp = await startTestIdp({ cert, key, clients: [CONTRACT_CLIENT, ...(options.clients ?? [])], publicClients: options.publicClients ?? [], users: options.users ?? [] });
  const tenants = new Map<string, TenantApp>();
  let next = 0;

  // Outer handler: /t/<n>/rest → tenant n's app with the path /rest.
  const server = await listenHttpsOnly(
    (request) => {
      const url = new URL(request.url);
      const match = /^\/t\/(\d+)(\/.*)?$/.exec(url.pathname);
      const tenant = match ? tenants.get(match[1] as string) : undefined;
      if (!match || !tenant) return new Response(JSON.stringify({ error: 'not_found', kind: 'not_found', code: 'TEST.TENANT', message: 'no such test tenant' }), { status: 404 });
      url.pathname = match[2] ?? '/';
      return tenant.fetch(new Request(url, request));
    },
    { cert, key, host: '127.0.0.1', port: 0 },
  );
  const idpFetch = createHttpsFetch({ ca: cert });
  const authenticator = createJwtAuthenticator({ issuer: idp.issuer, audience: server.url, fetch: idpFetch, clockToleranceSeconds: 0 });
  // One connection pool for the whole file; a test's service.close() must not tear it down.
  const sharedFetch = createHttpsFetch({ ca: cert });
  const apiFetch: HttpsFetch = Object.assign((url: string | URL, init?: Parameters<HttpsFetch>[1]) => sharedFetch(url, init), { close() {} });
  const tokens: TokenSource = clientCredentialsTokenSource({ authUrl: idp.issuer, clientId: CONTRACT_CLIENT.client_id, clientSecret: CONTRACT_CLIENT.client_secret, audience: server.url, fetch: apiFetch });

  async function tenant(options: { clock?: Clock; logger?: Logger } = {}): Promise<Tenant> {
    const id = String((next += 1));
    const dir = mkdtempSync(join(tmpdir(), 'payroll-remote-'));
    const store = await openStore(':memory:');
    const objects = createFolderObjectStore(dir);
    const app = createApp({
      authenticator,
      tokenUrl: idp.tokenUrl,
      ...(options.logger ? { logger: options.logger } : {}),
      serviceFor: (actor) => createLocalService(store, { actor, objects, ...(options.clock ? { clock: options.clock } : {}) }),
    });
    tenants.set(id, app);
    const baseUrl = `${server.url}/t/${id}`;
    return {
      baseUrl,
      service: createRemoteService({ baseUrl, tokens, fetch: apiFetch }),
      async dispose() {
        tenants.delete(id);
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const backend: Backend = {
    name: 'remote',
    async create(options: { clock?: Clock } = {}) {
      const { service, dispose } = await tenant(options);
      return { service, dispose };
    },
  };

  return {
    backend,
    tenant,
    tokens,
    fetch: apiFetch,
    server,
    idp,
    cert,
    async close() {
      await server.close();
      idpFetch.close();
      sharedFetch.close();
      await idp.close();
    },
  };
}
