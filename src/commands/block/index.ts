/** `scout block <verb>`: its verbs, in the order --help and completion list them. */
import { topic } from '../../kit/spec.js';
import show from './show.js';
import txs from './txs.js';
import withdrawals from './withdrawals.js';

export default topic({
  name: 'block',
  description: 'look up a block: details, transactions, withdrawals',
  examples: ['scout block latest', 'scout block txs 19000000 --limit 20'],
  commands: [show, txs, withdrawals],
  default: show,
});
