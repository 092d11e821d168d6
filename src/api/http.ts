/**
 * The one module that owns the network: a keep-alive undici Pool per origin, a deadline per request,
 * retries with backoff for what is safe to retry, rate-limit waits, a cap on the size of a body,
 * redaction of secrets in anything it prints, and non-2xx answers turned into typed errors (errors.ts).
 */
import { setMaxListeners } from 'node:events';
import type { Dispatcher } from 'undici';
import { Pool, request } from './undici.js';
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
} from '../base/errors.js';
import { utf8Text } from '../base/text/bom.js';
import { safeText } from '../base/text/safe.js';
import { formatSize } from '../base/validate.js';
import { lostConsensusHash, messageFromBody } from './body.js';
import type { ResponseCache } from './cache.js';
import { Scheduler } from './scheduler.js';

/** The default cap on one response body (--max-body). */
export const DEFAULT_MAX_BODY = 64 * 1024 * 1024;

export interface HttpOptions {
  /** Deadline for one attempt: connect, headers and the whole body. */
  timeoutMs: number;
  /** Extra attempts after the first, for connection faults, timeouts, 429 and 502/503/504. */
  retries: number;
  /** Largest body read, in bytes (DEFAULT_MAX_BODY when absent); reading stops there. */
  maxBodyBytes?: number | undefined;
  userAgent: string;
  /** Where --verbose lines go (already redacted). */
  log?: ((line: string) => void) | undefined;
  /** Values never to print: API keys. */
  secrets?: string[];
  /** First backoff step; doubles each retry, with jitter. */
  backoffMs?: number;
  /** Longest single wait for a rate limit or backoff. */
  maxWaitMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Aborts everything (Ctrl-C). */
  signal?: AbortSignal | undefined;
  /** The dispatcher for an origin; a keep-alive Pool by default (tests pass undici's MockAgent). */
  dispatcher?: ((origin: string) => Dispatcher) | undefined;
  /** The rate-limit budgets (scheduler.ts); one of its own by default, shared by every request of this Http. */
  scheduler?: Scheduler | undefined;
  /** `--cache`: successful GET bodies of requests that ask for it (RequestContext.cache) are kept here. */
  cache?: ResponseCache | undefined;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's length in bytes as received (before decoding). */
  bytes: number;
}

/**
 * Reads a 2xx body as it arrives, chunk by chunk, and makes a value of it. Its errors pass through
 * as they are (a ResponseShapeError is retried like a truncated body); a body that breaks off midway
 * is a fault the HTTP layer reports and retries. The deadline stands still while it works on a chunk.
 */
export type BodyConsumer<T> = (chunks: AsyncIterable<Buffer>, headers: HttpResponse['headers']) => Promise<T>;

/** The body of a streamed response broke off (reset, timeout, abort): the cause is the stream's error. */
class BodyBroke extends Error {}

/** What a body consumer threw, carried past the network's error handling untouched. */
class FromConsumer {
  constructor(readonly error: unknown) {}
}

/** What a request is about, for error messages: "transaction 0xabc…". */
export interface RequestContext {
  what?: string | undefined;
  /** Hint printed with a 401/402/403. */
  authHint?: string | undefined;
  /** The answer may come from, and go to, the response cache (explorer data; never admin answers). */
  cache?: boolean | undefined;
  /** Query parameters whose values --verbose never shows, whatever their names (`scout api -F`). */
  masked?: readonly string[] | undefined;
}

const RETRY_STATUS = new Set([429, 502, 503, 504]);
/** Error codes meaning no connection was made at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** The host name did not resolve: offline, or no such host. EAI_AGAIN is the resolver's "try again". */
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN']);
/**
 * Retries after ENOTFOUND: the resolver answered that the name does not exist (or there is no
 * network at all); one more try covers a blip, more only make an offline machine wait.
 */
const NOT_FOUND_RETRIES = 1;

/** Sleeps `ms`, ending early with an error when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError('interrupted'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new InterruptedError('interrupted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function header(h: HttpResponse['headers'], name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** A URL as it may be printed: query parameters that look like keys are masked. */
export function displayUrl(url: URL, masked: readonly string[] = []): string {
  const u = new URL(url.href);
  for (const k of [...u.searchParams.keys()]) {
    if (/key|token|secret|auth/i.test(k) || masked.includes(k)) u.searchParams.set(k, '***');
  }
  return u.href;
}

class AttemptError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'broken',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** HTTP client shared by the explorer and admin clients. */
export class Http {
  private readonly pools = new Map<string, Dispatcher>();
  /** Every request asks it for a slot: one rate-limit budget per origin, shared by concurrent callers. */
  readonly scheduler: Scheduler;
  /** Aborted by Ctrl-C (the caller's signal) or by close(): nothing in flight or waiting outlives it. */
  private readonly stop = new AbortController();
  private readonly opts: Required<Omit<HttpOptions, 'log' | 'signal' | 'dispatcher' | 'maxBodyBytes' | 'scheduler' | 'cache'>> &
    Pick<HttpOptions, 'log' | 'signal' | 'dispatcher' | 'cache'> & { maxBodyBytes: number };

  constructor(options: HttpOptions) {
    this.opts = {
      secrets: [],
      backoffMs: 250,
      maxWaitMs: 60_000,
      sleep,
      now: Date.now,
      random: Math.random,
      ...options,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
    };
    // Every request and wait under way listens for it; a batch may have more than Node's warning allows.
    setMaxListeners(0, this.stop.signal);
    const outer = options.signal;
    if (outer?.aborted) this.stop.abort();
    else outer?.addEventListener('abort', () => this.stop.abort(), { once: true });
    const { now, sleep: wait, maxWaitMs } = this.opts;
    this.scheduler = options.scheduler ?? new Scheduler({ now, sleep: wait, maxWaitMs, signal: this.stop.signal, log: (l) => this.log(l) });
  }

  /** Masks every secret in `text`. */
  redact(text: string): string {
    let out = text;
    for (const s of this.opts.secrets) if (s) out = out.split(s).join('***');
    return out;
  }

  private log(line: string): void {
    this.opts.log?.(safeText(this.redact(line)));
  }

  private pool(origin: string): Dispatcher {
    let p = this.pools.get(origin);
    if (!p) {
      p = this.opts.dispatcher?.(origin) ?? new Pool(origin, {
        // As many as a browser opens per origin: `tx explain` asks for its six parts at once.
        connections: 6,
        keepAliveTimeout: 10_000,
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
        connect: { timeout: this.opts.timeoutMs },
      });
      this.pools.set(origin, p);
    }
    return p;
  }

  /** True once the run was interrupted (Ctrl-C) or the layer closed: no more work should start. */
  get stopped(): boolean {
    return this.stop.signal.aborted;
  }

  /** Closes every pooled connection. */
  async close(): Promise<void> {
    // A read-ahead still in flight (the consumer stopped early) is abandoned, not retried.
    this.stop.abort();
    const pools = [...this.pools.values()];
    this.pools.clear();
    if (this.opts.dispatcher) return; // the caller owns injected dispatchers
    await Promise.all(pools.map((p) => p.destroy().catch(() => undefined)));
  }

  /**
   * One attempt, bounded by the deadline; resolves with any status. With `consume`, a 2xx body is
   * handed to it as it arrives and its value comes back as `value` (`body` is then empty).
   */
  private async attempt<T>(
    url: URL,
    headers: Record<string, string>,
    consume?: BodyConsumer<T>,
    onHead?: (res: Pick<HttpResponse, 'status' | 'headers'>) => void,
  ): Promise<HttpResponse & { value?: T }> {
    const deadline = new AbortController();
    let left = this.opts.timeoutMs;
    let since = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => deadline.abort(), left);
    // While the consumer works on a chunk (writing it out), the server's deadline stands still.
    const clock = {
      pause: () => {
        clearTimeout(timer);
        timer = undefined;
        left -= Date.now() - since;
      },
      resume: () => {
        since = Date.now();
        timer = setTimeout(() => deadline.abort(), Math.max(left, 0));
      },
    };
    const outer = this.stop.signal;
    const onOuter = () => deadline.abort();
    outer.addEventListener('abort', onOuter, { once: true });
    try {
      const res = await request(this.pool(url.origin), {
        method: 'GET',
        path: url.pathname + url.search,
        headers: { 'user-agent': this.opts.userAgent, accept: 'application/json', ...headers },
        signal: deadline.signal,
      });
      if (consume && res.statusCode >= 200 && res.statusCode < 300) {
        const counted = { bytes: 0 };
        onHead?.({ status: res.statusCode, headers: res.headers });
        try {
          const value = await consume(this.chunks(url, res, deadline, counted, clock), res.headers);
          return { status: res.statusCode, headers: res.headers, body: '', bytes: counted.bytes, value };
        } catch (e) {
          // Whatever the consumer threw (an unusable body, a closed stdout) is its own to report.
          if (e instanceof BodyBroke) throw e.cause;
          throw new FromConsumer(e);
        } finally {
          // A consumer that stopped early leaves the rest unread: drop the connection, not wait on it.
          if (!res.body.readableEnded) res.body.destroy();
        }
      }
      const { body, bytes } = await this.readBody(url, res, deadline);
      return { status: res.statusCode, headers: res.headers, body, bytes };
    } catch (e) {
      if (e instanceof FromConsumer) throw e.error;
      if (e instanceof ResponseTooLargeError) throw e;
      if (outer.aborted) throw new InterruptedError('interrupted');
      const code = (e as { code?: string }).code ?? '';
      // undici refused the request before sending it (a header value it cannot carry): no attempt
      // was made, and another would be refused the same way. Its message names the header, never
      // the value; redacted all the same.
      if (code === 'UND_ERR_INVALID_ARG') {
        throw new UsageError(`request to ${url.origin} refused before sending: ${safeText(this.redact((e as Error).message))}`);
      }
      if (deadline.signal.aborted || /TIMEOUT/.test(code)) {
        throw new AttemptError('timeout', `timed out after ${this.opts.timeoutMs / 1000}s`, { cause: e });
      }
      // Could not connect at all, versus a connection that broke mid-answer (reset, body cut short).
      if (UNREACHABLE.has(code)) throw new AttemptError('unreachable', code, { cause: e });
      const cause = (e as { cause?: { code?: string } }).cause?.code;
      if (cause && UNREACHABLE.has(cause)) throw new AttemptError('unreachable', cause, { cause: e });
      throw new AttemptError('broken', (e as Error).message || code || String(e), { cause: e });
    } finally {
      clearTimeout(timer);
      outer.removeEventListener('abort', onOuter);
    }
  }

  /**
   * A 2xx body's chunks as they arrive, under the same cap as readBody: one announced or found to be
   * larger is abandoned at once. A stream error comes out as BodyBroke, so the consumer's own errors
   * stay apart from the network's.
   */
  private async *chunks(
    url: URL,
    res: Dispatcher.ResponseData,
    deadline: AbortController,
    counted: { bytes: number },
    clock: { pause(): void; resume(): void },
  ): AsyncGenerator<Buffer, void, undefined> {
    const max = this.opts.maxBodyBytes;
    const announced = header(res.headers, 'content-length');
    const tooLarge = () => {
      deadline.abort();
      res.body.on('error', () => undefined);
      res.body.destroy();
      return this.tooLarge(url);
    };
    if (announced !== undefined && /^\d+$/.test(announced.trim()) && Number(announced) > max) throw tooLarge();
    const it = res.body[Symbol.asyncIterator]();
    try {
      for (;;) {
        let step: IteratorResult<Buffer>;
        try {
          step = (await it.next()) as IteratorResult<Buffer>;
        } catch (e) {
          throw new BodyBroke('body broke off', { cause: e });
        }
        if (step.done) return;
        counted.bytes += step.value.length;
        if (counted.bytes > max) throw tooLarge();
        clock.pause();
        try {
          yield step.value;
        } finally {
          clock.resume();
        }
      }
    } finally {
      // Stops the stream when the consumer stopped early; its own error (if any) is already out.
      await it.return?.().catch(() => undefined);
    }
  }

  private tooLarge(url: URL): ResponseTooLargeError {
    return new ResponseTooLargeError(`response from ${url.origin} is larger than ${formatSize(this.opts.maxBodyBytes)} (--max-body)`, {
      hint: 'raise --max-body if the answer is expected to be that large',
    });
  }

  /**
   * The body as text (UTF-8, a leading BOM dropped, as undici's own text() does) and its size in bytes.
   * Never holds more than the cap: a body announced or found to be larger is abandoned at once (the
   * request aborted, the connection dropped), so one that never ends costs at most the cap.
   */
  private readBody(url: URL, res: Dispatcher.ResponseData, deadline: AbortController): Promise<{ body: string; bytes: number }> {
    const max = this.opts.maxBodyBytes;
    const body = res.body;
    const tooLarge = () => {
      deadline.abort();
      body.destroy();
      return this.tooLarge(url);
    };
    const announced = header(res.headers, 'content-length');
    if (announced !== undefined && /^\d+$/.test(announced.trim()) && Number(announced) > max) {
      body.on('error', () => undefined);
      return Promise.reject(tooLarge());
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let done = false;
      body.on('data', (chunk: Buffer) => {
        if (done) return;
        bytes += chunk.length;
        if (bytes > max) {
          done = true;
          chunks.length = 0;
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      body.on('error', (e) => {
        if (!done) (done = true), reject(e);
      });
      body.on('end', () => {
        if (done) return;
        done = true;
        const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, bytes);
        resolve({ body: utf8Text(all), bytes });
      });
    });
  }

  /** How long to wait before retry number `n` (0-based): server's word for 429, else backoff. */
  private waitFor(n: number, res: HttpResponse | undefined): number {
    if (res?.status === 429) {
      const reset = Number(header(res.headers, 'x-ratelimit-reset'));
      if (Number.isFinite(reset) && reset > 0) return Math.min(reset, this.opts.maxWaitMs);
      const ra = header(res.headers, 'retry-after');
      if (ra !== undefined) {
        const secs = Number(ra);
        const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(ra) - this.opts.now();
        if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, this.opts.maxWaitMs);
      }
    }
    const base = this.opts.backoffMs * 2 ** n;
    // Jitter in [base/2, base) so parallel clients do not retry in step.
    return Math.min(base / 2 + (this.opts.random() * base) / 2, this.opts.maxWaitMs);
  }

  /**
   * GET `url`; resolves with a 2xx response, else throws the typed error for the status. Retries
   * connection faults, timeouts, 429 and 502/503/504 up to `retries` times (GET is safe to repeat).
   */
  async get(url: URL, headers: Record<string, string> = {}, ctx: RequestContext = {}): Promise<HttpResponse> {
    return this.getParsed(url, headers, ctx, (res) => res);
  }

  /**
   * Like `get`, then `parse` turns the 2xx response into a value. A body `parse` rejects with
   * ResponseShapeError (truncated, an HTML page served with 200) is a fault like any other: retried,
   * and reported as unusable when the retries are spent. ResponseEnvelopeError (whole JSON of the
   * wrong shape) is not retried; neither is a request undici refuses to send. ENOTFOUND is retried
   * at most once.
   */
  async getParsed<T>(
    url: URL,
    headers: Record<string, string>,
    ctx: RequestContext,
    parse: (res: HttpResponse) => T,
  ): Promise<T> {
    return this.exchange(url, headers, ctx, undefined, parse);
  }

  /**
   * Like getParsed, but a 2xx body goes to `consume` as it arrives instead of being read whole first
   * (a list page of any size in little memory). Retried like getParsed: `consume` is called afresh
   * for each attempt, and must itself account for what it already passed on.
   */
  async getStreamed<T>(url: URL, headers: Record<string, string>, ctx: RequestContext, consume: BodyConsumer<T>): Promise<T> {
    return this.exchange(url, headers, ctx, consume, (res) => res.value as T);
  }

  private async exchange<T, V>(
    url: URL,
    headers: Record<string, string>,
    ctx: RequestContext,
    consume: BodyConsumer<V> | undefined,
    parse: (res: HttpResponse & { value?: V }) => T,
  ): Promise<T> {
    if (this.stop.signal.aborted) throw new InterruptedError('interrupted');
    const shown = displayUrl(url, ctx.masked);
    const cache = ctx.cache ? this.opts.cache : undefined;
    const cacheKey = cache?.keyOf(url, headers);
    if (cache && cacheKey) {
      const cached = await cache.read(cacheKey);
      if (cached !== undefined) {
        try {
          // A streamed call gets the kept bytes as one chunk; a whole one its text, as readBody makes it.
          const value = consume
            ? parse({ status: 200, headers: {}, body: '', bytes: cached.length, value: await consume(oneChunk(cached), {}) })
            : parse({ status: 200, headers: {}, body: utf8Text(cached), bytes: cached.length });
          this.log(`GET ${shown} -> cached`);
          return value;
        } catch (e) {
          if (consume && !(e instanceof ResponseShapeError)) throw e;
          this.log(`GET ${shown}: cached body unusable; fetching it`);
        }
      }
    }
    // With a cache, a streamed body is also kept as it passes, and stored only when read to its end.
    let kept: { chunks: Buffer[]; whole: boolean } | undefined;
    const sink: BodyConsumer<V> | undefined =
      consume && cache && cacheKey
        ? (chunks, hdrs) => {
            const tee = { chunks: [] as Buffer[], whole: false };
            kept = tee;
            return consume(keeping(chunks, tee), hdrs);
          }
        : consume;
    const keyed = Object.keys(headers).some((h) => /^(x-api-key|authorization)$/i.test(h));
    let last: (HttpResponse & { value?: V }) | undefined;
    let lastError: AttemptError | ResponseShapeError | undefined;
    let n = 0;
    for (; ; n++) {
      let started = this.opts.now();
      try {
        last = undefined;
        // Counted against the origin's budget from the moment it is sent until its answer is read.
        const slot = await this.scheduler.acquire(url.origin, { keyed, retry: n > 0 });
        started = this.opts.now();
        // A streamed body is answered (and logged) once its headers are in, before it is read.
        let head = false;
        try {
          last = await this.attempt(url, headers, sink, (res) => {
            head = true;
            this.log(`GET ${shown} -> ${res.status} (${this.opts.now() - started}ms)`);
          });
        } finally {
          slot.release(last);
        }
        lastError = undefined;
        if (!head) this.log(`GET ${shown} -> ${last.status} (${this.opts.now() - started}ms)`);
        if (last.status >= 200 && last.status < 300) {
          const value = parse(last);
          if (cache && cacheKey) {
            if (!consume) await cache.write(cacheKey, last.body);
            else if (kept?.whole) await cache.write(cacheKey, Buffer.concat(kept.chunks));
          }
          return value;
        }
        if (!RETRY_STATUS.has(last.status)) break;
      } catch (e) {
        if (e instanceof ResponseEnvelopeError) {
          // Whole JSON of the wrong shape: the same request gets the same answer.
          this.log(`GET ${shown} -> unusable body: ${e.message}`);
          throw new ResponseEnvelopeError(safeText(this.redact(e.message)), { hint: e.hint, cause: e.cause });
        }
        if (e instanceof ResponseShapeError) {
          lastError = e;
          last = undefined;
          this.log(`GET ${shown} -> unusable body: ${e.message}`);
        } else if (e instanceof AttemptError) {
          lastError = e;
          last = undefined;
          this.log(`GET ${shown} -> ${e.message}`);
        } else {
          // A body past --max-body is not retried: the next answer would be as large.
          if (e instanceof ResponseTooLargeError) this.log(`GET ${shown} -> body larger than ${formatSize(this.opts.maxBodyBytes)}`);
          throw e;
        }
      }
      const notFound = lastError instanceof AttemptError && lastError.message === 'ENOTFOUND';
      if (n >= (notFound ? Math.min(NOT_FOUND_RETRIES, this.opts.retries) : this.opts.retries)) break;
      const wait = this.waitFor(n, last);
      this.log(`retry ${n + 1}/${this.opts.retries} in ${Math.round(wait)}ms`);
      // A 429 holds back every request to the origin, not only this one: the scheduler waits it out.
      if (last?.status === 429) await this.scheduler.hold(url.origin, wait);
      else await this.opts.sleep(wait, this.stop.signal);
    }
    const tries = this.opts.retries === 1 ? '1 retry' : `${this.opts.retries} retries`;
    const after = n > 0 ? ` (after ${n === 1 ? '1 retry' : `${n} retries`})` : '';
    if (lastError instanceof ResponseShapeError) {
      throw new ResponseShapeError(safeText(this.redact(lastError.message)) + after, { hint: lastError.hint, cause: lastError.cause });
    }
    if (lastError) {
      if (lastError.kind === 'timeout') {
        throw new TimeoutError(`request to ${url.origin} ${lastError.message}${after}`, {
          hint: 'raise --timeout or try again later',
          cause: lastError.cause,
        });
      }
      if (lastError.kind === 'unreachable' && UNRESOLVED.has(lastError.message)) {
        // What an offline machine gets: the host's name, not the resolver's code (--verbose shows it).
        throw new NetworkError(`cannot resolve ${safeText(url.hostname)} (no network?)${after}`, { cause: lastError.cause });
      }
      const what = lastError.kind === 'unreachable' ? `cannot reach ${url.origin}` : `connection to ${url.origin} broke`;
      throw new NetworkError(`${what}: ${safeText(this.redact(lastError.message))}${after}`, { cause: lastError.cause });
    }
    throw this.statusError(url, last as HttpResponse, ctx, tries);
  }

  private statusError(url: URL, res: HttpResponse, ctx: RequestContext, tries: string): ScoutError {
    const status = res.status;
    const detail = this.redact(messageFromBody(res.body, header(res.headers, 'content-type'), status, (t) => this.redact(t)));
    if (status === 404) {
      const what = ctx.what ?? url.pathname;
      const lost = lostConsensusHash(res.body);
      if (lost) {
        return new NotFoundError(`${what} not found on ${url.origin} (HTTP 404): the explorer's block at that height lost consensus in a reorganisation`, {
          hint: `the replaced block is still there by its hash: ${lost}`,
        });
      }
      return new NotFoundError(`${what} not found on ${url.origin} (HTTP 404)`);
    }
    if (status === 401 || status === 402 || status === 403) {
      return new AuthError(`${url.origin} refused the request (HTTP ${status}): ${detail}`, status, { hint: ctx.authHint });
    }
    if (status === 429) {
      return new RateLimitError(`rate limited by ${url.origin} after ${tries}`, {
        hint: 'an explorer key raises the limit (--explorer-key), or wait and try again',
      });
    }
    // A body that said nothing useful (a proxy's HTML page) is already reduced to "HTTP 502 Bad Gateway".
    const said = detail.startsWith(`HTTP ${status}`) ? detail : `HTTP ${status}: ${detail}`;
    return new HttpError(`${url.origin} answered ${said}`, status);
  }
}

/** A kept body as one chunk, for a streamed consumer. */
async function* oneChunk(body: Buffer): AsyncGenerator<Buffer, void, undefined> {
  yield body;
}

/** Passes the chunks on, keeping each; `whole` once the body has been read to its end. */
async function* keeping(chunks: AsyncIterable<Buffer>, tee: { chunks: Buffer[]; whole: boolean }): AsyncGenerator<Buffer, void, undefined> {
  for await (const c of chunks) {
    tee.chunks.push(c);
    yield c;
  }
  tee.whole = true;
}

