/**
 * `scout address <address>` (`scout address show <address>`): one address's overview, from the
 * address and its counters, fetched together.
 */
import { addressArg, chainsOption } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'show',
  description: 'one address: names, tags, contract facts, coin balance, activity counts',
  args: { address: addressArg },
  options: { chains: chainsOption },
  output: 'object',
  indexed: 'blocks',
  help:
    '--json prints the address object as the server sent it, with its counters object as sent under a "counters" key. ' +
    'When the counters cannot be had, the rest still shows, with a warning on stderr (and no "counters" key). ' +
    "An ERC-4337 smart account also shows its factory, the operation that created it and its operation count, from the explorer's account abstraction service " +
    '(--json: that object as sent under "smart_account"); an address that is none, or an explorer without the service, shows nothing of it.',
  examples: ['scout address vitalik.eth', 'scout address show 0xdAC17F958D2ee523a2206206994597C13D831ec7 --json | jq .counters'],
  web: ({ address }) => ({ kind: 'address', value: address }),
  run: async (inv, { address }) => (await import('./show.run.js')).showAddress(inv, address),
  perChain: async ({ address }) => (await import('./show.run.js')).addressOnChain(address),
});
