/**
 * Start-up (issue 19 "instant start"): what `payroll --help` loads is the CLI's static import closure from
 * cli/main.ts. Building the zod schemas of the whole wire contract was the largest part of that start-up, so no
 * module the CLI loads before a command runs may import zod; a command's action loads the service (and the
 * contract) with a dynamic import(). bin/payroll.js runs the bundle scripts/build.mjs makes of that entry
 * (dist/cli-bundle/): its entry chunk and the chunks it imports statically must hold no zod either, and the
 * dynamic imports must have stayed split (one chunk per lazily loaded part).
 */
import { existsSync, readFileSync } from 'node:fs';
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

  const bundle = fileURLToPath(new URL('../../dist/cli-bundle/', import.meta.url));
  it.skipIf(!existsSync(join(bundle, 'main.js')))('the bundled entry (dist/cli-bundle/main.js) and its static chunks hold no zod; the service is a chunk of its own', () => {
    const seen = new Set<string>();
    const queue = ['main.js'];
    let dynamic = 0;
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(join(bundle, file), 'utf8');
      // Static imports of other chunks: `import{a}from"./chunk-X.js"` / `import"./chunk-X.js"` (minified).
      for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1] as string);
      dynamic += [...code.matchAll(/import\(\s*"\.\/[^"]+\.js"\s*\)/g)].length;
    }
    const withZod = [...seen].filter((file) => /\$ZodType|ZodError/.test(readFileSync(join(bundle, file), 'utf8')));
    expect(withZod).toEqual([]);
    // The commands' actions load the service, prompts and the rest with import(): those stayed chunks of their own.
    expect(dynamic).toBeGreaterThan(5);
  });
});
