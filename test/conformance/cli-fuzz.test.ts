/**
 * Command-line fuzzing: a few hundred command lines built from the real commands and options, with
 * valid values mixed with hostile ones (control characters, escape sequences, bidi overrides, huge
 * numbers, empty strings, percent-encoded paths, URLs with credentials, very long values), run
 * in-process against the local fake explorer. Seeded, so a failure names a case that reproduces.
 *
 * Every run must end with one of the contract's exit codes, stderr must hold no raw control or
 * invisible character, nothing may be an "unexpected error", a usage error (exit 2) must have sent
 * nothing, and no request may leave 127.0.0.1 (checked on undici's diagnostics channels, so even a
 * request that never reached the fake would be seen).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram, run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { seeded } from '../support/faults.js';
import { ABI_ADDR, VAULT_ABI } from '../support/fake/abi-data.js';
import { EVM } from '../support/fake/evm.js';
import { AA, AA_OP } from '../support/fake/aa-data.js';
import { ADDR, type FakeServer, HEAD_BLOCK, startServer, TX } from '../support/server.js';

// FUZZ_SEED and FUZZ_RUNS explore further; the suite always runs the same seed.
const SEED = Number(process.env.FUZZ_SEED ?? 0x5c0e7);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const EXIT_CODES = [0, 1, 2, 3, 4, 5];
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb\u{e0000}-\u{e007f}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u206a-\u206f\u2800\u3164\ufe00-\ufe0f\uffa0\u{13430}-\u{1343f}\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0100}-\u{e01ef}]/u;

let srv: FakeServer;
let home: string;
let keyFile: string;
let abiFile: string;
const origins: string[] = [];
const onRequest = (m: unknown) => {
  const { request } = m as { request: { origin: string } };
  origins.push(String(request.origin));
};
const onConnect = (m: unknown) => {
  const { connectParams } = m as { connectParams: { hostname: string } };
  origins.push(`connect:${connectParams.hostname}`);
};

beforeAll(async () => {
  srv = await startServer();
  home = mkdtempSync(join(tmpdir(), 'scout-fuzz-'));
  keyFile = join(home, 'admin.key');
  writeFileSync(keyFile, 'admin-secret\n');
  abiFile = join(home, 'Vault.json');
  writeFileSync(abiFile, JSON.stringify({ abi: VAULT_ABI }));
  subscribe('undici:request:create', onRequest);
  subscribe('undici:client:beforeConnect', onConnect);
});
afterAll(async () => {
  unsubscribe('undici:request:create', onRequest);
  unsubscribe('undici:client:beforeConnect', onConnect);
  await srv.close();
});

/** The password in URL settings' values: refused, and never printed. (Other values hold URLs with
 * passwords too, where a URL does not belong; those are echoed as the input they are.) */
const URL_PASS = 'pw-in-url-3f9c';

/** Values nobody should type, and some that scripts produce by accident. */
const HOSTILE = [
  '',
  ' ',
  '-',
  '--json',
  '\u001b[2J\u001b[H',
  '\u001b]0;pwned\u0007',
  '\u001b]52;c;ZXZpbA==\u001b\\',
  '\u009b31mred',
  'line\r\nscout: forged line',
  'nul\u0000byte',
  'del\u007f',
  '\u202egnp.exe',
  '\u2066isolate\u2069',
  'zero\u200bwidth',
  'tag\u{e0041}\u{e0042}',
  '\ufeffbom',
  'ünïcødé 🙂 名前',
  '%2e%2e/%2E%2E/admin',
  'a/%2fb',
  '..\\..\\x',
  '../../../etc/passwd',
  'http://alice:hunter2@127.0.0.1:1/',
  'https://alice:hunter2@[bad',
  '9'.repeat(400),
  '1e309',
  '-1',
  '0',
  'NaN',
  '0x',
  '"\'\\`$(id)',
  'x'.repeat(5000),
  '🙂'.repeat(300),
];

type Gen = (r: () => number) => string;
const pick =
  <T>(xs: readonly T[]) =>
  (r: () => number): T =>
    xs[Math.floor(r() * xs.length)]!;
/** A valid value most of the time, else a hostile one. */
const mix =
  (...valid: string[]): Gen =>
  (r) =>
    r() < 0.5 ? pick(valid)(r) : pick(HOSTILE)(r);

interface Opt {
  name: string;
  value?: Gen;
}

const address = mix(ADDR.rich, ADDR.empty, ADDR.evilToken, ADDR.usdc);
const hash = mix(TX.ok, TX.unknown, TX.overflow, TX.failed, TX.parityTrace, TX.traceError, TX.blob, TX.deposit, TX.batchDeposit);
/** `--id` of one NFT: ids good, huge, and no id at all. */
const nftId: Opt = { name: '--id', value: mix('8520', '80150964086159950173205574815354476552587982015634789657175307108395227874122', '7', '0x10', '-1') };
const block = mix('latest', String(HEAD_BLOCK), String(HEAD_BLOCK + 1), '0', '007', TX.ok, '9223372036854775808', '0x1a');
const output: Opt[] = [{ name: '--json' }, { name: '-j' }, { name: '--ndjson' }, { name: '-q', value: mix('.', 'length', '.[0]', '.hash', '.[] | .hash', '.[', 'error(.)', '.hash | .x') }];
const limit = mix('1', '5', '60', '0', '99999999999999999999');
/** `--wide` and `--columns` on every command that prints rows; names that are no field are exit 2. */
const table: Opt[] = [{ name: '--wide' }, { name: '--columns', value: mix('hash,from', 'timestamp', 'from,nope', ',', 'HASH') }];
/** `--since`/`--until` on every list: a window on the histories, exit 2 on the others. */
const time = mix('2025-08-01', '2025-08-11T09:00:00Z', '30d', '@1754900000', 'block:23116800', '#23116900', 'now', 'yesterday', '2025-02-30');
const window: Opt[] = [{ name: '--since', value: time }, { name: '--until', value: time }];
/** `--server-csv`: the explorer's own CSV of the lists it exports. */
const serverCsv: Opt = { name: '--server-csv' };
const pages: Opt[] = [...table, ...window, { name: '--csv' }, { name: '--limit', value: limit }, { name: '-L', value: limit }, { name: '--cursor', value: mix('eyJ4IjoieSJ9', '{"index":1}') }, { name: '--all' }, { name: '-a' }];
/** Keys `config set` may write into the fuzz's config file: none that would send a run elsewhere. */
const configKey = mix('chain', 'timeout', 'color', 'insecure', 'colour', 'verbose', 'api-key-file', 'chains.x.explorer-key');
const types = mix('erc-20', 'ERC-721,erc-1155', 'ERC404');
const filter = mix('to', 'from', 'TO');
/** `--chains`: the fake is always the --base-url, which --chains refuses (exit 2, before any request, names too). */
const chains: Opt = { name: '--chains', value: mix('base,8453', 'all', 'testnets', 'nope,zilch', ',', 'gnosis,,x') };
// --watch and --wait run until Ctrl-C, which the fuzz never sends: each comes with an option that
// makes the line a usage error (--all with --watch; --csv, which tx show does not take, with --wait).
const interval = mix('3', '1m', '1.5', '500ms', '1d', '25d');
const watching: Opt[] = [{ name: '--watch', value: pick(['--all', '--json']) }, { name: '--new-only' }, { name: '--interval', value: interval }];
const waiting: Opt[] = [{ name: '--wait', value: () => '--csv' }, { name: '--confirmations', value: mix('1', '3') }, { name: '--wait-timeout', value: mix('1s', '5m', '30', '1d', 'forever') }, { name: '--interval', value: interval }];

const TOPIC0 = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const WORD = '0x' + ADDR.rich.slice(2).toLowerCase().padStart(64, '0');
const CALLDATA = '0xa9059cbb' + WORD.slice(2) + '2'.padStart(64, '0');
/** `--to`, `--abi` and `--sig` of the decode verbs: a contract, an ABI file (or none there), signatures good and bad. */
const decodeWith = (...sigs: string[]): Opt[] => [
  { name: '--to', value: mix(ABI_ADDR.vault, ABI_ADDR.proxy, ADDR.usdc, ADDR.rich) },
  { name: '--abi', value: (r) => pick([abiFile, keyFile, join(home, 'missing.json'), home, '/dev/zero'])(r) },
  { name: '--sig', value: mix(...sigs) },
];

/** The real commands: their words, a generator for their arguments, and their own options. */
const COMMANDS: { words: string[]; args: Gen[]; opts: Opt[] }[] = [
  { words: ['address', 'show'], args: [mix(ADDR.rich, ADDR.contract, 'scout-rich.eth', 'alice.eth', 'a_b.eth')], opts: [...output, { name: '--web' }, chains] },
  { words: ['address', 'txs'], args: [mix(ADDR.rich, 'scout-rich.eth', 'Scout-Rich.ETH')], opts: [...output, ...pages, ...watching, serverCsv, { name: '--filter', value: filter }, chains] },
  {
    words: ['address', 'activity'],
    args: [mix(ADDR.rich, 'vitalik.eth', 'scout-rich.eth')],
    opts: [
      ...output,
      ...pages,
      { name: '--since', value: mix('2024-03', '30d', '@1704067200', 'block:19000000', '2024-02-30', 'yesterday') },
      { name: '--until', value: mix('2024-04', 'now', '2024-01-01T12:00:00Z', '#5') },
      { name: '--type', value: mix('erc-20,coin_transfer', 'CONTRACT_CREATION', 'ERC-7', ',') },
      { name: '--method', value: mix('transfer', '0xa9059cbb,approve', 'nosuchmethod', '0xa9', 'a b') },
      { name: '--token', value: mix(ADDR.usdc, 'native', 'usdc.gno', 'usdc.gno,native') },
      { name: '--not-token', value: mix(ADDR.usdc, 'native') },
      { name: '--from', value: mix(ADDR.counterparty, 'alice-scout.eth', `${ADDR.counterparty},${ADDR.rich}`) },
      { name: '--to', value: mix(ADDR.contract, 'router.base') },
      { name: '--not-from', value: mix(ADDR.counterparty) },
      { name: '--not-to', value: mix(ADDR.contract) },
      { name: '--relation', value: mix('and', 'or', 'AND', 'xor') },
      { name: '--min', value: mix('0.5', '1000', '0', '1e3', '-1', '0.1234567890123456789') },
      { name: '--max', value: mix('2.99', '0', '0.0', '10') },
      serverCsv,
      chains,
    ],
  },
  { words: ['address', 'tokens'], args: [address], opts: [...output, ...pages, { name: '--type', value: types }, { name: '--hide-scam' }, { name: '--show-scam' }, chains] },
  { words: ['address', 'nfts'], args: [address], opts: [...output, ...pages, { name: '--type', value: types }] },
  { words: ['address', 'transfers'], args: [address], opts: [...output, ...pages, ...watching, serverCsv, { name: '--type', value: types }, { name: '--filter', value: filter }, { name: '--token', value: mix(ADDR.usdc, 'usdc.gno', 'nowhere.eth') }, chains] },
  { words: ['address', 'internal-txs'], args: [address], opts: [...output, ...pages, ...watching, serverCsv, { name: '--filter', value: filter }] },
  { words: ['address', 'withdrawals'], args: [address], opts: [...output, ...pages] },
  { words: ['address', 'deposits'], args: [address], opts: [...output, ...pages, ...watching] },
  { words: ['address', 'blocks-validated'], args: [address], opts: [...output, ...pages, ...watching] },
  {
    words: ['address', 'balance'],
    args: [mix(ADDR.rich, 'scout-rich.eth', ADDR.empty)],
    opts: [...output, ...table, { name: '--csv' }, { name: '--at', value: mix('2025-01-01', 'now', '30d,2024-06-01', 'block:20000000', '2099-01-01', 'yesterday') }, { name: '--since', value: mix('2025-06-01', '1y', 'block:5') }, { name: '--until', value: mix('2025-08-01', 'now') }, { name: '--every', value: mix('1mo', '2w', '1h', '0d') }, { name: '--token', value: mix(ADDR.usdc, 'usdc.gno') }, chains],
  },
  {
    words: ['portfolio'],
    args: [mix(ADDR.rich, 'scout-rich.eth', ADDR.empty, '-', '0x12')],
    opts: [...output, ...table, { name: '--csv' }, chains, { name: '--include-scam' }, { name: '--min-usd', value: mix('1', '0.005', '0', '-1', '1e3', 'ten') }, { name: '--combined' }],
  },
  {
    // Each run writes into a directory of its own under the fuzz's home (or the key file: not a directory).
    words: ['export'],
    args: [mix(ADDR.rich, 'scout-rich.eth', ADDR.empty, '0x12')],
    opts: [
      { name: '--what', value: mix('txs', 'withdrawals,internal', 'transfers,logs', 'balances', 'nfts', 'txs,txs') },
      { name: '--out', value: (r) => (r() < 0.9 ? join(home, `export-${Math.floor(r() * 1e9)}`) : pick([keyFile, ''])(r)) },
      { name: '--format', value: mix('parquet', 'ndjson', 'csv', 'xlsx') },
      ...window,
      { name: '--raw' },
      { name: '--resume', value: (r) => (r() < 0.5 ? home : join(home, 'nowhere')) },
      chains,
    ],
  },
  {
    words: ['address', 'balance-history'],
    args: [mix(ADDR.rich, ADDR.empty)],
    opts: [...output, ...pages, { name: '--since', value: mix('2025-01-01', '90d', 'block:23000000', '2026-13-01') }, { name: '--until', value: mix('2025-06-01', 'block:23100000', 'now') }, { name: '--daily' }, { name: '--chart' }],
  },
  {
    words: ['address', 'logs'],
    args: [mix(ADDR.rich, ABI_ADDR.vault, ABI_ADDR.proxy)],
    opts: [
      ...output,
      ...pages,
      ...watching,
      serverCsv,
      { name: '--topic', value: mix(TOPIC0, '0xddf252ad') },
      { name: '--event', value: mix('Transfer', 'Note', 'Transfer(address,address,uint256)', 'event Transfer(address indexed from, address indexed to, uint256 value)', 'Transfer(uint7)', 'f(') },
      ...[0, 1, 2, 3].map((i) => ({ name: `--topic${i}`, value: mix(TOPIC0, WORD, '0x12') })),
    ],
  },
  { words: ['address', 'userops'], args: [mix(AA.account, AA.bundler, 'scout-rich.eth', ADDR.empty)], opts: [...output, ...pages, ...watching, { name: '--as', value: mix('sender', 'bundler', 'paymaster', 'factory', 'FACTORY', 'relayer') }, chains] },
  { words: ['tx', 'show'], args: [hash], opts: [...output, ...waiting, { name: '--web' }, chains] },
  { words: ['tx', 'userops'], args: [mix(TX.bundle, TX.ok, TX.unknown, '0x12')], opts: [...output, ...pages] },
  { words: ['userop'], args: [mix(AA_OP.batch, AA_OP.execute, AA_OP.hostile, AA_OP.unknown, TX.ok, '0x12', '\u001b[2J')], opts: output },
  { words: ['aa', 'bundlers'], args: [], opts: [...output, ...pages, chains] },
  { words: ['aa', 'paymasters'], args: [], opts: [...output, ...pages, chains] },
  { words: ['aa', 'factories'], args: [], opts: [...output, ...pages, chains] },
  { words: ['aa', 'accounts'], args: [], opts: [...output, ...pages, { name: '--factory', value: mix(ADDR.created, '0x1234', 'nope') }, chains] },
  { words: ['aa', 'bundles'], args: [], opts: [...output, ...pages, { name: '--bundler', value: mix(ADDR.rich, 'x') }, chains] },
  { words: ['aa', 'status'], args: [], opts: output },
  { words: ['tx', 'transfers'], args: [hash], opts: [...output, ...pages, { name: '--type', value: types }] },
  { words: ['tx', 'trace'], args: [hash], opts: [...output, { name: '--decode' }] },
  { words: ['tx', 'blobs'], args: [hash], opts: [...output, ...pages] },
  { words: ['tx', 'deposits'], args: [hash], opts: [...output, ...pages] },
  { words: ['token', 'show'], args: [mix(ADDR.usdc, ADDR.evilToken, ADDR.nft1155, ADDR.rich)], opts: [...output, { name: '--web' }] },
  { words: ['token', 'holders'], args: [mix(ADDR.usdc, ADDR.evilToken, ADDR.nft1155)], opts: [...output, ...pages, serverCsv, nftId] },
  { words: ['token', 'transfers'], args: [mix(ADDR.usdc, ADDR.nft721)], opts: [...output, ...pages, ...watching, nftId] },
  { words: ['token', 'nfts'], args: [mix(ADDR.nft1155, ADDR.nft721, ADDR.usdc)], opts: [...output, ...pages] },
  { words: ['token', 'nft'], args: [mix(ADDR.nft721, ADDR.nft1155, ADDR.usdc), mix('8520', '666', '007', '80150964086159950173205574815354476552587982015634789657175307108395227874122', '1'.repeat(79))], opts: output },
  { words: ['contract', 'show'], args: [mix(ADDR.contract, ADDR.usdc, ADDR.rich)], opts: output },
  { words: ['contract', 'abi'], args: [mix(ADDR.contract, ADDR.usdc, ADDR.rich)], opts: [...output, { name: '--implementation' }] },
  { words: ['contract', 'methods'], args: [mix(ABI_ADDR.vault, ABI_ADDR.proxy, ABI_ADDR.proxyUnverified, ADDR.usdc, ADDR.rich)], opts: [...output, ...table, { name: '--csv' }] },
  {
    words: ['contract', 'call'],
    args: [
      mix(ADDR.usdc, EVM.pair, ADDR.contract, ABI_ADDR.unverifiedImpl, ADDR.rich),
      mix('balanceOf', 'totalSupply', 'getReserves()(uint112,uint112,uint32)', 'balanceOf(address,uint256)', 'withdraw', 'overflow', 'description', 'f(', '0x70a08231'),
      mix(ADDR.rich, 'vitalik.eth', '1000', '1.5', '[1,', '(0x1,2)'),
    ],
    opts: [
      ...output,
      chains,
      { name: '--at', value: mix(String(HEAD_BLOCK - 200), 'block:5', '2024-01-01', '30d', '2999-01-01', 'x') },
      { name: '--from', value: mix(ADDR.rich, 'vitalik.eth', '0x12') },
      { name: '--value', value: mix('0', '0x10', '-1', '1e18') },
      { name: '--unit', value: mix('ether', 'token', '6', '78', 'x') },
    ],
  },
  { words: ['contract', 'read'], args: [mix(ADDR.usdc, EVM.pair, ADDR.contract, ABI_ADDR.unverifiedImpl, ADDR.rich)], opts: [...output, chains, { name: '--at', value: mix(String(HEAD_BLOCK - 200), '2024-01-01', 'x') }] },
  { words: ['decode', 'calldata'], args: [mix(CALLDATA, '0xa9059cbb', '0x12345678', '0xa9059c')], opts: [...output, ...decodeWith('transfer(address to, uint256 amount)', 'transfer(', 'balanceOf(address)')] },
  { words: ['decode', 'error'], args: [mix('0x4e487b71' + '11'.padStart(64, '0'), '0x08c379a0', '0xdeadbeef')], opts: [...output, ...decodeWith('InsufficientBalance(address,uint256,uint256)', 'Error(string)', 'e(')] },
  {
    words: ['decode', 'log'],
    args: [],
    opts: [
      ...output,
      ...decodeWith('Transfer(address,address,uint256)', 'event Note(address indexed who)', 'T(').map((o) => (o.name === '--to' ? { ...o, name: '--address' } : o)),
      { name: '--topics', value: mix(`${TOPIC0},${WORD},${WORD}`, TOPIC0, '0x12,', `${TOPIC0},${TOPIC0},${TOPIC0},${TOPIC0},${TOPIC0}`) },
      { name: '--data', value: mix(WORD, '0x', '0x1') },
      { name: '--tx', value: hash },
      { name: '--index', value: mix('0', '1', '60', '-1', 'x') },
    ],
  },
  {
    words: ['contract', 'source'],
    args: [mix(ADDR.contract, ADDR.contractImpl, ADDR.usdc, ADDR.rich)],
    // Only directories inside the fuzz's own home: a hostile --out must not write into the working tree.
    opts: [{ name: '--out', value: (r) => pick([join(home, 'out'), join(home, 'o\u001b[2J'), join(home, 'ünï 🙂'), keyFile, home])(r) },
      { name: '--force' },
      { name: '--allow-hidden' },
      { name: '--max-files', value: mix('1', '2', '1000') },
      { name: '--max-depth', value: mix('1', '32') },
      { name: '--max-file-size', value: mix('1', '10MiB', '1GiB') },
    ],
  },
  { words: ['tx', 'summary'], args: [hash], opts: output },
  { words: ['tx', 'explain'], args: [hash], opts: output },
  { words: ['tx', 'logs'], args: [hash], opts: [...output, ...pages] },
  { words: ['tx', 'internal-txs'], args: [hash], opts: [...output, ...pages] },
  { words: ['tx', 'state-changes'], args: [hash], opts: [...output, ...pages] },
  { words: ['block', 'show'], args: [block], opts: [...output, { name: '--web' }] },
  { words: ['block', 'txs'], args: [block], opts: [...output, ...pages] },
  { words: ['block', 'withdrawals'], args: [block], opts: [...output, ...pages] },
  { words: ['block', 'internal-txs'], args: [block], opts: [...output, ...pages, { name: '--type', value: mix('call', 'create2', 'jump') }, { name: '--call-type', value: mix('delegatecall', 'CALL', 'x') }] },
  { words: ['block', 'deposits'], args: [block], opts: [...output, ...pages] },
  { words: ['block', 'at'], args: [mix('2024-01-01', '2025-08-01T09:00:00Z', '@1754000000', '30d', 'now', 'block:19000000', '#7', '2024-02-30', '@-1', 'yesterday', '\u001b[2J')], opts: [...output, { name: '--before' }, { name: '--after' }, chains] },
  { words: ['block', 'countdown'], args: [mix(String(HEAD_BLOCK + 100), String(HEAD_BLOCK - 1), '25,000,000', 'latest', '0x1')], opts: output },
  { words: ['blocks'], args: [], opts: [...output, ...pages, ...watching, { name: '--type', value: mix('block', 'uncle', 'reorg', 'REORG') }] },
  { words: ['txs'], args: [], opts: [...output, ...pages, ...watching, { name: '--filter', value: mix('validated', 'pending', 'PENDING', 'to') }, { name: '--type', value: mix('blob_transaction', 'blob') }, chains] },
  { words: ['transfers'], args: [], opts: [...output, ...pages, ...watching, { name: '--type', value: types }, chains] },
  { words: ['internal-txs'], args: [], opts: [...output, ...pages, ...watching, chains] },
  { words: ['withdrawals'], args: [], opts: [...output, ...pages, ...watching, chains] },
  { words: ['deposits'], args: [], opts: [...output, ...pages, ...watching, chains] },
  { words: ['tokens'], args: [mix('usd', 'USD Coin', ''), mix('coin', 'x')], opts: [...output, ...pages, { name: '--type', value: types }, chains] },
  { words: ['contracts'], args: [mix('verified', 'Contract1', '')], opts: [...output, ...pages, { name: '--filter', value: mix('solidity', 'vyper', 'YUL', 'geas', 'rust') }, chains] },
  { words: ['hot'], args: [], opts: [...output, ...pages, { name: '--scale', value: mix('5m', '1h', '3h', '1d', '7d', '30d', '1D', '2h') }, { name: '--by', value: mix('transactions', 'gas', 'GAS', 'fees') }, chains] },
  { words: ['stats'], args: [], opts: [...output, { name: '--chart', value: mix('transactions', 'market', 'secondary', 'MARKET', 'gas') }, { name: '--day' }] },
  { words: ['explorer'], args: [], opts: output },
  { words: ['accounts'], args: [], opts: [...output, ...pages, { name: '--sort', value: mix('balance', 'transactions_count', 'BALANCE', 'gas') }, { name: '--order', value: mix('asc', 'desc', 'up') }, chains] },
  { words: ['gas'], args: [], opts: output },
  { words: ['search'], args: [mix('USDT', 'usd coin', ADDR.rich, '1'), mix('coin', 'x')], opts: [...output, ...pages, { name: '--type', value: mix('token', 'block,transaction', 'ENS_DOMAIN', 'tokens') }, chains] },
  {
    words: ['api'],
    args: [mix('stats', `/api/v2/addresses/${ADDR.rich}/transactions`, `addresses/${ADDR.rich}/withdrawals`, `/api/v2/transactions/${TX.ok}`, 'a/./b', '/api/v2/%2E%2e/x', 'x%5cy')],
    opts: [...output, ...pages.filter((o) => o.name !== '--columns' && o.name !== '--since' && o.name !== '--until'), { name: '-F', value: mix('filter=to', 'type=ERC-20', 'apikey=sekrit', 'apikey=\u001b]0;x\u0007', 'key=\u202e\u009b', '=x', 'novalue') }, { name: '-F', value: mix('filter=from', 'k=\u001b[2J') }],
  },
  {
    words: ['rpc'],
    args: [
      mix('eth_blockNumber', 'eth_getBalance', 'eth_call', 'ETH_CHAINID', 'eth_getBlockByNumber', 'eth_sendRawTransaction', 'eth_foo', '\u001b[2J'),
      mix(ADDR.rich, 'latest', `{"to":"${ADDR.usdc}","data":"0x313ce567"}`, '123456789012345678901234567890', 'false', '[1,', '\u202e'),
    ],
    opts: [...output, { name: '--params', value: mix('["latest"]', `["${ADDR.rich}","latest"]`, '[]', '{}', '[1,', '') }, chains],
  },
  { words: ['open'], args: [mix('address', 'tx', 'block', 'token', ADDR.rich, TX.ok, '12', 'router.base'), mix(ADDR.usdc, TX.ok, '7', 'usdc.gno')], opts: [{ name: '-n' }, { name: '--web' }] },
  { words: ['admin', 'networks'], args: [], opts: [...output, ...table, { name: '--csv' }, { name: '--show-secrets' }] },
  { words: ['chains'], args: [], opts: [...output, ...table, { name: '--csv' }, { name: '--refresh' }, { name: '--registry-url', value: (r) => pick([`${srv.url}/api/chains`, `https://alice:${URL_PASS}@127.0.0.1:1/x`, `ftp://alice:${URL_PASS}@x`, `${srv.url.replace('//', `//u:${URL_PASS}@`)}/api/chains`, ...HOSTILE.slice(0, 12)])(r) }] },
  { words: ['completion'], args: [mix('bash', 'zsh', 'fish')], opts: [] },
  { words: ['help'], args: [mix('environment', 'exit-codes', 'address')], opts: [] },
  { words: ['cache', 'clear'], args: [], opts: [] },
  { words: ['cache', 'path'], args: [], opts: [] },
  { words: ['config', 'path'], args: [], opts: [] },
  { words: ['config', 'get'], args: [configKey], opts: [{ name: '--show-secrets' }] },
  { words: ['config', 'set'], args: [configKey, mix('base', '8453', '5', 'never', 'always', 'true', '0', 'k-1')], opts: [] },
  { words: ['config', 'list'], args: [], opts: [{ name: '--show-secrets' }] },
  { words: ['config', 'unset'], args: [configKey], opts: [] },
];

/** `--concurrency` on every command whose argument may be `-` (a batch from stdin). */
const BATCHED = new Set(['address show', 'address activity', 'address balance', 'address balance-history', 'address txs', 'address tokens', 'address nfts', 'address transfers', 'address internal-txs', 'address withdrawals', 'address logs', 'tx show', 'tx transfers', 'tx trace', 'tx summary', 'tx explain', 'tx logs', 'tx internal-txs', 'tx state-changes', 'token show', 'token holders', 'token transfers', 'token nfts', 'token nft', 'contract show', 'contract abi', 'contract methods', 'contract call', 'contract read', 'decode calldata', 'decode error', 'block show', 'block txs', 'block withdrawals', 'block at', 'block countdown', 'address userops', 'tx userops', 'userop', 'address blocks-validated', 'address deposits', 'block deposits', 'block internal-txs', 'tx blobs', 'tx deposits']);
for (const c of COMMANDS) if (BATCHED.has(c.words.join(' '))) c.opts = [...c.opts, { name: '--concurrency', value: mix('1', '4', '64', '0', '65', 'x') }];

/** Global options. URL values stay on 127.0.0.1 or are refused: the fuzz must never reach the internet. */
const GLOBALS: Opt[] = [
  { name: '--base-url', value: (r) => pick([`${srv.url}/`, `${srv.url}/sub/path`, `http://alice:${URL_PASS}@127.0.0.1:1`, `https://alice:${URL_PASS}@[bad`, `${srv.url.replace('//', `//bob:${URL_PASS}@`)}`, 'ftp://127.0.0.1', '', ' ', '\u001b[2J', 'x'.repeat(5000)])(r) },
  { name: '--chain', value: mix('base', '8453', 'gnosis', 'bsae', '0x2105') },
  { name: '--explorer-key', value: mix('k-123', 'sekrit') },
  { name: '--pro' },
  { name: '--admin-url', value: (r) => pick([srv.url, `http://alice:${URL_PASS}@127.0.0.1:1`, `${srv.url.replace('//', `//:${URL_PASS}@`)}`, '%%%', '\u001b]8;;x\u0007'])(r) },
  { name: '--api-key', value: mix('admin-secret', 'wrong') },
  { name: '--api-key-file', value: (r) => pick([keyFile, '/dev/zero', home, join(home, 'missing'), ...HOSTILE.slice(0, 8)])(r) },
  { name: '--timeout', value: mix('5', '0.5', '30', '30s', '500ms', '1d', '25d') },
  { name: '--retries', value: (r) => pick(['0', '1', '21', '-1', '1e309', '', '\u001b[1m'])(r) },
  { name: '--max-body', value: mix('64MiB', '10MB', '2000', '1') },
  { name: '--jq-timeout', value: mix('60', '2', '0.5', '0', '-1', '1e9', 'x') },
  { name: '--jq-max-memory', value: mix('1GiB', '64MiB', '2GiB', '2049MiB', '1', '0', 'x') },
  { name: '--cache', value: mix('1h', '30s', 'forever', '1y', '0s', '', '30', '1.5h', '500ms') },
  { name: '--cache-size', value: mix('256MiB', '1KiB', '1', '0', '65GiB', 'lots', '') },
  { name: '--verbose' },
  { name: '--no-color' },
  { name: '--color', value: mix('auto', 'always', 'never', 'NEVER') },
  { name: '--time', value: mix('relative', 'absolute', 'ABSOLUTE', 'later') },
  { name: '--insecure' },
];

/** One command line, as process.argv would hold it (after node and the script). */
function commandLine(r: () => number): string[] {
  const cmd = pick(COMMANDS)(r);
  // Always the fake first: a later --base-url from GLOBALS may replace it, only with a value that is
  // refused or stays on 127.0.0.1. The admin host and retries are pinned the same way.
  const argv = ['--base-url', srv.url, '--admin-url', srv.url, '--retries', '0'];
  const add = (o: Opt, into: string[]) => {
    into.push(o.name);
    if (o.value) into.push(o.value(r));
  };
  const nGlobal = Math.floor(r() * 4);
  for (let i = 0; i < nGlobal; i++) add(pick(GLOBALS)(r), argv);
  argv.push(...cmd.words);
  const args = cmd.args.map((g) => g(r));
  // Sometimes a stray extra argument or an unknown option.
  if (r() < 0.08) args.push(pick(HOSTILE)(r));
  const opts: string[] = [];
  const nOpts = cmd.opts.length ? Math.floor(r() * 4) : 0;
  for (let i = 0; i < nOpts; i++) add(pick(cmd.opts)(r), opts);
  if (r() < 0.08) opts.push('--' + pick(HOSTILE)(r));
  // Options before or after the arguments: commander takes both.
  return r() < 0.5 ? [...argv, ...args, ...opts] : [...argv, ...opts, ...args];
}

/**
 * `contract call` by a function's name checks the arguments against the verified ABI, so its exit 2
 * comes after reading the contract (its ABI, the block of --at, names, its decimals() with --unit
 * token), never after the call itself.
 */
function checkedAgainstTheContract(argv: readonly string[], requests: readonly { method: string; body?: string | undefined }[]): boolean {
  if (!argv.join(' ').includes('contract call')) return false;
  return requests.every((q) => q.method === 'GET' || (argv.includes('token') && (q.body ?? '').includes('"data":"0x313ce567"')));
}

describe('command-line fuzz', () => {
  it('covers every command, option and global option scout has', async () => {
    const program = await buildProgram({ io: memoryIo(), version: '0.0.0' });
    const names = (opts: readonly Opt[]) => new Set(opts.map((o) => o.name));
    const missing: string[] = [];
    const visit = (cmd: Command, words: string[]) => {
      if (cmd.commands.length) return cmd.commands.forEach((c) => visit(c, [...words, c.name()]));
      const fuzzed = COMMANDS.find((c) => c.words.join(' ') === words.join(' '));
      if (!fuzzed) return void missing.push(words.join(' '));
      const have = names(fuzzed.opts);
      for (const o of cmd.options) if (!have.has(o.short ?? o.long!)) missing.push(`${words.join(' ')} ${o.short ?? o.long}`);
    };
    program.commands.forEach((c) => visit(c, [c.name()]));
    const globals = names(GLOBALS);
    for (const o of program.options) if (o.long !== '--version' && !globals.has(o.long!)) missing.push(o.long!);
    expect(missing).toEqual([]);
  });

  it(`${RUNS} seeded command lines keep the contract`, { timeout: 120_000 }, async () => {
    const r = seeded(SEED);
    const env = { XDG_CONFIG_HOME: home, HOME: home, SCOUT_PRO_URL: srv.url, SCOUT_REGISTRY_URL: `${srv.url}/api/chains`, SCOUT_ADMIN_URL: srv.url };
    const failures: string[] = [];
    const codes = new Map<number, number>();
    for (let i = 0; i < RUNS; i++) {
      const argv = commandLine(r);
      const before = srv.requests.length;
      const seen = origins.length;
      const opened: string[] = [];
      const io = memoryIo({ env, stdoutIsTTY: r() < 0.5, stderrIsTTY: false, color: r() < 0.3, openUrl: async (url) => void opened.push(url) });
      const code = await run(['node', 'scout', ...argv], io);
      codes.set(code, (codes.get(code) ?? 0) + 1);
      const err = io.stderr();
      const sent = srv.requests.length - before;
      const where = origins.slice(seen);
      const problems = [
        !EXIT_CODES.includes(code) && `exit ${code}`,
        RAW.test(err) && `raw character U+${RAW.exec(err)![0].codePointAt(0)!.toString(16)} on stderr`,
        /unexpected error/.test(err) && 'unexpected error',
        code === 2 && (sent > 0 || where.length > 0) && !checkedAgainstTheContract(argv, srv.requests.slice(before)) && `exit 2 after ${sent} request(s)`,
        where.some((o) => !/^(http:\/\/127\.0\.0\.1:\d+|connect:127\.0\.0\.1)$/.test(o)) && `left 127.0.0.1: ${where.join(' ')}`,
        // `config get|list --show-secrets` shows what a setting holds, a URL's password too (asked for).
        (argv.includes('--show-secrets') && argv.includes('config') ? err : err + io.stdout()).includes(URL_PASS) && 'printed the password of a URL setting',
        opened.length > 0 && !io.stdoutIsTTY && 'opened a browser with stdout not a terminal',
        opened.some((u) => u.includes(URL_PASS)) && 'opened a URL with the password of a URL setting',
      ].filter(Boolean);
      if (problems.length) failures.push(`#${i} ${JSON.stringify(argv).slice(0, 400)}: ${problems.join('; ')}\n  stderr: ${JSON.stringify(err.slice(0, 300))}`);
    }
    expect(failures).toEqual([]);
    // The mix is worth something only if it reaches both sides: refusals and real requests.
    expect(codes.get(2)).toBeGreaterThan(RUNS / 10);
    expect(codes.get(0)).toBeGreaterThan(RUNS / 10);
  });
});
