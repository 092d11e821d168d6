/** `scout address tokens <address> [--type list]`: token balances. */
import { addressTokens, TOKEN_TYPES } from '../../api/endpoints.js';
import { addressArg, chainsOption } from '../args.js';
import { list, listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'tokens',
  description: 'token balances of an address',
  args: { address: addressArg },
  options: { type: list(TOKEN_TYPES, 'token types, comma separated'), chains: chainsOption },
  examples: ['scout address tokens 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --type erc-20'],
  request: ({ address, type }) => addressTokens(address, { type }),
  view: 'tokenBalances',
});
