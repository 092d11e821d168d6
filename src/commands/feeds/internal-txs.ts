/** `scout internal-txs`: the chain's latest internal transactions. */
import { latestInternalTransactions } from '../../api/endpoints.js';
import { byIndexInTransaction } from '../../kit/follow-options.js';
import { chainsOption } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'internal-txs',
  description: "the chain's latest internal transactions (calls between contracts), newest first",
  options: { chains: chainsOption },
  examples: ['scout internal-txs --limit 20', 'scout internal-txs --since 1h --all --csv'],
  request: () => latestInternalTransactions(),
  view: 'internalTransactions',
  dated: BLOCK_TIME,
  indexed: 'internal-transactions',
  watch: byIndexInTransaction,
});
