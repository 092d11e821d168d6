/**
 * The transport and the response cache, each alone (src/api/transport.ts, src/api/cache.ts): one
 * attempt resolves with whatever status came, under one body cap however the body is read; the
 * cache, as a layer over a stand-in for the layers below, answers a hit itself and keeps only what
 * the caller accepted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MockAgent } from 'undici';
import { ResponseCache } from '../../src/api/cache.js';
import { type Accept, compose, type HttpRequest, type Layer, type Send } from '../../src/api/exchange.js';
import { AttemptError, Transport } from '../../src/api/transport.js';
import { ResponseShapeError, ResponseTooLargeError } from '../../src/base/errors.js';

const ORIGIN = 'https://eth.blockscout.com';
const PATH = '/api/v2/stats';

function request<V>(over: Partial<HttpRequest<V>> = {}): HttpRequest<V> {
  const url = new URL(ORIGIN + PATH);
  return { method: 'GET', url, headers: {}, ctx: { cache: true }, shown: url.href, ...over };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('the transport: one attempt', () => {
  let agent: MockAgent;
  let transport: Transport;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    transport = new Transport({ timeoutMs: 5_000, maxBodyBytes: 10, userAgent: 't/0', dispatcher: (o) => agent.get(o), signal: new AbortController().signal, redact: (t) => t });
  });
  afterEach(async () => {
    await transport.close();
    await agent.close();
  });

  it('resolves with any status and its body, and tries once', async () => {
    agent.get(ORIGIN).intercept({ path: PATH }).reply(503, '{"e":1}');
    const res = await transport.attempt(request());
    expect([res.status, res.body, res.bytes]).toEqual([503, '{"e":1}', 7]);
    // Nothing more was intercepted: a second attempt of its own would have failed.
    expect(agent.pendingInterceptors()).toEqual([]);
  });

  it('holds a body read whole and one handed to a consumer to the same cap', async () => {
    const big = '"' + 'x'.repeat(9) + '"';
    agent.get(ORIGIN).intercept({ path: PATH }).reply(200, big).times(2);
    const whole = await rejection(transport.attempt(request()));
    let got = 0;
    const streamed = await rejection(
      transport.attempt(
        request({
          consume: async (chunks) => {
            for await (const c of chunks) got += c.length;
          },
        }),
      ),
    );
    for (const e of [whole, streamed]) {
      expect(e).toBeInstanceOf(ResponseTooLargeError);
      expect((e as Error).message).toBe(`response from ${ORIGIN} is larger than 10 bytes (--max-body)`);
    }
    expect(got).toBe(0);
  });

  it("a consumer's own error comes out as it was thrown", async () => {
    agent.get(ORIGIN).intercept({ path: PATH }).reply(200, '{}');
    const mine = new Error('stdout closed');
    const e = await rejection(
      transport.attempt(
        request({
          consume: async () => {
            throw mine;
          },
        }),
      ),
    );
    expect(e).toBe(mine);
  });

  it('tells no connection from a connection that broke', async () => {
    agent.get(ORIGIN).intercept({ path: PATH }).replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    agent.get(ORIGIN).intercept({ path: PATH }).replyWithError(new Error('other side closed'));
    const refused = (await rejection(transport.attempt(request()))) as AttemptError;
    const broke = (await rejection(transport.attempt(request()))) as AttemptError;
    expect([refused, broke].map((e) => e instanceof AttemptError)).toEqual([true, true]);
    expect([refused.kind, refused.message]).toEqual(['unreachable', 'ECONNREFUSED']);
    expect([broke.kind, broke.message]).toEqual(['broken', 'other side closed']);
  });
});

describe('compose', () => {
  it('applies layers as Dispatcher.compose does: the first listed is innermost', async () => {
    const trail: string[] = [];
    const base: Send = async (_req, accept) => (trail.push('send'), accept({ status: 200, headers: {}, body: '', bytes: 0 }));
    const named =
      (name: string): Layer =>
      (next) =>
      (req, accept) => (trail.push(name), next(req, accept));
    await compose(base, named('inner'), undefined, named('outer'))(request(), () => 1);
    expect(trail).toEqual(['outer', 'inner', 'send']);
  });
});

describe('the response cache as a layer', () => {
  let dir: string;
  let lines: string[];
  let sent: number;
  let body: string;
  let send: Send;

  /** Stands for the retries and the transport: answers `body`, whole or to the consumer in two chunks. */
  const below: Send = async <V, T>(req: HttpRequest<V>, accept: Accept<V, T>): Promise<T> => {
    sent++;
    const bytes = Buffer.byteLength(body);
    if (!req.consume) return accept({ status: 200, headers: {}, body, bytes });
    const half = Math.floor(body.length / 2);
    async function* chunks() {
      yield Buffer.from(body.slice(0, half));
      yield Buffer.from(body.slice(half));
    }
    return accept({ status: 200, headers: {}, body: '', bytes, value: await req.consume(chunks(), {}) });
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scout-layer-'));
    lines = [];
    sent = 0;
    body = '{"n":1}';
    const cache = new ResponseCache({ dir, ttlMs: 60_000, maxBodyBytes: 1024, now: () => 1_000 });
    send = compose(below, cache.layer((l) => lines.push(l)));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const text = <V>(res: { body: string; value?: V }) => res.body;

  it('keeps an accepted body and answers the same request from it, without going below', async () => {
    expect(await send(request(), text)).toBe('{"n":1}');
    body = '{"n":2}';
    expect(await send(request(), text)).toBe('{"n":1}');
    expect(sent).toBe(1);
    expect(lines).toEqual([`GET ${ORIGIN}${PATH} -> cached`]);
  });

  it('keeps nothing the caller refused, and fetches again when the kept body is refused', async () => {
    const refuse = () => {
      throw new ResponseShapeError('unusable');
    };
    await expect(send(request(), refuse)).rejects.toBeInstanceOf(ResponseShapeError);
    expect(await send(request(), text)).toBe('{"n":1}');
    expect(sent).toBe(2);
    await expect(send(request(), refuse)).rejects.toBeInstanceOf(ResponseShapeError);
    expect(sent).toBe(3);
    expect(lines).toContain(`GET ${ORIGIN}${PATH}: cached body unusable; fetching it`);
  });

  it('passes a request that does not ask for the cache straight down, keeping nothing', async () => {
    await send(request({ ctx: {} }), text);
    await send(request(), text);
    expect(sent).toBe(2);
  });

  it('a different key sent is a different entry', async () => {
    await send(request({ headers: { 'x-api-key': 'a' } }), text);
    await send(request({ headers: { 'x-api-key': 'b' } }), text);
    await send(request({ headers: { 'x-api-key': 'a' } }), text);
    expect(sent).toBe(2);
  });

  it('keeps a streamed body read to its end, hands it back as one chunk, and not one the consumer left early', async () => {
    const all = async (chunks: AsyncIterable<Buffer>) => {
      const seen: string[] = [];
      for await (const c of chunks) seen.push(c.toString());
      return seen;
    };
    const first = async (chunks: AsyncIterable<Buffer>) => {
      for await (const c of chunks) return [c.toString()];
      return [];
    };
    const value = <V>(res: { value?: V }) => res.value as V;
    expect(await send(request({ url: new URL(ORIGIN + '/early'), consume: first }), value)).toEqual(['{"n']);
    expect(await send(request({ url: new URL(ORIGIN + '/early'), consume: all }), value)).toEqual(['{"n', '":1}']);
    expect(sent).toBe(2);
    expect(await send(request({ url: new URL(ORIGIN + '/early'), consume: all }), value)).toEqual(['{"n":1}']);
    expect(sent).toBe(2);
  });
});
