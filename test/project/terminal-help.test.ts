/**
 * Help on a terminal: commander wraps it to the terminal's width, so the entry cannot print it from
 * the texts the build rendered for pipes. The program prints it and keeps it under the cache
 * directory per build and width; the next time at that width the entry prints it from there without
 * loading the program. Run on a real pseudo-terminal through script(1) (util-linux), sized by stty.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv } from '../support/cli.js';
import { runScout } from '../support/scout.js';

const script = spawnSync('script', ['--version'], { encoding: 'utf8' });
const haveScript = script.status === 0;
if (!haveScript) console.warn('terminal-help.test.ts: skipped, script(1) from util-linux is missing');

/** `scout args…` on a terminal `cols` wide; stdout and stderr both come through the terminal. */
function onTerminal(cache: string, cols: number, args: string[]): { code: number | null; out: string } {
  const command = `stty cols ${cols} rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} ${args.join(' ')}`;
  const r = spawnSync('script', ['-qec', command, '/dev/null'], {
    encoding: 'utf8',
    input: '',
    env: cleanEnv({ XDG_CACHE_HOME: cache, SHELL: '/bin/sh', NODE_EXTRA_CA_CERTS: undefined }),
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout.replace(/\r\n/g, '\n') };
}

/** The help the program itself prints on a terminal `width` columns wide. */
async function live(args: string[], width: number): Promise<string> {
  const r = await runScout(args, { stdoutIsTTY: true, width });
  expect(r.code).toBe(0);
  return r.stdout;
}

/** The files kept under `cache`, as paths below its help directory. */
function kept(cache: string): string[] {
  const root = join(cache, 'scout', 'help');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.txt')).sort();
}

describe.skipIf(!haveScript)('help on a terminal', () => {
  it('is the program\'s help at the terminal\'s width, kept per width and printed from there the next time', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'scout-help-'));
    const first = onTerminal(cache, 100, ['address', 'txs', '--help']);
    expect(first.code).toBe(0);
    const want = await live(['address', 'txs', '--help'], 100);
    expect(first.out).toBe(want);
    // Wrapped to the terminal: not the text a pipe gets.
    expect(want).not.toBe((await runScout(['address', 'txs', '--help'])).stdout);
    const files = kept(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{16}\/100\/address\.txs\.txt$/);
    const file = join(cache, 'scout', 'help', files[0]!);
    expect(readFileSync(file, 'utf8')).toBe(want);

    // The next run at this width prints what was kept (a marker shows it came from the file).
    writeFileSync(file, 'kept help\n');
    expect(onTerminal(cache, 100, ['address', 'txs', '--help'])).toEqual({ code: 0, out: 'kept help\n' });

    // Another width is another text, kept beside it.
    const wide = onTerminal(cache, 140, ['address', 'txs', '--help']);
    expect(wide.out).toBe(await live(['address', 'txs', '--help'], 140));
    expect(kept(cache)).toHaveLength(2);

    // scout alone on a terminal prints its help too, kept as 'scout'.
    const bare = onTerminal(cache, 100, []);
    expect(bare).toEqual({ code: 0, out: await live([], 100) });
    expect(kept(cache).some((p) => p.endsWith('/100/scout.txt'))).toBe(true);
  });

  it('at 80 columns, where commander wraps as for a pipe, the entry prints the text the build rendered', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'scout-help-'));
    for (const args of [['address', 'txs', '--help'], []]) {
      const r = onTerminal(cache, 80, args);
      expect(r).toEqual({ code: 0, out: await live(args, 80) });
      expect(r.out).toBe((await runScout(args.length ? args : ['--help'])).stdout);
    }
    // The program never ran: it would have kept what it printed.
    expect(kept(cache)).toEqual([]);
  });

  it('keeps nothing for words that are not a command: the program answers them every time', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'scout-help-'));
    // Commander shows scout's own help for an unknown command before --help.
    const want = await live(['adress', '--help'], 100);
    for (let i = 0; i < 2; i++) expect(onTerminal(cache, 100, ['adress', '--help'])).toEqual({ code: 0, out: want });
    expect(kept(cache)).toEqual([]);
  });

  it('without a cache it can write, the program prints the help every time, exit 0', async () => {
    const base = mkdtempSync(join(tmpdir(), 'scout-help-'));
    const cache = join(base, 'ro');
    writeFileSync(cache, 'not a directory');
    chmodSync(base, 0o500);
    try {
      const want = await live(['tx', 'show', '--help'], 90);
      for (let i = 0; i < 2; i++) expect(onTerminal(cache, 90, ['tx', 'show', '--help'])).toEqual({ code: 0, out: want });
    } finally {
      chmodSync(base, 0o700);
    }
  });
});
