import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of architecture.md, checked on every import of every source file:
 * domain imports nothing of ours; formats only domain; store only domain; server and client only
 * service/contracts, service/ports (and themselves, domain errors); the CLI reaches store, service/local
 * and server only from its runtime, the serve command and the demo.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    const spec = match[1] ?? match[2];
    if (spec) found.push(relative(SRC, resolve(dirname(file), spec)).replace(/\\/g, '/'));
  }
  return found;
}

const layerOf = (path: string): string => path.split('/')[0] ?? '';

const rules: Record<string, (target: string, source: string) => boolean> = {
  domain: (t) => layerOf(t) === 'domain',
  formats: (t) => ['domain', 'formats'].includes(layerOf(t)),
  store: (t) => ['domain', 'store'].includes(layerOf(t)),
  service: (t) => ['domain', 'formats', 'store', 'service'].includes(layerOf(t)),
  server: (t) => ['server', 'domain'].includes(layerOf(t)) || t.startsWith('service/contracts/') || t === 'service/ports.js' || t.startsWith('service/') ,
  client: (t) => ['client', 'domain'].includes(layerOf(t)) || t.startsWith('service/contracts/') || t === 'service/ports.js',
  cli: (t, s) => {
    if (['cli', 'domain', 'client'].includes(layerOf(t)) || t.startsWith('service/contracts/') || t === 'service/ports.js' || t.startsWith('service/verify/')) return true;
    // Only the runtime (local mode), the serve command and the demo may reach the local implementation.
    return ['cli/runtime.ts', 'cli/commands/serve.ts', 'cli/demo.ts'].includes(s);
  },
  bench: () => true,
};

describe('architecture layers', () => {
  it('every import respects the layer rules', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const source = relative(SRC, file).replace(/\\/g, '/');
      const rule = rules[layerOf(source)];
      if (!rule) continue;
      for (const target of importsOf(file)) {
        if (!rule(target, source)) violations.push(`${source} → ${target}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the domain is pure: no I/O, clock or environment', () => {
    const impure: string[] = [];
    for (const file of sourceFiles(join(SRC, 'domain'))) {
      const text = readFileSync(file, 'utf8');
      if (/from\s+['"]node:|process\.env|Date\.now\(|new Date\(\)/.test(text)) impure.push(relative(SRC, file));
    }
    expect(impure).toEqual([]);
  });
});
