/** `scout address txs <address> [--filter to|from]`: transactions, newest first. */
import { addressCsv, addressTransactions, FILTERS } from '../../api/endpoints.js';
import { addressArg, chainsOption } from '../args.js';
import { byHash } from '../../kit/follow-options.js';
import { choice, listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'txs',
  description: 'transactions of an address, newest first',
  args: { address: addressArg },
  options: { filter: choice(FILTERS, 'only transactions to or from the address'), chains: chainsOption },
  examples: ['scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --limit 10', 'scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --watch --ndjson', 'scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --since 2024-01 --server-csv > txs.csv'],
  request: ({ address, filter }) => addressTransactions(address, { filter }),
  serverCsv: ({ address, filter }) => addressCsv(address, 'transactions', filter),
  subject: ({ address }) => address,
  view: 'transactions',
  dated: BLOCK_TIME,
  indexed: 'blocks',
  watch: byHash,
});
