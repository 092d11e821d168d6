/**
 * `scout token`: show (with its counters), holders, transfers, nfts and nft, against the fake
 * explorer's token endpoints. Supplies, balances and shares are exact; token ids are decimal text of
 * any size, checked before any request; JSON is the server's bytes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectMembers } from '../../../src/base/json/lossless.js';
import { sharePercent } from '../../../src/render/token.js';
import { parseTokenId } from '../../../src/base/validate.js';
import { TOKEN_ADDR, TOKEN_IDS } from '../../support/fake/tokens-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);
const tty = { stdoutIsTTY: true, width: 120, color: false };
const bodyOf = async (path: string) => (await fetch(srv.url + path)).text();
/** Requests the fake got since `from`, as paths. */
const pathsSince = (from: number) => srv.requests.slice(from).map((r) => r.path);

describe('token show', () => {
  it('`scout token <address>` shows the token: exact total supply in units beside the raw integer, counters', async () => {
    const r = await scout(['token', ADDR.usdc]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Name\tUSD Coin\nSymbol\tUSDC\n');
    expect(r.stdout).toContain('Total supply\t41234567890123456\t41234567890.123456\n');
    expect(r.stdout).toContain('Holders\t2512887\n');
    expect(r.stdout).toMatch(/\nTransfers\t\d+\n/);
    expect(r.stdout).toContain('Market cap\t41229535210.772\n');
  });

  it('asks for the token and its counters', async () => {
    const from = srv.requests.length;
    await scout(['token', 'show', ADDR.usdc]);
    expect(pathsSince(from).sort()).toEqual([`/api/v2/tokens/${ADDR.usdc}`, `/api/v2/tokens/${ADDR.usdc}/counters`]);
  });

  it('asks for both at once: the counters request goes out before the token has answered', async () => {
    // The token's answer waits for the counters request to arrive (a guard of 10 s ends the wait so a
    // one-after-the-other client fails instead of hanging).
    let countersArrived: () => void = () => undefined;
    const arrived = new Promise<void>((r) => (countersArrived = r));
    const order: string[] = [];
    const server = createServer((req, res) => {
      const path = req.url ?? '';
      if (path.endsWith('/counters')) {
        order.push('counters asked');
        countersArrived();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"token_holders_count":"1","transfers_count":"2"}');
        return;
      }
      const guard = setTimeout(countersArrived, 10_000);
      void arrived.then(() => {
        clearTimeout(guard);
        order.push('token answered');
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"T","symbol":"T","decimals":"0","total_supply":"5","type":"ERC-20"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const r = await runScout(['token', ADDR.usdc, '--base-url', `http://127.0.0.1:${(server.address() as AddressInfo).port}`]);
      expect(r.code, r.stderr).toBe(0);
      expect(order).toEqual(['counters asked', 'token answered']);
      expect(r.stdout).toContain('Holders\t1\nTransfers\t2\n');
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('a supply of 2^256-1 with 18 decimals keeps every digit', async () => {
    const r = await scout(['token', ADDR.evilToken]);
    expect(r.stdout).toContain('\t115792089237316195423570985008687907853269984665640564039457.584007913129639935\n');
    const t = await scout(['token', ADDR.evilToken], tty);
    expect(t.stdout).toContain('115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457.584007913129639935');
  });

  it('on a terminal: grouped units with the symbol, the price, market cap in dollars, bridged origin', async () => {
    const r = await scout(['token', ADDR.usdc], tty);
    expect(r.stdout).toMatch(/Total supply +41,234,567,890\.123456 USDC\n/);
    expect(r.stdout).toMatch(/Price +\$0\.999878\n/);
    expect(r.stdout).toMatch(/Market cap +\$41,229,535,210\.77\n/);
    const b = await scout(['token', TOKEN_ADDR.bridged], tty);
    expect(b.stdout).toMatch(new RegExp(`Bridged from +chain 1 · ${TOKEN_ADDR.bridgedForeign} · omni bridge\\n`));
    const piped = await scout(['token', TOKEN_ADDR.bridged]);
    expect(piped.stdout).toContain(`Origin chain\t1\nForeign address\t${TOKEN_ADDR.bridgedForeign}\nBridge type\tomni\n`);
  });

  it('an NFT collection\'s supply is a count; a fungible token without decimals says its supply is in base units', async () => {
    const nft = await scout(['token', ADDR.nft721], tty);
    expect(nft.stdout).toMatch(/Total supply +10,000 SPUNK\n/);
    const r = await scout(['token', TOKEN_ADDR.noDecimals], tty);
    expect(r.stdout).toMatch(/Total supply +1,000,000 ND \(base units: decimals unknown\)\n/);
  });

  it('--json is the token object as sent with the counters object as sent under "counters", byte for byte', async () => {
    const r = await scout(['token', ADDR.usdc, '--json']);
    expect(r.code).toBe(0);
    const token = await bodyOf(`/api/v2/tokens/${ADDR.usdc}`);
    const counters = await bodyOf(`/api/v2/tokens/${ADDR.usdc}/counters`);
    expect(r.stdout).toBe(`${token.slice(0, -1)},"counters":${counters}}\n`);
    expect(objectMembers(r.stdout.trim()).get('counters')).toBe(counters);
  });

  it('counters that cannot be had: the token still shows, and stderr says what is missing', async () => {
    const r = await scout(['token', TOKEN_ADDR.noCounters, '--json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe((await bodyOf(`/api/v2/tokens/${TOKEN_ADDR.noCounters}`)) + '\n');
    expect(r.stderr).toMatch(/^scout: warning: the token's counters could not be had \(.*HTTP 500.*\); showing the token without them\n$/);
  });

  it('an unknown token is exit 3; a malformed address exit 2 before any request', async () => {
    const unknown = await scout(['token', ADDR.rich]);
    expect(unknown.code).toBe(3);
    const from = srv.requests.length;
    const bad = await scout(['token', '0x1234']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^scout: invalid address "0x1234"/);
    expect(srv.requests.length).toBe(from);
  });
});

describe('token holders', () => {
  it('piped: address, token id, raw balance, balance in units, share of the supply', async () => {
    const r = await scout(['token', 'holders', ADDR.usdc, '--limit', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`${ADDR.rich}\t\t4123456789012345\t4123456789.012345\t10.0000`);
    expect(r.stdout.split('\n')[1]).toBe(`${ADDR.scam}\t\t2980000000000007\t2980000000.000007\t7.2269`);
  });

  it('on a terminal: units with the symbol and the share in percent', async () => {
    const r = await scout(['token', 'holders', ADDR.usdc, '--limit', '1'], tty);
    expect(r.stdout).toMatch(/4,123,456,789\.012345 USDC +10\.0000%/);
  });

  it('--all follows the real cursor (address_hash, items_count, value) to the end', async () => {
    const r = await scout(['token', 'holders', ADDR.usdc, '--all']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(120);
  });

  it('--json prints the holders as sent, without asking for the token', async () => {
    const from = srv.requests.length;
    const r = await scout(['token', 'holders', ADDR.usdc, '--json']);
    expect(r.code).toBe(0);
    const items = JSON.parse(r.stdout) as unknown[];
    expect(items).toHaveLength(50);
    expect(pathsSince(from)).toEqual([`/api/v2/tokens/${ADDR.usdc}/holders`]);
    expect(r.stderr).toMatch(/next page: scout .*token holders 0x/);
  });

  it('an ERC-1155 holder holds one id: the id shows and no share of the whole supply', async () => {
    const r = await scout(['token', 'holders', ADDR.nft1155]);
    expect(r.stdout.split('\n')[0]).toBe(`${ADDR.rich}\t${TOKEN_IDS.huge}\t5\t5\t`);
  });

  it('a cursor printed by another list is refused before any request', async () => {
    const other = await scout(['token', 'transfers', ADDR.usdc]);
    const token = /--cursor (\S+)/.exec(other.stderr)?.[1];
    expect(token).toBeDefined();
    const from = srv.requests.length;
    const r = await scout(['token', 'holders', ADDR.usdc, '--cursor', token!]);
    expect(r.code).toBe(2);
    expect(srv.requests.length).toBe(from);
  });
});

describe('sharePercent', () => {
  it('is exact and rounds half up at four places', () => {
    expect(sharePercent('1', '3')).toBe('33.3333');
    expect(sharePercent('2', '3')).toBe('66.6667');
    expect(sharePercent('5', '5')).toBe('100.0000');
    // 2^256-1 over itself, and one unit of it: no float in between.
    const max = ((1n << 256n) - 1n).toString();
    expect(sharePercent(max, max)).toBe('100.0000');
    expect(sharePercent('1', max)).toBe('0.0000');
    expect(sharePercent('1', '0')).toBeUndefined();
    expect(sharePercent('x', '10')).toBeUndefined();
  });
});

describe('token transfers', () => {
  it('the transfers view: 12 fields a line, amounts exact; --all follows block_number/index', async () => {
    const r = await scout(['token', 'transfers', ADDR.usdc, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(60);
    const f = lines[0]!.split('\t');
    expect(f).toHaveLength(12);
    expect(f.slice(6, 10)).toEqual(['1000001', '1.000001', ADDR.usdc, 'USDC']);
  });
});

describe('token nfts', () => {
  it('ids past 2^53 stay exact, and the bare-integer cursor goes back byte for byte', async () => {
    const from = srv.requests.length;
    const r = await scout(['token', 'nfts', ADDR.nft1155, '--all']);
    expect(r.code, r.stderr).toBe(0);
    const ids = r.stdout.trim().split('\n').map((l) => l.split('\t')[0]);
    expect(ids).toHaveLength(55);
    expect(ids[0]).toBe(TOKEN_IDS.huge);
    expect(ids[54]).toBe((BigInt(TOKEN_IDS.huge) - 54n * 1_000_003n).toString());
    const second = srv.requests.slice(from).find((q) => q.query.length > 0);
    expect(second?.query).toEqual([['unique_token', ids[49]]]);
  });

  it('piped: id, owner, metadata name, image', async () => {
    const r = await scout(['token', 'nfts', ADDR.nft721]);
    expect(r.stdout.split('\n')[0]).toBe(`${TOKEN_IDS.plain}\t${ADDR.rich}\tScout Punks #8520\thttps://nft.example.invalid/${ADDR.nft721.toLowerCase()}/8520.png`);
  });
});

describe('token nft', () => {
  it('one NFT: owner, name, image, attributes', async () => {
    const r = await scout(['token', 'nft', ADDR.nft721, TOKEN_IDS.plain]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Id\t8520\n`);
    expect(r.stdout).toContain(`Owner\t${ADDR.rich}\tscout-rich.eth\n`);
    expect(r.stdout).toContain('Name\tScout Punks #8520\n');
    expect(r.stdout).toContain(`Image\thttps://nft.example.invalid/${ADDR.nft721.toLowerCase()}/8520.png\n`);
    expect(r.stdout).toContain('Attribute\tBackground\tBlue\t\nAttribute\tLevel\t7\tnumber\n');
    const t = await scout(['token', 'nft', ADDR.nft721, TOKEN_IDS.plain], tty);
    expect(t.stdout).toMatch(/Attributes +Background +Blue\n +Level +7\n/);
  });

  it('a 78-digit id goes into the paths as typed, never through a Number', async () => {
    const from = srv.requests.length;
    const one = `/api/v2/tokens/${ADDR.nft1155}/instances/${TOKEN_IDS.huge}`;
    const r = await scout(['token', 'nft', ADDR.nft1155, TOKEN_IDS.huge, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(pathsSince(from).sort()).toEqual([one, `${one}/transfers-count`]);
    const sent = await bodyOf(one);
    expect(r.stdout).toBe(`${sent.slice(0, -1)},"counters":${await bodyOf(`${one}/transfers-count`)}}\n`);
  });

  it('leading zeros go: 0008520 is id 8520', async () => {
    const from = srv.requests.length;
    const r = await scout(['token', 'nft', ADDR.nft721, '0008520']);
    expect(r.code).toBe(0);
    expect(pathsSince(from).sort()).toEqual([`/api/v2/tokens/${ADDR.nft721}/instances/8520`, `/api/v2/tokens/${ADDR.nft721}/instances/8520/transfers-count`]);
  });

  it.each(['1e3', '-1', '0x10', '1.5', '', ' ', '８', '1 2', (1n << 256n).toString()])('id %j is exit 2 before any request', async (id) => {
    const from = srv.requests.length;
    const r = await scout(['token', 'nft', ADDR.nft721, id]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid token id .*: expected a whole number from 0 to 2\^256-1, in decimal digits\nscout: see 'scout token nft --help'\n$/);
    expect(srv.requests.length).toBe(from);
  });

  it('an ERC-20 has no NFTs, and an unknown id is not found: exit 3', async () => {
    expect((await scout(['token', 'nft', ADDR.usdc, '1'])).code).toBe(3);
    expect((await scout(['token', 'nft', ADDR.nft721, '424242'])).code).toBe(3);
  });
});

describe('parseTokenId', () => {
  it('keeps the digits as text, drops leading zeros, takes 2^256-1 and refuses one more', () => {
    const max = ((1n << 256n) - 1n).toString();
    expect(parseTokenId(max)).toBe(max);
    expect(parseTokenId('0')).toBe('0');
    expect(parseTokenId('000')).toBe('0');
    expect(parseTokenId(' 42 ')).toBe('42');
    expect(parseTokenId('0' + max)).toBe(max);
    expect(() => parseTokenId((1n << 256n).toString())).toThrow(/invalid token id/);
    expect(() => parseTokenId('9'.repeat(79))).toThrow(/invalid token id/);
  });
});
