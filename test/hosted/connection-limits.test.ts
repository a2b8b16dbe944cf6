/**
 * The listening side's limits (issue 20 F5, F7): a request head over the limit gets 431 whatever its size, a head
 * that never completes is answered 408 and closed within the headers timeout, a TLS connection that never sends a
 * request is closed after the idle timeout. Real sockets, real TLS.
 */
import { connect, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenHttpsOnly, MAX_HEADER_BYTES, type HostedServer } from '../../src/server/https-only.js';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';

let server: HostedServer;

beforeAll(async () => {
  const { cert, key } = generateDevCertificate();
  server = await listenHttpsOnly(() => new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } }), { cert, key, port: 0, headersTimeoutMs: 1_000, idleTimeoutMs: 1_000 });
});
afterAll(async () => server.close());

/** Opens a TLS connection, writes `data`, and collects what comes back until the server closes (or `waitMs`). */
function exchange(data: string | null, waitMs = 10_000): Promise<{ answer: string; closedAfterMs: number | null }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket: TLSSocket = connect({ host: '127.0.0.1', port: server.port, rejectUnauthorized: false }, () => {
      if (data !== null) socket.write(data);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: null });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('timeout', reject);
  });
}

const requestWithHeader = (bytes: number) => `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(bytes)}\r\n\r\n`;

describe('request heads over the limit', () => {
  it.each([20 * 1024, 70 * 1024])('a %i-byte header gets 431 with a JSON body, then the connection closes', async (bytes) => {
    const { answer, closedAfterMs } = await exchange(requestWithHeader(bytes));
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(answer).toContain(`"message":"the request head is larger than ${MAX_HEADER_BYTES} bytes"`);
    expect(closedAfterMs).not.toBeNull();
  });

  it('a head just under the limit is served', async () => {
    const { answer } = await exchange(`${requestWithHeader(MAX_HEADER_BYTES - 200).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n')}`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('timeouts', () => {
  it('a head that never completes is answered 408 and closed within the headers timeout (plus the 1 s check)', async () => {
    const { answer, closedAfterMs } = await exchange('GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs as number).toBeLessThan(4_000);
  });

  it('a TLS connection that sends no request is closed after the idle timeout', async () => {
    const { answer, closedAfterMs } = await exchange(null);
    expect(answer).toBe('');
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs as number).toBeLessThan(4_000);
  });

  it('a request still gets its answer on a connection that was idle for less than the timeout', async () => {
    const started = Date.now();
    const { answer } = await new Promise<{ answer: string }>((resolve) => {
      let answer = '';
      const socket = connect({ host: '127.0.0.1', port: server.port, rejectUnauthorized: false }, () => {
        setTimeout(() => socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'), 500);
      });
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve({ answer }));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});
