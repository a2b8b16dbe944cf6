/**
 * Start-up (issue 19 "instant start"): what `payroll --help` loads is the CLI's static import closure from
 * cli/main.ts. Building the zod schemas of the whole wire contract was the largest part of that start-up, so no
 * module the CLI loads before a command runs may import zod; a command's action loads the service (and the
 * contract) with a dynamic import().
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

function closure(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const queue = [join(SRC, entry)];
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
    const loaded = closure('cli/main.ts');
    const offenders = [...loaded].filter(([, specs]) => specs.some((s) => s === 'zod' || s.startsWith('zod/'))).map(([file]) => relative(SRC, file));
    expect(loaded.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
