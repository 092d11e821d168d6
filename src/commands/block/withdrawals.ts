/** `scout block withdrawals <block>`: the beacon-chain withdrawals a block paid out. */
import { command } from '../../kit/spec.js';
import { blockArg } from './args.js';

export default command({
  name: 'withdrawals',
  description: 'beacon-chain withdrawals paid out in a block',
  args: { block: blockArg },
  output: 'list',
  columns: 'withdrawals',
  help: 'A chain without beacon-chain withdrawals, and a block before they began, answers with no withdrawals.',
  examples: ['scout block withdrawals 19000000'],
  run: async (inv, { block }) => (await import('./block.run.js')).withdrawals(inv, block),
});
