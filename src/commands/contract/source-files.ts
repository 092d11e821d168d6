/**
 * Writing a contract's source files under a directory the user names. Every path comes from whoever
 * verified the contract, so each is hostile: a path that is absolute, has a drive letter, climbs
 * (`..`), holds NUL or any other control or invisible character, or would land outside the
 * directory through a symbolic link already in it, is refused. Everything is checked before
 * anything is written: a refusal leaves the disk as it was. Existing files are kept unless `force`.
 */
import { closeSync, constants, lstatSync, mkdirSync, openSync, realpathSync, writeSync } from 'node:fs';
import path from 'node:path';
import { ScoutError } from '../../errors.js';
import { isSafeText, safeText } from '../../text/safe.js';

/** One file to write: its path as the explorer sent it, and its text. */
export interface SourceFile {
  readonly path: unknown;
  readonly code: string;
}

/** A path from the explorer as safe text for a message. */
const shown = (p: unknown) => JSON.stringify(safeText(typeof p === 'string' ? p : String(p)));

function refuse(p: unknown, why: string): ScoutError {
  return new ScoutError(`refusing to write the contract's sources: the explorer sent the path ${shown(p)}, which ${why}; nothing was written`);
}

/**
 * The segments of a relative path from the explorer, or a refusal saying why it is unsafe. `/` and
 * `\` both separate (a Windows path must not climb on Windows either); `.` and empty segments go.
 */
export function pathSegments(p: unknown): string[] {
  if (typeof p !== 'string' || p === '') throw refuse(p, 'is no file name');
  if (p.includes('\0')) throw refuse(p, 'holds a NUL character');
  if (!isSafeText(p)) throw refuse(p, 'holds control or invisible characters');
  if (/^[A-Za-z]:/.test(p)) throw refuse(p, 'has a drive letter');
  if (p.startsWith('/') || p.startsWith('\\')) throw refuse(p, 'is absolute');
  if (/[\\/]$/.test(p)) throw refuse(p, 'names a directory');
  const segments = p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw refuse(p, 'climbs out of the directory (..)');
  if (segments.length === 0) throw refuse(p, 'is no file name');
  return segments;
}

/** `p`'s real path when it exists (symbolic links followed), else undefined. */
function realOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/** Whether `p` is `root` or inside it. */
function inside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** What is at `p` without following a link: 'none', 'dir', 'file', 'link' or 'other'. */
function kindAt(p: string): 'none' | 'dir' | 'file' | 'link' | 'other' {
  try {
    const st = lstatSync(p);
    return st.isSymbolicLink() ? 'link' : st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw e;
  }
}

/**
 * Writes `files` under `dir` (created when missing) and returns the paths written, as `dir` joined
 * with each file's own path. Throws before writing anything when a path is unsafe, two files share
 * a path, or (without `force`) a file exists.
 */
export function writeSources(files: readonly SourceFile[], dir: string, force: boolean): string[] {
  // 1. Every path on its own: nothing from the disk yet.
  const planned = files.map((f) => ({ ...f, segments: pathSegments(f.path) }));
  const seen = new Map<string, unknown>();
  for (const f of planned) {
    const key = f.segments.join('/');
    if (seen.has(key)) throw refuse(f.path, `is the path of another of its files too (${shown(seen.get(key))})`);
    seen.set(key, f.path);
  }
  for (const f of planned) {
    for (let n = 1; n < f.segments.length; n++) {
      const prefix = f.segments.slice(0, n).join('/');
      if (seen.has(prefix)) throw refuse(f.path, `needs a directory where another of its files goes (${shown(seen.get(prefix))})`);
    }
  }

  // 2. The disk: whatever is already under `dir` must not lead outside it.
  const root = path.resolve(dir);
  const rootKind = kindAt(root);
  if (rootKind !== 'none' && realOrUndefined(root) === undefined) throw new ScoutError(`cannot write into ${JSON.stringify(safeText(dir))}: it is a broken link`);
  const realRoot = realOrUndefined(root) ?? root;
  if (rootKind !== 'none' && kindAt(realRoot) !== 'dir') throw new ScoutError(`cannot write into ${JSON.stringify(safeText(dir))}: it is not a directory`);
  let firstExisting: string | undefined;
  for (const f of planned) {
    let at = root;
    for (let n = 0; n < f.segments.length; n++) {
      at = path.join(at, f.segments[n]!);
      const last = n === f.segments.length - 1;
      const kind = kindAt(at);
      if (kind === 'none') break;
      if (kind === 'link') {
        const real = realOrUndefined(at);
        if (real === undefined || !inside(realRoot, real)) throw refuse(f.path, `would be written through the symbolic link ${shown(path.join(dir, ...f.segments.slice(0, n + 1)))}, which points outside ${shown(dir)}`);
        // A link inside the directory: still never written through (a file is replaced, never followed).
        if (last) throw refuse(f.path, `is a symbolic link in ${shown(dir)}`);
        if (kindAt(real) !== 'dir') throw refuse(f.path, `needs a directory where ${shown(path.join(dir, ...f.segments.slice(0, n + 1)))} is a file`);
        continue;
      }
      if (!last && kind !== 'dir') throw refuse(f.path, `needs a directory where ${shown(path.join(dir, ...f.segments.slice(0, n + 1)))} is a file`);
      if (last && kind !== 'file') throw refuse(f.path, `names a directory or special file in ${shown(dir)}`);
      if (last) firstExisting ??= path.join(dir, ...f.segments);
    }
  }
  if (firstExisting !== undefined && !force) {
    throw new ScoutError(`${JSON.stringify(safeText(firstExisting))} exists; nothing was written`, { hint: 'pass --force to overwrite existing files' });
  }

  // 3. Write. Each directory is checked again once made, and no file is opened through a link.
  const written: string[] = [];
  const flags = constants.O_WRONLY | constants.O_CREAT | (force ? constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0) : constants.O_EXCL);
  for (const f of planned) {
    const target = path.join(root, ...f.segments);
    const parent = path.dirname(target);
    const shownTarget = JSON.stringify(safeText(path.join(dir, ...f.segments)));
    try {
      mkdirSync(parent, { recursive: true });
    } catch (e) {
      throw new ScoutError(`cannot make the directory for ${shownTarget}: ${(e as Error).message}`, { cause: e });
    }
    const realParent = realOrUndefined(parent);
    if (realParent === undefined || !inside(realOrUndefined(root) ?? root, realParent)) throw refuse(f.path, `would land outside ${shown(dir)}`);
    try {
      const fd = openSync(target, flags, 0o644);
      try {
        writeSync(fd, f.code);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      throw new ScoutError(`cannot write ${shownTarget}: ${(e as Error).message}`, { cause: e });
    }
    written.push(path.join(dir, ...f.segments));
  }
  return written;
}
