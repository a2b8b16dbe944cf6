/**
 * Many writers in separate processes against one store (issue 7): what a hosted instance beside
 * CLI scripts, or several clerks' shells on one SQLite file, really do. Each worker is a real
 * process opening the store like `payroll` (test/store/workers/store-worker.mjs, over dist/).
 * Invariants: no record lost, no duplicate, every process ends by itself with exit code 0.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PayrollService } from '../../src/service/ports.js';
import type { Store } from '../../src/store/database.js';
import { migrationNames } from '../../src/store/migrations/index.js';
import { engines, runWorkers, type Target, type WorkerOutcome } from './engines.js';

const WRITERS = 8;

interface Failure {
  code: string;
  kind: string;
  message: string;
}

function expectCleanExits(outcomes: WorkerOutcome<unknown>[]): void {
  for (const outcome of outcomes) {
    expect({ code: outcome.code, signal: outcome.signal, stderr: outcome.stderr }).toEqual({ code: 0, signal: null, stderr: '' });
    expect(outcome.result).not.toBeNull();
  }
}

for (const engine of engines()) {
  describe(`concurrent writers in separate processes [${engine.name}]`, () => {
    let target: Target;
    let store: Store;
    let service: PayrollService;

    beforeEach(async () => {
      target = await engine.target();
      store = await target.open();
      service = target.service(store);
    });

    afterEach(async () => {
      await store.close();
      await target.dispose();
    });

    function job(op: string, worker: number, extra: Record<string, unknown>): Record<string, unknown> {
      return { op, worker, db: target.location, schema: target.schema, objects: `${target.dir}/objects`, ...extra };
    }

    it(`${WRITERS} processes opening a store that was never migrated: each finds every migration applied once`, async () => {
      // A fresh file / schema of its own (the one beforeEach opened is migrated already).
      const fresh = await engine.target();
      try {
        const outcomes = await runWorkers<{ migrations: string[] }>(
          Array.from({ length: WRITERS }, (_, worker) => ({ op: 'opened', worker, db: fresh.location, schema: fresh.schema, objects: `${fresh.dir}/objects` })),
        );
        expectCleanExits(outcomes);
        for (const outcome of outcomes) expect(outcome.result!.migrations).toEqual(migrationNames());
      } finally {
        await fresh.dispose();
      }
    });

    it(`${WRITERS} processes creating contacts in one organization lose none and duplicate none`, async () => {
      const orgId = (await service.createOrganization({ legal_name: 'Busy GmbH', country: 'DE' })).id;
      const own = 6;
      const shared = 3;
      const outcomes = await runWorkers<{ created: string[]; duplicates: string[]; errors: Failure[] }>(
        Array.from({ length: WRITERS }, (_, worker) => job('contacts', worker, { orgId, count: own, shared })),
      );
      expectCleanExits(outcomes);
      const results = outcomes.map((o) => o.result!);
      expect(results.flatMap((r) => r.errors)).toEqual([]);

      // Every worker's own addresses were saved; each shared address exactly once, the rest refused as duplicates.
      const created = results.flatMap((r) => r.created);
      for (let worker = 0; worker < WRITERS; worker += 1) {
        for (let i = 0; i < own; i += 1) expect(created).toContain(`w${worker}-${i}@example.test`);
      }
      for (let i = 0; i < shared; i += 1) expect(created.filter((e) => e === `shared-${i}@example.test`)).toHaveLength(1);
      expect(results.flatMap((r) => r.duplicates)).toHaveLength(shared * (WRITERS - 1));

      // The store holds exactly what the workers were told was saved.
      const rows = await store.db.selectFrom('contacts').select(['email', 'org_id']).where('org_id', '=', orgId).execute();
      expect(rows.map((r) => r.email).sort()).toEqual([...created].sort());
      expect(new Set(rows.map((r) => r.email)).size).toBe(rows.length);
      expect(rows).toHaveLength(WRITERS * own + shared);
    });

    it(`${WRITERS} processes editing one organization without a row_version: every edit applied, none lost, none refused`, async () => {
      const org = await service.createOrganization({ legal_name: 'Contended Ltd', country: 'GB' });
      const count = 5;
      const outcomes = await runWorkers<{ updated: number; stale: number; errors: Failure[] }>(
        Array.from({ length: WRITERS }, (_, worker) => job('touchOrg', worker, { orgId: org.id, count })),
      );
      expectCleanExits(outcomes);
      const results = outcomes.map((o) => o.result!);
      expect(results.flatMap((r) => r.errors)).toEqual([]);
      // An edit without a row_version asks for no check: it applies after the others (last writer wins).
      // SQLite queues the writers with BEGIN IMMEDIATE, Postgres with the organization lock taken before the
      // row is read (docs/decisions.md S3); before that lock, 29 of 40 edits were refused there (finding F1).
      expect(results.map((r) => r.stale)).toEqual(results.map(() => 0));
      expect(results.map((r) => r.updated)).toEqual(results.map(() => count));
      // Each edit advanced row_version by exactly one: none overwrote another unseen.
      const after = await service.getOrganization(org.id);
      expect(after.row_version).toBe(org.row_version + WRITERS * count);
      expect(after.dba_name).toMatch(new RegExp(`^w\\d-${count - 1}$`));
    });

    it(`${WRITERS} processes editing one employee without a row_version: every edit applied, none refused`, async () => {
      const orgId = (await service.createOrganization({ legal_name: 'Staff Ltd', country: 'GB' })).id;
      const employee = await service.createEmployee(orgId, { first_name: 'Ada', last_name: 'Busy', date_of_birth: '1985-06-15', start_date: '2020-01-06', gb: { tax_code: '1257L', ni_category: 'A' } });
      const count = 5;
      const outcomes = await runWorkers<{ updated: number; stale: number; errors: Failure[] }>(
        Array.from({ length: WRITERS }, (_, worker) => job('touchEmployee', worker, { orgId, employeeId: employee.id, count })),
      );
      expectCleanExits(outcomes);
      const results = outcomes.map((o) => o.result!);
      expect(results.flatMap((r) => r.errors)).toEqual([]);
      expect(results.map((r) => r.stale)).toEqual(results.map(() => 0));
      const after = await service.getEmployee(orgId, employee.id);
      expect(after.row_version).toBe(employee.row_version + WRITERS * count);
      expect(after.first_name).toMatch(new RegExp(`^w\\d-${count - 1}$`));
    });

    it('two clerks saving the same row_version at the same moment: exactly one wins, the other gets a 409', async () => {
      const org = await service.createOrganization({ legal_name: 'Original plc', country: 'GB' });
      for (let round = 0; round < 2; round += 1) {
        const before = await service.getOrganization(org.id);
        const names = [`Clerk A ${round}`, `Clerk B ${round}`];
        const outcomes = await runWorkers<{ ok: boolean; legal_name?: string; row_version?: number; error?: Failure }>(
          names.map((legalName, worker) => job('clerk', worker, { orgId: org.id, rowVersion: before.row_version, legalName })),
        );
        expectCleanExits(outcomes);
        const results = outcomes.map((o) => o.result!);
        const winners = results.filter((r) => r.ok);
        const losers = results.filter((r) => !r.ok);
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(1);
        expect(losers[0]!.error).toMatchObject({ kind: 'conflict', code: 'ORGANIZATION.STALE_VERSION' });
        const after = await service.getOrganization(org.id);
        expect(after.row_version).toBe(before.row_version + 1);
        expect(after.legal_name).toBe(winners[0]!.legal_name);
      }
    });

    it('GB payroll runs for different pay groups at once all complete; two runs of one pay group and period: exactly one', async () => {
      const orgId = (await service.createOrganization({ legal_name: 'Runs Ltd', country: 'GB' })).id;
      const calendarId = (await service.createPayCalendar(orgId, { name: 'Monthly', frequency: 'monthly', first_period_start: '2025-04-06', pay_day_rule: { type: 'last_working_day', weekend_adjustment: 'none' } })).id;
      const groups = 5;
      const perGroup = 3;
      const bodies: Record<string, unknown>[] = [];
      for (let g = 0; g < groups; g += 1) {
        const groupId = (await service.createPayGroup(orgId, { name: `Group ${g}`, pay_calendar_id: calendarId })).id;
        const employeeIds: string[] = [];
        for (let e = 0; e < perGroup; e += 1) {
          const employee = await service.createEmployee(orgId, { first_name: `E${e}`, last_name: `G${g}`, date_of_birth: '1985-06-15', start_date: '2020-01-06', gb: { tax_code: '1257L', ni_category: 'A' } });
          employeeIds.push(employee.id);
        }
        await service.assignEmployees(orgId, groupId, { employee_ids: employeeIds });
        bodies.push({
          pay_group_id: groupId,
          pay_calendar_id: calendarId,
          tax_year: '2025-26',
          period_number: 1,
          payroll_group: employeeIds.map((employee_id, e) => ({
            employee_id,
            pay_details: { earnings: [{ wage_type_code: 'UK-E-001', amount: `${2000 + 100 * e}.00`, is_lumpsum: false }], benefits: [], deductions: [], reimbursements: [] },
          })),
        });
      }
      // Groups 0..3: one process each, approving its run; group 4: two processes racing for the same period.
      const jobs = [
        ...bodies.slice(0, groups - 1).map((body, g) => job('gbRun', g, { orgId, body, approve: true })),
        job('gbRun', groups - 1, { orgId, body: bodies[groups - 1], approve: false }),
        job('gbRun', groups, { orgId, body: bodies[groups - 1], approve: false }),
      ];
      const outcomes = await runWorkers<{ ok: boolean; run?: { payroll_status_id: string; status: string }; error?: Failure }>(jobs);
      expectCleanExits(outcomes);
      const results = outcomes.map((o) => o.result!);
      expect(results.slice(0, groups - 1)).toEqual(results.slice(0, groups - 1).map(() => expect.objectContaining({ ok: true })));
      const race = results.slice(groups - 1);
      expect(race.filter((r) => r.ok)).toHaveLength(1);
      expect(race.find((r) => !r.ok)?.error).toMatchObject({ kind: 'conflict', code: 'PAYROLL_RUN.DUPLICATE' });

      const runs = await store.db.selectFrom('gb_payroll_runs').select(['id', 'pay_group_id', 'status']).where('org_id', '=', orgId).execute();
      const holding = runs.filter((r) => r.status === 'draft' || r.status === 'approved');
      expect(holding).toHaveLength(groups);
      expect(new Set(holding.map((r) => r.pay_group_id)).size).toBe(groups);
      expect(holding.filter((r) => r.status === 'approved')).toHaveLength(groups - 1);
      // Every employee has exactly one payslip in a live run, and the approved ones carry year-to-date figures.
      const payslips = await store.db
        .selectFrom('gb_payslips')
        .innerJoin('gb_payroll_runs', 'gb_payroll_runs.id', 'gb_payslips.run_id')
        .select(['gb_payslips.employee_id', 'gb_payroll_runs.status'])
        .where('gb_payslips.org_id', '=', orgId)
        .where('gb_payroll_runs.status', 'in', ['draft', 'approved'])
        .execute();
      expect(payslips).toHaveLength(groups * perGroup);
      expect(new Set(payslips.map((p) => p.employee_id)).size).toBe(groups * perGroup);
      const ytd = await sql<{ n: number | string }>`select count(*) as n from gb_ytd where org_id = ${orgId}`.execute(store.db);
      expect(Number(ytd.rows[0]?.n)).toBe((groups - 1) * perGroup);
    });
  });
}
