/**
 * The rate-limit scheduler under concurrency, on a fake clock: a mock explorer that enforces a
 * fixed window (and answers 429 past it) sees when each request is sent, so these tests count
 * requests per window and 429s without timing anything.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { ExplorerClient } from '../../src/api/client.js';
import { Http } from '../../src/api/http.js';
import { Scheduler } from '../../src/api/scheduler.js';

const ORIGIN = 'https://eth.blockscout.com';

let agent: MockAgent;
let clock: number;
let waits: number[];

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  clock = 1_000_000;
  waits = [];
});

afterEach(async () => {
  await agent.close();
});

/**
 * A wait on the fake clock: the mock server answers in no fake time, so every answer already on its
 * way is let in first (a turn of the event loop, which the mock's replies need), then the clock moves
 * on to at least `ms` later than when the wait began.
 */
async function fakeSleep(ms: number): Promise<void> {
  waits.push(ms);
  const until = clock + ms;
  await new Promise((r) => setImmediate(r));
  clock = Math.max(clock, until);
}

function http(): Http {
  return new Http({
    timeoutMs: 5_000,
    retries: 3,
    userAgent: 'scout-test/0',
    backoffMs: 100,
    sleep: fakeSleep,
    now: () => clock,
    random: () => 0,
    dispatcher: (origin) => agent.get(origin),
  });
}

interface Explorer {
  /** Fake time each request reached the server, and its status. */
  seen: { at: number; status: number }[];
}

/**
 * An explorer allowing `limit` requests per fixed `windowMs` window of the fake clock; past it, 429.
 * With `headers`, every answer says the budget as Blockscout does (reset in milliseconds).
 */
function explorer(limit: number, windowMs: number, headers = true, way?: Way): Explorer {
  const seen: Explorer['seen'] = [];
  const counts = new Map<number, number>();
  agent
    .get(ORIGIN)
    .intercept({ path: /^\/api\/v2\//, method: 'GET' })
    .reply(() => {
      // The time on the way moves the fake clock: the answer comes back no earlier than it was seen.
      if (way) clock += seen.length === 0 ? way.first : way.then;
      const at = clock;
      const w = Math.floor((at + (way?.phase ?? 0)) / windowMs);
      const used = counts.get(w) ?? 0;
      const reset = String((w + 1) * windowMs - at);
      const status = used >= limit ? 429 : 200;
      if (status === 200) counts.set(w, used + 1);
      seen.push({ at, status });
      const h = headers ? { 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(Math.max(0, limit - used - 1)), 'x-ratelimit-reset': reset } : {};
      return {
        statusCode: status,
        data: status === 200 ? `{"n":${seen.length}}` : '{"message":"Too many requests"}',
        responseOptions: { headers: { 'content-type': 'application/json', ...h } },
      };
    })
    .persist();
  return { seen };
}

/** Time on the way to the server: the first request (a new connection), the later ones; where its windows begin. */
interface Way {
  first: number;
  then: number;
  phase: number;
}

/** Requests per window of the fake clock. */
function perWindow(seen: Explorer['seen'], windowMs: number): number[] {
  const counts = new Map<number, number>();
  for (const s of seen) counts.set(Math.floor(s.at / windowMs), (counts.get(Math.floor(s.at / windowMs)) ?? 0) + 1);
  return [...counts.values()];
}

function lookups(client: ExplorerClient, n: number): Promise<string[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => client.getRaw(`/api/v2/transactions/0x${i.toString(16).padStart(64, '0')}`)));
}

describe('rate-limit scheduler', () => {
  it('N concurrent requests against a window limit: zero 429s, never more than the limit per window', async () => {
    const srv = explorer(10, 1000);
    const h = http();
    const client = new ExplorerClient({ baseUrl: ORIGIN, http: h });
    const bodies = await lookups(client, 45);
    expect(bodies).toHaveLength(45);
    expect(srv.seen.filter((s) => s.status === 429)).toEqual([]);
    expect(srv.seen).toHaveLength(45);
    const windows = perWindow(srv.seen, 1000);
    expect(Math.max(...windows)).toBeLessThanOrEqual(10);
    // And no slower than the limit allows: 45 requests at 10 a window fill 5 windows.
    expect(windows).toEqual([10, 10, 10, 10, 5]);
    await h.close();
  });

  it('counts requests already in flight: 4 lookups on a budget with 2 left take 2 now and wait for the rest', async () => {
    const srv = explorer(6, 1000);
    const h = http();
    const client = new ExplorerClient({ baseUrl: ORIGIN, http: h });
    // Learn the budget and spend most of it: 4 of 6 used, 2 remain in this window.
    for (let i = 0; i < 4; i++) await client.getRaw('/api/v2/stats');
    expect(srv.seen.every((s) => s.status === 200)).toBe(true);
    const start = srv.seen.length;
    await lookups(client, 4);
    const batch = srv.seen.slice(start);
    expect(batch.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    // Two went in the old window, two after its reset: one wait, for exactly the reset.
    const w0 = Math.floor(batch[0]!.at / 1000);
    expect(batch.filter((s) => Math.floor(s.at / 1000) === w0)).toHaveLength(2);
    expect(waits.at(-1)).toBe((w0 + 1) * 1000 - batch[0]!.at);
    await h.close();
  });

  /** When each request reached the server, from the first, in fake milliseconds. */
  const offsets = (srv: Explorer) => srv.seen.map((s) => s.at - srv.seen[0]!.at);

  it('without rate-limit headers: 5 requests a second in windows of a second, the first 5 together', async () => {
    const srv = explorer(1000, 1000, false);
    const h = http();
    await lookups(new ExplorerClient({ baseUrl: ORIGIN, http: h }), 12);
    expect(offsets(srv)).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
    await h.close();
  });

  it('without rate-limit headers, fixed one-second windows placed anywhere: no 429 from 20 lookups', async () => {
    // The server counts a request when it sees it, which may be late (the first one pays for the
    // connection): pacing from the send let the next second's requests into the last one's window.
    for (const phase of [0, 100, 250, 500, 900]) {
      if (phase > 0) {
        await agent.close();
        agent = new MockAgent();
        agent.disableNetConnect();
      }
      const srv = explorer(5, 1000, false, { first: 150, then: 20, phase });
      const h = http();
      await lookups(new ExplorerClient({ baseUrl: ORIGIN, http: h }), 20);
      expect({ phase, refused: srv.seen.filter((s) => s.status === 429).length }).toEqual({ phase, refused: 0 });
      expect(srv.seen).toHaveLength(20);
      await h.close();
    }
  });

  it('a wait for a spent window of a second or more is told to the session: the spinner says it', async () => {
    explorer(2, 5000);
    const told: unknown[] = [];
    const h = new Http({ timeoutMs: 5_000, retries: 3, userAgent: 't', sleep: fakeSleep, now: () => clock, dispatcher: (origin) => agent.get(origin), onWait: (e) => told.push(e) });
    const client = new ExplorerClient({ baseUrl: ORIGIN, http: h });
    await client.getRaw('/api/v2/stats');
    await lookups(client, 3);
    expect(told).toEqual([{ kind: 'rate', ms: expect.any(Number) }]);
    expect((told[0] as { ms: number }).ms).toBeGreaterThanOrEqual(1000);
    await h.close();
  });

  it('without rate-limit headers but with a key: 10 a second', async () => {
    const srv = explorer(1000, 1000, false);
    const h = http();
    await lookups(new ExplorerClient({ baseUrl: ORIGIN, http: h, explorerKey: 'k-123' }), 12);
    expect(offsets(srv)).toEqual([...Array(10).fill(0), 1000, 1000]);
    await h.close();
  });

  it('the first requests to an explorer whose budget is not known yet go together, then its headers rule', async () => {
    // Two chains' first pages, or a batch's first lookups: none waits for another's answer. The
    // explorer allows 5 a second, Blockscout's least (300 a minute without a key).
    const srv = explorer(5, 1000);
    const h = http();
    await lookups(new ExplorerClient({ baseUrl: ORIGIN, http: h }), 12);
    expect(srv.seen.filter((s) => s.status === 429)).toEqual([]);
    expect(offsets(srv).slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(perWindow(srv.seen, 1000)).toEqual([5, 5, 2]);
    await h.close();
  });

  it('x-ratelimit-reset -1 (no limit): concurrent requests are not held back', async () => {
    agent
      .get(ORIGIN)
      .intercept({ path: /^\/api\/v2\//, method: 'GET' })
      .reply(200, '{}', { headers: { 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': '-1' } })
      .persist();
    const h = http();
    const client = new ExplorerClient({ baseUrl: ORIGIN, http: h });
    await client.getRaw('/api/v2/stats');
    await lookups(client, 8);
    expect(waits).toEqual([]);
    await h.close();
  });

  it('one scheduler shared by two Http layers keeps one budget for the origin', async () => {
    const srv = explorer(5, 1000);
    const scheduler = new Scheduler({ now: () => clock, sleep: fakeSleep });
    const make = () => new Http({ timeoutMs: 5_000, retries: 3, userAgent: 't', sleep: fakeSleep, now: () => clock, dispatcher: (origin) => agent.get(origin), scheduler });
    const [a, b] = [make(), make()];
    await Promise.all([lookups(new ExplorerClient({ baseUrl: ORIGIN, http: a }), 12), lookups(new ExplorerClient({ baseUrl: ORIGIN, http: b }), 12)]);
    expect(srv.seen.filter((s) => s.status === 429)).toEqual([]);
    expect(Math.max(...perWindow(srv.seen, 1000))).toBeLessThanOrEqual(5);
    await a.close();
    await b.close();
  });
});
