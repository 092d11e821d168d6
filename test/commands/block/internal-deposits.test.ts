/**
 * A block's internal transactions and beacon deposits (`block internal-txs`, `block deposits`), an
 * address's deposits and the blocks it validated (`address deposits`, `address blocks-validated`),
 * against the fake explorer (test/support/fake/blocks.ts, address.ts) and an explorer without beacon
 * deposits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS, findBlock } from '../../support/fake/blocks-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, HEAD_BLOCK, PAGE_SIZE, startServer, TX } from '../../support/server.js';

let srv: FakeServer;
let other: FakeServer;
beforeAll(async () => {
  const lacking: Record<string, 400> = { [`/api/v2/blocks/${BLOCKS.busy}/beacon`]: 400, [`/api/v2/addresses/${ADDR.rich}/beacon`]: 400 };
  [srv, other] = await Promise.all([startServer(), startServer({ lacking })]);
});
afterAll(() => Promise.all([srv.close(), other.close()]));

const scout = (args: string[], o: ScoutOptions = {}, on = srv) => runScout([...args, '--base-url', on.url], o);
const tty: ScoutOptions = { stdoutIsTTY: true, width: 140, color: false, now: () => Date.UTC(2025, 7, 11, 10, 32, 59) };
const bodyOf = async (path: string) => (await fetch(srv.url + path)).text();
const lines = (s: string) => s.split('\n').slice(0, -1);
const B = `/api/v2/blocks/${BLOCKS.busy}`;
/** How many internal transactions the busy block has (its `internal_transactions_count`). */
const internalCount = () => (findBlock(String(BLOCKS.busy)) as { json: { internal_transactions_count: number } }).json.internal_transactions_count;
/** The miner of every main-chain block of the fake chain. */
const miner = () => (findBlock(String(HEAD_BLOCK)) as { json: { miner: { hash: string } } }).json.miner.hash;

describe('block internal-txs', () => {
  it('every internal transaction, in the block’s order, over pages by the real cursor', async () => {
    expect(internalCount()).toBeGreaterThan(PAGE_SIZE);
    const from = srv.requests.length;
    const r = await scout(['block', 'internal-txs', String(BLOCKS.busy), '--all']);
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(internalCount());
    expect(new Set(rows.map((x) => x[1]))).toEqual(new Set([String(BLOCKS.busy)]));
    const second = srv.requests.slice(from).find((q) => q.path === `${B}/internal-transactions` && q.query.length > 0)!;
    expect(second.query.map(([k]) => k).sort()).toEqual(['index', 'items_count', 'transaction_index']);
  });

  it('--type and --call-type go to the server as internal_type and call_type', async () => {
    srv.expect('GET', `${B}/internal-transactions`, { internal_type: 'call', call_type: 'delegatecall' });
    const r = await scout(['block', 'internal-txs', String(BLOCKS.busy), '--type', 'call', '--call-type', 'delegatecall', '--all']);
    expect(r.code, r.stderr).toBe(0);
    expect(new Set(lines(r.stdout).map((l) => l.split('\t')[4]))).toEqual(new Set(['delegatecall']));
    srv.verify();
  });

  it('on a terminal the transaction of each, not its age (the block’s, on every row)', async () => {
    const r = await scout(['block', 'internal-txs', String(BLOCKS.busy), '--limit', '3'], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)[0]).toMatch(/^TX +TYPE +FROM +TO +VALUE +STATUS$/);
  });

  it('latest is the newest block, named in what it says', async () => {
    const r = await scout(['block', 'internal-txs', 'latest'], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`no internal transactions in block ${HEAD_BLOCK}`);
  });

  it('--json is the items as sent', async () => {
    const r = await scout(['block', 'internal-txs', String(BLOCKS.busy), '--json']);
    expect(JSON.parse(r.stdout)).toEqual((JSON.parse(await bodyOf(`${B}/internal-transactions`)) as { items: unknown[] }).items);
  });

  it('a bad --type is exit 2 before any request; an unknown block exit 3', async () => {
    const from = srv.requests.length;
    expect((await scout(['block', 'internal-txs', String(BLOCKS.busy), '--type', 'jump'])).code).toBe(2);
    expect(srv.requests.length).toBe(from);
    expect((await scout(['block', 'internal-txs', BLOCKS.unknownHash])).code).toBe(3);
  });
});

describe('block deposits', () => {
  it('the deposits a block included, two pages; on a terminal without the block and its age', async () => {
    const r = await scout(['block', 'deposits', String(BLOCKS.busy), '--all']);
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(55);
    expect(new Set(rows.map((x) => x[1]))).toEqual(new Set([TX.batchDeposit]));
    const t = await scout(['block', 'deposits', String(BLOCKS.busy), '--limit', '2'], tty);
    expect(lines(t.stdout)[0]).toMatch(/^ +INDEX +TX +FROM +VALIDATOR +AMOUNT +STATUS +WITHDRAWAL TO$/);
  });

  it('a block without deposits says so; an explorer without them is exit 3', async () => {
    const none = await scout(['block', 'deposits', String(HEAD_BLOCK - 20)], tty);
    expect([none.code, none.stdout]).toEqual([0, '']);
    expect(none.stderr).toContain(`no beacon deposits in block ${HEAD_BLOCK - 20}`);
    const r = await scout(['block', 'deposits', String(BLOCKS.busy)], {}, other);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('serves no beacon deposits');
  });
});

describe('address deposits', () => {
  it('the deposits an address sent, newest first, two pages; --since picks a window', async () => {
    const r = await scout(['address', 'deposits', ADDR.rich, '--all', '--ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const items = lines(r.stdout).map((l) => JSON.parse(l) as { index: number; from_address: { hash: string } });
    expect(items).toHaveLength(55);
    expect(new Set(items.map((i) => i.from_address.hash))).toEqual(new Set([ADDR.rich]));
    const old = await scout(['address', 'deposits', ADDR.rich, '--until', '2025-08-01']);
    expect([old.code, old.stdout]).toEqual([0, '']);
  });

  it('on a terminal the sender (the address itself) is left out; statuses and exact amounts show', async () => {
    const r = await scout(['address', 'deposits', ADDR.rich, '--limit', '2'], tty);
    expect(lines(r.stdout)[0]).toMatch(/^ +INDEX +TX +BLOCK +AGE +VALIDATOR +AMOUNT +STATUS +WITHDRAWAL TO$/);
    expect(lines(r.stdout)[1]).toMatch(/ 32 coin +pending /);
  });

  it('a name works as for any address; an explorer without deposits is exit 3', async () => {
    expect((await scout(['address', 'deposits', 'scout-rich.eth', '--limit', '1'])).code).toBe(0);
    expect((await scout(['address', 'deposits', ADDR.rich], {}, other)).code).toBe(3);
  });
});

describe('address blocks-validated', () => {
  it('the blocks the address mined, newest first, as any list of blocks', async () => {
    const r = await scout(['address', 'blocks-validated', miner(), '--all']);
    expect(r.code, r.stderr).toBe(0);
    const heights = lines(r.stdout).map((l) => Number(l.split('\t')[0]));
    expect(heights.length).toBeGreaterThan(PAGE_SIZE);
    expect(heights[0]).toBe(HEAD_BLOCK);
    expect(new Set(lines(r.stdout).map((l) => l.split('\t')[5]))).toEqual(new Set([miner()]));
  });

  it('an address that mined nothing has none; --json is the items as sent', async () => {
    expect(await scout(['address', 'blocks-validated', ADDR.rich])).toMatchObject({ code: 0, stdout: '' });
    const j = await scout(['address', 'blocks-validated', miner(), '--json']);
    expect(JSON.parse(j.stdout)).toEqual((JSON.parse(await bodyOf(`/api/v2/addresses/${miner()}/blocks-validated`)) as { items: unknown[] }).items);
  });
});

describe('the fake explorer serves these lists as the real one does', () => {
  it('strict: unknown keys 422, a bad enum 422, 50-item pages', async () => {
    const status = async (p: string) => (await fetch(srv.url + p)).status;
    expect(await status(`${B}/internal-transactions?internal_type=jump`)).toBe(422);
    expect(await status(`${B}/beacon/deposits?limit=1`)).toBe(422);
    expect(await status(`/api/v2/addresses/${ADDR.rich}/blocks-validated?filter=to`)).toBe(422);
    const page = JSON.parse(await bodyOf(`/api/v2/addresses/${ADDR.rich}/beacon/deposits`)) as { items: unknown[]; next_page_params: Record<string, unknown> };
    expect(page.items).toHaveLength(PAGE_SIZE);
    expect(Object.keys(page.next_page_params).sort()).toEqual(['index', 'items_count']);
  });
});
