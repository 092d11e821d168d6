/** `scout aa status`: whether the explorer's ERC-4337 indexer is up and has caught up. */
import { command } from '../../kit/spec.js';

export default command({
  name: 'status',
  description: "whether the explorer's ERC-4337 indexer is up, per entry point version",
  output: 'object',
  help:
    'The service answers whether its past operations are indexed, and for each entry point version whether it is enabled and following the chain live. ' +
    'An explorer without the service says so in one line on stderr, exit 0. --json prints the answer as sent.',
  examples: ['scout aa status', 'scout aa status --json | jq .finished_past_indexing'],
  run: async (inv) => (await import('./status.run.js')).run(inv),
});
