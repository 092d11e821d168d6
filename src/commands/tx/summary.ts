/** `scout tx summary <hash>`: the explorer's plain-language summary of a transaction. */
import { hashArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'summary',
  description: "the explorer's plain-language summary of a transaction",
  args: { hash: hashArg },
  output: 'object',
  help:
    'Each summary on a line, its names and amounts filled in: addresses with their names\n' +
    '(shortened on a terminal, whole when piped), tokens with their addresses, amounts exact.\n' +
    'An explorer without a summary service, or with none for this transaction (it summarises\n' +
    'successful transactions only), says so in one line on stderr and exits 0; --json then\n' +
    'prints the body when the answer was a success (`null`, say), and nothing when it was an error.',
  examples: ['scout tx summary 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e'],
  run: async (inv, { hash }) => (await import('./summary.run.js')).run(inv, hash),
});
