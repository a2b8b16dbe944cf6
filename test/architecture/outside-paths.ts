/**
 * Finds file locations in source text that point outside the repository: a fresh clone in any directory, with
 * nothing beside it, must build and pass its tests (issue "Self-contained"). Three kinds of finding:
 *
 * - `machine path`: an absolute path on a machine's own folders (`/work/…`, `/home/…`, `/tmp/…`, a drive letter,
 *   `file:///`), anywhere in the text, comments included: a comment citing a machine path sends the reader to a
 *   file the clone does not have. API paths (`/germany/payroll`, `/oauth/token`) are not machine folders and URLs
 *   (`https://host/home/…`) are not paths on this machine, so neither is flagged. Temporary files come from
 *   `os.tmpdir()`, which is not a literal.
 * - `shared folder`: the project's sibling reference folder (`../shared`, `shared/reference/…`); its files are
 *   bundled under fixtures/reference.
 * - `climbs out`: a relative string literal (`'../…'`, an import, `new URL('../../..', import.meta.url)`, the
 *   `'..'` segments of `join(import.meta.dirname, '..', '..')`) that, resolved from the file's own folder, lands
 *   above the repository root. Found with the TypeScript scanner, so apostrophes in comments and regular
 *   expressions do not count as strings.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface Finding {
  kind: 'machine path' | 'shared folder' | 'climbs out';
  line: number;
  text: string;
}

/** Top-level folders where a machine keeps its own files (Linux, macOS), never part of a repository. */
const MACHINE_ROOTS = ['work', 'home', 'Users', 'tmp', 'root', 'mnt', 'opt', 'srv', 'var', 'private', 'etc', 'usr', 'media', 'Volumes'];
// Preceded by nothing path- or URL-like: `https://x.org/home/` (host before it), `a/tmp/` (relative), `\/srv/` (an
// escaped slash in a regular expression) and `-/var/` are not absolute paths on this machine.
const MACHINE_PATH = new RegExp(`(?<![\\w.:/\\\\~$@-])/(?:${MACHINE_ROOTS.join('|')})/[^\\s'"\`)\\\\]*`, 'g');
const DRIVE_OR_FILE_URL = /(?<=['"`])[A-Za-z]:\\\\?[\w.-]+|file:\/\/\/[^\s'"`)]*/g;
const SHARED_FOLDER = /\.\.\/shared\b[^\s'"`)]*|(?<![\w.-])shared\/(?:reference|spec|design)\b[^\s'"`)]*/g;

const SCRIPT = /\.(?:[cm]?ts|[cm]?js|tsx|jsx)$/;

/** Every finding in one file; `file` is its absolute path and `root` the repository's. */
export function findOutsidePaths(file: string, text: string, root: string): Finding[] {
  const findings: Finding[] = [];
  const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length;
  for (const [index, line] of text.split('\n').entries()) {
    // A shebang names the interpreter, not a file the code reads.
    if (!(index === 0 && line.startsWith('#!'))) {
      for (const m of line.matchAll(MACHINE_PATH)) findings.push({ kind: 'machine path', line: index + 1, text: m[0] });
      for (const m of line.matchAll(DRIVE_OR_FILE_URL)) findings.push({ kind: 'machine path', line: index + 1, text: m[0] });
      for (const m of line.matchAll(SHARED_FOLDER)) findings.push({ kind: 'shared folder', line: index + 1, text: m[0] });
    }
  }
  if (SCRIPT.test(file)) {
    const from = dirname(file);
    const escapes = (path: string): boolean => {
      const rel = relative(root, resolve(from, path));
      return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
    };
    for (const literal of relativeLiterals(file, text)) {
      if (escapes(literal.path)) findings.push({ kind: 'climbs out', line: lineOf(literal.start), text: literal.path });
    }
  }
  return findings.sort((a, b) => a.line - b.line);
}

interface RelativeLiteral {
  path: string;
  start: number;
}

const isRelative = (value: string): boolean => value === '.' || value === '..' || value.startsWith('./') || value.startsWith('../');

/**
 * Relative path literals of a script. The segments of a `join`/`resolve` call are put together first, so
 * `join(here, '..', '..', '..')` counts as `../../..` and not as three harmless `..`.
 */
function relativeLiterals(file: string, text: string): RelativeLiteral[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: RelativeLiteral[] = [];
  const joined = new Set<ts.Node>();
  const literalText = (node: ts.Node): string | undefined =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name.text : ts.isIdentifier(node.expression) ? node.expression.text : '';
      if (callee === 'join' || callee === 'resolve') {
        // The literal segments from the first relative one on, up to the next non-literal argument.
        const args = node.arguments;
        const first = args.findIndex((a) => {
          const value = literalText(a);
          return value !== undefined && isRelative(value);
        });
        if (first >= 0) {
          const parts: string[] = [];
          for (const arg of args.slice(first)) {
            const value = literalText(arg);
            if (value === undefined) break;
            parts.push(value);
            joined.add(arg);
          }
          found.push({ path: parts.join('/'), start: args[first]!.getStart(source) });
        }
      }
    }
    if (!joined.has(node)) {
      const value = literalText(node) ?? (ts.isTemplateHead(node) ? node.text : undefined);
      if (value !== undefined && isRelative(value)) found.push({ path: value, start: node.getStart(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
