/**
 * One rule for unknown query parameters (issue 20 F9; decision H31): every route of the table, asked with a query
 * parameter it does not list, answers the same 422 validation error (spec Errors §1) naming the parameter at
 * loc ["query", name] with type unknown_parameter, whether the route is a list that used to ignore it, one that
 * refused it, or a route that reads no query at all. The remote client refuses such a call the same way without
 * sending it, and the local service (the CLI against a file) refuses it too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteService } from '../../src/client/remote-service.js';
import type { HttpsFetch } from '../../src/client/https-fetch.js';
import { createApp } from '../../src/server/app.js';
import type { Authenticator } from '../../src/server/auth/authenticator.js';
import { validationErrorBody } from '../../src/server/error-schemas.js';
import { queryParameterNames } from '../../src/service/contracts/query-rule.js';
import { routes, type RouteSpec } from '../../src/service/contracts/routes.js';
import { createLocalService } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore, type Store } from '../../src/store/database.js';
import { expectDomainError } from '../support/expect-error.js';

const authenticator: Authenticator = {
  async authenticate() {
    return { subject: 'query-rule-test', organizations: 'all', scopes: new Set(['payroll:read', 'payroll:write', 'payroll:audit']) };
  },
};

describe('unknown query parameters: one answer on every route (decision H31)', () => {
  let store: Store;
  let dir: string;
  let app: ReturnType<typeof createApp>;
  let orgId: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'payroll-unknown-query-'));
    store = await openStore(':memory:');
    const objects = createFolderObjectStore(dir);
    app = createApp({ authenticator, tokenUrl: 'https://idp.test/oauth/token', serviceFor: (actor) => createLocalService(store, { actor, objects }) });
    const created = await app.request('https://api.test/organizations', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: JSON.stringify({ legal_name: 'Query Rule Ltd', country: 'GB' }) });
    expect(created.status).toBe(201);
    orgId = ((await created.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const entries = Object.entries(routes as Record<string, RouteSpec>);
  const pathOf = (route: RouteSpec) => route.path.replace('{organization_id}', orgId).replace(/\{[^}]+\}/g, 'x1');

  it('every GET route answers 422 naming the unknown parameter, the same body everywhere', async () => {
    const gets = entries.filter(([, route]) => route.method === 'GET');
    expect(gets.length).toBeGreaterThan(40);
    const shapes = new Set<string>();
    for (const [id, route] of gets) {
      // A listed parameter beside the unknown one: only the unknown one is named.
      const listed = queryParameterNames(route).includes('size') ? '&size=5' : '';
      const response = await app.request(`https://api.test${pathOf(route)}?colour=blue${listed}`, { headers: { authorization: 'Bearer t' } });
      const body = (await response.json()) as { detail: { loc: string[]; msg: string; type: string }[]; code: string };
      expect(response.status, id).toBe(422);
      expect(validationErrorBody.safeParse(body).success, id).toBe(true);
      expect(body.detail, id).toHaveLength(1);
      expect(body.detail[0]?.loc, id).toEqual(['query', 'colour']);
      expect(body.detail[0]?.type, id).toBe('unknown_parameter');
      expect(body.code, id).toBe('QUERY.UNKNOWN_PARAMETER');
      expect(body.detail[0]?.msg, id).toContain(queryParameterNames(route).length > 0 ? `it takes ${queryParameterNames(route).join(', ')}` : 'it takes no query parameters');
      shapes.add(JSON.stringify({ status: response.status, keys: Object.keys(body).sort(), loc: body.detail[0]?.loc, type: body.detail[0]?.type }));
    }
    expect(shapes.size).toBe(1);
  });

  it('writes follow the same rule; a known parameter alone is taken', async () => {
    const bogus = await app.request('https://api.test/organizations/import?dry_run=true&dryrun=true', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{}' });
    expect(bogus.status).toBe(422);
    expect(((await bogus.json()) as { detail: { loc: string[] }[] }).detail.map((d) => d.loc)).toEqual([['query', 'dryrun']]);
    const update = await app.request(`https://api.test/organizations/${orgId}?force=1`, { method: 'PATCH', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"dba_name":"Q"}' });
    expect(update.status).toBe(422);
    const list = await app.request(`https://api.test/organizations/${orgId}/employees?size=5&sort_order=desc`, { headers: { authorization: 'Bearer t' } });
    expect(list.status).toBe(200);
    const organizations = await app.request('https://api.test/organizations?size=5', { headers: { authorization: 'Bearer t' } });
    expect(organizations.status).toBe(200);
  });

  it('the local service (the CLI against a file) refuses it the same way', async () => {
    const local = createLocalService(store, { actor: await authenticator.authenticate(undefined), objects: createFolderObjectStore(dir) });
    const error = await expectDomainError(local.listEmployees(orgId, { size: 5, colour: 'blue' }), 'validation');
    expect(error.code).toBe('QUERY.UNKNOWN_PARAMETER');
    expect(error.issues?.map((i) => [i.loc, i.type])).toEqual([[['query', 'colour'], 'unknown_parameter']]);
    expect((await local.listEmployees(orgId, { size: 5 })).meta.size).toBe(5);
  });

  it('the remote client refuses an unknown parameter the same way and sends nothing', async () => {
    const sent: string[] = [];
    const fetch = Object.assign(async (url: string | URL) => {
      sent.push(String(url));
      return new Response(JSON.stringify({ items: [], meta: { total: 0, page: 1, size: 10, pages: 1, has_next: false, has_prev: false } }), { status: 200, headers: { 'content-type': 'application/json' } });
    }, { close() {} }) as unknown as HttpsFetch;
    const remote = createRemoteService({ baseUrl: 'https://api.test', fetch, tokens: { token: async () => 't', invalidate() {}, cached: () => null } });
    const error = await expectDomainError(remote.listEmployees(orgId, { size: 5, colour: 'blue' }), 'validation');
    expect(error.issues?.map((i) => [i.loc, i.type])).toEqual([[['query', 'colour'], 'unknown_parameter']]);
    expect(sent).toEqual([]);
    // Listed parameters, and unset ones, are sent as before.
    await remote.listEmployees(orgId, { size: 5, status: undefined });
    expect(sent).toEqual([`https://api.test/organizations/${orgId}/employees?size=5`]);
  });
});
