/** `scout stats`: the explorer's network stats. */
import { GAS_ORACLE_HEADERS, STATS_PATH } from '../../api/endpoints.js';
import { objectCommand } from '../../kit/spec.js';

export default objectCommand({
  name: 'stats',
  description: 'network stats: coin price, gas prices, average block time, totals',
  examples: ['scout stats', 'scout stats --json | jq .total_transactions'],
  request: () => ({ path: STATS_PATH, what: 'stats', headers: GAS_ORACLE_HEADERS }),
  view: 'stats',
});
