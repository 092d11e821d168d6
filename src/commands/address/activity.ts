/**
 * `scout address activity <address>`: coin transfers, internal transactions and token transfers in
 * one stream, newest first, from the explorer's advanced filter (`/api/v2/advanced-filters`), its
 * filters as options. Method names are looked up (`/advanced-filters/methods`) once names are
 * resolved, before the first page (activity.run.ts).
 */
import { ACTIVITY_TYPES, addressActivity, advancedFiltersCsv, RELATIONS } from '../../api/endpoints.js';
import { UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { formatTimePoint, parseTimePoint, type TimePoint } from '../../base/time.js';
import { NameRef, parseAddressOrName, parseWords } from '../../base/validate.js';
import { addressArg, chainsOption } from '../args.js';
import { choice, type Input, list, listCommand, option } from '../../kit/spec.js';
import type { ListRequest } from '../../api/client.js';
import type { ActivityItem } from '../../api/schemas.js';

/** The most selectors the server honours in `methods`, and token contracts in each token list. */
const MOST_METHODS = 20;
const MOST_TOKENS = 20;
/** The chain's coin has 18 decimals (the server scales coin amounts by 10^18). */
const COIN_DECIMALS = 18;

const SELECTOR = /^0x[0-9a-fA-F]{8}$/;
/** A Solidity function name. */
const METHOD_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `--since`/`--until`: a point in time (base/time.ts); a block is refused, as the explorer filters this list by time only. */
function parseMoment(raw: string, from: string): TimePoint & { kind: 'time' } {
  const p = parseTimePoint(raw, from);
  if (p.kind === 'block') {
    throw new UsageError(`invalid ${from} ${echo(raw)}: address activity takes a time, not a block (the explorer filters it by time); give a date, a date-time, an age or @unix-seconds`);
  }
  return p;
}

/**
 * `--method`: 4-byte selectors (`0xa9059cbb`, kept in lower case) or method names (`transfer`,
 * looked up before the first page), at most MOST_METHODS.
 */
function parseMethods(raw: string, from: string): string[] {
  const expected = 'a comma-separated list of 4-byte selectors (0xa9059cbb) or method names (transfer)';
  const out: string[] = [];
  for (const word of parseWords(raw, from, expected)) {
    if (SELECTOR.test(word)) out.push(word.toLowerCase());
    else if (METHOD_NAME.test(word)) out.push(word);
    else throw new UsageError(`invalid ${from} ${echo(word)}: expected ${expected}`);
  }
  const unique = [...new Set(out)];
  if (unique.length > MOST_METHODS) throw new UsageError(`invalid ${from}: ${unique.length} methods; the explorer takes at most ${MOST_METHODS}`);
  return unique;
}

/**
 * A list of addresses (`--from 0x…,0x…`) or one name (`--from vitalik.eth`, resolved before the
 * first request); with `native`, the chain's coin may stand among them (`--token native,0x…`).
 */
function addressList(native: boolean, most?: number) {
  return (raw: string, from: string): string[] | NameRef<string[]> => {
    const expected = native ? '0x addresses or native, comma separated, or one name' : '0x addresses, comma separated, or one name';
    const words = parseWords(raw, from, expected);
    if (most !== undefined && words.length > most) throw new UsageError(`invalid ${from}: ${words.length} addresses; the explorer takes at most ${most}`);
    const parsed = words.map((w) => (native && w.toLowerCase() === 'native' ? 'native' : parseAddressOrName(w, `${from} address`)));
    const [only] = parsed;
    if (parsed.length === 1 && only instanceof NameRef) return only.map((a) => [a]);
    const name = parsed.find((p) => p instanceof NameRef);
    if (name) throw new UsageError(`invalid ${from} ${echo(raw)}: a name goes alone (${echo(name.typed)}); a list takes 0x addresses`);
    return parsed as string[];
  };
}

/** An amount in units: digits, one optional fraction (`0.5`, `1000`), kept exactly as decimal text. */
function parseAmount(raw: string, from: string): string {
  const m = /^(\d{1,78})(?:\.(\d{1,78}))?$/.exec(raw.trim());
  if (!m) throw new UsageError(`invalid ${from} ${echo(raw)}: expected an amount in the token's units, such as 1000 or 0.5`);
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The places after the point of a decimal text. */
const places = (d: string): number => d.split('.')[1]?.length ?? 0;

/** A decimal text as an integer scaled by 10^scale, for exact comparison. */
const scaledBy = (d: string, scale: number): bigint => {
  const [w, f = ''] = d.split('.');
  return BigInt(w! + f.padEnd(scale, '0'));
};

const options = {
  since: option('<time>', 'items at or after this time: a date (2024-03), a date-time, an age (30d) or @unix-seconds', parseMoment),
  until: option('<time>', 'items before this time (exclusive): --since 2024-03 --until 2024-04 is March', parseMoment),
  type: list(ACTIVITY_TYPES, 'kinds of item, comma separated, any case'),
  method: option('<list>', `only items of transactions calling these methods: 4-byte selectors or names (transfer), at most ${MOST_METHODS}`, parseMethods),
  token: option('<list>', `only these token contracts (native for the coin), at most ${MOST_TOKENS}`, addressList(true, MOST_TOKENS)),
  notToken: option('<list>', `not these token contracts (native for the coin), at most ${MOST_TOKENS}`, addressList(true, MOST_TOKENS)),
  from: option('<list>', 'only items these addresses sent to the address (0x…, comma separated, or one name)', addressList(false)),
  to: option('<list>', 'only items the address sent to these addresses (0x…, comma separated, or one name)', addressList(false)),
  notFrom: option('<list>', 'not items these addresses sent (0x…, comma separated, or one name)', addressList(false)),
  notTo: option('<list>', 'not items sent to these addresses (0x…, comma separated, or one name)', addressList(false)),
  relation: choice(RELATIONS, 'how the sender and recipient sides combine (default: or without --from/--to, and with them)'),
  min: option('<amount>', "only items of at least this amount, in each item's units (0.5 is half a coin or half a token)", parseAmount),
  max: option('<amount>', 'only items of at most this amount, in units', parseAmount),
  chains: chainsOption,
} as const;

/** The advanced filter's request for the checked input (the list, and its CSV export). */
function activityRequest(input: Input<{ address: typeof addressArg }, typeof options>): ListRequest<ActivityItem> {
  const { address, since, until, type, method, token, notToken, from, to, notFrom, notTo, relation, min, max } = input;
  return {
    ...addressActivity(address, {
      sinceMs: since?.ms,
      untilMs: until?.ms,
      types: type,
      methods: method,
      tokens: token,
      notTokens: notToken,
      from,
      to,
      notFrom,
      notTo,
      relation,
      amountFrom: min,
      amountTo: max,
    }),
    lacking: 'has no advanced filter (/api/v2/advanced-filters), which address activity reads; scout address txs, address transfers and address internal-txs list the same items one kind at a time',
  };
}

export default listCommand({
  name: 'activity',
  indexed: 'internal-transactions',
  description: 'coin, internal and token transfers of an address in one stream, filtered',
  args: { address: addressArg },
  options,
  help:
    "The address's items: what it sent and what it received, newest first. --from names senders (what they sent the address), --to recipients (what the address sent them); both together keep both kinds. " +
    '--since is inclusive and --until exclusive, and the list is exactly that window. ' +
    "--min and --max go to the explorer in units: it scales each token's amounts by the token's decimals and the coin's by 18. " +
    'An explorer without the advanced filter says so; address txs, address transfers and address internal-txs list the same items one kind at a time.',
  examples: [
    'scout address activity vitalik.eth --since 2024-03 --until 2024-04 --all --csv',
    'scout address activity 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --type ERC-20 --min 1000 --limit 20',
    'scout address activity 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --method transfer,0x095ea7b3 --since 30d',
  ],
  check: ({ since, until, min, max, token }) => {
    if (since && until && since.ms >= until.ms) {
      throw new UsageError(`empty window: --since ${formatTimePoint(since)} is not before --until ${formatTimePoint(until)} (--since is inclusive, --until exclusive)`);
    }
    // Amounts of the coin have 18 decimals; only a filter of token contracts alone may go finer.
    const coinAmounts = token === undefined || token.includes('native');
    for (const [flag, v] of [['--min', min], ['--max', max]] as const) {
      if (v !== undefined && coinAmounts && places(v) > COIN_DECIMALS) {
        throw new UsageError(`invalid ${flag} ${v}: the coin has ${COIN_DECIMALS} decimals, and ${places(v)} were given`);
      }
    }
    // The explorer answers nothing to an upper bound of 0, or to a lower bound not below the upper.
    if (max !== undefined && /^0(\.0*)?$/.test(max)) throw new UsageError('invalid --max 0: an upper bound must be above 0');
    if (min !== undefined && max !== undefined) {
      const scale = Math.max(places(min), places(max));
      if (scaledBy(min, scale) >= scaledBy(max, scale)) throw new UsageError(`invalid --min ${min} with --max ${max}: the explorer wants --min below --max`);
    }
  },
  prepare: async (input, s) => (await import('./activity.run.js')).withSelectors(input, s),
  request: activityRequest,
  // The explorer's CSV of what its filter selects: the refinements made here as pages arrive (both
  // --from and --to, the exact --until, exclusions across sides) are the list's alone.
  serverCsv: (input) => advancedFiltersCsv(activityRequest(input)),
  subject: ({ address }) => address,
  view: 'activity',
});
