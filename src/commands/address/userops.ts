/** `scout address userops <address> [--as bundler|paymaster|factory]`: ERC-4337 user operations of an address, newest first. */
import { addressUserOps, USEROP_ROLES } from '../../api/endpoints.js';
import { addressArg, chainsOption } from '../args.js';
import { byHash } from '../../kit/follow-options.js';
import { listCommand, option } from '../../kit/spec.js';
import { parseChoice } from '../../base/validate.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'userops',
  description: 'ERC-4337 user operations of a smart account, or of a bundler, paymaster, factory',
  args: { address: addressArg },
  options: {
    // <role> rather than the four values: the option column of a 60-column --help has no room for them.
    as: option('<role>', "the address's part in the operations: sender (the default: a smart account's own), bundler, paymaster or factory", (raw, from) => parseChoice(raw, USEROP_ROLES, from), {
      complete: { values: USEROP_ROLES },
    }),
    chains: chainsOption,
  },
  help:
    "From the explorer's account abstraction service; one operation in full: scout userop <hash>. " +
    'An explorer without the service is exit 3, one line (with --chains, one line for that chain and the other chains still show).',
  examples: [
    'scout address userops 0x2bb87d1a5a3ee4e1f8d5c1c5e8a1a4e9b7dc6f21 --limit 10',
    'scout address userops 0x0ba5ed0c6aa8c49038f819e587e2633c4a9f428a --as factory --chains base,optimism --limit 5',
  ],
  request: ({ address, as }) => addressUserOps(address, as),
  // The list of one sender leaves the sender out on a terminal; a bundler's, paymaster's or factory's keeps it.
  subject: ({ address, as }) => (as === undefined || as === 'sender' ? address : undefined),
  view: 'userOps',
  dated: BLOCK_TIME,
  watch: byHash,
});
