/** `scout tx userops <hash>`: the ERC-4337 user operations a bundle transaction carried. */
import { transactionUserOps } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'userops',
  description: 'ERC-4337 user operations a bundle transaction carried',
  args: { hash: hashArg },
  help:
    "From the explorer's account abstraction service: a transaction that is no bundle has none. One operation in full: scout userop <hash>. " +
    'An explorer without the service is exit 3, one line.',
  examples: ['scout tx userops 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e', 'scout tx userops 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --json | jq -r ".[].hash"'],
  request: ({ hash }) => transactionUserOps(hash),
  view: 'txUserOps',
});
