import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { createRequire } from 'node:module';

/** node:crypto is required when a document is stored, not when this module loads (decision ZOD-10). */
let crypto: typeof import('node:crypto') | null = null;
function createHash(algorithm: string) {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.createHash(algorithm);
}

/**
 * Where document bytes live: a folder on the local disk (the "object store" of the spec's Document
 * resource: a bucket is a sub-folder, a path a file in it). Writes go to a temporary file first and
 * are renamed into place, so a crash never leaves half a document under a real path.
 */
export interface ObjectStore {
  readonly bucket: string;
  put(path: string, bytes: Uint8Array): Promise<{ size: number; sha256: string }>;
  get(path: string): Promise<Uint8Array>;
  remove(path: string): Promise<void>;
}

export function createFolderObjectStore(root: string, bucket = 'payroll-documents'): ObjectStore {
  const base = join(root, bucket);
  const resolve = (path: string): string => {
    const full = normalize(join(base, path));
    if (!full.startsWith(base + sep)) throw new Error(`object path escapes the store: ${path}`);
    return full;
  };
  return {
    bucket,
    async put(path, bytes) {
      const full = resolve(path);
      await mkdir(dirname(full), { recursive: true });
      const temporary = `${full}.${process.pid}.partial`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, full);
      return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async get(path) {
      return new Uint8Array(await readFile(resolve(path)));
    },
    async remove(path) {
      await rm(resolve(path), { force: true });
    },
  };
}
