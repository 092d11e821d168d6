/**
 * `scout rpc <method> [params...]`: one call to the explorer's JSON-RPC (POST /api/eth-rpc), its
 * result printed as sent; refusals before any request; server errors and reverts as one line, exit 1;
 * the --verbose trail; never cached; --chains; the PRO API's endpoint; and `scout api` staying GET.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbiFunction } from 'ox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_BALANCE } from '../../support/fake/address-data.js';
import { EVM, PAIR, USDC_BALANCE } from '../../support/fake/evm.js';
import { twoChainsConfig } from '../../support/two-chains.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, HEAD_BLOCK, type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
let config: string;
beforeAll(async () => {
  srv = await startServer();
  // Two chains on the same test explorer, for --chains.
  config = twoChainsConfig(srv.url, 'rpc');
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout(args, { color: false, ...o, env: { SCOUT_BASE_URL: srv.url, XDG_CONFIG_HOME: config, ...o.env } });
const tty = { stdoutIsTTY: true, width: 120 };

/** The requests the fake saw while `f` ran. */
async function sent(f: () => Promise<unknown>): Promise<FakeServer['requests']> {
  const before = srv.requests.length;
  await f();
  return srv.requests.slice(before);
}

const callData = (sig: string, args: readonly unknown[] = []) => AbiFunction.encodeData(AbiFunction.from(sig as 'function f()') as AbiFunction.AbiFunction, args);
const hex = (n: bigint | number) => `0x${BigInt(n).toString(16)}`;

describe('scout rpc', () => {
  it('POSTs one JSON-RPC 2.0 request to /api/eth-rpc and prints the result as sent when piped', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await sent(async () => (r = await scout(['rpc', 'eth_blockNumber'])));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`"${hex(HEAD_BLOCK)}"\n`);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.method).toBe('POST');
    expect(reqs[0]!.path).toBe('/api/eth-rpc');
    expect(reqs[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(reqs[0]!.body!)).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
  });

  it('on a terminal: the result, and a quantity in decimal below it, exactly', async () => {
    const r = await scout(['rpc', 'eth_getBalance', ADDR.rich, 'latest'], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`"${hex(BigInt(RICH_BALANCE))}"\n${RICH_BALANCE}\n`);
    // --json, and piped: the result alone.
    expect((await scout(['rpc', 'eth_getBalance', ADDR.rich, 'latest', '--json'], tty)).stdout).toBe(`"${hex(BigInt(RICH_BALANCE))}"\n`);
    expect((await scout(['rpc', 'eth_getBalance', ADDR.rich])).stdout).toBe(`"${hex(BigInt(RICH_BALANCE))}"\n`);
    // Not a quantity: no second line; an object indented.
    const code = await scout(['rpc', 'eth_getCode', ADDR.rich, 'latest'], tty);
    expect(code.stdout).toBe('"0x"\n');
  });

  it('on a terminal, colour paints the result as other JSON is painted', async () => {
    const r = await scout(['rpc', 'eth_chainId'], { ...tty, color: true });
    expect(r.stdout).toMatch(/^\u001b\[\d+m"0x1"\u001b\[39m\n1\n$/);
  });

  it('words that are JSON go as that JSON, others as strings; --params is the same request', async () => {
    const call = JSON.stringify({ to: ADDR.usdc, data: callData('function balanceOf(address) view returns (uint256)', [ADDR.rich]) });
    let words!: Awaited<ReturnType<typeof scout>>;
    const [viaWords] = await sent(async () => (words = await scout(['rpc', 'eth_call', call, 'latest'])));
    expect(words.code, words.stderr).toBe(0);
    expect(BigInt(JSON.parse(words.stdout) as string)).toBe(USDC_BALANCE.rich);
    const [viaParams] = await sent(() => scout(['rpc', 'eth_call', '--params', `[${call},"latest"]`]));
    expect(JSON.parse(viaParams!.body!).params).toEqual(JSON.parse(viaWords!.body!).params);
    expect(JSON.parse(viaWords!.body!).params).toEqual([JSON.parse(call), 'latest']);
  });

  it('a number past 2^53 is sent as written, never rounded', async () => {
    const big = '123456789012345678901234567890';
    const [req] = await sent(() => scout(['rpc', 'eth_getBlockByNumber', big, 'false']));
    expect(req!.body).toContain(`"params":[${big},false]`);
    const [viaParams] = await sent(() => scout(['rpc', 'eth_getBlockByNumber', '--params', `[${big}, false]`]));
    expect(viaParams!.body).toContain(`"params":[${big},false]`);
  });

  it('an object result prints as sent: indented on a terminal, compact piped', async () => {
    const block = hex(HEAD_BLOCK);
    const piped = await scout(['rpc', 'eth_getBlockByNumber', block, 'false']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(piped.stdout).number).toBe(block);
    const term = await scout(['rpc', 'eth_getBlockByNumber', block, 'false'], tty);
    expect(term.stdout).toContain(`\n  "number": "${block}",\n`);
    // No such transaction: null, as sent.
    expect((await scout(['rpc', 'eth_getTransactionByHash', `0x${'ab'.repeat(32)}`])).stdout).toBe('null\n');
  });

  it('refuses eth_sendRawTransaction, an unknown method, a wrong count and bad --params with exit 2 before any request', async () => {
    const cases: [string[], RegExp][] = [
      [['rpc', 'eth_sendRawTransaction', '0x02f8'], /scout never sends transactions: eth_sendRawTransaction is refused; the methods: eth_blockNumber, .*eth_call/],
      [['rpc', 'eth_mine'], /scout rpc does not send "eth_mine"; the methods: eth_blockNumber/],
      [['rpc', 'eth_getBalance'], /eth_getBalance takes 1 to 2 parameters, not 0: eth_getBalance <address> \[block\]/],
      [['rpc', 'eth_blockNumber', 'latest'], /eth_blockNumber takes no parameters, not 1/],
      [['rpc', 'eth_getBalance', ADDR.rich, '--params', '["latest"]'], /give the parameters as words or with --params, not both/],
      [['rpc', 'eth_getBalance', '--params', '{"a":1}'], /invalid --params .*expected a JSON array/],
      [['rpc', 'eth_getBalance', '--params', '[1,'], /invalid --params .*expected a JSON array/],
    ];
    for (const [args, message] of cases) {
      let r!: Awaited<ReturnType<typeof scout>>;
      const reqs = await sent(async () => (r = await scout(args)));
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(message);
      expect(reqs, args.join(' ')).toEqual([]);
    }
  });

  it('a method name in any case is the method', async () => {
    const r = await scout(['rpc', 'ETH_CHAINID']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('"0x1"\n');
  });

  it('a revert is one line with its data, exit 1; a revert without data says so', async () => {
    const withdraw = JSON.stringify({ to: EVM.pair, data: callData('function withdraw(uint256) returns (bool)', [5000n]) });
    const r = await scout(['rpc', 'eth_call', withdraw, 'latest']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const line = r.stderr.trim().split('\n')[0]!;
    expect(line).toMatch(/^scout: eth_call reverted on http:\/\/127\.0\.0\.1:\d+: execution reverted \(revert data 0xcf479181[0-9a-f]{128}\)$/);
    expect(line).toContain(PAIR.balance.toString(16).padStart(64, '0'));
    const none = await scout(['rpc', 'eth_call', JSON.stringify({ to: EVM.pair, data: '0xdeadbeef' })]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/eth_call reverted on .*: execution reverted \(no revert data\)/);
  });

  it('a server refusal of the parameters is exit 1 with its words', async () => {
    const r = await scout(['rpc', 'eth_getBalance', '0xnot-an-address', 'latest']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: http:\/\/127\.0\.0\.1:\d+ refused the parameters of eth_getBalance: Invalid params: invalid address "0xnot-an-address"\n/);
  });

  it('--verbose: POST, the URL and the method, and never the key', async () => {
    const key = 'rpc-secret-key-1234';
    let r!: Awaited<ReturnType<typeof scout>>;
    const [req] = await sent(async () => (r = await scout(['rpc', 'eth_gasPrice', '--verbose'], { env: { SCOUT_EXPLORER_KEY: key } })));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`scout: POST ${srv.url}/api/eth-rpc eth_gasPrice -> 200 \\(\\d+ms\\)`));
    expect(r.stderr).not.toContain(key);
    // The key went as the REST API takes it.
    expect(req!.headers['x-api-key']).toBe(key);
  });

  it('is never answered from --cache nor kept there', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'scout-rpc-cache-'));
    const env = { XDG_CACHE_HOME: cache };
    const reqs = await sent(async () => {
      for (let i = 0; i < 2; i++) expect((await scout(['rpc', 'eth_blockNumber', '--cache', '1h'], { env })).code).toBe(0);
    });
    expect(reqs.filter((q) => q.method === 'POST')).toHaveLength(2);
  });

  it('--chains: the same call on each chain, JSON items wrapped with their chain', async () => {
    const r = await runScout(['rpc', 'eth_chainId', '--chains', 'one,two', '--json'], { env: { XDG_CONFIG_HOME: config }, color: false });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { chain_id: '41001', chain: 'one', item: '0x1' },
      { chain_id: '41002', chain: 'two', item: '0x1' },
    ]);
    const piped = await runScout(['rpc', 'eth_blockNumber', '--chains', 'one,two'], { env: { XDG_CONFIG_HOME: config }, color: false });
    expect(piped.stdout).toBe(`one\t"${hex(HEAD_BLOCK)}"\ntwo\t"${hex(HEAD_BLOCK)}"\n`);
  });

  it('on the PRO API: POST {root}/{chain id}/json-rpc with the key as a bearer token', async () => {
    const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];
    const pro = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"jsonrpc":"2.0","id":${JSON.parse(body).id},"result":"0x2105"}`);
      });
    });
    await new Promise<void>((resolve) => pro.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(pro.address() as AddressInfo).port}`;
      const r = await runScout(['--pro', '--chain', '8453', 'rpc', 'eth_chainId'], { env: { XDG_CONFIG_HOME: config, SCOUT_PRO_URL: url, SCOUT_EXPLORER_KEY: 'pro-key' } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('"0x2105"\n');
      expect(seen).toEqual([{ method: 'POST', url: '/8453/json-rpc', auth: 'Bearer pro-key', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' }]);
    } finally {
      await new Promise<void>((resolve) => pro.close(() => resolve()));
    }
  });
});

describe('scout api stays GET', () => {
  it('asks for the JSON-RPC path with GET (the explorer answers 405), and has no method option', async () => {
    let r!: Awaited<ReturnType<typeof scout>>;
    const reqs = await sent(async () => (r = await scout(['api', '/api/eth-rpc'])));
    expect(r.code).toBe(1);
    expect(reqs.map((q) => q.method)).toEqual(['GET']);
    for (const flag of ['-X', '--method', '--data']) {
      const refused = await sent(async () => expect((await scout(['api', flag, 'POST', '/api/eth-rpc'])).code).toBe(2));
      expect(refused).toEqual([]);
    }
  });
});
