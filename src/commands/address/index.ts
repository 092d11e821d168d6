/** `scout address <verb>`: its verbs, in the order --help and completion list them. */
import { topic } from '../spec.js';
import internalTxs from './internal-txs.js';
import logs from './logs.js';
import nfts from './nfts.js';
import tokens from './tokens.js';
import transfers from './transfers.js';
import txs from './txs.js';
import withdrawals from './withdrawals.js';

export default topic({
  name: 'address',
  description: 'look up an address: balances, transfers, transactions, logs',
  examples: ['scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --limit 10'],
  commands: [tokens, nfts, transfers, txs, internalTxs, logs, withdrawals],
});
