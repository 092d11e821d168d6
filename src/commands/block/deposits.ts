/** `scout block deposits <block>`: the beacon-chain deposits a block included. */
import { command } from '../../kit/spec.js';
import { blockArg } from './args.js';

export default command({
  name: 'deposits',
  description: 'beacon-chain deposits included in a block',
  args: { block: blockArg },
  output: 'list',
  columns: 'blockDeposits',
  help: 'Explorers of Ethereum and its testnets index deposits; another explorer answers that it has none (exit 3).',
  examples: ['scout block deposits 19000000'],
  run: async (inv, { block }) => (await import('./block.run.js')).deposits(inv, block),
});
