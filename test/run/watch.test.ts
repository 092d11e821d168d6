/**
 * Following new activity: `--watch` on the address lists and `blocks`, and `tx show --wait`, run
 * in-process against a server whose data each test changes between polls. No wall clock: every
 * wait scout asks for goes through the `sleep` of its Io, which records it, moves a fake clock on,
 * lets the test change the server (the next "block"), and returns at once; Ctrl-C is the run's
 * AbortSignal, fired from a wait.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sleep as timerSleep } from '../../src/api/http.js';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { MAX_FAILED_POLLS } from '../../src/run/wait.js';
import { BIN, cleanEnv, ROOT } from '../support/cli.js';
import {
  addressList,
  AMPLE,
  blockItem,
  BLOCKS_PATH,
  internalItem,
  type LiveServer,
  type LiveState,
  logItem,
  startLiveServer,
  transferItem,
  txDetail,
  txHash,
  txItem,
  WATCHED,
} from '../support/live-server.js';
import { HEAD_BLOCK } from '../support/data.js';

let srv: LiveServer;
beforeAll(async () => {
  srv = await startLiveServer({ pageSize: 4 });
});
afterAll(() => srv.close());
beforeEach(() => {
  srv.state.lists.clear();
  srv.state.transactions.clear();
  srv.state.stats = null;
  srv.state.failures.length = 0;
  srv.state.rateLimit = AMPLE;
  srv.requests.length = 0;
});

interface Followed {
  code: number;
  stdout: string;
  stderr: string;
  /** Every wait asked for, in milliseconds. */
  waits: number[];
  /** What stdout held when each wait began. */
  outAtWait: string[];
}

/**
 * Runs scout with `args` against the server. At the k-th wait, `steps[k]` changes the server (the
 * world moves on while scout waits); at the first wait past the steps, Ctrl-C.
 */
async function follow(args: string[], steps: ((s: LiveState) => void)[], options: { tty?: boolean; stderrTty?: boolean } = {}): Promise<Followed> {
  const ctrl = new AbortController();
  let clock = Date.UTC(2025, 7, 11, 9, 33, 0);
  const waits: number[] = [];
  const outAtWait: string[] = [];
  const io = memoryIo({
    stdoutIsTTY: options.tty ?? false,
    stderrIsTTY: options.stderrTty ?? false,
    env: cleanEnv(),
    width: 200,
    now: () => clock,
    sleep: (ms, signal) => {
      outAtWait.push(io.stdout());
      const k = waits.push(ms) - 1;
      clock += ms;
      const step = steps[k];
      if (step) step(srv.state);
      else ctrl.abort();
      return timerSleep(0, signal);
    },
  });
  const code = await run(['node', 'scout', '--base-url', srv.url, ...args], io, ctrl.signal);
  return { code, stdout: io.stdout(), stderr: io.stderr(), waits, outAtWait };
}

const lines = (s: string) => s.split('\n').filter(Boolean);
const hashes = (out: string) => lines(out).map((l) => (JSON.parse(l) as { hash: string }).hash);
const TXS = addressList(WATCHED, 'transactions');
const grow = (path: string, ...items: ReturnType<typeof txItem>[]) => (s: LiveState) => s.lists.set(path, [...items, ...(s.lists.get(path) ?? [])]);

describe('--watch', () => {
  it('prints the first page oldest first, then each new item once as it appears, until Ctrl-C (130)', async () => {
    srv.state.lists.set(TXS, [txItem('b'), txItem('a')]);
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [
      grow(TXS, txItem('d'), txItem('c')),
      () => undefined, // nothing new
      grow(TXS, txItem('e')),
    ]);
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('scout: interrupted\n');
    expect(hashes(r.stdout)).toEqual(['a', 'b', 'c', 'd', 'e'].map(txHash));
    expect(r.waits).toEqual([5000, 5000, 5000, 5000]);
    // Each batch was on stdout, whole lines, before the wait that followed it began.
    expect(r.outAtWait.map((o) => hashes(o).length)).toEqual([2, 4, 4, 5]);
    for (const o of r.outAtWait) expect(o === '' || o.endsWith('\n')).toBe(true);
    // One request a poll, the first page only, nothing else asked (the interval was given).
    expect(srv.requests.map((q) => q.path)).toEqual(Array(4).fill(TXS));
    expect(srv.requests.every((q) => q.query.length === 0)).toBe(true);
  });

  it('an item that changes (a pending transaction mined) is the same item: not printed again', async () => {
    srv.state.lists.set(TXS, [txItem('p', null), txItem('a')]);
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [(s) => s.lists.set(TXS, [txItem('p'), txItem('a')])]);
    expect(r.code).toBe(130);
    expect(hashes(r.stdout)).toEqual([txHash('a'), txHash('p')]);
  });

  it('a reorganisation: the dropped item is not printed again when it comes back, its replacement once', async () => {
    srv.state.lists.set(TXS, [txItem('x'), txItem('a')]);
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [
      (s) => s.lists.set(TXS, [txItem('y'), txItem('a')]), // x dropped, y in its place
      (s) => s.lists.set(TXS, [txItem('x'), txItem('y'), txItem('a')]), // x back
      (s) => s.lists.set(TXS, [txItem('z'), txItem('x'), txItem('y'), txItem('a')]),
    ]);
    expect(r.code).toBe(130);
    expect(hashes(r.stdout)).toEqual(['a', 'x', 'y', 'z'].map(txHash));
  });

  it('--new-only prints nothing of what exists, then the new items', async () => {
    srv.state.lists.set(TXS, [txItem('b'), txItem('a')]);
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--new-only', '--ndjson', '--interval', '5'], [grow(TXS, txItem('d'), txItem('c'))]);
    expect(r.code).toBe(130);
    expect(r.outAtWait[0]).toBe('');
    expect(hashes(r.stdout)).toEqual([txHash('c'), txHash('d')]);
  });

  it('more new items than a page: the next pages are fetched until a known item, all printed oldest first', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    // Six new ones; pages hold four.
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [grow(TXS, ...['n6', 'n5', 'n4', 'n3', 'n2', 'n1'].map((l) => txItem(l)))]);
    expect(r.code).toBe(130);
    expect(hashes(r.stdout)).toEqual(['a', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6'].map(txHash));
    // The first page, then the poll: page 1 (all new), page 2 (holds `a`), its cursor sent back whole.
    expect(srv.requests.map((q) => q.query.map(([k]) => k).join(','))).toEqual(['', '', 'block_number,index,items_count']);
    expect(r.stderr).toBe('scout: interrupted\n');
  });

  it('more new items than the pages a poll fetches: they are printed, and a warning says older ones were left', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    const many = Array.from({ length: 25 }, (_, i) => txItem(`m${25 - i}`));
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [grow(TXS, ...many)]);
    expect(r.code).toBe(130);
    // Five pages of four: m6..m25, oldest first; m1..m5 never fetched.
    expect(hashes(r.stdout)).toEqual([txHash('a'), ...Array.from({ length: 20 }, (_, i) => txHash(`m${i + 6}`))]);
    expect(r.stderr).toBe(
      'scout: warning: all 20 items on the 5 newest pages are new since the last poll; older new items were not fetched (a shorter --interval polls more often)\nscout: interrupted\n',
    );
  });

  it('a poll that fails after its retries is a warning; the next poll goes on', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    const r = await follow(['--retries', '1', 'address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [
      (s) => s.failures.push(503, 503),
      () => undefined, // the retry's backoff
      grow(TXS, txItem('b')),
    ]);
    expect(r.code).toBe(130);
    expect(hashes(r.stdout)).toEqual([txHash('a'), txHash('b')]);
    expect(r.stderr).toMatch(/^scout: warning: .*503.*; polling again in 5s\nscout: interrupted\n$/);
  });

  it('polls keep inside the rate limit: a spent budget is waited out before the next poll', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    // The first answer spends the budget; its window resets 7 s later.
    srv.state.rateLimit = { remaining: 0, resetMs: 7000 };
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [
      (s) => (s.rateLimit = AMPLE),
      grow(TXS, txItem('b')),
    ]);
    expect(r.code).toBe(130);
    // The interval, then the 2 s left of the window before the poll's request.
    expect(r.waits.slice(0, 3)).toEqual([5000, 2000, 5000]);
    expect(hashes(r.stdout)).toEqual([txHash('a'), txHash('b')]);
  });

  it('--cache never answers a poll: the first page is asked for again', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    const r = await follow(['--cache', '1h', 'address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [grow(TXS, txItem('b'))]);
    expect(r.code).toBe(130);
    expect(hashes(r.stdout)).toEqual([txHash('a'), txHash('b')]);
    expect(srv.requests).toHaveLength(2);
  });

  it('a poll refused for good (a 4xx other than 429) ends the watch with its exit code', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], [(s) => s.failures.push(401)]);
    expect(r.code).toBe(4);
    expect(hashes(r.stdout)).toEqual([txHash('a')]);
  });

  it('tables: the header once, with the first rows; later rows under it as they come', async () => {
    srv.state.lists.set(TXS, [txItem('b'), txItem('a')]);
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--interval', '5'], [grow(TXS, txItem('c'))], { tty: true });
    expect(r.code).toBe(130);
    const out = lines(r.stdout);
    expect(out.filter((l) => /HASH/i.test(l))).toHaveLength(1);
    expect(out).toHaveLength(4);
    expect(r.outAtWait[0]!.split('\n').filter(Boolean)).toHaveLength(3);
    expect(out[3]).toContain(txHash('c').slice(0, 8));
    // Ages count from when each row is printed: the first rows at the start, the new one a poll later.
    expect(out[1]).toMatch(/ 1s /);
    expect(out[3], out.join("\n")).toMatch(/ 6s /);
  });

  it('piped lines and CSV: one line an item, the CSV header once', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    const piped = await follow(['address', 'txs', WATCHED, '--watch', '--interval', '5'], [grow(TXS, txItem('b'))]);
    expect(lines(piped.stdout).map((l) => l.split('\t')[0])).toEqual([txHash('a'), txHash('b')]);
    srv.state.lists.set(TXS, [txItem('a')]);
    const csv = await follow(['address', 'txs', WATCHED, '--watch', '--csv', '--interval', '5'], [grow(TXS, txItem('b'))]);
    const rows = csv.stdout.split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^hash,/);
  });

  it('--ndjson --jq filters each new item as it arrives', async () => {
    srv.state.lists.set(TXS, [txItem('a')]);
    const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--jq', '.hash', '--interval', '5'], [grow(TXS, txItem('b'))]);
    expect(lines(r.stdout)).toEqual([txHash('a'), txHash('b')]);
  });

  describe('each list is told apart by its own identity', () => {
    it('token transfers: transaction and log index, and the token id of a batch', async () => {
      const path = addressList(WATCHED, 'token-transfers');
      // One ERC-1155 batch log (index 7) moving two ids, and an ERC-20 transfer.
      srv.state.lists.set(path, [transferItem('t1', 7, '1'), transferItem('t1', 7, '2'), transferItem('t0', 3)]);
      const r = await follow(['address', 'transfers', WATCHED, '--watch', '--ndjson', '--interval', '5'], [
        (s) => s.lists.set(path, [transferItem('t2', 7, '1'), transferItem('t1', 8), ...(s.lists.get(path) ?? [])]),
      ]);
      const ids = lines(r.stdout).map((l) => {
        const t = JSON.parse(l) as { transaction_hash: string; log_index: number; total: { token_id?: string } };
        return `${t.transaction_hash === txHash('t0') ? 't0' : t.transaction_hash === txHash('t1') ? 't1' : 't2'}:${t.log_index}:${t.total.token_id ?? '-'}`;
      });
      expect(ids).toEqual(['t0:3:-', 't1:7:2', 't1:7:1', 't1:8:-', 't2:7:1']);
    });

    it('internal transactions and logs: transaction and index', async () => {
      for (const [words, list, make] of [
        [['address', 'internal-txs'], 'internal-transactions', internalItem],
        [['address', 'logs'], 'logs', logItem],
      ] as const) {
        const path = addressList(WATCHED, list);
        srv.state.lists.set(path, [make('a', 1), make('a', 0)]);
        const r = await follow([...words, WATCHED, '--watch', '--ndjson', '--interval', '5'], [
          (s) => s.lists.set(path, [make('b', 0), make('a', 2), ...(s.lists.get(path) ?? [])]),
          (s) => s.lists.set(path, [make('b', 0), make('a', 2), make('a', 1), make('a', 0)]),
        ]);
        const ids = lines(r.stdout).map((l) => {
          const i = JSON.parse(l) as { transaction_hash: string; index: number };
          return `${i.transaction_hash === txHash('a') ? 'a' : 'b'}:${i.index}`;
        });
        expect(ids, words.join(' ')).toEqual(['a:0', 'a:1', 'a:2', 'b:0']);
      }
    });

    it('blocks: by hash, so a block replaced at the same height is printed, the one it replaced not again', async () => {
      srv.state.lists.set(BLOCKS_PATH, [blockItem(HEAD_BLOCK), blockItem(HEAD_BLOCK - 1)]);
      const r = await follow(['blocks', '--watch', '--ndjson', '--interval', '5'], [
        (s) => s.lists.set(BLOCKS_PATH, [blockItem(HEAD_BLOCK + 1), blockItem(HEAD_BLOCK, 'reorg'), blockItem(HEAD_BLOCK - 1)]),
        (s) => s.lists.set(BLOCKS_PATH, [blockItem(HEAD_BLOCK + 1), blockItem(HEAD_BLOCK), blockItem(HEAD_BLOCK - 1)]),
      ]);
      const printed = lines(r.stdout).map((l) => JSON.parse(l) as { height: number; hash: string });
      expect(printed.map((b) => b.hash)).toEqual([blockItem(HEAD_BLOCK - 1).hash, blockItem(HEAD_BLOCK).hash, blockItem(HEAD_BLOCK, 'reorg').hash, blockItem(HEAD_BLOCK + 1).hash]);
    });
  });

  describe('the chain-wide feeds', () => {
    it('withdrawals and deposits: by index, each new one once', async () => {
      for (const [command, path] of [['withdrawals', '/api/v2/withdrawals'], ['deposits', '/api/v2/beacon/deposits']] as const) {
        const item = (index: number) => ({ index, amount: '32000000000000000000', block_number: HEAD_BLOCK });
        srv.state.lists.set(path, [item(11), item(10)]);
        const r = await follow([command, '--watch', '--ndjson', '--interval', '5'], [
          (s) => s.lists.set(path, [item(13), item(12), item(11), item(10)]),
          (s) => s.lists.set(path, [item(13), item(12), item(11)]),
        ]);
        expect(r.code, command).toBe(130);
        expect(lines(r.stdout).map((l) => (JSON.parse(l) as { index: number }).index), command).toEqual([10, 11, 12, 13]);
      }
    });

    it('txs: by hash, as the address lists', async () => {
      srv.state.lists.set('/api/v2/transactions', [txItem('b'), txItem('a')]);
      const r = await follow(['txs', '--watch', '--ndjson', '--interval', '5'], [grow('/api/v2/transactions', txItem('c'))]);
      expect(hashes(r.stdout)).toEqual(['a', 'b', 'c'].map(txHash));
    });
  });

  describe('the interval', () => {
    const once = [() => undefined];

    it("by default the chain's average block time from the stats", async () => {
      srv.state.lists.set(TXS, [txItem('a')]);
      srv.state.stats = { average_block_time: 5000.5, total_blocks: '23116935' };
      const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson'], once);
      expect(r.waits).toEqual([5001, 5001]);
      expect(srv.requests.map((q) => q.path)).toEqual([TXS, '/api/v2/stats', TXS]);
    });

    it('at least 2 s, however fast the chain', async () => {
      srv.state.lists.set(TXS, [txItem('a')]);
      srv.state.stats = { average_block_time: 250 };
      expect((await follow(['address', 'txs', WATCHED, '--watch', '--ndjson'], once)).waits).toEqual([2000, 2000]);
    });

    it('12 s when the explorer has no stats or no block time in them', async () => {
      srv.state.lists.set(TXS, [txItem('a')]);
      expect((await follow(['address', 'txs', WATCHED, '--watch', '--ndjson'], once)).waits).toEqual([12000, 12000]);
      srv.state.stats = { average_block_time: null };
      expect((await follow(['address', 'txs', WATCHED, '--watch', '--ndjson'], once)).waits).toEqual([12000, 12000]);
    });

    it('--interval takes seconds or a unit', async () => {
      srv.state.lists.set(TXS, [txItem('a')]);
      expect((await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '1m'], once)).waits).toEqual([60000, 60000]);
      expect((await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '1.5'], once)).waits).toEqual([1500, 1500]);
    });

    it('a terminal is told what is watched and how often', async () => {
      srv.state.lists.set(TXS, [txItem('a')]);
      const r = await follow(['address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '30s'], [], { stderrTty: true });
      expect(r.code).toBe(130);
      expect(r.stderr).toBe('scout: watching address txs for new items every 30s; Ctrl-C to stop\nscout: interrupted\n');
    });
  });
});

describe('--watch: what it refuses, before any request', () => {
  const cases: [string[], string][] = [
    [['--interval', '0'], 'scout: invalid --interval "0": expected a duration from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)'],
    [['--interval', 'soon'], 'scout: invalid --interval "soon": expected a duration from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)'],
    [['--interval', '-5'], ''],
    [['--interval', '900ms'], 'scout: invalid --interval "900ms": expected a duration from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)'],
    [['--interval', '30d'], 'scout: invalid --interval "30d": expected a duration from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)'],
    [['--all'], 'scout: --watch follows the first page as it changes; it does not go with --all'],
    [['--cursor', 'eyJibG9ja19udW1iZXIiOjF9'], 'scout: --watch follows the first page as it changes; it does not go with --cursor'],
    [['--limit', '5'], 'scout: --watch prints until Ctrl-C; it does not go with --limit'],
    [['--json'], 'scout: --watch prints items as they appear, which one JSON array cannot: use --ndjson'],
    [['--jq', '.hash'], 'scout: --watch with --jq needs --ndjson: the filter then runs on each item as it arrives'],
  ];
  for (const [extra, message] of cases) {
    it(`--watch ${extra.join(' ')}`, async () => {
      const r = await follow(['address', 'txs', WATCHED, '--watch', ...extra], []);
      expect(r.code).toBe(2);
      if (message) expect(lines(r.stderr)[0]).toBe(message);
      expect(srv.requests).toEqual([]);
    });
  }

  it('--new-only and --interval go with --watch', async () => {
    for (const [extra, message] of [
      [['--new-only'], 'scout: --new-only goes with --watch'],
      [['--interval', '5'], 'scout: --interval goes with --watch'],
    ] as const) {
      const r = await follow(['address', 'txs', WATCHED, ...extra], []);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)[0]).toBe(message);
    }
    expect(srv.requests).toEqual([]);
  });

  it('only the lists that can be followed take --watch', async () => {
    const r = await follow(['address', 'tokens', WATCHED, '--watch'], []);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)[0]).toBe("scout: unknown option '--watch'");
    expect(srv.requests).toEqual([]);
  });
});

describe('tx show --wait', () => {
  const HASH = txHash('w');
  const set = (how: Parameters<typeof txDetail>[1] | undefined) => (s: LiveState) => {
    if (how) s.transactions.set(HASH, txDetail('w', how));
    else s.transactions.delete(HASH);
  };

  it('waits through not yet seen, pending and too few confirmations, then prints it as tx show does', async () => {
    const r = await follow(['tx', 'show', HASH, '--wait', '--confirmations', '3', '--interval', '4', '--json'], [
      () => undefined, // still unknown to the explorer
      set({ block: null }),
      set({ block: HEAD_BLOCK, confirmations: 1 }),
      set({ block: HEAD_BLOCK, confirmations: 2 }),
      set({ block: HEAD_BLOCK, confirmations: 3 }),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.waits).toEqual([4000, 4000, 4000, 4000, 4000]);
    expect(JSON.parse(r.stdout)).toMatchObject({ hash: HASH, confirmations: 3, block_number: HEAD_BLOCK });
    expect(srv.requests.map((q) => q.path)).toEqual(Array(6).fill(`/api/v2/transactions/${HASH}`));
  });

  it('without --confirmations: printed once mined, in the key/value view', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const r = await follow(['tx', 'show', HASH, '--wait', '--interval', '4'], [set({ block: HEAD_BLOCK, confirmations: 1 })]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(HASH);
    expect(r.waits).toEqual([4000]);
  });

  it('a transaction already mined is printed at once, no wait', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: HEAD_BLOCK - 10 }));
    const r = await follow(['tx', 'show', HASH, '--wait', '--confirmations', '5', '--ndjson'], []);
    expect(r.code).toBe(0);
    expect(r.waits).toEqual([]);
    expect(JSON.parse(r.stdout)).toMatchObject({ hash: HASH });
  });

  it('confirmations the server leaves out are counted from the head block', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: HEAD_BLOCK - 1, confirmations: null }));
    srv.state.lists.set(BLOCKS_PATH, [blockItem(HEAD_BLOCK)]);
    const r = await follow(['tx', 'show', HASH, '--wait', '--confirmations', '3', '--interval', '4', '--ndjson'], [
      (s) => s.lists.set(BLOCKS_PATH, [blockItem(HEAD_BLOCK + 1), blockItem(HEAD_BLOCK)]),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.waits).toEqual([4000]);
    expect(srv.requests.map((q) => `${q.path}?${q.query.map((p) => p.join('=')).join('&')}`)).toEqual([
      `/api/v2/transactions/${HASH}?`,
      `${BLOCKS_PATH}?type=block`,
      `/api/v2/transactions/${HASH}?`,
      `${BLOCKS_PATH}?type=block`,
    ]);
  });

  it('--cache never answers a poll: the transaction is asked for again', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const r = await follow(['--cache', '1h', 'tx', 'show', HASH, '--wait', '--interval', '4', '--ndjson'], [set({ block: HEAD_BLOCK })]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ block_number: HEAD_BLOCK });
  });

  it('a poll that fails after its retries is a warning; the wait goes on', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const r = await follow(['--retries', '1', 'tx', 'show', HASH, '--wait', '--interval', '4', '--ndjson'], [
      (s) => s.failures.push(503, 503),
      () => undefined, // the retry's backoff
      set({ block: HEAD_BLOCK }),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^scout: warning: .*503.*; trying again\n$/);
    expect(JSON.parse(r.stdout)).toMatchObject({ block_number: HEAD_BLOCK });
  });

  it(`no network for ${MAX_FAILED_POLLS} polls in a row: gives up, exit 1, instead of trying for ever`, async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    srv.state.failures.push(...Array<number>(50).fill(503));
    const r = await follow(['--retries', '0', 'tx', 'show', HASH, '--wait', '--interval', '4', '--ndjson'], Array(50).fill(() => undefined));
    expect(r.code).toBe(1);
    expect(r.waits).toHaveLength(MAX_FAILED_POLLS - 1);
    expect(r.stderr.split('\n').filter(Boolean).at(-2)).toMatch(new RegExp(`^scout: gave up waiting for transaction ${HASH} after ${MAX_FAILED_POLLS} failed polls in a row: .*503`));
    expect(r.stdout).toBe('');
  });

  it('a poll that gets through starts the count of failures again', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const fails = (s: LiveState) => s.failures.push(...Array<number>(MAX_FAILED_POLLS - 1).fill(503));
    fails(srv.state);
    const steps = Array<(s: LiveState) => void>(2 * MAX_FAILED_POLLS).fill(() => undefined);
    // After the failures, one poll answers (still pending); then as many failures again, then mined.
    steps[MAX_FAILED_POLLS - 1] = fails;
    steps[2 * MAX_FAILED_POLLS - 2] = set({ block: HEAD_BLOCK });
    const r = await follow(['--retries', '0', 'tx', 'show', HASH, '--wait', '--interval', '4', '--ndjson'], steps);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ block_number: HEAD_BLOCK });
  });

  it('dropped or replaced: exit 1', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const r = await follow(['tx', 'show', HASH, '--wait', '--interval', '4'], [set({ block: null, dropped: true })]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: transaction ${HASH} was dropped or replaced before it was mined\n`);
    expect(r.stdout).toBe('');
  });

  it('seen pending, then gone from the explorer: dropped, exit 1', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const r = await follow(['tx', 'show', HASH, '--wait', '--interval', '4'], [set(undefined)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: transaction ${HASH} was dropped or replaced: the explorer no longer has it\n`);
  });

  it('--wait-timeout bounds the wait: exit 1 saying what it waited for', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const r = await follow(['tx', 'show', HASH, '--wait', '--interval', '4', '--wait-timeout', '10s'], [() => undefined, () => undefined, () => undefined]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: timed out after 10s waiting for transaction ${HASH}: pending\n`);
    // The last wait is cut to the time left; the last poll is at the deadline.
    expect(r.waits).toEqual([4000, 4000, 2000]);
    expect(srv.requests).toHaveLength(4);
  });

  it('never seen before the timeout: says so', async () => {
    const r = await follow(['tx', 'show', HASH, '--wait', '--interval', '4', '--wait-timeout', '4s'], [() => undefined]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`scout: timed out after 4s waiting for transaction ${HASH}: not yet seen by the explorer\n`);
  });

  it("polls at the chain's block time by default", async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    srv.state.stats = { average_block_time: 3000 };
    const r = await follow(['tx', 'show', HASH, '--wait', '--ndjson'], [set({ block: HEAD_BLOCK })]);
    expect(r.code).toBe(0);
    expect(r.waits).toEqual([3000]);
  });

  it('Ctrl-C while waiting: 130', async () => {
    srv.state.transactions.set(HASH, txDetail('w', { block: null }));
    const r = await follow(['tx', 'show', HASH, '--wait', '--interval', '4'], []);
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('scout: interrupted\n');
    expect(r.stdout).toBe('');
  });

  it('bad --confirmations, --wait-timeout or --interval, or one without --wait: exit 2 before any request', async () => {
    const cases: [string[], string][] = [
      [['--wait', '--confirmations', '0'], 'scout: invalid --confirmations "0": expected a whole number of at least 1'],
      [['--wait', '--confirmations', 'many'], 'scout: invalid --confirmations "many": expected a whole number of at least 1'],
      [['--wait', '--wait-timeout', 'later'], 'scout: invalid --wait-timeout "later": expected a duration from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)'],
      [['--wait', '--interval', '0.5'], 'scout: invalid --interval "0.5": expected a duration from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)'],
      [['--confirmations', '3'], 'scout: --confirmations goes with --wait'],
      [['--wait-timeout', '5m'], 'scout: --wait-timeout goes with --wait'],
      [['--interval', '5'], 'scout: --interval goes with --wait'],
      [['--wait', '--web'], 'scout: --web opens the web page instead of printing; it does not go with --wait'],
    ];
    for (const [extra, message] of cases) {
      const r = await follow(['tx', 'show', HASH, ...extra], []);
      expect(r.code, extra.join(' ')).toBe(2);
      expect(lines(r.stderr)[0]).toBe(message);
    }
    expect(srv.requests).toEqual([]);
  });
});

describe('the real process (built: npm run build)', () => {
  it('NDJSON lines reach the pipe as items appear; Ctrl-C ends it with 130, every line whole', async () => {
    srv.state.lists.set(TXS, [txItem('b'), txItem('a')]);
    const child = spawn(process.execPath, [BIN, '--base-url', srv.url, 'address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '1'], { cwd: ROOT, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const seen: ((out: string) => void)[] = [];
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      for (const f of seen) f(stdout);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const lineCount = (n: number) => new Promise<void>((resolve) => seen.push((out) => lines(out).length >= n && resolve()));
    try {
      await lineCount(2);
      // A new transaction while scout waits: the next poll prints it, and it arrives while scout runs on.
      grow(TXS, txItem('c'))(srv.state);
      await lineCount(3);
      child.kill('SIGINT');
      expect(await exit).toBe(130);
    } finally {
      child.kill('SIGKILL');
    }
    expect(hashes(stdout)).toEqual(['a', 'b', 'c'].map(txHash));
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stderr).toBe('scout: interrupted\n');
  });
});
