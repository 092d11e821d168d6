/** `scout token transfers <address> [--id <id>]`: transfers of one token, or of one NFT, newest first. */
import { tokenTransfers } from '../../api/endpoints.js';
import { tokenAddressArg, tokenIdOption } from '../args.js';
import { byTransferLog } from '../../kit/follow-options.js';
import { listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'transfers',
  description: 'transfers of a token, or of one NFT back to its mint, newest first',
  args: { address: tokenAddressArg },
  options: { id: tokenIdOption('only the transfers of one NFT (ERC-721, ERC-1155, ERC-404): where it has been, from its mint to now') },
  help: 'With --id, the NFT\'s whole history: the last page ends with its mint (from the zero address). scout token nft shows how many transfers it has.',
  examples: [
    'scout token transfers 0xdAC17F958D2ee523a2206206994597C13D831ec7 --limit 100 --ndjson',
    'scout token transfers 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D --id 8520 --all',
  ],
  request: ({ address, id }) => tokenTransfers(address, id),
  view: 'tokenTransfers',
  dated: BLOCK_TIME,
  indexed: 'blocks',
  watch: byTransferLog,
});
