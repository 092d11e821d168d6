/**
 * Issue 22, items 3 to 6, at 80 columns: which columns give way (empty and constant columns first,
 * never a name stub, the time kept), direction instead of repetition in the lists of one address,
 * 6+4 addresses, ages in two units and `--time`, and the table controls `--wide` and `--columns`.
 * The CLI runs in process with a terminal Io (width and clock pinned); one case runs the built
 * command on a real 80-column pseudo-terminal through script(1).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { displayWidth } from '../../src/render/width.js';
import { BIN, cleanEnv } from '../support/cli.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

/** An hour after the fake chain's newest block. */
const NOW = Date.UTC(2025, 7, 11, 10, 32, 59);

async function scout(args: string[], o: { tty?: boolean; width?: number; env?: Record<string, string> } = {}) {
  const home = mkdtempSync(join(tmpdir(), 'scout-fit-'));
  const io = memoryIo({ stdoutIsTTY: o.tty ?? true, width: o.width ?? 80, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home, ...o.env } });
  const code = await run(['node', 'scout', ...args, '--base-url', srv.url], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const lines = (s: string) => s.split('\n').slice(0, -1);
const header = (s: string) => lines(s)[0]!.trim().split(/ {2,}/);
/** The names cut short beside an address (`scout-r…` of `scout-r… (0x…`), in every cell of `out`. */
const stubs = (out: string) =>
  out
    .split('\n')
    .flatMap((l) => l.split(/ {2,}/))
    .flatMap((cell) => /^(?:→ )?(.+)… \(0x/.exec(cell.trim())?.[1] ?? []);
/** A name cut to fewer than 8 of its characters says nothing. */
const shortStubs = (out: string) => stubs(out).filter((n) => displayWidth(n) < 8);

describe('which columns give way at 80 columns', () => {
  it.each([
    ['address txs', ['address', 'txs', ADDR.rich]],
    ['address transfers', ['address', 'transfers', ADDR.rich]],
    ['token transfers', ['token', 'transfers', ADDR.usdc]],
    ['address internal-txs', ['address', 'internal-txs', ADDR.rich]],
  ])('%s keeps the time and shows no name stub', async (_name, args) => {
    const r = await scout(args);
    expect(r.code, r.stderr).toBe(0);
    expect(header(r.stdout)).toContain('AGE');
    expect(shortStubs(r.stdout)).toEqual([]);
    for (const l of lines(r.stdout)) expect(displayWidth(l), l).toBeLessThanOrEqual(80);
  });

  it('a column empty on every row (TOKEN ID of fungible transfers) goes before anything is cut', async () => {
    const r = await scout(['address', 'transfers', ADDR.rich, '--type', 'ERC-20']);
    expect(header(r.stdout)).not.toContain('TOKEN ID');
    // At 200 columns, with room for it, it stays.
    expect(header((await scout(['address', 'transfers', ADDR.rich, '--type', 'ERC-20'], { width: 200 })).stdout)).toContain('TOKEN ID');
  });

  it('a column the same on every row (the token of `token transfers`) goes first', async () => {
    const r = await scout(['token', 'transfers', ADDR.usdc]);
    expect(header(r.stdout)).not.toContain('TOKEN');
    expect(header(r.stdout)).toEqual(expect.arrayContaining(['TX', 'AGE', 'FROM', 'TO', 'AMOUNT']));
  });
});

describe('direction, not repetition', () => {
  it('address txs shows DIR and the other party, not the address on every row; 6+4 digits', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--limit', '10'], { width: 120 });
    expect(header(r.stdout)).toEqual(expect.arrayContaining(['DIR', 'COUNTERPARTY']));
    expect(header(r.stdout)).not.toContain('FROM');
    expect(r.stdout).not.toContain(`${ADDR.rich.slice(0, 8)}…${ADDR.rich.slice(-4)}`);
    expect(r.stdout).toContain(' OUT ');
    expect(r.stdout).toMatch(/\(0x[0-9a-fA-F]{6}…[0-9a-fA-F]{4}\)/);
  });

  it('address transfers says IN and OUT for the address queried', async () => {
    const r = await scout(['address', 'transfers', ADDR.rich, '--limit', '10']);
    const dirs = new Set(lines(r.stdout).slice(1).map((l) => l.split(/ {2,}/)[2]));
    expect(dirs).toEqual(new Set(['IN', 'OUT']));
  });

  it('piped lines and CSV keep from and to', async () => {
    const piped = await scout(['address', 'txs', ADDR.rich, '--limit', '3'], { tty: false });
    for (const l of lines(piped.stdout)) expect(l.split('\t')[4]).toBe(ADDR.rich);
    const csv = await scout(['address', 'txs', ADDR.rich, '--limit', '3', '--csv'], { tty: false });
    expect(csv.stdout.split('\r\n')[0]).toContain(',from,to,');
  });

  it('a list that is of no one address keeps FROM and TO', async () => {
    const r = await scout(['tx', 'transfers', TX.overflow, '--limit', '5'], { width: 200 });
    expect(header(r.stdout)).toEqual(expect.arrayContaining(['FROM', 'TO']));
    expect(header(r.stdout)).not.toContain('DIR');
  });
});

describe('time', () => {
  it('AGE reads in two units', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--limit', '5']);
    expect(r.stdout).toMatch(/ 1h 1m /);
    expect(r.stdout).not.toContain(' ago');
  });

  it('--time absolute, SCOUT_TIME and the config key show the UTC date and time', async () => {
    for (const [args, env] of [
      [['--time', 'absolute'], {}],
      [[], { SCOUT_TIME: 'absolute' }],
    ] as const) {
      const r = await scout(['address', 'txs', ADDR.rich, '--limit', '3', ...args], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(header(r.stdout)[1]).toBe('TIME (UTC)');
      expect(lines(r.stdout)[1]).toContain(' 2025-08-11 09:32:35 ');
    }
    // Piped, ISO whatever the setting.
    const piped = await scout(['address', 'txs', ADDR.rich, '--limit', '1', '--time', 'absolute'], { tty: false });
    expect(piped.stdout.split('\t')[2]).toBe('2025-08-11T09:32:35Z');
  });

  it('the time setting is kept in the config file; a wrong value is exit 2 before any request', async () => {
    const home = mkdtempSync(join(tmpdir(), 'scout-fit-config-'));
    const env = { XDG_CONFIG_HOME: home };
    expect((await scout(['config', 'set', 'time', 'absolute'], { env })).code).toBe(0);
    expect(header((await scout(['address', 'txs', ADDR.rich, '--limit', '2'], { env })).stdout)[1]).toBe('TIME (UTC)');
    const before = srv.requests.length;
    const bad = await scout(['address', 'txs', ADDR.rich, '--time', 'later']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --time "later": expected relative, absolute');
    expect(srv.requests.length).toBe(before);
  });
});

describe('--wide and --columns', () => {
  it('--wide shows whole hashes and addresses at 80 columns; the lines may be wider', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--limit', '3', '--wide']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(TX.ok);
    expect(r.stdout).not.toContain('…');
    expect(Math.max(...lines(r.stdout).map(displayWidth))).toBeGreaterThan(80);
  });

  it('--columns picks and orders the columns of the table, piped lines and CSV; JSON is unchanged', async () => {
    const args = ['address', 'txs', ADDR.rich, '--limit', '3', '--columns', 'value,hash,block'];
    const tty = await scout(args);
    expect(header(tty.stdout)).toEqual(['VALUE', 'HASH', 'BLOCK']);
    const piped = await scout(args, { tty: false });
    const f = lines(piped.stdout)[0]!.split('\t');
    expect(f).toHaveLength(3);
    expect(f[1]).toBe(TX.ok);
    expect(f[2]).toMatch(/^\d+$/);
    const csv = await scout([...args, '--csv'], { tty: false });
    expect(csv.stdout.split('\r\n')[0]).toBe('value,hash,block');
    const json = await scout([...args, '--json'], { tty: false });
    expect(JSON.parse(json.stdout)[0]).toHaveProperty('fee');
  });

  it('--columns timestamp on a terminal is the AGE column', async () => {
    const r = await scout(['address', 'transfers', ADDR.rich, '--limit', '3', '--columns', 'timestamp,from']);
    expect(header(r.stdout)).toEqual(['AGE', 'FROM']);
  });

  it('an unknown name is exit 2 listing the names, before any request', async () => {
    const before = srv.requests.length;
    const r = await scout(['address', 'txs', ADDR.rich, '--columns', 'hash,nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown column "nope" for --columns: expected hash, block, timestamp, method, from, to, value_wei, value, fee_wei, fee, status');
    expect(srv.requests.length).toBe(before);
  });
});

const haveScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

describe.skipIf(!haveScript)('on a real 80-column terminal', () => {
  it('address transfers: the time stays, no stub, no line past 80 columns', async () => {
    const command = `stty cols 80 rows 40; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} address transfers ${ADDR.rich} --limit 10 --base-url ${srv.url}`;
    const home = mkdtempSync(join(tmpdir(), 'scout-fit-pty-'));
    // Not spawnSync: the fake explorer answers from this process.
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: cleanEnv({ HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home, SHELL: '/bin/sh', NO_COLOR: '1' }),
    });
    child.stdin.end();
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stdout).toBe(0);
    // The spinner's lines are erased on stderr, which the terminal shows too: only the table's lines.
    // eslint-disable-next-line no-control-regex
    const plain = stdout.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r\n/g, '\n');
    // The table's lines, less what the spinner left before the first (it clears by rewriting).
    const out = plain.split(/[\n\r]/).flatMap((l) => /(?:TX {2}|0x[0-9a-f]{4}…).*/.exec(l)?.[0] ?? []);
    expect(out[0]!.trim().split(/ {2,}/)).toEqual(expect.arrayContaining(['TX', 'AGE', 'DIR', 'COUNTERPARTY', 'AMOUNT']));
    expect(out).toHaveLength(11);
    expect(shortStubs(out.join('\n'))).toEqual([]);
    for (const l of out) expect(displayWidth(l), out.join("\n")).toBeLessThanOrEqual(80);
  });
});
