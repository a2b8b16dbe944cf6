import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/tools/verify/kinds.js';
import { knownKinds } from '../../src/tools/verify/registry.js';
import { cliSandbox, runCli } from '../support/cli.js';
import { REFERENCE_DIR as REFERENCE } from '../support/reference.js';

function firstVector(file: string): { request: unknown; expected: Record<string, string> } {
  return JSON.parse(readFileSync(join(REFERENCE, file), 'utf8').split('\n')[0] as string);
}

describe('payroll verify (CLI)', () => {
  it('passes the German wage-tax and payroll vectors and ends with the summary line', async () => {
    const { env } = cliSandbox();
    const result = await runCli(['verify', join(REFERENCE, 'de/lst2026-vectors.jsonl'), join(REFERENCE, 'de/payroll2026-vectors.jsonl')], { env });
    expect(result.stdout.trim().split('\n').at(-1)).toBe('700 passed, 0 failed');
    expect(result.code).toBe(0);
  });

  it('prints each mismatch with id, field, expected and got, and exits 1', async () => {
    const { env, dir } = cliSandbox();
    const vector = JSON.parse(readFileSync(join(REFERENCE, 'de/lst2026-vectors.jsonl'), 'utf8').split('\n')[1] as string);
    vector.expected.LSTLZZ += 1; // one cent off
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, `${JSON.stringify(vector)}\n`);
    const result = await runCli(['verify', file], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`FAIL ${vector.id} LSTLZZ: expected ${vector.expected.LSTLZZ}, got ${vector.expected.LSTLZZ - 1}`);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  });

  it('with no file runs every bundled vector of a kind it knows, names the kinds it leaves out, and ends N passed, 0 failed', async () => {
    // What the bundled folder holds, counted here from the files themselves: vectors per file and kind.
    const perFileKind = new Map<string, number>();
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.jsonl') ? [join(dir, e.name)] : []));
    for (const file of walk(REFERENCE)) {
      for (const line of readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '')) {
        const key = `${relative(REFERENCE, file)}\t${(JSON.parse(line) as { kind: string }).kind}`;
        perFileKind.set(key, (perFileKind.get(key) ?? 0) + 1);
      }
    }
    const known = new Set(knownKinds());
    const runnable = [...perFileKind].filter(([key]) => known.has(key.split('\t')[1]!)).reduce((sum, [, n]) => sum + n, 0);
    const left = [...perFileKind].filter(([key]) => !known.has(key.split('\t')[1]!));
    // Today: 600+600 de-lohnsteuer, 100+100 de-payroll, 168 gb-income-tax, 896 gb-ni, 1200 gb-period,
    // 264 gb-director-ni, 35 gb-run, 102 statutory (44 gb-ssp, 26 gb-smp, 7 gb-spp, 4 gb-shpp,
    // 21 gb-employer-liabilities), 20+60 de-run (through stored runs) = 4145.
    expect(runnable).toBeGreaterThanOrEqual(4145);
    expect(left.map(([key]) => key.split('	')[1])).not.toContain('gb-ssp');
    expect(left.map(([key]) => key.split('	')[1])).not.toContain('de-run');

    // Run from a folder that is not the repository: the data is found beside the installed code, not the cwd.
    const { env, dir } = cliSandbox();
    const result = await runCli(['verify'], { env, cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('FAIL');
    expect(result.stdout.trim().split('\n').at(-1)).toBe(`${runnable} passed, 0 failed`);
    const skipped = result.stderr.trim().split('\n').filter((l) => l !== '').sort();
    expect(skipped).toEqual(
      left.map(([key, n]) => {
        const [file, kind] = key.split('\t');
        return `skipped ${n} ${kind} vector${n === 1 ? '' : 's'} in ${file}: verify has no runner for this kind yet`;
      }).sort(),
    );
  });

  it('refuses an unknown kind as a failure and a missing file as a usage error', async () => {
    const { env, dir } = cliSandbox();
    const file = join(dir, 'odd.jsonl');
    writeFileSync(file, '{"kind":"xx-unknown","id":"a"}\n');
    const odd = await runCli(['verify', file], { env });
    expect(odd.stdout).toContain('0 passed, 1 failed');
    const missing = await runCli(['verify', join(dir, 'nope.jsonl')], { env });
    expect(missing.code).toBe(2);
  });
});

describe('payroll run-de (CLI)', () => {
  it('prints the spec response as JSON with the vector’s figures', async () => {
    const { env, dir } = cliSandbox();
    const vector = firstVector('de/payroll2026-vectors.jsonl');
    const file = join(dir, 'request.json');
    writeFileSync(file, JSON.stringify(vector.request));
    const result = await runCli(['run-de', '--input', file, '-o', 'json'], { env });
    expect(result.code).toBe(0);
    const response = result.json<{ payslips: { current_pay_period: { employee: { totals: { net_pay: string } } } }[]; summary: { employer: { total_burden: string } } }>();
    expect(response.payslips[0]?.current_pay_period.employee.totals.net_pay).toBe(vector.expected['payslips.0.current_pay_period.employee.totals.net_pay']);
    expect(response.summary.employer.total_burden).toBe(vector.expected['payslips.0.current_pay_period.employer.total_burden']);
  });

  it('prints one table row per employee and the employer summary; --history adds the steps', async () => {
    const { env, dir } = cliSandbox();
    const vector = firstVector('de/payroll2026-vectors.jsonl');
    const file = join(dir, 'request.json');
    writeFileSync(file, JSON.stringify(vector.request));
    const table = await runCli(['payroll', 'run-de', '--input', file, '-o', 'table'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/employee .*gross .*income tax/);
    expect(table.stdout).toContain('total_burden');
    const history = await runCli(['run-de', '--input', file, '--history', '--json'], { env });
    const steps = history.json<{ payslips: { execution_history: { flow: string; node: string }[] }[] }>().payslips[0]?.execution_history ?? [];
    expect(steps.some((s) => s.node === 'MPARA')).toBe(true);
  });

  it('names the field of a bad request and exits 3', async () => {
    const { env } = cliSandbox();
    const result = await runCli(['run-de', '--input', '-', '--json'], { env, stdin: JSON.stringify({ pay_cycle: 'Fortnight', payroll_group: [] }) });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr).error.issues.map((i: { loc: string[] }) => i.loc.join('.'))).toContain('body.pay_cycle');
  });
});
