/**
 * Decision SQLRUN-3 through the CLI: `bin/payroll.js` runs the bundle (dist/cli-bundle), whose thread module is
 * resolved beside its compiled twin. A run and its approval in threads must come out as the same run in one thread:
 * the same payslips, totals and year to date.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { runRequest, seedLargePayGroup } from '../../src/tools/bench/gb-run.js';
import { cliSandbox, runCli } from '../support/cli.js';

interface Payslip {
  employee_id: string;
  gross_pay: string;
  tax: string;
  employee_ni: string;
  net_pay: string;
  year_to_date: unknown;
}

describe('payroll run-gb and runs approve in threads (decision SQLRUN-3)', () => {
  it('pay and approve the same run as in one thread', async () => {
    const { env, dir } = cliSandbox();
    const seeded = join(dir, 'seeded.db');
    const store = await openStore(seeded);
    let orgId: string;
    try {
      const seed = await seedLargePayGroup(createLocalService(store, { actor: localActor('cli'), objects: createFolderObjectStore(join(dir, 'objects')) }), store, 130);
      orgId = seed.orgId;
      writeFileSync(join(dir, 'run.json'), JSON.stringify(runRequest(seed, 1)));
    } finally {
      await store.close();
    }

    const payAndApprove = async (name: string, threads: Record<string, string>) => {
      const db = join(dir, `${name}.db`);
      copyFileSync(seeded, db);
      const at = { ...env, PAYROLL_DATABASE: db, ...threads };
      const run = await runCli(['run-gb', '--org', orgId, '--input', join(dir, 'run.json'), '-q'], { env: at });
      expect(run.stderr).not.toMatch(/cannot find|calculation thread|error/i);
      expect(run.code).toBe(0);
      const runId = run.stdout.trim();
      const approve = await runCli(['runs', 'approve', runId, '--org', orgId, '--yes', '-o', 'json'], { env: at });
      expect(approve.code).toBe(0);
      const shown = await runCli(['runs', 'show', runId, '--org', orgId, '-o', 'json'], { env: at });
      expect(shown.code).toBe(0);
      return shown.json<{ status: string; totals: Record<string, string>; payslips: Payslip[] }>();
    };
    const single = await payAndApprove('single', { PAYROLL_RUN_THREADS: '0' });
    const threaded = await payAndApprove('threaded', { PAYROLL_RUN_THREADS: '2', PAYROLL_RUN_THREADS_MIN: '1' });

    expect(threaded.status).toBe('approved');
    expect(threaded.payslips).toHaveLength(130);
    expect(threaded.totals).toEqual(single.totals);
    const figures = (p: Payslip) => ({ employee_id: p.employee_id, gross_pay: p.gross_pay, tax: p.tax, employee_ni: p.employee_ni, net_pay: p.net_pay, year_to_date: p.year_to_date });
    expect(threaded.payslips.map(figures)).toEqual(single.payslips.map(figures));
  }, 180_000);
});
