/**
 * Issue 20, `contract source --out` while the disk changes under it, in-process so the test can act
 * at the exact moment between scout's check and its write (the file system calls are wrapped):
 * another local user swapping a directory for a symbolic link (items 10), a write failing midway and
 * Ctrl-C midway (items 6 and 8): nothing lands outside the directory, and what the run made is
 * removed again, so "nothing was written" is true.
 */
import * as realFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const hooks = vi.hoisted(() => ({
  open: undefined as ((p: string, flags: number) => void) | undefined,
  mkdir: undefined as ((p: string) => void) | undefined,
  rename: undefined as (() => void) | undefined,
  noProc: false,
}));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const wrapped = {
    ...fs,
    openSync: (p: realFs.PathLike, flags?: realFs.OpenMode, mode?: realFs.Mode) => {
      if (typeof flags === 'number' && flags & fs.constants.O_CREAT) hooks.open?.(String(p), flags);
      return fs.openSync(p, flags as realFs.OpenMode, mode);
    },
    mkdirSync: (p: realFs.PathLike, o?: realFs.MakeDirectoryOptions) => {
      const made = fs.mkdirSync(p, o as realFs.MakeDirectoryOptions & { recursive: true });
      hooks.mkdir?.(String(p));
      return made;
    },
    renameSync: (from: realFs.PathLike, to: realFs.PathLike) => {
      hooks.rename?.();
      fs.renameSync(from, to);
    },
    statSync: ((p: realFs.PathLike, o?: realFs.StatSyncOptions) => {
      if (hooks.noProc && String(p).startsWith('/proc/')) throw Object.assign(new Error('ENOENT: no /proc'), { code: 'ENOENT' });
      return fs.statSync(p, o);
    }) as typeof fs.statSync,
  };
  return { ...wrapped, default: wrapped };
});

// The suite shares one module graph per worker (vitest.config.ts): load the writer afresh, so it
// binds to the wrapped node:fs even when another file loaded it first. Unhooked, the wrapper only
// passes calls through, so whoever loads the writer later in this worker is unaffected.
let writeSources: typeof import('../../../src/commands/contract/source-files.js').writeSources;
beforeAll(async () => {
  vi.resetModules();
  ({ writeSources } = await import('../../../src/commands/contract/source-files.js'));
});

afterEach(() => {
  hooks.open = undefined;
  hooks.mkdir = undefined;
  hooks.rename = undefined;
  hooks.noProc = false;
});

function sandbox() {
  const root = realFs.mkdtempSync(join(tmpdir(), 'scout-sec-race-'));
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  realFs.mkdirSync(outside);
  return { root, work, outside };
}

const entries = (dir: string) => (realFs.existsSync(dir) ? (realFs.readdirSync(dir, { recursive: true }) as string[]).sort() : []);

/** Moves `dir` aside and puts a symbolic link to `to` in its place: the attacker's swap. */
function swap(dir: string, to: string) {
  realFs.renameSync(dir, dir + '-moved');
  realFs.symlinkSync(to, dir);
}

const FILES = [
  { path: 'a/1.sol', code: 'one\n' },
  { path: 'b/2.sol', code: 'two\n' },
];

describe('a directory swapped for a link between the check and the write', () => {
  it('on Linux the file goes through the directory handle: nothing lands outside', async () => {
    const { work, outside } = sandbox();
    hooks.open = (p) => {
      if (p.endsWith('2.sol') && !realFs.lstatSync(join(work, 'b')).isSymbolicLink()) swap(join(work, 'b'), outside);
    };
    await writeSources(FILES, work).catch(() => undefined);
    expect(entries(outside)).toEqual([]);
    // Where it went: the directory scout made and held, now moved aside.
    expect(realFs.readFileSync(join(work, 'b-moved/2.sol'), 'utf8')).toBe('two\n');
  });

  // The directory scout made is elsewhere now, moved by someone else: the message names it as left behind.
  it('without /proc the swap is caught right after, and the file made outside is removed again', async () => {
    const { work, outside } = sandbox();
    hooks.noProc = true;
    hooks.open = (p) => {
      if (p.endsWith('2.sol') && !realFs.lstatSync(join(work, 'b')).isSymbolicLink()) swap(join(work, 'b'), outside);
    };
    await expect(writeSources(FILES, work)).rejects.toThrow(/\/b" changed into a link while scout wrote into it; /);
    expect(entries(outside)).toEqual([]);
  });

  it('a directory scout just made, swapped before it enters it, is refused', async () => {
    const { work, outside } = sandbox();
    hooks.mkdir = (p) => {
      if (p.endsWith('/b')) swap(join(work, 'b'), outside);
    };
    await expect(writeSources(FILES, work)).rejects.toThrow(/\/b" is a symbolic link now; /);
    expect(entries(outside)).toEqual([]);
  });
});

describe('a failure or Ctrl-C midway removes what the run made', () => {
  const ENOSPC = () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });

  it('a write failing on the second file: the first file and the directories made go', async () => {
    const { root, work } = sandbox();
    let n = 0;
    hooks.open = () => {
      if (++n === 2) throw ENOSPC();
    };
    await expect(writeSources(FILES, work)).rejects.toThrow(/^cannot write ".*b\/2\.sol": ENOSPC: no space left on device; nothing was written$/);
    expect(entries(root)).toEqual(['outside']);
  });

  it('with --force, an old file is untouched when a later one fails, and no temporary file stays', async () => {
    const { work } = sandbox();
    realFs.mkdirSync(join(work, 'a'), { recursive: true });
    realFs.writeFileSync(join(work, 'a/1.sol'), 'mine\n');
    let n = 0;
    hooks.open = () => {
      if (++n === 2) throw ENOSPC();
    };
    await expect(writeSources(FILES, work, { force: true })).rejects.toThrow(/; nothing was written$/);
    expect(realFs.readFileSync(join(work, 'a/1.sol'), 'utf8')).toBe('mine\n');
    expect(entries(work)).toEqual(['a', 'a/1.sol']);
  });

  it('with --force, a rename failing after an old file was replaced says so exactly, and removes the rest', async () => {
    const { work } = sandbox();
    realFs.mkdirSync(join(work, 'a'), { recursive: true });
    realFs.writeFileSync(join(work, 'a/1.sol'), 'mine\n');
    let n = 0;
    hooks.rename = () => {
      if (++n === 2) throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    };
    await expect(writeSources(FILES, work, { force: true })).rejects.toThrow(/^cannot write ".*b\/2\.sol": EIO: i\/o error; already replaced: ".*a\/1\.sol"; nothing else was written$/);
    expect(realFs.readFileSync(join(work, 'a/1.sol'), 'utf8')).toBe('one\n');
    expect(entries(work)).toEqual(['a', 'a/1.sol']);
  });

  it('Ctrl-C after the first file: interrupted (exit 130), nothing left', async () => {
    const { root, work } = sandbox();
    const ctrlC = new AbortController();
    hooks.open = () => ctrlC.abort();
    const e = await writeSources(FILES, work, { signal: ctrlC.signal }).catch((x: unknown) => x);
    expect(e).toMatchObject({ exitCode: 130, message: 'interrupted; nothing was written' });
    expect(entries(root)).toEqual(['outside']);
  });
});
