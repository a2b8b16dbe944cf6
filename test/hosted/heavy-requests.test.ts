/**
 * CPU-heavy requests never stall other requests (issue 12: one POST /germany/payroll with 9,000
 * gross-ups held the event loop ~20 s, with only the read scope). The real HTTPS listener, the real
 * local service over SQLite; tokens are stand-ins (auth.test.ts covers real ones) so the test can
 * choose the scopes. Ordering, never wall-clock thresholds: a GET sent once the calculation has
 * begun must be answered before the calculation ends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpsFetch, type HttpsFetch } from '../../src/client/https-fetch.js';
import { DomainError } from '../../src/domain/errors.js';
import { createApp } from '../../src/server/app.js';
import type { Authenticator } from '../../src/server/auth/authenticator.js';
import { listenHttpsOnly, type HostedServer } from '../../src/server/https-only.js';
import { generateDevCertificate } from '../../src/server/tls/dev-cert.js';
import { createLocalService } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import type { PayrollService } from '../../src/service/ports.js';
import { READ_SCOPE_MAX_EMPLOYEES } from '../../src/service/use-cases/germany-payroll-service.js';
import { calculateGermanPayroll, calculateGermanPayrollInSlices } from '../../src/service/use-cases/germany-payroll.js';
import { openStore, type Store } from '../../src/store/database.js';

const authenticator: Authenticator = {
  async authenticate(header) {
    if (header === 'Bearer read') return { subject: 'reader', organizations: 'all', scopes: new Set(['payroll:read']) };
    if (header === 'Bearer write') return { subject: 'operator', organizations: 'all', scopes: new Set(['payroll:read', 'payroll:write']) };
    throw new DomainError('unauthenticated', 'AUTH.TOKEN_INVALID', 'bad token');
  },
};

const item = (i: number, doGrossup: boolean) => ({
  employee_details: { employee_id: `e${i}`, year_of_birth: 1980, is_mini_job: false },
  tax_attributes: { tax_class: 1, is_factor: false, child_allowances: '0', is_church_member: false, tax_state: 'Berlin' },
  insurance_details: { care_insurance_children: 0, is_midi_job: false },
  pay_details: { earnings: [{ earning_type: 'salary', amount: 3000 + i, earning_frequency: 'Month', is_lumpsum: false, do_grossup: doGrossup }] },
});
const body = (count: number, doGrossup: boolean) => JSON.stringify({ pay_cycle: 'Month', pay_date: '2025-06-30', payroll_group: Array.from({ length: count }, (_, i) => item(i, doGrossup)) });

let store: Store;
let server: HostedServer;
let fetch: HttpsFetch;
let dir: string;
/** Called when the service starts a German payroll calculation, before its first payslip. */
let onCalculationStart: () => void = () => {};

beforeAll(async () => {
  const { cert, key } = generateDevCertificate();
  dir = mkdtempSync(join(tmpdir(), 'payroll-heavy-'));
  store = await openStore(':memory:');
  const objects = createFolderObjectStore(dir);
  const app = createApp({
    authenticator,
    tokenUrl: 'https://idp.test/oauth/token',
    serviceFor: (actor) => {
      const service = createLocalService(store, { actor, objects });
      return new Proxy(service, {
        get(target, property, receiver) {
          if (property === 'calculateGermanPayroll') {
            return (...args: Parameters<PayrollService['calculateGermanPayroll']>) => {
              onCalculationStart();
              return target.calculateGermanPayroll(...args);
            };
          }
          return Reflect.get(target, property, receiver) as unknown;
        },
      });
    },
  });
  server = await listenHttpsOnly(app.fetch, { cert, key, port: 0 });
  fetch = createHttpsFetch({ ca: cert });
});

afterAll(async () => {
  fetch.close();
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (token: string, text: string) => fetch(`${server.url}/germany/payroll`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: text });

describe('CPU-heavy requests', () => {
  it('a GET sent while a large allowed gross-up calculation runs is answered before the calculation ends', async () => {
    expect((await fetch(`${server.url}/organizations`, { headers: { authorization: 'Bearer read' } })).status).toBe(200);
    const order: string[] = [];
    let light: Promise<void> = Promise.resolve();
    onCalculationStart = () => {
      onCalculationStart = () => {};
      light = fetch(`${server.url}/organizations`, { headers: { authorization: 'Bearer read' } }).then(async (response) => {
        expect(response.status).toBe(200);
        await response.text();
        order.push('GET /organizations');
      });
    };
    const heavy = post('read', body(120, true)).then(async (response) => {
      const text = await response.text();
      order.push('POST /germany/payroll');
      return { status: response.status, body: JSON.parse(text) as { payslips: unknown[] } };
    });
    const [answer] = await Promise.all([heavy, light.then(() => undefined)]);
    await light;
    expect(answer.status).toBe(200);
    expect(answer.body.payslips).toHaveLength(120);
    expect(order).toEqual(['GET /organizations', 'POST /germany/payroll']);
  });

  it(`a caller with only payroll:read may send at most ${READ_SCOPE_MAX_EMPLOYEES} employees: beyond, the spec's 422 validation shape naming payroll_group`, async () => {
    const response = await post('read', body(READ_SCOPE_MAX_EMPLOYEES + 1, false));
    expect(response.status).toBe(422);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ kind: 'validation', code: 'DE.PAYROLL.TOO_MANY_FOR_SCOPE', details: { limit: READ_SCOPE_MAX_EMPLOYEES, scope: 'payroll:read' } });
    expect(answer.detail).toEqual([{ loc: ['body', 'payroll_group'], msg: `must hold at most ${READ_SCOPE_MAX_EMPLOYEES} employees for a caller with only the payroll:read scope`, type: 'too_many_for_scope' }]);
    // A payroll operator (payroll:write) gets the contract's own limit.
    const operator = await post('write', body(READ_SCOPE_MAX_EMPLOYEES + 1, false));
    expect(operator.status).toBe(200);
    expect(((await operator.json()) as { payslips: unknown[] }).payslips).toHaveLength(READ_SCOPE_MAX_EMPLOYEES + 1);
  });
});

describe('the calculation in slices', () => {
  it('gives the figures and the errors of the one-piece calculation', async () => {
    const request = JSON.parse(body(30, true)) as { payroll_group: Record<string, unknown>[] };
    expect(await calculateGermanPayrollInSlices(request, { includeExecutionHistory: true })).toEqual(calculateGermanPayroll(request, { includeExecutionHistory: true }));
    const errorOf = async (run: () => unknown) => {
      try {
        await run();
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('expected a validation error');
    };
    const faulty = { ...request, payroll_group: [...request.payroll_group.slice(0, 3), { ...request.payroll_group[3], tax_attributes: { tax_class: 9 } }, request.payroll_group[0]] };
    const sliced = await errorOf(() => calculateGermanPayrollInSlices(faulty));
    expect(sliced.issues.length).toBeGreaterThan(1);
    expect(sliced.issues).toEqual((await errorOf(() => calculateGermanPayroll(faulty))).issues);
    expect(sliced.issues).toContainEqual(expect.objectContaining({ loc: ['body', 'payroll_group', '4', 'employee_details', 'employee_id'], type: 'duplicate' }));
  });
});
