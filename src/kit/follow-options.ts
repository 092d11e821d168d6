/**
 * Following new activity: the options of `--watch` (list commands that declare how their items are
 * told apart) and of `tx show --wait`, and the checks that turn them into a plan before any request.
 * Loaded at start-up with the specs (--help lists the options), so it imports nothing heavy: the
 * runners are run/watch.ts and run/wait.ts.
 */
import { UsageError } from '../base/errors.js';
import { type DurationSpec, parseDuration, parsePositiveInt, TIMER_MAX_MS } from '../base/validate.js';
import type { OutputMode } from './page-options.js';
import { flag, type Identity, type OptionSpec, option, type WaitPlan } from './spec.js';


/** A field of a nested object, or undefined. */
function field(v: unknown, key: string): unknown {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
}

/** Transactions and blocks: by hash. */
export const byHash: Identity = (item) => [item.hash];

/**
 * Token transfers: the transaction hash and log index, and the token id, since one ERC-1155 batch
 * log is listed as one item per token id under the same log index.
 */
export const byTransferLog: Identity = (item) => [item.transaction_hash ?? item.tx_hash, item.log_index, field(item.total, 'token_id')];

/** Beacon deposits: the index the deposit contract gave each, one per deposit ever. */
export const byIndex: Identity = (item) => [item.index];

/** Internal transactions and logs: the transaction hash and the item's index within it. */
export const byIndexInTransaction: Identity = (item) => [item.transaction_hash ?? item.tx_hash, item.index];

/** `--interval` and `--wait-timeout`: from 1 s (one poll a second at most) to what a timer holds. */
const FOLLOW_DURATION: DurationSpec = { minMs: 1000, maxMs: TIMER_MAX_MS, fractions: true };

/** `--interval <duration>`, shared by --watch and --wait. */
const interval: OptionSpec<number | undefined> = option(
  '<duration>',
  "time between polls, in seconds or with a unit (30, 1.5, 30s, 5m, 1d); default the chain's average block time, at least 2s",
  (raw, from) => parseDuration(raw, from, FOLLOW_DURATION),
);

/** The options --watch adds to a list command that declares an identity. */
export const WATCH_OPTIONS = {
  watch: flag('after the first page, poll it and print each new item as it appears, oldest first, until Ctrl-C'),
  newOnly: flag('with --watch: print only items that appear after the start, not the first page'),
  interval,
} as const;

/** The options of `tx show --wait`. */
export const WAIT_OPTIONS = {
  wait: flag('wait until the transaction is mined (and confirmed --confirmations times), then print it; exit 1 if it is dropped or replaced'),
  confirmations: option('<n>', 'with --wait: the confirmations to wait for (1: mined; default 1)', (raw, from) => parsePositiveInt(raw, from)!),
  waitTimeout: option('<duration>', 'with --wait: give up after this long, exit 1 (30, 30s, 5m, 1h, 1d; default: no limit)', (raw, from) => parseDuration(raw, from, FOLLOW_DURATION)),
  interval,
} as const;

/** How a list is followed. */
export interface WatchPlan {
  /** Print nothing of what exists at the start. */
  readonly newOnly: boolean;
  /** Milliseconds between polls; undefined: the chain's block time (run/watch.ts). */
  readonly intervalMs: number | undefined;
}


/** What a list command's output and page flags were, for the checks of --watch. */
export interface ListFlags {
  readonly mode: OutputMode;
  /** `--json` itself was given (--jq alone also prints JSON). */
  readonly json: boolean;
  readonly jq: boolean;
  readonly all: boolean;
  readonly limit: boolean;
  readonly cursor: boolean;
}

/**
 * The plan of a list run with the --watch options as given, or undefined when --watch was not
 * given; options that make no sense together are usage errors, before any request.
 */
export function watchPlan(given: { watch: boolean; newOnly: boolean; interval: number | undefined }, flags: ListFlags): WatchPlan | undefined {
  if (!given.watch) {
    if (given.newOnly) throw new UsageError('--new-only goes with --watch');
    if (given.interval !== undefined) throw new UsageError('--interval goes with --watch');
    return undefined;
  }
  if (flags.all) throw new UsageError('--watch follows the first page as it changes; it does not go with --all');
  if (flags.cursor) throw new UsageError('--watch follows the first page as it changes; it does not go with --cursor');
  if (flags.limit) throw new UsageError('--watch prints until Ctrl-C; it does not go with --limit');
  if (flags.mode === 'json') {
    // A JSON array is one document with an end: a stream that never ends is NDJSON.
    if (flags.jq && !flags.json) throw new UsageError('--watch with --jq needs --ndjson: the filter then runs on each item as it arrives');
    throw new UsageError('--watch prints items as they appear, which one JSON array cannot: use --ndjson');
  }
  return { newOnly: given.newOnly, intervalMs: given.interval };
}

/** The plan of `tx show` with the --wait options as given, or undefined without --wait. */
export function waitPlan(given: { wait: boolean; confirmations: number | undefined; waitTimeout: number | undefined; interval: number | undefined }): WaitPlan | undefined {
  if (!given.wait) {
    if (given.confirmations !== undefined) throw new UsageError('--confirmations goes with --wait');
    if (given.waitTimeout !== undefined) throw new UsageError('--wait-timeout goes with --wait');
    if (given.interval !== undefined) throw new UsageError('--interval goes with --wait');
    return undefined;
  }
  return { confirmations: given.confirmations ?? 1, timeoutMs: given.waitTimeout, intervalMs: given.interval };
}
