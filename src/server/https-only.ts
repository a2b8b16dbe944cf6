import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';

/**
 * The listening side of `payroll serve`: HTTPS only (spec Authentication §2: "Requests over plain
 * HTTP fail"). One TCP port; a sniffer reads the first byte of each connection: 0x16 (a TLS
 * handshake record) goes to the TLS server, anything else gets an explicit
 * `400 {"error":"https_required"}` from a tiny plain-HTTP responder that serves nothing else,
 * so a client that forgot the `s` learns why instead of seeing a reset.
 */
export interface HttpsOnlyOptions {
  cert: string | Buffer;
  key: string | Buffer;
  host?: string;
  port?: number;
  /** Grace period for in-flight requests on close (default 10 s). */
  graceMs?: number;
}

export interface HostedServer {
  readonly host: string;
  readonly port: number;
  /** https://host:port, the default audience. */
  readonly url: string;
  inFlight(): number;
  /** Graceful: stop accepting, let in-flight requests finish (up to the grace period), then drop connections. */
  close(): Promise<void>;
}

const HTTPS_REQUIRED = JSON.stringify({ error: 'https_required', message: 'This service accepts HTTPS only: use https://...' });

export async function listenHttpsOnly(fetchHandler: (request: Request) => Response | Promise<Response>, options: HttpsOnlyOptions): Promise<HostedServer> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let closing = false;
  const idleWaiters: Array<() => void> = [];

  const listener = getRequestListener(fetchHandler);
  const tls = createHttpsServer({ cert: options.cert, key: options.key, minVersion: 'TLSv1.2' }, (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idleWaiters.splice(0).forEach((wake) => wake());
    });
    void listener(req, res);
  });
  tls.keepAliveTimeout = 5_000;
  tls.headersTimeout = 20_000;
  tls.requestTimeout = 120_000;
  tls.on('tlsClientError', (_error, socket) => socket.destroy());

  const plain = createHttpServer((_req, res) => {
    res.writeHead(400, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(HTTPS_REQUIRED), Connection: 'close', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
    res.end(HTTPS_REQUIRED);
  });

  const sniffer = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(10_000, () => socket.destroy());
    socket.once('data', (chunk: Buffer) => {
      socket.setTimeout(0);
      socket.pause();
      socket.unshift(chunk); // the TLS socket reads what is buffered first (node's initRead)
      (chunk[0] === 0x16 ? tls : plain).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });

  await new Promise<void>((resolve, reject) => {
    sniffer.once('error', reject);
    sniffer.listen(options.port ?? 8443, host, () => {
      sniffer.off('error', reject);
      resolve();
    });
  });
  const { port } = sniffer.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    host,
    port,
    url: `https://${urlHost}:${port}`,
    inFlight: () => inFlight,
    async close() {
      if (closing) return;
      closing = true;
      const stopped = new Promise<void>((resolve) => sniffer.close(() => resolve()));
      if (inFlight > 0) {
        await Promise.race([new Promise<void>((resolve) => idleWaiters.push(resolve)), new Promise<void>((resolve) => setTimeout(resolve, options.graceMs ?? 10_000).unref())]);
      }
      for (const socket of sockets) socket.destroy();
      await stopped;
    },
  };
}
