/**
 * Runs the CLI's CommonJS bundle (dist/cli-bundle/run.cjs, scripts/build.mjs) from V8's code cache (issue 19
 * "instant start", decision START-6). Node 20 has no compile cache for ES modules (module.enableCompileCache came
 * with Node 22), but a vm.Script takes the bytecode V8 wrote for the same source last time: compiling the bundle's
 * modules and the functions a command ran was the larger part of `payroll org list` after Node's own start.
 *
 * The cache (run.cjs.v8-cache) begins with a stamp line: Node's version, the architecture and the bundle's size,
 * modification time and inode. V8 itself checks its own version, its flags and the source's length only, so a
 * rebuilt bundle of the same length would run the old bytecode; the stamp refuses any cache not written for this
 * very file. A cache that is missing or stamped for another file is written anew when the process exits (to a
 * temporary file renamed into place, so a concurrent reader sees the old or the new one whole); where the folder
 * is read-only the CLI runs without one. A cache V8 refuses under a matching stamp (the process runs with other V8
 * flags, such as --expose-gc) is left alone, so two kinds of callers do not overwrite each other's cache.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** The parameters Node's own CommonJS loader gives a module; on one line, so line numbers in stacks stay the file's. */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const WRAPPER_TAIL = '\n})';

/** What a cache must have been written for: this Node, this architecture, this very file. */
export function codeCacheStamp(file: string): string {
  const stat = statSync(file);
  return `payroll-v8-cache ${process.version} ${process.arch} ${stat.size} ${stat.mtimeMs} ${stat.ino}`;
}

/** The cached bytecode for `file`, or undefined when there is none written for this file. */
function readCache(cacheFile: string, stamp: string): Buffer | undefined {
  let raw: Buffer;
  try {
    raw = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const end = raw.indexOf(0x0a);
  return end > 0 && raw.toString('latin1', 0, end) === stamp ? raw.subarray(end + 1) : undefined;
}

/**
 * V8 stamps a code cache with a hash of its flags and refuses it under any other. The one flag payroll changes at run
 * time is the heap's growing factor (service/memory-policy.ts, decision MEM1), set once a command opens a service:
 * left in place, every cache written at exit would carry that hash, and every later start, which begins with Node's
 * flags, would refuse it and compile the whole bundle. The process is exiting, so the flag goes back to its default
 * (0, V8's own choice of factor) before the cache is made.
 */
const V8_DEFAULT_FLAGS_CHANGED_AT_RUN_TIME = '--heap-growing-percent=0';

function writeCache(script: Script, cacheFile: string, stamp: string): void {
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  setFlagsFromString(V8_DEFAULT_FLAGS_CHANGED_AT_RUN_TIME);
  try {
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${stamp}\n`, 'latin1'), script.createCachedData()]));
    renameSync(temporary, cacheFile);
  } catch {
    // A read-only installation: the next call compiles again, as without a cache.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written there.
    }
  }
}

/**
 * The file's text. An ASCII file (the build escapes every other character in run.cjs, decision START-6) is decoded as
 * Latin-1, which means the same characters for ASCII: a plain copy (0.2–0.3 ms for the 2.6 MB), where decoding
 * UTF-8 took 1.5–4.5 ms (25 reads each in one process on the shared machine).
 */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** What became of the cache at the last requireWithCodeCache: none written for the file, taken by V8, or refused by it. */
export let lastCodeCache: 'absent' | 'accepted' | 'rejected' = 'absent';

/** Evaluates a CommonJS file as Node's loader would, from the code cache beside it when that fits; returns its exports. */
export function requireWithCodeCache(file: string): unknown {
  const cacheFile = `${file}.v8-cache`;
  const stamp = codeCacheStamp(file);
  const cached = readCache(cacheFile, stamp);
  const script = new Script(`${WRAPPER_HEAD}${readSource(file)}${WRAPPER_TAIL}`, { filename: file, ...(cached ? { cachedData: cached } : {}) });
  lastCodeCache = !cached ? 'absent' : script.cachedDataRejected === true ? 'rejected' : 'accepted';
  // Written at exit, so that it holds the functions this command compiled too, not only the bundle's top level.
  if (!cached) process.once('exit', () => writeCache(script, cacheFile, stamp));
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}
