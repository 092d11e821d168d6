/** `scout transfers [--type <list>]`: the chain's latest token transfers. */
import { latestTokenTransfers, TOKEN_TYPES } from '../../api/endpoints.js';
import { byTransferLog } from '../../kit/follow-options.js';
import { chainsOption } from '../args.js';
import { list, listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'transfers',
  description: "the chain's latest token transfers, newest first",
  options: { type: list(TOKEN_TYPES, 'token types, comma separated'), chains: chainsOption },
  examples: ['scout transfers --limit 20', 'scout transfers --type ERC-721,ERC-1155 --watch'],
  request: ({ type }) => latestTokenTransfers({ type }),
  view: 'tokenTransfers',
  dated: BLOCK_TIME,
  indexed: 'blocks',
  watch: byTransferLog,
});
