/**
 * The status-to-error mapping alone (src/api/status.ts): the last answer or fault of a request that
 * failed for good, as the typed error and exit code the contract gives it, one line, secrets masked.
 */
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/api/exchange.js';
import { displayUrl } from '../../src/api/http.js';
import { faultError, statusError, unusableError } from '../../src/api/status.js';
import { AttemptError } from '../../src/api/transport.js';
import { AuthError, HttpError, NetworkError, NotFoundError, RateLimitError, ResponseShapeError, TimeoutError } from '../../src/base/errors.js';

const URL_ = new URL('https://eth.blockscout.com/api/v2/transactions/0xabc');
const SECRET = 'sk_live_SECRET123';
const redact = (t: string) => t.split(SECRET).join('***');
const JSON_TYPE = { 'content-type': 'application/json' };

/** The request as the retry layer hands it over: method, URL, the URL as --verbose prints it, context. */
function sent(ctx: RequestContext = {}, url = URL_) {
  return { method: 'GET', url, shown: displayUrl(url, ctx.masked), ctx };
}

function answer(status: number, body: string, headers: Record<string, string | string[]> = JSON_TYPE) {
  return { status, headers, body, bytes: Buffer.byteLength(body) };
}

describe('statusError', () => {
  it('404: NotFoundError, exit 3, naming what was asked and where', () => {
    const e = statusError(sent({ what: 'transaction 0xabc' }), answer(404, '{"message":"Not found"}'), 3, redact);
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.exitCode).toBe(3);
    expect(e.message).toBe('transaction 0xabc not found on https://eth.blockscout.com (HTTP 404)');
  });

  it('404 without a description names the path; a block that lost consensus names its replaced hash', () => {
    expect(statusError(sent(), answer(404, ''), 3, redact).message).toBe('/api/v2/transactions/0xabc not found on https://eth.blockscout.com (HTTP 404)');
    const hash = '0x' + 'Ab'.repeat(32);
    const e = statusError(sent({ what: 'block 7' }), answer(404, JSON.stringify({ message: 'Block lost consensus', hash })), 3, redact);
    expect(e.message).toMatch(/lost consensus in a reorganisation$/);
    expect(e.hint).toBe(`the replaced block is still there by its hash: ${hash.toLowerCase()}`);
  });

  it.each([401, 402, 403])('%i: AuthError, exit 4, with the server\'s words and the request\'s hint', (s) => {
    const e = statusError(sent({ authHint: 'check --explorer-key' }), answer(s, '{"error":"Out of credits"}'), 3, redact);
    expect(e).toBeInstanceOf(AuthError);
    expect(e.exitCode).toBe(4);
    expect((e as AuthError).status).toBe(s);
    expect(e.message).toBe(`https://eth.blockscout.com refused the request (HTTP ${s}): Out of credits`);
    expect(e.hint).toBe('check --explorer-key');
  });

  it('429: RateLimitError, exit 5, saying the retries the setting allowed', () => {
    const one = statusError(sent(), answer(429, '{}'), 1, redact);
    expect(one).toBeInstanceOf(RateLimitError);
    expect(one.exitCode).toBe(5);
    expect(one.message).toBe('rate limited by https://eth.blockscout.com after 1 retry');
    expect(one.hint).toContain('--explorer-key');
    expect(statusError(sent(), answer(429, '{}'), 3, redact).message).toMatch(/after 3 retries$/);
  });

  it('any other status: HttpError, exit 1, naming the request, the body\'s message or the status text, the retries made and what to do', () => {
    const e = statusError(sent(), answer(422, JSON.stringify({ errors: [{ source: { pointer: '/filter' }, detail: 'Invalid value' }] })), 0, redact);
    expect(e).toBeInstanceOf(HttpError);
    expect(e.exitCode).toBe(1);
    expect(e.message).toBe('GET https://eth.blockscout.com/api/v2/transactions/0xabc failed with HTTP 422: filter: Invalid value');
    const html = statusError(sent(), answer(502, '<html><body>nginx</body></html>', { 'content-type': ['text/html'] }), 3, redact);
    expect(html.message).toBe('GET https://eth.blockscout.com/api/v2/transactions/0xabc failed with HTTP 502 Bad Gateway after 3 retries; the explorer may be down, try again later');
    expect(statusError(sent(), answer(503, ''), 1, redact).message).toMatch(/ failed with HTTP 503 Service Unavailable after 1 retry; the explorer may be down, try again later$/);
    expect(statusError(sent(), answer(500, '{"message":"boom"}'), 0, redact).message).toMatch(/ failed with HTTP 500: boom; the explorer failed on this request$/);
  });

  it('a secret the body echoes, the path holds or a key-like or -F parameter carries is masked', () => {
    const e = statusError(sent(), answer(500, JSON.stringify({ message: `bad key ${SECRET}` })), 0, redact);
    expect(e.message).toBe('GET https://eth.blockscout.com/api/v2/transactions/0xabc failed with HTTP 500: bad key ***; the explorer failed on this request');
    const url = new URL(`https://eth.blockscout.com/api/v2/x/${SECRET}?apikey=k1&sig=s2&page=2`);
    const m = statusError(sent({ masked: ['sig'] }, url), answer(502, ''), 2, redact).message;
    expect(m).toBe('GET https://eth.blockscout.com/api/v2/x/***?apikey=***&sig=***&page=2 failed with HTTP 502 Bad Gateway after 2 retries; the explorer may be down, try again later');
  });
});

describe('faultError', () => {
  it('a timeout: TimeoutError with the retries made and a hint', () => {
    const e = faultError(URL_, new AttemptError('timeout', 'timed out after 30s'), 2, redact);
    expect(e).toBeInstanceOf(TimeoutError);
    expect(e.exitCode).toBe(1);
    expect(e.message).toBe('request to https://eth.blockscout.com timed out after 30s (after 2 retries)');
    expect(e.hint).toBe('raise --timeout or try again later');
  });

  it('a name that did not resolve: the host, not the resolver\'s code', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      const e = faultError(URL_, new AttemptError('unreachable', code), 1, redact);
      expect(e).toBeInstanceOf(NetworkError);
      expect(e.message).toBe('cannot resolve eth.blockscout.com (no network?) (after 1 retry)');
    }
  });

  it('no connection, or one that broke: NetworkError naming which, secrets masked, no retries said when none were made', () => {
    expect(faultError(URL_, new AttemptError('unreachable', 'ECONNREFUSED'), 0, redact).message).toBe('cannot reach https://eth.blockscout.com: ECONNREFUSED');
    const broke = faultError(URL_, new AttemptError('broken', `reset while sending ${SECRET}\u001b[2J`), 0, redact);
    expect(broke).toBeInstanceOf(NetworkError);
    expect(broke.message).not.toContain(SECRET);
    expect(broke.message).not.toContain('\u001b');
    expect(broke.message).toMatch(/^connection to https:\/\/eth\.blockscout\.com broke: reset while sending \*\*\*/);
  });
});

describe('unusableError', () => {
  it('keeps the kind and hint, masks secrets and says the retries made', () => {
    const e = unusableError(new ResponseShapeError(`unusable response: not JSON ${SECRET}`, { hint: 'h' }), 2, redact);
    expect(e).toBeInstanceOf(ResponseShapeError);
    expect(e.message).toBe('unusable response: not JSON *** (after 2 retries)');
    expect(e.hint).toBe('h');
  });
});
