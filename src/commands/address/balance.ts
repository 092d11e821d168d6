/**
 * `scout address balance <address> [--at <time>…] [--since <time> --every <interval>] [--token <address>]`:
 * the native coin balance now or at points in time, exact, with its USD value where the explorer
 * has a price; a token's balance now.
 */
import { UsageError } from '../../base/errors.js';
import { everyPoint, type Interval, parseInterval, parseTimePoint, parseWindow, type TimePoint, TIME_FORMS } from '../../base/time.js';
import { addressArg, addressOption, chainsOption } from '../args.js';
import { command, type OptionSpec, option } from '../../kit/spec.js';

/** The most points in time one run answers. */
export const MAX_POINTS = 1000;

/** A point the balance is asked at: now (the address's balance), or a moment or block in the past (balance.run.ts takes the same shape). */
export type Want = { readonly kind: 'now' } | TimePoint;

/** `--at <time>`, repeatable, each a comma list: every point checked before any request. */
const atOption: OptionSpec<Want[]> = {
  value: '<time>',
  help: `the balance at this time (repeatable, or a comma list): ${TIME_FORMS}, or now`,
  repeatable: true,
  parse: (given, from) => {
    const all = given === undefined || typeof given === 'boolean' ? [] : typeof given === 'string' ? [given] : [...given];
    const now = Date.now();
    return all.flatMap((v) => v.split(',')).map((t) => {
      if (t.trim().toLowerCase() === 'now') return { kind: 'now' } as const;
      const p = parseTimePoint(t, from, now);
      if (p.kind === 'time' && p.ms > now) throw new UsageError(`invalid ${from} ${t.trim()}: it is in the future; the balance now is --at now`);
      return p;
    });
  },
};

const timeOption = (help: string) => option('<time>', help);

const options = {
  at: atOption,
  since: timeOption('with --every: the first point in time'),
  until: timeOption('with --every: points stop before this time (exclusive; default now)'),
  every: option('<interval>', 'one point every interval from --since: 1d, 2w, 1mo, 1y', (v, from) => parseInterval(v, from)),
  token: addressOption('the balance of this token instead of the coin, now (the explorer keeps no token balance history)'),
  chains: chainsOption,
};

/** The points asked for, in output order; checked before any request. */
export function wantsOf(input: { at: Want[]; since?: string | undefined; until?: string | undefined; every?: Interval | undefined; token?: unknown }, now = Date.now()): Want[] {
  const { at, every } = input;
  const { since, until } = parseWindow(input, now) ?? {};
  if (every === undefined && (since || until)) throw new UsageError('--since and --until go with --every here (points in time); for the changes in a window: scout address balance-history --since … --until …');
  if (every !== undefined && !since) throw new UsageError('--every needs --since: the first point in time');
  if (every !== undefined && at.length > 0) throw new UsageError('--at and --every do not go together: give the points with --at, or a series with --since and --every');
  if (since?.kind === 'block' || until?.kind === 'block') throw new UsageError('--since and --until with --every take times, not blocks');
  const wants: Want[] = every && since?.kind === 'time' ? everyPoint(since.ms, until?.kind === 'time' ? until.ms : now + 1, every, MAX_POINTS) : at.length > 0 ? at : [{ kind: 'now' }];
  if (wants.length === 0) throw new UsageError('--since is not before --until: no points in time');
  if (wants.length > MAX_POINTS) throw new UsageError(`at most ${MAX_POINTS} points in time at once`);
  if (input.token !== undefined && wants.some((w) => w.kind !== 'now')) {
    throw new UsageError('--token gives the balance now only: the explorer keeps no history of token balances (its coin-balance-history is the native coin\'s)', {
      hint: 'leave out --at/--every for the token balance now, or --token for the coin balance then',
    });
  }
  return wants;
}

export default command({
  name: 'balance',
  indexed: 'blocks',
  description: 'coin balance now or at past times, exact, with its USD value',
  args: { address: addressArg },
  options,
  output: 'rows',
  columns: 'balances',
  help:
    'A time is the balance after every block before it: --at 2025-01-01 is the balance at the end of 2024-12-31 (UTC), ' +
    'the way --until is exclusive. A block (block:N) is the balance after that block. The USD value is the balance times ' +
    "the address's exchange rate now, or for a past time the explorer's closing price of the UTC day before it (its " +
    'market chart, which holds recent days only: none where it has no such day). Many points (--at a,b,c or ' +
    '--since … --every 1mo) read the balance history once, paged from the latest point down. With - (addresses ' +
    "from stdin) the block at each time and the prices are asked for once for all addresses. --json prints one " +
    'object per point: address, token, token_id, at, block, balance_raw, balance, unit, decimals, price_usd, ' +
    'price_date, price_source, value_usd, and the server objects used as sent: sent (the coin-balance-history item ' +
    'in force, the address, or the token balance; null for a balance of 0) and price_sent (the market chart day).',
  examples: [
    'scout address balance vitalik.eth',
    'scout address balance 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --at 2025-01-01',
    'scout address balance 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --since 2024-02-01 --until 2025-02-01 --every 1mo',
    'scout address balance 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --token 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  ],
  check: (input) => void wantsOf(input),
  run: async (inv, input) => (await import('./balance.run.js')).balance(inv, input.address, wantsOf(input), input.token),
  perChainRows: async (input) => (await import('./balance.run.js')).balanceOnChain(input.address, wantsOf(input), input.token),
});
