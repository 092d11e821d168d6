/**
 * `scout block countdown <n>`: the explorer's estimate for a block to come, as a key/value view, a
 * piped line, or the answer as sent; a block mined already (the real server's 200 with a message)
 * said as such; a hash or latest refused before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScout } from '../../support/scout.js';
import { type FakeServer, HEAD_BLOCK, startServer } from '../../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const scout = (args: string[], tty = false) => runScout(['block', 'countdown', ...args, '--base-url', srv.url], { stdoutIsTTY: tty, color: false, now: () => NOW });
const target = HEAD_BLOCK + 300;

describe('scout block countdown', () => {
  it('piped: block, newest, blocks to come, seconds and the estimated time; --json as sent', async () => {
    const r = await scout([String(target)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${target}\t${HEAD_BLOCK}\t300\t3600\t${new Date(NOW + 3_600_000).toISOString().replace('.000Z', 'Z')}\n`);
    const j = await scout([String(target), '--json']);
    expect(JSON.parse(j.stdout)).toEqual({ countdown_block_number: String(target), current_block_number: String(HEAD_BLOCK), estimated_time_in_seconds: '3600.0', remaining_blocks_count: '300' });
  });

  it('on a terminal: a key/value view', async () => {
    const r = await scout([String(target).replace(/\B(?=(\d{3})+$)/g, ',')], true);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^To come +300 blocks$/m);
    expect(r.stdout).toMatch(/^Estimated +in 1h, about 2026-11-21 13:00:00 UTC$/m);
  });

  it('a block mined already is said so, exit 0; a hash or latest is refused before any request', async () => {
    const r = await scout([String(HEAD_BLOCK - 5)]);
    expect(r).toMatchObject({ code: 0, stdout: `${HEAD_BLOCK - 5}\tmined\n` });
    const t = await scout([String(HEAD_BLOCK - 5)], true);
    expect(t.stdout).toBe(`Block ${String(HEAD_BLOCK - 5).replace(/\B(?=(\d{3})+$)/g, ',')} is mined already: scout block ${HEAD_BLOCK - 5} shows it\n`);
    const mark = srv.requests.length;
    for (const bad of ['latest', '0x' + 'ab'.repeat(32)]) {
      const b = await scout([bad]);
      expect(b.code).toBe(2);
      expect(b.stderr).toMatch(/^scout: invalid block .*: a countdown is to a block number/);
    }
    expect(srv.requests.length).toBe(mark);
  });
});
