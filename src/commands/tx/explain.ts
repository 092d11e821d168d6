/** `scout tx explain <hash>`: everything the explorer knows about a transaction, in one view. */
import { hashArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'explain',
  description: 'everything about a transaction, read top to bottom in one view',
  args: { hash: hashArg },
  output: 'object',
  help:
    'The parts are asked for at once. A bundle of ERC-4337 user operations shows them (from the\n' +
    "explorer's account abstraction service; a transaction that is none shows no such section).\n" +
    'Lists show their first 10 items and name the command\n' +
    'that has them all; the call tree its first 40 calls. A part this explorer does not serve\n' +
    'is skipped with a note on stderr, and the rest still shows; an unknown transaction is exit 3,\n' +
    'and a rate limit, timeout or network failure on any request ends the run with its exit code.\n' +
    'A blob transaction shows its blobs, and a transaction that made beacon deposits those, where\n' +
    'the explorer keeps them (Ethereum and its testnets); elsewhere they are left out without a word.\n' +
    'With --json, one object whose members are the parts, each as the server sent it:\n' +
    '  {"transaction":…,"summary":…,"user_operations":…,"token_transfers":…,"state_changes":…,"logs":…,\n' +
    '   "raw_trace":…,"blobs":…,"beacon_deposits":…}\n' +
    '(lists as their first page, next_page_params and all). A part the explorer did not serve is\n' +
    'left out of the object, and a note on stderr says why.',
  examples: [
    'scout tx explain 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e',
    'scout tx explain 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --json | jq .summary',
  ],
  run: async (inv, { hash }) => (await import('./explain.run.js')).run(inv, hash),
});
