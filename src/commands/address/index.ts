/** `scout address <verb>`: its verbs, in the order --help and completion list them. */
import { topic } from '../../kit/spec.js';
import activity from './activity.js';
import balance from './balance.js';
import balanceHistory from './balance-history.js';
import blocksValidated from './blocks-validated.js';
import deposits from './deposits.js';
import internalTxs from './internal-txs.js';
import logs from './logs.js';
import nfts from './nfts.js';
import show from './show.js';
import tokens from './tokens.js';
import transfers from './transfers.js';
import txs from './txs.js';
import userops from './userops.js';
import withdrawals from './withdrawals.js';

export default topic({
  name: 'address',
  description: 'look up an address: overview, balances, transfers, transactions, logs',
  examples: ['scout address vitalik.eth', 'scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --limit 10'],
  commands: [show, activity, balance, balanceHistory, tokens, nfts, transfers, txs, internalTxs, logs, withdrawals, deposits, blocksValidated, userops],
  default: show,
});
