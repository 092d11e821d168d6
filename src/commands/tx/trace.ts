/** `scout tx trace <hash>`: the call tree of a transaction; `--json` prints it as the node returned it. */
import { hashArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'trace',
  description: 'the call tree of a transaction (raw trace from the node)',
  args: { hash: hashArg },
  output: 'object',
  help:
    'With --ndjson, one call per line, a call before its children:\n' +
    '  {"depth":1,"path":[0],"call":{…}}\n' +
    'call holds every field the node sent for that call, as sent, less its nested calls\n' +
    '(Geth callTracer); a Parity entry goes whole. path is the call\'s place in the tree\n' +
    '(indexes into calls from the top call, or Parity\'s traceAddress); depth its length.',
  examples: ['scout tx trace 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e'],
  run: async (inv, { hash }) => (await import('./trace.run.js')).run(inv, hash),
});
