/**
 * Points in time, the one grammar of every option that takes one (`--since`, `--until`, `--at`,
 * `block at`). A point is a moment (milliseconds since the epoch, UTC) or a block number:
 *
 * - an ISO date `2024-01-01` (00:00 UTC that day), a month `2024-03` (its first day), or a date-time
 *   `2024-01-01T12:00:00Z` (`T` or one space; seconds and a fraction optional; `Z` or `±hh:mm`, and
 *   none means UTC);
 * - an age: how long ago, in the duration grammar with weeks, months and years (`90s`, `30m`, `12h`,
 *   `30d`, `2w`, `6mo`, `1y`), or `now`;
 * - a Unix timestamp in seconds: `@1704067200`;
 * - a block: `block:19000000` (or `#19000000`, quoted in a shell, where `#` starts a comment).
 *
 * `--since` is inclusive and `--until` exclusive: `--since 2024-03 --until 2024-04` is March.
 */
import { UsageError } from './errors.js';
import { echo } from './text/echo.js';
import { blockDigits, MAX_BLOCK_NUMBER } from './validate.js';

export type TimePoint =
  /** A moment, in milliseconds since 1970-01-01T00:00:00Z; `text` is how it was given. */
  | { readonly kind: 'time'; readonly ms: number; readonly text: string }
  /** A block, by number. */
  | { readonly kind: 'block'; readonly block: bigint; readonly text: string };

/** What every error about a point in time lists. */
export const TIME_FORMS =
  'a date (2024-01-01, 2024-03), a UTC date-time (2024-01-01T12:00:00Z), an age (30d, 12h, 2w, 6mo, 1y, now), a Unix time (@1704067200) or a block (block:19000000)';

const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** The earliest moment taken: the first Ethereum block was mined in 2015, but other chains are older in their clocks; 1970 is the floor. */
const MIN_MS = 0;
/** The latest moment taken: year 9999 (JavaScript dates reach further, ISO text does not). */
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * `input` as a point in time; `from` names the option in the error, `now` is the clock ages count
 * back from (milliseconds). Anything else is a usage error listing the accepted forms.
 */
export function parseTimePoint(input: string, from: string, now: number = Date.now()): TimePoint {
  const text = input.trim();
  const bad = (why?: string): never => {
    throw new UsageError(`invalid ${from} ${echo(input)}: ${why ? why + '; ' : ''}expected ${TIME_FORMS}`);
  };
  const lower = text.toLowerCase();
  const block = /^(?:block:|#)(.*)$/.exec(lower);
  if (block) {
    const digits = blockDigits(block[1]!.trim());
    if (!/^\d+$/.test(digits)) return bad('a block is block: and a block number');
    const n = digits.replace(/^0+(?=\d)/, '');
    if (n.length > 19 || BigInt(n) > MAX_BLOCK_NUMBER) return bad(`block numbers go up to ${MAX_BLOCK_NUMBER}`);
    return { kind: 'block', block: BigInt(n), text };
  }
  if (lower === 'now') return { kind: 'time', ms: now, text };
  if (lower.startsWith('@')) {
    if (!/^@\d{1,12}$/.test(lower)) return bad('a Unix time is @ and whole seconds');
    return moment(Number(lower.slice(1)) * 1000, text, bad);
  }
  const age = /^(\d{1,9})(s|m|h|d|w|mo|y)$/.exec(lower);
  if (age) {
    const count = Number(age[1]);
    const unit = age[2]!;
    if (unit === 'mo' || unit === 'y') {
      const d = new Date(now);
      const months = unit === 'y' ? count * 12 : count;
      return moment(addMonthsUtc(d, -months), text, bad);
    }
    return moment(now - count * UNIT_MS[unit]!, text, bad);
  }
  const date = DATE.exec(text);
  if (date) {
    const [, y, mo, d] = date;
    return moment(utc(bad, Number(y), Number(mo), d === undefined ? 1 : Number(d)), text, bad);
  }
  const dt = DATE_TIME.exec(text);
  if (dt) {
    const [, y, mo, d, h, mi, s, frac, zone] = dt;
    const day = utc(bad, Number(y), Number(mo), Number(d));
    if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return bad('no such time of day');
    let ms = day + Number(h) * 3_600_000 + Number(mi) * 60_000 + Number(s ?? 0) * 1000 + Math.floor(Number(`0.${frac ?? 0}`) * 1000);
    if (zone && zone.toUpperCase() !== 'Z') {
      const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
      const offset = (Number(z[2]) * 60 + Number(z[3])) * 60_000;
      if (Number(z[2]) > 23 || Number(z[3]) > 59) return bad('no such time zone offset');
      ms -= z[1] === '+' ? offset : -offset;
    }
    return moment(ms, text, bad);
  }
  return bad();
}

/** Midnight UTC of a calendar day, refusing a day the month does not have. */
function utc(bad: (why?: string) => never, y: number, mo: number, d: number): number {
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (mo < 1 || mo > 12 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return bad('no such date');
  return ms;
}

/** `d` moved by whole calendar months in UTC, the day kept where the month has it (else its last day). */
function addMonthsUtc(d: Date, months: number): number {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

function moment(ms: number, text: string, bad: (why?: string) => never): TimePoint {
  if (!(Number.isFinite(ms) && ms >= MIN_MS && ms <= MAX_MS)) return bad('out of range (1970 to 9999)');
  return { kind: 'time', ms, text };
}

/** A point as ISO 8601 UTC text (`2024-01-01T00:00:00Z`), or `block 19000000`. */
export function formatTimePoint(p: TimePoint): string {
  return p.kind === 'block' ? `block ${p.block}` : isoSeconds(p.ms);
}

/** Milliseconds as ISO 8601 UTC, without a fraction when it is zero. */
export function isoSeconds(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.endsWith('.000Z') ? iso.slice(0, -5) + 'Z' : iso;
}

/** A window of a history: `since` inclusive, `until` exclusive; either may be absent. */
export interface TimeWindow {
  readonly since?: TimePoint | undefined;
  readonly until?: TimePoint | undefined;
}

/**
 * The window `--since`/`--until` give, checked: a window that holds nothing by its own bounds (since
 * at or after until, both moments or both blocks) is a usage error. Undefined when neither is given.
 */
export function parseWindow(flags: { since?: string | undefined; until?: string | undefined }, now: number = Date.now()): TimeWindow | undefined {
  if (flags.since === undefined && flags.until === undefined) return undefined;
  const since = flags.since === undefined ? undefined : parseTimePoint(flags.since, '--since', now);
  const until = flags.until === undefined ? undefined : parseTimePoint(flags.until, '--until', now);
  if (since && until && since.kind === until.kind) {
    const empty = since.kind === 'time' ? since.ms >= (until as typeof since).ms : since.block >= (until as typeof since).block;
    if (empty) {
      throw new UsageError(
        `empty window: --since ${formatTimePoint(since)} is not before --until ${formatTimePoint(until)} (--since is inclusive, --until exclusive)`,
      );
    }
  }
  return { since, until };
}

/** A step between points in time: whole days, weeks, calendar months or calendar years. */
export interface Interval {
  readonly count: number;
  readonly unit: 'd' | 'w' | 'mo' | 'y';
  /** How it was given. */
  readonly text: string;
}

/** What every error about an interval lists. */
export const INTERVAL_FORMS = 'a whole number and a unit: d (days), w (weeks), mo (calendar months), y (calendar years), e.g. 1d, 2w, 1mo, 1y';

/** `--every 1mo`: an interval; anything else is a usage error listing the accepted forms. */
export function parseInterval(input: string, from: string): Interval {
  const m = /^(\d{1,4})(d|w|mo|y)$/.exec(input.trim().toLowerCase());
  const count = m ? Number(m[1]) : 0;
  if (!m || count < 1) throw new UsageError(`invalid ${from} ${echo(input)}: expected ${INTERVAL_FORMS}`);
  return { count, unit: m[2] as Interval['unit'], text: input.trim() };
}

/**
 * The moment `times` intervals after `start` (milliseconds, UTC). Months and years count from the
 * start each time, so 2024-01-31 steps to 02-29, 03-31, 04-30 (the day kept where the month has it).
 */
export function stepFrom(start: number, interval: Interval, times: number): number {
  const n = interval.count * times;
  switch (interval.unit) {
    case 'd':
      return start + n * UNIT_MS.d!;
    case 'w':
      return start + n * UNIT_MS.w!;
    case 'mo':
      return addMonthsUtc(new Date(start), n);
    case 'y':
      return addMonthsUtc(new Date(start), 12 * n);
  }
}

/**
 * The points `since`, `since + every`, … up to `until` (exclusive), each a time point named by its
 * ISO text; more than `max` of them is a usage error (nothing sent).
 */
export function everyPoint(since: number, until: number, every: Interval, max: number): TimePoint[] {
  const out: TimePoint[] = [];
  for (let i = 0; ; i++) {
    const ms = stepFrom(since, every, i);
    if (ms >= until) break;
    if (out.length === max) throw new UsageError(`--every ${every.text} gives more than ${max} points in time; take a longer interval or a later --since`);
    out.push({ kind: 'time', ms, text: isoSeconds(ms) });
  }
  return out;
}
