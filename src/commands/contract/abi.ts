/** `scout contract abi <address> [--implementation]`: the verified ABI, as signatures on a terminal, else JSON. */
import { addressArg } from '../args.js';
import { command, flag } from '../../kit/spec.js';

export default command({
  name: 'abi',
  description: "a verified contract's ABI: signatures on a terminal, JSON piped",
  args: { address: addressArg },
  options: { implementation: flag("the ABI of the proxy's implementation instead (the first, when it has several)") },
  output: 'object',
  help:
    'On a terminal, one readable signature a line: function quote(uint256 amountIn) view returns (uint256).\n' +
    'Piped, or with --json, the "abi" array as the explorer sent it. With --implementation the address must be a proxy:\n' +
    'the ABI is its implementation\'s (the first the explorer lists; the others are named on stderr).\n' +
    'A contract the explorer has no verified ABI for is exit 3; --implementation on no proxy is exit 1.',
  examples: [
    'scout contract abi 0xdAC17F958D2ee523a2206206994597C13D831ec7 > usdt.abi.json',
    'scout contract abi 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 --implementation --jq \'.[] | select(.type == "event") | .name\'',
  ],
  run: async (inv, { address, implementation }) => (await import('./contract.run.js')).abi(inv, address, implementation),
});
