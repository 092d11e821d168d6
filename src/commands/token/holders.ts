/** `scout token holders <address>`: who holds a token, the largest balance first. */
import { tokenHoldersCsv } from '../../api/endpoints.js';
import { tokenAddressArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'holders',
  description: 'holders of a token, the largest balance first, with their share of the supply',
  args: { address: tokenAddressArg },
  output: 'list',
  columns: 'tokenHolders',
  examples: ['scout token holders 0xdAC17F958D2ee523a2206206994597C13D831ec7 --limit 100 --csv', 'scout token holders 0xdAC17F958D2ee523a2206206994597C13D831ec7 --server-csv > holders.csv'],
  serverCsv: ({ address }) => tokenHoldersCsv(address),
  run: async (inv, { address }) => (await import('./token.run.js')).holders(inv, address),
});
