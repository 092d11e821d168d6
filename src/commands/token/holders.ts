/** `scout token holders <address> [--id <id>]`: who holds a token, or one NFT id, the largest balance first. */
import { tokenHoldersCsv } from '../../api/endpoints.js';
import { exportTakes, tokenAddressArg, tokenIdOption } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'holders',
  description: 'holders of a token or one NFT id, the largest balance first, with their share',
  args: { address: tokenAddressArg },
  options: { id: tokenIdOption('only the holders of one NFT: an ERC-1155 id has many, an ERC-721 id its owner') },
  output: 'list',
  columns: 'tokenHolders',
  examples: [
    'scout token holders 0xdAC17F958D2ee523a2206206994597C13D831ec7 --limit 100 --csv',
    'scout token holders 0x28472a58A490c5e09A238847F66A68a47cC76f0f --id 0 --limit 20',
    'scout token holders 0xdAC17F958D2ee523a2206206994597C13D831ec7 --server-csv > holders.csv',
  ],
  serverCsv: ({ address, id }) => exportTakes(tokenHoldersCsv(address), 'token holders', [['--id', id]]),
  run: async (inv, { address, id }) => (await import('./token.run.js')).holders(inv, address, id),
});
