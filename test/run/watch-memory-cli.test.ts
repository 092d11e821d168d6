/**
 * Issue 20, item 5: --watch against a server whose "hashes" are a megabyte each. The watch keeps
 * working, prints each item once (long identities told apart by their last character, a repeated
 * one not printed again), and its heap does not grow with what it has seen: identities are kept as
 * fixed-size digests, not as the server's strings.
 *
 * In-process against the live test server, as test/run/watch.test.ts runs --watch: every
 * wait returns at once, and at each one the test changes the list and, after a full GC, reads the
 * heap while the watch is running.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sleep as timerSleep } from '../../src/api/http.js';
import { run } from '../../src/cli.js';
import { memoryIo } from '../../src/base/io.js';
import { cleanEnv } from '../support/cli.js';
import { addressList, type LiveServer, startLiveServer, txItem, WATCHED } from '../support/live-server.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let srv: LiveServer;
beforeAll(async () => {
  srv = await startLiveServer({ pageSize: 4 });
});
afterAll(() => srv.close());

const MiB = 1024 * 1024;
const TXS = addressList(WATCHED, 'transactions');
/** A transaction whose hash is a megabyte long, told from the others only by its last characters. */
const longTx = (tag: string) => ({ ...txItem(tag), hash: '0x' + 'a'.repeat(MiB) + tag });
/** Polls in the run; the heap is read at the second and at the last. */
const POLLS = 12;

it('megabyte identities: each item printed once, and the heap stays flat poll after poll', async () => {
  const ctrl = new AbortController();
  const repeated = longTx('r');
  srv.state.lists.set(TXS, [longTx('first'), repeated]);
  const heap: number[] = [];
  const printed: string[] = [];
  const base = memoryIo({ env: cleanEnv(), width: 200, now: () => Date.UTC(2025, 7, 11, 9, 33, 0) });
  let waits = 0;
  const io = {
    ...base,
    // Only the tail of each hash is kept, so that the test's own record does not grow by megabytes.
    out: { write: async (t: string) => void printed.push(...t.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { hash: string }).hash.slice(2 + MiB))) },
    sleep: (_ms: number, signal?: AbortSignal) => {
      const k = waits++;
      if (k === 1 || k === POLLS) {
        gc();
        heap.push(process.memoryUsage().heapUsed);
      }
      if (k >= POLLS) ctrl.abort();
      // Four new items a poll above the one seen from the start: the first page is all new, so the
      // watch also reads the second, where the known item stops it.
      else srv.state.lists.set(TXS, [0, 1, 2, 3].map((j) => longTx(`${k}-${j}`)).concat(repeated));
      return timerSleep(0, signal);
    },
  };
  const code = await run(['node', 'scout', '--base-url', srv.url, 'address', 'txs', WATCHED, '--watch', '--ndjson', '--interval', '5'], io, ctrl.signal);
  expect(base.stderr()).toBe('scout: interrupted\n');
  expect(code).toBe(130);
  const want = ['r', 'first'];
  for (let k = 0; k < POLLS; k++) want.push(...[3, 2, 1, 0].map((j) => `${k}-${j}`));
  expect(printed).toEqual(want);
  // The polls between the readings saw 44 identities of a megabyte each: kept as they came, the heap
  // would have grown by over 40 MiB.
  const grown = heap[1]! - heap[0]!;
  expect(grown, `heap grew by ${(grown / MiB).toFixed(1)} MiB`).toBeLessThan(16 * MiB);
}, 30_000);
