import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '../service/ports.js';

/**
 * A lock file between CLI processes of one user (O_EXCL create, RFC-free and portable). Used around
 * a refresh: identity providers rotate a public client's refresh token and treat a second use of the
 * old one as theft, revoking the whole sign-in (RFC 9700 §4.14.2), so two `payroll` processes must
 * not refresh at once (docs/decisions.md H20). A lock older than `staleMs` belonged to a process
 * that died and is broken.
 */
export async function withFileLock<T>(path: string, work: () => Promise<T>, options: { staleMs?: number; waitMs?: number } = {}): Promise<T> {
  const staleMs = options.staleMs ?? 30_000;
  const deadline = Date.now() + (options.waitMs ?? staleMs + 5_000);
  const owner = `${process.pid} ${randomUUID()}`;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (;;) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, owner);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (isStale(path, staleMs)) {
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new DomainError('unavailable', 'AUTH.TOKEN_LOCKED', `another payroll process holds ${path} and is renewing the token; try again (remove the file if no payroll process is running)`);
      await sleep(50 + Math.floor(Math.random() * 50));
    }
  }
  try {
    return await work();
  } finally {
    try {
      if (readFileSync(path, 'utf8') === owner) rmSync(path, { force: true });
    } catch {
      // already gone (broken as stale by another process): nothing to release
    }
  }
}

function isStale(path: string, staleMs: number): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > staleMs;
  } catch {
    return false; // vanished meanwhile: the next attempt takes it
  }
}
