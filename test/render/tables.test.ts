/**
 * Every command's human output against the strict local server, the CLI run in-process. Piped
 * (stdout not a terminal, as under a pipe): tab-separated lines, no header, no colour, full values.
 * CSV: a header and RFC 4180 rows. On a terminal: an Io whose stdout is a terminal (width, clock and
 * colour pinned), whole outputs compared with snapshot files under __snapshots__/tables. No
 * pseudo-terminal is needed: the Io is how commands learn what stdout is.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { displayWidth } from '../../src/render/width.js';
import { runScout } from '../support/scout.js';
import { ADDR, COUNTS, EVIL, type FakeServer, HEAD_BLOCK, PAGE_SIZE, startServer, TX } from '../support/server.js';
import { BLOCKS, blocksData } from '../support/fake/blocks-data.js';
import { TOKEN_IDS } from '../support/fake/tokens-data.js';

/** The miner of the fake chain's blocks: the address that validated them. */
const MINER = String((blocksData().main[0]!.json['miner'] as { hash: string }).hash);

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const scout = (...args: string[]) => runScout([...args, '--base-url', srv.url, '--admin-url', srv.url]);
const lines = (s: string) => s.split('\n').slice(0, -1);
const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/;
/** An hour after the fake chain's newest block, so ages read "…m ago". */
const NOW = Date.UTC(2025, 7, 11, 10, 32, 59);

/** The list commands, with the number of items their first page holds. */
const LISTS: [string, string[], number][] = [
  ['address txs', ['address', 'txs', ADDR.rich], PAGE_SIZE],
  ['address transfers', ['address', 'transfers', ADDR.rich], PAGE_SIZE],
  ['address tokens', ['address', 'tokens', ADDR.rich], PAGE_SIZE],
  ['address nfts', ['address', 'nfts', ADDR.rich], COUNTS.richNftCollections],
  ['address internal-txs', ['address', 'internal-txs', ADDR.rich], PAGE_SIZE],
  ['address withdrawals', ['address', 'withdrawals', ADDR.rich], PAGE_SIZE],
  ['tx transfers', ['tx', 'transfers', TX.overflow], PAGE_SIZE],
  ['address logs', ['address', 'logs', ADDR.rich], PAGE_SIZE],
  ['tx logs', ['tx', 'logs', TX.overflow], PAGE_SIZE],
  ['tx internal-txs', ['tx', 'internal-txs', TX.overflow], PAGE_SIZE],
  ['tx state-changes', ['tx', 'state-changes', TX.overflow], PAGE_SIZE],
  ['search', ['search', 'USD'], PAGE_SIZE],
  ['blocks', ['blocks'], PAGE_SIZE],
  ['block txs', ['block', 'txs', String(HEAD_BLOCK - 5)], PAGE_SIZE],
  ['block withdrawals', ['block', 'withdrawals', String(HEAD_BLOCK - 5)], 16],
  ['admin networks', ['admin', 'networks', '--api-key', 'admin-secret'], COUNTS.networks],
  ['tx blobs', ['tx', 'blobs', TX.blob], 2],
  ['tx deposits', ['tx', 'deposits', TX.batchDeposit], PAGE_SIZE],
  ['block internal-txs', ['block', 'internal-txs', String(BLOCKS.busy)], PAGE_SIZE],
  ['block deposits', ['block', 'deposits', String(BLOCKS.busy)], PAGE_SIZE],
  ['address deposits', ['address', 'deposits', ADDR.rich], PAGE_SIZE],
  ['address blocks-validated', ['address', 'blocks-validated', MINER], PAGE_SIZE],
  ['token transfers --id', ['token', 'transfers', ADDR.nft721, '--id', TOKEN_IDS.plain], PAGE_SIZE],
  ['token holders --id', ['token', 'holders', ADDR.nft1155, '--id', TOKEN_IDS.huge], PAGE_SIZE],
];

describe('piped: tab-separated lines, no header, no colour, full values', () => {
  it.each(LISTS)('%s', async (_name, args, count) => {
    const r = await scout(...args);
    expect(r.code).toBe(0);
    const rows = lines(r.stdout);
    expect(rows).toHaveLength(count);
    // Same number of fields on every line, nothing shortened, nothing coloured, no header word.
    expect(new Set(rows.map((l) => l.split('\t').length)).size).toBe(1);
    expect(r.stdout).not.toContain('…');
    expect(r.stdout).not.toContain('\u001b');
    expect(rows[0]).not.toMatch(/^[A-Z ]+\t[A-Z ]+/);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    // stderr holds at most the next-page hint: no spinner when stderr is not a terminal.
    expect(r.stderr).toMatch(/^(|\d+ items; more exist\. next page: .*\n)$/);
  });

  it('address txs: full hash, ISO time, full addresses, wei beside the value, status in words', async () => {
    const r = await scout('address', 'txs', ADDR.rich, '--filter', 'from');
    const f = lines(r.stdout)[0]!.split('\t');
    expect(f[0]).toMatch(HASH);
    expect(f[1]).toMatch(/^\d+$/);
    expect(f[2]).toMatch(ISO);
    expect(f[4]).toBe(ADDR.rich);
    expect(f[5]).toMatch(ADDRESS);
    expect(f[6]).toMatch(/^\d+$/);
    expect(f[7]).toMatch(/^\d+(\.\d+)?$/);
    expect(f[10]).toMatch(/^(ok|error|pending)$/);
    const byHash = new Map(lines(r.stdout).map((l) => [l.split('\t')[0], l.split('\t')]));
    expect(byHash.get(TX.failed)?.[10]).toBe('error');
  });

  it('cut -f works: the hash column of every transaction', async () => {
    const r = await scout('address', 'txs', ADDR.rich, '--all');
    const hashes = lines(r.stdout).map((l) => l.split('\t')[0]);
    expect(hashes).toHaveLength(COUNTS.richTxs);
    for (const h of hashes) expect(h).toMatch(HASH);
  });

  it('address transfers: a hostile token name and symbol come out visible, never raw', async () => {
    const r = await scout('address', 'transfers', ADDR.rich, '--token', ADDR.evilToken);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('<U+202E>LIVE');
    expect(r.stdout).not.toContain(EVIL.symbol);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
  });

  it('tx show: one fact per line', async () => {
    const r = await scout('tx', 'show', TX.ok);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Transaction\\t${TX.ok}\\nStatus\\tok\\nResult\\tsuccess\\nBlock\\t${HEAD_BLOCK - 2}\\nConfirmations\\t3\\nTimestamp\\t2025-08-11T09:32:35Z\\n`));
    expect(r.stdout).toContain(`From\t${ADDR.rich}\tscout-rich.eth\n`);
    expect(r.stdout).toContain('Parameter\tamountIn\tuint256\t100000000\n');
    expect(r.stdout).not.toContain('\u001b');
  });

  it('tx trace: the tree with full addresses and no colour; FORCE_COLOR colours it', async () => {
    const r = await scout('tx', 'trace', TX.gethTrace);
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toHaveLength(4);
    expect(r.stdout).toContain(`→ ${ADDR.contract.toLowerCase()}  execute 0x3593564c`);
    expect(r.stdout).not.toContain('\u001b');
    const forced = await runScout(['tx', 'trace', TX.gethTrace, '--base-url', srv.url], { env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toContain('\u001b[31m');
  });
});

describe('--csv for every list command', () => {
  it.each(LISTS)('%s', async (_name, args, count) => {
    const r = await scout(...args, '--csv');
    expect(r.code).toBe(0);
    const records = r.stdout.split('\r\n');
    expect(records.at(-1)).toBe('');
    expect(records).toHaveLength(count + 2);
    expect(records[0]).toMatch(/^[a-z_]+(,[a-z_]+)+$/);
    expect(records.join('\n')).not.toMatch(RAW_CONTROL);
  });

  it('raw integers beside formatted amounts', async () => {
    const r = await scout('address', 'withdrawals', ADDR.rich, '--csv', '--limit', '2');
    const [head, first] = r.stdout.split('\r\n');
    expect(head).toBe('index,validator_index,block_number,timestamp,receiver,amount_wei,amount');
    const f = first!.split(',');
    expect(BigInt(f[5]!)).toBeGreaterThan(0n);
    expect(f[6]).toBe(`0.${f[5]!.padStart(18, '0')}`.replace(/0+$/, ''));
  });
});

/** The CLI run in-process, stdout a terminal `width` wide, the clock pinned. */
async function onTerminal(args: string[], o: { width?: number; color?: boolean; env?: Record<string, string> } = {}) {
  const home = mkdtempSync(join(tmpdir(), 'scout-tables-'));
  const io = memoryIo({ stdoutIsTTY: true, stderrIsTTY: false, color: o.color ?? false, width: o.width ?? 120, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home, ...o.env } });
  const code = await run(['node', 'scout', ...args, '--base-url', srv.url, '--admin-url', srv.url], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const snap = (name: string) => `./__snapshots__/tables/${name.replace(/ /g, '-')}.txt`;

describe('every table fits the terminal: columns shrink or are left out, never wrap', () => {
  // With whether the command takes --all.
  const ALL: [string, string[], boolean][] = [
    ...LISTS.map(([name, args]): [string, string[], boolean] => [name, args, name !== 'admin networks']),
    ['chains', ['chains'], false],
  ];
  const WIDTHS = [60, 80, 120, 200];

  it.each(ALL)('%s at 60, 80, 120 and 200 columns', async (_name, args, pages) => {
    for (const width of WIDTHS) {
      for (const extra of pages ? [[], ['--all']] : [[]]) {
        const r = await onTerminal([...args, ...extra], { width });
        expect(r.code, r.stderr).toBe(0);
        const out = lines(r.stdout);
        expect(out.length).toBeGreaterThan(1);
        for (const l of out) expect(displayWidth(l), `${width}: ${l}`).toBeLessThanOrEqual(width);
      }
    }
  });

  it('address txs: METHOD is left out first, then FEE; the time, hashes, the other party and amounts stay', async () => {
    const header = async (width: number) =>
      lines((await onTerminal(['address', 'txs', ADDR.rich, '--limit', '10', '--chain', 'ethereum'], { width })).stdout)[0]!.split(/ {2,}/);
    expect(await header(120)).toEqual(['HASH', 'AGE', 'METHOD', 'DIR', 'COUNTERPARTY', 'VALUE', 'FEE', 'STATUS']);
    expect(await header(80)).toEqual(['HASH', 'AGE', 'DIR', 'COUNTERPARTY', 'VALUE', 'FEE', 'STATUS']);
    expect(await header(60)).toEqual(['HASH', 'AGE', 'DIR', 'COUNTERPARTY', 'VALUE', 'STATUS']);
  });

  it('spare width shows whole hashes and addresses, with --all too, instead of padding', async () => {
    for (const extra of [[], ['--all']]) {
      const r = await onTerminal(['search', 'USD', ...extra], { width: 200 });
      const first = lines(r.stdout)[1]!;
      expect(first).toMatch(/ 0x[0-9a-fA-F]{40} /);
      // No run of spaces wider than the gap and the longest cut-free alignment needs.
      expect(first).not.toMatch(/ {20}/);
    }
  });

  it('tx transfers leaves out the transaction and its age on a terminal (the same on every row); piped keeps them', async () => {
    const tty = await onTerminal(['tx', 'transfers', TX.overflow, '--limit', '5'], { width: 200 });
    expect(lines(tty.stdout)[0]).toMatch(/^TYPE +FROM +TO +AMOUNT +TOKEN +TOKEN ID$/);
    expect(tty.stdout).not.toContain(TX.overflow.slice(0, 6));
    const piped = lines((await scout('tx', 'transfers', TX.overflow, '--limit', '5')).stdout);
    for (const l of piped) expect(l.split('\t').slice(0, 3)).toEqual([TX.overflow, expect.stringMatching(/^\d+$/), expect.stringMatching(ISO)]);
  });
});

describe('on a terminal: aligned, shortened, relative, fitted to the width', () => {
  it.each(LISTS)('%s (snapshot)', async (name, args) => {
    const r = await onTerminal(args);
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot(snap(name));
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/^ *[A-Z]+/);
    for (const l of out) expect(l.length).toBeLessThanOrEqual(120);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
  });

  it('address txs: names beside short addresses, ages, (new) for a creation, amounts rounded to 6 decimals', async () => {
    const r = await onTerminal(['address', 'txs', ADDR.rich, '--limit', '8'], { width: 120 });
    // The other party, not the address itself on every row.
    expect(r.stdout).toMatch(/OUT +Scout Swap: Router \(0x615682…A51f\)/);
    expect(r.stdout).not.toContain('0xcc1dca…E9c3');
    expect(r.stdout).toContain('ScoutVault (0xdfB108…dbB6) (new)');
    expect(r.stdout).toMatch(/ 1h 1m /);
    expect(r.stdout).toContain(' 0.000059 coin ');
    expect(r.stdout).not.toContain(TX.ok);
    // With room for it, the whole hash.
    expect((await onTerminal(['address', 'txs', ADDR.rich, '--limit', '8'], { width: 200 })).stdout).toContain(TX.ok);
  });

  it('--all on a terminal prints every row under one header', async () => {
    const r = await onTerminal(['address', 'txs', ADDR.rich, '--all']);
    const out = lines(r.stdout);
    expect(out).toHaveLength(COUNTS.richTxs + 1);
    expect(out.filter((l) => l.startsWith('HASH'))).toHaveLength(1);
  });

  it.each([
    ['tx show', ['tx', 'show', TX.ok]],
    ['tx show failed', ['tx', 'show', TX.failed]],
    ['tx show overflow', ['tx', 'show', TX.overflow]],
    ['tx trace parity', ['tx', 'trace', TX.parityTrace]],
    ['tx trace geth', ['tx', 'trace', TX.gethTrace]],
    ['block show', ['block', String(HEAD_BLOCK - 5)]],
    ['stats', ['stats']],
    ['gas', ['gas']],
  ])('%s (snapshot)', async (name, args) => {
    const r = await onTerminal(args, { width: 100 });
    expect(r.code).toBe(0);
    await expect(r.stdout).toMatchFileSnapshot(snap(name));
  });

  it('tx trace puts the transaction’s names beside the addresses', async () => {
    const r = await onTerminal(['tx', 'trace', TX.parityTrace]);
    expect(lines(r.stdout)[0]).toBe('[139,553] call  scout-rich.eth 0xcc1d…E9c3 → Scout Swap: Router 0x6156…A51f  multicall 0xac9650d8');
  });

  it('an empty trace says so, and that the transaction is pending', async () => {
    const r = await onTerminal(['tx', 'trace', TX.pending]);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toBe('the trace is empty: the transaction is pending, and a pending transaction has no trace yet\n');
  });

  it('colour when the Io says so, and never with --no-color', async () => {
    const coloured = await onTerminal(['address', 'txs', ADDR.rich, '--limit', '3'], { color: true });
    expect(coloured.stdout).toContain('\u001b[1mHASH\u001b[22m');
    expect(coloured.stdout).toMatch(/\u001b\[3[12]m(ok|error)\u001b\[39m/);
    const plain = await onTerminal(['address', 'txs', ADDR.rich, '--limit', '3', '--no-color'], { color: true });
    expect(plain.stdout).not.toContain('\u001b');
    expect(plain.stdout).toBe(coloured.stdout.replace(/\u001b\[\d+m/g, ''));
  });

  it('a spinner draws on stderr only when it is a terminal, and not under CI', async () => {
    const home = mkdtempSync(join(tmpdir(), 'scout-tables-'));
    const spin = async (env: Record<string, string>) => {
      const io = memoryIo({ stdoutIsTTY: true, stderrIsTTY: true, width: 120, now: () => NOW, env: { HOME: home, XDG_CONFIG_HOME: home, ...env } });
      const code = await run(['node', 'scout', 'address', 'withdrawals', ADDR.rich, '--all', '--base-url', srv.url], io);
      return { code, stdout: io.stdout(), stderr: io.stderr() };
    };
    const shown = await spin({});
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain('address withdrawals · loading');
    expect(shown.stdout).not.toContain('loading');
    expect(lines(shown.stdout)).toHaveLength(COUNTS.richWithdrawals + 1);
    expect((await spin({ CI: 'true' })).stderr).toBe('');
    expect((await spin({ TERM: 'dumb' })).stderr).toBe('');
  });

  it('an explorer no chain lists: values are labelled `coin`, never a guessed ETH', async () => {
    const r = await onTerminal(['address', 'txs', ADDR.rich, '--limit', '5'], { width: 200 });
    expect(r.stdout).toMatch(/ 0\.01 coin /);
    expect(r.stdout).not.toMatch(/\bETH\b/);
  });

  it('the coin symbol of the chain labels values (a chain-specific coin)', async () => {
    // Another engineer's chain selection sets the coin; any chain whose coin is not ETH will do.
    const r = await onTerminal(['address', 'withdrawals', ADDR.rich, '--limit', '1', '--chain', 'gnosis'], { width: 120 });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ (xDAI|XDAI) *$/m);
  });
});
