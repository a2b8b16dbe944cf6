import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { circles, importsOf, moduleGraph, sourceFiles, type Edge } from './module-graph.js';

/**
 * The layer rules of the design's architecture ("Layer rules"; summarised in docs/architecture.md), checked on every
 * relative import of every file under src/, type-only imports included: a type import is still a dependency on the
 * layer that owns the type.
 *
 *   domain   nothing of ours but itself, and it is pure (second test)
 *   formats  domain
 *   store    domain
 *   service  domain, formats, store
 *   server   service/contracts, service/ports
 *   client   service/contracts, service/ports
 *   cli      service/ports, client; its composition roots (runtime, serve command, backup command, demo) also store, service, server
 *   tools    anything (dev tools with their own composition roots: PAP generator, bench); nothing imports tools/
 *
 * Every layer may import its own folder.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

const layerOf = (path: string): string => path.split('/')[0] ?? '';
const isContractsOrPorts = (t: string): boolean => t.startsWith('service/contracts/') || t === 'service/ports.ts';

/** The CLI files that build the local implementation or the server: the only places that may know them. */
const CLI_COMPOSITION_ROOTS = ['cli/runtime.ts', 'cli/commands/serve.ts', 'cli/commands/backup.ts', 'cli/demo.ts'];

/**
 * `payroll verify` is a development tool the CLI ships (issue 13, "Clean arrows": dev tools live outside the
 * production layers with their own composition roots): its runners and the store check live in tools/verify, and
 * the verify command is their composition root, the one production file that may load tools/verify.
 */
const VERIFY_ROOT = { from: 'cli/commands/verify.ts', to: 'tools/verify/' };
const isVerifyRoot = (from: string, to: string): boolean => from === VERIFY_ROOT.from && to.startsWith(VERIFY_ROOT.to);

const rules: Record<string, (target: string, source: string) => boolean> = {
  domain: (t) => layerOf(t) === 'domain',
  formats: (t) => ['domain', 'formats'].includes(layerOf(t)),
  store: (t) => ['domain', 'store'].includes(layerOf(t)),
  service: (t) => ['domain', 'formats', 'store', 'service'].includes(layerOf(t)),
  server: (t) => layerOf(t) === 'server' || isContractsOrPorts(t),
  client: (t) => layerOf(t) === 'client' || isContractsOrPorts(t),
  cli: (t, s) => {
    if (['cli', 'client'].includes(layerOf(t)) || t === 'service/ports.ts') return true;
    if (isVerifyRoot(s, t)) return true;
    return CLI_COMPOSITION_ROOTS.includes(s) && ['store', 'service', 'server'].includes(layerOf(t));
  },
  tools: () => true,
};

/** Packages the pure domain may use: exact decimal arithmetic and schema types. */
const DOMAIN_PACKAGES = ['decimal.js', 'zod'];

const graph = moduleGraph(SRC);

function layerViolations(edges: readonly Edge[]): string[] {
  return edges
    .filter((e) => {
      const rule = rules[layerOf(e.from)];
      return rule === undefined || !rule(e.to, e.from) || (layerOf(e.to) === 'tools' && layerOf(e.from) !== 'tools' && !isVerifyRoot(e.from, e.to));
    })
    .map((e) => `${e.from} → ${e.to}`);
}

/** What makes a domain file impure, found in its syntax tree (comments and strings do not count). */
function impurities(file: string, text: string): string[] {
  const found: string[] = [];
  for (const { spec } of importsOf(file, text)) {
    if (spec.startsWith('.')) continue;
    const bare = spec.replace(/^node:/, '').split('/')[0]!;
    if (spec.startsWith('node:') || builtinModules.includes(bare)) found.push(`imports ${spec}`);
    else if (!DOMAIN_PACKAGES.includes(spec)) found.push(`imports package ${spec}`);
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && (node.text === 'process' || node.text === 'globalThis')) {
      // A property or key merely named `process` (`step.process`, `{ process: … }`) is not the global.
      const p = node.parent;
      const isName = (ts.isPropertyAccessExpression(p) && p.name === node) || (ts.isPropertyAssignment(p) && p.name === node) || ((ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === node);
      if (!isName) found.push(node.text);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const call = `${node.expression.text}.${node.name.text}`;
      if (call === 'Date.now' || call === 'Math.random' || call === 'performance.now') found.push(call);
    }
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date' && (node.arguments?.length ?? 0) === 0) found.push('new Date()');
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date') found.push('Date()');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('architecture layers', () => {
  it('every import respects the layer rules', () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it('the domain is pure: no node: module, process, clock or randomness', () => {
    const impure = sourceFiles(join(SRC, 'domain')).flatMap((file) =>
      impurities(file, readFileSync(file, 'utf8')).map((what) => `${relative(SRC, file)}: ${what}`),
    );
    expect(impure).toEqual([]);
  });

  it('the formats are pure too: no node: module, process, clock or randomness (the same input, the same bytes)', () => {
    // formats/ may use packages (fontkit, fflate, xml-crypto) but reads no file and no clock: fonts and dates come in
    // as arguments. Two node: modules are deterministic and allowed: node:crypto for digests (the IRmark's SHA-1) and
    // node:module to load a package whose types cannot be imported (@xmldom/xmldom).
    const DETERMINISTIC = new Set(['imports node:crypto', 'imports node:module']);
    const impure = sourceFiles(join(SRC, 'formats')).flatMap((file) =>
      impurities(file, readFileSync(file, 'utf8'))
        .filter((what) => !what.startsWith('imports package ') && !DETERMINISTIC.has(what))
        .map((what) => `${relative(SRC, file)}: ${what}`),
    );
    expect(sourceFiles(join(SRC, 'formats')).length).toBeGreaterThan(0);
    expect(impure).toEqual([]);
  });

  it('has no import circle between runtime imports', () => {
    // Only runtime edges: a type-only import is erased from the JavaScript, so it cannot make one module load
    // before another has finished initialising, which is what a circle breaks. (Type-only imports still obey
    // the layer rules above.)
    expect(circles(graph.filter((e) => !e.typeOnly))).toEqual([]);
  });

  it('service/ports.ts, the one door of the outside floors, names each thing it passes through (no `export *`)', () => {
    // A wildcard re-export would open the whole of a domain or service module to server, client and CLI, which is
    // the loophole the rules above close.
    const text = readFileSync(join(SRC, 'service/ports.ts'), 'utf8');
    const source = ts.createSourceFile('ports.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const wildcards = source.statements.filter((s) => ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined && (s.exportClause === undefined || ts.isNamespaceExport(s.exportClause)));
    expect(wildcards.map((s) => s.getText(source))).toEqual([]);
  });

  it('only the verify command reaches into tools/, and only into tools/verify', () => {
    const into = graph.filter((e) => layerOf(e.to) === 'tools' && layerOf(e.from) !== 'tools').map((e) => `${e.from} → ${e.to}`);
    expect(into.length).toBeGreaterThan(0);
    expect(into.filter((e) => !e.startsWith(`${VERIFY_ROOT.from} → ${VERIFY_ROOT.to}`))).toEqual([]);
  });

  describe('the checks themselves', () => {
    const edge = (from: string, to: string): Edge => ({ from, to, typeOnly: false });

    it('reject the loopholes of before: server or client into use cases, CLI into domain, production into tools', () => {
      expect(
        layerViolations([
          edge('server/app.ts', 'service/local.ts'),
          edge('server/app.ts', 'domain/errors.ts'),
          edge('client/index.ts', 'service/use-cases/employees.ts'),
          edge('cli/commands/runs.ts', 'domain/money.ts'),
          edge('cli/commands/runs.ts', 'service/contracts/payroll-runs.ts'),
          edge('cli/commands/runs.ts', 'store/db.ts'),
          edge('cli/commands/runs.ts', 'tools/verify/index.ts'),
          edge('cli/commands/verify.ts', 'tools/bench/main.ts'),
          edge('service/local.ts', 'tools/bench/main.ts'),
          edge('domain/de/payslip.ts', 'tools/pap-generator/generate.ts'),
          edge('extra/x.ts', 'domain/money.ts'),
        ]),
      ).toHaveLength(11);
    });

    it('accept what the rules allow', () => {
      expect(
        layerViolations([
          edge('server/app.ts', 'service/contracts/routes.ts'),
          edge('client/remote-service.ts', 'service/ports.ts'),
          edge('cli/commands/runs.ts', 'service/ports.ts'),
          edge('cli/runtime.ts', 'service/local.ts'),
          edge('cli/commands/serve.ts', 'server/index.ts'),
          edge('tools/bench/main.ts', 'service/local.ts'),
          edge('service/local.ts', 'store/db.ts'),
        ]),
      ).toEqual([]);
    });

    it('keep formats/ (pure encoders) on the domain alone; the service may use them, the store and the domain may not', () => {
      expect(
        layerViolations([
          edge('formats/rti/fps.ts', 'store/db.ts'),
          edge('formats/rti/fps.ts', 'service/context.ts'),
          edge('formats/rti/fps.ts', 'cli/runtime.ts'),
          edge('store/repositories/rti.ts', 'formats/rti/fps.ts'),
          edge('domain/gb/paye.ts', 'formats/rti/fps.ts'),
          edge('server/app.ts', 'formats/rti/fps.ts'),
        ]),
      ).toHaveLength(6);
      expect(layerViolations([edge('formats/rti/fps.ts', 'domain/errors.ts'), edge('formats/rti/eps.ts', 'formats/rti/fps.ts'), edge('service/use-cases/rti.ts', 'formats/rti/index.ts')])).toEqual([]);
    });

    it('find impurities in code but not in comments, strings or property names', () => {
      const text = [
        "import { readFileSync } from 'node:fs';",
        "import { join } from 'path';",
        'const a = process.env.X; const b = Date.now(); const c = new Date(); const d = Math.random();',
        "// process.env and Date.now() in a comment; 'new Date()' in a string",
        'const ok = new Date(payDate); const step = { process: 1 }; step.process;',
      ].join('\n');
      expect(impurities('x.ts', text)).toEqual(['imports node:fs', 'imports path', 'process', 'Date.now', 'new Date()', 'Math.random']);
    });

    it('find a runtime circle and ignore one closed only by a type import', () => {
      expect(circles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
      const typeImport = { from: 'b.ts', to: 'a.ts', typeOnly: true };
      expect(circles([edge('a.ts', 'b.ts'), typeImport].filter((e) => !e.typeOnly))).toEqual([]);
    });

    it('read imports with the parser: multi-line, side-effect, dynamic, and `import { type X }` as runtime', () => {
      const text = [
        "import type { A } from './a.js';",
        "import {\n  b,\n  c,\n} from './b.js';",
        "import './side.js';",
        "import { type D } from './d.js';",
        "export type { E } from './e.js';",
        "export * from './f.js';",
        "const g = await import('./g.js');",
        "// import { h } from './h.js';",
      ].join('\n');
      expect(importsOf('x.ts', text)).toEqual([
        { spec: './a.js', typeOnly: true },
        { spec: './b.js', typeOnly: false },
        { spec: './side.js', typeOnly: false },
        { spec: './d.js', typeOnly: false },
        { spec: './e.js', typeOnly: true },
        { spec: './f.js', typeOnly: false },
        { spec: './g.js', typeOnly: false },
      ]);
    });
  });
});
