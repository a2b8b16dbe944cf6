import { readFileSync } from 'node:fs';

/**
 * `payroll --version`: the package version and the commit of the build (dist/build-info.json, written by
 * scripts/build-info.mjs after tsc), "+changes" when built from a checkout with uncommitted changes.
 */
export function versionText(): string {
  try {
    const info = JSON.parse(readFileSync(new URL('../build-info.json', import.meta.url), 'utf8')) as { version?: string; commit?: string; dirty?: boolean };
    return `${info.version ?? 'unknown'} (commit ${info.commit ?? 'unknown'}${info.dirty ? '+changes' : ''})`;
  } catch {
    return `${process.env.npm_package_version ?? 'unknown'} (commit unknown)`;
  }
}
