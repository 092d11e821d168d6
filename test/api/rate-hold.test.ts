/**
 * A 429 holds every request to that host, not only the one it answered: a request asked for while
 * the first waits out the 429 is not sent before the wait ends, and another host is not held. On a
 * fake clock whose waits end only when the test lets them, so nothing here is timed.
 */
import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { ExplorerClient } from '../../src/api/client.js';
import { Http } from '../../src/api/http.js';
import { Scheduler } from '../../src/api/scheduler.js';

const HELD = 'https://eth.blockscout.com';
const OTHER = 'https://base.blockscout.com';
const RESET_MS = 5000;

const agent = new MockAgent();
agent.disableNetConnect();

it('a 429 on one request holds the next request to that host until its reset, and no other host', async () => {
  let clock = 1_000_000;
  const t0 = clock;
  /** The waits asked for, each ended by the test. */
  const waits: { ms: number; end: () => void }[] = [];
  const waited = new EventEmitter();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const start = clock;
      waits.push({ ms, end: () => ((clock = Math.max(clock, start + ms)), resolve()) });
      waited.emit('wait');
    });
  /** Resolves once `ok` holds, checked now and after each wait asked for or request answered. */
  const until = (ok: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => ok() && (waited.off('wait', check), resolve());
      waited.on('wait', check);
      check();
    });

  const seen: { path: string; at: number; status: number }[] = [];
  const answer = (path: string, status: number) => () => {
    seen.push({ path, at: clock, status });
    waited.emit('wait');
    const headers = status === 429 ? { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(RESET_MS) } : {};
    return { statusCode: status, data: status === 429 ? '{"message":"Too many requests"}' : `{"path":"${path}"}`, responseOptions: { headers: { 'content-type': 'application/json', ...headers } } };
  };
  const held = agent.get(HELD);
  held.intercept({ path: '/api/v2/a' }).reply(answer('a', 429));
  held.intercept({ path: '/api/v2/a' }).reply(answer('a', 200));
  held.intercept({ path: '/api/v2/b' }).reply(answer('b', 200));
  agent.get(OTHER).intercept({ path: '/api/v2/c' }).reply(answer('c', 200));

  const scheduler = new Scheduler({ now: () => clock, sleep });
  const h = new Http({ timeoutMs: 60_000, retries: 3, userAgent: 't', sleep, now: () => clock, random: () => 0, dispatcher: (o) => agent.get(o), scheduler });
  const client = new ExplorerClient({ baseUrl: HELD, http: h });
  try {
    const a = client.getRaw('/api/v2/a');
    await until(() => waits.length === 1);
    expect(seen).toEqual([{ path: 'a', at: t0, status: 429 }]);
    expect(waits[0]!.ms).toBe(RESET_MS);

    // While a waits out its 429: b, to the same host, waits too; c, to another host, goes.
    const b = client.getRaw('/api/v2/b');
    expect(await new ExplorerClient({ baseUrl: OTHER, http: h }).getRaw('/api/v2/c')).toBe('{"path":"c"}');
    await until(() => waits.length === 2 || seen.some((s) => s.path === 'b'));
    expect(seen.map((s) => s.path)).toEqual(['a', 'c']);

    for (const w of waits.splice(0)) w.end();
    // Later waits (none are expected) end at once.
    waited.on('wait', () => waits.splice(0).forEach((w) => w.end()));
    expect(await a).toBe('{"path":"a"}');
    expect(await b).toBe('{"path":"b"}');
    for (const s of seen.filter((x) => x.path !== 'c' && x.status === 200)) expect(s.at, s.path).toBeGreaterThanOrEqual(t0 + RESET_MS);
    agent.assertNoPendingInterceptors();
  } finally {
    await h.close();
    await agent.close();
  }
});
