/** `scout contract show <address>` (or `scout contract <address>`): what the explorer knows of a contract's code. */
import { addressArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'show',
  description: 'a contract: verified or not, compiler, optimisation, licence, proxy',
  args: { address: addressArg },
  output: 'object',
  help:
    'A contract nobody verified shows as not verified (exit 0); one whose code matches a verified\n' +
    "contract (its twin) names the twin, whose source and ABI the explorer serves. An address that\n" +
    'is no contract is exit 3.',
  examples: ['scout contract 0xdAC17F958D2ee523a2206206994597C13D831ec7', 'scout contract show 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 --json | jq .implementations'],
  run: async (inv, { address }) => (await import('./contract.run.js')).show(inv, address),
});
