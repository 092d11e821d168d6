/** `scout token transfers <address>`: transfers of one token, newest first. */
import { tokenTransfers } from '../../api/endpoints.js';
import { tokenAddressArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'transfers',
  description: 'transfers of a token, newest first',
  args: { address: tokenAddressArg },
  examples: ['scout token transfers 0xdAC17F958D2ee523a2206206994597C13D831ec7 --limit 100 --ndjson'],
  request: ({ address }) => tokenTransfers(address),
  view: 'tokenTransfers',
  dated: BLOCK_TIME,
  indexed: 'blocks',
});
