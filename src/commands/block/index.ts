/** `scout block <verb>`: its verbs, in the order --help and completion list them. */
import { topic } from '../../kit/spec.js';
import at from './at.js';
import countdown from './countdown.js';
import deposits from './deposits.js';
import internalTxs from './internal-txs.js';
import show from './show.js';
import txs from './txs.js';
import withdrawals from './withdrawals.js';

export default topic({
  name: 'block',
  description: 'look up a block: details, transactions, withdrawals, the block at a time',
  examples: ['scout block latest', 'scout block txs 19000000 --limit 20', 'scout block at 2024-01-01'],
  commands: [show, txs, internalTxs, withdrawals, deposits, at, countdown],
  default: show,
});
