import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * better-sqlite3's native addon, looked for where its `bindings` package looks for a build of it (the same places,
 * in the same order, but for those of toolchains other than node-gyp and prebuild-install). Handed to the driver,
 * it spares every start the `bindings` package: loading it and file-uri-to-path, and its search, which reads a
 * stack trace and tries each place with require(). It also lets the CLI bundle carry the driver's JavaScript
 * (decision START-7): the bundled `bindings` would look beside the bundle instead. Every `new BetterSqlite3` in the
 * store passes it as `nativeBinding`.
 */
let addonPath: string | undefined;
export function sqliteAddon(): string {
  if (addonPath === undefined) {
    const root = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
    const places = [['build'], ['build', 'Debug'], ['build', 'Release'], ['out', 'Debug'], ['Debug'], ['out', 'Release'], ['Release'], ['build', 'default'], ['compiled', process.versions.node, process.platform, process.arch]];
    const candidates = places.map((place) => join(root, ...place, 'better_sqlite3.node'));
    addonPath = candidates.find((file) => existsSync(file));
    if (addonPath === undefined) throw new Error(`better-sqlite3's native addon is not built (looked for ${candidates.join(', ')}); \`npm rebuild better-sqlite3\` builds it`);
  }
  return addonPath;
}
