/**
 * The transport: one attempt at a request and nothing more. A keep-alive undici Pool per origin (as
 * wide as the run's requests at once; undici loaded with the first request that goes out), a
 * deadline for the attempt (connect, headers and the whole body), and the body read in chunks under
 * the one --max-body cap, whether it is read whole or handed to a consumer as it arrives. It resolves
 * with any status; what to do with a status, and whether to try again, belongs to the layers above
 * (exchange.ts). What it throws: AttemptError (no usable answer: timeout, no connection, broken off),
 * ResponseTooLargeError, InterruptedError, a UsageError for a request undici refuses to send, and
 * whatever the body consumer threw, untouched.
 */
import type { Dispatcher } from 'undici';
import { InterruptedError, ResponseTooLargeError, UsageError } from '../base/errors.js';
import { utf8Text } from '../base/text/bom.js';
import { safeText } from '../base/text/safe.js';
import { formatSize } from '../base/validate.js';
import type { Answer, Headers, HttpRequest, HttpResponse } from './exchange.js';
import { DEFAULT_RATES } from './scheduler.js';

/**
 * undici's parts (undici.ts), loaded with the first request that really goes out: a run answered
 * from the --cache, or one that stops before its first request, never loads undici (nor node:net).
 */
let undici: Promise<typeof import('./undici.js')> | undefined;
const undiciParts = () => (undici ??= import('./undici.js'));

/**
 * The fewest connections a Pool opens to one origin: as many requests as the scheduler lets go at
 * once to a host whose limit it does not know yet, with a key (DEFAULT_RATES), so a command's parts
 * asked together (`tx explain`: the transaction and seven parts) all go in the first window rather
 * than six, then the rest once a connection is free.
 */
export const MIN_CONNECTIONS = DEFAULT_RATES[1];

/** The default cap on one response body (--max-body). */
export const DEFAULT_MAX_BODY = 64 * 1024 * 1024;

/** Error codes meaning no connection was made at all. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export interface TransportOptions {
  /** Deadline for one attempt: connect, headers and the whole body. */
  timeoutMs: number;
  /** Largest body read, in bytes; reading stops there. */
  maxBodyBytes: number;
  userAgent: string;
  /** The dispatcher for an origin; a keep-alive Pool by default (tests pass undici's MockAgent). */
  dispatcher?: ((origin: string) => Dispatcher) | undefined;
  /** Aborts the attempt under way (Ctrl-C, or the HTTP layer closing). */
  signal: AbortSignal;
  /** Masks secrets in a message that may quote what was sent. */
  redact: (text: string) => string;
  /**
   * Requests the run may have under way at once to one origin (a batch's --concurrency, times the
   * chains asked at once): each origin's Pool opens up to that many connections, MIN_CONNECTIONS
   * at least. Connections open only as requests need them.
   */
  connections?: number | undefined;
}

/** An attempt that got no usable answer: `timeout`, `unreachable` (message: the code) or `broken`. */
export class AttemptError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'broken',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The body of a response broke off (reset, timeout, abort): the cause is the stream's error. */
class BodyBroke extends Error {}

/** What a body consumer threw, carried past the network's error handling untouched. */
class FromConsumer {
  constructor(readonly error: unknown) {}
}

function header(h: Headers, name: string): string | undefined {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The deadline of one attempt, which stands still while the consumer works on a chunk. */
class Deadline {
  readonly controller = new AbortController();
  private left: number;
  private since = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(ms: number) {
    this.left = ms;
    this.timer = setTimeout(() => this.controller.abort(), ms);
  }

  pause(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.left -= Date.now() - this.since;
  }

  resume(): void {
    this.since = Date.now();
    this.timer = setTimeout(() => this.controller.abort(), Math.max(this.left, 0));
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

/**
 * The most bytes of response headers undici takes: Node's default (node:http's maxHeaderSize), given
 * to every Pool since the build keeps node:http out of undici (scripts/build.mjs, which gives it the
 * same value).
 */
const MAX_HEADER_BYTES = 16_384;

/**
 * An error that holds no stack. Pools are destroyed with one: without an error undici makes its
 * own, Node's streams read its stack as they destroy a socket, and formatting a stack with frames
 * in the program makes V8 find where every line of the program's one file starts: 13M
 * instructions, about 5% of a lookup.
 */
function stackless(message: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new Error(message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

export class Transport {
  private readonly pools = new Map<string, Dispatcher>();
  /** Attempts under way: from the request's start until its body is read or dropped. */
  private inFlight = 0;

  constructor(private readonly opts: TransportOptions) {}

  /**
   * Resolves once undici is loaded (at once after the first time): the retry layer waits for it
   * before it takes a rate slot, so loading it never runs down a slot's time.
   */
  ready(): Promise<unknown> {
    return undiciParts();
  }

  /** The dispatcher for `origin`: the injected one, or a keep-alive Pool made on first use (undici loaded then). */
  async pool(origin: string): Promise<Dispatcher> {
    const { Pool } = await undiciParts();
    // Closed while undici loaded: no pool is made after close().
    if (this.opts.signal.aborted) throw new InterruptedError('interrupted');
    let p = this.pools.get(origin);
    if (!p) {
      p = this.opts.dispatcher?.(origin) ?? new Pool(origin, {
        // As wide as the work: a pool narrower than the requests the run sends at once queues the
        // rest behind the first answers (200 lookups at --concurrency 16 and 80 ms: 3.19 s with 6
        // connections, 1.74 s with 16, medians of 7 on a busy two-core machine).
        connections: Math.max(MIN_CONNECTIONS, this.opts.connections ?? 0),
        keepAliveTimeout: 10_000,
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
        connect: { timeout: this.opts.timeoutMs },
        maxHeaderSize: MAX_HEADER_BYTES,
      });
      this.pools.set(origin, p);
    }
    return p;
  }

  /** True when no attempt is under way: every connection is idle, and undici lets the process end with it open. */
  get idle(): boolean {
    return this.inFlight === 0;
  }

  /** Closes every pooled connection (injected dispatchers are the caller's to close). */
  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    if (this.opts.dispatcher) return;
    const closed = stackless('scout closed the connection');
    await Promise.all(pools.map((p) => p.destroy(closed).catch(() => undefined)));
  }

  /**
   * One attempt, bounded by the deadline; resolves with any status. With `req.consume`, a 2xx body
   * is handed to it as it arrives (after `onHead` hears the status) and its value comes back as
   * `value` (`body` is then empty); any other body is read whole.
   */
  async attempt<V>(req: HttpRequest<V>, onHead?: (res: Pick<HttpResponse, 'status' | 'headers'>) => void): Promise<Answer<V>> {
    const { url, consume } = req;
    const deadline = new Deadline(this.opts.timeoutMs);
    const outer = this.opts.signal;
    const onOuter = () => deadline.controller.abort();
    outer.addEventListener('abort', onOuter, { once: true });
    this.inFlight++;
    try {
      const dispatcher = await this.pool(url.origin);
      const { request } = await undiciParts();
      const res = await request(dispatcher, {
        method: req.method,
        path: url.pathname + url.search,
        headers: { 'user-agent': this.opts.userAgent, accept: 'application/json', ...req.headers },
        body: req.body,
        signal: deadline.controller.signal,
      });
      const counted = { bytes: 0 };
      const chunks = this.chunks(url, res, deadline, counted);
      const { statusCode: status, headers } = res;
      try {
        if (consume && status >= 200 && status < 300) {
          onHead?.({ status, headers });
          try {
            const value = await consume(chunks, headers);
            return { status, headers, body: '', bytes: counted.bytes, value };
          } catch (e) {
            // Whatever the consumer threw (an unusable body, a closed stdout) is its own to report.
            if (e instanceof BodyBroke) throw e;
            throw new FromConsumer(e);
          }
        }
        const parts: Buffer[] = [];
        for await (const c of chunks) parts.push(c);
        // As undici's own text() does: UTF-8, a leading BOM dropped.
        const body = utf8Text(parts.length === 1 ? parts[0]! : Buffer.concat(parts, counted.bytes));
        return { status, headers, body, bytes: counted.bytes };
      } catch (e) {
        throw e instanceof BodyBroke ? e.cause : e;
      } finally {
        // A consumer that stopped early leaves the rest unread: drop the connection, not wait on it.
        if (!res.body.readableEnded) res.body.destroy();
      }
    } catch (e) {
      if (e instanceof FromConsumer) throw e.error;
      if (e instanceof ResponseTooLargeError) throw e;
      if (outer.aborted) throw new InterruptedError('interrupted');
      throw this.fault(url, e, deadline.controller.signal.aborted);
    } finally {
      this.inFlight--;
      deadline.clear();
      outer.removeEventListener('abort', onOuter);
    }
  }

  /** What went wrong on the way, as an AttemptError (or a UsageError: nothing could be sent). */
  private fault(url: URL, e: unknown, timedOut: boolean): Error {
    const code = (e as { code?: string }).code ?? '';
    // undici refused the request before sending it (a header value it cannot carry): no attempt
    // was made, and another would be refused the same way. Its message names the header, never
    // the value; redacted all the same.
    if (code === 'UND_ERR_INVALID_ARG') {
      return new UsageError(`request to ${url.origin} refused before sending: ${safeText(this.opts.redact((e as Error).message))}`);
    }
    if (timedOut || /TIMEOUT/.test(code)) {
      return new AttemptError('timeout', `timed out after ${this.opts.timeoutMs / 1000}s`, { cause: e });
    }
    // Could not connect at all, versus a connection that broke mid-answer (reset, body cut short).
    if (UNREACHABLE.has(code)) return new AttemptError('unreachable', code, { cause: e });
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    if (cause && UNREACHABLE.has(cause)) return new AttemptError('unreachable', cause, { cause: e });
    return new AttemptError('broken', (e as Error).message || code || String(e), { cause: e });
  }

  /**
   * A body's chunks as they arrive, never more than the cap: one announced or found to be larger is
   * abandoned at once (the request aborted, the connection dropped), so one that never ends costs at
   * most the cap. A stream error comes out as BodyBroke, so a consumer's own errors stay apart from
   * the network's. The deadline stands still while the reader holds a chunk.
   */
  private async *chunks(url: URL, res: Dispatcher.ResponseData, deadline: Deadline, counted: { bytes: number }): AsyncGenerator<Buffer, void, undefined> {
    const max = this.opts.maxBodyBytes;
    const tooLarge = () => {
      deadline.controller.abort();
      res.body.on('error', () => undefined);
      res.body.destroy();
      return new ResponseTooLargeError(`response from ${url.origin} is larger than ${formatSize(max)} (--max-body)`, {
        hint: 'raise --max-body if the answer is expected to be that large',
      });
    };
    const announced = header(res.headers, 'content-length');
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
        deadline.pause();
        try {
          yield step.value;
        } finally {
          deadline.resume();
        }
      }
    } finally {
      // Stops the stream when the reader stopped early; its own error (if any) is already out.
      await it.return?.().catch(() => undefined);
    }
  }
}
