/** `scout stats [--chart transactions|market]`: the explorer's network stats, or one of its daily charts. */
import { CHARTS, GAS_ORACLE_HEADERS, STATS_PATH } from '../../api/endpoints.js';
import { UsageError } from '../../base/errors.js';
import { choice, command, flag } from '../../kit/spec.js';
import { objectView } from '../../kit/view-ref.js';

export default command({
  name: 'stats',
  description: 'network stats: coin price, gas prices, block time, totals, daily charts',
  options: {
    chart: choice(CHARTS, "instead, the explorer's daily chart: transactions a day, the coin's closing price (market), or a secondary coin's (secondary, where the chain has one); drawn on a terminal, its days as lines piped, as sent with --json"),
    day: flag("instead, the last day: transactions and their fees in the last 24 hours, pending transactions, and the beacon withdrawals so far (--json: {\"transactions\", \"withdrawals\"} as sent)"),
  },
  check: ({ chart, day }) => {
    if (chart && day) throw new UsageError('--chart and --day each show something else; give one of them');
  },
  output: 'object',
  examples: ['scout stats', 'scout stats --json | jq .total_transactions', 'scout stats --chart transactions', 'scout stats --day'],
  run: async (inv, { chart, day }) => {
    if (chart) return (await import('./stats.run.js')).statsChart(inv, chart);
    if (day) return (await import('./stats.run.js')).statsDay(inv);
    return (await import('../../run/object.js')).runObject(inv, { path: STATS_PATH, what: 'stats', headers: GAS_ORACLE_HEADERS }, objectView('stats'));
  },
});
