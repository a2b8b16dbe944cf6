// Writes dist/build-info.json after `tsc`: the package version and the commit the build was made from, which
// `payroll --version` prints (a clerk's bug report then names the exact code). Without git (a tarball), "unknown".
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
let commit = 'unknown';
let dirty = false;
try {
  commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() !== '';
} catch {
  // not a git checkout
}
writeFileSync(new URL('dist/build-info.json', root), `${JSON.stringify({ version, commit, dirty })}\n`);
