/**
 * Parsing of user input into typed values. Everything here runs before any request: bad input is a
 * UsageError (exit 2) with one line saying what was expected.
 */
import { UsageError } from './errors.js';
import { checksumAddress } from './keccak.js';
import { echo } from './text/echo.js';
import { isSafeText } from './text/safe.js';

/**
 * Names that are no plain key of a JavaScript object (`obj[name] = …` sets or reads its prototype):
 * refused wherever a name typed or read from a file becomes a key, such as a chain in the config.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** An address: 0x and 40 hex digits, in one case or in its EIP-55 mixed case (checkChecksum). */
export function parseAddress(input: string, what = 'address'): string {
  const s = input.trim();
  if (!ADDRESS.test(s)) throw new UsageError(`invalid ${what} ${echo(input)}: expected 0x followed by 40 hex digits`);
  return checkChecksum(s, what);
}

/**
 * An address written in mixed case carries an EIP-55 checksum: a wrong one means a mistyped
 * address, refused (exit 2) with the right spelling, as cast and wallets refuse it. All lower or all
 * upper case carries none and is taken as it is.
 */
function checkChecksum(address: string, what: string): string {
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return address;
  const right = checksumAddress(address);
  if (right !== address) throw new UsageError(`invalid ${what} ${echo(address)}: its EIP-55 checksum is wrong (the checksummed address is ${right}; in all lower case no checksum is checked)`);
  return address;
}

/**
 * A name given where an address is taken (`vitalik.eth`, `jesse.base`): resolved to an address
 * through the explorer's search after every input is checked and before the command's own request
 * (run/names.ts). `typed` is the name as the user typed it (trimmed), for messages.
 */
export class NameRef<T = string> {
  private constructor(
    readonly typed: string,
    /** The value the command receives, from the name's address. */
    readonly finish: (address: string) => T,
  ) {}

  /** A name standing for its address. */
  static of(typed: string): NameRef {
    return new NameRef(typed, (address) => address);
  }

  /** A name standing for a value made from its address (`scout open token x.eth`: a token page). */
  map<U>(f: (value: T) => U): NameRef<U> {
    return new NameRef(this.typed, (address) => f(this.finish(address)));
  }
}

/** Characters no name holds besides the unsafe ones (isSafeText): whitespace and URL syntax. */
const NOT_IN_NAMES = /[\s/?#%@:\\]/;

/**
 * An address, or a name to resolve to one: `0x` and 40 hex digits, else a dotted name (`vitalik.eth`,
 * `name.base`, `x.gno`). Only the shape is checked here (a dot between non-empty labels, nothing a
 * name never holds, no character of the unsafe table save an emoji's presentation selector),
 * cheaply, as --help loads this module; the ENS normalisation check runs before the name is looked
 * up, still before any request.
 */
export function parseAddressOrName(input: string, what = 'address'): string | NameRef {
  const s = input.trim();
  if (ADDRESS.test(s)) return checkChecksum(s, what);
  if (!nameShaped(s)) {
    // A value of another kind says what it is and the command that takes it.
    const other = HASH.test(s) ? otherKind(s) : undefined;
    throw new UsageError(`invalid ${what} ${echo(input)}: expected 0x followed by 40 hex digits, or a name such as vitalik.eth`, {
      hint: other && `that is ${other.what}: ${other.command}`,
    });
  }
  return NameRef.of(s);
}

/** A dotted name in shape (`vitalik.eth`): a dot between non-empty labels, nothing a name never holds. */
function nameShaped(s: string): boolean {
  return !/^0x[0-9a-f]*$/i.test(s) && s.includes('.') && !NOT_IN_NAMES.test(s) && isSafeText(s) && s.split('.').every((label) => label !== '') && s.length <= 255;
}

/**
 * A token's address, as `<address>` takes it; a bare word (`USDC`) is a symbol or a name, which
 * `scout search` finds, and the error says so.
 */
export function parseTokenAddress(input: string): string | NameRef {
  try {
    return parseAddressOrName(input);
  } catch (e) {
    const s = input.trim();
    if (e instanceof UsageError && !e.hint && /^[\p{L}\p{N}$+_-]{1,32}$/u.test(s) && !/^0x/i.test(s)) {
      throw new UsageError(e.message, { hint: `to find a token by its symbol or name: scout search ${s} --type token` });
    }
    throw e;
  }
}

/**
 * What a value given where no command takes it is, and the command that does: a transaction hash
 * (`scout tx show`), an address or a name (`scout address`), a block number (`scout block`).
 */
export function otherKind(input: string): { what: string; command: string } | undefined {
  const s = input.trim();
  if (HASH.test(s)) return { what: 'a transaction hash', command: `scout tx show ${s}` };
  if (ADDRESS.test(s)) return { what: 'an address', command: `scout address ${s}` };
  if (nameShaped(s)) return { what: 'a name', command: `scout address ${s}` };
  if (/^\d{1,19}$/.test(s)) return { what: 'a block number', command: `scout block ${s}` };
  return undefined;
}

/** A transaction hash: 0x and 64 hex digits. */
export function parseHash(input: string, what = 'transaction hash'): string {
  const s = input.trim();
  if (!HASH.test(s)) throw new UsageError(`invalid ${what} ${echo(input)}: expected 0x followed by 64 hex digits`);
  return s;
}

/** The largest block number the explorer stores (a signed 64-bit integer): 2^63 - 1. */
export const MAX_BLOCK_NUMBER = (1n << 63n) - 1n;

/**
 * A block: a number (decimal digits, leading zeros dropped, at most MAX_BLOCK_NUMBER: no chain has
 * more blocks and the explorer answers a larger number with an error, not "not found"), a block hash
 * (0x and 64 hex digits), or `latest` (any case). Returned as the API path takes it, or `latest`.
 */
export function parseBlockId(input: string): string {
  const s = blockDigits(input.trim());
  if (s.toLowerCase() === 'latest') return 'latest';
  if (HASH.test(s)) return s;
  if (/^\d+$/.test(s)) {
    // Length first: BigInt of a million digits is slow, and anything past 19 digits is too large.
    const digits = s.replace(/^0+(?=\d)/, '');
    if (digits.length > 19 || BigInt(digits) > MAX_BLOCK_NUMBER) throw new UsageError(`invalid block ${echo(input)}: block numbers go up to ${MAX_BLOCK_NUMBER}`);
    return digits;
  }
  throw new UsageError(`invalid block ${echo(input)}: expected a block number, a block hash (0x followed by 64 hex digits) or latest`);
}

/**
 * A block number as scout prints it pastes back: digits grouped in threes by commas (`23,116,932`)
 * or by underscores as in code (`23_116_932`) lose the separators. Anything else is left as it is.
 */
export function blockDigits(s: string): string {
  return /^\d{1,3}(,\d{3})+$/.test(s) || /^\d+(_\d+)+$/.test(s) ? s.replace(/[,_]/g, '') : s;
}

/** 2^256-1 as decimal text: the largest token id (a uint256). */
const MAX_UINT256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

/**
 * An NFT token id: a decimal uint256 of any size, kept as text (never a Number, which would round
 * ids past 2^53). Leading zeros go (`007` is id 7, as the server reads it); more than a uint256 can
 * hold is refused.
 */
export function parseTokenId(input: string): string {
  const s = input.trim();
  const bad = () => new UsageError(`invalid token id ${echo(input)}: expected a whole number from 0 to 2^256-1, in decimal digits`);
  if (!/^\d+$/.test(s)) throw bad();
  const id = s.replace(/^0+(?=\d)/, '');
  // Compared as text: same length, then digit by digit (lexicographic for equal-length digit strings).
  if (id.length > MAX_UINT256.length || (id.length === MAX_UINT256.length && id > MAX_UINT256)) throw bad();
  return id;
}

/** An event log topic for the option `from` (`--topic`): 0x and 64 hex digits, a 32-byte word. */
export function parseTopic(input: string, from: string): string {
  const s = input.trim();
  if (!HASH.test(s)) throw new UsageError(`invalid ${from} ${echo(input)}: expected 0x followed by 64 hex digits`);
  return s;
}

/** "a", "a or b", "a, b or c". */
function orList(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/**
 * The one list parser: the words of a comma-separated value for the option `from` (`--type`,
 * `--chains`), each trimmed, a word given twice (in any case) kept once, in order. An empty word
 * (`a,,b`, a trailing comma) is refused, the error saying `expected`.
 */
export function parseWords(input: string, from: string, expected: string): string[] {
  const words = input.split(',').map((w) => w.trim());
  if (words.some((w) => w === '')) throw new UsageError(`invalid ${from} ${echo(input)}: expected ${expected}`);
  const seen = new Set<string>();
  return words.filter((w) => {
    const k = w.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A comma-separated list for the option `from` (`--type erc-20,ERC721`), read by parseWords: any
 * case, the dash optional, each one of `allowed`, returned as `allowed` spells it, each once.
 */
export function parseList<T extends string>(input: string | undefined, allowed: readonly T[], from: string): T[] | undefined {
  if (input === undefined) return undefined;
  const out: T[] = [];
  const expected = `one of ${allowed.join(', ')}`;
  for (const word of parseWords(input, from, expected)) {
    const v = word.toUpperCase();
    const hit = allowed.find((a) => a.toUpperCase() === v || a.toUpperCase().replace('-', '') === v);
    if (!hit) throw new UsageError(`invalid ${from} ${echo(word)}: expected ${expected}`);
    if (!out.includes(hit)) out.push(hit);
  }
  return out;
}

/** One of `allowed` for the option `from` (`--filter to`), in any case. */
export function parseChoice<T extends string>(input: string, allowed: readonly T[], from: string): T {
  const v = input.trim().toLowerCase();
  const hit = allowed.find((a) => a.toLowerCase() === v);
  if (hit === undefined) throw new UsageError(`invalid ${from} ${echo(input)}: expected ${orList(allowed)}`);
  return hit;
}

/** A positive whole number for `name`. */
export function parsePositiveInt(input: string | undefined, name: string): number | undefined {
  if (input === undefined) return undefined;
  const s = input.trim();
  if (!/^\d+$/.test(s) || Number(s) < 1 || !Number.isSafeInteger(Number(s))) {
    throw new UsageError(`invalid ${name} ${echo(input)}: expected a whole number of at least 1`);
  }
  return Number(s);
}

const SIZE_UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/**
 * A size in bytes: `65536`, `64MiB`, `10MB`, `512KiB` (units in any case; KB/MB/GB are powers of
 * 1000, KiB/MiB/GiB of 1024), from 1 byte to `max`. `from` names where the value came from.
 */
export function parseSize(input: string, from: string, max: number): number {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(input.trim());
  const unit = m ? SIZE_UNITS[(m[2] || 'b').toLowerCase()] : undefined;
  const bytes = m && unit ? Math.floor(Number(m[1]) * unit) : NaN;
  if (!(bytes >= 1 && bytes <= max)) {
    throw new UsageError(`invalid ${from} ${echo(input)}: expected a size from 1 byte to ${formatSize(max)}, in bytes or with a unit (512KiB, 10MB, 64MiB)`);
  }
  return bytes;
}

/** The units a duration takes, in milliseconds; a bare number is seconds. */
const DURATION_UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** The longest wait a Node timer holds (2^31 - 1 ms), in whole seconds: about 24 days. */
export const TIMER_MAX_MS = 2_147_483_000;

/** What one duration option takes. */
export interface DurationSpec {
  /** The shortest, in milliseconds. */
  readonly minMs: number;
  /** The longest, in milliseconds; absent: any finite length. */
  readonly maxMs?: number;
  /** `forever` is taken (Infinity). */
  readonly forever?: boolean;
  /** A number may have a fraction (`1.5`, `2.5m`); else whole numbers only. */
  readonly fractions?: boolean;
}

/** The range of `spec` as an error says it: "from 1s to 2147483s (about 24 days)", "at least 1s". */
function durationRange(spec: DurationSpec): string {
  if (spec.maxMs === undefined) return `of at least ${formatDuration(spec.minMs)}`;
  const days = Math.floor(spec.maxMs / DURATION_UNITS.d!);
  return `from ${formatDuration(spec.minMs)} to ${spec.maxMs / 1000}s${days >= 1 ? ` (about ${days} days)` : ''}`;
}

/**
 * A duration in milliseconds, the one grammar of every duration option (`--timeout`, `--jq-timeout`,
 * `--cache`, `--interval`, `--wait-timeout`): a bare number is seconds (`30`), else a number and a
 * unit `ms`, `s`, `m`, `h` or `d` (`500ms`, `5m`, `1d`; any case), within `spec`'s range; `forever`
 * (Infinity) where `spec` takes it. `from` names the option (or variable, or config key) in the error.
 */
export function parseDuration(input: string, from: string, spec: DurationSpec): number {
  const v = input.trim().toLowerCase();
  if (spec.forever && v === 'forever') return Infinity;
  const m = (spec.fractions ? /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/ : /^(\d+)(ms|s|m|h|d)?$/).exec(v);
  const ms = m ? Math.round(Number(m[1]) * DURATION_UNITS[m[2] ?? 's']!) : NaN;
  if (!(Number.isFinite(ms) && ms >= spec.minMs && ms <= (spec.maxMs ?? Number.MAX_VALUE))) {
    const forms = spec.fractions ? 'in seconds or with a unit ms, s, m, h or d (30, 1.5, 500ms, 5m, 1d)' : 'in whole seconds or a whole number with a unit ms, s, m, h or d (30, 5m, 1d)';
    throw new UsageError(`invalid ${from} ${echo(input)}: expected a duration ${durationRange(spec)}, ${forms}${spec.forever ? ', or forever' : ''}`);
  }
  return ms;
}

/** 12000 → "12s", 90000 → "1m30s", 500 → "500ms", 86400000 → "1d". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const s = Math.round(ms / 1000);
  const parts: string[] = [];
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const min = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d) parts.push(`${d}d`);
  if (h) parts.push(`${h}h`);
  if (min) parts.push(`${min}m`);
  if (sec || parts.length === 0) parts.push(`${sec}s`);
  return parts.join('');
}

/** `bytes` in the largest unit that divides it exactly: "64 MiB", "10 MB", "1500 bytes". */
export function formatSize(bytes: number): string {
  for (const [unit, size] of [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024], ['GB', 1e9], ['MB', 1e6], ['KB', 1e3]] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/**
 * True for a URL's hostname (as `new URL` gives it) that never leaves the machine: `localhost`,
 * 127.0.0.0/8 and [::1], the one test of where a key may go over plain http://. `localhost.` (a
 * trailing dot) is not loopback: the hosts file does not hold it (glibc matches names as written),
 * so getaddrinfo asks DNS, and whoever runs the network's resolver decides where it points.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '[::1]';
}

/**
 * Why `key` cannot go into an HTTP header, or undefined when it can: printable Latin-1 only (no
 * CR/LF, ESC, DEL or other control character, nothing beyond U+00FF). Names the position, never the key.
 */
function keyProblem(key: string): string | undefined {
  let i = 0;
  for (const ch of key) {
    i++;
    const c = ch.codePointAt(0)!;
    if (c > 0xff) return `character ${i} is outside Latin-1; a key is sent in an HTTP header`;
    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return `character ${i} is a control character; a key is sent in an HTTP header`;
  }
  return undefined;
}

/**
 * The one key check: a key that cannot go into a header is a UsageError naming `what` and the
 * position, never the key. Settings run it as they read a key (naming its source), the clients
 * again before a key goes into a header.
 */
export function checkKey(key: string | undefined, what: string): void {
  const problem = key === undefined ? undefined : keyProblem(key);
  if (problem) throw new UsageError(`invalid ${what}: ${problem}`);
}
