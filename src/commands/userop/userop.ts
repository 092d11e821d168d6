/** `scout userop <hash>`: one ERC-4337 user operation, its calls unrolled, with the explorer's summary. */
import { userOpHashArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'userop',
  description: 'one ERC-4337 user operation: sender, status, calls, bundler, paymaster, gas, fee',
  args: { hash: userOpHashArg },
  output: 'object',
  help:
    "The operation and its plain-language summary are asked for at once from the explorer's account abstraction service. " +
    'The call the account made is unrolled into the calls it makes when it is one of the standard account methods: ' +
    'execute(address,uint256,bytes), executeBatch(address[],uint256[],bytes[]), executeBatch((address,uint256,bytes)[]) and executeBatch(address[],bytes[]); ' +
    "the explorer's own decoding is used when it has one, else the callData is decoded. " +
    '--json prints the operation as the server sent it, with the summary as sent under a "summary" key. ' +
    'An explorer without a summary still shows the rest, with a note on stderr (and no "summary" key); ' +
    'one without the account abstraction service, or an unknown operation, is exit 3.',
  examples: [
    'scout userop 0x2d5f7a884e9a99cfe2445db2af140a8851fbd860852b668f2f199190f68adf87',
    'scout userop 0x2d5f7a884e9a99cfe2445db2af140a8851fbd860852b668f2f199190f68adf87 --json | jq .summary',
  ],
  run: async (inv, { hash }) => (await import('./userop.run.js')).run(inv, hash),
});
