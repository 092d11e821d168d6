/**
 * A lock file around a read-modify-write of a small file (`scout config set`): without it, two
 * scouts that read the same file each write back their own change and one is lost (20 concurrent
 * sets kept 13 or 14 values). The lock is `<file>.lock`, created with O_EXCL (exactly one creator
 * wins); the others wait and try again. A lock older than LOCK_STALE_MS was left by a scout that
 * died holding it and is taken over; one held longer than LOCK_WAIT_MS in all is an error.
 */
import { closeSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { ScoutError } from '../base/errors.js';
import { shown } from './url.js';

/** How long a set waits for another to finish before giving up. */
export const LOCK_WAIT_MS = 10_000;
/** A lock this old is left over from a scout that died: a set takes well under a second. */
export const LOCK_STALE_MS = 30_000;

/** Waits `ms` without returning to the event loop (the callers are synchronous, and brief). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `work` holding the lock file `<path>.lock`, and removes it afterwards. */
export function withFileLock<T>(path: string, work: () => T, now: () => number = Date.now): T {
  const lock = `${path}.lock`;
  const start = now();
  for (let attempt = 0; ; attempt++) {
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new ScoutError(`cannot lock ${shown(path, 200)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    if (fd !== undefined) {
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      try {
        return work();
      } finally {
        rmSync(lock, { force: true });
      }
    }
    let age: number | undefined;
    try {
      age = now() - statSync(lock).mtimeMs;
    } catch {
      // Gone meanwhile: try again at once.
      continue;
    }
    if (age > LOCK_STALE_MS) {
      rmSync(lock, { force: true });
      continue;
    }
    if (now() - start > LOCK_WAIT_MS) {
      throw new ScoutError(`${shown(path, 200)} is locked by another scout (${shown(lock, 200)})`, {
        hint: `if no other scout is running, remove ${shown(lock, 200)}`,
      });
    }
    // A few milliseconds, a little longer each time, with jitter so waiters do not move in step.
    pause(Math.min(5 + attempt * 2, 50) * (0.5 + Math.random()));
  }
}
