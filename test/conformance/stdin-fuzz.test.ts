/**
 * Stdin fuzzing (issue 20, item 8): batches (`-` for the argument) read random hostile input: lines
 * over the length limit, NUL, CR and CRLF, a BOM, escape sequences, bidi and invisible characters,
 * blank lines and comments, no final line break, bytes cut inside a character, the input split into
 * chunks at random places. Seeded, so a failure names a case that reproduces; run in-process against
 * the local fake explorer.
 *
 * Every run must end with a batch's exit code (0-5), stderr must hold no raw control or invisible
 * character and no "unexpected error", a usage error (exit 2) must have sent nothing, and an input
 * with a line over BATCH_LINE_MAX is exit 2 naming that line.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { BATCH_LINE_MAX } from '../../src/run/batch.js';
import { memoryIo } from '../../src/base/io.js';
import { seeded } from '../support/faults.js';
import { ADDR, type FakeServer, HEAD_BLOCK, startServer, TX } from '../support/server.js';

const SEED = Number(process.env.FUZZ_SEED ?? 0x57d1);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/u;

let srv: FakeServer;
let home: string;
beforeAll(async () => {
  srv = await startServer();
  home = mkdtempSync(join(tmpdir(), 'scout-stdin-fuzz-'));
});
afterAll(() => srv.close());

type R = () => number;
const pick = <T>(xs: readonly T[], r: R): T => xs[Math.floor(r() * xs.length)]!;

/** Commands that read values from stdin, with values they take. */
const BATCHES: { words: string[]; valid: string[] }[] = [
  { words: ['tx', 'show'], valid: [TX.ok, TX.failed, TX.unknown, TX.ok.toUpperCase().replace('0X', '0x')] },
  { words: ['tx', 'summary'], valid: [TX.ok, TX.quirky] },
  { words: ['address', 'show'], valid: [ADDR.rich, ADDR.empty, 'scout-rich.eth'] },
  { words: ['address', 'txs', '--limit', '2'], valid: [ADDR.rich, ADDR.empty] },
  { words: ['block', 'show'], valid: [String(HEAD_BLOCK), '0', 'latest', String(HEAD_BLOCK + 1)] },
];

/** Lines nobody should pipe in, and some that tools produce by accident. */
const HOSTILE_LINES = (r: R): string => {
  const long = (n: number) => pick(['a', '0', ' ', '\u3164', '🙂', '\u001b['], r).repeat(n);
  return pick(
    [
      () => long(BATCH_LINE_MAX + 1 + Math.floor(r() * 3 * BATCH_LINE_MAX)),
      () => long(Math.floor(r() * 200)),
      () => 'nul\u0000byte',
      () => `${pick(BATCHES[0]!.valid, r)}\u0000`,
      () => '\u001b]0;pwned\u0007\u001b[2J',
      () => '\u009b31m',
      () => '\u202egnp.exe',
      () => 'fill\u3164er\u115f\uffa0',
      () => 'var\ufe0fsel\u{e0100}',
      () => 'tag\u{e0041}\u{e0042}',
      () => '\ufeff',
      () => '# comment \u001b[31m',
      () => '',
      () => '   ',
      () => '\r',
      () => 'line\rforged',
    ],
    r,
  )();
};

/** Stdin text: valid values mixed with hostile lines, CRLF or LF, a BOM at times, maybe no final break. */
function input(valid: readonly string[], r: R): string {
  const n = 1 + Math.floor(r() * 6);
  const lines = Array.from({ length: n }, () => (r() < 0.5 ? pick(valid, r) : HOSTILE_LINES(r)));
  const eol = r() < 0.3 ? '\r\n' : '\n';
  return (r() < 0.15 ? '\ufeff' : '') + lines.join(eol) + (r() < 0.7 ? eol : '');
}

/** The input as the process would read it: bytes, cut into chunks at random places (inside characters too). */
function chunks(text: string, r: R): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(r() < 0.3 ? r() * 4 : r() * 4096);
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

describe('stdin fuzz', () => {
  it(`${RUNS} seeded batch inputs keep the contract`, { timeout: 120_000 }, async () => {
    const r = seeded(SEED);
    const failures: string[] = [];
    const codes = new Map<number, number>();
    for (let i = 0; i < RUNS; i++) {
      const batch = pick(BATCHES, r);
      const text = input(batch.valid, r);
      const pieces = chunks(text, r);
      const io = memoryIo({ env: { XDG_CONFIG_HOME: home, HOME: home }, stdoutIsTTY: r() < 0.5 });
      io.stdin = async function* () {
        yield* pieces;
      };
      const before = srv.requests.length;
      const [w0, w1, ...rest] = batch.words;
      const code = await run(['node', 'scout', '--base-url', srv.url, '--retries', '0', w0!, w1!, '-', ...rest], io);
      codes.set(code, (codes.get(code) ?? 0) + 1);
      const err = io.stderr();
      const sent = srv.requests.length - before;
      // The first line over the limit, counted as the reader counts lines.
      const over = text.split('\n').findIndex((l) => l.replace(/\r$/, '').length > BATCH_LINE_MAX);
      const problems = [
        ![0, 1, 2, 3, 4, 5].includes(code) && `exit ${code}`,
        RAW.test(err) && `raw character U+${RAW.exec(err)![0].codePointAt(0)!.toString(16)} on stderr`,
        /unexpected error/.test(err) && 'unexpected error',
        code === 2 && sent > 0 && `exit 2 after ${sent} request(s)`,
        over >= 0 && code !== 2 && `a line over ${BATCH_LINE_MAX} characters gave exit ${code}`,
        over >= 0 && !err.startsWith(`scout: line ${over + 1}: longer than ${BATCH_LINE_MAX} characters`) && `the over-long line ${over + 1} not named: ${JSON.stringify(err.slice(0, 120))}`,
      ].filter(Boolean);
      if (problems.length) failures.push(`#${i} ${batch.words.join(' ')} ${JSON.stringify(text.slice(0, 200))}: ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
    // Worth something only if it reaches both sides: refused inputs and values looked up.
    expect(codes.get(2)).toBeGreaterThan(RUNS / 10);
    expect((codes.get(0) ?? 0) + (codes.get(3) ?? 0)).toBeGreaterThan(RUNS / 10);
  });
});
