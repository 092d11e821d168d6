/**
 * What the HTTP layer waits for, told as it starts waiting: a retry's backoff, or a rate limit (a
 * 429's wait, or a spent budget's window). The session passes a listener in (HttpOptions.onWait) and
 * the progress display says it (`retry 2/3 after a timeout`, `rate limited, waiting 2s`) instead of
 * "loading" through every retry.
 */

/** One wait of the HTTP layer. */
export type WaitEvent =
  /** Attempt `attempt` of `retries` extra ones is sent after `ms`, because of what `after` says. */
  | { readonly kind: 'retry'; readonly attempt: number; readonly retries: number; readonly after: string; readonly ms: number }
  /** Nothing goes to the host for `ms`: its rate limit. */
  | { readonly kind: 'rate'; readonly ms: number };

/** A wait as the progress display says it. */
export function waitText(e: WaitEvent): string {
  if (e.kind === 'rate') return `rate limited, waiting ${Math.max(1, Math.ceil(e.ms / 1000))}s`;
  return `retry ${e.attempt}/${e.retries} after ${e.after}`;
}

/** The listeners of a session's waits: the progress display open at the time listens. */
export class WaitBoard {
  private readonly listeners = new Set<(e: WaitEvent) => void>();

  /** Adds a listener; returns what removes it. */
  listen(fn: (e: WaitEvent) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /** Tells every listener (the HTTP layer's onWait). */
  readonly tell = (e: WaitEvent): void => {
    for (const fn of this.listeners) fn(e);
  };
}
