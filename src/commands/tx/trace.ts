/** `scout tx trace <hash>`: the call tree of a transaction; `--json` prints it as the node returned it. */
import { hashArg } from '../args.js';
import { command } from '../spec.js';

export default command({
  name: 'trace',
  description: 'the call tree of a transaction (raw trace from the node)',
  args: { hash: hashArg },
  output: 'object',
  examples: ['scout tx trace 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e'],
  run: async (inv, { hash }) => (await import('./trace.run.js')).run(inv, hash),
});
