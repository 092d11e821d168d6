/**
 * `--since` and `--until`: a window of a history, on the lists whose items carry a time (a spec's
 * `dated`). Loaded at start-up with the specs (--help lists the options), so it imports nothing
 * heavy; the window is applied by api/item-filter.ts as pages arrive.
 */
import type { Dated, ItemWindow } from '../api/window.js';
import type { ListRequest } from '../api/client.js';
import { UsageError } from '../base/errors.js';
import { isoSeconds, parseWindow, type TimeWindow } from '../base/time.js';
import { type OptionSpec, option } from './spec.js';

/** Transactions, transfers, internal transactions, withdrawals: `timestamp`, and the block (`block` on old servers). */
export const BLOCK_TIME: Dated = { time: ['timestamp'], block: ['block_number', 'block'] };
/** Logs and beacon deposits: `block_timestamp` (servers before it have only the block). */
export const LOG_TIME: Dated = { time: ['block_timestamp', 'timestamp'], block: ['block_number'] };
/** Beacon deposits: `block_timestamp` and `block_number`. */
export const DEPOSIT_TIME: Dated = { time: ['block_timestamp'], block: ['block_number'] };
/** Blocks: `timestamp` and `height`. */
export const OWN_TIME: Dated = { time: ['timestamp'], block: ['height'] };

const TIME_HELP = 'a date (2024-03-01), a UTC date-time (2024-03-01T12:00:00Z), an age (30d, 12h, 2w), @unix seconds or block:N; see `scout help times`';

/** The options a dated list takes; their values are read into a window by `windowOf`. */
export const WINDOW_OPTIONS: Readonly<Record<'since' | 'until', OptionSpec<string | undefined>>> = {
  since: option('<time>', `only items at or after this time (inclusive): ${TIME_HELP}`, (raw) => raw),
  until: option('<time>', 'only items before this time (exclusive), same forms as --since', (raw) => raw),
};

/** The command declares `--since`/`--until` itself (a list the server filters by time: address activity). */
export function ownWindow(spec: { readonly options?: Readonly<Record<string, unknown>> | undefined }): boolean {
  return spec.options !== undefined && ('since' in spec.options || 'until' in spec.options);
}

/**
 * The window of `--since`/`--until` as given, checked before any request (ages count back from
 * `now`); undefined when neither is given. `label` names the command for a list that takes no window.
 */
export function windowOf(given: { since?: string | undefined; until?: string | undefined }, dated: Dated | undefined, label: string, now: number): TimeWindow | undefined {
  const window = parseWindow(given, now);
  if (window && !dated) {
    throw new UsageError(`scout ${label} takes no --since or --until: its items carry no time of their own (histories do: address txs, address transfers, token transfers, blocks...)`);
  }
  return window;
}

/** `req` with the window applied to its items as pages arrive, when there is one. */
export function windowed<T>(req: ListRequest<T>, dated: Dated | undefined, bounds: TimeWindow | undefined): ListRequest<T> {
  if (!bounds || !dated) return req;
  const window: ItemWindow = { bounds, dated };
  return { ...req, window };
}

/** The window of an export (`--server-csv`): `from_period` and `to_period`, and how each was chosen. */
export interface CsvPeriod {
  /** ISO 8601 UTC, inclusive. */
  readonly from: string;
  /** ISO 8601 UTC, a millisecond before --until (the explorer's bound is inclusive). */
  readonly to: string;
  /** Words for stderr: "from 2024-03-01T00:00:00Z to 2024-04-01T00:00:00Z (--until: now)". */
  readonly said: string;
}

/**
 * `from_period`/`to_period` of the explorer's CSV export for the window of `--since`/`--until`,
 * checked before any request: the explorer takes times only (a block is exit 2). Both are required
 * by the explorer: without --since the export starts at 1970-01-01 (the explorer reads a time
 * before its first block as that block), without --until it ends now.
 */
export function csvPeriod(window: TimeWindow | undefined, now: number): CsvPeriod {
  for (const [flag, p] of [['--since', window?.since], ['--until', window?.until]] as const) {
    if (p?.kind === 'block') {
      throw new UsageError(`--server-csv takes a time for ${flag}, not a block: the explorer's export reads its window as times (a date, a date-time, an age or @unix-seconds)`);
    }
  }
  const since = window?.since?.kind === 'time' ? window.since.ms : undefined;
  const until = window?.until?.kind === 'time' ? window.until.ms : undefined;
  const from = since ?? 0;
  const to = until ?? now;
  const defaults = [since === undefined && 'no --since: from the start', until === undefined && 'no --until: up to now'].filter(Boolean);
  const said = `from ${isoSeconds(from)} to ${isoSeconds(to)}${defaults.length ? ` (${defaults.join(', ')})` : ''}`;
  return { from: isoSeconds(from), to: new Date(Math.max(to - 1, from)).toISOString(), said };
}
