/** `scout address nfts <address> [--type list]`: NFT collections with their instances. */
import { addressNftCollections, NFT_TYPES } from '../../api/endpoints.js';
import { addressArg } from '../args.js';
import { list, listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'nfts',
  description: 'NFT collections an address holds, with the token ids',
  args: { address: addressArg },
  options: { type: list(NFT_TYPES, 'token types, comma separated') },
  examples: ['scout address nfts 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
  request: ({ address, type }) => addressNftCollections(address, { type }),
  view: 'nftCollections',
});
