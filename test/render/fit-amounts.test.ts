/**
 * An amount is never cut (issue 22, item 1): at 80 columns every list with amounts shows each one
 * exact, or rounded half up to 6 decimals as the README says, never `843.43… USD3.e`; the names,
 * stubs and symbols around it give way instead. Through the CLI in process on an 80-column
 * terminal, against the test explorer; each row's digits are checked against the item the same
 * command prints with --json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateChange } from '../../src/api/schemas.js';
import { stateChangeColumns } from '../../src/render/state-changes.js';
import { displayWidth } from '../../src/render/width.js';
import { renderTable } from '../support/table.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';
import { runScout } from '../support/scout.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

async function cli(args: string[], tty: boolean) {
  const r = await runScout(['--base-url', srv.url, ...args], { stdoutIsTTY: tty, width: 80, color: false });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

type Item = Record<string, any>;

/** `raw` base units scaled by `decimals`, as a person should see it: exact, or rounded half up to 6 decimals. */
function expected(raw: unknown, decimals: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const d = decimals === null || decimals === undefined ? 0 : Number(decimals);
  let v = BigInt(raw);
  const neg = v < 0n;
  if (neg) v = -v;
  // Whole parts past a trillion are shown in compact form, 2^256-1 as `unlimited`: not digits to check.
  if (v / 10n ** BigInt(d) >= 10n ** 12n) return undefined;
  const places = Math.min(d, 6);
  const step = 10n ** BigInt(d - places);
  const rounded = (v + step / 2n) / step;
  if (rounded === 0n && v !== 0n) return undefined;
  const s = rounded.toString().padStart(places + 1, '0');
  const whole = s.slice(0, s.length - places).replace(/\B(?=(\d{3})+$)/g, ',');
  const frac = s.slice(s.length - places).replace(/0+$/, '');
  return whole + (frac ? '.' + frac : '');
}

/** A number cut with `…` after its digits: `843.43…`, `1,025,008.305…` (not a hash or a `#id`). */
const CUT_NUMBER = /(?<![\w#…])\d[\d,]*\.\d*…/;

/** The amounts of each item of a list. */
type Amounts = (item: Item) => { raw: unknown; decimals: unknown }[];

const transferAmount: Amounts = (t) => [{ raw: t.total?.value, decimals: t.total?.decimals ?? t.token?.decimals }];
const coinValue: Amounts = (t) => [{ raw: t.value, decimals: 18 }];

const LISTS: [string, string[], Amounts][] = [
  ['tx transfers', ['tx', 'transfers', TX.overflow], transferAmount],
  ['address transfers', ['address', 'transfers', ADDR.rich], transferAmount],
  ['token transfers', ['token', 'transfers', ADDR.usdc], transferAmount],
  ['address txs', ['address', 'txs', ADDR.rich], coinValue],
  ['address internal-txs', ['address', 'internal-txs', ADDR.rich], coinValue],
  ['address tokens', ['address', 'tokens', ADDR.rich], (b) => [{ raw: b.value, decimals: b.token?.decimals }]],
  [
    'tx state-changes',
    ['tx', 'state-changes', TX.ok],
    (s) => {
      const decimals = s.token ? s.token.decimals : 18;
      return typeof s.change === 'string' ? [{ raw: s.balance_after, decimals }, { raw: s.change, decimals }] : [];
    },
  ],
];

describe('amounts at 80 columns are never cut', () => {
  it.each(LISTS)('%s: every amount exact or rounded to 6 decimals, none cut', async (_, args, amounts) => {
    const items = JSON.parse(await cli([...args, '--json'], false)) as Item[];
    const out = await cli(args, true);
    const rows = out.trimEnd().split('\n').slice(1);
    expect(rows).toHaveLength(items.length);
    let checked = 0;
    items.forEach((item, i) => {
      const row = rows[i]!;
      expect(displayWidth(row), row).toBeLessThanOrEqual(80);
      expect(row).not.toMatch(CUT_NUMBER);
      for (const a of amounts(item)) {
        const want = expected(a.raw, a.decimals);
        if (want === undefined) continue;
        // The digits stand whole: a space, a sign or the line's start before them, a space or the end after.
        expect(row, `${want} in row ${i}`).toMatch(new RegExp(`(?:^|[ +\u2212])${want.replace(/[.]/g, '\\.')}(?: |$)`));
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(0);
  });

  it('tx explain shows its transfers and state changes with every digit', async () => {
    const out = await cli(['tx', 'explain', TX.ok], true);
    expect(out).not.toMatch(CUT_NUMBER);
    const transfers = JSON.parse(await cli(['tx', 'transfers', TX.ok, '--json'], false)) as Item[];
    for (const t of transfers) {
      const want = expected(t.total?.value, t.total?.decimals ?? t.token?.decimals);
      if (want !== undefined && t.token?.symbol) expect(out).toContain(`${want} ${t.token.symbol}`);
    }
  });
});

describe('state changes with long balances and names at 80 columns', () => {
  const who = (n: number, name: string) => ({ hash: `0x${String(n).repeat(40)}`, name });
  const wfmx = { address_hash: `0x${'ab'.repeat(20)}`, symbol: 'WFMX', name: 'Wrapped Fantastic Money Exchange', decimals: '18', type: 'ERC-20' };
  const changes = [
    { address: who(1, 'Some Very Long Protocol Treasury Name'), token: null, type: 'coin', is_miner: true, balance_before: '1025008263123456789012345', balance_after: '1025008305123456789012345', change: '41999999999999999999' },
    { address: who(2, 'Another Quite Long Name: Router'), token: wfmx, type: 'token', is_miner: false, balance_before: '7000000000000000000', balance_after: '49505123456789012345', change: '42505123456789012345' },
  ] as unknown as StateChange[];

  it('keeps every balance and change whole (today: `1,025,008.305… ETH`, `+42.50… WFMX`); the names give way', () => {
    const out = renderTable(changes, stateChangeColumns, { tty: true, color: false, width: 80, now: Date.UTC(2026, 0, 1), coin: 'ETH' });
    for (const l of out.trimEnd().split('\n')) expect(displayWidth(l), l).toBeLessThanOrEqual(80);
    expect(out).not.toMatch(CUT_NUMBER);
    expect(out).toContain('1,025,008.305123 ETH');
    expect(out).toContain('+42 ETH');
    expect(out).toContain('49.505123 WFMX');
    expect(out).toContain('+42.505123 WFMX');
  });
});
