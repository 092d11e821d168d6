/**
 * `scout contract methods`: a verified contract's functions, events and errors with selectors and
 * topic0, through a proxy to its implementation, in every output mode; hostile names made safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABI_ADDR, HOSTILE_ABI } from '../../support/fake/abi-data.js';
import { runScout, type ScoutOptions } from '../../support/scout.js';
import { ADDR, type FakeServer, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (args: string[], o: ScoutOptions = {}) => runScout([...args, '--base-url', srv.url], o);
const tty = { stdoutIsTTY: true, width: 160, color: false };

describe('contract methods', () => {
  it('a table of KIND, SELECTOR and SIGNATURE; overloads each with its own selector; no receive or fallback', async () => {
    const r = await scout(['contract', 'methods', ABI_ADDR.vault], tty);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^KIND +SELECTOR +SIGNATURE$/);
    expect(r.stdout).toMatch(/\nfunction +0x70a08231 +function balanceOf\(address owner\) view returns \(uint256\)\n/);
    expect(r.stdout).toMatch(/\nfunction +0xb6b55f25 +function deposit\(uint256 amount\)\n/);
    expect(r.stdout).toMatch(/\nfunction +0x6e553f65 +function deposit\(uint256 amount, address receiver\)\n/);
    // A topic0 by its ends on a terminal, whole with --wide.
    expect(r.stdout).toMatch(/\nevent +0xddf252ad…b3ef +event Transfer\(address indexed from, address indexed to, uint256 value\)\n/);
    const wide = await scout(['contract', 'methods', ABI_ADDR.vault, '--wide'], tty);
    expect(wide.stdout).toMatch(/\nevent +0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef +event Transfer\(/);
    expect(r.stdout).toMatch(/\nerror +0x[0-9a-f]{8} +error InsufficientBalance\(address account, uint256 balance, uint256 needed\)\n/);
    expect(r.stdout).not.toMatch(/receive\(|fallback/);
    expect(r.stdout).not.toMatch(/[\u001b\u202e]/);
    expect(r.stdout).toContain('drain');
  });

  it('through a proxy: its own entries, then its implementation\'s, each with its contract in piped lines', async () => {
    const r = await scout(['contract', 'methods', ABI_ADDR.proxy]);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows[0]).toEqual(['event', '0xbc7cd75a20ee27fd9adebab32041f755214dbc6bffa90cc0225b39da2e5c2d3b', 'event Upgraded(address indexed implementation)', ABI_ADDR.proxy]);
    expect(rows.slice(1).every((row) => row[3] === ABI_ADDR.vault)).toBe(true);
    expect(rows.find((row) => row[2]!.includes('balanceOf'))).toEqual(['function', '0x70a08231', 'function balanceOf(address owner) view returns (uint256)', ABI_ADDR.vault]);
  });

  it('--json: each entry with its selector beside it, the ABI item exactly as sent', async () => {
    const body = await (await fetch(`${srv.url}/api/v2/smart-contracts/${ABI_ADDR.vault}`)).text();
    const sent = JSON.parse(body).abi as unknown[];
    const r = await scout(['contract', 'methods', ABI_ADDR.vault, '--json']);
    const out = JSON.parse(r.stdout) as { kind: string; selector: string; signature: string; contract: string; item: unknown }[];
    expect(out.map((o) => o.item)).toEqual(sent.filter((e) => (e as { type: string }).type !== 'receive'));
    expect(out[0]).toEqual({ kind: 'function', selector: '0x70a08231', signature: 'function balanceOf(address owner) view returns (uint256)', contract: ABI_ADDR.vault, item: sent[0] });
    expect(out.find((o) => o.item && (o.item as { name: string }).name === HOSTILE_ABI.fn)).toBeTruthy();
    const csv = await scout(['contract', 'methods', ABI_ADDR.vault, '--csv']);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe('kind,selector,signature,contract');
  });

  it('an unverified implementation is named on stderr; no verified ABI at all is exit 3; an account is named one', async () => {
    const r = await scout(['contract', 'methods', ABI_ADDR.proxyUnverified]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`the implementation ${ABI_ADDR.unverifiedImpl} of ${ABI_ADDR.proxyUnverified} has no verified ABI`);
    const none = await scout(['contract', 'methods', ABI_ADDR.unverifiedImpl]);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain(`no verified ABI for ${ABI_ADDR.unverifiedImpl}`);
    const eoa = await scout(['contract', 'methods', ADDR.rich]);
    expect(eoa.code).toBe(3);
    expect(eoa.stderr).toContain('is an address, not a contract');
  });
});
