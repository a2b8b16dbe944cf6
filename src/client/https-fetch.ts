import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { rootCertificates } from 'node:tls';
import { DomainError } from '../service/ports.js';

/**
 * A fetch over node:https. Node 20's global fetch cannot be told to trust one more certificate
 * (no dispatcher without the undici package), but a clerk pointing the CLI at `payroll serve --dev`
 * must be able to trust exactly that certificate (profile `ca_file`). Used for the API, for the
 * token endpoint (openid-client's customFetch) and by the server for the identity provider's JWKS.
 * Plain http:// is refused here too, whatever the caller passed.
 */
export interface HttpsFetchInit {
  method?: string;
  headers?: Headers | Record<string, string>;
  body?: string | Uint8Array | URLSearchParams | null;
  signal?: AbortSignal | null;
  redirect?: string;
}

export type HttpsFetch = ((url: string | URL, init?: HttpsFetchInit) => Promise<Response>) & { close(): void };

export interface HttpsFetchOptions {
  /** Extra trusted certificates (PEM), e.g. the dev certificate; the public roots and NODE_EXTRA_CA_CERTS stay trusted. */
  caFile?: string;
  ca?: string | string[];
  timeoutMs?: number;
}

function trustedCertificates(options: HttpsFetchOptions): string[] | undefined {
  const extra: string[] = [];
  if (options.caFile) {
    try {
      extra.push(readFileSync(options.caFile, 'utf8'));
    } catch (error) {
      throw new DomainError('usage', 'CLI.CA_FILE', `ca_file ${options.caFile}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  if (options.ca) extra.push(...(Array.isArray(options.ca) ? options.ca : [options.ca]));
  if (extra.length === 0) return undefined; // node's default store, which already holds NODE_EXTRA_CA_CERTS
  const fromEnv = process.env.NODE_EXTRA_CA_CERTS ? [safeRead(process.env.NODE_EXTRA_CA_CERTS)] : [];
  return [...rootCertificates, ...fromEnv.filter((c): c is string => c !== null), ...extra];
}

function safeRead(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function headerRecord(headers: HttpsFetchInit['headers']): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  return { ...headers };
}

function bodyBytes(body: HttpsFetchInit['body']): Buffer | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof URLSearchParams) return Buffer.from(body.toString(), 'utf8');
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

export function createHttpsFetch(options: HttpsFetchOptions = {}): HttpsFetch {
  const ca = trustedCertificates(options);
  const agent = new Agent({ keepAlive: true, maxSockets: 16, ...(ca ? { ca } : {}) });
  const fetchImpl = (url: string | URL, init: HttpsFetchInit = {}, attempt = 0): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(String(url));
      if (target.protocol !== 'https:') {
        reject(new DomainError('usage', 'CLI.HTTPS_REQUIRED', `${target.origin} is not https: the service and its identity provider are reached over HTTPS only`));
        return;
      }
      const headers = headerRecord(init.headers);
      const body = bodyBytes(init.body);
      if (init.body instanceof URLSearchParams && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      if (body) headers['content-length'] = String(body.length);
      const req = request(target, { method: init.method ?? 'GET', headers, agent, timeout: options.timeoutMs ?? 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 500;
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (Array.isArray(value)) value.forEach((v) => responseHeaders.append(name, v));
            else if (value !== undefined) responseHeaders.set(name, value);
          }
          const nullBody = status === 204 || status === 205 || status === 304 || (init.method ?? 'GET').toUpperCase() === 'HEAD';
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: responseHeaders }));
        });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer from ${target.origin} within ${options.timeoutMs ?? 30_000} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server had already closed: the request never reached it, so one
        // retry on a fresh connection is safe (node's documented pattern for req.reusedSocket).
        if (req.reusedSocket && error.code === 'ECONNRESET' && attempt === 0 && !init.signal?.aborted) resolve(fetchImpl(url, init, 1));
        else reject(error);
      });
      if (init.signal) {
        if (init.signal.aborted) req.destroy(init.signal.reason instanceof Error ? init.signal.reason : new Error('aborted'));
        else init.signal.addEventListener('abort', () => req.destroy(init.signal?.reason instanceof Error ? init.signal.reason : new Error('aborted')), { once: true });
      }
      req.end(body ?? undefined);
    });
  return Object.assign((url: string | URL, init?: HttpsFetchInit) => fetchImpl(url, init), { close: () => agent.destroy() });
}
