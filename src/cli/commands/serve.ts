import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { dataDir, defaultDatabasePath } from '../config.js';
import { EXIT } from '../exit-codes.js';
import { type GlobalOptions, resolveProfile, usageError } from '../runtime.js';

/**
 * `payroll serve`: the hosted instance (architecture.md). The spec's HTTPS API over the local
 * implementation and one shared store; every request acts as the caller its bearer token names.
 * HTTPS only: --cert/--key, or --dev for a self-signed localhost certificate.
 */
interface ServeOptions {
  cert?: string;
  key?: string;
  dev?: boolean;
  port: string;
  host: string;
  issuer?: string;
  audience?: string;
  jwksUrl?: string;
  authUrl?: string;
  publicUrl?: string;
  idpCaFile?: string;
  orgsClaim?: string;
  rateLimit?: string;
  objectsDir?: string;
  logLevel: string;
}

function readPem(path: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw usageError(`${flag} ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** What `payroll serve` closes on SIGTERM/SIGINT, in this order. */
export interface ServeResources {
  server: { close(): Promise<void> };
  idpFetch: { close(): void };
  store: { close(): Promise<void> };
}

/**
 * Stops taking requests and drains (server.close), then releases the identity provider's connections and the
 * store. The store is closed even when closing the server fails: a pg pool left open keeps its connections on
 * the database server until they time out, a SQLite file is left without its final checkpoint. The first
 * failure is rethrown after everything was closed.
 */
export async function closeServeResources({ server, idpFetch, store }: ServeResources): Promise<void> {
  try {
    await server.close();
  } finally {
    try {
      idpFetch.close();
    } finally {
      await store.close();
    }
  }
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the HTTPS API (OAuth 2 bearer tokens) over the local store')
    .option('--cert <file>', 'TLS certificate (PEM)')
    .option('--key <file>', 'TLS private key (PEM)')
    .option('--dev', 'use a self-signed certificate for localhost (created under the data dir and reused)')
    .option('--port <n>', 'TCP port (0 picks a free one)', '8443')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--issuer <url>', 'identity provider issuer whose tokens are accepted (env PAYROLL_ISSUER)')
    .option('--audience <url>', 'audience the tokens must carry (default: the public URL)')
    .option('--jwks-url <url>', 'signing keys of the issuer (default: jwks_uri of its discovery document)')
    .option('--auth-url <url>', 'auth_url announced in /openapi.json (tokens at {auth_url}/oauth/token; default: the issuer)')
    .option('--public-url <url>', 'base URL clients use (default: https://HOST:PORT)')
    .option('--idp-ca-file <file>', 'also trust this certificate when fetching the issuer’s keys')
    .option('--orgs-claim <name>', 'access-token claim listing the caller’s organization ids, or ["*"] (default payroll_orgs)')
    .option('--rate-limit <rule>', 'requests per client (token subject; IP address without a valid token), e.g. 600/min, 10/s, or off (default off; env PAYROLL_RATE_LIMIT); counted per server process')
    .option('--objects-dir <dir>', 'folder of the document files (env PAYROLL_OBJECTS_DIR; default beside a SQLite file, else under the data dir); every server of one database must share it')
    .option('--log-level <level>', 'pino level: fatal, error, warn, info, debug', 'info')
    .action(async (options: ServeOptions, command: Command) => {
      const globals = command.optsWithGlobals() as GlobalOptions;
      // Loaded here, not at startup: every other command stays free of the server's dependencies.
      const [{ createHttpsFetch }, { tokenEndpointOf }, { createApp, createJwtAuthenticator, createLogger, ensureDevCertificate, listenHttpsOnly }, { createRateLimiter, parseRateLimit }, { createLocalService, defaultObjectRoot }, { createFolderObjectStore }, { openStore }, { pingStore }, { requireHttps }] = await Promise.all([
        import('../../client/https-fetch.js'),
        import('../../client/token-source.js'),
        import('../../server/index.js'),
        import('../../server/rate-limit.js'),
        import('../../service/local.js'),
        import('../../service/object-store.js'),
        import('../../store/database.js'),
        import('../../store/availability.js'),
        import('../remote.js'),
      ]);
      const env = process.env;
      const rawIssuer = options.issuer || env.PAYROLL_ISSUER;
      if (!rawIssuer) throw usageError('missing --issuer: the identity provider whose access tokens this instance accepts (env PAYROLL_ISSUER)');
      // Kept exactly as given: it must equal the tokens' `iss` (some providers end it with a slash).
      const issuer = rawIssuer;
      requireHttps(issuer, '--issuer');
      if (options.jwksUrl) requireHttps(options.jwksUrl, '--jwks-url');
      if (options.dev && (options.cert || options.key)) throw usageError('--dev generates its own certificate: give either --dev or --cert and --key');
      let certFile = options.cert;
      let keyFile = options.key;
      if (options.dev) {
        const dev = ensureDevCertificate(join(dataDir(env), 'dev-tls'));
        certFile = dev.certFile;
        keyFile = dev.keyFile;
        process.stderr.write(`payroll serve: development certificate ${dev.certFile}${dev.created ? ' (new)' : ''}; clients trust it with NODE_EXTRA_CA_CERTS=${dev.certFile} or \`payroll auth login --ca-file ${dev.certFile}\`\n`);
      }
      if (!certFile || !keyFile) throw usageError('HTTPS only: give --cert FILE and --key FILE, or --dev for a self-signed localhost certificate');
      const cert = readPem(certFile, '--cert');
      const key = readPem(keyFile, '--key');
      const rateLimitText = options.rateLimit ?? env.PAYROLL_RATE_LIMIT ?? 'off';
      let rateLimit: ReturnType<typeof parseRateLimit>;
      try {
        rateLimit = parseRateLimit(rateLimitText);
      } catch (error) {
        throw usageError(`${options.rateLimit !== undefined ? '--rate-limit' : 'PAYROLL_RATE_LIMIT'} ${(error as Error).message}`);
      }
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be a whole number from 0 to 65535 (got ${options.port})`);

      const logger = createLogger({ level: options.logLevel });
      // Same precedence as local mode (cli.md): --db, then PAYROLL_DATABASE, then the profile's database.
      const location = globals.db || env.PAYROLL_DATABASE || resolveProfile(globals, env).profile.database || defaultDatabasePath(env);
      const store = await openStore(location);
      // Document bytes live in this folder, not in the database: servers sharing a PostgreSQL database must share it too
      // (docs/operations.md "More than one server"), or a document written through one is missing through another.
      const objects = createFolderObjectStore(options.objectsDir || env.PAYROLL_OBJECTS_DIR || defaultObjectRoot(location, dataDir(env)));
      const idpFetch = createHttpsFetch(options.idpCaFile ? { caFile: options.idpCaFile } : {});

      // The audience is the public base URL, known once the port is: the app is built after listen.
      let handler: ((request: Request, env?: unknown) => Response | Promise<Response>) | null = null;
      const server = await listenHttpsOnly((request, env) => (handler ? handler(request, env) : new Response('starting', { status: 503 })), { cert, key, host: options.host, port });
      const publicUrl = requireHttps(options.publicUrl || server.url, '--public-url');
      const audience = requireHttps(options.audience || publicUrl, '--audience');
      const authenticator = createJwtAuthenticator({ issuer, audience, ...(options.jwksUrl ? { jwksUrl: options.jwksUrl } : {}), ...(options.orgsClaim ? { orgsClaim: options.orgsClaim } : {}), fetch: idpFetch });
      const app = createApp({
        authenticator,
        logger,
        publicUrl,
        tokenUrl: tokenEndpointOf(options.authUrl || issuer),
        version: env.npm_package_version ?? '0.1.0',
        serviceFor: (actor) => createLocalService(store, { actor, objects }),
        healthy: async () => {
          await pingStore(store.db);
          return true;
        },
        ...(rateLimit ? { rateLimiter: createRateLimiter(rateLimit) } : {}),
      });
      handler = (request, requestEnv) => app.fetch(request, requestEnv);
      authenticator.ready().catch((error: unknown) => logger.warn({ issuer, reason: error instanceof Error ? error.message : String(error) }, 'identity provider keys not loaded yet; retrying on the first request'));
      logger.info({ url: publicUrl, audience, issuer, store: store.describe, rate_limit: rateLimit?.text ?? 'off' }, 'listening');
      process.stderr.write(`payroll serve: listening on ${publicUrl} (audience ${audience}, issuer ${issuer}, ${store.describe}${rateLimit ? `, rate limit ${rateLimit.text} per client` : ''})\n`);

      await new Promise<void>((resolve) => {
        let stopping = false;
        const stop = (signal: NodeJS.Signals) => {
          if (stopping) process.exit(EXIT.interrupted); // a second signal: no more waiting
          stopping = true;
          process.stderr.write(`payroll serve: ${signal}: finishing ${server.inFlight()} request(s), then closing\n`);
          closeServeResources({ server, idpFetch, store }).then(
            () => {
              logger.info({ signal }, 'stopped');
              resolve(); // a clean drain is a success: exit 0
            },
            (error: unknown) => {
              // Exit 1 as before (it was an unhandled rejection), now after the store was closed; exiting here
              // rather than rejecting, since a server that failed to close may hold handles that keep the process alive.
              const reason = error instanceof Error ? error.message : String(error);
              logger.error({ signal, reason }, 'shutdown failed');
              process.stderr.write(`payroll serve: shutdown failed: ${reason}\n`);
              process.exit(EXIT.unexpected);
            },
          );
        };
        // main.ts exits at once on SIGINT; a server drains first (graceful shutdown).
        process.removeAllListeners('SIGINT');
        process.once('SIGINT', () => stop('SIGINT'));
        process.once('SIGTERM', () => stop('SIGTERM'));
      });
    });
}
