/**
 * Decision H31: the CLI's lazily loading local service applies the rule for unknown query parameters from a zod-free
 * table (service/contracts/query-parameters.ts). The table must be what the route table derives, and the lazy
 * service must refuse as createLocalService and the server do: 422 QUERY.UNKNOWN_PARAMETER at ["query", name].
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUERY_PARAMETERS } from '../../src/service/contracts/query-parameters.js';
import { queryParameterNames } from '../../src/service/contracts/query-rule.js';
import { routes, type RouteSpec } from '../../src/service/contracts/routes.js';
import { localActor, openLazyLocalService } from '../../src/service/lazy-local.js';

describe('the zod-free table of query parameters', () => {
  it('is what the route table derives, method by method', () => {
    const derived: Record<string, [number, string[]]> = {};
    for (const [name, route] of Object.entries(routes as Record<string, RouteSpec>)) {
      const at = route.args.findIndex((a) => a.from === 'query');
      if (at >= 0) derived[name] = [at, [...queryParameterNames(route)]];
    }
    const printed = Object.entries(derived)
      .map(([name, [at, names]]) => `  ${name}: [${at}, [${names.map((n) => `'${n}'`).join(', ')}]],`)
      .join('\n');
    expect(QUERY_PARAMETERS, `service/contracts/query-parameters.ts is stale; its table should read:\n${printed}`).toEqual(derived);
    expect(Object.keys(derived).length).toBeGreaterThan(30);
  });

  it('lets the lazily loading local service refuse an unknown parameter as the server does, and pass the known ones', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-lazy-query-'));
    const service = await openLazyLocalService(join(dir, 'payroll.db'), { actor: localActor('query'), objectRoot: dir, create: 'file' });
    try {
      const error = (await service.listOrganizations({ size: 10, sizee: 5 } as never).catch((e: unknown) => e)) as { code?: string; issues?: unknown[] };
      expect(error.code).toBe('QUERY.UNKNOWN_PARAMETER');
      expect(error.issues).toEqual([{ loc: ['query', 'sizee'], msg: 'is not a query parameter of this operation; it takes size, cursor, sort_order', type: 'unknown_parameter' }]);
      const org = await service.createOrganization({ legal_name: 'Query Ltd', country: 'GB' });
      const listed = await service.listEmployees(org.id, { size: 5, status: 'active' });
      expect(listed.items).toEqual([]);
      const refused = (await service.listEmployees(org.id, { stauts: 'left' } as never).catch((e: unknown) => e)) as { code?: string; issues?: { loc: unknown[] }[] };
      expect(refused.code).toBe('QUERY.UNKNOWN_PARAMETER');
      expect(refused.issues?.map((i) => i.loc)).toEqual([['query', 'stauts']]);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
