import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError } from '../service/ports.js';

/**
 * The redirect target of a native app's sign-in (RFC 8252 §7.3): a one-shot HTTP listener on the
 * loopback interface, on a port the system picks, at `/callback`. It binds 127.0.0.1 only, never all
 * interfaces (RFC 8252 §8.3), and uses the IP literal rather than `localhost`, which a resolver or
 * firewall may map elsewhere (§8.3). Plain http is what RFC 8252 prescribes here: the redirect never
 * leaves the machine; the code in it is useless without the PKCE verifier (docs/decisions.md H17).
 */
export interface CallbackRequest {
  /** The full callback URL as the browser sent it, e.g. http://127.0.0.1:53124/callback?code=…&state=… */
  url: URL;
  /** Answers the browser with a short page, then the listener is done. */
  respond(outcome: { ok: true } | { ok: false; reason: string }): void;
}

export interface LoopbackListener {
  redirectUri: string;
  /** The first request to /callback; rejects with AUTH.LOGIN_TIMEOUT (exit 4) when none came in time. */
  wait(): Promise<CallbackRequest>;
  close(): Promise<void>;
}

export const CALLBACK_PATH = '/callback';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>\n`;
}

export async function listenForCallback(options: { timeoutMs: number; host?: string }): Promise<LoopbackListener> {
  const host = options.host ?? '127.0.0.1';
  let deliver: ((request: CallbackRequest) => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  const arrived = new Promise<CallbackRequest>((resolve, reject) => {
    deliver = resolve;
    fail = reject;
  });
  arrived.catch(() => undefined); // observed by wait(); an unobserved timeout must not crash the process
  let handled = false;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    res.setHeader('cache-control', 'no-store');
    res.setHeader('referrer-policy', 'no-referrer'); // the page must not leak the code onwards
    if (url.pathname !== CALLBACK_PATH || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (handled) {
      res.writeHead(409, { 'content-type': 'text/html; charset=utf-8' }).end(page('Already handled', 'This sign-in has already been answered. Return to the terminal.'));
      return;
    }
    handled = true;
    const full = new URL(`${CALLBACK_PATH}${url.search}`, redirectUri);
    deliver?.({
      url: full,
      respond(outcome) {
        const body = outcome.ok
          ? page('Signed in to payroll', 'You are signed in. You can close this window and return to the terminal.')
          : page('Sign-in failed', `${outcome.reason} Return to the terminal.`);
        res.writeHead(outcome.ok ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', connection: 'close' }).end(body);
      },
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const redirectUri = `http://${host}:${(server.address() as AddressInfo).port}${CALLBACK_PATH}`;
  const timer = setTimeout(() => {
    fail?.(new DomainError('unauthenticated', 'AUTH.LOGIN_TIMEOUT', `no sign-in arrived at ${redirectUri} within ${Math.round(options.timeoutMs / 1000)} s; run the login again and finish it in the browser (or give --timeout SECONDS)`));
  }, options.timeoutMs);

  return {
    redirectUri,
    wait: () => arrived,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        // Let the answer to the browser go out, then drop whatever is still connected.
        server.close(() => resolve());
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      }),
  };
}
