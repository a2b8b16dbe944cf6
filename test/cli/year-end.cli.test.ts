/** `payroll p60` (issue 16 point 4): one P60 PDF per employee employed on 5 April, written to a folder, and the refusals. */
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalService, localActor } from '../../src/service/local.js';
import { createFolderObjectStore } from '../../src/service/object-store.js';
import { openStore } from '../../src/store/database.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { gbEmployer, type GbSetup, runBody } from '../domain/gb/run/fixtures.js';
import { pdfText } from '../formats/pdf-text.js';

/** A GB employer with two employees paid in months 11 and 12 of 2025-26, the second leaving in month 11. */
async function employerIn(database: string): Promise<GbSetup & { taxablePay: string; tax: string }> {
  const store = await openStore(database);
  const service = createLocalService(store, { actor: localActor('cli-test'), objects: createFolderObjectStore(mkdtempSync(join(tmpdir(), 'payroll-cli-objects-'))) });
  try {
    const setup = await gbEmployer(service, { employees: 2, gb: { ni_number: 'AB123456C' } });
    await service.approvePayrollRun(setup.orgId, (await service.runGbPayroll(setup.orgId, runBody(setup, 11, ['2500.00', '1800.00']))).payroll_status_id);
    await service.leaveEmployee(setup.orgId, setup.employeeIds[1]!, { leave_date: '2026-03-01' });
    const last = await service.runGbPayroll(setup.orgId, runBody({ ...setup, employeeIds: [setup.employeeIds[0]!] }, 12, '2500.00'));
    await service.approvePayrollRun(setup.orgId, last.payroll_status_id);
    const ytd = (await service.getPayrollRun(setup.orgId, last.payroll_status_id)).payslips![0]!.ytd_this_employment;
    return { ...setup, taxablePay: ytd.taxable_pay!, tax: ytd.tax! };
  } finally {
    await store.close();
  }
}

describe('payroll p60 (CLI)', () => {
  it('writes the P60 of the employee employed on 5 April (not the leaver’s), with the final year to date', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    const out = join(dir, 'p60s');
    const result = await runCli(['p60', '--org', setup.orgId, '--tax-year', '2025-26', '--out', out, '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(out)).toEqual([`p60-2025-26-${setup.employeeIds[0]}.pdf`]);
    const text = (await pdfText(readFileSync(join(out, readdirSync(out)[0]!)))).replace(/\s+/g, ' ');
    expect(setup.taxablePay).toBe('5000.00');
    expect(text).toContain(`In this employment ${setup.taxablePay} ${setup.tax}`);
    expect(text).toContain('AB 12 34 56 C');
    expect(text).toContain('Final tax code 1257L');
    expect(result.json<{ file: string }[]>()).toHaveLength(1);
    // Not over existing files without --force.
    expect((await runCli(['p60', '--org', setup.orgId, '--tax-year', '2025-26', '--out', out], { env })).code).toBe(2);
    expect((await runCli(['p60', '--org', setup.orgId, '--tax-year', '2025-26', '--out', out, '--force'], { env })).code).toBe(0);
  });

  it('refuses a missing --out (exit 2), an unknown tax year (exit 3), a leaver’s P60 (exit 6)', async () => {
    const { env, dir } = cliSandbox();
    const setup = await employerIn(env.PAYROLL_DATABASE as string);
    expect((await runCli(['p60', '--org', setup.orgId, '--tax-year', '2025-26'], { env })).code).toBe(2);
    const year = await runCli(['p60', '--org', setup.orgId, '--tax-year', '2019-20', '--out', join(dir, 'a')], { env });
    expect(year.code).toBe(3);
    expect(year.stderr).toContain('tax_year');
    const leaver = await runCli(['p60', '--org', setup.orgId, '--tax-year', '2025-26', '--employee', setup.employeeIds[1]!, '--out', join(dir, 'b')], { env });
    expect(leaver.code).toBe(6);
    expect(existsSync(join(dir, 'b'))).toBe(false);
  });
});
