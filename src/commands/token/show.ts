/** `scout token show <address>` (or `scout token <address>`): the token with its counters. */
import { tokenAddressArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'show',
  description: 'one token: name, symbol, type, decimals, total supply, holders, transfers, price',
  args: { address: tokenAddressArg },
  output: 'object',
  help:
    'With --json, the token object as the explorer sent it, with its counters as sent under "counters".\n' +
    'Counters that cannot be had leave the token shown without them, and a warning on stderr.',
  examples: ['scout token 0xdAC17F958D2ee523a2206206994597C13D831ec7', 'scout token show 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 --json | jq .counters'],
  web: ({ address }) => ({ kind: 'token', value: address }),
  run: async (inv, { address }) => (await import('./token.run.js')).show(inv, address),
});
