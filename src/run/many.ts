/**
 * The ordered concurrent runner: many tasks of one command (the values of a batch, the chains of
 * `--chains`, both at once) run a few at a time and print in input order. What a task makes before
 * its turn waits in a queue of its own; the queues share one budget of waiting output (bytes), past
 * which a task waits until earlier ones print, so memory stays flat however long the run. The task at
 * the head prints as it goes.
 *
 * One policy for every such run: a task that fails does not stop the others; each failure is told on
 * stderr, and the run ends with one summary line and the WORST exit code seen (EXIT_SEVERITY), as
 * `scout help exit-codes` says.
 */
import { ScoutError } from '../base/errors.js';
import type { RenderContext } from '../render/context.js';
import { paint } from '../render/paint.js';

/**
 * Output the tasks waiting for their turn may hold between them, in bytes. Enough for every page of
 * a usual `--all` run, so a chain behind others keeps its explorer busy at its rate limit; a run past
 * it waits, so memory stays flat whatever its length. A run takes a smaller one from its Io
 * (`Io.waitingOutputBytes`), as tests do.
 */
export const WAITING_OUTPUT_BYTES = 16 * 1024 * 1024;

/**
 * Exit codes from least to most severe: a run of many exits with the most severe one seen. A failure
 * of unknown cause (1: network, server error) outranks the answers the server gave (not found,
 * refused, rate limited), a usage error outranks them all, and Ctrl-C ends everything.
 */
export const EXIT_SEVERITY: readonly number[] = [0, 3, 4, 5, 1, 2, 130];

/** The worse of two exit codes by EXIT_SEVERITY (an unlisted code ranks as 1). */
export function worse(a: number, b: number): number {
  const rank = (c: number) => (EXIT_SEVERITY.includes(c) ? EXIT_SEVERITY.indexOf(c) : EXIT_SEVERITY.indexOf(1));
  return rank(b) > rank(a) ? b : a;
}

/** The exit code an error makes: its own, or 1 for one of unknown cause. */
export function exitCodeOf(e: unknown): number {
  return e instanceof ScoutError ? e.exitCode : 1;
}

/** Some tasks of a run failed (each already told on stderr): the worst of their exit codes. */
export class RunFailedError extends ScoutError {
  override readonly exitCode: number;
  /** Its failures are told at the end of an enclosing run (a batch over chains), not where it ends. */
  readonly toldLater: boolean;
  constructor(message: string, exitCode: number, toldLater = false) {
    super(message);
    this.exitCode = exitCode;
    this.toldLater = toldLater;
  }
}

/**
 * The summary a run ends with: "2 of 5 values failed (lines 1, 4)", "1 of 3 chains failed: gamma".
 * `which` names the failed ones as the axis does (lines in brackets, chain names after a colon).
 */
export function runFailed(failed: number, total: number, nouns: readonly [string, string], which: string, code: number, toldLater = false): RunFailedError {
  return new RunFailedError(`${failed} of ${total} ${total === 1 ? nouns[0] : nouns[1]} failed${which}`, code, toldLater);
}

/** The heading above one task's block (a batch value, a chain's object): bold, a blank line between blocks. */
export function blockHeading(text: string, first: boolean, render: Pick<RenderContext, 'color'>): string {
  return `${first ? '' : '\n'}${paint(text, 'bold', render)}\n`;
}

/** A counting semaphore: `run` waits for a free slot. */
export function limiter(max: number): <R>(fn: () => Promise<R>) => Promise<R> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * The bytes the waiting queues hold between them, against the run's budget (one budget may serve
 * runs within a run: the chains of a batch's values); a release wakes every waiter.
 */
export class WaitingOutput {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Waits until `n` more bytes fit, unless `first()` (a queue's first part always fits: no deadlock). */
  async take(n: number, first: () => boolean): Promise<void> {
    while (!first() && this.held + n > this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held += n;
  }

  give(n: number): void {
    this.held -= n;
    for (const w of this.waiting.splice(0)) w();
  }
}

/**
 * What one task has made and not yet printed, in order, filled by the task while earlier tasks print
 * and drained when its turn comes. Closed by the task's end, with its error if it failed.
 */
export class Waiting<P> {
  private readonly parts: { part: P; cost: number }[] = [];
  private closed = false;
  private dropped = false;
  private wake: (() => void) | undefined;
  error: unknown;

  constructor(private readonly budget: WaitingOutput) {}

  /** Adds a part, first waiting while the budget is spent (an empty queue always takes one). */
  async push(part: P, cost: number): Promise<void> {
    if (this.dropped) return;
    await this.budget.take(cost, () => this.dropped || this.parts.length === 0);
    if (this.dropped) return this.budget.give(cost);
    this.parts.push({ part, cost });
    this.wake?.();
  }

  /** The run is over before this task's turn: what it holds and adds is dropped, and it waits no more. */
  discard(): void {
    this.dropped = true;
    const cost = this.parts.reduce((n, p) => n + p.cost, 0);
    this.parts.length = 0;
    this.budget.give(cost);
  }

  close(error?: unknown): void {
    this.closed = true;
    this.error = error;
    this.wake?.();
  }

  async *drain(): AsyncGenerator<P, void, undefined> {
    for (;;) {
      const head = this.parts.shift();
      if (head) {
        this.budget.give(head.cost);
        yield head.part;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

/** A run of many: its tasks, how many at once, and what each does. */
export interface ManyRun<T, P> {
  readonly tasks: readonly T[];
  readonly concurrency: number;
  /** How far past the task printing a task may start (tasks done and not printed are held): default no bound. */
  readonly window?: number | undefined;
  readonly budget: WaitingOutput;
  readonly signal?: AbortSignal | undefined;
  /** Does one task, putting what it prints into `out`; a throw is the task's failure. */
  work(task: T, out: Waiting<P>, index: number): Promise<void>;
}

/**
 * Runs the tasks and yields each one's queue in task order, as soon as the task has started; the
 * consumer drains it, then reads its `error`. Tasks start in order, at most `concurrency` at once and
 * at most `window` past the one yielded last. Ending the loop early (a break, a throw) stops the run:
 * what the tasks still make is dropped, and they are waited for.
 */
export async function* inOrder<T, P>(run: ManyRun<T, P>): AsyncGenerator<{ task: T; index: number; out: Waiting<P> }, void, undefined> {
  const { tasks, budget, signal } = run;
  const window = run.window ?? Infinity;
  const started = new Map<number, Waiting<P>>();
  let next = 0;
  let released = 0;
  let stop = false;
  let waiters: (() => void)[] = [];
  const changed = () => new Promise<void>((resolve) => waiters.push(resolve));
  const notify = () => {
    const w = waiters;
    waiters = [];
    w.forEach((f) => f());
  };
  const halted = () => stop || signal?.aborted === true;

  const worker = async () => {
    for (;;) {
      if (halted() || next >= tasks.length) return;
      const i = next++;
      while (i >= released + window && !halted()) await changed();
      if (halted()) return;
      const out = new Waiting<P>(budget);
      started.set(i, out);
      notify();
      await run.work(tasks[i]!, out, i).then(
        () => out.close(),
        (e: unknown) => out.close(e ?? new Error('failed')),
      );
      notify();
    }
  };
  const workers = Array.from({ length: Math.min(run.concurrency, Math.max(tasks.length, 1)) }, worker);
  try {
    for (let i = 0; i < tasks.length; i++) {
      while (!started.has(i) && !halted()) await changed();
      const out = started.get(i);
      if (!out) return;
      yield { task: tasks[i]!, index: i, out };
      started.delete(i);
      released = i + 1;
      notify();
    }
  } finally {
    stop = true;
    for (const out of started.values()) out.discard();
    notify();
    // Tasks still in flight end (their output dropped) before the session closes under them.
    await Promise.allSettled(workers);
  }
}
