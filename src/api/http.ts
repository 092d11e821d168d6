/**
 * The HTTP layer the explorer and admin clients share, built of layers (exchange.ts): the transport
 * (transport.ts: pools, the deadline, the body cap), the retries (here: a rate slot from the
 * scheduler for every attempt, the --verbose trail, the decisions of retry.ts, the failure told by
 * status.ts) and, with --cache, the response cache around them (cache.ts). Secrets are masked in
 * anything it prints, and non-2xx answers end as typed errors (base/errors.ts).
 */
import { setMaxListeners } from 'node:events';
import type { Dispatcher } from 'undici';
import { InterruptedError, ResponseEnvelopeError, ResponseShapeError, ResponseTooLargeError } from '../base/errors.js';
import { safeText } from '../base/text/safe.js';
import { formatSize } from '../base/validate.js';
import type { ResponseCache } from './cache.js';
import { type Accept, type Answer, type BodyConsumer, compose, type HttpRequest, type HttpResponse, type Method, type RequestContext, type Send } from './exchange.js';
import { postJsonRpc } from './post.js';
import { idempotent, type Outcome, RetryPolicy } from './retry.js';
import { Scheduler } from './scheduler.js';
import type { WaitEvent } from './waits.js';
import { faultError, statusError, unusableError } from './status.js';
import { AttemptError, DEFAULT_MAX_BODY, Transport } from './transport.js';

export { DEFAULT_MAX_BODY };
export type { BodyConsumer, HttpResponse, RequestContext };

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
  /** Requests the run may have under way at once to one origin: its Pool's width (transport.ts). */
  connections?: number | undefined;
  /** The rate-limit budgets (scheduler.ts); one of its own by default, shared by every request of this Http. */
  scheduler?: Scheduler | undefined;
  /** Told when a request starts waiting (a retry's backoff, a rate limit): the progress display says it. */
  onWait?: ((e: WaitEvent) => void) | undefined;
  /** `--cache`: successful GET bodies of requests that ask for it (RequestContext.cache) are kept here. */
  cache?: ResponseCache | undefined;
}

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

/** A URL as it may be printed: query parameters that look like keys are masked. */
export function displayUrl(url: URL, masked: readonly string[] = []): string {
  const u = new URL(url.href);
  for (const k of [...u.searchParams.keys()]) {
    if (/key|token|secret|auth/i.test(k) || masked.includes(k)) u.searchParams.set(k, '***');
  }
  return u.href;
}

/** What a retry comes after, for the progress display: "a timeout", "HTTP 502". */
function failure(o: Outcome): string {
  if ('status' in o) return `HTTP ${o.status}`;
  if ('unusable' in o) return 'an unusable answer';
  return o.fault === 'timeout' ? 'a timeout' : o.fault === 'unreachable' ? 'a connection failure' : 'a broken connection';
}

/** What sending needs, made with the first request that goes out (see `Http.net`). */
interface Wiring {
  /** Aborted by Ctrl-C (the caller's signal) or by close(): nothing in flight or waiting outlives it. */
  readonly stop: AbortController;
  /** Every request asks it for a slot: one rate-limit budget per origin, shared by concurrent callers. */
  readonly scheduler: Scheduler;
  readonly transport: Transport;
}

/** HTTP client shared by the explorer and admin clients. */
export class Http {
  private readonly secrets: readonly string[];
  private readonly policy: RetryPolicy;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly now: () => number;
  private readonly maxWaitMs: number;
  /** The layers, outermost first: the cache (with --cache), the retries, the transport. */
  private readonly send: Send;
  private wiring: Wiring | undefined;
  private closed = false;

  constructor(private readonly options: HttpOptions) {
    this.secrets = options.secrets ?? [];
    this.sleep = options.sleep ?? sleep;
    this.now = options.now ?? Date.now;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.policy = new RetryPolicy({ retries: options.retries, backoffMs: options.backoffMs ?? 250, maxWaitMs: this.maxWaitMs, now: this.now, random: options.random ?? Math.random });
    this.send = compose((req, accept) => this.retrying(req, accept), options.cache?.layer((l) => this.log(l)));
  }

  /**
   * The stop signal, the scheduler and the transport, made when a request first goes past the cache:
   * a run that sends nothing (a --cache hit) makes no AbortController, adds no listener and aborts
   * nothing at close, work that compiles some 35 of Node's own functions (event_target.js,
   * abort_controller.js) on Node 20 for nothing.
   */
  private get net(): Wiring {
    if (this.wiring) return this.wiring;
    const stop = new AbortController();
    // Every request and wait under way listens for it; a batch may have more than Node's warning allows.
    setMaxListeners(0, stop.signal);
    const outer = this.options.signal;
    if (this.stopped) stop.abort();
    else outer?.addEventListener('abort', () => stop.abort(), { once: true });
    const { options } = this;
    const scheduler =
      options.scheduler ??
      new Scheduler({ now: this.now, sleep: this.sleep, maxWaitMs: this.maxWaitMs, signal: stop.signal, log: (l) => this.log(l), onWait: (ms) => options.onWait?.({ kind: 'rate', ms }) });
    const transport = new Transport({
      timeoutMs: options.timeoutMs,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY,
      userAgent: options.userAgent,
      dispatcher: options.dispatcher,
      connections: options.connections,
      signal: stop.signal,
      redact: (t) => this.redact(t),
    });
    return (this.wiring = { stop, scheduler, transport });
  }

  /** Masks every secret in `text`. */
  redact(text: string): string {
    let out = text;
    for (const s of this.secrets) if (s) out = out.split(s).join('***');
    return out;
  }

  private log(line: string): void {
    this.options.log?.(safeText(this.redact(line)));
  }

  /** True once the run was interrupted (Ctrl-C) or the layer closed: no more work should start. */
  get stopped(): boolean {
    return this.closed || this.options.signal?.aborted === true;
  }

  /**
   * Closes every pooled connection. With `exiting` (the process ends with the run: the command line,
   * main.ts), connections with nothing in flight are left to the exit, which closes them: undici
   * keeps an idle one from holding the process. Aborting and destroying them took 3.5M instructions
   * of a one-request lookup (1.4%, Node 24). Anything still in flight is aborted as always.
   */
  async close(how: { exiting?: boolean } = {}): Promise<void> {
    this.closed = true;
    if (!this.wiring) return;
    if (how.exiting && this.wiring.transport.idle) return;
    // A read-ahead still in flight (the consumer stopped early) is abandoned, not retried.
    this.wiring.stop.abort();
    await this.wiring.transport.close();
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
  async getParsed<T>(url: URL, headers: Record<string, string>, ctx: RequestContext, parse: (res: HttpResponse) => T): Promise<T> {
    return this.request('GET', url, headers, ctx, undefined, parse);
  }

  /**
   * Like getParsed, but a 2xx body goes to `consume` as it arrives instead of being read whole first
   * (a list page of any size in little memory). Retried like getParsed: `consume` is called afresh
   * for each attempt, and must itself account for what it already passed on.
   */
  async getStreamed<T>(url: URL, headers: Record<string, string>, ctx: RequestContext, consume: BodyConsumer<T>): Promise<T> {
    return this.request('GET', url, headers, ctx, consume, (res) => res.value as T);
  }

  /**
   * POSTs `body` (a JSON-RPC request) to `url`; resolves with what `parse` makes of a 2xx answer, else
   * throws as getParsed does. Only for JSON-RPC reads, which are safe to repeat: retried as a GET is
   * (timeouts, broken connections, 429, 502/503/504), through the same rate slots, deadline, cap and
   * redaction, never kept by --cache. `label` (the JSON-RPC method) follows the URL in the --verbose
   * trail and in errors: `POST https://…/api/eth-rpc eth_call`. Only rpc.ts can name this method
   * (post.ts).
   */
  async [postJsonRpc]<T>(url: URL, headers: Record<string, string>, ctx: RequestContext, body: string, label: string, parse: (res: HttpResponse) => T): Promise<T> {
    const post = { body, idempotent: true, label };
    return this.request('POST', url, { ...headers, 'content-type': 'application/json' }, { ...ctx, cache: false }, undefined, parse, post);
  }

  /** One request through every layer. */
  private async request<V, T>(
    method: Method,
    url: URL,
    headers: Record<string, string>,
    ctx: RequestContext,
    consume: BodyConsumer<V> | undefined,
    accept: Accept<V, T>,
    post?: { body: string; idempotent: boolean; label: string },
  ): Promise<T> {
    if (this.stopped) throw new InterruptedError('interrupted');
    const shown = displayUrl(url, ctx.masked) + (post ? ` ${post.label}` : '');
    return this.send({ method, url, headers, ctx, shown, consume, body: post?.body, idempotent: post?.idempotent }, accept);
  }

  /**
   * The retry layer: each attempt waits for a rate slot (counted against the origin's budget from
   * the moment it is sent until its answer is read), goes through the transport and is logged; the
   * policy says whether a failed one is tried again and after how long; when it is not, the last
   * answer or fault becomes the typed error.
   */
  private async retrying<V, T>(req: HttpRequest<V>, accept: Accept<V, T>): Promise<T> {
    const { method, url, shown } = req;
    const keyed = Object.keys(req.headers).some((h) => /^(x-api-key|authorization)$/i.test(h));
    let last: Answer<V> | undefined;
    let fault: AttemptError | ResponseShapeError | undefined;
    let n = 0;
    for (; ; n++) {
      let started = this.now();
      let outcome: Outcome;
      try {
        last = undefined;
        // undici loads with the first request that goes out (never for a cache hit), before its slot.
        const { scheduler, transport } = this.net;
        await transport.ready();
        const slot = await scheduler.acquire(url.origin, { keyed, retry: n > 0 });
        started = this.now();
        // A streamed body is answered (and logged) once its headers are in, before it is read.
        let head = false;
        try {
          last = await transport.attempt(req, (res) => {
            head = true;
            this.log(`${method} ${shown} -> ${res.status} (${this.now() - started}ms)`);
          });
        } finally {
          slot.release(last);
        }
        fault = undefined;
        if (!head) this.log(`${method} ${shown} -> ${last.status} (${this.now() - started}ms)`);
        if (last.status >= 200 && last.status < 300) return accept(last);
        outcome = { status: last.status, headers: last.headers };
      } catch (e) {
        if (e instanceof ResponseEnvelopeError) {
          // Whole JSON of the wrong shape: the same request gets the same answer.
          this.log(`${method} ${shown} -> unusable body: ${e.message}`);
          throw new ResponseEnvelopeError(safeText(this.redact(e.message)), { hint: e.hint, cause: e.cause });
        }
        if (e instanceof ResponseShapeError) {
          this.log(`${method} ${shown} -> unusable body: ${e.message}`);
          outcome = { unusable: true };
        } else if (e instanceof AttemptError) {
          this.log(`${method} ${shown} -> ${e.message}`);
          outcome = { fault: e.kind, message: e.message };
        } else {
          // A body past --max-body is not retried: the next answer would be as large.
          if (e instanceof ResponseTooLargeError) this.log(`${method} ${shown} -> body larger than ${formatSize(this.options.maxBodyBytes ?? DEFAULT_MAX_BODY)}`);
          throw e;
        }
        fault = e;
        last = undefined;
      }
      if (req.ctx.once || !this.policy.again(method, outcome, n, req.idempotent ?? idempotent(method))) break;
      const wait = this.policy.wait(n, outcome);
      this.log(`retry ${n + 1}/${this.policy.retries} in ${Math.round(wait)}ms`);
      // A 429 holds back every request to the origin, not only this one: the scheduler waits it out.
      if (last?.status === 429) {
        this.options.onWait?.({ kind: 'rate', ms: wait });
        await this.net.scheduler.hold(url.origin, wait);
      } else {
        this.options.onWait?.({ kind: 'retry', attempt: n + 1, retries: this.policy.retries, after: failure(outcome), ms: wait });
        await this.sleep(wait, this.net.stop.signal);
      }
    }
    const redact = (t: string) => this.redact(t);
    if (fault instanceof ResponseShapeError) throw unusableError(fault, n, redact);
    if (fault) throw faultError(url, fault, n, redact);
    throw statusError(req, last!, n, redact);
  }
}
