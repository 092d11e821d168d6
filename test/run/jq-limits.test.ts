/**
 * Issue 20, item 4: --jq has a time limit on each input (--jq-timeout, default 60 s) and a memory
 * limit (--jq-max-memory, default 1 GiB), and scout exits 1 by itself when either is reached or jq
 * aborts: before, a filter that never ended ran forever, and after jq ran out of memory scout
 * printed "jq failed: Aborted()" and then never exited.
 *
 * The real built command as a child process (an exit is what is tested), with small limits set by
 * flag or variable; each child is killed after 20 s, and the test asserts it ended by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setting } from '../../src/config/setting-table.js';
import { jqLimits } from '../../src/config/settings.js';
import { DEFAULT_JQ_LIMITS } from '../../src/render/jq.js';
import { cleanEnv } from '../support/cli.js';
import { runCli } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { ADDR, type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());

const TIMED_OUT = (s: string) => `scout: jq ran longer than ${s} on one input (--jq-timeout)\nscout: raise --jq-timeout if the filter is expected to take that long\n`;
const OUT_OF_MEMORY = (size: string) => `scout: jq ran out of memory: a filter may use ${size} (--jq-max-memory)\nscout: raise --jq-max-memory (up to 2GiB), or filter each item with --ndjson --jq\n`;

/** Runs the built scout, timing it; the run must end by itself (not by the 20 s kill). */
async function timed(args: string[], env: Record<string, string> = {}) {
  const started = Date.now();
  const r = await runCli(args, { env, timeoutMs: 20_000 });
  return { ...r, ms: Date.now() - started };
}

describe('a filter that never ends', () => {
  it('ends at --jq-timeout with exit 1 and one clear message', async () => {
    const r = await timed(['chains', '--jq', 'last(repeat(1))', '--jq-timeout', '1']);
    expect(r).toMatchObject({ code: 1, signal: null, stdout: '', stderr: TIMED_OUT('1s') });
    expect(r.ms).toBeGreaterThanOrEqual(1000);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('with --ndjson, on an item of a list from the server (the limit from SCOUT_JQ_TIMEOUT)', async () => {
    const r = await timed(['address', 'txs', ADDR.rich, '--ndjson', '--jq', 'if .hash then last(repeat(1)) else . end', '--base-url', srv.url], { SCOUT_JQ_TIMEOUT: '0.5' });
    expect(r).toMatchObject({ code: 1, signal: null, stdout: '', stderr: TIMED_OUT('0.5s') });
    expect(r.ms).toBeLessThan(10_000);
  });
});

describe('the clock is on the runs, not on loading jq', () => {
  it('a filter that does not compile is exit 2 however small --jq-timeout, with no request', async () => {
    const before = srv.requests.length;
    const r = await timed(['stats', '--jq', '.[', '--jq-timeout', '1ms', '--base-url', srv.url]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid --jq expression/);
    expect(srv.requests.length).toBe(before);
  });
});

describe('a filter that needs more memory than allowed', () => {
  it('jq aborts at --jq-max-memory: exit 1 at once, one clear message, nothing of jq\'s own output', async () => {
    const r = await timed(['chains', '--jq', '[range(1e8)] | length', '--jq-max-memory', '32MiB']);
    expect(r).toMatchObject({ code: 1, signal: null, stdout: '', stderr: OUT_OF_MEMORY('32 MiB') });
    expect(r.ms).toBeLessThan(10_000);
  });

  it('on a document from the server, the limit from the variable', async () => {
    const r = await timed(['tx', 'show', TX.ok, '--jq', '[range(1e8)]', '--base-url', srv.url], { SCOUT_JQ_MAX_MEMORY: '48MiB' });
    expect(r).toMatchObject({ code: 1, signal: null, stdout: '', stderr: OUT_OF_MEMORY('48 MiB') });
  });

  it('a filter within the limits runs as before', async () => {
    const r = await timed(['chains', '--jq', '[range(1e5)] | length', '--jq-max-memory', '32MiB', '--jq-timeout', '5']);
    expect(r).toMatchObject({ code: 0, signal: null, stdout: '100000\n', stderr: '' });
  });
});

describe('the settings', () => {
  it('a bad limit is a usage error before any request', async () => {
    const mark = srv.requests.length;
    for (const [args, err] of [
      [['--jq-timeout', '0'], 'scout: invalid --jq-timeout "0": expected a duration from 1ms to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)\nscout: see \'scout tx show --help\'\n'],
      [['--jq-max-memory', '3GiB'], 'scout: invalid --jq-max-memory "3GiB": expected a size from 1 byte to 2 GiB, in bytes or with a unit (512KiB, 10MB, 64MiB)\nscout: see \'scout tx show --help\'\n'],
    ] as const) {
      const r = await runScout(['tx', 'show', TX.ok, '--jq', '.hash', ...args, '--base-url', srv.url]);
      expect(r).toMatchObject({ code: 2, stdout: '', stderr: err });
    }
    expect(srv.requests.length).toBe(mark);
  });

  it('the defaults are the table\'s: 60 s on one input, 1 GiB', () => {
    expect(setting('jq-timeout').default).toBe('60');
    expect(setting('jq-max-memory').default).toBe('1GiB');
    expect(jqLimits({}, cleanEnv())).toEqual(DEFAULT_JQ_LIMITS);
    expect(DEFAULT_JQ_LIMITS).toEqual({ timeoutMs: 60_000, maxMemoryBytes: 1024 ** 3 });
  });
});
