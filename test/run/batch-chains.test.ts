/**
 * `-` with `--chains`: every value of stdin on every chain, through the one ordered runner, and the
 * one exit policy (the worst code) for batches, `--chains` and both at once. Two chains, alpha and
 * beta, are the fake explorer (two of them); `gone` has nothing (404 everywhere); `locked` refuses
 * the key (401, exit 4), and so does `shut`; `busy` is rate limited (429, exit 5). The chains come from a registry
 * cache written here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

/** A chain's explorer that answers every request with one status and body. */
async function answering(status: number, body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => void res.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let alpha: FakeServer, beta: FakeServer;
let others: { url: string; close(): Promise<void> }[];
let config: string;

beforeAll(async () => {
  [alpha, beta] = await Promise.all([startServer(), startServer()]);
  others = await Promise.all([answering(404, '{"message":"Not found"}'), answering(401, '{"message":"Unauthorized"}'), answering(429, '{"message":"Too Many Requests"}'), answering(401, '{"message":"Unauthorized"}')]);
  const [gone, locked, busy, shut] = others;
  const entry = (name: string, id: string, url: string) => ({ id, name, names: [name], explorer: url, coin: 'TST', testnet: false, blockscout: true, source: 'registry' });
  const chains = [entry('alpha', '31001', alpha.url), entry('beta', '31002', beta.url), entry('gone', '31003', gone!.url), entry('locked', '31004', locked!.url), entry('busy', '31005', busy!.url), entry('shut', '31006', shut!.url)];
  config = mkdtempSync(join(tmpdir(), 'scout-batch-chains-'));
  mkdirSync(join(config, 'scout'));
  writeFileSync(join(config, 'scout', 'chains.json'), JSON.stringify({ version: 1, source: 'test', fetched_at: '2026-01-01T00:00:00Z', chains }));
});

afterAll(async () => {
  await Promise.all([alpha.close(), beta.close(), ...others.map((o) => o.close())]);
});

const scout = (args: string[], stdin = '', o: Parameters<typeof runScout>[1] = {}) => runScout(['--retries', '0', ...args], { env: { XDG_CONFIG_HOME: config }, stdin, ...o });
/** The same command for one value on one explorer, as the single lookup prints it. */
const single = (srv: FakeServer, args: string[], o: Parameters<typeof runScout>[1] = {}) => runScout(args, { env: { SCOUT_BASE_URL: srv.url }, ...o });
const lines = (text: string) => text.trimEnd().split('\n');

describe('- with --chains: every value on every chain', () => {
  it('tx show - --chains --ndjson: each document wrapped with its chain and its input, values in input order', async () => {
    const r = await scout(['tx', 'show', '-', '--chains', 'gone,alpha', '--ndjson'], `${TX.ok}\n# skipped\n${TX.failed}\n`);
    expect(r.code, r.stderr).toBe(0);
    const doc = async (h: string) => (await single(alpha, ['tx', 'show', h, '--ndjson'])).stdout.trimEnd();
    expect(r.stdout).toBe(
      `{"chain_id":"31001","chain":"alpha","input":"${TX.ok}","item":${await doc(TX.ok)}}\n` +
        `{"chain_id":"31001","chain":"alpha","input":"${TX.failed}","item":${await doc(TX.failed)}}\n`,
    );
    // The chain that has nothing is not a failure: the first that has the transaction ends each value's run.
    expect(r.stderr).toBe('');
  });

  it('a list, --ndjson and --json: value by value, chain by chain, every item labelled with both', async () => {
    const stdin = `${ADDR.rich}\n${ADDR.empty}\n${ADDR.rich}\n`;
    const nd = await scout(['address', 'txs', '-', '--chains', 'alpha,beta', '--limit', '2', '--ndjson'], stdin);
    expect(nd.code, nd.stderr).toBe(0);
    const items = lines((await single(alpha, ['address', 'txs', ADDR.rich, '--limit', '2', '--ndjson'])).stdout);
    const wrap = (id: string, chain: string, input: string) => items.map((i) => `{"chain_id":"${id}","chain":"${chain}","input":"${input}","item":${i}}`);
    const expected = [...wrap('31001', 'alpha', ADDR.rich), ...wrap('31002', 'beta', ADDR.rich), ...wrap('31001', 'alpha', ADDR.rich), ...wrap('31002', 'beta', ADDR.rich)];
    expect(lines(nd.stdout)).toEqual(expected);
    const json = await scout(['address', 'txs', '-', '--chains', 'alpha,beta', '--limit', '2', '--json'], stdin);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).toBe(`[${expected.join(',')}]\n`);
  });

  it('piped lines and CSV: the chain first, then the input; a terminal puts each value under its heading', async () => {
    const stdin = `${ADDR.rich}\n${ADDR.empty}\n`;
    const piped = await scout(['address', 'txs', '-', '--chains', 'alpha,beta', '--limit', '1'], stdin);
    expect(piped.code, piped.stderr).toBe(0);
    const one = lines((await single(alpha, ['address', 'txs', ADDR.rich, '--limit', '1'])).stdout);
    expect(lines(piped.stdout)).toEqual([`alpha\t${ADDR.rich}\t${one[0]}`, `beta\t${ADDR.rich}\t${one[0]}`]);
    const csv = await scout(['address', 'txs', '-', '--chains', 'alpha,beta', '--limit', '1', '--csv'], `${ADDR.rich}\n${ADDR.rich}\n`);
    const rows = csv.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toMatch(/^chain,input,/);
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 2).join(','))).toEqual([`alpha,${ADDR.rich}`, `beta,${ADDR.rich}`, `alpha,${ADDR.rich}`, `beta,${ADDR.rich}`]);
    const objects = await scout(['tx', 'show', '-', '--chains', 'alpha'], `${TX.ok}\n`);
    const block = lines((await single(alpha, ['tx', 'show', TX.ok])).stdout);
    expect(lines(objects.stdout)).toEqual(block.map((l) => `alpha\t${TX.ok}\t${l}`));
    const tty = await scout(['tx', 'show', '-', '--chains', 'alpha'], `${TX.ok}\n${TX.failed}\n`, { stdoutIsTTY: true, width: 120, color: false });
    expect(tty.code, tty.stderr).toBe(0);
    const headings = tty.stdout.split('\n').filter((l) => l.startsWith('==> ') || l.startsWith('alpha (31001) · '));
    const host = new URL(alpha.url).host;
    expect(headings).toEqual([`==> ${TX.ok} <==`, `alpha (31001) · ${host}`, `==> ${TX.failed} <==`, `alpha (31001) · ${host}`]);
  });

  it('--all within a small budget of waiting output shared by values and chains: every page, in order', async () => {
    const r = await scout(['address', 'txs', '-', '--chains', 'alpha,beta', '--all', '--ndjson', '--concurrency', '2'], `${ADDR.rich}\n${ADDR.rich}\n`, { waitingOutputBytes: 4096 });
    expect(r.code, r.stderr).toBe(0);
    const items = lines((await single(alpha, ['address', 'txs', ADDR.rich, '--all', '--ndjson'])).stdout);
    expect(items.length).toBeGreaterThan(100);
    const got = lines(r.stdout).map((l) => JSON.parse(l) as { chain: string; item: unknown });
    const chains = [...Array<string>(items.length).fill('alpha'), ...Array<string>(items.length).fill('beta')];
    expect(got.map((w) => w.chain)).toEqual([...chains, ...chains]);
    expect(got.map((w) => JSON.stringify(w.item))).toEqual([...items, ...items, ...items, ...items].map((i) => JSON.stringify(JSON.parse(i))));
  });

  it('a chain that fails alike on every value is told once; the exit is the worst code', async () => {
    const r = await scout(['address', 'txs', '-', '--chains', 'alpha,locked', '--limit', '1', '--ndjson'], `${ADDR.rich}\n${ADDR.empty}\n${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(4);
    expect(lines(r.stdout).map((l) => JSON.parse(l).chain)).toEqual(['alpha', 'alpha']);
    const told = r.stderr.split('\n').filter((l) => l.includes('locked'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^scout: locked \(31004\): .*\(every value\)$/);
    expect(r.stderr).toMatch(/scout: 3 of 3 values failed \(lines 1, 2, 3\)\n$/);
  });

  it('values and chains failing differently: each failure with its line, the worst code (429 over 401 is 5)', async () => {
    const r = await scout(['address', 'txs', '-', '--chains', 'locked,busy', '--ndjson'], `${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/^scout: line 1: locked \(31004\): .*\nscout: line 1: busy \(31005\): .*\nscout: 1 of 1 value failed \(line 1\)\n$/);
  });

  it('a value not found on any chain fails alone with its line (exit 3), the others print', async () => {
    const r = await scout(['tx', 'show', '-', '--chains', 'alpha,gone', '--ndjson'], `${TX.unknown}\n${TX.ok}\n`);
    expect(r.code).toBe(3);
    expect(lines(r.stdout).map((l) => JSON.parse(l).input)).toEqual([TX.ok]);
    expect(r.stderr).toContain('scout: line 1: transaction not found on any of 2 chains: alpha, gone\n');
  });

  it('an unknown chain is refused before stdin is read or anything sent', async () => {
    const before = alpha.requests.length;
    const r = await scout(['tx', 'show', '-', '--chains', 'alpha,nope'], `${TX.ok}\n`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown chain');
    expect(alpha.requests.length).toBe(before);
  });
});

describe('one exit policy: the worst code', () => {
  it('--chains: chains failing with different codes exit with the worst (401 and 429: 5), not 1', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--chains', 'alpha,locked,busy', '--ndjson']);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('2 of 3 chains failed: locked, busy');
  });

  it('--chains: chains that all fail alike exit with their common code', async () => {
    const r = await scout(['address', 'txs', ADDR.rich, '--chains', 'locked,shut', '--ndjson']);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toContain('2 of 2 chains failed: locked, shut');
  });

  it('a batch over chains: a value failing with 401 and another with 429 exit with the worst, 5', async () => {
    const r = await scout(['address', 'txs', '-', '--chains', 'alpha,locked', '--limit', '1', '--ndjson'], `${ADDR.rich}\n`);
    expect(r.code, r.stderr).toBe(4);
    const mixed = await scout(['address', 'txs', '-', '--chains', 'alpha,busy', '--limit', '1', '--ndjson'], `${ADDR.rich}\n`);
    expect(mixed.code).toBe(5);
  });
});
