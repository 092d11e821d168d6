/** `scout stats [--chart transactions|market]`: the explorer's network stats, or one of its daily charts. */
import { CHARTS, GAS_ORACLE_HEADERS, STATS_PATH } from '../../api/endpoints.js';
import { choice, command } from '../../kit/spec.js';
import { objectView } from '../../kit/view-ref.js';

export default command({
  name: 'stats',
  description: 'network stats: coin price, gas prices, block time, totals, daily charts',
  options: {
    chart: choice(CHARTS, "instead, the explorer's daily chart: transactions a day, the coin's closing price (market), or a secondary coin's (secondary, where the chain has one); drawn on a terminal, its days as lines piped, as sent with --json"),
  },
  output: 'object',
  examples: ['scout stats', 'scout stats --json | jq .total_transactions', 'scout stats --chart transactions'],
  run: async (inv, { chart }) => {
    if (chart) return (await import('./stats.run.js')).statsChart(inv, chart);
    return (await import('../../run/object.js')).runObject(inv, { path: STATS_PATH, what: 'stats', headers: GAS_ORACLE_HEADERS }, objectView('stats'));
  },
});
