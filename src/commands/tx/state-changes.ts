/** `scout tx state-changes <hash>`: per address, the coin and token balances a transaction changed. */
import { transactionStateChanges } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'state-changes',
  description: 'balances a transaction changed, per address: before, after, change',
  args: { hash: hashArg },
  examples: ['scout tx state-changes 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --csv'],
  request: ({ hash }) => transactionStateChanges(hash),
  view: 'stateChanges',
});
