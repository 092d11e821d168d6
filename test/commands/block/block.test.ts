/**
 * Blocks and the network: `block` (show, txs, withdrawals), `blocks`, `stats`, `gas`, and search's
 * `--type`, against the fake explorer (test/support/fake/blocks.ts) and, for shapes it does not
 * serve, small explorers of their own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BodyServer, serveBodies } from '../../support/bodies.js';
import { BLOCKS } from '../../support/fake/blocks-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { COUNTS, type FakeServer, HEAD_BLOCK, PAGE_SIZE, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);
const tty: ScoutOptions = { stdoutIsTTY: true, width: 120, color: false };

/** The body the server sends for `path`, fetched directly. */
async function bodyOf(path: string, headers: Record<string, string> = {}): Promise<string> {
  return (await fetch(srv.url + path, { headers })).text();
}

/** The requests sent from `mark` on. */
const since = (mark: number) => srv.requests.slice(mark);

const ONE = HEAD_BLOCK - 5;

describe('block show', () => {
  it('--json prints the block exactly as sent, by number and by hash', async () => {
    const sent = await bodyOf(`/api/v2/blocks/${ONE}`);
    expect((await scout(['block', 'show', String(ONE), '--json'])).stdout).toBe(sent + '\n');
    const hash = (JSON.parse(sent) as { hash: string }).hash;
    expect((await scout(['block', hash, '--json'])).stdout).toBe(sent + '\n');
  });

  it('latest is the first block of /blocks, then shown as that block is', async () => {
    const sent = await bodyOf(`/api/v2/blocks/${HEAD_BLOCK}`);
    const mark = srv.requests.length;
    const r = await scout(['block', 'latest', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(sent + '\n');
    expect(since(mark).map((q) => q.path)).toEqual(['/api/v2/blocks', `/api/v2/blocks/${HEAD_BLOCK}`]);
  });

  it('leading zeros are dropped before the request', async () => {
    const mark = srv.requests.length;
    expect((await scout(['block', `000${ONE}`, '--json'])).code).toBe(0);
    expect(since(mark).map((q) => q.path)).toEqual([`/api/v2/blocks/${ONE}`]);
  });

  it('piped: one fact a line, full values, the gas percentage and the miner with its name field', async () => {
    const b = JSON.parse(await bodyOf(`/api/v2/blocks/${ONE}`)) as Record<string, unknown> & { miner: { hash: string } };
    const r = await scout(['block', String(ONE)]);
    expect(r.code).toBe(0);
    const lines = new Map(r.stdout.trimEnd().split('\n').map((l) => [l.split('\t')[0], l.split('\t').slice(1)]));
    expect(lines.get('Block')).toEqual([String(ONE)]);
    expect(lines.get('Hash')).toEqual([b.hash]);
    expect(lines.get('Timestamp')?.[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(lines.get('Miner')).toEqual([b.miner.hash, '']);
    expect(lines.get('Transactions')).toEqual([String(b.transactions_count)]);
    expect(lines.get('Gas used')).toEqual([b.gas_used]);
    expect(lines.get('Gas limit')).toEqual([b.gas_limit]);
    expect(lines.get('Gas used percentage')).toEqual([String(b.gas_used_percentage)]);
    expect(lines.get('Base fee')).toEqual([b.base_fee_per_gas]);
    expect(lines.get('Burnt fees')?.[0]).toBe(b.burnt_fees);
    expect(lines.get('Parent')).toEqual([b.parent_hash]);
    expect(lines.get('Size')).toEqual([String(b.size)]);
  });

  it('on a terminal: gas used of the limit with an exact percentage, base fee in gwei, age', async () => {
    const b = JSON.parse(await bodyOf(`/api/v2/blocks/${ONE}`)) as { gas_used: string; gas_limit: string; base_fee_per_gas: string };
    const r = await scout(['block', String(ONE)], tty);
    expect(r.code).toBe(0);
    const tenths = (BigInt(b.gas_used) * 1000n + BigInt(b.gas_limit) / 2n) / BigInt(b.gas_limit);
    const grouped = (s: string) => s.replace(/\B(?=(\d{3})+$)/g, ',');
    expect(r.stdout).toContain(`${grouped(b.gas_used)} / ${grouped(b.gas_limit)} (${tenths / 10n}.${tenths % 10n}%)`);
    expect(r.stdout).toContain(`0.${b.base_fee_per_gas.padStart(9, '0').replace(/0+$/, '')} gwei`);
    expect(r.stdout).toMatch(/Time\S*\s+2025-08-11 \d\d:\d\d:\d\d UTC \(\d+\w ago\)/);
  });

  it('an uncle or reorganised block says so', async () => {
    const r = await scout(['block', BLOCKS.reorgHash], tty);
    expect(r.stdout).toMatch(/Block\S*\s+[\d,]+\S* \(reorg\)/);
  });

  it('a number only a reorganised-away block had is exit 3, saying so, with the hash that still shows it', async () => {
    const id = String(BLOCKS.lostHeight);
    const r = await scout(['block', id]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    const lost = await fetch(`${srv.url}/api/v2/blocks/${id}`);
    expect(lost.status).toBe(404);
    const hash = ((await lost.json()) as { hash: string }).hash;
    expect(r.stderr).toBe(
      `scout: block ${id} not found on ${srv.url} (HTTP 404): the explorer's block at that height lost consensus in a reorganisation\n` +
        `scout: the replaced block is still there by its hash: ${hash}\n`,
    );
    const shown = await scout(['block', hash]);
    expect(shown.code).toBe(0);
  });

  it.each([
    ['a number no block has', String(HEAD_BLOCK + 100)],
    ['a hash no block has', BLOCKS.unknownHash],
  ])('%s is exit 3 with one line', async (_what, id) => {
    const r = await scout(['block', id]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`scout: block ${id} not found on ${srv.url} (HTTP 404)\n`);
  });

  it.each([['-1'], ['1.5'], ['0x1a'], ['9223372036854775808'], ['0x' + 'g'.repeat(64)], ['1e6'], ['latest!']])(
    'a malformed block %s is exit 2, one line, before any request (every verb)',
    async (bad) => {
      // `scout block <block>` (the default verb) takes no `--`: a value starting with a dash is an option there.
      const lines = [...(bad.startsWith('-') ? [] : [['block', bad]]), ...['show', 'txs', 'withdrawals'].map((v) => ['block', v, '--', bad])];
      for (const line of lines) {
        const verb = line.slice(0, -1);
        const mark = srv.requests.length;
        const r = await runScout(['--base-url', srv.url, ...line]);
        expect(r.code, `${verb.join(' ')} ${bad}`).toBe(2);
        // One line, then where to read more: the help of the verb that ran (`block` alone is `block show`).
        expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(2);
        expect(r.stderr).toMatch(/^scout: invalid block /);
        expect(r.stderr).toMatch(new RegExp(`\nscout: see 'scout block ${verb[1] ?? 'show'} --help'\n$`));
        expect(since(mark)).toEqual([]);
      }
    },
  );
});

describe('block txs', () => {
  it('every transaction of the block, in order, paged as the server pages them', async () => {
    const b = JSON.parse(await bodyOf(`/api/v2/blocks/${ONE}`)) as { transactions_count: number };
    expect(b.transactions_count).toBeGreaterThan(PAGE_SIZE);
    const r = await scout(['block', 'txs', String(ONE), '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const items = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { block_number: number; position: number });
    expect(items).toHaveLength(b.transactions_count);
    expect(items.every((t, i) => t.block_number === ONE && t.position === i)).toBe(true);
  });

  it('latest: the hint resumes the block it was, by number, and the cursor works there', async () => {
    const r = await scout(['block', 'txs', 'latest']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(PAGE_SIZE);
    const m = /next page: scout --base-url \S+ block txs (\d+) --cursor (\S+)\n/.exec(r.stderr);
    expect(m?.[1]).toBe(String(HEAD_BLOCK));
    const next = await scout(['block', 'txs', String(HEAD_BLOCK), '--cursor', m![2]!, '--limit', '1', '--ndjson']);
    expect(next.code, next.stderr).toBe(0);
    expect((JSON.parse(next.stdout) as { position: number }).position).toBe(PAGE_SIZE);
  });

  it('latest with --cursor is refused before any request', async () => {
    const first = await scout(['block', 'txs', String(ONE)]);
    const cursor = /--cursor (\S+)/.exec(first.stderr)![1]!;
    const mark = srv.requests.length;
    const r = await scout(['block', 'txs', 'latest', '--cursor', cursor]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: --cursor resumes the list of one block: give its number, not latest\n/);
    expect(since(mark)).toEqual([]);
  });

  it("another block's cursor is refused before any request", async () => {
    const first = await scout(['block', 'txs', String(ONE)]);
    const cursor = /--cursor (\S+)/.exec(first.stderr)![1]!;
    const mark = srv.requests.length;
    const r = await scout(['block', 'txs', String(ONE - 1), '--cursor', cursor]);
    expect(r.code).toBe(2);
    expect(since(mark)).toEqual([]);
  });
});

describe('block withdrawals', () => {
  it('the withdrawals of the block: piped with the receiver and exact amounts', async () => {
    const sent = JSON.parse(await bodyOf(`/api/v2/blocks/${ONE}/withdrawals`)) as { items: { index: number; receiver: { hash: string }; amount: string }[] };
    expect(sent.items.length).toBeGreaterThan(0);
    const r = await scout(['block', 'withdrawals', String(ONE)]);
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.map((f) => [f[0], f[4], f[5]])).toEqual(sent.items.map((w) => [String(w.index), w.receiver.hash, w.amount]));
  });

  it('on a terminal, a block without withdrawals says what that means (the answer of chains without them too)', async () => {
    const r = await scout(['block', 'withdrawals', BLOCKS.reorgHash], tty);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`no withdrawals in block ${BLOCKS.reorgHash}: it paid none, or the chain has no beacon-chain withdrawals (or had none yet then)\n`);
    // Piped: an empty list is no lines, as for every list.
    const piped = await scout(['block', 'withdrawals', BLOCKS.reorgHash]);
    expect([piped.code, piped.stdout, piped.stderr]).toEqual([0, '', '']);
  });
});

describe('blocks', () => {
  it('the latest blocks, 50 a page, newest first; --all goes to the end', async () => {
    const one = await scout(['blocks']);
    const heights = one.stdout.trimEnd().split('\n').map((l) => Number(l.split('\t')[0]));
    expect(heights).toHaveLength(PAGE_SIZE);
    expect(heights[0]).toBe(HEAD_BLOCK);
    expect(heights.every((h, i) => i === 0 || h < heights[i - 1]!)).toBe(true);
    expect(one.stderr).toMatch(/next page: scout --base-url \S+ blocks --cursor \S+\n$/);
    const all = await scout(['blocks', '--all', '--json']);
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(COUNTS.blocks);
  });

  it('--type uncle and reorg ask the server for those (re-sent on every page), and show them', async () => {
    for (const type of ['uncle', 'reorg']) {
      const mark = srv.requests.length;
      const r = await scout(['blocks', '--type', type.toUpperCase(), '--all']);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((l) => l.split('\t')[2] === type)).toBe(true);
      expect(since(mark).every((q) => q.query.some(([k, v]) => k === 'type' && v === type))).toBe(true);
    }
  });

  it('--type with another value is exit 2 before any request', async () => {
    const mark = srv.requests.length;
    const r = await scout(['blocks', '--type', 'orphan']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('scout: invalid --type "orphan": expected block, uncle or reorg\nscout: see \'scout blocks --help\'\n');
    expect(since(mark)).toEqual([]);
  });

  it('on a terminal: number, age, transactions, miner, gas used with its share', async () => {
    const r = await scout(['blocks', '--limit', '2'], tty);
    expect(r.stdout).toMatch(/BLOCK\S*\s+\S*AGE\S*\s+\S*TXS\S*\s+\S*MINER\S*\s+\S*GAS USED/);
    expect(r.stdout).toContain(HEAD_BLOCK.toLocaleString('en-US'));
    expect(r.stdout).toMatch(/[\d,]+ \(\d+\.\d%\)/);
  });
});

describe('stats', () => {
  it('--json prints the stats exactly as sent, asked with the full gas oracle', async () => {
    const mark = srv.requests.length;
    const r = await scout(['stats', '--json']);
    expect(r.code).toBe(0);
    expect(since(mark)[0]?.headers['updated-gas-oracle']).toBe('true');
    expect(r.stdout).toBe((await bodyOf('/api/v2/stats', { 'updated-gas-oracle': 'true' })) + '\n');
  });

  it('piped: one fact a line, the gas prices as three fields', async () => {
    const r = await scout(['stats']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Coin price\t4273.59\n');
    expect(r.stdout).toContain('Gas prices\t0.45\t0.52\t0.61\n');
    expect(r.stdout).toContain(`Blocks\t${HEAD_BLOCK + 1}\n`);
    expect(r.stdout).toContain('Average block time\t12000\n');
  });

  it('on a terminal: price, gas, block time and totals for people', async () => {
    const r = await scout(['stats'], tty);
    expect(r.stdout).toMatch(/Coin price\S*\s+\$4,273\.59 \(-1\.27% in 24h\)/);
    expect(r.stdout).toMatch(/Gas prices\S*\s+slow 0\.45 · average 0\.52 · fast 0\.61 gwei/);
    expect(r.stdout).toMatch(/Block time\S*\s+12 s on average/);
    expect(r.stdout).toMatch(/Transactions\S*\s+2,987,654,321 \(1,543,210 today\)/);
  });
});

describe('gas', () => {
  it('piped: one line, slow, average and fast in gwei', async () => {
    const r = await scout(['gas']);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, '0.45\t0.52\t0.61\n', '']);
  });

  it('on a terminal: each speed with its wait and the fee of a transfer', async () => {
    const r = await scout(['gas'], tty);
    expect(r.stdout).toMatch(/slow\S*\s+0\.45 gwei\s+~20s\s+\$0\.04 a transfer\n/);
    expect(r.stdout).toMatch(/average\S*\s+0\.52 gwei\s+~12s\s+\$0\.05 a transfer\n/);
    expect(r.stdout).toMatch(/fast\S*\s+0\.61 gwei\s+~9s\s+\$0\.06 a transfer\n/);
  });

  it('--json prints the gas_prices the server sent, byte for byte', async () => {
    const body = await bodyOf('/api/v2/stats', { 'updated-gas-oracle': 'true' });
    const start = body.indexOf('"gas_prices":') + '"gas_prices":'.length;
    const member = body.slice(start, body.indexOf('},"gas_prices_update_in"', start) + 1);
    const r = await scout(['gas', '--json']);
    expect(r.stdout).toBe(member + '\n');
  });

  describe('other shapes', () => {
    let bodies: BodyServer;
    beforeAll(async () => {
      bodies = await serveBodies();
    });
    afterAll(() => bodies.close());
    const gas = (stats: string, ...args: string[]) => {
      bodies.bodies.set('/api/v2/stats', stats);
      return runScout(['gas', ...args, '--base-url', bodies.url]);
    };

    it('prices as bare numbers (servers not asked for more), exponents written out, a null speed left empty', async () => {
      const r = await gas('{"gas_prices":{"average":1.0e-7,"fast":12,"slow":null},"total_blocks":"1"}');
      expect([r.code, r.stdout]).toEqual([0, '\t0.0000001\t12\n']);
    });

    it('objects whose price is null leave that field empty', async () => {
      const r = await gas('{"gas_prices":{"slow":{"price":null,"time":1,"fiat_price":null},"average":{"price":2.5,"time":1,"fiat_price":null},"fast":{"price":3,"time":1,"fiat_price":null}}}');
      expect([r.code, r.stdout]).toEqual([0, '\t2.5\t3\n']);
    });

    it.each([
      ['null', '{"gas_prices":null}'],
      ['all null (an old server without an estimate)', '{"gas_prices":{"slow":null,"average":null,"fast":null}}'],
      ['absent', '{"total_blocks":"1"}'],
    ])('gas_prices %s: one line on stderr, nothing on stdout, exit 0; --json prints what was sent', async (_what, body) => {
      const r = await gas(body);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, '', `scout: ${bodies.url} has no gas price estimates right now\n`]);
      const json = await gas(body, '--json');
      const sent = (JSON.parse(body) as { gas_prices?: unknown }).gas_prices;
      expect(JSON.parse(json.stdout)).toEqual(sent ?? null);
    });

    it('gas_prices of another shape is an unusable response, exit 1', async () => {
      const r = await gas('{"gas_prices":"0.5"}');
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^scout: unusable response from .*gas_prices/);
    });
  });
});

describe('search --type', () => {
  it('keeps only the types asked for, across pages (--all)', async () => {
    const block = await scout(['search', String(HEAD_BLOCK), '--type', 'block', '--ndjson']);
    expect(block.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['block']);
    const none = await scout(['search', String(HEAD_BLOCK), '--type', 'token']);
    expect([none.code, none.stdout]).toEqual([0, '']);
    const tokens = await scout(['search', 'USD', '--type', 'TOKEN,block', '--all', '--ndjson']);
    expect(tokens.stdout.trimEnd().split('\n')).toHaveLength(COUNTS.searchUsd);
    const mark = srv.requests.length;
    const blocks = await scout(['search', 'USD', '--type', 'block', '--all']);
    expect([blocks.code, blocks.stdout]).toEqual([0, '']);
    // The filter is scout's: the server was asked for every page, without a type parameter.
    expect(since(mark)).toHaveLength(2);
    expect(since(mark).every((q) => q.query.every(([k]) => k !== 'type'))).toBe(true);
  });

  it('an unknown type is exit 2 naming the valid ones, before any request', async () => {
    const mark = srv.requests.length;
    const r = await scout(['search', 'USD', '--type', 'token,wallet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('scout: invalid --type "wallet": expected one of address, block, blob, contract, ens_domain, label, metadata_tag, tac_operation, token, transaction, user_operation\nscout: see \'scout search --help\'\n');
    expect(since(mark)).toEqual([]);
  });

  describe('with mixed pages', () => {
    // Page 1: 49 tokens and one address; page 2: two addresses and a token. The addresses carry a
    // number JSON.parse would rewrite (1.0e3), so byte-exact output shows.
    const token = (i: number) => `{"type":"token","name":"T${i}","address_hash":"0x${i.toString(16).padStart(40, '0')}"}`;
    const address = (i: number) => `{"type":"address","name":"A${i}","priority":1.0e3,"address_hash":"0x${(1000 + i).toString(16).padStart(40, '0')}"}`;
    const page1 = `{"items":[${[...Array.from({ length: 10 }, (_, i) => token(i)), address(1), ...Array.from({ length: 39 }, (_, i) => token(10 + i))].join(',')}],"next_page_params":{"next_page_params_type":"token","q":"x"}}`;
    const page2 = `{"items":[${[address(2), token(99), address(3)].join(',')}],"next_page_params":null}`;
    let server: Server;
    let url = '';
    beforeAll(async () => {
      server = createServer((req, res) => {
        const q = new URL(req.url ?? '/', 'http://x').searchParams;
        res.writeHead(200, { 'content-type': 'application/json' }).end(q.has('next_page_params_type') ? page2 : page1);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('--limit counts the results kept, fetching on past a page that had too few', async () => {
      const r = await runScout(['search', 'x', '--type', 'address', '--limit', '2', '--json', '--base-url', url]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(`[${address(1)},${address(2)}]\n`);
    });

    it('without --all, the first page: what it kept, and the hint to the next', async () => {
      const r = await runScout(['search', 'x', '--type', 'address', '--ndjson', '--base-url', url]);
      expect(r.stdout).toBe(`${address(1)}\n`);
      expect(r.stderr).toMatch(/^1 item; more exist\. next page: scout --base-url \S+ search x --type address --ndjson --cursor \S+\n$/);
    });
  });
});
