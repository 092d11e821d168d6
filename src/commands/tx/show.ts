/** `scout tx show <hash> [--wait]`: one transaction as a key/value block, or the server's object as JSON. */
import { transactionPath } from '../../api/endpoints.js';
import { chainsOption, hashArg } from '../args.js';
import { WAIT_OPTIONS, waitPlan } from '../../kit/follow-options.js';
import { objectCommand } from '../../kit/spec.js';

export default objectCommand({
  name: 'show',
  description: 'one transaction: status, parties, value, fee, gas, method, transfers',
  args: { hash: hashArg },
  options: { ...WAIT_OPTIONS, chains: chainsOption },
  examples: [
    'scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --json | jq .status',
    'scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --wait --confirmations 3 --wait-timeout 10m',
    'scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --chains all --json | jq -r \'.[0].chain\'',
  ],
  request: ({ hash }) => ({ path: transactionPath(hash), what: `transaction ${hash}` }),
  view: 'transaction',
  wait: waitPlan,
  web: ({ hash }) => ({ kind: 'tx', value: hash }),
});
