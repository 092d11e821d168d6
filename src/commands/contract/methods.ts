/** `scout contract methods <address>`: a verified contract's functions, events and errors, with selectors and topic0. */
import { addressArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'methods',
  description: "a verified contract's functions, events and errors, with selectors",
  args: { address: addressArg },
  output: 'rows',
  columns: 'methods',
  help:
    "Each function and error with its 4-byte selector, each event with its topic0, as Solidity declares them. Through a proxy, " +
    "its implementations' entries follow its own (CONTRACT, in piped lines and CSV, says whose each is). --json: one object per " +
    'entry, {"kind", "selector", "signature", "contract", "item"}, where "item" is the ABI entry exactly as the explorer sent it. ' +
    'A contract the explorer has no verified ABI for (nor for its implementations) is exit 3.',
  examples: [
    'scout contract methods 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    "scout contract methods 0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D --json | jq -r '.[] | select(.kind == \"event\") | .selector'",
  ],
  run: async (inv, { address }) => (await import('./methods.run.js')).methods(inv, address),
});
