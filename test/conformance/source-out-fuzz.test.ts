/**
 * Seeded fuzzing of the file lists `contract source --out` writes (issue 20): a hostile explorer of
 * the test's own sends random lists of paths built from `.git` in every spelling git refuses,
 * hidden segments, `..`, absolute and drive paths, invisible and blank-looking characters, overlong
 * names, deep nesting and many files, with random --force, --allow-hidden and limits, into a fresh
 * directory that sometimes holds a symbolic link out. Seeded, so a failure names a case that
 * reproduces (FUZZ_SEED and FUZZ_RUNS explore further).
 *
 * Every run exits 0 or 1 (never a crash), nothing is ever written outside the directory, no `.git`
 * (in any spelling) is ever made, a refusal that says "nothing was written" left the directory as it
 * was, a success wrote every path it printed, and stderr shows no invisible character raw.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameProblem } from '../../src/commands/contract/source-files.js';
import { seeded } from '../support/faults.js';
import { runScout } from '../support/scout.js';
import { type SourceServer, startSourceServer } from '../support/source-server.js';

const SEED = Number(process.env.FUZZ_SEED ?? 0x50e7);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const DOT_GIT = /^(?:\.git|git~\d+)[. ]*(?::.*)?$/i;

let srv: SourceServer;
beforeAll(async () => {
  srv = await startSourceServer();
});
afterAll(() => srv.close());

type R = () => number;
const pick = <T>(xs: readonly T[], r: R): T => xs[Math.floor(r() * xs.length)]!;

const GIT = ['.git', '.GIT', '.Git', '.git.', '.git ', '.git. .', 'git~1', 'GIT~1', 'git~2', '.git::$INDEX_ALLOCATION', '.git:x'];
const HIDDEN = ['.github', '.env', '.x', '.vscode', '.gitmodules', '.hooks'];
const CLIMB = ['..', '.', '...', '.. ', ' ..', '', '. '];
const PLAIN = ['contracts', 'lib', '@openzeppelin', 'A.sol', 'Token.sol', 'ünï', '名前', 'a b', 'x..y.sol', '-rf', 'con', 'hooks', 'pre-commit'];
const INVISIBLE = ['\u3164', '\u115f', '\u1160', '\uffa0', '\ufe0f', '\u{e0100}', '\u206a', '\u206f', '\u200b', '\u202e', '\u2066', '\u00a0', '\u0000', '\u001b', '\u007f', '\u0085', '\u034f', '\ud800', '\u2028', '\ufeff', '\u{e0041}'];

function segment(r: R): string {
  const x = r();
  if (x < 0.12) return pick(GIT, r);
  if (x < 0.22) return pick(HIDDEN, r);
  if (x < 0.3) return pick(CLIMB, r);
  if (x < 0.38) {
    const s = pick(PLAIN, r);
    const at = Math.floor(r() * (s.length + 1));
    return s.slice(0, at) + pick(INVISIBLE, r) + s.slice(at);
  }
  if (x < 0.41) return 'z'.repeat(250 + Math.floor(r() * 10));
  return pick(PLAIN, r);
}

function filePath(r: R): unknown {
  const x = r();
  if (x < 0.02) return pick([null, 42, {}, [], true], r);
  const depth = r() < 0.05 ? 30 + Math.floor(r() * 10) : 1 + Math.floor(r() * 4);
  const segs = Array.from({ length: depth }, () => segment(r));
  const sep = pick(['/', '/', '/', '\\', '//', '/./'], r);
  const prefix = r() < 0.06 ? pick(['/', '\\', 'C:', 'c:\\', '\\\\srv\\share\\', '/etc/'], r) : '';
  return prefix + segs.join(sep) + (r() < 0.03 ? '/' : '');
}

function fileList(r: R): { path: unknown; code: string }[] {
  const n = r() < 0.04 ? 990 + Math.floor(r() * 20) : 1 + Math.floor(r() * 6);
  return Array.from({ length: n }, (_, i) => ({ path: i === 0 && r() < 0.5 ? 'Main.sol' : filePath(r), code: r() < 0.02 ? 'x'.repeat(2048) : `// ${i}\n` }));
}

/** Every entry under `dir`, relative (links not followed). */
function entries(dir: string): string[] {
  return existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]).sort() : [];
}

describe('contract source --out, seeded hostile file lists', () => {
  it(`${RUNS} lists: exit 0 or 1, nothing outside the directory, no .git, refusals leave it as it was`, { timeout: 120_000 }, async () => {
    const r = seeded(SEED);
    const failures: string[] = [];
    const codes = new Map<number, number>();
    for (let i = 0; i < RUNS; i++) {
      const root = mkdtempSync(join(tmpdir(), 'scout-src-fuzz-'));
      const work = join(root, 'work');
      const outside = join(root, 'outside');
      mkdirSync(outside);
      if (r() < 0.3) {
        mkdirSync(join(work, 'contracts'), { recursive: true });
        symlinkSync(outside, join(work, pick(['lib', '@openzeppelin', 'hooks'], r)));
      }
      const files = fileList(r);
      const flags = [
        ...(r() < 0.3 ? ['--force'] : []),
        ...(r() < 0.4 ? ['--allow-hidden'] : []),
        ...(r() < 0.15 ? ['--max-files', pick(['1', '3', '2000'], r)] : []),
        ...(r() < 0.15 ? ['--max-depth', pick(['1', '2', '40'], r)] : []),
        ...(r() < 0.1 ? ['--max-file-size', pick(['1', '1KiB'], r)] : []),
      ];
      const before = entries(work);
      const res = await runScout(['contract', 'source', srv.contract(files), '--out', work, ...flags, '--base-url', srv.url]);
      codes.set(res.code, (codes.get(res.code) ?? 0) + 1);
      const after = entries(work);
      const written = res.stdout.split('\n').filter(Boolean);
      const problems = [
        ![0, 1].includes(res.code) && `exit ${res.code}`,
        /unexpected error/.test(res.stderr) && 'unexpected error',
        res.stderr.split('\n').some((l) => nameProblem(l) !== undefined) && 'a raw invisible or control character on stderr',
        entries(outside).length > 0 && `wrote outside: ${entries(outside).join(', ')}`,
        entries(root).some((e) => !/^(work|outside)([\\/]|$)/.test(e)) && 'wrote beside the directory',
        after.some((e) => e.split(/[\\/]/).some((s) => DOT_GIT.test(s))) && 'made a .git',
        res.code === 1 && /nothing was written/.test(res.stderr) && after.join('\n') !== before.join('\n') && 'said nothing was written, but the directory changed',
        res.code === 0 && written.some((p) => !existsSync(p)) && 'printed a path it did not write',
      ].filter(Boolean);
      if (problems.length) failures.push(`#${i} ${JSON.stringify({ files: files.slice(0, 4), n: files.length, flags }).slice(0, 500)}: ${problems.join('; ')}\n  stderr: ${JSON.stringify(res.stderr.slice(0, 300))}`);
    }
    expect(failures).toEqual([]);
    // Worth something only if it reaches both sides: refusals and real writes.
    expect(codes.get(1)).toBeGreaterThan(RUNS / 4);
    expect(codes.get(0)).toBeGreaterThan(RUNS / 20);
  });
});
