/** `scout contract read <address>`: every view function without inputs, called at once, as one key/value view. */
import { command } from '../../kit/spec.js';
import { addressArg, chainsOption } from '../args.js';
import { atOption } from './call-options.js';

export default command({
  name: 'read',
  description: 'every view function without inputs, called at once: name, symbol, totalSupply, …',
  args: { address: addressArg },
  options: { at: atOption, chains: chainsOption },
  output: 'object',
  help:
    "Every view or pure function of the verified ABI (through a proxy, its implementations' too) that takes no argument, " +
    "called together through the explorer's JSON-RPC; the answers are exact, and a token's amounts (totalSupply, …) show in its " +
    'units too (the rule of contract call --help). A function that reverts shows its decoded revert in its row; the others ' +
    'still print. Piped, one line per function: name<TAB>value (several outputs as a compact JSON object). --json: ' +
    '{"<function>": value, …} (several outputs as an object of them), integers as decimal strings, and {"error": "<the revert>"} ' +
    'for a function that reverted.',
  examples: ['scout contract read 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'scout contract read 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 --json | jq -r .totalSupply'],
  run: async (inv, input) => (await import('./read.run.js')).read(inv, input),
  perChain: async (input) => (await import('./read.run.js')).readOnChain(input),
});
