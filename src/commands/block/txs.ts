/** `scout block txs <block>`: the transactions of one block, in its order. */
import { command } from '../../kit/spec.js';
import { blockArg } from './args.js';

export default command({
  name: 'txs',
  description: 'transactions of a block, in the block’s order',
  args: { block: blockArg },
  output: 'list',
  columns: 'transactions',
  examples: ['scout block txs 19000000 --all --csv'],
  run: async (inv, { block }) => (await import('./block.run.js')).transactions(inv, block),
});
