import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { ResponseCache } from '../../src/api/cache.js';
import { AdminClient, ExplorerClient } from '../../src/api/client.js';
import { displayUrl, Http, type HttpOptions } from '../../src/api/http.js';
import {
  AuthError,
  HttpError,
  InterruptedError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  ResponseEnvelopeError,
  ResponseShapeError,
  ResponseTooLargeError,
  ScoutError,
  TimeoutError,
  UsageError,
} from '../../src/base/errors.js';

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
    expect((err as AuthError).status).toBe(status);
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

  it('a 422 whose pointer is "/" (the whole request) gives the detail alone, no empty name', async () => {
    const body = JSON.stringify({ errors: [{ title: 'Invalid value', source: { pointer: '/' }, detail: 'Unexpected cursor' }] });
    pool().intercept({ path: PATH }).reply(422, body, { headers: JSON_HEADERS });
    const err = await failure(client().get(url()));
    expect(err.message).toMatch(/failed with HTTP 422: Unexpected cursor$/);
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
    // The request, the status, the retries the loop made, what to do.
    expect(err.message).toBe(`GET ${ORIGIN}${PATH} failed with HTTP ${status}: upstream down after 2 retries; the explorer may be down, try again later`);
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
    const err = await failure(client({ retries: 0 }).get(url()));
    expect(err.message).toBe(`GET ${ORIGIN}${PATH} failed with HTTP 503 Service Unavailable; the explorer may be down, try again later`);
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

describe('errors that cannot change are not retried', () => {
  const LIST = '/api/v2/addresses/0xabc/transactions';
  const req = { path: LIST, params: [], what: 'address 0xabc' };
  const explorer = (over: Partial<HttpOptions> = {}) => new ExplorerClient({ baseUrl: ORIGIN, http: client({ retries: 3, ...over }) });

  it.each([
    ['an object without items', '{"hash":"0xabc"}', 'expected a list with "items"'],
    ['an array', '[1,2]', 'expected a list with "items"'],
    ['a cursor that is a string', '{"items":[],"next_page_params":"2"}', '"next_page_params" is a string, not an object'],
  ])('whole JSON of the wrong shape where a list was asked (%s): one request, no wait', async (_name, body, detail) => {
    pool().intercept({ path: LIST }).reply(200, body, { headers: JSON_HEADERS }).times(4);
    const e = await failure(explorer().page(req));
    expect(e).toBeInstanceOf(ResponseEnvelopeError);
    expect(e.message).toBe(`unusable response from ${ORIGIN}: ${detail}`);
    expect(waits).toEqual([]);
    expect(lines.filter((l) => / -> 200 /.test(l))).toHaveLength(1);
  });

  it('a list body cut short is still retried, and may come whole the next time', async () => {
    pool().intercept({ path: LIST }).reply(200, '{"items":[{"hash":"0x1"},', { headers: JSON_HEADERS });
    pool().intercept({ path: LIST }).reply(200, '{"items":[{"hash":"0x1"}],"next_page_params":null}', { headers: JSON_HEADERS });
    const page = await explorer().page(req);
    expect(page.rawItems).toEqual(['{"hash":"0x1"}']);
    expect(waits).toHaveLength(1);
  });

  it('ENOTFOUND: one retry at most, then "cannot resolve <host> (no network?)"', async () => {
    const dns = () => Object.assign(new Error('getaddrinfo ENOTFOUND eth.blockscout.com'), { code: 'ENOTFOUND' });
    pool().intercept({ path: PATH }).replyWithError(dns()).times(4);
    const e = await failure(client({ retries: 3 }).get(url()));
    expect(e).toBeInstanceOf(NetworkError);
    expect(e.message).toBe('cannot resolve eth.blockscout.com (no network?) (after 1 retry)');
    expect(waits).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('GET '))).toHaveLength(2);
    // --verbose still shows the resolver's code.
    expect(lines[0]).toContain('ENOTFOUND');
    // --retries 0 stays 0.
    waits.length = 0;
    pool().intercept({ path: PATH }).replyWithError(dns());
    const once = await failure(client({ retries: 0 }).get(url()));
    expect(once.message).toBe('cannot resolve eth.blockscout.com (no network?)');
    expect(waits).toEqual([]);
  });

  it('EAI_AGAIN (the resolver says try again) is retried as usual, and said the same way', async () => {
    const again = Object.assign(new Error('getaddrinfo EAI_AGAIN eth.blockscout.com'), { code: 'EAI_AGAIN' });
    pool().intercept({ path: PATH }).replyWithError(again).times(4);
    const e = await failure(client({ retries: 3 }).get(url()));
    expect(e.message).toBe('cannot resolve eth.blockscout.com (no network?) (after 3 retries)');
    expect(waits).toHaveLength(3);
  });

  it('a header value undici refuses to send: a usage error at once, nothing sent, nothing retried, the value never shown', async () => {
    let requests = 0;
    const server = createServer((_q, res) => {
      requests++;
      res.end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const http = new Http({ timeoutMs: 5_000, retries: 3, userAgent: 'scout-test/0', sleep: async (ms) => void waits.push(ms), secrets: ['k\r\nX-Evil: 1'] });
    try {
      const e = await failure(http.get(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/stats`), { 'x-api-key': 'k\r\nX-Evil: 1' }));
      expect(e).toBeInstanceOf(UsageError);
      expect(e.exitCode).toBe(2);
      expect(e.message).toMatch(/^request to http:\/\/127\.0\.0\.1:\d+ refused before sending: invalid x-api-key header$/);
      expect(waits).toEqual([]);
      expect(requests).toBe(0);
    } finally {
      await http.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('what sending needs is made by the first request that goes out', () => {
  /** Runs `work` with every AbortController made in it counted. */
  async function counting(work: () => Promise<void>): Promise<number> {
    const Real = globalThis.AbortController;
    let made = 0;
    globalThis.AbortController = class extends Real {
      constructor() {
        super();
        made++;
      }
    };
    try {
      await work();
    } finally {
      globalThis.AbortController = Real;
    }
    return made;
  }

  it('a run answered from the cache makes no AbortController and listens to no signal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scout-http-'));
    try {
      const cache = () => new ResponseCache({ dir, ttlMs: 60_000, maxBodyBytes: 1 << 20, now: () => clock });
      const outer = new AbortController();
      const listened: string[] = [];
      const add = outer.signal.addEventListener.bind(outer.signal);
      outer.signal.addEventListener = (...a: Parameters<AbortSignal['addEventListener']>) => {
        listened.push(a[0]);
        add(...a);
      };
      pool().intercept({ path: PATH, method: 'GET' }).reply(200, '{"hash":"0xabc"}', { headers: JSON_HEADERS });
      // The first run sends: one stop controller (and one per attempt's deadline), one listener.
      const sent = await counting(async () => {
        const first = client({ cache: cache(), signal: outer.signal });
        expect((await first.get(url(), {}, { cache: true })).body).toBe('{"hash":"0xabc"}');
        await first.close();
      });
      expect(sent).toBe(2);
      expect(listened).toEqual(['abort']);
      // The second is a hit: nothing of the kind.
      let second!: Http;
      const hit = await counting(async () => {
        second = client({ cache: cache(), signal: outer.signal });
        expect((await second.get(url(), {}, { cache: true })).body).toBe('{"hash":"0xabc"}');
        await second.close();
      });
      expect(hit).toBe(0);
      expect(listened).toEqual(['abort']);
      expect(second.stopped).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a request after the caller aborted, or after close, is refused as before', async () => {
    const outer = new AbortController();
    const http = client({ signal: outer.signal });
    expect(http.stopped).toBe(false);
    outer.abort();
    expect(http.stopped).toBe(true);
    expect(await failure(http.get(url()))).toBeInstanceOf(InterruptedError);
    const closed = client();
    await closed.close();
    expect(await failure(closed.get(url()))).toBeInstanceOf(InterruptedError);
  });
});

describe('Http.close', () => {
  /** A GET answered after 300 ms, resolving `dispatched` once it reached the dispatcher: close then, not after a guessed pause. */
  function slowRequest(): { http: Http; inFlight: Promise<unknown>; dispatched: Promise<void> } {
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, '{}').delay(300);
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
    return { http, inFlight, dispatched };
  }

  it('abandons a request still in flight instead of retrying it, and refuses new ones', async () => {
    const { http, inFlight, dispatched } = slowRequest();
    await dispatched;
    await http.close();
    const e = await failure(inFlight);
    expect(e).toBeInstanceOf(InterruptedError);
    expect(waits).toEqual([]);
    await expect(http.get(url())).rejects.toBeInstanceOf(InterruptedError);
  });

  it('when the process ends with the run (exiting), an idle connection is left to the exit; a plain close ends it', async () => {
    let open = 0;
    let ended!: () => void;
    const closedByClient = new Promise<void>((resolve) => (ended = resolve));
    const server = createServer((_q, res) => res.writeHead(200, JSON_HEADERS).end('{"ok":true}'));
    server.on('connection', (socket) => {
      open++;
      socket.on('close', () => {
        open--;
        ended();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const target = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/stats`);
    const http = new Http({ timeoutMs: 5_000, retries: 0, userAgent: 'scout-test/0' });
    try {
      expect((await http.get(target)).body).toBe('{"ok":true}');
      await http.close({ exiting: true });
      // Closed to new work, and the connection untouched: the server still holds it.
      await expect(http.get(target)).rejects.toBeInstanceOf(InterruptedError);
      // A destroyed connection reaches the server within a few milliseconds; this one stays open.
      const seen = await Promise.race([closedByClient.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 200))]);
      expect(seen).toBe('open');
      expect(open).toBe(1);
      await http.close();
      await closedByClient;
      expect(open).toBe(0);
    } finally {
      await http.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('when the process ends with the run (exiting), a request still in flight is abandoned all the same', async () => {
    const { http, inFlight, dispatched } = slowRequest();
    await dispatched;
    await http.close({ exiting: true });
    expect(await failure(inFlight)).toBeInstanceOf(InterruptedError);
    expect(waits).toEqual([]);
  });
});

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

describe('bodies that are not JSON are described, never quoted', () => {
  const ADMIN_KEY = 'ADMKEY-91bd22';
  const HOSTILE = '\u001b]0;pwned\u0007\u001b[2J\u009b31m';

  it('an admin API answering its own key as text/plain: the key is in no message and no log line', async () => {
    pool().intercept({ path: '/admin/api/v1/networks', method: 'GET' }).reply(200, ADMIN_KEY, { headers: { 'content-type': 'text/plain' } }).times(3);
    // No secrets listed: the message must be clean by construction, not by redaction.
    const admin = new AdminClient({ adminUrl: ORIGIN, http: client({ secrets: [] }), apiKey: 'other' });
    const e = await failure(admin.networks());
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.message).toBe(`unusable response from ${ORIGIN}: not JSON (content-type text/plain, 13 bytes) (after 2 retries)`);
    for (const text of [e.message, ...lines, String(e.cause ?? '')]) expect(text).not.toContain(ADMIN_KEY);
    expect(lines.filter((l) => l.includes('not JSON (content-type text/plain, 13 bytes)'))).toHaveLength(3);
  });

  it('escape sequences in such a body reach neither the message nor the log', async () => {
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, HOSTILE, { headers: { 'content-type': 'text/plain; charset=utf-8' } }).times(3);
    const e = await failure(new ExplorerClient({ baseUrl: ORIGIN, http: client() }).getRaw(PATH));
    expect(e.message).toMatch(/not JSON \(content-type text\/plain, 19 bytes\)/);
    for (const text of [e.message, ...lines]) {
      expect(text).not.toMatch(CONTROL);
      expect(text).not.toContain('pwned');
    }
  });

  it('a list page that is not JSON says its content type and size', async () => {
    pool().intercept({ path: '/x', method: 'GET' }).reply(200, `{"items":[${HOSTILE}`, { headers: JSON_HEADERS });
    const e = await failure(new ExplorerClient({ baseUrl: ORIGIN, http: client({ retries: 0 }) }).page({ path: '/x', params: [], what: 'x' }));
    expect(e.message).toBe(`unusable response from ${ORIGIN}: not JSON (content-type application/json, 29 bytes)`);
  });

  it('a content type that is not a plain type/subtype is not repeated', async () => {
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, 'nope', { headers: { 'content-type': `text/${'x'.repeat(200)}` } });
    const e = await failure(new ExplorerClient({ baseUrl: ORIGIN, http: client({ retries: 0 }) }).getRaw(PATH));
    expect(e.message).toBe(`unusable response from ${ORIGIN}: not JSON (an unusual content-type, 4 bytes)`);
  });

  it('a key in an error body is masked before the message is cut to length', async () => {
    // The key straddles the 300-character cut: masking after cutting would leave its first half.
    const body = JSON.stringify({ message: 'x'.repeat(295) + ADMIN_KEY });
    pool().intercept({ path: PATH, method: 'GET' }).reply(422, body, { headers: JSON_HEADERS });
    const e = await failure(client({ secrets: [ADMIN_KEY] }).get(url()));
    expect(e.message).toContain('x'.repeat(295) + '***');
    expect(e.message).not.toContain('ADMK');
  });
});

describe('keys that cannot go into a header', () => {
  it.each([
    ['CR/LF', 'abc\r\nX-Evil: 1'],
    ['ESC', 'abc\u001b[2J'],
    ['DEL', 'abc\u007f'],
    ['non-Latin-1', 'abc\u2014def'],
  ])('an explorer or admin key with %s is a usage error that does not print it', (_name, key) => {
    const http = client();
    for (const make of [
      () => new ExplorerClient({ baseUrl: ORIGIN, http, explorerKey: key }),
      () => new ExplorerClient({ baseUrl: ORIGIN, http, explorerKey: key, bearer: true }),
      () => new AdminClient({ adminUrl: ORIGIN, http, apiKey: key }),
    ]) {
      let err: unknown;
      try {
        make();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).not.toContain('abc');
    }
  });

  it('printable Latin-1 keys, spaces inside included, are accepted', () => {
    expect(() => new ExplorerClient({ baseUrl: ORIGIN, http: client(), explorerKey: 'k\u00e9y-1' })).not.toThrow();
    expect(() => new AdminClient({ adminUrl: ORIGIN, http: client(), apiKey: 'Token abc' })).not.toThrow();
  });
});

describe('the cap on a body (--max-body)', () => {
  it('a body one byte over the cap fails at once, is not retried, and says the cap', async () => {
    let asked = 0;
    pool()
      .intercept({ path: PATH, method: 'GET' })
      .reply(200, () => (asked++, '"' + 'x'.repeat(9) + '"'))
      .times(3);
    const e = await failure(client({ maxBodyBytes: 10 }).get(url()));
    expect(e).toBeInstanceOf(ResponseTooLargeError);
    expect(e.exitCode).toBe(1);
    expect(e.message).toBe(`response from ${ORIGIN} is larger than 10 bytes (--max-body)`);
    expect(asked).toBe(1);
    expect(waits).toEqual([]);
    expect(lines).toEqual([`GET ${ORIGIN}${PATH} -> body larger than 10 bytes`]);
  });

  it('a body of exactly the cap is read', async () => {
    pool().intercept({ path: PATH, method: 'GET' }).reply(200, '"' + 'x'.repeat(8) + '"');
    const res = await client({ maxBodyBytes: 10 }).get(url());
    expect([res.body, res.bytes]).toEqual(['"xxxxxxxx"', 10]);
  });

  it('an error body is capped too', async () => {
    pool().intercept({ path: PATH, method: 'GET' }).reply(503, 'y'.repeat(2048));
    const e = await failure(client({ maxBodyBytes: 1024 }).get(url()));
    expect(e.message).toBe(`response from ${ORIGIN} is larger than 1 KiB (--max-body)`);
    expect(waits).toEqual([]);
  });
});

/**
 * A real server on 127.0.0.1 whose answers are bounded by `limit` bytes: it stops by itself, and
 * says how much it had written when the client hung up (or the whole `limit` if the client read it all).
 */
async function bigBodyServer(
  limit: number,
  serve: (res: ServerResponse, pump: (chunk: Buffer) => void) => void,
): Promise<{ url: string; requests: number; written: Promise<number>; close(): Promise<void> }> {
  let settle: (n: number) => void = () => undefined;
  const written = new Promise<number>((r) => (settle = r));
  const state = { requests: 0 };
  const server = createServer((_req, res) => {
    state.requests++;
    let sent = 0;
    res.on('close', () => settle(sent));
    serve(res, (chunk) => {
      const pump = () => {
        while (sent < limit && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    written,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

describe('the cap on a body, against a real server', () => {
  const MiB = 1024 * 1024;
  const real = (over: Partial<HttpOptions> = {}) => client({ dispatcher: undefined, timeoutMs: 10_000, ...over });

  it('a body that goes on and on is dropped at the cap: the connection closes long before the server is done', async () => {
    const srv = await bigBodyServer(256 * MiB, (res, pump) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items":[');
      pump(Buffer.alloc(64 * 1024, 0x20));
    });
    const http = real({ maxBodyBytes: MiB, retries: 2 });
    try {
      const e = await failure(http.get(new URL(srv.url + PATH)));
      expect(e).toBeInstanceOf(ResponseTooLargeError);
      expect(e.message).toBe(`response from ${srv.url} is larger than 1 MiB (--max-body)`);
      expect(await srv.written).toBeLessThan(64 * MiB);
      expect(srv.requests).toBe(1);
    } finally {
      await http.close();
      await srv.close();
    }
  });

  it('the default cap is 64 MiB', async () => {
    const srv = await bigBodyServer(256 * MiB, (res, pump) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      pump(Buffer.alloc(256 * 1024, 0x20));
    });
    const http = real({ retries: 0 });
    try {
      const e = await failure(http.get(new URL(srv.url + PATH)));
      expect(e.message).toBe(`response from ${srv.url} is larger than 64 MiB (--max-body)`);
      expect(await srv.written).toBeLessThan(128 * MiB);
    } finally {
      await http.close();
      await srv.close();
    }
  });

  it('a content-length over the cap is refused before the body is read', async () => {
    // Announces 100 MiB and sends 10 bytes: waiting for the rest would end only at the deadline.
    const srv = await bigBodyServer(10, (res, pump) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * MiB) });
      res.flushHeaders();
      res.write('{"items":[');
      void pump;
    });
    const http = real({ maxBodyBytes: MiB, retries: 2, timeoutMs: 3_000 });
    try {
      const e = await failure(http.get(new URL(srv.url + PATH)));
      expect(e).toBeInstanceOf(ResponseTooLargeError);
      expect(await srv.written).toBe(0);
      expect(srv.requests).toBe(1);
    } finally {
      await http.close();
      await srv.close();
    }
  });
});
