/**
 * Writing a contract's source files under a directory the user names. Every path comes from whoever
 * verified the contract, so each is hostile. Refused, before anything is written (a refusal leaves
 * the disk as it was):
 * - a path that is absolute, has a drive letter, climbs (`..`), holds NUL, a control character or
 *   an invisible or blank-looking one (a Hangul filler, a variation selector, a zero-width or bidi
 *   character: `nameProblem`), or has a segment Windows would read as another (trailing dots or
 *   spaces);
 * - a `.git` segment in any of the spellings git itself refuses (`.GIT`, `.git.`, `.git `,
 *   `git~1`, `.git::$INDEX_ALLOCATION`): files there make git run the explorer's commands; and,
 *   unless `allowHidden`, every other segment starting with a dot (`.github/workflows`, `.env`);
 * - more files, directories, depth or bytes per file than the limits (`SOURCE_LIMITS`);
 * - a path through a symbolic link under the directory, or onto an existing file without `force`.
 *
 * Writing then walks the tree one directory at a time, each made without `recursive`, checked to be
 * a real directory (never a link) and, on Linux, held open: a file is created through its
 * directory's handle (`/proc/self/fd/N/name`, the kernel's openat for a path), so a link swapped in
 * by another local user while scout writes is never followed. Elsewhere each directory's real path
 * is checked again after each file (a narrow race remains there; see `Dir`). Files are created new
 * (`O_EXCL`, `O_NOFOLLOW`, mode 0644 before the umask); with `force`, all are written to temporary
 * names first and then renamed over the old files, so an old file's mode (an executable hook) and
 * hard links are not inherited. A failure or Ctrl-C midway removes what this run made.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InterruptedError, ScoutError } from '../../base/errors.js';
import { isUnsafeCodePoint, safeText } from '../../base/text/safe.js';
import { formatSize } from '../../base/validate.js';

/** One file to write: its path as the explorer sent it, and its text. */
export interface SourceFile {
  readonly path: unknown;
  readonly code: string;
}

/** How much one contract may write: files (and as many directories), segments per path, bytes per file. */
export interface SourceLimits {
  readonly files: number;
  readonly depth: number;
  readonly fileBytes: number;
}

/**
 * The defaults. The largest verified contracts (a protocol with its whole library tree) have a few
 * hundred files, nested under ten levels, none near 1 MiB even flattened. The total is bounded by
 * `--max-body` already (what is written is never more than the answer).
 */
export const SOURCE_LIMITS: SourceLimits = { files: 1000, depth: 32, fileBytes: 10 * 1024 * 1024 };

export interface WriteOptions {
  readonly force?: boolean;
  readonly allowHidden?: boolean;
  readonly limits?: SourceLimits;
  /** Ctrl-C: stops between files, removing what this run made. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Characters no file name may hold besides those of the unsafe table (base/text/safe.ts, an emoji's
 * presentation selector included): lone surrogates, blank-looking spaces other
 * than the plain one, and U+FFFC-FFFF (U+FFFD says the name was mangled already).
 */
const NOT_IN_FILE_NAMES = /[\p{Cs}\ufffc-\uffff]|[^\P{Zs} ]/u;
/** What is left to mark once safeText has run: the characters above, and the selectors it keeps. */
const LEFT_AFTER_SAFE_TEXT = /[\p{Cs}\ufe0e\ufe0f\ufffc-\uffff]|[^\P{Zs} ]/gu;

const codePoint = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `name` cannot be a written file name because of a character in it, or undefined. */
export function nameProblem(name: string): string | undefined {
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    if (isUnsafeCodePoint(cp) || NOT_IN_FILE_NAMES.test(ch)) return `holds control or invisible characters (${codePoint(cp)})`;
  }
  return undefined;
}

/** `.git` as git's own path check (verify_path, is_ntfs_dotgit, is_hfs_dotgit) refuses it. */
const DOT_GIT = /^(?:\.git|git~\d+)[. ]*(?::.*)?$/i;

/** A path from the explorer as safe text for a message: nothing invisible either. */
const shown = (p: unknown) => JSON.stringify(safeText(typeof p === 'string' ? p : String(p)).replace(LEFT_AFTER_SAFE_TEXT, (c) => `<${codePoint(c.codePointAt(0)!)}>`));

function refuse(p: unknown, why: string, hint?: string): ScoutError {
  return new ScoutError(`refusing to write the contract's sources: the explorer sent the path ${shown(p)}, which ${why}; nothing was written`, hint ? { hint } : {});
}

/**
 * The segments of a relative path from the explorer, or a refusal saying why it is unsafe. `/` and
 * `\` both separate (a Windows path must not climb on Windows either); `.` and empty segments go.
 */
export function pathSegments(p: unknown, allowHidden = false): string[] {
  if (typeof p !== 'string' || p === '') throw refuse(p, 'is no file name');
  if (p.includes('\0')) throw refuse(p, 'holds a NUL character');
  const bad = nameProblem(p);
  if (bad) throw refuse(p, bad);
  if (/^[A-Za-z]:/.test(p)) throw refuse(p, 'has a drive letter');
  if (p.startsWith('/') || p.startsWith('\\')) throw refuse(p, 'is absolute');
  if (/[\\/]$/.test(p)) throw refuse(p, 'names a directory');
  const segments = p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) throw refuse(p, 'climbs out of the directory (..)');
  if (segments.length === 0) throw refuse(p, 'is no file name');
  for (const s of segments) {
    if (DOT_GIT.test(s)) throw refuse(p, `has the segment ${shown(s)}, which git reads as .git: files there make git run commands`);
    if (Buffer.byteLength(s, 'utf8') > 255) throw refuse(p, 'has a segment longer than 255 bytes, which no file system takes');
    if (/[. ]$/.test(s)) throw refuse(p, `has the segment ${shown(s)}, which ends with a dot or space (Windows drops them, so it names another file)`);
    if (s.startsWith('.') && !allowHidden) {
      throw refuse(p, `has the hidden segment ${shown(s)} (tool settings like .github/workflows or .env run or hold things)`, 'pass --allow-hidden to write hidden files and directories (never .git)');
    }
  }
  return segments;
}

interface Planned {
  readonly path: unknown;
  readonly code: string;
  readonly segments: string[];
  /** Set in step 2: a file is there already (replaced with force). */
  exists: boolean;
}

/** Step 1, every path on its own and the set of them, with nothing from the disk yet. */
function plan(files: readonly SourceFile[], allowHidden: boolean, limits: SourceLimits): Planned[] {
  if (files.length > limits.files) {
    throw new ScoutError(`refusing to write the contract's sources: the explorer sent ${files.length} files, more than the ${limits.files} --max-files allows; nothing was written`, {
      hint: 'pass a larger --max-files to write them all',
    });
  }
  const planned = files.map((f): Planned => ({ path: f.path, code: f.code, segments: pathSegments(f.path, allowHidden), exists: false }));
  const seen = new Map<string, unknown>();
  for (const f of planned) {
    if (f.segments.length > limits.depth) throw refuse(f.path, `is ${f.segments.length} levels deep, more than the ${limits.depth} --max-depth allows`, 'pass a larger --max-depth to write it');
    const bytes = Buffer.byteLength(f.code, 'utf8');
    if (bytes > limits.fileBytes) {
      throw refuse(f.path, `holds ${formatSize(bytes)}, more than the ${formatSize(limits.fileBytes)} --max-file-size allows`, 'pass a larger --max-file-size to write it');
    }
    const key = f.segments.join('/');
    if (seen.has(key)) throw refuse(f.path, `is the path of another of its files too (${shown(seen.get(key))})`);
    seen.set(key, f.path);
  }
  const dirs = new Set<string>();
  for (const f of planned) {
    for (let n = 1; n < f.segments.length; n++) {
      const prefix = f.segments.slice(0, n).join('/');
      if (seen.has(prefix)) throw refuse(f.path, `needs a directory where another of its files goes (${shown(seen.get(prefix))})`);
      dirs.add(prefix);
    }
  }
  if (dirs.size > limits.files) {
    throw new ScoutError(`refusing to write the contract's sources: its ${files.length} files need ${dirs.size} directories, more than the ${limits.files} --max-files allows; nothing was written`, {
      hint: 'pass a larger --max-files to write them all',
    });
  }
  return planned;
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
    // A name too long for the file system cannot be there either (writing it fails, and is undone).
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENAMETOOLONG') return 'none';
    throw e;
  }
}

/** Step 2, the disk: nothing under `root` may be a link, or a file where a directory goes; marks what exists. */
function checkDisk(planned: Planned[], dir: string, root: string, realRoot: string): void {
  for (const f of planned) {
    let at = root;
    for (let n = 0; n < f.segments.length; n++) {
      at = path.join(at, f.segments[n]!);
      const last = n === f.segments.length - 1;
      const kind = kindAt(at);
      if (kind === 'none') break;
      const here = shown(path.join(dir, ...f.segments.slice(0, n + 1)));
      if (kind === 'link') {
        const real = realOrUndefined(at);
        if (real === undefined || !inside(realRoot, real)) throw refuse(f.path, `would be written through the symbolic link ${here}, which points outside ${shown(dir)}`);
        throw refuse(f.path, `would be written through the symbolic link ${here}; scout never writes through a link`);
      }
      if (!last && kind !== 'dir') throw refuse(f.path, `needs a directory where ${here} is a file`);
      if (last && kind !== 'file') throw refuse(f.path, `names a directory or special file in ${shown(dir)}`);
      if (last) f.exists = true;
    }
  }
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const PROC_FD = '/proc/self/fd/';

/**
 * A directory being written into: its real path, and on Linux a handle held open. A name under it is
 * `/proc/self/fd/N/name`, which the kernel resolves from the handle, whatever the path has become
 * since (Node has no openat; this is the same thing). Without /proc, names are its path joined, and
 * a directory swapped for a link between the check and the open is caught only after the file is
 * made (`verify`), when the file is removed again.
 */
interface Dir {
  readonly path: string;
  readonly fd: number | undefined;
}

const nameIn = (d: Dir, name: string) => (d.fd === undefined ? path.join(d.path, name) : `${PROC_FD}${d.fd}/${name}`);

/** `real`, a directory, opened as a handle when this system resolves names through one. */
function openRoot(real: string): Dir {
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch {
    return { path: real, fd: undefined };
  }
  try {
    const a = fstatSync(fd);
    const b = statSync(`${PROC_FD}${fd}`);
    if (a.isDirectory() && a.ino === b.ino && a.dev === b.dev) return { path: real, fd };
  } catch {
    // No /proc: names go by path.
  }
  closeSync(fd);
  return { path: real, fd: undefined };
}

/** Something this run made, to remove when it cannot finish: a file or directory `name` under `dirs`. */
interface Made {
  readonly dirs: readonly string[];
  /** Its name now: a temporary file's changes when it is renamed into place. */
  name: string;
  readonly kind: 'file' | 'dir';
  /** It replaced a file that was there: it stays, as the old one cannot be put back. */
  kept?: boolean;
}

/**
 * The directories a run writes into, walked one at a time from the root: at most one chain of them
 * is open at once (files go in sorted order, so siblings share it).
 */
class Tree {
  private chain: Dir[];
  private names: string[] = [];

  constructor(
    private readonly root: Dir,
    private readonly made: Made[],
  ) {
    this.chain = [root];
  }

  /** The directory at `dirs` under the root, made when missing (and recorded) if `create`. */
  dir(dirs: readonly string[], create: boolean): Dir {
    let k = 0;
    while (k < dirs.length && k < this.names.length && dirs[k] === this.names[k]) k++;
    this.closeFrom(k);
    for (let i = k; i < dirs.length; i++) {
      const parent = this.chain[i]!;
      const name = dirs[i]!;
      const p = nameIn(parent, name);
      if (!create && kindAt(p) === 'none') throw Object.assign(new Error(`${JSON.stringify(safeText(path.join(parent.path, name)))} is gone`), { code: 'ENOENT' });
      if (create && kindAt(p) === 'none') {
        mkdirSync(p);
        this.made.push({ dirs: dirs.slice(0, i), name, kind: 'dir' });
      }
      // Checked after it is made too: what is there now must be a real directory, never a link.
      const kind = kindAt(p);
      if (kind !== 'dir') throw new Error(`${JSON.stringify(safeText(path.join(parent.path, name)))} is ${kind === 'link' ? 'a symbolic link' : 'no directory'} now`);
      const child: Dir = { path: path.join(parent.path, name), fd: parent.fd === undefined ? undefined : openSync(p, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW) };
      this.chain.push(child);
      this.names.push(name);
    }
    return this.chain[dirs.length]!;
  }

  /** Without a handle, whether `d` is still where its path says: no link swapped in above it. */
  verify(d: Dir): boolean {
    return d.fd !== undefined || realOrUndefined(d.path) === d.path;
  }

  private closeFrom(k: number): void {
    while (this.names.length > k) {
      const d = this.chain.pop()!;
      this.names.pop();
      if (d.fd !== undefined) closeSync(d.fd);
    }
  }

  close(): void {
    this.closeFrom(0);
    if (this.root.fd !== undefined) closeSync(this.root.fd);
  }
}

const FILE_MODE = 0o644;

/** Creates `name` in `d`, new (never through a link), holding `code`; `made` is called once it exists. */
function createFile(d: Dir, name: string, code: string, made: () => void): void {
  const fd = openSync(nameIn(d, name), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, FILE_MODE);
  made();
  try {
    writeFileSync(fd, code);
  } finally {
    closeSync(fd);
  }
}

/** Removes what this run made, newest first; returns what could not be removed, as paths for a message. */
function undo(tree: Tree, made: Made[], dir: string): string[] {
  const left: string[] = [];
  for (const m of made.reverse()) {
    if (m.kept) continue;
    try {
      const p = nameIn(tree.dir(m.dirs, false), m.name);
      if (m.kind === 'file') unlinkSync(p);
      else rmdirSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') left.push(path.join(dir, ...m.dirs, m.name));
    }
  }
  return left;
}

/** What a failure leaves behind, for the end of its message. */
function leftText(left: readonly string[], replaced: readonly string[]): string {
  const parts: string[] = [];
  if (replaced.length) parts.push(`already replaced: ${replaced.map((p) => JSON.stringify(safeText(p))).join(', ')}${left.length ? '' : '; nothing else was written'}`);
  if (left.length) parts.push(`left behind: ${left.slice(0, 5).map((p) => JSON.stringify(safeText(p))).join(', ')}${left.length > 5 ? ` and ${left.length - 5} more` : ''}`);
  return parts.length ? parts.join('; ') : 'nothing was written';
}

/** A turn of the event loop, so Ctrl-C is heard between files. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes `files` under `dir` (created when missing) and returns the paths written, as `dir` joined
 * with each file's own path, in the order given. Throws before writing anything when a path is
 * unsafe, two files share a path, a limit is passed, or (without `force`) a file exists; a failure
 * or Ctrl-C while writing removes what this run made and says what, if anything, remains.
 */
export async function writeSources(files: readonly SourceFile[], dir: string, o: WriteOptions = {}): Promise<string[]> {
  const force = o.force === true;
  const planned = plan(files, o.allowHidden === true, o.limits ?? SOURCE_LIMITS);

  const root = path.resolve(dir);
  const rootKind = kindAt(root);
  if (rootKind !== 'none' && realOrUndefined(root) === undefined) throw new ScoutError(`cannot write into ${JSON.stringify(safeText(dir))}: it is a broken link`);
  if (rootKind !== 'none' && kindAt(realOrUndefined(root)!) !== 'dir') throw new ScoutError(`cannot write into ${JSON.stringify(safeText(dir))}: it is not a directory`);
  try {
    checkDisk(planned, dir, root, realOrUndefined(root) ?? root);
  } catch (e) {
    if (e instanceof ScoutError) throw e;
    throw new ScoutError(`cannot look into ${JSON.stringify(safeText(dir))}: ${safeText((e as Error).message)}; nothing was written`, { cause: e });
  }
  const firstExisting = planned.find((f) => f.exists);
  if (firstExisting && !force) {
    throw new ScoutError(`${JSON.stringify(safeText(path.join(dir, ...firstExisting.segments)))} exists; nothing was written`, { hint: 'pass --force to overwrite existing files' });
  }

  // 3. Write, in sorted order so each chain of directories is walked once.
  let madeRoot: string | undefined;
  try {
    madeRoot = mkdirSync(root, { recursive: true });
  } catch (e) {
    throw new ScoutError(`cannot make the directory ${JSON.stringify(safeText(dir))}: ${(e as Error).message}`, { cause: e });
  }
  const made: Made[] = [];
  const tree = new Tree(openRoot(realpathSync(root)), made);
  const order = [...planned].sort((a, b) => (a.segments.join('/') < b.segments.join('/') ? -1 : 1));
  const temps = new Map<Planned, Made>();
  const replaced: string[] = [];
  let current: Planned | undefined;
  try {
    for (const f of order) {
      current = f;
      if (o.signal?.aborted) throw new InterruptedError('interrupted');
      const d = tree.dir(f.segments.slice(0, -1), true);
      const name = f.segments[f.segments.length - 1]!;
      // With force, every file goes to a temporary name first; the old ones are replaced only once all are written.
      const as = force ? `.scout-${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp` : name;
      const m: Made = { dirs: f.segments.slice(0, -1), name: as, kind: 'file' };
      createFile(d, as, f.code, () => made.push(m));
      if (!tree.verify(d)) throw new Error(`${JSON.stringify(safeText(d.path))} changed into a link while scout wrote into it`);
      temps.set(f, m);
      await tick();
    }
    if (o.signal?.aborted) throw new InterruptedError('interrupted');
    for (const f of order) {
      if (!force) break;
      current = f;
      const m = temps.get(f)!;
      const d = tree.dir(m.dirs, false);
      const name = f.segments[f.segments.length - 1]!;
      renameSync(nameIn(d, m.name), nameIn(d, name));
      // An old file replaced cannot be put back; a new one can still be removed.
      m.name = name;
      if (f.exists) {
        m.kept = true;
        replaced.push(path.join(dir, ...f.segments));
      }
    }
  } catch (e) {
    const left = undo(tree, made, dir);
    tree.close();
    if (madeRoot !== undefined && left.length === 0) removeMadeRoot(root, madeRoot);
    if (e instanceof InterruptedError) throw new InterruptedError(`interrupted; ${leftText(left, replaced)}`);
    const shownTarget = JSON.stringify(safeText(path.join(dir, ...(current?.segments ?? []))));
    // A system error names the path it was given (a /proc handle's): the path shown is the one above.
    const why = (e as Error).message.replace(/, \w+ '.*'$/s, '');
    throw new ScoutError(`cannot write ${shownTarget}: ${safeText(why)}; ${leftText(left, replaced)}`, { cause: e });
  }
  tree.close();
  return planned.map((f) => path.join(dir, ...f.segments));
}

/** Removes `root` and the parents `mkdir -p` made for it, up to `first`, when they are empty again. */
function removeMadeRoot(root: string, first: string): void {
  for (let at = root; ; at = path.dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return;
    }
    if (at === first || path.dirname(at) === at) return;
  }
}
