/**
 * How much of the explorer's API has a command: every read path of the official OpenAPI document
 * (../shared/specs, skipped saying so when absent) is either reached by a scout command line, run
 * here against the test explorer and seen in its request log, or listed uncovered with the reason
 * (write-only, account-only, chain-specific, or served another way). At least 80 paths are covered;
 * a path in neither list fails the test, so the document and this list cannot drift apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../support/scout.js';
import { twoChainsConfig } from '../support/two-chains.js';
import { AA_OP } from '../support/fake/aa-data.js';
import { AA_ADDR } from '../support/data.js';
import { ADDR, type FakeServer, HEAD_BLOCK, startServer, TX } from '../support/server.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const SPEC = join(ROOT, '..', 'shared', 'specs', 'blockscout-master-default-swagger.yaml');
const present = existsSync(SPEC);
if (!present) console.warn(`coverage: skipped, ${SPEC} is absent (the shared specs live beside the project)`);

/** The GET paths of the document, as it writes them (`/v2/blocks/{block_hash_or_number_param}`). */
function readPaths(): string[] {
  const out: string[] = [];
  let current: string | undefined;
  for (const line of readFileSync(SPEC, 'utf8').split('\n')) {
    const p = /^ {2}(\/[^:\s]+):\s*$/.exec(line);
    if (p) current = p[1];
    else if (current && /^ {4}get:/.test(line)) out.push(current);
    else if (/^\S/.test(line)) current = undefined;
  }
  return out;
}

const B = String(HEAD_BLOCK - 3);
/** How a command line runs: on a terminal (what it asks only there), or on an explorer with asynchronous CSV exports. */
interface Run {
  readonly args: readonly string[];
  readonly tty?: boolean;
  readonly asyncCsv?: boolean;
  /** Run over the chains of a registry cache whose two mainnets are the test explorer (not with --base-url). */
  readonly chains?: boolean;
}

/** Each covered path and a command line that reaches it. */
const COVERED: Readonly<Record<string, readonly string[] | Run>> = {
  '/legacy/block/get-block-number-by-time': ['block', 'at', '2025-08-01'],
  '/v2/addresses': ['accounts'],
  '/v2/addresses/{address_hash_param}': ['address', ADDR.rich],
  '/v2/addresses/{address_hash_param}/coin-balance-history': ['address', 'balance-history', ADDR.rich],
  '/v2/addresses/{address_hash_param}/coin-balance-history-by-day': ['address', 'balance-history', ADDR.rich, '--daily'],
  '/v2/addresses/{address_hash_param}/counters': ['address', ADDR.rich],
  '/v2/addresses/{address_hash_param}/internal-transactions': ['address', 'internal-txs', ADDR.rich],
  '/v2/addresses/{address_hash_param}/logs': ['address', 'logs', ADDR.rich],
  '/v2/addresses/{address_hash_param}/nft/collections': ['address', 'nfts', ADDR.rich],
  '/v2/addresses/{address_hash_param}/token-balances': ['address', 'balance', ADDR.rich, '--token', ADDR.usdc],
  '/v2/addresses/{address_hash_param}/token-transfers': ['address', 'transfers', ADDR.rich],
  '/v2/addresses/{address_hash_param}/tokens': ['address', 'tokens', ADDR.rich],
  '/v2/addresses/{address_hash_param}/transactions': ['address', 'txs', ADDR.rich],
  '/v2/addresses/{address_hash_param}/withdrawals': ['address', 'withdrawals', ADDR.rich],
  '/v2/advanced-filters': ['address', 'activity', ADDR.rich],
  '/v2/advanced-filters/methods': ['address', 'activity', ADDR.rich, '--method', 'transfer'],
  '/v2/blocks': ['blocks'],
  '/v2/blocks/{block_hash_or_number_param}': ['block', B],
  '/v2/blocks/{block_hash_or_number_param}/transactions': ['block', 'txs', B],
  '/v2/blocks/{block_hash_or_number_param}/withdrawals': ['block', 'withdrawals', B],
  '/v2/blocks/{block_number_param}/countdown': ['block', 'countdown', String(HEAD_BLOCK + 100)],
  '/v2/config/backend': ['explorer'],
  '/v2/config/backend-version': ['explorer'],
  '/v2/config/csv-export': ['explorer'],
  '/v2/config/db-background-migrations': ['explorer'],
  '/v2/config/indexer': ['explorer'],
  '/v2/config/public-metrics': ['explorer'],
  '/v2/config/smart-contracts/languages': ['explorer'],
  '/v2/main-page/indexing-status': ['explorer'],
  '/v2/search': ['search', 'USDT'],
  '/v2/smart-contracts/{address_hash_param}': ['contract', ADDR.contract],
  '/v2/stats': ['stats'],
  '/v2/stats/charts/market': ['stats', '--chart', 'market'],
  '/v2/stats/charts/secondary-coin-market': ['stats', '--chart', 'secondary'],
  '/v2/stats/charts/transactions': ['stats', '--chart', 'transactions'],
  '/v2/tokens/{address_hash_param}': ['token', ADDR.usdc],
  '/v2/tokens/{address_hash_param}/counters': ['token', ADDR.usdc],
  '/v2/tokens/{address_hash_param}/holders': ['token', 'holders', ADDR.usdc],
  '/v2/tokens/{address_hash_param}/instances': ['token', 'nfts', ADDR.nft721],
  '/v2/tokens/{address_hash_param}/instances/{token_id_param}': ['token', 'nft', ADDR.nft721, '8520'],
  '/v2/tokens/{address_hash_param}/transfers': ['token', 'transfers', ADDR.usdc],
  '/v2/transactions/{transaction_hash_param}': ['tx', 'show', TX.ok],
  '/v2/transactions/{transaction_hash_param}/internal-transactions': ['tx', 'internal-txs', TX.ok],
  '/v2/transactions/{transaction_hash_param}/logs': ['tx', 'logs', TX.ok],
  '/v2/transactions/{transaction_hash_param}/raw-trace': ['tx', 'trace', TX.parityTrace],
  '/v2/transactions/{transaction_hash_param}/state-changes': ['tx', 'state-changes', TX.ok],
  '/v2/transactions/{transaction_hash_param}/summary': ['tx', 'summary', TX.ok],
  '/v2/transactions/{transaction_hash_param}/token-transfers': ['tx', 'transfers', TX.ok],
  '/v2/tokens/': ['tokens'],
  '/v2/smart-contracts/': ['contracts'],
  '/v2/smart-contracts/counters': { args: ['contracts'], tty: true },
  '/v2/stats/hot-smart-contracts': ['hot'],
  '/v2/transactions': ['txs'],
  '/v2/token-transfers': ['transfers'],
  '/v2/internal-transactions': ['internal-txs'],
  '/v2/withdrawals': ['withdrawals'],
  '/v2/addresses/{address_hash_param}/transactions/csv': ['address', 'txs', ADDR.rich, '--server-csv'],
  '/v2/addresses/{address_hash_param}/token-transfers/csv': ['address', 'transfers', ADDR.rich, '--server-csv'],
  '/v2/addresses/{address_hash_param}/internal-transactions/csv': ['address', 'internal-txs', ADDR.rich, '--server-csv'],
  '/v2/addresses/{address_hash_param}/logs/csv': ['address', 'logs', ADDR.rich, '--server-csv'],
  '/v2/tokens/{address_hash_param}/holders/csv': ['token', 'holders', ADDR.usdc, '--server-csv'],
  '/v2/advanced-filters/csv': ['address', 'activity', ADDR.rich, '--server-csv'],
  '/v2/csv-exports/{uuid_param}': { args: ['address', 'txs', ADDR.rich, '--server-csv'], asyncCsv: true },
  '/v2/transactions/stats': ['stats', '--day'],
  '/v2/withdrawals/counters': ['stats', '--day'],
  '/v2/addresses/{address_hash_param}/blocks-validated': ['address', 'blocks-validated', ADDR.rich],
  '/v2/blocks/{block_hash_or_number_param}/internal-transactions': ['block', 'internal-txs', B],
  '/v2/tokens/{address_hash_param}/instances/{token_id_param}/holders': ['token', 'holders', ADDR.nft721, '--id', '8520'],
  '/v2/tokens/{address_hash_param}/instances/{token_id_param}/transfers': ['token', 'transfers', ADDR.nft721, '--id', '8520'],
  '/v2/tokens/{address_hash_param}/instances/{token_id_param}/transfers-count': ['token', 'nft', ADDR.nft721, '8520'],
  '/v2/proxy/account-abstraction/operations': ['address', 'userops', AA_ADDR.account],
  '/v2/proxy/account-abstraction/operations/{operation_hash_param}': ['userop', AA_OP.batch],
  '/v2/proxy/account-abstraction/operations/{operation_hash_param}/summary': ['userop', AA_OP.batch],
  '/v2/proxy/account-abstraction/accounts': ['aa', 'accounts'],
  '/v2/proxy/account-abstraction/accounts/{address_hash_param}': ['address', AA_ADDR.account],
  '/v2/proxy/account-abstraction/bundlers': ['aa', 'bundlers'],
  '/v2/proxy/account-abstraction/bundles': ['aa', 'bundles'],
  '/v2/proxy/account-abstraction/paymasters': ['aa', 'paymasters'],
  '/v2/proxy/account-abstraction/factories': ['aa', 'factories'],
  '/v2/proxy/account-abstraction/status': ['aa', 'status'],
  '/v2/addresses/{address_hash_param}/tabs-counters': { args: ['portfolio', ADDR.rich, '--chains', 'mainnets'], chains: true },
};

/** Each path without a command, and why. */
const UNCOVERED: Readonly<Record<string, string>> = {
  '/legacy/block/eth-block-number': 'legacy: the newest block is `scout rpc eth_blockNumber` or `scout blocks --limit 1`',
  '/legacy/logs/get-logs': 'legacy: logs are `scout address logs` (and `scout rpc eth_getLogs`)',
  '/v1/search': 'legacy: the v2 search is `scout search`',
  '/v2/main-page/blocks': 'the explorer home page: the same blocks as `scout blocks`',
  '/v2/main-page/transactions': 'the explorer home page: the same transactions as `scout txs`',
  '/v2/main-page/transactions/watchlist': 'account-only: a signed-in user\'s watchlist',
  '/v2/transactions/watchlist': 'account-only: a signed-in user\'s watchlist',
  '/v2/search/check-redirect': 'the web page\'s search box: `scout search` and `scout open` answer it',
  '/v2/search/quick': 'the web page\'s search box as you type: `scout search` is the full search',
  '/v2/transactions/{transaction_hash_param}/external-transactions': 'chain-specific: transactions of other chains some rollups link',
  '/v2/transactions/{transaction_hash_param}/fhe-operations': 'chain-specific: fully homomorphic encryption operations',
  '/v2/transactions/{transaction_hash_param}/preview': 'the web page\'s hover card: `scout tx show` prints the transaction',
  '/v2/smart-contracts/{address_hash_param}/audit-reports': 'submitted through the web page with a captcha; rarely filled',
  '/v2/addresses/{address_hash_param}/nft': 'the same NFTs as `scout address nfts`, which lists them by collection (/nft/collections)',
  '/v2/proxy/account-abstraction/bundlers/{address_hash_param}': 'one bundler\'s totals: the row `scout aa bundlers` shows',
  '/v2/proxy/account-abstraction/paymasters/{address_hash_param}': 'one paymaster\'s totals: the row `scout aa paymasters` shows',
  '/v2/proxy/account-abstraction/factories/{address_hash_param}': 'one factory\'s totals: the row `scout aa factories` shows',
};

/** `path` of the document as a pattern over request paths under /api. */
function pattern(path: string): RegExp {
  const body = path.replace(/\/$/, '').split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
  return new RegExp(`^/api${body}/?$`, 'i');
}

describe.skipIf(!present)('coverage of the API by commands', () => {
  let srv: FakeServer;
  let asyncCsv: FakeServer;
  beforeAll(async () => {
    [srv, asyncCsv] = await Promise.all([startServer(), startServer({ csv: { async: true, pendingPolls: 0 } })]);
  });
  afterAll(() => Promise.all([srv?.close(), asyncCsv?.close()]));

  it('lists every read path of the document, covered or with a reason', () => {
    const paths = readPaths();
    expect(paths.length).toBeGreaterThan(90);
    const listed = new Set([...Object.keys(COVERED), ...Object.keys(UNCOVERED)]);
    expect(paths.filter((p) => !listed.has(p)), 'paths of the document in neither list').toEqual([]);
    expect([...listed].filter((p) => !paths.includes(p)), 'listed paths the document does not have').toEqual([]);
    expect(Object.keys(COVERED).filter((p) => p in UNCOVERED)).toEqual([]);
    const covered = Object.keys(COVERED).length;
    console.info(`coverage: ${covered} of ${paths.length} read paths have a command; uncovered:\n${Object.entries(UNCOVERED).map(([p, why]) => `  ${p}: ${why}`).join('\n')}`);
    expect(covered).toBeGreaterThanOrEqual(80);
  });

  it.each(Object.entries(COVERED))('%s is reached by its command', async (path, given) => {
    const run: Run = Array.isArray(given) ? { args: given } : (given as Run);
    const on = run.asyncCsv ? asyncCsv : srv;
    const before = on.requests.length;
    const statusBefore = on.statusRequests.length;
    const r = run.chains
      ? await runScout([...run.args], { env: { XDG_CONFIG_HOME: twoChainsConfig(on.url, 'coverage') }, color: false })
      : await runScout([...run.args, '--base-url', on.url], { stdoutIsTTY: run.tty ?? false, color: false });
    const args = run.args;
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    const seen = [...on.requests.slice(before), ...on.statusRequests.slice(statusBefore)].map((q) => q.path);
    expect(seen.some((p) => pattern(path).test(p)), `${args.join(' ')} asked ${seen.join(', ')}`).toBe(true);
  });
});
