/**
 * `address logs`, `tx logs`, `tx internal-txs` and `tx state-changes` against the strict local
 * server, in-process: the real cursor keys on page 2, `--topic` sent on every page and checked before
 * any request, decoded events with named parameters, undecoded logs as topics and data, exact signed
 * balance changes, and every output mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../../support/scout.js';
import { ADDR, EVIL, type FakeServer, PAGE_SIZE, startServer, TX } from '../../support/server.js';
import { BIG_TOKEN_ID, EVIL_EVENT, MAX_UINT256, MINER, TOPIC } from '../../support/fake/txdepth-data.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (...args: string[]) => runScout([...args, '--base-url', srv.url]);
const tty = (...args: string[]) => runScout([...args, '--base-url', srv.url], { stdoutIsTTY: true, width: 200, color: false });
const lines = (s: string) => s.split('\n').filter(Boolean);
const ndjson = (s: string) => lines(s).map((l) => JSON.parse(l) as Record<string, unknown>);
const since = (mark: number) => srv.requests.slice(mark);
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const OK_FROM = '0xcc1dca2BFB796B0CE3FCad8E62235A40DAa9E9c3';
const OK_TO = '0x6156827470bd18062b2Cc3C7A286B12cf0b7A51f';

describe('tx logs', () => {
  it('piped: the decoded event with named parameters, else an empty event and the topics and data', async () => {
    const r = await scout('tx', 'logs', TX.ok);
    expect(r.code).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(5);
    // transaction_hash, block_number, index, timestamp, address, event, event_name, topics, data
    expect(rows[0]!.slice(5, 7)).toEqual([`Transfer(from=${OK_FROM}, to=${OK_TO}, value=1500000)`, 'Transfer']);
    expect(rows[1]![5]).toBe(`Approval(owner=${OK_FROM}, spender=${OK_TO}, value=${MAX_UINT256})`);
    expect(rows[2]!.slice(5, 7)).toEqual(['', '']);
    expect(rows[2]![7]).toBe(`${TOPIC.unknown},0x${OK_FROM.slice(2).toLowerCase().padStart(64, '0')}`);
    expect(rows[2]![8]).toBe('0x' + '00'.repeat(31) + '2a' + 'ff'.repeat(32));
    expect(rows[3]![5]).toBe(`OrderFilled(order=["${OK_TO}","7"], amounts=["1","2"])`);
    expect(new Set(rows.map((x) => x.length)).size).toBe(1);
  });

  it('hostile event and parameter names and values reach no terminal raw', async () => {
    const r = await tty('tx', 'logs', TX.ok);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Claim␛[2J(note␛]8;;https://evil.invalid␇=␛]0;pwned␇Airdrop <U+202E>gnp.exe)');
    expect(r.stdout).toContain('Transfer(from=0xcc1d…E9c3, to=0x6156…A51f, value=1500000)');
    expect(r.stdout).toMatch(/topics=\[0x1c41…bad1, 0x0000…e9c3\] data=0x0000…ffff/);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
    const piped = await scout('tx', 'logs', TX.ok);
    expect(piped.stdout).not.toMatch(RAW_CONTROL);
    expect(piped.stdout).not.toContain(EVIL_EVENT.name);
  });

  it('--json prints the items as the server sent them, escapes included', async () => {
    const r = await scout('tx', 'logs', TX.ok, '--json');
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout) as { decoded: { parameters: { name: string; value: unknown }[] } | null }[];
    expect(items).toHaveLength(5);
    expect(items[4]!.decoded!.parameters[0]).toMatchObject({ name: EVIL_EVENT.param, value: EVIL_EVENT.value });
    expect(r.stdout).toContain('\\u001b]0;pwned\\u0007Airdrop');
    expect(r.stdout).not.toMatch(RAW_CONTROL);
  });

  it('a list longer than a page: page 2 asks with the cursor the server gave (block_number, index, items_count)', async () => {
    const mark = srv.requests.length;
    const r = await scout('tx', 'logs', TX.overflow, '--all', '--ndjson');
    expect(r.code).toBe(0);
    const items = ndjson(r.stdout);
    expect(items).toHaveLength(65);
    expect(new Set(items.map((i) => i['index'])).size).toBe(65);
    const reqs = since(mark);
    expect(reqs).toHaveLength(2);
    expect(reqs[1]!.query.map(([k]) => k).sort()).toEqual(['block_number', 'index', 'items_count']);
  });

  it('one page by default, with a hint that resumes it', async () => {
    const r = await scout('tx', 'logs', TX.overflow, '--ndjson');
    expect(ndjson(r.stdout)).toHaveLength(PAGE_SIZE);
    const token = /--cursor ([A-Za-z0-9_-]+)\n?$/.exec(r.stderr.trim())?.[1];
    expect(token).toBeDefined();
    const next = await scout('tx', 'logs', TX.overflow, '--ndjson', '--cursor', token!);
    expect(ndjson(next.stdout)).toHaveLength(15);
  });

  it('CSV has a header, the signature and the contract name', async () => {
    const r = await scout('tx', 'logs', TX.ok, '--csv');
    const rows = r.stdout.split('\r\n');
    expect(rows[0]).toBe('transaction_hash,block_number,index,timestamp,address,event,event_name,topics,data,signature,contract_name'.replace('contract_name', 'address_name'));
    expect(rows[1]).toContain('"Transfer(address indexed from, address indexed to, uint256 value)"');
  });

  it('an unknown transaction is exit 3; the endpoint has no topic filter, so --topic is not offered', async () => {
    const unknown = await scout('tx', 'logs', TX.unknown);
    expect(unknown.code).toBe(3);
    const mark = srv.requests.length;
    const r = await scout('tx', 'logs', TX.ok, '--topic', TOPIC.transfer);
    expect(r.code).toBe(2);
    expect(since(mark)).toHaveLength(0);
  });
});

describe('address logs', () => {
  it('--topic goes out as `topic` on every page and keeps only logs with it', async () => {
    const mark = srv.requests.length;
    const r = await scout('address', 'logs', ADDR.rich, '--topic', TOPIC.transfer, '--all', '--ndjson');
    expect(r.code).toBe(0);
    const items = ndjson(r.stdout);
    // 75 logs: Transfer at m % 4 of 0 and 2, less the hostile one at m = 5 (not a Transfer slot).
    expect(items).toHaveLength(38);
    for (const i of items) expect((i['topics'] as string[])[0]).toBe(TOPIC.transfer);
    const reqs = since(mark);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.query).toEqual([['topic', TOPIC.transfer]]);
  });

  it('without a topic: 75 logs in two pages, the filter-free cursor on page 2', async () => {
    const mark = srv.requests.length;
    const r = await scout('address', 'logs', ADDR.rich, '--all', '--ndjson');
    expect(ndjson(r.stdout)).toHaveLength(75);
    const reqs = since(mark);
    expect(reqs).toHaveLength(2);
    expect(reqs[1]!.query.map(([k]) => k)).toEqual(['block_number', 'index', 'items_count']);
  });

  it('a topic in any position matches (the sender word), and page 2 re-sends it', async () => {
    const senderWord = '0x' + ADDR.rich.slice(2).toLowerCase().padStart(64, '0');
    const mark = srv.requests.length;
    const r = await scout('address', 'logs', ADDR.rich, '--topic', senderWord, '--all', '--ndjson');
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout).length).toBeGreaterThan(PAGE_SIZE);
    const reqs = since(mark);
    expect(reqs).toHaveLength(2);
    expect(reqs[1]!.query).toContainEqual(['topic', senderWord]);
  });

  it.each([
    ['0xddf252ad'],
    ['ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'],
    [TOPIC.transfer + '00'],
    ['0x' + 'g'.repeat(64)],
    ['Transfer(address,address,uint256)'],
    ['0x\u001b[31m' + 'a'.repeat(60)],
  ])('a malformed topic %j is exit 2 with one line, before any request', async (topic) => {
    const mark = srv.requests.length;
    const r = await scout('address', 'logs', ADDR.rich, '--topic', topic);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^scout: invalid --topic .*: expected 0x followed by 64 hex digits\nscout: see 'scout address logs --help'\n$/);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(since(mark)).toHaveLength(0);
  });

  it('a malformed address is exit 2 before any request', async () => {
    const mark = srv.requests.length;
    const r = await scout('address', 'logs', '0x1234');
    expect(r.code).toBe(2);
    expect(since(mark)).toHaveLength(0);
  });

  it('the table shows decoded events and the hostile one made safe', async () => {
    const r = await tty('address', 'logs', ADDR.rich);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Transfer\(from=0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}, to=/);
    expect(r.stdout).toContain('Approval(owner=');
    expect(r.stdout).toContain('topics=[');
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });
});

describe('tx internal-txs', () => {
  it('page 2 with the real cursor keys, the same fields as an address list', async () => {
    const mark = srv.requests.length;
    const r = await scout('tx', 'internal-txs', TX.overflow, '--all');
    expect(r.code).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(55);
    const reqs = since(mark);
    expect(reqs).toHaveLength(2);
    expect(reqs[1]!.query.map(([k]) => k)).toEqual(['block_number', 'index', 'items_count', 'transaction_index']);
    const address = lines((await scout('address', 'internal-txs', ADDR.rich, '--limit', '1')).stdout)[0]!.split('\t');
    expect(rows[0]).toHaveLength(address.length);
    expect(rows[0]![0]).toBe(TX.overflow);
  });

  it('a terminal table without the transaction column; errors shown', async () => {
    const r = await tty('tx', 'internal-txs', TX.ok);
    expect(r.stdout.split('\n')[0]).not.toMatch(/\bTX\b/);
    expect(r.stdout).toContain('delegatecall');
    expect(r.stdout).toContain('error: Reverted');
    expect(r.stdout).toContain('0.001 coin');
  });

  it('bad and unknown hashes', async () => {
    const mark = srv.requests.length;
    expect((await scout('tx', 'internal-txs', '0xabc')).code).toBe(2);
    expect(since(mark)).toHaveLength(0);
    expect((await scout('tx', 'internal-txs', TX.unknown)).code).toBe(3);
  });
});

describe('tx state-changes', () => {
  it('piped: exact balances and signed changes, coin in 18 decimals, tokens in theirs, NFT ids as sent', async () => {
    const r = await scout('tx', 'state-changes', TX.ok);
    expect(r.code).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(9);
    // address, is_miner, type, token, symbol, token_type, token_id, before raw, before, after raw, after, change raw, change
    // The explorer is given by --base-url, no known chain: the coin is labelled `coin`.
    expect(rows[0]).toEqual([OK_FROM, 'false', 'coin', '', 'coin', '', '', '832127467556437753', '0.832127467556437753', '828282622733717191', '0.828282622733717191', '-3844844822720562', '-0.003844844822720562']);
    expect(rows[1]!.slice(0, 2)).toEqual([MINER, 'true']);
    expect(rows[3]!.slice(2, 7)).toEqual(['token', ADDR.usdc, 'USDC', 'ERC-20', '']);
    expect(rows[3]!.slice(11)).toEqual(['-3000000000', '-3000']);
    expect(rows[5]!.slice(0, 1)).toEqual([ADDR.zero]);
    expect(rows[5]!.slice(6)).toEqual([`out:${BIG_TOKEN_ID}`, '', '', '', '', '-1', '-1']);
    expect(rows[6]!.slice(6)).toEqual([`in:${BIG_TOKEN_ID}`, '0', '0', '1', '1', '1', '1']);
    expect(rows[7]!.slice(6)).toEqual(['42', '5', '5', '3', '3', '-2', '-2']);
    expect(rows[8]![12]).toBe('115792089237316195423570985008687907853269984665640564039457.584007913129639935');
    expect(r.stdout).not.toMatch(RAW_CONTROL);
  });

  it('terminal: + and − on the change, the miner marked, the hostile symbol made safe', async () => {
    const r = await tty('tx', 'state-changes', TX.ok);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\u22120.003845 coin');
    expect(r.stdout).toContain('+0.00003 coin');
    expect(r.stdout).toContain('+1 coin');
    expect(r.stdout).toContain('\u22123,000 USDC');
    expect(r.stdout).toContain('+3,000 USDC');
    expect(r.stdout).toContain('miner');
    expect(r.stdout).toContain('\u2212#');
    expect(r.stdout).toContain('<U+202E>LIVE');
    expect(r.stdout).not.toContain(EVIL.symbol);
    expect(r.stdout.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('page 2 asks with the cumulative items_count and state_changes=null the server gave', async () => {
    const mark = srv.requests.length;
    const r = await scout('tx', 'state-changes', TX.overflow, '--all', '--ndjson');
    expect(r.code).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(60);
    const reqs = since(mark);
    expect(reqs).toHaveLength(2);
    expect(reqs[1]!.query).toEqual([
      ['items_count', '50'],
      ['state_changes', 'null'],
    ]);
  });

  it('--json as sent: an NFT change stays a list', async () => {
    const r = await scout('tx', 'state-changes', TX.ok, '--json');
    const items = JSON.parse(r.stdout) as { change: unknown }[];
    expect(items[5]!.change).toEqual([{ direction: 'from', total: { token_id: BIG_TOKEN_ID } }]);
    expect(r.stdout).toContain(`"balance_after":"${MAX_UINT256}"`);
  });

  it('CSV: a header and one record per change', async () => {
    const r = await scout('tx', 'state-changes', TX.ok, '--csv');
    const rows = r.stdout.split('\r\n');
    expect(rows[0]).toMatch(/^address,is_miner,type,token,symbol,token_type,token_id,balance_before_raw,balance_before,/);
    expect(rows).toHaveLength(11);
  });

  it('bad and unknown hashes', async () => {
    const mark = srv.requests.length;
    const r = await scout('tx', 'state-changes', 'not-a-hash');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid transaction hash "not-a-hash"/);
    expect(since(mark)).toHaveLength(0);
    expect((await scout('tx', 'state-changes', TX.unknown)).code).toBe(3);
  });

  it('a transaction that changed nothing the explorer tracks: an empty list, exit 0', async () => {
    const r = await scout('tx', 'state-changes', TX.failed, '--json');
    expect(r).toMatchObject({ code: 0, stdout: '[]\n' });
  });
});
