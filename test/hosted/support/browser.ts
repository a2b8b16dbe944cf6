/**
 * A clerk's browser, reduced to what the sign-in needs: it opens the authorization URL the CLI
 * printed, keeps the identity provider's cookies, follows redirects by hand, answers the test IdP's
 * login and consent steps (idp.ts's interaction API) and stops at the redirect to the CLI's loopback
 * listener, which the test then delivers (or tampers with first).
 */
import { createHttpsFetch } from '../../../src/client/https-fetch.js';

export interface BrowserSignIn {
  /** The account to sign in as. */
  account: string;
  /** `deny` declines at the consent step: the IdP redirects back with error=access_denied. */
  decision?: 'allow' | 'deny';
}

export interface TestBrowser {
  /** Follows the sign-in to the loopback redirect and returns that URL (not yet requested). */
  signIn(authorizationUrl: string, how: BrowserSignIn): Promise<URL>;
  /** Requests the loopback callback like the browser would, returning the CLI's answer page. */
  deliver(callback: URL): Promise<{ status: number; body: string }>;
  close(): void;
}

export function testBrowser(ca: string): TestBrowser {
  const fetch = createHttpsFetch({ ca });
  const jar = new Map<string, string>();

  const remember = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  async function request(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: cookieHeader(), accept: 'text/html,application/json' };
    const body = init.form ? new URLSearchParams(init.form) : undefined;
    const response = await fetch(url, { method: init.method ?? 'GET', headers, ...(body ? { body } : {}) });
    remember(response);
    return response;
  }

  return {
    async signIn(authorizationUrl, how) {
      let url = new URL(authorizationUrl);
      let response = await request(url);
      for (let hop = 0; hop < 20; hop += 1) {
        if (response.status >= 300 && response.status < 400) {
          const next = new URL(response.headers.get('location') as string, url);
          if (next.protocol === 'http:') return next; // the loopback redirect: hand it to the test
          url = next;
          response = await request(url);
          continue;
        }
        const step = /^\/interaction\/([^/]+)$/.exec(url.pathname);
        if (response.status !== 200 || !step) throw new Error(`the sign-in stopped at ${url.pathname} with ${response.status}: ${await response.text()}`);
        const { prompt } = (await response.json()) as { prompt: string };
        const action = prompt === 'login' ? 'login' : how.decision === 'deny' ? 'abort' : 'confirm';
        url = new URL(`${url.pathname}/${action}`, url);
        response = await request(url, { method: 'POST', form: action === 'login' ? { account: how.account } : {} });
      }
      throw new Error('the sign-in did not come back within 20 redirects');
    },
    async deliver(callback) {
      const response = await globalThis.fetch(callback, { redirect: 'manual' });
      return { status: response.status, body: await response.text() };
    },
    close: () => fetch.close(),
  };
}
