/**
 * Every view rendered whole from the project's own fake data (test/support/data.ts), with the clock,
 * width and colour pinned: terminal tables (snapshot files under __snapshots__/views, readable as
 * text), piped lines and CSV. Targeted assertions next to the snapshots name what each view promises.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResult, Transaction } from '../../src/api/schemas.js';
import * as schemas from '../../src/api/schemas.js';
import * as columns from '../../src/render/columns.js';
import type { RenderContext } from '../../src/render/context.js';
import { csvHeader, csvRows } from '../../src/render/csv.js';
import { shortHash } from '../../src/render/format.js';
import { type Column, renderTsv } from '../../src/render/table.js';
import { formatUnits } from '../../src/render/units.js';
import { displayWidth } from '../../src/render/width.js';
import { renderTransaction } from '../../src/render/transaction.js';
import { networkView } from '../../src/render/views.js';
import { ADDR, getDataset, listsFor, type ListEntry, NETWORK_API_KEYS, toJsonText, TX } from '../support/data.js';
import { renderTable } from '../support/table.js';
import { addressLogs, blobsOf, txDepth } from '../support/fake/txdepth-data.js';
import { logColumns } from '../../src/render/logs.js';
import { stateChangeColumns } from '../../src/render/state-changes.js';
import { activityColumns } from '../../src/render/activity.js';
import { activityEntries } from '../support/fake/activity-data.js';
import { AA_TOP, userOps } from '../support/fake/aa-data.js';
import { aaBundlerColumns, aaPaymasterColumns, userOpColumns } from '../../src/render/userop.js';
import { blobColumns, depositColumns } from '../../src/render/beacon.js';
import { beaconDeposits } from '../support/fake/blocks-data.js';

/** One hour after the fake chain's newest block. */
const NOW = Date.UTC(2025, 7, 11, 10, 32, 59);
const ctx = (tty: boolean, width = 120, color = false): RenderContext => ({ tty, color, width, now: NOW, coin: 'ETH' });
const TTY = ctx(true);
const PIPE = ctx(false);

/** Items as the client decodes them: the JSON text the server sends, parsed. */
const decode = (entries: readonly ListEntry[]): unknown[] => entries.map((e) => JSON.parse(toJsonText(e.json)) as unknown);
const tx = (hash: string): Transaction => JSON.parse(toJsonText(getDataset().transactions.get(hash.toLowerCase())!.json)) as Transaction;
const rich = listsFor(ADDR.rich);
const snap = (name: string) => `./__snapshots__/views/${name}.txt`;
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;

const KINDS: [string, unknown[], readonly Column<never>[]][] = [
  ['transactions', decode(rich.transactions.slice(0, 50)), columns.transactionColumns as Column<never>[]],
  ['token-transfers', decode(rich.tokenTransfers.slice(0, 25)), columns.tokenTransferColumns as Column<never>[]],
  ['token-balances', decode(rich.tokens), columns.tokenBalanceColumns as Column<never>[]],
  ['nft-collections', decode(rich.nftCollections), columns.nftCollectionColumns as Column<never>[]],
  ['internal-transactions', decode(rich.internalTransactions.slice(0, 12)), columns.internalTxColumns as Column<never>[]],
  ['withdrawals', decode(rich.withdrawals.slice(0, 5)), columns.withdrawalColumns as Column<never>[]],
  ['search', decode(getDataset().searchTokens.slice(0, 8)), columns.searchColumns as Column<never>[]],
  ['blocks', decode(getDataset().blocks.slice(0, 10)), columns.blockColumns as Column<never>[]],
  ['logs', decode(addressLogs(ADDR.rich).slice(0, 12)), logColumns as Column<never>[]],
  ['state-changes', decode(txDepth(TX.ok)!.stateChanges), stateChangeColumns as Column<never>[]],
  ['activity', decode(activityEntries().slice(0, 12)), activityColumns as Column<never>[]],
  ['networks', getDataset().networks.map((n) => JSON.parse(toJsonText(n)) as unknown), columns.networkColumns() as Column<never>[]],
  // The bundle's four operations and the newest of one account: names, a scam sender, a failed one, an exact fee.
  ['user-operations', decode(userOps().slice(0, 8).map((o) => o.entry)), userOpColumns as Column<never>[]],
  ['aa-bundlers', decode(AA_TOP.bundlers().slice(0, 6)), aaBundlerColumns as Column<never>[]],
  // The first paymaster comes as a bare hash (the explorer does not know it).
  ['aa-paymasters', decode(AA_TOP.paymasters()), aaPaymasterColumns as Column<never>[]],
  ['deposits', decode(beaconDeposits().slice(0, 12)), depositColumns as Column<never>[]],
  ['blobs', blobsOf(TX.blob)!.map((b) => JSON.parse(toJsonText(b)) as unknown), blobColumns as Column<never>[]],
];

describe.each(KINDS)('%s', (name, items, cols) => {
  it('terminal table at 120 and 80 columns (snapshots)', async () => {
    const wide = renderTable(items as never[], cols, TTY);
    await expect(wide).toMatchFileSnapshot(snap(`${name}.tty-120`));
    const narrow = renderTable(items as never[], cols, ctx(true, 80));
    await expect(narrow).toMatchFileSnapshot(snap(`${name}.tty-80`));
    expect(wide).not.toMatch(RAW_CONTROL);
    expect(narrow).not.toMatch(RAW_CONTROL);
  });

  it('piped lines (snapshot): no header, one line per item, same field count on every line', async () => {
    const out = renderTsv(items as never[], cols, PIPE);
    await expect(out).toMatchFileSnapshot(snap(`${name}.piped`));
    const lines = out.split('\n').slice(0, -1);
    expect(lines).toHaveLength(items.length);
    expect(new Set(lines.map((l) => l.split('\t').length)).size).toBe(1);
    expect(out).not.toContain('…');
    expect(out).not.toMatch(RAW_CONTROL);
  });

  it('CSV (snapshot of the header and first rows): CRLF, one record per item', async () => {
    const out = csvHeader(cols) + csvRows(items as never[], cols, PIPE);
    await expect(out.split('\r\n').slice(0, 4).join('\n')).toMatchFileSnapshot(snap(`${name}.csv`));
    expect(out.split('\r\n')).toHaveLength(items.length + 2);
    expect(out).not.toMatch(/[^\r]\n/);
  });
});

describe('colour', () => {
  it('a coloured terminal table (snapshot): bold header, status words in colour, nothing else', async () => {
    const out = renderTable(decode(rich.transactions.slice(0, 8)) as Transaction[], columns.transactionColumns, ctx(true, 140, true));
    await expect(out).toMatchFileSnapshot(snap('transactions.tty-color'));
    expect(out).toContain('\u001b[1mHASH\u001b[22m');
    expect(out).toContain('\u001b[32mok\u001b[39m');
    expect(out).toContain('\u001b[31merror\u001b[39m');
  });
});

describe('transactions', () => {
  const items = decode(rich.transactions) as Transaction[];
  // Not wide enough for whole addresses (they need over 180 columns here).
  const table = renderTable(items.slice(0, 50), columns.transactionColumns, ctx(true, 170));
  const rowOf = (hash: string) => table.split('\n').find((l) => l.startsWith(hash.slice(0, 6)))!;

  it('names first, the short address (6+4 digits) beside them; (new) for a created contract', () => {
    expect(rowOf(TX.ok)).toContain('scout-rich.eth (0xcc1dca…E9c3)');
    expect(rowOf(TX.ok)).toContain('→ Scout Swap: Router (0x615682…A51f)');
    expect(rowOf(TX.creation)).toContain('→ ScoutVault (0xdfB108…dbB6) (new)');
  });

  it('a mined transaction whose timestamp is null is aged by its block, not called pending', () => {
    const mined = { ...tx(TX.ok), timestamp: null } as Transaction;
    const row = renderTable([mined], columns.transactionColumns, ctx(true, 200)).split('\n')[1]!;
    expect(row).toContain(` #${String(mined.block_number)} `);
    expect(row).not.toContain('pending');
    expect(renderTsv([mined], columns.transactionColumns, PIPE).split('\t')[2]).toBe('');
    const transfer = { ...(decode(rich.tokenTransfers)[0] as schemas.TokenTransfer), timestamp: null };
    expect(renderTable([transfer], columns.tokenTransferColumns, ctx(true, 200))).toContain(` #${String(transfer.block_number)} `);
  });

  it('METHOD: the decoded name where `method` is only a selector; piped, the method as sent', () => {
    const t = { ...tx(TX.ok), method: '0xa9059cbb', decoded_input: { method_call: 'transfer(address to, uint256 value)', method_id: '0xa9059cbb', parameters: [] } } as Transaction;
    expect(renderTable([t], columns.transactionColumns, ctx(true, 200)).split('\n')[1]).toMatch(/1h {3}transfer {2}/);
    expect(renderTsv([t], columns.transactionColumns, PIPE).split('\t')[3]).toBe('0xa9059cbb');
    const bare = { ...t, decoded_input: null } as Transaction;
    expect(renderTable([bare], columns.transactionColumns, ctx(true, 200))).toContain(' 0xa9059cbb ');
  });

  it('whole hashes and addresses where the width has room for them, short ones where not', () => {
    const few = items.slice(0, 3);
    const wide = renderTable(few, columns.transactionColumns, ctx(true, 260));
    expect(wide).toContain(few[0]!.hash!);
    expect(wide).toContain(`scout-rich.eth (${ADDR.rich})`);
    const narrow = renderTable(few, columns.transactionColumns, ctx(true, 120));
    expect(narrow).not.toContain(few[0]!.hash!);
    expect(narrow).toContain(shortHash(few[0]!.hash!));
  });

  it('pending transactions: pending age and status, the fee as a maximum (≤)', () => {
    const pending = table.split('\n').filter((l) => / pending +/.test(l));
    expect(pending).toHaveLength(3);
    for (const l of pending) expect(l).toMatch(/≤0\.\d+/);
  });

  it('values and fees in the chain’s coin, zero too, rounded on a terminal; `coin` when the chain is not known', () => {
    const quirky = items.find((t) => t.hash === TX.quirky)!;
    expect(renderTable([quirky], columns.transactionColumns, ctx(true, 200))).toContain('0.01 ETH');
    expect(renderTable([quirky], columns.transactionColumns, { ...ctx(true, 200), coin: 'xDAI' })).toContain('0.01 xDAI');
    expect(renderTable([quirky], columns.transactionColumns, { ...ctx(true, 200), coin: '' })).toContain('0.01 coin');
    expect(renderTable([quirky], columns.transactionColumns, { ...ctx(true, 200), coin: '' })).not.toContain(' ETH');
    const ok = renderTable([tx(TX.ok)], columns.transactionColumns, ctx(true, 200));
    // VALUE 0 carries its unit; FEE 59332380872376 wei is 0.000059 ETH, not 18 bare decimals.
    expect(ok).toMatch(/ 0 ETH  0\.000059 ETH  ok\n$/);
  });

  it('piped carries wei and the exact scaled value', () => {
    const quirky = items.find((t) => t.hash === TX.quirky)!;
    const fields = renderTsv([quirky], columns.transactionColumns, PIPE).trimEnd().split('\t');
    expect(fields).toEqual([
      TX.quirky,
      String(quirky.block_number),
      '2025-08-11T09:29:23Z',
      '',
      ADDR.rich,
      expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      '10000000000000000',
      '0.01',
      String(quirky.fee?.value),
      expect.stringMatching(/^0\.\d+$/),
      'ok',
    ]);
  });

  it('CSV adds names, the fee type and the created contract', () => {
    expect(csvHeader(columns.transactionColumns)).toBe(
      'hash,block,timestamp,method,from,to,value_wei,value,fee_wei,fee,status,fee_type,result,from_name,to_name,created_contract\r\n',
    );
    const row = csvRows([tx(TX.creation)], columns.transactionColumns, PIPE);
    expect(row).toContain(`,actual,success,scout-rich.eth,,${ADDR.created}\r\n`);
  });
});

describe('token transfers', () => {
  const items = decode(rich.tokenTransfers) as schemas.TokenTransfer[];

  it('amounts in the token’s own units with its symbol; NFTs by token id; a null total shows nothing', () => {
    const out = renderTable(items, columns.tokenTransferColumns, ctx(true, 220));
    expect(out).toMatch(/\d+\.\d+ USDC/);
    expect(out).toMatch(/#\d+/);
    expect(out).toContain('mint');
    expect(out).toContain('burn');
    expect(out).toContain('spawn');
    expect(out).toContain('<U+202E>LIVE');
    const nullTotal = items.find((t) => t.total === null)!;
    expect(renderTsv([nullTotal], columns.tokenTransferColumns, PIPE).split('\t').slice(6, 8)).toEqual(['', '']);
  });

  it('an ERC-1155 with null decimals prints the raw integer', () => {
    const e1155 = items.find((t) => t.token?.type === 'ERC-1155' && t.total?.value)!;
    const fields = renderTsv([e1155], columns.tokenTransferColumns, PIPE).split('\t');
    expect(fields[6]).toBe(e1155.total!.value);
    expect(fields[7]).toBe(e1155.total!.value);
  });
});

describe('token balances', () => {
  it('value in USD only where an exchange rate exists, exact to the cent', () => {
    const items = decode(rich.tokens) as schemas.TokenBalance[];
    const usdc = items.find((b) => b.token?.symbol === 'USDC')!;
    const fields = renderTsv([usdc], columns.tokenBalanceColumns, PIPE).trimEnd().split('\t');
    // 6 decimals of USDC times a 6-decimal rate: 12 decimals, rounded half up to 2.
    const cents = (BigInt(usdc.value as string) * 999878n + 5n * 10n ** 9n) / 10n ** 10n;
    expect(fields.at(-1)).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
    const nft = items.find((b) => b.token?.type === 'ERC-721')!;
    expect(renderTsv([nft], columns.tokenBalanceColumns, PIPE).replace(/\n$/, '').split('\t').at(-1)).toBe('');
  });
});

describe('exact amounts', () => {
  const MAX = ((1n << 256n) - 1n).toString();
  const SCALED = '115792089237316195423570985008687907853269984665640564039457.584007913129639935';
  const balance = { token: { address_hash: ADDR.weth, symbol: 'BIG', name: 'Big', type: 'ERC-20', decimals: '18', exchange_rate: null }, token_id: null, value: MAX } as schemas.TokenBalance;

  it('a 2^256-1 balance with 18 decimals prints every digit piped and in CSV; on a terminal it is `unlimited`', () => {
    expect(renderTsv([balance], columns.tokenBalanceColumns, PIPE)).toContain(`\t${MAX}\t${SCALED}\t`);
    expect(csvRows([balance], columns.tokenBalanceColumns, PIPE)).toContain(`,${MAX},${SCALED},`);
    const out = renderTable([balance], columns.tokenBalanceColumns, ctx(true, 80));
    expect(out).toMatch(/ unlimited  /);
    expect(out).not.toContain('115,792');
  });

  it('one huge amount leaves the table its width: the exact prefix of its digits on a terminal, all of them piped', () => {
    const huge = { ...balance, value: (10n ** 70n + 123n).toString(), token: { ...balance.token, exchange_rate: '2' } } as schemas.TokenBalance;
    const out = renderTable([huge, decode(rich.tokens)[0] as schemas.TokenBalance], columns.tokenBalanceColumns, ctx(true, 80));
    expect(out).toContain(' 1e52 ');
    expect(out).toContain(' $2e52');
    for (const l of out.trimEnd().split('\n')) expect(displayWidth(l)).toBeLessThanOrEqual(80);
    expect(renderTsv([huge], columns.tokenBalanceColumns, PIPE)).toContain(`\t${10n ** 70n + 123n}\t${formatUnits(10n ** 70n + 123n, 18)}\t`);
  });

  it('null decimals show the raw integer, unscaled', () => {
    const nft = { ...balance, token: { ...balance.token, decimals: null } } as schemas.TokenBalance;
    expect(renderTsv([nft], columns.tokenBalanceColumns, PIPE)).toContain(`\t${MAX}\t${MAX}\t`);
  });
});

describe('search results: every type gets its columns', () => {
  const A = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
  const H = '0x' + 'ab'.repeat(32);
  const results = [
    { type: 'token', name: 'Tether USD', symbol: 'USDT', address_hash: A, token_type: 'ERC-20', exchange_rate: '0.9998', is_smart_contract_verified: true },
    { type: 'address', name: null, address_hash: A, ens_info: { name: 'vitalik.eth', address_hash: A, names_count: 1 } },
    { type: 'contract', name: 'UniswapV3Router', address_hash: A, is_smart_contract_verified: true },
    { type: 'label', name: 'Binance 14', address_hash: A, is_smart_contract_verified: false },
    { type: 'ens_domain', name: null, address_hash: A, ens_info: { name: 'vitalik.eth', address_hash: A, expiry_date: '2032-05-03T00:00:00.000Z', names_count: 3 } },
    { type: 'metadata_tag', name: 'Exchange', address_hash: A, metadata: { name: 'Coinbase 1', tagType: 'name', slug: 'coinbase-1' } },
    { type: 'block', block_number: 19999999, block_hash: H, timestamp: '2025-08-11T09:00:00.000000Z', block_type: 'block' },
    { type: 'transaction', transaction_hash: H, timestamp: '2025-08-11T09:00:00.000000Z' },
    { type: 'user_operation', user_operation_hash: H, timestamp: '2025-08-11T09:30:00.000000Z' },
    { type: 'blob', blob_hash: H, timestamp: '2025-08-11T09:31:00.000000Z' },
    { type: 'tac_operation', tac_operation: { operation_id: 'x' }, priority: 0 },
  ] as SearchResult[];

  it('terminal (snapshot) and piped', async () => {
    const out = renderTable(results, columns.searchColumns, TTY);
    await expect(out).toMatchFileSnapshot(snap('search-types.tty-120'));
    const piped = renderTsv(results, columns.searchColumns, PIPE).split('\n');
    expect(piped[0]).toBe(`token\tTether USD\tUSDT\t${A}\tERC-20 · $0.9998 · verified\t`);
    expect(piped[1]).toBe(`address\tvitalik.eth\t\t${A}\t\t`);
    expect(piped[4]).toBe(`ens_domain\tvitalik.eth\t\t${A}\texpires 2032-05-03 · 3 names\t`);
    expect(piped[5]).toBe(`metadata_tag\tCoinbase 1\t\t${A}\tname\t`);
    expect(piped[6]).toBe(`block\t19999999\t\t${H}\tblock\t2025-08-11T09:00:00Z`);
    expect(piped[7]).toBe(`transaction\t\t\t${H}\t\t2025-08-11T09:00:00Z`);
    expect(piped[8]).toBe(`user_operation\t\t\t${H}\t\t2025-08-11T09:30:00Z`);
    expect(piped[9]).toBe(`blob\t\t\t${H}\t\t2025-08-11T09:31:00Z`);
    expect(out).toContain('block 19,999,999');
  });
});

describe('admin networks', () => {
  const items = getDataset().networks.map((n) => JSON.parse(toJsonText(n)) as schemas.Network);

  it('never show the explorer API key: not on a terminal, not piped, not in CSV', () => {
    const outs = [
      renderTable(items, columns.networkColumns(), TTY),
      renderTsv(items, columns.networkColumns(), PIPE),
      csvHeader(columns.networkColumns()) + csvRows(items, columns.networkColumns(), PIPE),
    ];
    for (const out of outs) for (const key of NETWORK_API_KEYS) expect(out).not.toContain(key);
    expect(outs[2]!.split('\r\n')[0]).toContain('api_key_set');
  });

  it('show the key only when asked (--show-secrets)', () => {
    const view = networkView({ showSecrets: true });
    const out = renderTsv(items, view.columns as Column<schemas.Network>[], PIPE);
    for (const key of NETWORK_API_KEYS) expect(out).toContain(key);
    // The seed's name for the same field.
    expect(renderTsv([{ name: 'x', explorer_api_key: 'seed-key' }], view.columns as Column<schemas.Network>[], PIPE)).toContain('seed-key');
  });

  it('a false boolean the service omitted reads as false', () => {
    const op = items.find((n) => n.name === 'OP Mainnet')!;
    expect(renderTsv([op], columns.networkColumns(), PIPE).trimEnd().split('\t').slice(6, 9)).toEqual(['true', 'false', 'true']);
  });
});

describe('tx show', () => {
  const cases: [string, string][] = [
    ['ok', TX.ok],
    ['failed', TX.failed],
    ['pending', TX.pending],
    ['creation', TX.creation],
    ['overflow', TX.overflow],
    ['quirky', TX.quirky],
  ];

  it.each(cases)('%s on a terminal and piped (snapshots)', async (name, hash) => {
    const t = tx(hash);
    await expect(renderTransaction(t, ctx(true, 100))).toMatchFileSnapshot(snap(`tx-show-${name}.tty`));
    await expect(renderTransaction(t, PIPE)).toMatchFileSnapshot(snap(`tx-show-${name}.piped`));
    expect(renderTransaction(t, ctx(true, 100, true)).replace(/\u001b\[\d+m/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('status, block, confirmations and time on one line; the revert reason decoded under it', () => {
    const out = renderTransaction(tx(TX.failed), ctx(true, 100, true)).split('\n');
    expect(out[1]).toMatch(/^\u001b\[1mStatus {5}\u001b\[22m {2}\u001b\[31merror\u001b\[39m · block 23,116,929 · 7 confirmations · 2025-08-11 09:31:47 UTC \(1h ago\)$/);
    expect(out[2]).toContain('\u001b[31mexecution reverted: Too little received\u001b[39m');
  });

  it('gas used of the limit with the percentage, prices in gwei, the fee as actual or maximum, rounded', () => {
    const ok = renderTransaction(tx(TX.ok), TTY);
    expect(ok).toContain('Gas          151,224 / 250,000 (60.5%)');
    expect(ok).toContain('Gas price    0.392347649 gwei (base 0.392347649 · max 1.392347649 · max priority 0)');
    expect(ok).toMatch(/Fee {10}0\.000059 ETH \(actual\)/);
    expect(renderTransaction(tx(TX.pending), TTY)).toMatch(/Fee {10}≤ 0\.00294 ETH \(maximum\)/);
    expect(renderTransaction(tx(TX.ok), { ...TTY, coin: '' })).toMatch(/Value {8}0 coin\n/);
    // Piped: every digit.
    expect(renderTransaction(tx(TX.ok), PIPE)).toContain('\t0.000059332380872376\tactual\n');
  });

  it('one Type row: the envelope type and what the transaction does', () => {
    const ok = renderTransaction(tx(TX.ok), TTY);
    expect(ok).toMatch(/\nType {9}2 \(EIP-1559\) · contract_call, token_transfer\n/);
    expect(ok).not.toContain('Types');
  });

  it('a max-uint256 transfer reads `unlimited`, not 78 digits', () => {
    const t = tx(TX.ok);
    const transfers = (t.token_transfers ?? []).map((x, i) => (i === 0 ? { ...x, total: { ...x.total, value: ((1n << 256n) - 1n).toString() } } : x));
    const out = renderTransaction({ ...t, token_transfers: transfers } as Transaction, TTY);
    expect(out).toMatch(/Transfers {4}unlimited USDC \(0x4d32…Faf8\)/);
  });

  it('a bare Error(string) selector as the revert data says so', () => {
    const out = renderTransaction({ ...tx(TX.failed), revert_reason: { raw: '0x08c379a0' } } as Transaction, TTY);
    expect(out).toContain('Revert       execution reverted: Error(string) with no message');
  });

  it('the method with its decoded parameters, and the token transfers', () => {
    const ok = renderTransaction(tx(TX.ok), TTY);
    expect(ok).toContain('Method       swapExactTokensForTokens(uint256 amountIn,');
    expect(ok).toContain('Parameters   amountIn      100000000');
    expect(ok).toMatch(/Transfers {4}933\.630553 USDC \(0x4d32…Faf8\) {2}scout-rich\.eth \(0xcc1d…E9c3\) → ScoutPool \(0x3A9b…1FEB\)/);
  });

  it('says when token_transfers_overflow means there are more, and how to see them all', () => {
    expect(renderTransaction(tx(TX.overflow), TTY)).toContain(`… and more: scout tx transfers ${TX.overflow}`);
    expect(renderTransaction(tx(TX.overflow), PIPE)).toContain('Transfers overflow\ttrue\n');
    expect(renderTransaction(tx(TX.ok), TTY)).not.toContain('and more');
  });

  it('at 80 columns the command to see them all still pastes: continued with a backslash, the hash whole', () => {
    const out = renderTransaction(tx(TX.overflow), { ...TTY, width: 80 });
    expect(out).toContain(`… and more: scout tx transfers \\\n             ${TX.overflow}`);
    for (const line of out.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it('actions and decoded revert reasons read as text', () => {
    const t = {
      ...tx(TX.failed),
      actions: [{ protocol: 'uniswap_v3', type: 'mint_nft', data: { name: 'Uniswap V3 Positions', symbol: 'UNI-V3-POS', to: ADDR.rich, ids: ['7341'] } }],
      revert_reason: { raw: '0x4e487b71' + '11'.padStart(64, '0') },
    } as Transaction;
    const out = renderTransaction(t, TTY);
    expect(out).toContain('Actions      uniswap_v3 mint_nft: name=Uniswap V3 Positions, symbol=UNI-V3-POS, to=0xcc1d…E9c3, ids=[7341]');
    expect(out).toContain('Revert       execution reverted: panic 0x11 (arithmetic overflow or underflow)');
    expect(renderTransaction(t, PIPE)).toContain('Action\tuniswap_v3\tmint_nft\t{"name":"Uniswap V3 Positions"');
  });

  it('a contract creation shows the created contract, and no selector from its init code', () => {
    const out = renderTransaction(tx(TX.creation), TTY);
    expect(out).toContain(`To           ScoutVault  ${ADDR.created}  (created)  [verified]`);
    expect(out).not.toContain('Method');
    expect(out).toContain('Input        contract creation code (17 bytes)');
    expect(renderTransaction(tx(TX.creation), PIPE)).toContain(`Created\t${ADDR.created}\tScoutVault\n`);
  });

  it('piped: one fact per line, full values, ISO time, wei beside the scaled value', () => {
    const out = renderTransaction(tx(TX.quirky), PIPE);
    expect(out).toMatch(/^Transaction\t0x[0-9a-f]{64}\nStatus\tok\nResult\tsuccess\nBlock\t\d+\nConfirmations\t\d+\nTimestamp\t2025-08-11T09:29:23Z\n/);
    expect(out).toContain('Value\t10000000000000000\t0.01\n');
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain('\t<U+202E>LIVE\t');
  });
});
