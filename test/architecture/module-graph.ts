/**
 * The module graph of src/: every relative import of every source file, read with the TypeScript parser (so
 * comments, strings and multi-line imports cannot fool it), each edge marked runtime or type-only.
 *
 * Type-only means the whole clause is erased from the emitted JavaScript: `import type {…}` and
 * `export type {…} from`. Under `verbatimModuleSyntax` (tsconfig.json) `import { type A } from './x.js'` is
 * still emitted as `import {} from './x.js'`, which loads the module, so it counts as a runtime edge.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface Edge {
  /** Importing file, relative to src/ with `.ts`, e.g. `cli/commands/runs.ts`. */
  from: string;
  /** Imported file, relative to src/ with `.ts`. */
  to: string;
  typeOnly: boolean;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

const toSource = (src: string, file: string): string => relative(src, file).split('\\').join('/');

/** Relative specifiers of one file: static imports and re-exports, side-effect imports, dynamic `import()`. */
export function importsOf(fileName: string, text: string): { spec: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly ?? false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push({ spec: node.moduleReference.expression.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) found.push({ spec: arg.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      // `import('./x.js').T` in a type position: erased.
      found.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every edge between files of src/ (node: and package imports are not ours and not edges). */
export function moduleGraph(src: string): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(src)) {
    const from = toSource(src, file);
    for (const { spec, typeOnly } of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      // Sources import `./x.js`; the file on disk is `./x.ts`.
      const to = toSource(src, resolve(dirname(file), spec)).replace(/\.js$/, '.ts');
      edges.push({ from, to, typeOnly });
    }
  }
  return edges;
}

/**
 * The import circles of a graph: each strongly connected component with more than one file, or a file importing
 * itself (Tarjan's algorithm), as the files of the circle in a stable order.
 */
export function circles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) connect(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
