// `npm run build` (issue 19 "instant start"): compiles src/ with tsc into dist/ (the tools, the bench and the tests'
// children run those modules) and bundles the CLI with esbuild into dist/cli-bundle/ (what bin/payroll.js runs):
// main.js, the entry src/cli/main.ts, which answers `--help` to a pipe, and run.cjs, src/cli/run.ts with all it may
// import() in one CommonJS file that runs from V8's code cache (run.cjs.v8-cache, decision START-6); a command still
// evaluates only the modules it uses. Packages are bundled too (resolving hundreds of files at start-up was most of
// it), except those that read files next to their own code or load a native addon (EXTERNAL below).
//
// Nothing changed since the last build (a SHA-256 over src/, this script, the tsconfig and the lockfile, kept in
// dist/.build-stamp): tsc and esbuild are skipped, so `npm run demo` and `npm test` start at once. `--force` builds
// anyway. dist/build-info.json (version and commit for `--version`) is written every time: a commit changes it
// without changing the sources.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(ROOT, 'dist');
const BUNDLE = join(DIST, 'cli-bundle');
const STAMP = join(DIST, '.build-stamp');
const force = process.argv.includes('--force');
const quiet = process.argv.includes('--quiet');

/** Packages left out of the bundle: native addons, and packages that read data files beside their own code. */
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native', 'pdfkit', 'fontkit', '@xmldom/xmldom', 'xml-crypto', 'xmllint-wasm', 'pino', 'thread-stream', 'oidc-provider'];
/**
 * run.cjs carries better-sqlite3's JavaScript, which then comes from the code cache with the rest (13 files fewer to
 * resolve, read and compile at every start of a command on SQLite): the store hands the driver its native addon's
 * path (src/store/database.ts sqliteAddon, decision START-7), so the driver never asks `bindings` for it.
 */
const EXTERNAL_RUN = EXTERNAL.filter((name) => name !== 'better-sqlite3');

function files(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else out.push(path);
  }
  return out;
}

function sourceHash() {
  const hash = createHash('sha256');
  const inputs = [...files(join(ROOT, 'src')), join(ROOT, 'scripts', 'build.mjs'), join(ROOT, 'tsconfig.json'), join(ROOT, 'package.json'), join(ROOT, 'package-lock.json')].filter((f) => existsSync(f)).sort();
  for (const file of inputs) {
    hash.update(relative(ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The tsc output keeps each module at dist/<path>.js and resolves files beside the repository from there
 * (`new URL('../../assets/fonts/', import.meta.url)`). In the bundle every module sits in dist/cli-bundle/, so each
 * module's import.meta.url is replaced by the URL its tsc twin has: the same relative paths then reach the same files.
 */
function importMetaUrlAsCompiled(path, source) {
  if (!source.includes('import.meta.url')) return source;
  const compiled = join(DIST, relative(join(ROOT, 'src'), path)).replace(/\.ts$/, '.js');
  const fromBundle = relative(BUNDLE, compiled).split('\\').join('/');
  return source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
}

/**
 * service/ports.ts is the one door of the CLI (and the client) into the service: it re-exports names from the domain
 * and the contracts. Importing it evaluates every module it re-exports from, and esbuild splits by file, so a command
 * that needs DomainError would also evaluate the German wage-tax tables, the GB wage types and decimal.js. In the
 * bundle each import from ports.ts is therefore taken from the module that defines the name (the source keeps the
 * one door; the layer rules are checked on the source). Type-only names stay on ports.ts as `import type`.
 */
const PORTS = join(ROOT, 'src', 'service', 'ports.ts');
let portsMap = null;
function portsExports() {
  if (portsMap) return portsMap;
  portsMap = new Map();
  const source = readFileSync(PORTS, 'utf8');
  for (const m of source.matchAll(/^export \{([^}]*)\} from '([^']+)';/gm)) {
    for (const raw of m[1].split(',')) {
      const name = raw.trim();
      if (!name || name.startsWith('type ')) continue;
      if (/\sas\s/.test(name)) throw new Error(`build: ports.ts renames "${name}"; teach flattenPorts renames first`);
      portsMap.set(name, join(dirname(PORTS), m[2]).replace(/\.js$/, '.ts'));
    }
  }
  if (/^export (const|function|class|let|var) /m.test(source)) throw new Error('build: ports.ts defines a value of its own; keep it to re-exports (flattenPorts)');
  return portsMap;
}

function flattenPorts(path, source) {
  if (path === PORTS || !source.includes('service/ports.js')) return source;
  const map = portsExports();
  return source.replace(/^import \{([^}]*)\} from '((?:\.\.?\/)+service\/ports\.js)';/gm, (whole, names, spec) => {
    const types = [];
    const bySource = new Map();
    for (const raw of names.split(',')) {
      const name = raw.trim();
      if (!name) continue;
      if (name.startsWith('type ')) {
        types.push(name.slice(5).trim());
        continue;
      }
      const [imported] = name.split(/\s+as\s+/);
      const target = map.get(imported);
      if (!target) throw new Error(`build: ${relative(ROOT, path)} imports "${imported}" from ports.ts, which does not re-export it`);
      bySource.set(target, [...(bySource.get(target) ?? []), name]);
    }
    const lines = [];
    if (types.length > 0) lines.push(`import type { ${types.join(', ')} } from '${spec}';`);
    for (const [target, list] of bySource) {
      let rel = relative(dirname(path), target).split('\\').join('/').replace(/\.ts$/, '.js');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      lines.push(`import { ${list.join(', ')} } from '${rel}';`);
    }
    return lines.join(' ');
  });
}

const sourceTransforms = {
  name: 'source-transforms',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = importMetaUrlAsCompiled(args.path, flattenPorts(args.path, source));
      return contents === source ? undefined : { contents, loader: 'ts' };
    });
  },
};

/**
 * zod's `z.locales` re-exports its error messages in every language it has (64 modules, a third of zod's code);
 * the service speaks English only (the error bodies are the spec's), so the bundle keeps just `en`, the default
 * zod configures itself with.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)) return undefined;
      return { path: join(args.resolveDir, '..', 'locales', 'index.js'), namespace: 'zod-locales-en' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-locales-en' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(args.path, '..', 'en.js'))};`,
      resolveDir: join(args.path, '..'),
      loader: 'js',
    }));
  },
};

/**
 * @inquirer/prompts re-exports its `editor` prompt, which opens $EDITOR through @inquirer/external-editor and decodes
 * what comes back with chardet and iconv-lite: 0.6 MB, a sixth of run.cjs, that every command read and whose
 * wrappers came from the code cache at every start (decision START-6). payroll asks with input, password, confirm,
 * select and search only; the bundle's `editor` says so if it is ever called.
 */
const inquirerWithoutEditor = {
  name: 'inquirer-without-editor',
  setup(build) {
    build.onResolve({ filter: /^@inquirer\/editor$/ }, (args) => (/[\\/]node_modules[\\/]@inquirer[\\/]prompts[\\/]/.test(args.importer) ? { path: 'editor', namespace: 'inquirer-no-editor' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'inquirer-no-editor' }, () => ({
      contents: "export default function editor() { throw new Error('the editor prompt is not in the payroll bundle (scripts/build.mjs inquirerWithoutEditor)'); }",
      loader: 'js',
    }));
  },
};

/**
 * commander requires node:child_process when it loads, for executable subcommands (`.command(name, description)`
 * runs a separate program), which payroll has none of; child_process brings net, dgram and the socket list with it
 * (~2 ms of every start). Its one use, `childProcess.spawn`, is read when commander would spawn (decision ZOD-8).
 * The build refuses a commander whose line differs, so an upgrade cannot leave the patch silently behind.
 */
const commanderLazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const line = "const childProcess = require('node:child_process');";
      if (!source.includes(line) || (source.match(/childProcess\./g) ?? []).length !== (source.match(/childProcess\.spawn\(/g) ?? []).length) {
        throw new Error('build: commander/lib/command.js no longer matches commanderLazyChildProcess; update the plugin');
      }
      return { contents: source.replace(line, "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };"), loader: 'js' };
    });
  },
};

/** The minifier's settings, shared by both halves of the bundle. */
const MINIFY = {
  // Less source to read at every start. Local identifiers are shortened too in main.js (decision ZOD-6); keepNames
  // keeps every function's and class's `name`, so stack traces and error names stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  legalComments: 'none',
};

/**
 * main.ts loads everything but `--help` with `import('./run.js')`; in the bundle that import evaluates run.cjs from
 * V8's code cache instead (src/cli/code-cache.ts, decision START-6).
 */
const MAIN = join(ROOT, 'src', 'cli', 'main.ts');
const runFromCodeCache = {
  name: 'run-from-code-cache',
  setup(build) {
    build.onResolve({ filter: /^\.\/run\.js$/ }, (args) => (args.importer === MAIN ? { path: 'run.cjs', namespace: 'payroll-run-cjs' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'payroll-run-cjs' }, () => ({
      contents: [
        `import { requireWithCodeCache } from ${JSON.stringify(join(ROOT, 'src', 'cli', 'code-cache.ts'))};`,
        "import { fileURLToPath } from 'node:url';",
        "export const { main } = requireWithCodeCache(fileURLToPath(new URL('./run.cjs', import.meta.url)));",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'js',
    }));
  },
};

/**
 * esbuild writes strings and templates in ASCII (its default charset) but leaves the characters of a regular
 * expression as they are (`/[ÄÖÜäöüß]/`). A single one makes V8 hold the whole 3 MB of run.cjs two bytes a
 * character and decode it from UTF-8 at every start, at twice the cost of an ASCII file (decision START-6). In a
 * regular expression `\uXXXX` stands for the same UTF-16 unit, with or without the `u` flag (a character beyond the
 * BMP becomes the pair of escapes it is made of), so each is escaped there; TypeScript's parser finds the regular
 * expressions. A non-ASCII character anywhere else stops the build.
 */
async function asciiOnly(file) {
  const { default: ts } = await import('typescript');
  const source = readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/.test(source)) return;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const regexes = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral && /[^\x00-\x7f]/.test(node.text)) regexes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  let out = '';
  let at = 0;
  for (const node of regexes) {
    const start = node.getStart(tree);
    out += source.slice(at, start) + source.slice(start, node.end).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    at = node.end;
  }
  out += source.slice(at);
  const left = /[^\x00-\x7f]/.exec(out);
  if (left) throw new Error(`build: ${relative(ROOT, file)} holds a non-ASCII character outside a regular expression: ${JSON.stringify(out.slice(left.index - 40, left.index + 10))}`);
  writeFileSync(file, out);
}

async function bundle() {
  const esbuild = await import('esbuild');
  rmSync(BUNDLE, { recursive: true, force: true });
  // main.js: what `payroll --help` to a pipe loads (the index, no commander); an ES module, as bin/payroll.js imports it.
  const entry = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'src/cli/main.ts' },
    outdir: BUNDLE,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: '[name]-[hash]',
    external: EXTERNAL,
    plugins: [sourceTransforms, runFromCodeCache],
    ...MINIFY,
    minifyIdentifiers: true,
    logLevel: 'warning',
    metafile: true,
  });
  // run.cjs: the rest of the CLI, one CommonJS file, because only a script (not an ES module) can be compiled from
  // V8's code cache on Node 20 (decision START-6). esbuild wraps every module that is reached through import() in a
  // function of its own, named by the module's path, that runs on the first import(): a command still evaluates
  // only the modules it uses (decision START-1). Identifiers are not shortened: with the code cache nothing is
  // parsed at start, and the wrappers' names say which modules a command ran (test/architecture/cli-start.test.ts).
  const run = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ['src/cli/run.ts'],
    outfile: join(BUNDLE, 'run.cjs'),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL_RUN,
    // The packages left out are all loadable with require(); a script run from the code cache has no import().
    supported: { 'dynamic-import': false },
    // import.meta.url of a bundled module (after importMetaUrlAsCompiled): the bundle's own URL, as in main.js.
    define: { 'import.meta.url': '__payrollBundleUrl' },
    banner: { js: "var __payrollBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [sourceTransforms, zodEnglishOnly, commanderLazyChildProcess, inquirerWithoutEditor],
    ...MINIFY,
    minifyIdentifiers: false,
    logLevel: 'warning',
    metafile: true,
  });
  await asciiOnly(join(BUNDLE, 'run.cjs'));
  // Which source went into which output (test/architecture/cli-start.test.ts reads it to name what a command loaded).
  const metafile = { inputs: { ...entry.metafile.inputs, ...run.metafile.inputs }, outputs: { ...entry.metafile.outputs, ...run.metafile.outputs } };
  writeFileSync(join(BUNDLE, 'metafile.json'), `${JSON.stringify(metafile)}\n`);
}

/**
 * run.cjs's code cache (decision START-6) is written by the first call that finds none; the build makes that call
 * a representative one, so that the cache holds what a read compiles: `org list` on a store of its own, in a
 * process without the user's environment.
 */
async function writeCodeCache() {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-build-cache-'));
  try {
    const db = join(dir, 'payroll.db');
    const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), NO_COLOR: '1', CI: 'true' };
    const bin = join(ROOT, 'bin', 'payroll.js');
    execFileSync(process.execPath, [bin, 'org', 'create', '--legal-name', 'Build Ltd', '--country', 'GB', '--db', db, '--json'], { env, stdio: 'ignore' });
    // The call above wrote a cache of what a write compiles; the read's replaces it.
    rmSync(join(BUNDLE, 'run.cjs.v8-cache'), { force: true });
    execFileSync(process.execPath, [bin, 'org', 'list', '--db', db, '--json'], { env, stdio: 'ignore' });
  } catch (error) {
    // The cache only saves time: without it the first call writes one. The CLI's own tests say why it failed.
    process.stderr.write(`build: no code cache written, the CLI will write one on its first call (${error.message.split('\n')[0]})\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The command index (src/cli/program.ts): what `payroll --help` shows of each top-level command and which command
 * families make it, taken from the whole program as tsc compiled it. The CLI reads it to load only the family a
 * command needs; without it (never built) the CLI builds the whole program.
 */
function writeCommandIndex() {
  const script = `import(${JSON.stringify(new URL('../dist/cli/program.js', import.meta.url).href)}).then(async (m) => process.stdout.write(JSON.stringify(await m.commandIndex(), null, 1) + '\\n'))`;
  // A process of its own, without the user's environment: the index must not depend on who builds.
  const index = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
  writeFileSync(join(DIST, 'cli', 'command-index.json'), index);
}

const hash = sourceHash();
const fresh = !force && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash && existsSync(join(BUNDLE, 'main.js'));
if (fresh) {
  if (!quiet) process.stdout.write('build: dist/ is up to date with src/ (npm run build -- --force rebuilds)\n');
} else {
  rmSync(STAMP, { force: true });
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.json')], { stdio: 'inherit' });
  await bundle();
  writeCommandIndex();
  await writeCodeCache();
  writeFileSync(STAMP, `${hash}\n`);
}
execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-info.mjs')], { stdio: 'inherit' });
