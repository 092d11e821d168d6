/** `scout txs [--filter validated|pending] [--type blob_transaction]`: the chain's latest transactions. */
import { latestTransactions, TRANSACTION_FILTERS, TRANSACTION_KINDS } from '../../api/endpoints.js';
import { byHash } from '../../kit/follow-options.js';
import { chainsOption } from '../args.js';
import { choice, listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'txs',
  description: "the chain's latest transactions, newest first",
  options: {
    filter: choice(TRANSACTION_FILTERS, 'validated: mined (the default); pending: waiting in the mempool the explorer sees'),
    type: choice(TRANSACTION_KINDS, 'only blob transactions (EIP-4844)'),
    chains: chainsOption,
  },
  examples: ['scout txs --limit 20', 'scout txs --filter pending', 'scout txs --type blob_transaction --watch --ndjson'],
  request: ({ filter, type }) => latestTransactions({ filter, type }),
  view: 'transactions',
  dated: BLOCK_TIME,
  indexed: 'blocks',
  watch: byHash,
});
