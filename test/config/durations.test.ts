/**
 * One duration grammar for every duration option (issue 21): a bare number is seconds, units ms, s,
 * m, h, d, each option within its own range. `--interval 1d`, `--wait-timeout 1d`, `--cache 30` and
 * `--timeout 30s` are taken by the built command, through their variables and config keys too, each
 * with one meaning; a bad value is exit 2 before any request, naming the option, the forms and the range.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sleep as timerSleep } from '../../src/api/http.js';
import { runCli } from '../support/cli.js';
import { runScout } from '../support/scout.js';
import { type FakeServer, startServer, TX } from '../support/server.js';

let srv: FakeServer;
let home: string;
beforeAll(async () => {
  srv = await startServer();
});
afterAll(() => srv.close());
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'scout-durations-'));
  srv.requests.length = 0;
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** The environment of a run with its own config and cache directories. */
const dirs = (extra: Record<string, string> = {}) => ({ XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache'), ...extra });
function writeConfig(values: Record<string, unknown>): void {
  mkdirSync(join(home, 'config', 'scout'), { recursive: true });
  writeFileSync(join(home, 'config', 'scout', 'config.json'), JSON.stringify(values), { mode: 0o600 });
}
const cli = (args: string[], env: Record<string, string> = {}) => runCli(['--base-url', srv.url, ...args], { env: dirs(env) });

describe('the built command takes each example with its variable and config key', () => {
  it('--interval 1d and --wait-timeout 1d', async () => {
    for (const extra of [['--interval', '1d'], ['--wait-timeout', '1d'], ['--interval', '1d', '--wait-timeout', '1d']]) {
      const r = await cli(['tx', 'show', TX.ok, '--wait', '--json', ...extra]);
      expect(r.stderr, extra.join(' ')).toBe('');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ hash: TX.ok });
    }
  });

  it('--timeout 30s: as a flag, SCOUT_TIMEOUT, the config file and `scout config set`', async () => {
    const ways: [string[], Record<string, string>, Record<string, unknown>?][] = [
      [['--timeout', '30s'], {}],
      [[], { SCOUT_TIMEOUT: '30s' }],
      [[], {}, { timeout: '30s' }],
    ];
    for (const [flags, env, config] of ways) {
      if (config) writeConfig(config);
      const r = await cli([...flags, 'tx', 'show', TX.ok, '--json'], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
    const set = await runCli(['config', 'set', 'timeout', '30s'], { env: dirs() });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect((await cli(['tx', 'show', TX.ok, '--json'])).code).toBe(0);
  });

  it('--cache 30: as a flag, SCOUT_CACHE, the config file (a JSON number) and `scout config set`; the second run is answered from the cache', async () => {
    const ways: [string[], Record<string, string>, (() => Promise<unknown>)?][] = [
      [['--cache', '30'], {}],
      [[], { SCOUT_CACHE: '30' }],
      [[], {}, async () => writeConfig({ cache: 30 })],
      [[], {}, () => runCli(['config', 'set', 'cache', '30'], { env: dirs() })],
    ];
    for (const [flags, env, setUp] of ways) {
      rmSync(join(home, 'cache'), { recursive: true, force: true });
      rmSync(join(home, 'config'), { recursive: true, force: true });
      await setUp?.();
      const before = srv.requests.length;
      const first = await cli([...flags, 'tx', 'show', TX.ok, '--json'], env);
      const second = await cli([...flags, 'tx', 'show', TX.ok, '--json'], env);
      expect(first.stderr, JSON.stringify([flags, env])).toBe('');
      expect([first.code, second.code]).toEqual([0, 0]);
      expect(second.stdout).toBe(first.stdout);
      expect(srv.requests.length - before).toBe(1);
    }
  });
});

describe('one meaning each', () => {
  const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

  it('--cache 30 is 30 seconds: an answer 29 s old is served, one 31 s old is fetched again', async () => {
    const run = (at: number) => runScout(['tx', 'show', TX.ok, '--json', '--cache', '30', '--base-url', srv.url], { now: () => at, env: dirs() });
    expect((await run(T0)).code).toBe(0);
    expect(srv.requests).toHaveLength(1);
    expect((await run(T0 + 29_000)).code).toBe(0);
    expect(srv.requests).toHaveLength(1);
    expect((await run(T0 + 31_000)).code).toBe(0);
    expect(srv.requests).toHaveLength(2);
  });

  it('--interval 1d polls once a day; --wait-timeout 2d gives up after two days', async () => {
    let clock = T0;
    const r = await runScout(['tx', 'show', TX.pending, '--wait', '--interval', '1d', '--wait-timeout', '2d', '--base-url', srv.url], {
      now: () => clock,
      sleep: (ms, signal) => ((clock += ms), timerSleep(0, signal)),
    });
    expect(r.sleeps).toEqual([86_400_000, 86_400_000]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^scout: timed out after 2d waiting for transaction /);
  });

  it('--watch --interval 1d waits a day between polls', async () => {
    const ctrl = new AbortController();
    const r = await runScout(['blocks', '--watch', '--ndjson', '--interval', '1d', '--base-url', srv.url], {
      signal: ctrl.signal,
      sleep: (_ms, signal) => (ctrl.abort(), timerSleep(0, signal)),
    });
    expect(r.code).toBe(130);
    expect(r.sleeps).toEqual([86_400_000]);
  });

  describe('--timeout 30s is thirty seconds, 300ms is 300 milliseconds', () => {
    const slow = createServer((_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 600));
    let slowUrl = '';
    beforeAll(async () => {
      await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
      slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => (slow.closeAllConnections(), slow.close(() => r()))));

    it('a 600 ms answer comes within 30s and not within 300ms (nor 0.3)', async () => {
      const get = (timeout: string) => runCli(['--base-url', slowUrl, '--retries', '0', '--timeout', timeout, 'api', '/api/v2/stats'], { env: dirs() });
      const [long, short, decimal] = await Promise.all([get('30s'), get('300ms'), get('0.3')]);
      expect(long.code).toBe(0);
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(/timed out|timeout/i);
      expect(decimal.code).toBe(1);
    });
  });
});

describe('a bad value: exit 2 before any request, naming the option, the forms and its range', () => {
  const TIMER = 'from 1ms to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)';
  const FOLLOW = 'from 1s to 2147483s (about 24 days), in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)';
  const CACHE = 'of at least 1s, in whole seconds or a whole number with a unit ms, s, m, h or d (30, 5m, 1d), or forever';
  const cases: [string[], Record<string, string>, string][] = [
    [['--timeout', '30x'], {}, `invalid --timeout "30x": expected a duration ${TIMER}`],
    [['--timeout', 'forever'], {}, `invalid --timeout "forever": expected a duration ${TIMER}`],
    [['--timeout', '25d'], {}, `invalid --timeout "25d": expected a duration ${TIMER}`],
    [[], { SCOUT_TIMEOUT: '1 d' }, `invalid SCOUT_TIMEOUT "1 d": expected a duration ${TIMER}`],
    [['--jq-timeout', '0ms'], {}, `invalid --jq-timeout "0ms": expected a duration ${TIMER}`],
    [['--cache', '1.5h'], {}, `invalid --cache "1.5h": expected a duration ${CACHE}`],
    [['--cache', '500ms'], {}, `invalid --cache "500ms": expected a duration ${CACHE}`],
    [[], { SCOUT_CACHE: '-30' }, `invalid SCOUT_CACHE "-30": expected a duration ${CACHE}`],
    [['--cache', '9'.repeat(400)], {}, `invalid --cache "${'9'.repeat(80)}…": expected a duration ${CACHE}`],
    [['--wait', '--interval', '25d'], {}, `invalid --interval "25d": expected a duration ${FOLLOW}`],
    [['--wait', '--wait-timeout', '0.5'], {}, `invalid --wait-timeout "0.5": expected a duration ${FOLLOW}`],
    [['--wait', '--wait-timeout', 'forever'], {}, `invalid --wait-timeout "forever": expected a duration ${FOLLOW}`],
  ];
  it.each(cases)('%j %j', async (args, env, message) => {
    const r = await runScout(['--base-url', srv.url, 'tx', 'show', TX.ok, ...args], { env: dirs(env) });
    expect(r.code).toBe(2);
    // A flag points to the command's help, a variable to the topic on variables.
    const see = Object.keys(env).length > 0 ? 'scout help environment' : 'scout tx show --help';
    expect(r.stderr).toBe(`scout: ${message}\nscout: see '${see}'\n`);
    expect(srv.requests).toEqual([]);
  });

  it('the config file and `scout config set` say the same', async () => {
    writeConfig({ cache: '2w' });
    const r = await runScout(['--base-url', srv.url, 'tx', 'show', TX.ok], { env: dirs() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^scout: invalid "cache" in .*config\.json "2w": expected a duration of at least 1s, /);
    const set = await runScout(['config', 'set', 'timeout', '1w'], { env: dirs() });
    expect(set.code).toBe(2);
    expect(set.stderr).toBe(`scout: invalid timeout "1w": expected a duration ${TIMER}\nscout: see 'scout config set --help'\n`);
    expect(srv.requests).toEqual([]);
  });
});
