/** `scout tx trace <hash>`: the call tree of a transaction; `--json` prints it as the node returned it. */
import { hashArg } from '../args.js';
import { command } from '../spec.js';

export default command({
  name: 'trace',
  description: 'the call tree of a transaction (raw trace from the node)',
  args: { hash: hashArg },
  output: 'object',
  examples: ['scout tx trace 0x5c50…9e1a'],
  run: async (inv, { hash }) => (await import('./trace.run.js')).run(inv, hash),
});
