/**
 * Batches: `-` reads one value per line from stdin; every line is checked before any request; the
 * values run a few at a time in one session and print in input order (NDJSON lines, one --json
 * array, tables under a heading per value); a value that fails is reported with its line and the
 * others go on; the exit code is the worst seen.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], stdin: string, o: Parameters<typeof runScout>[1] = {}) => runScout(args, { env: { SCOUT_BASE_URL: srv.url }, stdin, ...o });

/** The requests the fake saw while `f` ran, as paths. */
async function paths<T>(f: () => Promise<T>): Promise<[T, string[]]> {
  const before = srv.requests.length;
  const r = await f();
  return [r, srv.requests.slice(before).map((q) => q.path)];
}

describe('batch input', () => {
  it('tx show -: NDJSON, one document per line in input order; blank lines and # comments skipped', async () => {
    const stdin = `# transactions to check\n${TX.ok}\n\n   ${TX.failed}  \r\n# done\n${TX.creation}`;
    const [r, seen] = await paths(() => scout(['tx', 'show', '-', '--ndjson'], stdin));
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { hash: string }).hash)).toEqual([TX.ok, TX.failed, TX.creation]);
    // Each line is the document as the single lookup prints it.
    const one = await runScout(['tx', 'show', TX.failed, '--ndjson'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(lines[1] + '\n').toBe(one.stdout);
    expect(seen.sort()).toEqual([TX.ok, TX.failed, TX.creation].map((h) => `/api/v2/transactions/${h}`).sort());
  });

  it('--json of an object command: one array of the documents, each as --json prints it alone', async () => {
    const r = await scout(['tx', 'show', '-', '--json'], `${TX.ok}\n${TX.failed}\n`);
    expect(r.code, r.stderr).toBe(0);
    const a = await runScout(['tx', 'show', TX.ok, '--json'], { env: { SCOUT_BASE_URL: srv.url } });
    const b = await runScout(['tx', 'show', TX.failed, '--json'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(r.stdout).toBe(`[${a.stdout.trimEnd()},${b.stdout.trimEnd()}]\n`);
  });

  it('--json of a list command: one flat array of every value’s items, values in input order', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--json', '--limit', '2'], `${ADDR.rich}\n${ADDR.empty}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--json', '--limit', '2'], { env: { SCOUT_BASE_URL: srv.url } });
    const items = one.stdout.trimEnd().slice(1, -1);
    expect(r.stdout).toBe(`[${items},${items}]\n`);
  });

  it('an empty batch is success: [] for --json, nothing otherwise', async () => {
    const [r, seen] = await paths(() => scout(['tx', 'show', '-', '--json'], '# nothing\n\n'));
    expect([r.code, r.stdout, r.stderr, seen]).toEqual([0, '[]\n', '', []]);
  });

  it('NDJSON of a list command: each item a line, values in input order', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson', '--limit', '3'], `${ADDR.rich}\n${ADDR.empty}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--ndjson', '--limit', '3'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(r.stdout).toBe(one.stdout + one.stdout);
  });

  it('tables: one after another, each under a heading naming its value', async () => {
    const r = await scout(['tx', 'show', '-'], `${TX.ok}\n${TX.failed}\n`, { stdoutIsTTY: true, width: 120, color: false });
    expect(r.code, r.stderr).toBe(0);
    const a = await runScout(['tx', 'show', TX.ok], { env: { SCOUT_BASE_URL: srv.url }, stdoutIsTTY: true, width: 120, color: false });
    const b = await runScout(['tx', 'show', TX.failed], { env: { SCOUT_BASE_URL: srv.url }, stdoutIsTTY: true, width: 120, color: false });
    expect(r.stdout).toBe(`==> ${TX.ok} <==\n${a.stdout}\n==> ${TX.failed} <==\n${b.stdout}`);
  });

  it('CSV: one header row for the whole batch', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--csv', '--limit', '2'], `${ADDR.rich}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--csv', '--limit', '2'], { env: { SCOUT_BASE_URL: srv.url } });
    const [header, ...rows] = one.stdout.trimEnd().split('\r\n');
    expect(r.stdout.trimEnd().split('\r\n')).toEqual([header, ...rows, ...rows]);
  });

  it('a value that fails (404) is reported with its line; the others print; exit is the worst code', async () => {
    const r = await scout(['tx', 'show', '-', '--ndjson'], `${TX.ok}\n# skip\n${TX.unknown}\n${TX.failed}\n`);
    expect(r.code).toBe(3);
    expect(r.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { hash: string }).hash)).toEqual([TX.ok, TX.failed]);
    expect(r.stderr).toMatch(new RegExp(`^scout: line 3: .*${TX.unknown}.*\\n`, 'm'));
    expect(r.stderr).toContain('scout: 1 of 3 values failed (line 3)\n');
  });

  it('a bad line: exit 2, its line number named, nothing sent', async () => {
    const [r, seen] = await paths(() => scout(['tx', 'show', '-'], `${TX.ok}\n\n0x1234\n${TX.failed}\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: line 3: invalid transaction hash "0x1234"/);
    expect(r.stdout).toBe('');
    expect(seen).toEqual([]);
  });

  it('several bad lines are each named, still before any request', async () => {
    const [r, seen] = await paths(() => scout(['address', 'txs', '-'], `nope\n${ADDR.rich}\n0xzz\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: line 1: invalid address "nope".*\nscout: line 3: invalid address "0xzz"/);
    expect(seen).toEqual([]);
  });

  it('names: checked (ENS normalisation) before any request, with their line', async () => {
    const [r, seen] = await paths(() => scout(['address', 'show', '-'], `scout-rich.eth\nbad_na_me.eth\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: line 2: invalid name "bad_na_me.eth"/);
    expect(seen).toEqual([]);
  });

  it('names: each resolved for its own value; one that resolves to nothing fails alone (exit 3)', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson', '--limit', '1'], `scout-rich.eth\nno-such-name-scout.eth\n${ADDR.rich}\n`);
    expect(r.code).toBe(3);
    const one = await runScout(['address', 'withdrawals', ADDR.rich, '--ndjson', '--limit', '1'], { env: { SCOUT_BASE_URL: srv.url } });
    expect(r.stdout).toBe(one.stdout + one.stdout);
    expect(r.stderr).toMatch(/scout: line 2: no address for the name "no-such-name-scout.eth"/);
  });

  it('--cursor with - is a usage error before stdin is read or anything sent', async () => {
    const [r, seen] = await paths(() => scout(['address', 'txs', '-', '--cursor', 'eyJ9'], `${ADDR.rich}\n`));
    expect(r.code).toBe(2);
    expect(seen).toEqual([]);
  });

  it.each([['0'], ['65'], ['x']])('--concurrency %s is a usage error', async (n) => {
    const [r, seen] = await paths(() => scout(['tx', 'show', '-', '--concurrency', n], `${TX.ok}\n`));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid --concurrency/);
    expect(seen).toEqual([]);
  });

  it('a list without --all: each value’s next-page hint names that value, not -', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson'], `${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`next page: scout address withdrawals --ndjson --cursor \\S+ -- ${ADDR.rich}\\n`));
  });

  it('--all with -: each value followed to its end', async () => {
    const r = await scout(['address', 'withdrawals', '-', '--ndjson', '--all'], `${ADDR.rich}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(2 * 55);
  });
});
