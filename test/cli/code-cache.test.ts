/**
 * The CLI's bundle runs from V8's code cache (src/cli/code-cache.ts, decision START-6). V8 takes a cache for any
 * source of the same length, so the cache carries a stamp of the file it was written for: a bundle rebuilt to the
 * same length must run its new code. Each call is a process of its own, as the cache is written at exit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const compiled = fileURLToPath(new URL('../../dist/cli/code-cache.js', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function run(file: string, showCache = false): string {
  const script = `const cc = await import(${JSON.stringify(pathToFileURL(compiled).href)}); const answer = cc.requireWithCodeCache(${JSON.stringify(file)}).answer(); process.stdout.write(process.env.SHOW_CACHE ? cc.lastCodeCache : answer);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, ...(showCache ? { SHOW_CACHE: '1' } : {}) } });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe.skipIf(!existsSync(compiled))('requireWithCodeCache', () => {
  it('writes a cache on the first call, runs from it afterwards, and never runs a cache written for another file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-code-cache-'));
    dirs.push(dir);
    const file = join(dir, 'bundle.cjs');
    writeFileSync(file, "exports.answer = () => require('node:path').basename(__filename) + ' first';\n");
    expect(run(file)).toBe('bundle.cjs first');
    const cache = `${file}.v8-cache`;
    expect(existsSync(cache)).toBe(true);
    const written = readFileSync(cache);
    expect(written.toString('latin1', 0, written.indexOf(0x0a))).toMatch(/^payroll-v8-cache v\d+\.\d+\.\d+ \S+ \d+ /);
    expect(run(file)).toBe('bundle.cjs first');
    // The same length, another meaning (a rebuild): the stamp refuses the old cache and a new one is written.
    writeFileSync(file, "exports.answer = () => require('node:path').basename(__filename) + ' again';\n");
    const later = new Date(Date.now() + 10_000);
    utimesSync(file, later, later);
    expect(run(file)).toBe('bundle.cjs again');
    expect(readFileSync(cache).equals(written)).toBe(false);
    expect(run(file)).toBe('bundle.cjs again');
  });

  it('writes a cache the next start takes even when the command changed the heap policy (MEM1) before exiting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-code-cache-'));
    dirs.push(dir);
    const file = join(dir, 'bundle.cjs');
    // As a command that opened a service: service/memory-policy.ts sets the heap's growing factor at run time.
    writeFileSync(file, "exports.answer = () => { require('node:v8').setFlagsFromString('--heap-growing-percent=50'); return 'ran'; };\n");
    expect(run(file, true)).toBe('absent');
    expect(existsSync(`${file}.v8-cache`)).toBe(true);
    expect(run(file, true)).toBe('accepted');
    expect(run(file, true)).toBe('accepted');
  });
});
