import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { displayUrl, Http, type HttpOptions } from '../../src/api/http.js';
import {
  AuthError,
  HttpError,
  InterruptedError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ResponseShapeError,
  ScoutError,
  TimeoutError,
} from '../../src/errors.js';

const ORIGIN = 'https://eth.blockscout.com';
const PATH = '/api/v2/transactions/0xabc';
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

let agent: MockAgent;
let waits: number[];
let lines: string[];
let clock: number;

beforeEach(() => {
  agent = new MockAgent();
  agent.disableNetConnect();
  waits = [];
  lines = [];
  clock = 1_000_000;
});

afterEach(async () => {
  await agent.close();
});

function pool() {
  return agent.get(ORIGIN);
}

function client(over: Partial<HttpOptions> = {}): Http {
  return new Http({
    timeoutMs: 5_000,
    retries: 2,
    userAgent: 'scout-test/0',
    backoffMs: 100,
    maxWaitMs: 60_000,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    now: () => clock,
    random: () => 0,
    log: (l) => lines.push(l),
    dispatcher: (origin) => agent.get(origin),
    ...over,
  });
}

function url(path = PATH): URL {
  return new URL(ORIGIN + path);
}

async function failure(p: Promise<unknown>): Promise<ScoutError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ScoutError);
    return e as ScoutError;
  }
  throw new Error('expected the request to fail');
}

describe('Http.get success', () => {
  it('returns the status, headers and body of a 2xx', async () => {
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, '{"hash":"0xabc"}', { headers: JSON_HEADERS });
    const res = await client().get(url());
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"hash":"0xabc"}');
    expect(res.headers['content-type']).toContain('application/json');
    expect(waits).toEqual([]);
  });

  it('sends the user agent and caller headers', async () => {
    pool()
      .intercept({
        path: PATH,
        method: 'GET',
        headers: { 'user-agent': 'scout-test/0', 'x-api-key': 'k1' },
      })
      .reply(200, '{}');
    const res = await client().get(url(), { 'x-api-key': 'k1' });
    expect(res.status).toBe(200);
  });
});

describe('Http.get status errors', () => {
  it('404 is a NotFoundError (exit 3) naming what and the origin', async () => {
    pool().intercept({ path: PATH }).reply(404, '{"message":"Not found"}', { headers: JSON_HEADERS });
    const err = await failure(client().get(url(), {}, { what: 'transaction 0xabc' }));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.exitCode).toBe(3);
    expect(err.message).toContain('transaction 0xabc');
    expect(err.message).toContain(ORIGIN);
  });

  it('404 is not retried', async () => {
    pool().intercept({ path: PATH }).reply(404, '{"message":"Not found"}').times(3);
    await failure(client().get(url()));
    expect(waits).toEqual([]);
    expect(lines.filter((l) => l.startsWith('GET '))).toHaveLength(1);
  });

  it.each([
    [401, '{"message":"Unauthorized"}', 'Unauthorized'],
    [403, '{"message":"Restricted access"}', 'Restricted access'],
    [402, '{"error":"Out of credits"}', 'Out of credits'],
  ])('%i is an AuthError (exit 4) carrying the body message', async (status, body, text) => {
    pool().intercept({ path: PATH }).reply(status, body, { headers: JSON_HEADERS });
    const err = await failure(client().get(url(), {}, { authHint: 'check --explorer-key' }));
    expect(err).toBeInstanceOf(AuthError);
    expect(err.exitCode).toBe(4);
    expect(err.message).toContain(text);
    expect(err.message).toContain(String(status));
    expect(err.hint).toBe('check --explorer-key');
    expect(waits).toEqual([]);
  });

  it('422 JSON:API errors become "pointer: detail" in an HttpError (exit 1)', async () => {
    const body = JSON.stringify({
      errors: [{ title: 'Invalid value', source: { pointer: '/filter' }, detail: 'Invalid value for enum' }],
    });
    pool().intercept({ path: PATH }).reply(422, body, { headers: JSON_HEADERS });
    const err = await failure(client().get(url()));
    expect(err).toBeInstanceOf(HttpError);
    expect(err.exitCode).toBe(1);
    expect((err as HttpError).status).toBe(422);
    expect(err.message).toContain('filter: Invalid value for enum');
  });

  it('500 with a bare JSON string body shows that text and is not retried', async () => {
    pool().intercept({ path: PATH }).reply(500, '"Error while raw trace fetching"', { headers: JSON_HEADERS }).times(3);
    const err = await failure(client().get(url()));
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(500);
    expect(err.message).toContain('Error while raw trace fetching');
    expect(err.message).not.toContain('"Error');
    expect(waits).toEqual([]);
    expect(lines.filter((l) => l.startsWith('GET '))).toHaveLength(1);
  });

  it('an HTML page on 502 is reduced to "HTTP 502 Bad Gateway"', async () => {
    const html = '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
    pool().intercept({ path: PATH }).reply(502, html, { headers: { 'content-type': 'text/html' } }).times(3);
    const err = await failure(client().get(url()));
    expect(err).toBeInstanceOf(HttpError);
    expect(err.message).toContain('HTTP 502 Bad Gateway');
    expect(err.message).not.toMatch(/<|nginx|center/);
  });

  it('an HTML page without an HTML content type is still never shown', async () => {
    const html = '<!DOCTYPE html><html><body>Bad gateway from proxy</body></html>';
    pool().intercept({ path: PATH }).reply(502, html).times(1);
    const err = await failure(client({ retries: 0 }).get(url()));
    expect(err.message).toContain('HTTP 502 Bad Gateway');
    expect(err.message).not.toContain('proxy');
  });
});

describe('Http.get retries', () => {
  it.each([502, 503, 504])('%i is retried up to `retries` times, then an HttpError', async (status) => {
    pool().intercept({ path: PATH }).reply(status, '{"error":"upstream down","source":"upstream"}', { headers: JSON_HEADERS }).times(3);
    const err = await failure(client({ retries: 2 }).get(url()));
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(status);
    expect(err.message).toContain('upstream down');
    // Backoff with random() = 0: base/2 where base = 100 * 2^n.
    expect(waits).toEqual([50, 100]);
    expect(lines.filter((l) => l.startsWith('GET '))).toHaveLength(3);
  });

  it('a 503 followed by a 200 succeeds', async () => {
    pool().intercept({ path: PATH }).reply(503, '{"error":"busy"}');
    pool().intercept({ path: PATH }).reply(200, '{"ok":true}');
    const res = await client({ retries: 3 }).get(url());
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"ok":true}');
    expect(waits).toHaveLength(1);
  });

  it('backoff jitter stays within [base/2, base) and is capped by maxWaitMs', async () => {
    pool().intercept({ path: PATH }).reply(503, '{}').times(4);
    await failure(client({ retries: 3, random: () => 0.999, backoffMs: 100, maxWaitMs: 300 }).get(url()));
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThan(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThan(200);
    expect(waits[2]).toBe(300);
  });

  it('retries: 0 means exactly one attempt', async () => {
    pool().intercept({ path: PATH }).reply(503, '{}').times(2);
    await failure(client({ retries: 0 }).get(url()));
    expect(waits).toEqual([]);
    expect(lines.filter((l) => l.startsWith('GET '))).toHaveLength(1);
  });

  it('connection errors are retried, then a NetworkError naming the origin', async () => {
    pool().intercept({ path: PATH }).replyWithError(new Error('socket hang up')).times(3);
    const err = await failure(client({ retries: 2 }).get(url()));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.exitCode).toBe(1);
    expect(err.message).toContain(ORIGIN);
    expect(err.message).toContain('socket hang up');
    expect(err.message).toContain('2 retries');
    expect(waits).toHaveLength(2);
  });

  it('a connection error followed by a 200 succeeds', async () => {
    pool().intercept({ path: PATH }).replyWithError(new Error('socket hang up'));
    pool().intercept({ path: PATH }).reply(200, '{"ok":1}');
    const res = await client().get(url());
    expect(res.body).toBe('{"ok":1}');
    expect(waits).toHaveLength(1);
  });

  it('a response slower than timeoutMs is retried, then a TimeoutError', async () => {
    // Answers that would arrive well after the deadline: a TimeoutError means the deadline cut them off.
    pool().intercept({ path: PATH }).reply(200, '{}').delay(400).times(2);
    const err = await failure(client({ timeoutMs: 50, retries: 1 }).get(url()));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toContain(ORIGIN);
    expect(err.message).toMatch(/timed out/);
    expect(err.message).toContain('1 retry');
    expect(waits).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('GET '))).toHaveLength(2);
  });
});

describe('Http.get rate limits', () => {
  it('429 waits exactly x-ratelimit-reset milliseconds, then retries', async () => {
    pool().intercept({ path: PATH }).reply(429, '{"message":"Too many requests"}', {
      headers: { ...JSON_HEADERS, 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1234' },
    });
    pool().intercept({ path: PATH }).reply(200, '{"ok":true}', {
      headers: { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '599', 'x-ratelimit-reset': '60000' },
    });
    const res = await client().get(url());
    expect(res.status).toBe(200);
    expect(waits).toEqual([1234]);
  });

  it('429 with Retry-After seconds waits that many seconds', async () => {
    pool().intercept({ path: PATH }).reply(429, 'slow down', { headers: { 'retry-after': '3' } });
    pool().intercept({ path: PATH }).reply(200, '{}');
    await client().get(url());
    expect(waits).toEqual([3000]);
  });

  it('429 with a Retry-After HTTP date waits until that date', async () => {
    clock = Date.UTC(2026, 10, 21, 12, 0, 0);
    const at = new Date(clock + 7_000).toUTCString();
    pool().intercept({ path: PATH }).reply(429, 'slow down', { headers: { 'retry-after': at } });
    pool().intercept({ path: PATH }).reply(200, '{}');
    await client().get(url());
    expect(waits).toEqual([7000]);
  });

  it('a -1 reset on a 429 falls back to Retry-After', async () => {
    pool().intercept({ path: PATH }).reply(429, '{}', {
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '-1', 'retry-after': '2' },
    });
    pool().intercept({ path: PATH }).reply(200, '{}');
    await client().get(url());
    expect(waits).toEqual([2000]);
  });

  it('rate-limit waits are capped by maxWaitMs', async () => {
    pool().intercept({ path: PATH }).reply(429, '{}', { headers: { 'x-ratelimit-reset': '600000' } });
    pool().intercept({ path: PATH }).reply(429, '{}', { headers: { 'retry-after': '3600' } });
    pool().intercept({ path: PATH }).reply(200, '{}');
    await client({ maxWaitMs: 5_000 }).get(url());
    expect(waits).toEqual([5000, 5000]);
  });

  it('429 after every retry is a RateLimitError (exit 5) with the explorer key hint', async () => {
    pool().intercept({ path: PATH }).reply(429, '{"message":"Too many requests"}', {
      headers: { 'x-ratelimit-reset': '10' },
    }).times(3);
    const err = await failure(client({ retries: 2 }).get(url()));
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.exitCode).toBe(5);
    expect(err.message).toContain(ORIGIN);
    expect(err.hint).toMatch(/explorer key/);
    expect(err.hint).toContain('--explorer-key');
    expect(waits).toEqual([10, 10]);
  });

  it('x-ratelimit-remaining: 0 on a success makes the next request wait for the reset first', async () => {
    pool().intercept({ path: PATH }).reply(200, '{"n":1}', {
      headers: { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '800' },
    });
    pool().intercept({ path: PATH }).reply(200, '{"n":2}', {
      headers: { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '599', 'x-ratelimit-reset': '60000' },
    });
    pool().intercept({ path: PATH }).reply(200, '{"n":3}');
    const http = client();
    expect((await http.get(url())).body).toBe('{"n":1}');
    expect(waits).toEqual([]);
    expect((await http.get(url())).body).toBe('{"n":2}');
    expect(waits).toEqual([800]);
    // The budget was refilled by the second answer: no further wait.
    expect((await http.get(url())).body).toBe('{"n":3}');
    expect(waits).toEqual([800]);
  });

  it('the spent-budget wait counts down with the clock', async () => {
    pool().intercept({ path: PATH }).reply(200, '{}', {
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1000' },
    });
    pool().intercept({ path: PATH }).reply(200, '{}');
    const http = client();
    await http.get(url());
    clock += 600;
    await http.get(url());
    expect(waits).toEqual([400]);
  });

  it('a -1 reset means no limit applied: no wait even with remaining 0', async () => {
    pool().intercept({ path: PATH }).reply(200, '{}', {
      headers: { 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '-1' },
    });
    pool().intercept({ path: PATH }).reply(200, '{}');
    const http = client();
    await http.get(url());
    await http.get(url());
    expect(waits).toEqual([]);
  });
});

describe('Http secrets and logging', () => {
  const KEY = 'sk_live_SECRET123';

  it('displayUrl masks apikey and other key-like parameters, keeping the rest', () => {
    const shown = displayUrl(new URL(`${ORIGIN}/api/v2/search?q=usdc&apikey=${KEY}&api_key=${KEY}`));
    expect(shown).not.toContain(KEY);
    expect(shown).toContain('q=usdc');
    expect(shown).toMatch(/apikey=(\*|%2A){3}/);
    expect(shown).toMatch(/api_key=(\*|%2A){3}/);
    expect(shown.startsWith(`${ORIGIN}/api/v2/search?`)).toBe(true);
  });

  it.each([
    [401, AuthError],
    [422, HttpError],
    [500, HttpError],
  ])('a %i body echoing the key never shows it in the error or the log', async (status, cls) => {
    const path = `${PATH}?apikey=${KEY}`;
    pool().intercept({ path }).reply(status, JSON.stringify({ message: `bad key ${KEY}` }), { headers: JSON_HEADERS });
    const err = await failure(client({ secrets: [KEY] }).get(url(path), { 'x-api-key': KEY }));
    expect(err).toBeInstanceOf(cls);
    expect(err.message).toContain('bad key');
    expect(err.message).not.toContain(KEY);
    expect(String(err.hint ?? '')).not.toContain(KEY);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).not.toContain(KEY);
  });

  it('a connection error echoing the key never shows it', async () => {
    const path = `${PATH}?apikey=${KEY}`;
    pool().intercept({ path }).replyWithError(new Error(`connect failed for ${ORIGIN}${path}`)).times(2);
    const err = await failure(client({ secrets: [KEY], retries: 1 }).get(url(path)));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toContain('connect failed');
    expect(err.message).not.toContain(KEY);
    for (const l of lines) expect(l).not.toContain(KEY);
  });

  it('logs one line per attempt with its status, and the retry waits', async () => {
    const path = `${PATH}?apikey=${KEY}`;
    pool().intercept({ path }).reply(503, '{}');
    pool().intercept({ path }).reply(200, '{}');
    await client({ secrets: [KEY] }).get(url(path));
    const attempts = lines.filter((l) => l.startsWith('GET '));
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toContain('-> 503');
    expect(attempts[1]).toContain('-> 200');
    for (const a of attempts) {
      expect(a).toContain(`${ORIGIN}${PATH}`);
      expect(a).not.toContain(KEY);
    }
    expect(lines.filter((l) => /^retry 1\/2/.test(l))).toHaveLength(1);
  });

  it('log lines mask apikey in the URL even when the key is not a listed secret', async () => {
    const path = `${PATH}?apikey=${KEY}`;
    pool().intercept({ path }).reply(200, '{}');
    await client({ secrets: [] }).get(url(path));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(KEY);
    expect(lines[0]).toMatch(/apikey=(\*|%2A){3}/);
  });

  it('redact masks every secret occurrence', () => {
    const http = client({ secrets: [KEY, 'other'] });
    expect(http.redact(`a ${KEY} b ${KEY} other`)).toBe('a *** b *** ***');
  });
});

describe('Http.getParsed', () => {
  const parseJson = (res: { body: string }) => {
    try {
      return JSON.parse(res.body) as unknown;
    } catch {
      throw new ResponseShapeError('unusable response: not JSON');
    }
  };

  it('retries a body the parser rejects, then returns the parsed value', async () => {
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, '{"hash":"0x', { headers: JSON_HEADERS });
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, '{"hash":"0xabc"}', { headers: JSON_HEADERS });
    await expect(client().getParsed(url(), {}, {}, parseJson)).resolves.toEqual({ hash: '0xabc' });
    expect(waits).toEqual([50]);
  });

  it('reports an unusable body once the retries are spent', async () => {
    for (let i = 0; i < 3; i++) pool().intercept({ path: PATH, method: 'GET' }).reply(200, '<html>', { headers: JSON_HEADERS });
    const e = await failure(client().getParsed(url(), {}, {}, parseJson));
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.exitCode).toBe(1);
    expect(e.message).toBe('unusable response: not JSON (after 2 retries)');
  });

  it('does not start a request once interrupted', async () => {
    const ac = new AbortController();
    ac.abort();
    const e = await failure(client({ signal: ac.signal }).get(url()));
    expect(e).toBeInstanceOf(InterruptedError);
    expect(e.exitCode).toBe(130);
  });

  it('tells a refused connection from one that broke mid-answer', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    pool().intercept({ path: PATH, method: 'GET' }).replyWithError(refused);
    const a = await failure(client({ retries: 0 }).get(url()));
    expect(a.message).toBe(`cannot reach ${ORIGIN}: ECONNREFUSED`);
    pool().intercept({ path: PATH, method: 'GET' }).replyWithError(new Error('other side closed'));
    const b = await failure(client({ retries: 0 }).get(url()));
    expect(b.message).toBe(`connection to ${ORIGIN} broke: other side closed`);
  });
});

describe('Http.close', () => {
  it('abandons a request still in flight instead of retrying it, and refuses new ones', async () => {
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, '{}').delay(300);
    // Close once the request has reached the dispatcher, not after a guessed pause.
    let sent!: () => void;
    const dispatched = new Promise<void>((resolve) => (sent = resolve));
    const http = client({
      retries: 3,
      dispatcher: (origin) => {
        const d = agent.get(origin);
        const dispatch = d.dispatch.bind(d);
        d.dispatch = (opts, handler) => {
          sent();
          return dispatch(opts, handler);
        };
        return d;
      },
    });
    const inFlight = http.get(url());
    inFlight.catch(() => undefined);
    await dispatched;
    await http.close();
    const e = await failure(inFlight);
    expect(e).toBeInstanceOf(InterruptedError);
    expect(waits).toEqual([]);
    await expect(http.get(url())).rejects.toBeInstanceOf(InterruptedError);
  });
});
