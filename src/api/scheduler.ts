/**
 * The rate-limit scheduler: every request of a run asks it for a slot before it is sent, so all
 * concurrent callers (pages, lookups, chains) share one budget per origin and queue instead of
 * collecting 429s.
 *
 * The budget is the server's, when it says it: Blockscout sends `x-ratelimit-limit`,
 * `x-ratelimit-remaining` and `x-ratelimit-reset` (milliseconds until the window resets; -1 means
 * no limit applied) on every answer. Within a window the scheduler spends the remaining requests
 * and then waits for the reset; a request counts against the budget from the moment it is sent,
 * not when its answer comes back, so four lookups in flight take four of what remains. An answer's
 * `remaining` only ever lowers the count (other clients on the same key or address spend it too);
 * it is taken as given only for a new window.
 *
 * Without those headers (a proxy, another server, or a first request whose answer has not come)
 * requests are paced at a conservative default: 5 a second, 10 when the request carries a key. The
 * first requests of a run go together rather than one every 200 ms while the server's own budget is
 * still unknown; after that a request takes a seat that it holds until one second after its answer
 * came. The server counts a request in the window of the moment it saw it, which may be any time up
 * to its answer (a first request pays for the connection on the way): a seat counted from the send
 * would let the next second's requests reach a fixed window the last ones were counted in (429s).
 * Counted from the answer, no two requests one seat apart reach the server less than a second apart,
 * so no fixed one-second window, however it is placed, sees more than the rate. A request not
 * answered a second after its send gives its seat up then, as a window counted from the send would
 * (a slow answer, or a server that answers none until more arrive, must not hold the others forever).
 *
 * Time is the caller's clock and waits are the caller's sleep, so tests drive it with a fake clock:
 * after a wait the scheduler takes its clock to be at least the time it waited for.
 */
import { InterruptedError } from '../base/errors.js';

export interface SchedulerOptions {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborts every wait (Ctrl-C, or the HTTP layer closing). */
  signal?: AbortSignal | undefined;
  /** Requests a second to an origin that sends no rate-limit headers: [without a key, with one]. */
  defaultRates?: readonly [number, number];
  /** Longest single wait; past it the request goes anyway (the 429 path still protects it). */
  maxWaitMs?: number;
  log?: ((line: string) => void) | undefined;
  /** Told when requests start a wait of a second or more (a spent window, the pace): `ms` long. */
  onWait?: ((ms: number) => void) | undefined;
}

/** What an answer said, for the budget: its status and headers. */
export interface Answer {
  status: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A request's permission to go; `release` it with the answer (or nothing, when none came). */
export interface Slot {
  release(answer?: Answer): void;
}

/** What a request tells the scheduler of itself. */
export interface Ask {
  /** It carries a key, which raises the default pace. */
  keyed?: boolean | undefined;
  /**
   * It repeats one that failed, after its backoff: that wait already spaced it, so it is not held
   * to the default pace again (a known window budget and a 429's wait still hold it).
   */
  retry?: boolean | undefined;
}

/** How long a request not yet answered holds its seat of the default pace. */
const UNANSWERED_SEAT_MS = 1000;

/**
 * The default pace without rate-limit headers: 5 requests a second without a key, 10 with one. They
 * are also the first window of a host whose limit is not known yet: that many go at once before any
 * answer. The API's documented limits (docs/api-behaviour.md, Rate limits): about 300 requests a
 * minute per IP without a key, which a server may count in windows of a second (5 each), and about
 * 10 a second with an instance key. So with a key a command's parts asked together (`tx explain`:
 * the transaction and seven parts) all go in the first window, within the keyed limit, and the pool
 * per origin is at least that wide (transport.ts); without one, a sixth waits for the server's
 * headers or the next second, since more than 5 at once could be refused by a server counting per
 * second.
 */
export const DEFAULT_RATES = [5, 10] as const;

/** One host's rate state: its queue, its requests in flight and what its rate-limit headers said. */
interface HostRate {
  readonly queue: ({ resolve: (slot: Slot) => void; reject: (e: unknown) => void } & Ask)[];
  /** Requests sent and not answered: sequence number → time sent. */
  readonly inFlight: Map<number, number>;
  seq: number;
  /** The server said no limit applies. */
  unlimited: boolean;
  /** The window's size as the server last said it. */
  limit: number | undefined;
  /** Requests left in the current window; undefined: not known (paced at the default). */
  tokens: number | undefined;
  /** When the current window ends; undefined: not known. */
  windowEnd: number | undefined;
  /** The end of the window before it: answers from that window are stale. */
  prevEnd: number;
  /** Pacing without headers: the requests holding a seat → when it frees (a second after the answer). */
  readonly seats: Map<number, number>;
  /** After a 429: nothing goes before this. */
  blockedUntil: number;
  /** A wait is under way until then. */
  wakeAt: number | undefined;
  toldPacing: boolean;
}

function header(h: Answer['headers'], name: string): number {
  const v = h[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' ? NaN : Number(s);
}

export class Scheduler {
  private readonly hosts = new Map<string, HostRate>();
  private clock = -Infinity;
  private readonly rates: readonly [number, number];
  private readonly maxWaitMs: number;

  constructor(private readonly opts: SchedulerOptions) {
    this.rates = opts.defaultRates ?? DEFAULT_RATES;
    this.maxWaitMs = opts.maxWaitMs ?? 60_000;
    opts.signal?.addEventListener('abort', () => this.abortAll(), { once: true });
  }

  /** The time as the scheduler sees it: the caller's clock, never behind a wait already made. */
  private now(): number {
    this.clock = Math.max(this.clock, this.opts.now());
    return this.clock;
  }

  private host(origin: string): HostRate {
    let b = this.hosts.get(origin);
    if (!b) {
      b = {
        queue: [],
        inFlight: new Map(),
        seq: 0,
        unlimited: false,
        limit: undefined,
        tokens: undefined,
        windowEnd: undefined,
        prevEnd: -Infinity,
        seats: new Map(),
        blockedUntil: -Infinity,
        wakeAt: undefined,
        toldPacing: false,
      };
      this.hosts.set(origin, b);
    }
    return b;
  }

  /** Resolves when a request to `origin` may be sent; requests are let go in the order they asked. */
  acquire(origin: string, ask: Ask = {}): Promise<Slot> {
    if (this.opts.signal?.aborted) return Promise.reject(new InterruptedError('interrupted'));
    const b = this.host(origin);
    return new Promise<Slot>((resolve, reject) => {
      b.queue.push({ resolve, reject, ...ask });
      this.pump(origin, b);
    });
  }

  /**
   * Waits `ms` (a 429's reset or Retry-After), and nothing else goes to `origin` meanwhile: the
   * caller retries once it resolves.
   */
  async hold(origin: string, ms: number): Promise<void> {
    const until = this.block(origin, ms);
    await this.opts.sleep(Math.max(0, ms), this.opts.signal);
    this.clock = Math.max(this.clock, until);
  }

  /** Nothing goes to `origin` for `ms`; returns the time it may go again. */
  private block(origin: string, ms: number): number {
    const b = this.host(origin);
    const until = this.now() + Math.max(0, ms);
    b.blockedUntil = Math.max(b.blockedUntil, until);
    // The window is spent until then; after the wait a new one starts (full, when its size is known).
    if (b.tokens !== undefined) {
      b.tokens = 0;
      b.windowEnd = until;
    }
    return until;
  }

  private abortAll(): void {
    for (const b of this.hosts.values()) {
      for (const w of b.queue.splice(0)) w.reject(new InterruptedError('interrupted'));
    }
  }

  /** Lets go every waiting request the budget allows; sleeps until the next one may go. */
  private pump(origin: string, b: HostRate): void {
    while (b.queue.length > 0) {
      const t = this.now();
      const next = b.queue[0]!;
      const decision = this.decide(b, t, next);
      if (decision === 'go' || decision === 'seat') {
        b.queue.shift();
        const seq = ++b.seq;
        b.inFlight.set(seq, t);
        if (decision === 'seat') b.seats.set(seq, t + UNANSWERED_SEAT_MS);
        next.resolve(this.slot(origin, b, seq));
        continue;
      }
      if (decision === 'answer') return; // an answer in flight will say more
      this.wait(origin, b, decision);
      return;
    }
  }

  /** 'go', 'seat' (go, paced), 'answer' (wait for one in flight), or the time to wait until. */
  private decide(b: HostRate, t: number, ask: Ask): 'go' | 'seat' | 'answer' | number {
    if (t < b.blockedUntil) return b.blockedUntil;
    if (b.unlimited) return 'go';
    if (b.windowEnd !== undefined && t >= b.windowEnd) {
      // The window is over: a new one starts full, less what is still in flight (it may land in it).
      b.prevEnd = b.windowEnd;
      b.windowEnd = undefined;
      b.tokens = b.limit !== undefined ? Math.max(0, b.limit - b.inFlight.size) : undefined;
    }
    if (b.tokens !== undefined) {
      if (b.tokens > 0) {
        b.tokens--;
        return 'go';
      }
      if (b.windowEnd !== undefined) return b.windowEnd;
      if (b.inFlight.size > 0) return 'answer';
    }
    // No budget known: the default pace, a seat each, held until a second after the answer.
    if (ask.retry) return 'go';
    let free = Infinity;
    for (const [seq, at] of b.seats) {
      if (at <= t) b.seats.delete(seq);
      else free = Math.min(free, at);
    }
    return b.seats.size < this.rates[ask.keyed ? 1 : 0] ? 'seat' : free;
  }

  private wait(origin: string, b: HostRate, until: number): void {
    const t = this.now();
    const target = Math.min(until, t + this.maxWaitMs);
    if (b.wakeAt !== undefined && b.wakeAt <= target) return; // an earlier wake-up will look again
    b.wakeAt = target;
    const ms = target - t;
    if (b.windowEnd !== undefined && until === b.windowEnd && b.tokens === 0) {
      this.opts.log?.(`rate limit spent (x-ratelimit-remaining 0); waiting ${Math.ceil(ms)}ms for the window to reset`);
    } else if (b.tokens === undefined && until !== b.blockedUntil && !b.toldPacing) {
      b.toldPacing = true;
      this.opts.log?.(`no rate-limit headers from ${origin} yet: pacing requests at the default rate`);
    }
    // Shorter waits are the pace going on; a longer one is worth saying while it lasts.
    if (ms >= 1000) this.opts.onWait?.(ms);
    this.opts.sleep(ms, this.opts.signal).then(
      () => {
        if (b.wakeAt === target) b.wakeAt = undefined;
        this.clock = Math.max(this.clock, target);
        if (target < until) {
          // Waited the longest allowed: go anyway (a 429 is still waited out by the retry).
          b.blockedUntil = Math.min(b.blockedUntil, target);
          if (b.windowEnd !== undefined) b.windowEnd = Math.min(b.windowEnd, target);
          for (const [seq, at] of b.seats) if (at > target) b.seats.set(seq, target);
        }
        this.pump(origin, b);
      },
      (e: unknown) => {
        b.wakeAt = undefined;
        for (const w of b.queue.splice(0)) w.reject(e);
      },
    );
  }

  private slot(origin: string, b: HostRate, seq: number): Slot {
    let done = false;
    return {
      release: (answer) => {
        if (done) return;
        done = true;
        const sentAt = b.inFlight.get(seq) ?? this.now();
        b.inFlight.delete(seq);
        // The server saw it by now at the latest: its seat frees a second later.
        if (b.seats.has(seq)) b.seats.set(seq, this.now() + 1000);
        if (answer) this.learn(b, seq, sentAt, answer);
        this.pump(origin, b);
      },
    };
  }

  /** What an answer's headers say of the budget. */
  private learn(b: HostRate, seq: number, sentAt: number, answer: Answer): void {
    // A 429 is the HTTP layer's to wait out (block): its headers describe a window already spent.
    if (answer.status === 429) return;
    const limit = header(answer.headers, 'x-ratelimit-limit');
    const remaining = header(answer.headers, 'x-ratelimit-remaining');
    const reset = header(answer.headers, 'x-ratelimit-reset');
    if (limit === -1 || reset === -1) {
      b.unlimited = true;
      b.tokens = b.windowEnd = undefined;
      return;
    }
    if (!Number.isFinite(remaining) || !Number.isFinite(reset) || remaining < 0 || reset < 0) return;
    b.unlimited = false;
    if (Number.isFinite(limit) && limit > 0) b.limit = limit;
    const t = this.now();
    const end = t + reset;
    // Two answers' view of one window end differ by at most the time on the way.
    const slack = Math.max(25, t - sentAt);
    if (end <= b.prevEnd + slack) return; // from a window already over
    // Requests sent after this one are not in its count yet.
    let sentAfter = 0;
    for (const s of b.inFlight.keys()) if (s > seq) sentAfter++;
    const fresh = remaining - sentAfter;
    if (b.tokens === undefined) {
      // First word from the server: nothing in flight can be assumed counted.
      b.windowEnd = end;
      b.tokens = Math.max(0, remaining - b.inFlight.size);
    } else if (b.windowEnd === undefined) {
      b.windowEnd = end;
      b.tokens = Math.max(0, Math.min(b.tokens, fresh));
    } else if (end > b.windowEnd + slack) {
      // A new window began on the server before we saw ours end.
      b.prevEnd = b.windowEnd;
      b.windowEnd = end;
      b.tokens = Math.max(0, fresh);
    } else {
      b.windowEnd = Math.max(b.windowEnd, end);
      b.tokens = Math.max(0, Math.min(b.tokens, fresh));
    }
  }
}
