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
  /** Longest wait for a request's complete headers (default 20 s; slowloris). */
  headersTimeoutMs?: number;
  /** Longest a connection may stay open without a request: before its first and between requests (default 5 s). */
  idleTimeoutMs?: number;
}

/** Largest request head (request line and headers) accepted; larger gets 431 (Node's default, stated). */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface HostedServer {
  readonly host: string;
  readonly port: number;
  /** https://host:port, the default audience. */
  readonly url: string;
  inFlight(): number;
  /** Graceful: stop accepting, let in-flight requests finish (up to the grace period), then drop connections. */
  close(): Promise<void>;
}

/**
 * Answers a refused connection and closes it gracefully: the answer is sent, our side half-closed, and what the
 * peer still sends is read and dropped for up to a second, so its kernel does not reset the connection and
 * discard our answer before the client reads it (the "lingering close" of RFC 9112 §9.6).
 */
function answerAndClose(socket: Socket, status: number, reason: string, error: string, message: string): void {
  if (socket.writableEnded) return; // answered already (the parser may report the same fault twice)
  if (!socket.writable || socket.destroyed) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error, message });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n\r\n${body}`);
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), 1_000).unref();
}

const HTTPS_REQUIRED = JSON.stringify({ error: 'https_required', message: 'This service accepts HTTPS only: use https://...' });

/** `env` carries the Node request (`{ incoming, outgoing }`, @hono/node-server): the app reads the peer's address from it. */
export async function listenHttpsOnly(fetchHandler: (request: Request, env?: unknown) => Response | Promise<Response>, options: HttpsOnlyOptions): Promise<HostedServer> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let closing = false;
  const idleWaiters: Array<() => void> = [];

  const listener = getRequestListener(fetchHandler);
  const headersTimeout = options.headersTimeoutMs ?? 20_000;
  const idleTimeout = options.idleTimeoutMs ?? 5_000;
  const tls = createHttpsServer(
    {
      cert: options.cert,
      key: options.key,
      minVersion: 'TLSv1.2',
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node checks the headers and request timeouts on this interval (default 30 s): a slow-header
      // connection then lived up to 50 s against a 20 s limit. Checked every second, the limit holds.
      connectionsCheckingInterval: 1_000,
    },
    (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) idleWaiters.splice(0).forEach((wake) => wake());
    });
    void listener(req, res);
    },
  );
  tls.keepAliveTimeout = idleTimeout;
  tls.headersTimeout = headersTimeout;
  tls.requestTimeout = 120_000;
  tls.on('tlsClientError', (_error, socket) => socket.destroy());
  // A TLS connection that never completes a request head is closed after the idle timeout (keepAliveTimeout
  // only starts after a first answer); one that sent part of a head is answered 408 first. The socket timeout
  // is lifted while a request is being served.
  const served = new WeakSet<Socket>();
  tls.on('secureConnection', (socket: Socket) => socket.setTimeout(idleTimeout));
  // With a 'timeout' listener the server no longer destroys a timed-out socket itself: this one decides.
  tls.on('timeout', (socket: Socket) => {
    if (!served.has(socket) && socket.bytesRead > 0) answerAndClose(socket, 408, 'Request Timeout', 'request_timeout', `the request head was not complete within ${idleTimeout} ms`);
    else socket.destroy();
  });
  tls.on('request', (req: IncomingMessage) => {
    served.add(req.socket);
    req.socket.setTimeout(0);
  });
  // Every refusal of a malformed request gets an answer before the connection closes (RFC 9110/6585): a head
  // over MAX_HEADER_BYTES is 431, a head not complete within the headers timeout 408, anything else 400.
  tls.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'HPE_HEADER_OVERFLOW') answerAndClose(socket, 431, 'Request Header Fields Too Large', 'header_too_large', `the request head is larger than ${MAX_HEADER_BYTES} bytes`);
    else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') answerAndClose(socket, 408, 'Request Timeout', 'request_timeout', `the request head was not complete within ${headersTimeout} ms`);
    else answerAndClose(socket, 400, 'Bad Request', 'bad_request', 'the request is not valid HTTP/1.1');
  });

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
