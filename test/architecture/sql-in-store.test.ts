import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 13 "Repositories": all SQL lives in store/, behind small typed functions per aggregate; use cases call
 * them and never spell a query. A query builder call or a raw `sql` template anywhere outside store/ and the dev
 * tools (which compose their own store) fails this test.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql`|\.introspection\b|\bsql\.(raw|ref|table|id|lit)\(/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
  });
}

export function querySites(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (QUERY.test(line) && !/^\s*(\*|\/\/)/.test(line) ? [index + 1] : []));
}

describe('SQL lives in store/', () => {
  it('no file outside store/ and tools/ spells a query', () => {
    const sites = files(SRC)
      .map((file) => relative(SRC, file).replace(/\\/g, '/'))
      .filter((path) => !path.startsWith('store/') && !path.startsWith('tools/'))
      .flatMap((path) => querySites(readFileSync(join(SRC, path), 'utf8')).map((line) => `${path}:${line}`));
    expect(sites).toEqual([]);
  });

  it('the check finds a query builder call and a raw sql template, not a comment', () => {
    expect(querySites("const row = await db.selectFrom('employees').selectAll();")).toEqual([1]);
    expect(querySites('await sql`select 1`.execute(db);')).toEqual([1]);
    expect(querySites(' * Reads through .selectFrom( in the repository.')).toEqual([]);
  });
});
