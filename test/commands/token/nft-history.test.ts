/**
 * One NFT's history and holders: `token nft` with its transfer count, `token transfers --id` (its
 * provenance back to the mint) and `token holders --id` (who holds an ERC-1155 id), against the fake
 * explorer's `/tokens/{h}/instances/{id}/…` endpoints, and against an explorer without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFT_HISTORY, TOKEN_IDS } from '../../support/fake/tokens-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, PAGE_SIZE, startServer } from '../../support/server.js';

let srv: FakeServer;
let old: FakeServer;
beforeAll(async () => {
  [srv, old] = await Promise.all([startServer(), startServer({ lacking: { [`/api/v2/tokens/${ADDR.nft721}/instances/${TOKEN_IDS.plain}/transfers`]: 400 } })]);
});
afterAll(() => Promise.all([srv.close(), old.close()]));

const scout = (args: string[], o: ScoutOptions = {}, on = srv) => runScout([...args, '--base-url', on.url], o);
const tty: ScoutOptions = { stdoutIsTTY: true, width: 120, color: false, now: () => Date.UTC(2025, 7, 11) };
const bodyOf = async (path: string) => (await fetch(srv.url + path)).text();
const lines = (s: string) => s.split('\n').slice(0, -1);
const ONE = `/api/v2/tokens/${ADDR.nft721}/instances/${TOKEN_IDS.plain}`;
const ID1155 = `/api/v2/tokens/${ADDR.nft1155}/instances/${TOKEN_IDS.huge}`;

describe('token nft: the transfer count beside the NFT', () => {
  it('asks for the count at once and shows it, piped and on a terminal', async () => {
    const r = await scout(['token', 'nft', ADDR.nft721, TOKEN_IDS.plain]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Owner\t${ADDR.rich}\tscout-rich.eth\nTransfers\t${NFT_HISTORY.transfers}\n`);
    const t = await scout(['token', 'nft', ADDR.nft721, TOKEN_IDS.plain], tty);
    expect(t.stdout).toMatch(new RegExp(`\\nTransfers +${NFT_HISTORY.transfers}\\n`));
  });

  it('--json: the NFT as sent with the count as sent under "counters"', async () => {
    const r = await scout(['token', 'nft', ADDR.nft721, TOKEN_IDS.plain, '--json']);
    const [nft, count] = [await bodyOf(ONE), await bodyOf(`${ONE}/transfers-count`)];
    expect(count).toBe(`{"transfers_count":${NFT_HISTORY.transfers}}`);
    expect(r.stdout).toBe(`${nft.slice(0, -1)},"counters":${count}}\n`);
  });

  it('an explorer without the count shows the NFT, with a warning, and --json the NFT alone', async () => {
    const lacking = await startServer({ lacking: { [`${ONE}/transfers-count`]: 400 } });
    try {
      const r = await scout(['token', 'nft', ADDR.nft721, TOKEN_IDS.plain], {}, lacking);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Id\t8520\n');
      expect(r.stdout).not.toContain('Transfers');
      expect(r.stderr).toMatch(/^scout: warning: the NFT's transfer count could not be had \(.*Unknown API v2 action.*\); showing the NFT without them\n$/);
      const j = await scout(['token', 'nft', ADDR.nft721, TOKEN_IDS.plain, '--json'], {}, lacking);
      expect(j.stdout).toBe((await bodyOf(ONE)) + '\n');
    } finally {
      await lacking.close();
    }
  });
});

describe('token transfers --id: one NFT from its mint to now', () => {
  it('pages the real cursor (block_number, index, token_id) to the mint', async () => {
    const from = srv.requests.length;
    const r = await scout(['token', 'transfers', ADDR.nft721, '--id', TOKEN_IDS.plain, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(NFT_HISTORY.transfers);
    // Newest first: the rich address holds it now; the last row is its mint from the zero address.
    expect(rows[0]![5]).toBe(ADDR.rich);
    expect(rows.at(-1)!.slice(3, 5)).toEqual(['token_minting', ADDR.zero]);
    expect(new Set(rows.map((x) => x[11]))).toEqual(new Set([TOKEN_IDS.plain]));
    const asked = srv.requests.slice(from);
    expect(asked.map((q) => q.path)).toEqual([`${ONE}/transfers`, `${ONE}/transfers`]);
    expect(asked[1]!.query.map(([k]) => k).sort()).toEqual(['block_number', 'index', 'token_id']);
  });

  it('--json is the items as sent; a page is 50', async () => {
    const r = await scout(['token', 'transfers', ADDR.nft721, '--id', TOKEN_IDS.plain, '--json']);
    const sent = JSON.parse(await bodyOf(`${ONE}/transfers`)) as { items: unknown[] };
    expect(JSON.parse(r.stdout)).toEqual(sent.items);
    expect(sent.items).toHaveLength(PAGE_SIZE);
    expect(r.stderr).toMatch(/more exist/);
  });

  it('--since keeps the window of its history', async () => {
    const r = await scout(['token', 'transfers', ADDR.nft721, '--id', TOKEN_IDS.plain, '--since', '2025-06-25', '--until', '2025-06-28']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((l) => l.split('\t')[2])).toEqual(['2025-06-27T00:00:00Z', '2025-06-26T00:00:00Z', '2025-06-25T00:00:00Z']);
  });

  it('an id nobody moved has none; an ERC-20 has no NFTs (exit 3)', async () => {
    const none = await scout(['token', 'transfers', ADDR.nft721, '--id', '7']);
    expect([none.code, none.stdout]).toEqual([0, '']);
    expect((await scout(['token', 'transfers', ADDR.usdc, '--id', '7'])).code).toBe(3);
  });

  it('a bad --id is exit 2 before any request', async () => {
    const from = srv.requests.length;
    const r = await scout(['token', 'transfers', ADDR.nft721, '--id', '0x10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid token id "?0x10"?: expected a whole number/);
    expect(srv.requests.length).toBe(from);
  });

  it('a cursor of the whole token’s transfers is refused for one NFT’s', async () => {
    const first = await scout(['token', 'transfers', ADDR.usdc]);
    const cursor = /--cursor (\S+)/.exec(first.stderr)![1]!;
    const r = await scout(['token', 'transfers', ADDR.nft721, '--id', TOKEN_IDS.plain, '--cursor', cursor]);
    expect(r.code).toBe(2);
  });

  it('an explorer without the endpoint: its answer, exit 1 or 3, never a crash', async () => {
    const r = await scout(['token', 'transfers', ADDR.nft721, '--id', TOKEN_IDS.plain], {}, old);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Unknown API v2 action|not found/);
  });
});

describe('token holders --id: who holds one NFT', () => {
  it('an ERC-1155 id: every holder, largest first, two pages by the real cursor', async () => {
    const from = srv.requests.length;
    const r = await scout(['token', 'holders', ADDR.nft1155, '--id', TOKEN_IDS.huge, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const rows = lines(r.stdout).map((l) => l.split('\t'));
    expect(rows).toHaveLength(NFT_HISTORY.holders);
    expect(rows[0]!.slice(0, 2)).toEqual([ADDR.rich, TOKEN_IDS.huge]);
    const asked = srv.requests.slice(from).filter((q) => q.path === `${ID1155}/holders`);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.query.map(([k]) => k).sort()).toEqual(['address_hash', 'items_count', 'token_id', 'value']);
  });

  it('on a terminal: the id, the balance as a count, no share of the whole supply, a scam holder marked', async () => {
    const r = await scout(['token', 'holders', ADDR.nft1155, '--id', TOKEN_IDS.huge, '--limit', '2'], tty);
    expect(r.code, r.stderr).toBe(0);
    const [head, first, second] = lines(r.stdout);
    expect(head).toMatch(/^ADDRESS +TOKEN ID +BALANCE$/);
    expect(first).toMatch(/^scout-rich\.eth .*#801509640…874122 +1,000$/);
    expect(second).toMatch(/^\[scam\] /);
  });

  it('an ERC-721 id: its owner; --json as sent', async () => {
    const r = await scout(['token', 'holders', ADDR.nft721, '--id', TOKEN_IDS.plain, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual((JSON.parse(await bodyOf(`${ONE}/holders`)) as { items: unknown[] }).items);
    expect(JSON.parse(r.stdout)).toHaveLength(1);
  });

  it('an ERC-20 has no instances: exit 3', async () => {
    expect((await scout(['token', 'holders', ADDR.usdc, '--id', '1'])).code).toBe(3);
  });
});

describe('the fake explorer serves one NFT as the real one does', () => {
  it('strict: an unknown parameter is 422, a bad id 422 at /token_id_param, an unknown token 404', async () => {
    const get = async (p: string) => {
      const res = await fetch(srv.url + p);
      return [res.status, await res.text()] as const;
    };
    expect((await get(`${ONE}/transfers?items_count=50`))[0]).toBe(422);
    expect((await get(`${ONE}/holders?limit=5`))[1]).toContain('Unexpected field: limit');
    expect((await get(`/api/v2/tokens/${ADDR.nft721}/instances/x1/transfers`))[1]).toContain('/token_id_param');
    expect(await get(`/api/v2/tokens/0x${'9'.repeat(40)}/instances/1/transfers-count`)).toEqual([404, '{"message":"Not found"}']);
    expect(await get(`/api/v2/tokens/${ADDR.nft721}/instances/7/transfers-count`)).toEqual([200, '{"transfers_count":0}']);
  });
});
