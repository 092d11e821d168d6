/** `scout address balance-history <address> [--since] [--until] [--daily] [--chart]`: how an address's coin balance changed. */
import { UsageError } from '../../base/errors.js';
import { parseWindow } from '../../base/time.js';
import { addressArg } from '../args.js';
import { command, flag, option } from '../../kit/spec.js';

const timeOption = (help: string) => option('<time>', help);

export default command({
  name: 'balance-history',
  indexed: 'blocks',
  description: 'changes of the coin balance of an address, newest first; --chart draws them',
  args: { address: addressArg },
  options: {
    since: timeOption('only changes at or after this time or block (inclusive)'),
    until: timeOption('only changes before this time or block (exclusive)'),
    daily: flag("the balance at each day the explorer keeps (its last few days), instead of each change"),
    chart: flag('on a terminal, draw the balance as a chart across the width; piped, print the rows as without it'),
  },
  output: 'list',
  columns: 'coinBalances',
  help:
    'Each change: its time, block, the change and the balance after it, and its transaction. --since/--until keep the ' +
    'changes in the window (a time, or block:N); with --until the list starts at the block before it on the server, and ' +
    'paging stops at the first page that reaches before --since. --chart draws the changes the list would print (one ' +
    'page, or --all, --limit N, or a window), labelled in the coin and in dates; piped, or with --json, it prints the ' +
    'list. --daily lists `/coin-balance-history-by-day`: piped lines are date, balance_wei, balance.',
  examples: [
    'scout address balance-history 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --since 2024-01-01 --until 2025-01-01 --all --csv',
    'scout address balance-history 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --since 1y --all --chart',
    'scout address balance-history 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --daily',
  ],
  check: ({ since: s, until: u, daily }) => {
    const { since, until } = parseWindow({ since: s, until: u }) ?? {};
    if (daily && (since?.kind === 'block' || until?.kind === 'block')) throw new UsageError('--daily lists days: --since and --until take times with it, not blocks');
  },
  run: async (inv, { address, since, until, daily, chart }) => (await import('./balance-history.run.js')).balanceHistory(inv, address, parseWindow({ since, until }) ?? {}, { daily, chart }),
});
