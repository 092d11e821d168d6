/**
 * Hostile text never reaches a terminal or a CSV cell raw (./hostile.ts: CSI, OSC 0/8/52, 8-bit CSI
 * and OSC, bidi overrides and isolates, zero-width characters, C0 controls, formulas), in every view:
 * terminal tables with and without colour, narrow and wide (fitting must not cut an escape open),
 * piped lines, CSV, `tx show` and the call tree, through the pure renderers and through the whole
 * command run in-process. JSON stays equal to what the server sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import type { Transaction } from '../../src/api/schemas.js';
import { memoryIo } from '../../src/base/io.js';
import type { RenderContext } from '../../src/render/context.js';
import { csvHeader, csvRows } from '../../src/render/csv.js';
import { renderTsv } from '../../src/render/table.js';
import { renderExplain } from '../../src/render/explain.js';
import { summaryLines } from '../../src/render/summary.js';
import { renderTrace } from '../../src/render/trace.js';
import { renderTransaction } from '../../src/render/transaction.js';
import { renderAddress } from '../../src/render/address.js';
import type { AddressCounters, AddressDetails } from '../../src/api/schemas.js';
import { renderBlock } from '../../src/render/block.js';
import { renderGas, renderStats } from '../../src/render/stats.js';
import type { Block, GasPrices, Stats } from '../../src/api/schemas.js';
import { renderToken, renderTokenInstance, tokenHolderColumns } from '../../src/render/token.js';
import { renderContract } from '../../src/render/contract.js';
import { TokenHolder } from '../../src/api/shapes.js';
import { networkView, views } from '../../src/render/views.js';
import { runScout } from '../support/scout.js';
import { BUILTIN_CHAINS } from '../../src/config/chains.js';
import { chainColumns } from '../../src/render/chains.js';
import type { Column } from '../../src/render/table.js';
import { renderTable } from '../support/table.js';
import { ATTACKS, everyStringHostile, HOSTILE_BODIES } from './hostile.js';
import { discoveryData, hotContracts } from '../support/fake/discovery-data.js';

// Everything the terminal sanitiser covers (src/base/text/safe.ts); tab and newline only as our separators.
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u206a-\u206f\u2800\u3164\ufe00-\ufe0f\uffa0\u{13430}-\u{1343f}\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0100}-\u{e01ef}]/u;
/** The only escapes allowed out: our own SGR colours. */
// eslint-disable-next-line no-control-regex
const OUR_SGR = /\u001b\[(?:1|2|22|31|32|33|39)m/g;
const NOW = Date.UTC(2025, 7, 11, 10);
const ctx = (tty: boolean, width: number, color: boolean): RenderContext => ({ tty, color, width, now: NOW, coin: 'ETH' });
const CONTEXTS = [ctx(true, 200, true), ctx(true, 200, false), ctx(true, 40, true), ctx(false, 80, false), ctx(false, 80, true)];

/** No raw control, escape introducer or invisible character besides our colour codes. */
function expectClean(out: string, what: string): void {
  const stripped = out.replace(OUR_SGR, '');
  const m = RAW.exec(stripped);
  expect(m, `${what}: raw U+${m?.[0].codePointAt(0)?.toString(16).padStart(4, '0')} near ${JSON.stringify(stripped.slice(Math.max(0, (m?.index ?? 0) - 20), (m?.index ?? 0) + 20))}`).toBeNull();
}

/** Splits CSV text into records of fields (RFC 4180), to look at every cell. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') record.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') record.push(field), records.push(record), (record = []), (field = ''), i++;
    else field += c;
  }
  return records;
}

/** Every cell is clean, and none starts like a formula unless it is a plain number. */
function expectSafeCsv(csv: string, what: string): void {
  const records = parseCsv(csv);
  expect(records.length, what).toBeGreaterThan(1);
  for (const r of records) {
    expect(r.length, what).toBe(records[0]!.length);
    for (const cell of r) {
      expectClean(cell, `${what} cell`);
      if (/^[=+\-@\t\r]/.test(cell)) expect(cell, `${what}: formula cell`).toMatch(/^-?\d+(\.\d+)?$/);
    }
  }
}

type View = { columns: readonly Column<never>[] | ((sample: readonly unknown[]) => readonly Column<never>[]); shape?: unknown };

const LISTS: (readonly [string, { items: readonly unknown[] }, View])[] = [
  ['transactions', HOSTILE_BODIES.transactions, views.transactions],
  ['token transfers', HOSTILE_BODIES.tokenTransfers, views.tokenTransfers],
  ['token balances', HOSTILE_BODIES.tokenBalances, views.tokenBalances],
  ['NFT collections', HOSTILE_BODIES.nftCollections, views.nftCollections],
  ['internal transactions', HOSTILE_BODIES.internalTransactions, views.internalTransactions],
  ['withdrawals', HOSTILE_BODIES.withdrawals, views.withdrawals],
  ['event logs', HOSTILE_BODIES.logs, views.logs],
  ['event logs of a transaction', HOSTILE_BODIES.logs, views.txLogs],
  ['internal transactions of a transaction', HOSTILE_BODIES.internalTransactions, views.txInternalTransactions],
  ['state changes', HOSTILE_BODIES.stateChanges, views.stateChanges],
  ['search', HOSTILE_BODIES.search, views.search],
  ['blocks', HOSTILE_BODIES.blocks, views.blocks],
  ['admin networks', HOSTILE_BODIES.networks, networkView()],
  ['admin networks --show-secrets', HOSTILE_BODIES.networks, networkView({ showSecrets: true })],
  ['token holders', HOSTILE_BODIES.tokenHolders, views.tokenHolders],
  ['token holders, with a hostile token', HOSTILE_BODIES.tokenHolders, { columns: tokenHolderColumns({ decimals: '18', symbol: ATTACKS.csi, totalSupply: '300000000000000000000' }), shape: TokenHolder }],
  ['token nfts', HOSTILE_BODIES.tokenInstances, views.tokenInstances],
  ['any list (scout api)', HOSTILE_BODIES.transactions, views.generic],
  ['chains', { items: everyStringHostile(BUILTIN_CHAINS.slice(0, 6)) }, { columns: chainColumns }],
  // The chain-wide lists of things: every string the test explorer sends made hostile.
  ['tokens', { items: everyStringHostile(discoveryData().tokens.slice(0, 6).map((e) => e.json)) }, views.tokens],
  ['verified contracts', { items: everyStringHostile(discoveryData().contracts.slice(0, 6).map((e) => e.json)) }, views.contracts],
  ['hot contracts', { items: everyStringHostile(hotContracts('1d', 'transactions_count', 'desc').slice(0, 6).map((e) => e.json)) }, views.hotContracts],
  ['beacon deposits', { items: everyStringHostile(discoveryData().deposits.slice(0, 6).map((e) => e.json)) }, views.deposits],
] as never;

/** Every cell of every view of `items` is clean: terminal (each context), piped, CSV. */
function expectListClean(name: string, body: { items: readonly unknown[] }, view: View): void {
  // As output.ts hands them to the columns: as sent, whatever their shape.
  const items = body.items as never[];
  const columns = (typeof view.columns === 'function' ? view.columns(items) : view.columns) as Column<never>[];
  for (const c of CONTEXTS) {
    expectClean(c.tty ? renderTable(items, columns, c) : renderTsv(items, columns, c), `${name} ${JSON.stringify(c)}`);
  }
  const piped = renderTsv(items, columns, CONTEXTS[3]!);
  // One line per item, whatever newlines the chain put in its text.
  expect(piped.split('\n')).toHaveLength(items.length + 1);
  expectSafeCsv(csvHeader(columns) + csvRows(items, columns, CONTEXTS[3]!), name);
}

describe('renderers: nothing hostile leaks', () => {
  it.each(LISTS)('%s: terminal, piped and CSV', (name, body, view) => expectListClean(name, body, view));

  it('tx show', () => {
    for (const c of CONTEXTS) expectClean(renderTransaction(HOSTILE_BODIES.transaction as unknown as Transaction, c), `tx show ${JSON.stringify(c)}`);
    for (const n of [0, 3]) {
      const failed = HOSTILE_BODIES.transactions.items[n] as unknown as Transaction;
      for (const c of CONTEXTS) expectClean(renderTransaction(failed, c), `failed tx ${n}`);
    }
  });

  it('address show, every string field hostile: names, tags, proxy, token, balance, counts', () => {
    const hostile = `${ATTACKS.osc0}${ATTACKS.csi}${ATTACKS.bidi}`;
    const address = {
      hash: hostile,
      name: hostile,
      ens_domain_name: hostile,
      is_contract: true,
      is_verified: false,
      is_scam: true,
      reputation: hostile,
      public_tags: [{ label: hostile, display_name: hostile }],
      private_tags: [{ label: hostile, display_name: hostile }],
      metadata: { tags: [{ name: hostile, slug: hostile, tagType: hostile }] },
      proxy_type: hostile,
      implementations: [{ address_hash: hostile, name: hostile }],
      creator_address_hash: hostile,
      creation_transaction_hash: hostile,
      creation_status: hostile,
      coin_balance: hostile,
      exchange_rate: hostile,
      block_number_balance_updated_at: hostile,
      token: { address_hash: hostile, name: hostile, symbol: hostile, type: hostile },
    };
    const counters = { transactions_count: hostile, token_transfers_count: hostile, gas_usage_count: hostile, validations_count: hostile };
    for (const start of [0, 1, 2, 3]) {
      const a = everyStringHostile(address, start) as unknown as AddressDetails;
      const c = everyStringHostile(counters, start) as unknown as AddressCounters;
      for (const ctx of CONTEXTS) expectClean(renderAddress(a, c, ctx), `address show ${start} ${JSON.stringify(ctx)}`);
    }
  });

  it('block show, stats and gas', () => {
    const stats = HOSTILE_BODIES.stats as unknown as Stats;
    for (const c of CONTEXTS) {
      expectClean(renderBlock(HOSTILE_BODIES.block as unknown as Block, c), `block show ${JSON.stringify(c)}`);
      expectClean(renderStats(stats, c), `stats ${JSON.stringify(c)}`);
      expectClean(renderGas(stats.gas_prices as GasPrices, c, stats.gas_price_updated_at), `gas ${JSON.stringify(c)}`);
      for (const start of [0, 1, 5]) {
        expectClean(renderBlock(everyStringHostile(HOSTILE_BODIES.block, start) as unknown as Block, c), `block show, every string hostile ${start}`);
        expectClean(renderStats(everyStringHostile(HOSTILE_BODIES.stats, start) as unknown as Stats, c), `stats, every string hostile ${start}`);
      }
    }
  });

  it('token show, token nft, contract show (and with every string field hostile)', () => {
    for (const start of [0, 1, 5]) {
      const t = start === 0 ? HOSTILE_BODIES.token : everyStringHostile(HOSTILE_BODIES.token, start);
      const counters = start === 0 ? HOSTILE_BODIES.tokenCounters : everyStringHostile(HOSTILE_BODIES.tokenCounters, start);
      const nft = start === 0 ? HOSTILE_BODIES.tokenInstance : everyStringHostile(HOSTILE_BODIES.tokenInstance, start);
      const contract = start === 0 ? HOSTILE_BODIES.contract : everyStringHostile(HOSTILE_BODIES.contract, start);
      for (const c of CONTEXTS) {
        expectClean(renderToken(t as never, counters as never, c), `token show ${start} ${JSON.stringify(c)}`);
        expectClean(renderTokenInstance(nft as never, c), `token nft ${start} ${JSON.stringify(c)}`);
        expectClean(renderContract(contract as never, '0x' + '1'.repeat(40), c), `contract show ${start} ${JSON.stringify(c)}`);
      }
    }
  });

  it('tx trace, both shapes', () => {
    for (const c of CONTEXTS) {
      expectClean(renderTrace(HOSTILE_BODIES.traceGeth, c), 'geth trace');
      expectClean(renderTrace(HOSTILE_BODIES.traceParity, c), 'parity trace');
    }
  });

  it.each(LISTS)('%s, every string field hostile (hashes, times, amounts, types too)', (name, body, view) => {
    expectListClean(name, everyStringHostile(body), view);
  });

  it('tx show, every string field hostile: the hash in the overflow line, non-hex input, all of it', () => {
    for (const start of [0, 1, 2, 3, 5, 7]) {
      const tx = everyStringHostile(HOSTILE_BODIES.transaction, start) as unknown as Transaction;
      expect(tx.token_transfers_overflow).toBe(true);
      for (const c of CONTEXTS) expectClean(renderTransaction(tx, c), `tx show ${start} ${JSON.stringify(c)}`);
    }
  });

  it('tx summary, and with every string field hostile (variable types and names too)', () => {
    for (const body of [HOSTILE_BODIES.summary, everyStringHostile(HOSTILE_BODIES.summary), everyStringHostile(HOSTILE_BODIES.summary, 5)]) {
      for (const c of CONTEXTS) {
        const out = summaryLines(JSON.stringify(body), c);
        expect('lines' in out, 'has lines').toBe(true);
        // One line per summary, whatever line breaks the chain put in a template or a value.
        if ('lines' in out) for (const l of out.lines) expectClean(l + '\n', `summary ${JSON.stringify(c)}`), expect(l).not.toContain('\n');
      }
    }
  });

  it('tx explain: every part hostile', () => {
    const list = (items: readonly unknown[]) => ({ body: JSON.stringify({ items, next_page_params: null }) });
    for (const start of [0, 3]) {
      const h = (v: unknown) => (start ? everyStringHostile(v, start) : v);
      const parts = {
        summary: { body: JSON.stringify(h(HOSTILE_BODIES.summary)) },
        token_transfers: list(h(HOSTILE_BODIES.tokenTransfers.items) as unknown[]),
        state_changes: list(h(HOSTILE_BODIES.stateChanges.items) as unknown[]),
        logs: list(h(HOSTILE_BODIES.logs.items) as unknown[]),
        raw_trace: { body: JSON.stringify(h(HOSTILE_BODIES.traceParity)) },
      };
      for (const c of CONTEXTS) {
        for (const b of renderExplain('0x' + '2'.repeat(64), JSON.stringify(h(HOSTILE_BODIES.transaction)), parts, c, 'empty')) {
          expectClean('out' in b ? b.out : b.note, `explain ${start} ${JSON.stringify(c)}`);
        }
      }
    }
  });

  it('tx trace, every string field hostile', () => {
    for (const c of CONTEXTS) {
      expectClean(renderTrace(everyStringHostile(HOSTILE_BODIES.traceGeth), c), 'geth trace');
      expectClean(renderTrace(everyStringHostile(HOSTILE_BODIES.traceParity), c), 'parity trace');
    }
  });

  it('the attacks stay readable: every one shows in a visible form', () => {
    const out = renderTsv(HOSTILE_BODIES.search.items.slice(0, Object.keys(ATTACKS).length) as never[], views.search.columns, CONTEXTS[3]!);
    expect(out).toContain('Evil\u241b[31mRED');
    expect(out).toContain('\u241b]0;pwned title\u2407');
    expect(out).toContain('\u241b]8;;https://evil.example/claim\u241b\\Claim airdrop');
    expect(out).toContain('\u241b]52;c;');
    expect(out).toContain('Eight<U+009B>31mbit');
    expect(out).toContain('USD<U+202E>TGI.exe');
    expect(out).toContain('US<U+200B>D<U+200D>C<U+FEFF>');
    expect(out).toContain('soft<U+00AD>hy mon<U+180E>gol anno<U+FFF9>ta<U+FFFA>tion<U+FFFB> tag<U+E0041><U+E0042><U+E007F>s');
  });
});

describe('the real commands: nothing hostile leaks, JSON equals what was sent', () => {
  let server: Server;
  let base = '';
  const routes: Record<string, unknown> = {};
  const ADDR = '0x' + '1'.repeat(40);
  const HASH = '0x' + '2'.repeat(64);
  const TRACE_GETH = '0x' + '3'.repeat(64);
  routes[`/api/v2/addresses/${ADDR}/transactions`] = HOSTILE_BODIES.transactions;
  routes[`/api/v2/addresses/${ADDR}/token-transfers`] = HOSTILE_BODIES.tokenTransfers;
  routes[`/api/v2/addresses/${ADDR}/tokens`] = HOSTILE_BODIES.tokenBalances;
  routes[`/api/v2/addresses/${ADDR}/nft/collections`] = HOSTILE_BODIES.nftCollections;
  routes[`/api/v2/addresses/${ADDR}/internal-transactions`] = HOSTILE_BODIES.internalTransactions;
  routes[`/api/v2/addresses/${ADDR}/withdrawals`] = HOSTILE_BODIES.withdrawals;
  routes[`/api/v2/addresses/${ADDR}/logs`] = HOSTILE_BODIES.logs;
  routes[`/api/v2/transactions/${HASH}/logs`] = HOSTILE_BODIES.logs;
  routes[`/api/v2/transactions/${HASH}/internal-transactions`] = HOSTILE_BODIES.internalTransactions;
  routes[`/api/v2/transactions/${HASH}/state-changes`] = HOSTILE_BODIES.stateChanges;
  routes['/api/v2/search'] = HOSTILE_BODIES.search;
  routes['/admin/api/v1/networks'] = HOSTILE_BODIES.networks;
  routes[`/api/v2/transactions/${HASH}`] = HOSTILE_BODIES.transaction;
  routes[`/api/v2/transactions/${HASH}/token-transfers`] = HOSTILE_BODIES.tokenTransfers;
  routes[`/api/v2/transactions/${HASH}/raw-trace`] = HOSTILE_BODIES.traceParity;
  routes[`/api/v2/transactions/${HASH}/summary`] = HOSTILE_BODIES.summary;
  routes[`/api/v2/transactions/${TRACE_GETH}`] = HOSTILE_BODIES.transaction;
  routes[`/api/v2/transactions/${TRACE_GETH}/raw-trace`] = HOSTILE_BODIES.traceGeth;
  routes['/api/v2/blocks'] = HOSTILE_BODIES.blocks;
  routes['/api/v2/blocks/103'] = HOSTILE_BODIES.block;
  routes['/api/v2/blocks/103/transactions'] = HOSTILE_BODIES.transactions;
  routes['/api/v2/blocks/103/withdrawals'] = HOSTILE_BODIES.withdrawals;
  routes['/api/v2/blocks/103/internal-transactions'] = HOSTILE_BODIES.internalTransactions;
  routes['/api/v2/blocks/103/beacon/deposits'] = HOSTILE_BODIES.deposits;
  routes[`/api/v2/transactions/${HASH}/blobs`] = HOSTILE_BODIES.blobs;
  routes[`/api/v2/transactions/${HASH}/beacon/deposits`] = HOSTILE_BODIES.deposits;
  routes[`/api/v2/addresses/${ADDR}/beacon/deposits`] = HOSTILE_BODIES.deposits;
  routes[`/api/v2/addresses/${ADDR}/blocks-validated`] = HOSTILE_BODIES.blocks;
  routes['/api/v2/stats'] = HOSTILE_BODIES.stats;
  const TOKEN = '0x' + '4'.repeat(40);
  routes[`/api/v2/tokens/${TOKEN}`] = HOSTILE_BODIES.token;
  routes[`/api/v2/tokens/${TOKEN}/counters`] = HOSTILE_BODIES.tokenCounters;
  routes[`/api/v2/tokens/${TOKEN}/holders`] = HOSTILE_BODIES.tokenHolders;
  routes[`/api/v2/tokens/${TOKEN}/transfers`] = HOSTILE_BODIES.tokenTransfers;
  routes[`/api/v2/tokens/${TOKEN}/instances`] = HOSTILE_BODIES.tokenInstances;
  routes[`/api/v2/tokens/${TOKEN}/instances/2`] = HOSTILE_BODIES.tokenInstance;
  routes[`/api/v2/tokens/${TOKEN}/instances/2/holders`] = HOSTILE_BODIES.tokenHolders;
  routes[`/api/v2/tokens/${TOKEN}/instances/2/transfers`] = HOSTILE_BODIES.tokenTransfers;
  routes[`/api/v2/smart-contracts/${TOKEN}`] = HOSTILE_BODIES.contract;
  const AA = '/api/v2/proxy/account-abstraction';
  routes[`${AA}/operations`] = HOSTILE_BODIES.userOps;
  routes[`${AA}/operations/${HASH}`] = HOSTILE_BODIES.userOp;
  routes[`${AA}/bundlers`] = HOSTILE_BODIES.aaBundlers;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = routes[new URL(req.url ?? '/', 'http://x').pathname];
      if (body === undefined) res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      // JSON.stringify escapes C0 controls and sends C1, bidi and zero-width characters raw (UTF-8).
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const A = `/api/v2/addresses/${ADDR}`;
  const T = `/api/v2/transactions/${HASH}`;
  /** Command, its words, the path it reads, whether it is a list. */
  const COMMANDS: [string, string[], string, boolean][] = [
    ['address txs', ['address', 'txs', ADDR], `${A}/transactions`, true],
    ['address transfers', ['address', 'transfers', ADDR], `${A}/token-transfers`, true],
    ['address tokens', ['address', 'tokens', ADDR], `${A}/tokens`, true],
    ['address nfts', ['address', 'nfts', ADDR], `${A}/nft/collections`, true],
    ['address internal-txs', ['address', 'internal-txs', ADDR], `${A}/internal-transactions`, true],
    ['address withdrawals', ['address', 'withdrawals', ADDR], `${A}/withdrawals`, true],
    ['tx transfers', ['tx', 'transfers', HASH], `${T}/token-transfers`, true],
    ['address logs', ['address', 'logs', ADDR], `${A}/logs`, true],
    ['tx logs', ['tx', 'logs', HASH], `${T}/logs`, true],
    ['tx internal-txs', ['tx', 'internal-txs', HASH], `${T}/internal-transactions`, true],
    ['tx state-changes', ['tx', 'state-changes', HASH], `${T}/state-changes`, true],
    ['search', ['search', 'evil'], '/api/v2/search', true],
    ['admin networks', ['admin', 'networks', '--api-key', 'k'], '/admin/api/v1/networks', true],
    ['blocks', ['blocks'], '/api/v2/blocks', true],
    ['block txs', ['block', 'txs', '103'], '/api/v2/blocks/103/transactions', true],
    ['block withdrawals', ['block', 'withdrawals', '103'], '/api/v2/blocks/103/withdrawals', true],
    ['block internal-txs', ['block', 'internal-txs', '103'], '/api/v2/blocks/103/internal-transactions', true],
    ['block deposits', ['block', 'deposits', '103'], '/api/v2/blocks/103/beacon/deposits', true],
    ['tx blobs', ['tx', 'blobs', HASH], `${T}/blobs`, true],
    ['tx deposits', ['tx', 'deposits', HASH], `${T}/beacon/deposits`, true],
    ['address deposits', ['address', 'deposits', ADDR], `${A}/beacon/deposits`, true],
    ['address blocks-validated', ['address', 'blocks-validated', ADDR], `${A}/blocks-validated`, true],
    ['token holders --id', ['token', 'holders', TOKEN, '--id', '2'], `/api/v2/tokens/${TOKEN}/instances/2/holders`, true],
    ['token transfers --id', ['token', 'transfers', TOKEN, '--id', '2'], `/api/v2/tokens/${TOKEN}/instances/2/transfers`, true],
    ['token holders', ['token', 'holders', TOKEN], `/api/v2/tokens/${TOKEN}/holders`, true],
    ['token transfers', ['token', 'transfers', TOKEN], `/api/v2/tokens/${TOKEN}/transfers`, true],
    ['token nfts', ['token', 'nfts', TOKEN], `/api/v2/tokens/${TOKEN}/instances`, true],
    ['token nft', ['token', 'nft', TOKEN, '2'], `/api/v2/tokens/${TOKEN}/instances/2`, false],
    ['contract show', ['contract', 'show', TOKEN], `/api/v2/smart-contracts/${TOKEN}`, false],
    ['tx show', ['tx', 'show', HASH], T, false],
    ['block show', ['block', '103'], '/api/v2/blocks/103', false],
    ['stats', ['stats'], '/api/v2/stats', false],
    ['tx summary', ['tx', 'summary', HASH], `${T}/summary`, false],
    ['tx trace (Parity)', ['tx', 'trace', HASH], `${T}/raw-trace`, false],
    ['tx trace (Geth)', ['tx', 'trace', TRACE_GETH], `/api/v2/transactions/${TRACE_GETH}/raw-trace`, false],
    ['address userops', ['address', 'userops', ADDR], `${AA}/operations`, true],
    ['tx userops', ['tx', 'userops', HASH], `${AA}/operations`, true],
    ['aa bundlers', ['aa', 'bundlers'], `${AA}/bundlers`, true],
    ['userop', ['userop', HASH], `${AA}/operations/${HASH}`, false],
  ];
  const urls = () => ['--base-url', base, '--admin-url', base];
  /** The calls of a trace in tree order, each without its nested calls: a Parity array is its entries. */
  const callsOf = (trace: unknown): unknown[] => {
    if (Array.isArray(trace)) return trace;
    const out: unknown[] = [];
    const todo = [trace as Record<string, unknown>];
    for (let c = todo.pop(); c; c = todo.pop()) {
      const { calls, ...rest } = c;
      out.push(Array.isArray(calls) ? rest : c);
      if (Array.isArray(calls)) todo.push(...(calls as Record<string, unknown>[]).slice().reverse());
    }
    return out;
  };

  it.each(COMMANDS)('%s: piped, CSV and --json', async (name, args, path, list) => {
    const piped = await runScout([...args, ...urls()]);
    expect(piped.code, piped.stderr).toBe(0);
    expectClean(piped.stdout, `${name} piped`);
    expectClean(piped.stderr, `${name} stderr`);
    if (list) {
      const csv = await runScout([...args, ...urls(), '--csv']);
      expect(csv.code).toBe(0);
      expectSafeCsv(csv.stdout, `${name} --csv`);
    }
    // JSON and NDJSON: the same values, every character the terminal sanitiser covers written as \\uXXXX.
    const json = await runScout([...args, ...urls(), '--json']);
    expect(json.code).toBe(0);
    expectClean(json.stdout, `${name} --json`);
    const sent = routes[path] as { items?: unknown[] };
    expect(JSON.parse(json.stdout)).toEqual(list ? sent.items : sent);
    const ndjson = await runScout([...args, ...urls(), '--ndjson']);
    expect(ndjson.code).toBe(0);
    expectClean(ndjson.stdout, `${name} --ndjson`);
    const lines = ndjson.stdout.split('\n').slice(0, -1).map((l) => JSON.parse(l) as unknown);
    // A trace is one call per line, its nested calls on lines of their own (test/render/trace-lines.test.ts).
    if (name.startsWith('tx trace')) expect(lines.map((l) => (l as { call: unknown }).call)).toEqual(callsOf(sent));
    else expect(lines).toEqual(list ? sent.items : [sent]);
  });

  it('gas: piped, on a terminal, and --json as the gas_prices sent', async () => {
    const piped = await runScout(['gas', ...urls()]);
    expect(piped.code, piped.stderr).toBe(0);
    expectClean(piped.stdout + piped.stderr, 'gas piped');
    const json = await runScout(['gas', ...urls(), '--json']);
    expect(JSON.parse(json.stdout)).toEqual(HOSTILE_BODIES.stats.gas_prices);
    expectClean(json.stdout, 'gas --json');
    const home = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    const io = memoryIo({ stdoutIsTTY: true, color: true, width: 100, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home } });
    expect(await run(['node', 'scout', 'gas', ...urls()], io), io.stderr()).toBe(0);
    expectClean(io.stdout() + io.stderr(), 'gas terminal');
  });

  it('tx explain: piped, on a terminal, and --json holding each part as sent', async () => {
    const piped = await runScout(['tx', 'explain', HASH, ...urls()]);
    expect(piped.code, piped.stderr).toBe(0);
    expectClean(piped.stdout, 'tx explain piped');
    expectClean(piped.stderr, 'tx explain stderr');
    const home = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    const io = memoryIo({ stdoutIsTTY: true, color: true, width: 100, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home } });
    expect(await run(['node', 'scout', 'tx', 'explain', HASH, ...urls()], io), io.stderr()).toBe(0);
    expectClean(io.stdout(), 'tx explain terminal');
    expectClean(io.stderr(), 'tx explain terminal stderr');
    const json = await runScout(['tx', 'explain', HASH, ...urls(), '--json']);
    expectClean(json.stdout, 'tx explain --json');
    expect(JSON.parse(json.stdout)).toEqual({
      transaction: routes[T],
      summary: routes[`${T}/summary`],
      // The hostile user operations, as a bundle's.
      user_operations: routes[`${AA}/operations`],
      token_transfers: routes[`${T}/token-transfers`],
      state_changes: routes[`${T}/state-changes`],
      logs: routes[`${T}/logs`],
      raw_trace: routes[`${T}/raw-trace`],
      beacon_deposits: routes[`${T}/beacon/deposits`],
    });
  });

  it.each(COMMANDS)('%s: on a terminal, with colour', async (name, args) => {
    const home = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    const io = memoryIo({ stdoutIsTTY: true, color: true, width: 100, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home } });
    const code = await run(['node', 'scout', ...args, ...urls()], io);
    expect(code, io.stderr()).toBe(0);
    expect(io.stdout().length).toBeGreaterThan(0);
    expectClean(io.stdout(), `${name} terminal`);
    expectClean(io.stderr(), `${name} terminal stderr`);
  });

  it('token show: clean piped and on a terminal; --json is the token with its counters under "counters"', async () => {
    const piped = await runScout(['token', TOKEN, ...urls()]);
    expect(piped.code, piped.stderr).toBe(0);
    expectClean(piped.stdout, 'token show piped');
    const home = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    const io = memoryIo({ stdoutIsTTY: true, color: true, width: 100, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home } });
    expect(await run(['node', 'scout', 'token', TOKEN, ...urls()], io)).toBe(0);
    expectClean(io.stdout(), 'token show terminal');
    const json = await runScout(['token', TOKEN, ...urls(), '--json']);
    expectClean(json.stdout, 'token show --json');
    expect(JSON.parse(json.stdout)).toEqual({ ...HOSTILE_BODIES.token, counters: HOSTILE_BODIES.tokenCounters });
  });

  it('contract abi and source: the ABI and the source as sent when piped; the source made safe on a terminal', async () => {
    const abi = await runScout(['contract', 'abi', TOKEN, ...urls()]);
    expect(abi.code, abi.stderr).toBe(0);
    expectClean(abi.stdout, 'contract abi');
    expectClean(abi.stderr, 'contract abi stderr (the twin note)');
    expect(JSON.parse(abi.stdout)).toEqual(HOSTILE_BODIES.contract.abi);
    const piped = await runScout(['contract', 'source', TOKEN, ...urls()]);
    expect(piped.stdout).toBe(HOSTILE_BODIES.contract.source_code);
    const home = mkdtempSync(join(tmpdir(), 'scout-hostile-'));
    const io = memoryIo({ stdoutIsTTY: true, color: true, width: 100, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home } });
    expect(await run(['node', 'scout', 'contract', 'source', TOKEN, ...urls()], io)).toBe(0);
    expectClean(io.stdout(), 'contract source terminal');
    expect(io.stdout().split('\n').length).toBe(HOSTILE_BODIES.contract.source_code.split('\n').length + 1);
  });
});
