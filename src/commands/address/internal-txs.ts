/** `scout address internal-txs <address> [--filter to|from]`. */
import { addressCsv, addressInternalTransactions, FILTERS } from '../../api/endpoints.js';
import { addressArg } from '../args.js';
import { byIndexInTransaction } from '../../kit/follow-options.js';
import { choice, listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'internal-txs',
  description: 'internal transactions (calls between contracts) of an address',
  args: { address: addressArg },
  options: { filter: choice(FILTERS, 'only internal transactions to or from the address') },
  examples: ['scout address internal-txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --filter from'],
  request: ({ address, filter }) => addressInternalTransactions(address, { filter }),
  serverCsv: ({ address, filter }) => addressCsv(address, 'internal-transactions', filter),
  subject: ({ address }) => address,
  view: 'internalTransactions',
  dated: BLOCK_TIME,
  indexed: 'internal-transactions',
  watch: byIndexInTransaction,
});
