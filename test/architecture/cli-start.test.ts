/**
 * Start-up (issue 19 "instant start"): what `payroll --help` loads is the CLI's static import closure from
 * cli/main.ts. Building the zod schemas of the whole wire contract was the largest part of that start-up, so no
 * module the CLI loads before a command runs may import zod; a command's action loads the service (and the
 * contract) with a dynamic import(). bin/payroll.js runs the bundle scripts/build.mjs makes (dist/cli-bundle/):
 * main.js, for `--help`, must hold no zod and no commander; run.cjs (everything else, decision START-6) must run
 * no more than the program when it loads, every other module in a wrapper of its own run on the first import().
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** Static runtime imports of a file (erased type-only imports and dynamic import() excluded): relative and packages. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const specs: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) specs.push(node.moduleSpecifier.text);
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) specs.push(node.moduleSpecifier.text);
  }
  return specs;
}

function closure(...entries: string[]): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = entries.map((entry) => join(SRC, entry));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    const specs = staticImports(file);
    seen.set(file, specs);
    for (const spec of specs) if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
  }
  return seen;
}

describe('what the CLI loads before a command runs', () => {
  it('imports no zod: the contract’s schemas are built only when a command needs the service', () => {
    // Before a command's action runs: the entry, and the modules of the command families (loaded with import() by
    // cli/commands/index.ts, one family per command, issue 19).
    const families = readdirSync(join(SRC, 'cli', 'commands')).map((file) => `cli/commands/${file}`);
    const loaded = closure('cli/main.ts', 'cli/run.ts', 'cli/demo.ts', ...families);
    const offenders = [...loaded].filter(([, specs]) => specs.some((s) => s === 'zod' || s.startsWith('zod/'))).map(([file]) => relative(SRC, file));
    expect(loaded.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  const bundle = fileURLToPath(new URL('../../dist/cli-bundle/', import.meta.url));
  it.skipIf(!existsSync(join(bundle, 'run.cjs')))('the bundled entry (dist/cli-bundle/main.js) holds no zod and no commander; run.cjs evaluates every command and the service only on import()', () => {
    const seen = new Set<string>();
    const queue = ['main.js'];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(join(bundle, file), 'utf8');
      // Static imports of other chunks: `import{a}from"./chunk-X.js"` / `import"./chunk-X.js"` (minified), and the
      // one import() of the chunk that runs run.cjs (everything but `--help` to a pipe).
      for (const m of code.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1] as string);
    }
    expect(seen.size).toBeGreaterThan(1);
    const withZodOrCommander = [...seen].filter((file) => /\$ZodType|ZodError|CommanderError/.test(readFileSync(join(bundle, file), 'utf8')));
    expect(withZodOrCommander).toEqual([]);
    // run.cjs (decision START-6): esbuild wraps each module reached through import() in a function named by its path,
    // run on the first import(). Only the modules without a wrapper run when run.cjs loads: the program and the
    // command index, not zod, no command family, not the service.
    const { eager, wrapped } = runBundleModules();
    expect(eager.filter((s) => s.includes('zod') || /^src\/(service|store|domain)\/|^src\/cli\/commands\/(?!index\.ts)/.test(s))).toEqual([]);
    expect(wrapped).toEqual(expect.arrayContaining(['src/cli/commands/org.ts', 'src/service/lazy-local.ts', 'src/store/database.ts', 'node_modules/zod/v4/classic/schemas.js']));
  });
});

describe('the SQLite driver in the bundle', () => {
  it('is handed its native addon wherever src/ opens it (run.cjs carries the driver, whose own search would look beside the bundle: START-7)', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const opens = files.flatMap((file) =>
      readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .filter((line) => line.includes('new BetterSqlite3('))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(opens.length).toBeGreaterThan(1);
    expect(opens.filter((line) => !line.includes('nativeBinding: sqliteAddon()'))).toEqual([]);
  });
});

/** run.cjs's modules (metafile): those in a wrapper of their own (run on first import() or require) and the rest. */
function runBundleModules(): { eager: string[]; wrapped: string[] } {
  const bundle = fileURLToPath(new URL('../../dist/cli-bundle/', import.meta.url));
  const meta = JSON.parse(readFileSync(join(bundle, 'metafile.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const code = readFileSync(join(bundle, 'run.cjs'), 'utf8');
  const inputs = Object.keys(meta.outputs['dist/cli-bundle/run.cjs']?.inputs ?? {});
  expect(inputs.length).toBeGreaterThan(100);
  const isWrapped = (input: string) => code.includes(`${JSON.stringify(input)}(`);
  return { eager: inputs.filter((i) => !isWrapped(i)), wrapped: inputs.filter(isWrapped) };
}

/**
 * What a command really runs (issue 19 "instant start"). The CLI runs with V8's coverage on (NODE_V8_COVERAGE):
 * the ES chunks it loaded are scripts of their own (the build's metafile says which sources each holds), and in
 * run.cjs each module reached through import() is a function named by its path that V8 counts when it runs
 * (decision START-6). `payroll --help` runs no command module, no commander and not run.cjs; `payroll org list` on
 * an up-to-date SQLite store runs the organization commands, the organization use cases and the store, none of the
 * payroll engines, PDF, XML, filing or payment formats, no migration (an up-to-date store compiles none) and no zod
 * (a list parses no body).
 */
describe('what a command loads at run time', () => {
  const bundle = fileURLToPath(new URL('../../dist/cli-bundle/', import.meta.url));
  const bin = fileURLToPath(new URL('../../bin/payroll.js', import.meta.url));

  function loadedSources(args: string[], env: NodeJS.ProcessEnv): { sources: string[]; externals: string[]; builtins: string[]; runBundle: boolean } {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-loads-'));
    // At exit, the public Node.js modules the process loaded (process.moduleLoadList: `NativeModule <name>`).
    writeFileSync(join(dir, 'builtins.mjs'), "process.on('exit', () => { for (const m of process.moduleLoadList) if (/^NativeModule [a-z_]+$/.test(m)) process._rawDebug('builtin ' + m.slice(13)); });\n");
    const coverage = join(dir, 'coverage');
    const run = spawnSync(process.execPath, ['--import', pathToFileURL(join(dir, 'builtins.mjs')).href, bin, ...args], { env: { ...env, NODE_V8_COVERAGE: coverage }, encoding: 'utf8' });
    try {
      expect(run.status, run.stderr).toBe(0);
      type Script = { url: string; functions: { functionName: string; ranges: { count: number }[] }[] };
      const scripts = readdirSync(coverage).flatMap((file) => (JSON.parse(readFileSync(join(coverage, file), 'utf8')) as { result: Script[] }).result).filter((s) => s.url.startsWith('file:'));
      const files = scripts.map((s) => fileURLToPath(s.url));
      const meta = JSON.parse(readFileSync(join(bundle, 'metafile.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
      const chunks = files.filter((f) => f.startsWith(bundle) && f.endsWith('.js')).map((f) => `dist/cli-bundle/${relative(bundle, f)}`);
      expect(chunks).toContain('dist/cli-bundle/main.js');
      const sources = chunks.flatMap((chunk) => Object.keys(meta.outputs[chunk]?.inputs ?? {}));
      const runBundle = scripts.find((s) => s.url === pathToFileURL(join(bundle, 'run.cjs')).href);
      if (runBundle) {
        // The modules without a wrapper ran when run.cjs loaded; a wrapped one ran if V8 counted its wrapper.
        const { eager, wrapped } = runBundleModules();
        const ran = new Set(runBundle.functions.filter((f) => (f.ranges[0]?.count ?? 0) > 0).map((f) => f.functionName));
        sources.push(...eager, ...wrapped.filter((input) => ran.has(input)));
      }
      const externals = files.filter((f) => f.includes(`${sep}node_modules${sep}`)).map((f) => f.replace(/.*node_modules[\\/]/, ''));
      const builtins = [...run.stderr.matchAll(/^builtin (\S+)$/gm)].map((m) => m[1] as string);
      return { sources, externals, builtins, runBundle: runBundle !== undefined };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it.skipIf(!existsSync(join(bundle, 'metafile.json')))('payroll --help to a pipe loads neither commander nor any command; payroll org list no engine, PDF, XML or migration', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payroll-loads-store-'));
    const env = { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), PAYROLL_DATABASE: join(dir, 'payroll.db'), CI: 'true', NO_COLOR: '1' };
    try {
      const help = loadedSources(['--help'], env);
      expect(help.runBundle).toBe(false);
      expect(help.externals).toEqual([]);
      expect(help.sources.filter((s) => s.startsWith('src/')).sort()).toEqual(['src/cli/command-index.ts', 'src/cli/exit-codes.ts', 'src/cli/main.ts', 'src/cli/pipes.ts']);
      expect(help.sources.filter((s) => s.includes('commander'))).toEqual([]);

      const created = spawnSync(process.execPath, [bin, 'org', 'create', '--legal-name', 'Loads Ltd', '--country', 'GB', '--json'], { env, encoding: 'utf8' });
      expect(created.status, created.stderr).toBe(0);
      const list = loadedSources(['org', 'list', '--json'], env);
      expect(list.runBundle).toBe(true);
      expect(list.sources).toContain('src/service/use-cases/organizations.ts');
      expect(list.sources).toContain('src/cli/commands/org.ts');
      const heavy = /^src\/(domain\/de\/lohnsteuer|domain\/gb\/run\/engine|formats\/(pdf|payslip|payments|rti|de-filings|year-end)\/|service\/runs\/|service\/outputs\/|service\/rti\/|store\/migrations\/0)|^node_modules\/(saxes|fflate|@inquirer|hono|jose|openid-client)\//;
      expect(list.sources.filter((s) => heavy.test(s))).toEqual([]);
      expect(list.externals.filter((e) => !e.startsWith('better-sqlite3'))).toEqual([]);
      // A list parses no body: no zod schema is built, no contract module evaluated (decision ZOD-1).
      expect(list.sources.filter((s) => s.startsWith('node_modules/zod/'))).toEqual([]);
      // Neither the employee commands (ZOD-4), the store's migrator on an up-to-date store nor the PostgreSQL dialect on
      // SQLite (ZOD-5). Kysely's own PostgreSQL classes are defined when its index runs: in run.cjs the index runs every
      // Kysely module the bundle holds (decision START-6), and pg-schema-dialect.ts keeps those in it.
      expect(list.sources.filter((s) => /^src\/(cli\/commands\/employees|store\/migrations\/migrator|store\/pg-schema-dialect)\.ts$/.test(s))).toEqual([]);
      // Every value given by a flag: no interactive picker, no pay-period arithmetic (ZOD-9).
      expect(list.sources.filter((s) => /^src\/(cli\/prompt-choices|domain\/pay-periods)\.ts$/.test(s))).toEqual([]);
      // node:crypto is required on the first id or stored document (ZOD-10), child_process only if commander spawned (ZOD-8).
      expect(list.builtins).toContain('fs');
      expect(list.builtins.filter((b) => b === 'crypto' || b === 'child_process')).toEqual([]);
      // `--json` prints no table: cli-table3 and its colour and width packages stay unloaded (decision ZOD-3).
      expect(list.sources.filter((s) => /^node_modules\/(cli-table3|@colors|string-width|emoji-regex)\//.test(s))).toEqual([]);
      const contracts = list.sources.filter((s) => s.startsWith('src/service/contracts/'));
      expect(contracts).toContain('src/service/contracts/page-queries.ts');
      expect(contracts.filter((s) => staticImports(join(SRC, '..', s)).some((spec) => spec === 'zod' || spec.startsWith('zod/')))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
