/**
 * The repository is self-contained: no file under src/, test/ or bin/ names a location outside it, so a fresh
 * clone in any directory, with nothing beside it, builds and passes its tests. Official material the tests need is
 * bundled under fixtures/reference (test/support/reference.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findOutsidePaths } from './outside-paths.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/[\\/]$/, '');

/**
 * Texts that look like machine paths but locate no file, each with why. Matched by file and exact text, so the same
 * text anywhere else is still a finding.
 */
const NOT_FILE_LOCATIONS: { file: string; text: string; why: string }[] = [
  { file: 'test/hosted/app-generic.test.ts', text: '/srv/payroll/db', why: 'part of a made-up error message the test proves is never shown to the caller' },
];

/** The check itself and its own test spell out the forbidden forms as examples. */
const SPELLS_THE_RULE = ['test/architecture/outside-paths.ts', 'test/architecture/self-contained.test.ts'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const at = (file: string, text: string) => findOutsidePaths(join(ROOT, file), text, ROOT);

describe('self-contained repository', () => {
  it('no file under src/, test/ or bin/ names a path outside the repository', () => {
    const findings: string[] = [];
    for (const file of ['src', 'test', 'bin'].flatMap((top) => filesUnder(join(ROOT, top)))) {
      const name = relative(ROOT, file).split('\\').join('/');
      if (SPELLS_THE_RULE.includes(name)) continue;
      for (const f of findOutsidePaths(file, readFileSync(file, 'utf8'), ROOT)) {
        if (NOT_FILE_LOCATIONS.some((a) => a.file === name && a.text === f.text)) continue;
        findings.push(`${name}:${f.line} ${f.kind}: ${f.text}`);
      }
    }
    expect(findings).toEqual([]);
  });

  it('each allowed exception is still there (a stale one would hide nothing and mislead)', () => {
    for (const allowed of NOT_FILE_LOCATIONS) {
      const texts = findOutsidePaths(join(ROOT, allowed.file), readFileSync(join(ROOT, allowed.file), 'utf8'), ROOT).map((f) => f.text);
      expect(texts, allowed.file).toContain(allowed.text);
    }
  });

  describe('the check', () => {
    it('flags absolute machine paths in code and comments', () => {
      expect(at('test/x.test.ts', "const FILE = '/work/shared/reference/gb/run2526-vectors.jsonl';")).toEqual([
        { kind: 'machine path', line: 1, text: '/work/shared/reference/gb/run2526-vectors.jsonl' },
        { kind: 'shared folder', line: 1, text: 'shared/reference/gb/run2526-vectors.jsonl' },
      ]);
      expect(at('src/a.ts', "// Source: /home/clerk/params.md\nopen('/tmp/out.json');").map((f) => [f.line, f.text])).toEqual([
        [1, '/home/clerk/params.md'],
        [2, '/tmp/out.json'],
      ]);
      expect(at('src/a.ts', "const x = 'C:\\\\data\\\\x.csv'; const y = 'file:///etc/passwd';").map((f) => f.text)).toEqual(['C:\\\\data', 'file:///etc/passwd']);
    });

    it('flags the sibling shared folder however it is named', () => {
      expect(at('test/a.test.ts', "readFileSync(join(here, '../shared/spec/x.md'))").map((f) => f.kind)).toContain('shared folder');
      expect(at('src/a.ts', '/** Rules: shared/reference/de/run-rules.md */').map((f) => f.text)).toEqual(['shared/reference/de/run-rules.md']);
    });

    it('flags relative literals that climb above the repository root, resolved from the file', () => {
      const climbing = at('test/domain/de/x.test.ts', "const R = new URL('../../../../../shared/reference/de/', import.meta.url);");
      expect(climbing.map((f) => [f.kind, f.text])).toContainEqual(['climbs out', '../../../../../shared/reference/de/']);
      expect(at('test/domain/x.test.ts', "const up = new URL('../../..', import.meta.url);")).toEqual([{ kind: 'climbs out', line: 1, text: '../../..' }]);
      expect(at('src/cli/a.ts', "import x from '../../../elsewhere/x.js';")).toEqual([{ kind: 'climbs out', line: 1, text: '../../../elsewhere/x.js' }]);
      expect(at('src/cli/a.ts', "const p = join(import.meta.dirname, '..', '..', '..', 'data');")).toEqual([{ kind: 'climbs out', line: 1, text: '../../../data' }]);
    });

    it('leaves legitimate paths alone: API paths, URLs, relative paths inside the repository, temp folders, regexes', () => {
      const legit = [
        "app.post('/germany/payroll', handler); fetch(`${issuer}/oauth/token`);",
        "const docs = 'https://example.org/home/tmp/var/x'; const api = '/v1/organizations/{id}/runs';",
        "import { x } from '../../src/domain/money.js'; const R = new URL('../../fixtures/reference/', import.meta.url);",
        "const root = new URL('..', import.meta.url); const d = mkdtempSync(join(tmpdir(), 'payroll-'));",
        "expect(text).not.toMatch(/SELECT|secrets|\\/srv/); // don't read '../x' from the user's folder",
        "const cfg = join(homedir(), '.config', 'payroll'); const help = '~/.config/payroll/config.json';",
      ].join('\n');
      expect(at('test/support/a.ts', legit)).toEqual([]);
      expect(at('bin/payroll.js', "#!/usr/bin/env node\nimport('../dist/cli/main.js');")).toEqual([]);
    });
  });
});
