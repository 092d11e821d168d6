/** `scout block show <block>` (and `scout block <block>`): one block as a key/value block, or as JSON. */
import { UsageError } from '../../base/errors.js';
import { command } from '../../kit/spec.js';
import { blockArg } from './args.js';

export default command({
  name: 'show',
  description: 'one block: time, miner, transactions, gas, base fee, burnt fees, size',
  args: { block: blockArg },
  output: 'object',
  help: 'A block number is a whole number up to 9223372036854775807 (the largest the explorer stores); latest is the newest block of the main chain.',
  examples: ['scout block 19000000', 'scout block latest --json | jq .gas_used', 'scout block 19000000 --web'],
  run: async (inv, { block }) => (await import('./block.run.js')).show(inv, block),
  web: ({ block }) => {
    // The explorer's block pages are by number or hash; "latest" has none.
    if (block === 'latest') throw new UsageError('--web opens the page of one block: give its number or hash, not latest');
    return { kind: 'block', value: block };
  },
});
